package schema

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/archdesigner/designer/catalogue/library"
)

// The manifest of an archive the editor writes validates against
// library.schema.json, and manifests the schema refuses, the archive reader
// refuses too.
func TestArchiveManifestMatchesTheSchema(t *testing.T) {
	schema := compile(t, jsonschema.NewCompiler(), "library.schema.json")
	at := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	var b bytes.Buffer
	err := library.WriteArchive(&b, []library.Saved{
		{Entry: library.Entry{ID: library.FirstID, Name: "Orders", Created: at, Changed: at, DesignID: "orders", Nodes: 3}, Text: "nodes: []\n",
			Versions: []library.SavedVersion{{Version: library.Version{At: at, Why: library.WhyEdit, Nodes: 3, Size: 10, Summary: "1 node added"}, Text: "nodes: []\n"}}},
		{Entry: library.Entry{ID: "x1", Name: "Payments", Created: at, Changed: at}, Text: "nodes: []\n"},
	}, at)
	if err != nil {
		t.Fatal(err)
	}
	z, _ := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	f, _ := z.Open(library.ManifestName)
	manifest, _ := io.ReadAll(f)
	if err := schema.Validate(instance(t, manifest)); err != nil {
		t.Errorf("%s\n%v", manifest, err)
	}
	good := `{"schemaVersion":"1","type":"designs-archive","exported":"2026-12-04T12:00:00Z","designs":[{"id":"a","name":"A","created":"2026-12-04T12:00:00Z","changed":"2026-12-04T12:00:00Z","file":"a.yaml"}]}`
	for _, bad := range []string{
		strings.Replace(good, `"schemaVersion":"1"`, `"schemaVersion":"2"`, 1),
		strings.Replace(good, `"type":"designs-archive"`, `"type":"design"`, 1),
		strings.Replace(good, `"id":"a"`, `"id":"A/b"`, 1),
		strings.Replace(good, `"name":"A"`, `"name":""`, 1),
		strings.Replace(good, `"file":"a.yaml"`, `"file":"a.yaml","extra":1`, 1),
		strings.Replace(good, `"created":"2026-12-04T12:00:00Z"`, `"created":12`, 1),
	} {
		if schema.Validate(instance(t, []byte(bad))) == nil {
			t.Errorf("the schema takes %s", bad)
		}
		if _, err := library.ReadArchive("b.zip", archiveWith(bad)); err == nil {
			t.Errorf("the reader takes %s", bad)
		}
	}
	if _, err := library.ReadArchive("b.zip", archiveWith(good)); err != nil || schema.Validate(instance(t, []byte(good))) != nil {
		t.Errorf("a good manifest: %v", err)
	}
}

// archiveWith is a zip of manifest as library.json and the design a.yaml.
func archiveWith(manifest string) []byte {
	var zb bytes.Buffer
	w := zip.NewWriter(&zb)
	for name, text := range map[string]string{library.ManifestName: manifest, "a.yaml": "nodes: []\n"} {
		f, _ := w.Create(name)
		f.Write([]byte(text))
	}
	w.Close()
	return zb.Bytes()
}
