package catalogue

import (
	"encoding/json"
	"strings"
	"testing"
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
		{"unknown component", "nodes:\n  - { id: a, component: kafak }\n", CodeUnknownComponent, "nodes[0].component", 2, 25, ""},
		{"unknown property", "nodes:\n  - { id: a, component: kafka, props: { replicas: 3 } }\n", CodeUnknownProperty, "nodes[0].props.replicas", 2, 41, ""},
		{"enum value", "nodes:\n  - { id: a, component: kafka, props: { acks: most } }\n", CodeEnumValue, "nodes[0].props.acks", 2, 47, "catalogue/kinds/stream.yaml"},
		{"wrong type", "nodes:\n  - { id: a, component: kafka, props: { acks: 3 } }\n", CodeTypeMismatch, "nodes[0].props.acks", 2, 47, "catalogue/kinds/stream.yaml"},
		{"unknown key", "nodes:\n  - { id: a, component: kafka, prop: {} }\n", CodeUnknownKey, "nodes[0]", 2, 32, ""},
		{"unknown node", "nodes:\n  - { id: a, component: kafka }\nedges:\n  - { from: a, to: b }\n", CodeUnknownNode, "edges[0].to", 4, 20, ""},
		{"duplicate id", "nodes:\n  - { id: a, component: kafka }\n  - { id: a, component: kafka }\n", CodeDuplicateID, "nodes[1].id", 3, 5, ""},
		{"syntax", "nodes: [\n", CodeYAMLSyntax, "", 2, 1, ""},
		{"required", "edges: []\n", CodeRequired, "", 1, 1, ""},
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

// An ErrorList is one line as an error, every line from Lines and Print, and
// each problem's JSON has its code, position and path.
func TestErrorListForms(t *testing.T) {
	var l ErrorList
	l.Add(Pos{File: "d.yaml", Line: 2, Column: 5}, CodeUnknownComponent, "nodes[0].component: unknown component `kafak`")
	if l.Error() != "d.yaml:2:5: nodes[0].component: unknown component `kafak`" {
		t.Errorf("one: %q", l.Error())
	}
	l.Add(Pos{File: "d.yaml", Line: 3, Column: 1}, CodeRequired, "`nodes` is required")
	l.Add(Pos{File: "d.yaml"}, CodeTooLarge, "too large")
	if got := l.Error(); got != "d.yaml:2:5: nodes[0].component: unknown component `kafak` (and 2 more problems)" || strings.Contains(got, "\n") {
		t.Errorf("three: %q", got)
	}
	var b strings.Builder
	l.Print(&b)
	if b.String() != strings.Join(l.Lines(), "\n")+"\n" || len(l.Lines()) != 3 {
		t.Errorf("print %q, lines %q", b.String(), l.Lines())
	}
	data, _ := json.Marshal(l[:2])
	want := `[{"code":"unknown-component","file":"d.yaml","line":2,"column":5,"path":"nodes[0].component","message":"nodes[0].component: unknown component ` + "`kafak`" + `"},{"code":"required","file":"d.yaml","line":3,"column":1,"message":"` + "`nodes`" + ` is required"}]`
	if string(data) != want {
		t.Errorf("json %s\nwant %s", data, want)
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
