package library

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// writeArchiveV1 writes designs as the previous release's WriteArchive did
// (commit cf3a1e4): every version as versions/<name>/<stamp>.yaml, so two
// versions of one millisecond are two entries of one name, which the
// manifest names twice, in the order written.
func writeArchiveV1(t *testing.T, designs []Saved, now time.Time) []byte {
	t.Helper()
	var out bytes.Buffer
	z := zip.NewWriter(&out)
	add := func(name, text string) {
		f, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now})
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(text))
	}
	m := manifest{SchemaVersion: ArchiveVersion, Type: ArchiveType, Exported: now.UTC().Truncate(time.Second)}
	for _, d := range designs {
		base := fileName(d.Entry.Name)
		md := manifestDesign{ID: d.Entry.ID, Name: d.Entry.Name, Created: d.Entry.Created, Changed: d.Entry.Changed,
			DesignID: d.Entry.DesignID, File: "designs/" + base + ".yaml"}
		add(md.File, d.Text)
		for _, v := range d.Versions {
			mv := manifestVersion{Version: v.Version, File: "versions/" + base + "/" + v.Stamp() + ".yaml"}
			add(mv.File, v.Text)
			md.Versions = append(md.Versions, mv)
		}
		m.Designs = append(m.Designs, md)
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	add(ManifestName, string(b)+"\n")
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// An archive the previous release exported, with two versions of one
// millisecond under one name, reads back: each of the manifest's mentions
// of the name is the next entry of that name, so both versions come back
// with their own texts, in order.
func TestArchiveOfThePreviousRelease(t *testing.T) {
	at := time.UnixMilli(1767323045006).UTC()
	first := SavedVersion{Version: Version{At: at, Why: WhyEdit, Nodes: 0, Size: 10, Summary: "first"}, Text: "nodes: []\n"}
	second := SavedVersion{Version: Version{At: at, Why: WhyEdit, Nodes: 1, Size: 40, Summary: "second"}, Text: "nodes:\n  - { id: k, component: kafka }\n"}
	data := writeArchiveV1(t, []Saved{
		{Entry: Entry{ID: "a", Name: "Shop", Created: t0, Changed: t0}, Text: "nodes: []\n# now\n", Versions: []SavedVersion{first, second}},
		{Entry: Entry{ID: "b", Name: "Other", Created: t0, Changed: t0}, Text: "nodes: []\n"},
	}, t0)
	z, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if len(z.File) != 5 || z.File[1].Name != z.File[2].Name {
		t.Fatalf("not an archive of the previous release: %d files", len(z.File))
	}
	back, err := ReadArchive("old.zip", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 2 || back[0].Text != "nodes: []\n# now\n" || len(back[0].Versions) != 2 || back[1].Text != "nodes: []\n" {
		t.Fatalf("read back %+v", back)
	}
	for i, want := range []SavedVersion{first, second} {
		got := back[0].Versions[i]
		if got.Text != want.Text || got.Summary != want.Summary || !got.At.Equal(at) {
			t.Errorf("version %d: %q %q, want %q %q", i, got.Summary, got.Text, want.Summary, want.Text)
		}
	}
}

// Entries of one name, each named once by the manifest, are each charged
// against the archive's text: one design held and named many times is no
// cheaper than as many designs.
func TestArchiveEntriesOfOneNameCharged(t *testing.T) {
	design := `{"id":"%s","name":"A","created":"2026-12-04T12:00:00Z","changed":"2026-12-04T12:00:00Z","file":"designs/a.yaml"}`
	list := ""
	files := []string{}
	for i, id := range []string{"a", "b", "c"} {
		if i > 0 {
			list += ","
		}
		list += fmt.Sprintf(design, id)
		files = append(files, "designs/a.yaml", strings.Repeat("#\n", 50))
	}
	data := zipOf(t, append([]string{"library.json", `{"schemaVersion":"1","type":"designs-archive","exported":"2026-12-04T12:00:00Z","designs":[` + list + `]}`}, files...)...)
	if back, err := ReadArchive("b.zip", data); err != nil || len(back) != 3 {
		t.Fatalf("read back %d designs, %v", len(back), err)
	}
	_, err := readArchive("b.zip", data, archiveLimits{bytes: 1 << 20, files: 10, text: 250 + len(list), design: 1 << 20})
	if err == nil || !strings.Contains(err.Error(), "b.zip:designs/a.yaml: inflates to 100 bytes, more than the") {
		t.Errorf("three entries of 100 bytes within 250: %v", err)
	}
}
