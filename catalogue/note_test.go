package catalogue

import (
	"reflect"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue/diag"
)

// Notes survive both writers: text with line breaks and quotes, what they
// are on, and where they sit.
func TestNotesRoundTrip(t *testing.T) {
	src := "groups: [{ id: \"eu\", boundary: \"region\" }]\nnodes:\n  - { id: \"api\", component: \"aws-http-api\", in: \"eu\" }\nnotes:\n  - { text: \"Orders arrive here first.\\nSee \\\"runbook\\\".\", on: \"api\", position: { x: 200, y: -40 } }\n  - { text: \"Frankfurt only\", on: \"eu\" }\n  - { text: \"Draft\", position: { x: -10.5, y: 3 } }\n  - { text: \"Unplaced\" }\n"
	d, errs := ParseDesign("d.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := []Note{
		{Text: "Orders arrive here first.\nSee \"runbook\".", On: "api", Position: &Point{200, -40}},
		{Text: "Frankfurt only", On: "eu"},
		{Text: "Draft", Position: &Point{-10.5, 3}},
		{Text: "Unplaced"},
	}
	if !reflect.DeepEqual(d.Notes, want) {
		t.Fatalf("notes %+v", d.Notes)
	}
	assertRoundTrip(t, d)
	y := string(EncodeDesignYAML(d))
	if !strings.Contains(y, "notes:\n  - text: \"Orders arrive here first.\\nSee \\\"runbook\\\".\"\n    on: \"api\"\n    position: {x: 200, y: -40}\n  - text: \"Frankfurt only\"\n    on: \"eu\"\n") {
		t.Errorf("YAML:\n%s", y)
	}
	j := EncodeDesignJSON(d)
	if !strings.Contains(string(j), `"notes":[{"text":"Orders arrive here first.\nSee \"runbook\".","on":"api","position":{"x":200,"y":-40}},{"text":"Frankfurt only","on":"eu"},`) {
		t.Errorf("JSON: %s", j)
	}
	back, errs := ParseDesign("d.json", j)
	if len(errs) > 0 || !reflect.DeepEqual(back.Notes, d.Notes) {
		t.Errorf("JSON read back: %v %+v", errs, back.Notes)
	}
}

// A bad note is refused with where it was written, what is wrong and what
// would be right.
func TestNoteProblems(t *testing.T) {
	for _, c := range []struct {
		src, code, where, says string
	}{
		{"nodes: []\nnotes:\n  - { position: { x: 1, y: 2 } }\n", string(diag.CodeRequired), "d.yaml:3:5", "`text` is required"},
		{"nodes: []\nnotes:\n  - { text: \"  \" }\n", string(diag.CodeEmpty), "d.yaml:3:13", "must not be empty"},
		{"nodes: []\nnotes:\n  - { text: \"a\\u0007\" }\n", string(diag.CodeControlCharacter), "d.yaml:3:13", "notes[0].text"},
		{"nodes: [{ id: \"kafka\", component: \"kafka\" }]\nnotes:\n  - { text: \"x\", on: \"kafak\" }\n", string(diag.CodeUnknownNode), "d.yaml:3:22", "did you mean `kafka`"},
		{"nodes: []\nnotes:\n  - { text: \"x\", colour: \"red\" }\n", string(diag.CodeUnknownKey), "d.yaml:3:18", "colour"},
		{"nodes: []\nnotes:\n  - { text: \"x\", position: { x: 1 } }\n", string(diag.CodeRequired), "d.yaml:3:28", "`y` is required"},
		{"nodes: []\nnotes: { text: \"x\" }\n", string(diag.CodeWrongType), "d.yaml:2:8", "a list of notes"},
	} {
		_, errs := ParseDesign("d.yaml", []byte(c.src))
		if len(errs) != 1 {
			t.Errorf("%q: %d problems, want 1: %v", c.src, len(errs), errs)
			continue
		}
		e := errs[0]
		if string(e.Code) != c.code || e.Pos.String() != c.where || !strings.Contains(e.Msg, c.says) {
			t.Errorf("%q:\n got %s %s %s\nwant %s %s …%s…", c.src, e.Code, e.Pos, e.Msg, c.code, c.where, c.says)
		}
	}
}

// A note that is not a mapping keeps its place: the problems of the notes
// after it name their own indexes and lines.
func TestNoteProblemsKeepTheirIndex(t *testing.T) {
	_, errs := ParseDesign("d.yaml", []byte("nodes: []\nnotes:\n  - \"just text\"\n  - { text: \"x\", on: \"nope\" }\n"))
	if len(errs) != 2 || !strings.Contains(errs[1].Msg, "notes[1].on") || errs[1].Pos.Line != 4 {
		t.Errorf("%v", errs)
	}
}
