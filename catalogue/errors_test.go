package catalogue

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue/diag"
)

// Design problems carry a stable code, the path of the value and its
// position; a value outside its enum names the kind file line that declares
// the enum.
func TestDesignErrorCodes(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct {
		name, src string
		code      Code
		path      string
		line, col int
		related   string
	}{
		{"unknown component", "nodes:\n  - { id: a, component: kafak }\n", diag.CodeUnknownComponent, "nodes[0].component", 2, 25, ""},
		{"unknown property", "nodes:\n  - { id: a, component: kafka, props: { replicas: 3 } }\n", diag.CodeUnknownProperty, "nodes[0].props.replicas", 2, 41, ""},
		{"enum value", "nodes:\n  - { id: a, component: kafka, props: { acks: most } }\n", diag.CodeEnumValue, "nodes[0].props.acks", 2, 47, "catalogue/kinds/stream.yaml"},
		{"wrong type", "nodes:\n  - { id: a, component: kafka, props: { acks: 3 } }\n", diag.CodeTypeMismatch, "nodes[0].props.acks", 2, 47, "catalogue/kinds/stream.yaml"},
		{"unknown key", "nodes:\n  - { id: a, component: kafka, prop: {} }\n", diag.CodeUnknownKey, "nodes[0]", 2, 32, ""},
		{"unknown node", "nodes:\n  - { id: a, component: kafka }\nedges:\n  - { from: a, to: b }\n", diag.CodeUnknownNode, "edges[0].to", 4, 20, ""},
		{"duplicate id", "nodes:\n  - { id: a, component: kafka }\n  - { id: a, component: kafka }\n", diag.CodeDuplicateID, "nodes[1].id", 3, 5, ""},
		{"syntax", "nodes: [\n", diag.CodeYAMLSyntax, "", 2, 1, ""},
		{"required", "edges: []\n", diag.CodeRequired, "", 1, 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := cat.ReadDesign("d.yaml", []byte(tc.src))
			if len(errs) != 1 {
				t.Fatalf("%d problems: %v", len(errs), errs.Lines())
			}
			e := errs[0]
			if e.Code != tc.code || e.Path != tc.path || e.Pos.Line != tc.line || (tc.col != 0 && e.Pos.Column != tc.col) {
				t.Errorf("got %s %q at %d:%d, want %s %q at %d:%d (%s)", e.Code, e.Path, e.Pos.Line, e.Pos.Column, tc.code, tc.path, tc.line, tc.col, e.Msg)
			}
			if tc.related != "" && (len(e.Related) != 1 || e.Related[0].File != tc.related || e.Related[0].Line == 0) {
				t.Errorf("related %v, want a line of %s", e.Related, tc.related)
			}
		})
	}
}

// Every problem of a broken catalogue has a code.
func TestLoadErrorsHaveCodes(t *testing.T) {
	files := baseFiles()
	for name, f := range files {
		f.Data = []byte(strings.Replace(string(f.Data), "schemaVersion", "schemVersion", 1))
		files[name] = f
	}
	_, err := Load(Layer{Name: "cat", FS: files})
	list, _ := err.(ErrorList)
	if len(list) == 0 {
		t.Fatal("no problems")
	}
	for _, e := range list {
		if e.Code == "" {
			t.Errorf("no code: %s", e)
		}
	}
}
