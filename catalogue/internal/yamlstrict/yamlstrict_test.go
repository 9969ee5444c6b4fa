package yamlstrict

import (
	"fmt"
	"testing"

	"github.com/archdesigner/designer/catalogue/diag"
	"gopkg.in/yaml.v3"
)

func TestYAMLLine(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		line int
		text string
		ok   bool
	}{
		{"yaml: line 3: did not find expected key", 3, "did not find expected key", true},
		{"yaml: line 12: mapping values are not allowed in this context", 12, "mapping values are not allowed in this context", true},
		{"yaml: control characters are not allowed", 0, "", false},
		{"yaml: line +3: x", 0, "", false},
		{"yaml: line : x", 0, "", false},
		{"yaml: line 3 x", 0, "", false},
	} {
		line, text, ok := yamlLine(tc.msg)
		if line != tc.line || text != tc.text || ok != tc.ok {
			t.Errorf("yamlLine(%q) = %d, %q, %v", tc.msg, line, text, ok)
		}
	}
}

// Each input breaks one rule of strict decoding and is reported with the
// rule's code at the offending position.
func TestDecoderRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		decode    func(d *Decoder, root *yaml.Node)
		want      string // "line:col code"
	}{
		{"invalid UTF-8", "a: \xff\n", nil, "1:4 not-utf8"},
		{"control character", "a: b\x07\n", nil, "1:5 not-utf8"},
		{"empty", "", nil, "1:1 empty-file"},
		{"only a comment", "# nothing\n", nil, "1:1 empty-file"},
		{"two documents", "a: 1\n---\nb: 2\n", nil, "2:1 multiple-documents"},
		{"unclosed list", "a: [1,\n", nil, "2:1 yaml-syntax"}, // where content was expected,
		{"duplicate key", "a: 1\na: 2\n", fields("a"), "2:1 duplicate-key"},
		{"unknown key", "nmae: x\n", fields("name"), "1:1 unknown-key"},
		{"alias", "a: &x 1\nb: *x\n", func(d *Decoder, root *yaml.Node) {
			d.Int(d.Fields(root, "doc")["b"].Val, "b")
		}, "2:4 alias"},
		{"not a mapping", "- a\n", fields(), "1:1 wrong-type"},
		{"number for a string", "a: 1\n", func(d *Decoder, root *yaml.Node) {
			d.Str(d.Fields(root, "doc")["a"].Val, "a")
		}, "1:4 wrong-type"},
		{"integer beyond 64 bits", "a: 99999999999999999999\n", func(d *Decoder, root *yaml.Node) {
			d.Int(d.Fields(root, "doc")["a"].Val, "a")
		}, "1:4 wrong-type"}, // yaml.v3 reads it as a float
		{"number too large", "a: 1e300\n", func(d *Decoder, root *yaml.Node) {
			d.Number(d.Fields(root, "doc")["a"].Val, "a")
		}, "1:4 out-of-range"},
		{"string in a list of strings", "a: [x, 2]\n", func(d *Decoder, root *yaml.Node) {
			d.Strings(d.Fields(root, "doc")["a"].Val, "a")
		}, "1:8 wrong-type"},
		{"non-string key", "? [a]\n: 1\n", func(d *Decoder, root *yaml.Node) { d.Pairs(root, "doc") }, "1:3 wrong-type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var errs diag.ErrorList
			d := &Decoder{File: "f.yaml", Errs: &errs}
			if root := d.Document([]byte(tc.src)); root != nil && tc.decode != nil {
				tc.decode(d, root)
			}
			if len(errs) != 1 {
				t.Fatalf("%d problems, want 1: %v", len(errs), errs.Lines())
			}
			e := errs[0]
			if got := fmt.Sprintf("%d:%d %s", e.Pos.Line, e.Pos.Column, e.Code); got != tc.want || e.Pos.File != "f.yaml" {
				t.Errorf("got %s (%s), want %s", got, e, tc.want)
			}
		})
	}
}

func fields(allowed ...string) func(d *Decoder, root *yaml.Node) {
	return func(d *Decoder, root *yaml.Node) { d.Fields(root, "doc", allowed...) }
}
