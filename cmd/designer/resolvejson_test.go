package main

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// writeResolveJSON writes exactly what encoding/json writes for the report,
// for every example, a design with awkward text and an unusable one.
func TestResolveJSONIsEncodingJSON(t *testing.T) {
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../examples/*.yaml")
	files = append(files,
		writeDesign(t, "name: \"<b>&\\u2028 ünï \\\"q\\\" \\\\ \\t 🎉\"\nnodes:\n  - { id: \"a\", component: \"kafka\", props: { acks: \"all\" } }\n  - { id: \"b\", component: \"aws-lambda\" }\nedges:\n  - { from: \"a\", to: \"b\", label: \"<&> \\u2029\" }\n"),
		writeDesign(t, "nodes:\n  - { id: \"a\", component: \"kafak\" }\n  - { id: \"b\", component: \"kafka\", props: { acks: \"most\" } }\n"),
		filepath.Join(t.TempDir(), "missing.yaml"))
	for _, file := range files {
		r := evaluate(cat, file)
		var want, got bytes.Buffer
		writeJSON(&want, r.result())
		if err := writeResolveJSON(&got, r); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s: got\n%s\nwant\n%s", file, got.String(), want.String())
		}
	}
	// Through every path a string takes: a file name, a property value.
	r := evaluate(cat, files[len(files)-3])
	r.File = "a\bb\fc<&>\x01"
	for i := range r.Resolution.Nodes {
		for j := range r.Resolution.Nodes[i].Properties {
			r.Resolution.Nodes[i].Properties[j].Value = catalogue.StringValue("<&>\b\f\u2028")
		}
	}
	var want, got bytes.Buffer
	writeJSON(&want, r.result())
	writeResolveJSON(&got, r)
	if got.String() != want.String() {
		t.Errorf("awkward strings: got\n%s\nwant\n%s", got.String(), want.String())
	}
	for _, s := range []string{"\x00\x1f\x7f", "a\xffb", "\u2028\u2029", "<>&", "é🎉", "\b\f"} {
		var want bytes.Buffer
		writeJSON(&want, s)
		if got := string(appendJSONString(nil, s)) + "\n"; got != want.String() {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, want.String())
		}
	}
}
