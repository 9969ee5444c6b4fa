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
		{"tag on a key", "!foo id: x\n", fields("id"), "1:1 tag"},
		{"tag on a value", "a: !!str 1\n", str("a"), "1:4 tag"},
		{"bool tag on a string", "a: !!bool \"yes\"\n", func(d *Decoder, root *yaml.Node) {
			d.Bool(d.Fields(root, "doc")["a"].Val, "a")
		}, "1:4 tag"},
		{"escaped NUL", "a: \"x\\0y\"\n", str("a"), "1:4 control-character"},
		{"escaped escape", "a: \"\\e[2J\"\n", str("a"), "1:4 control-character"},
		{"C1 control", "a: \"\\x85\"\n", str("a"), "1:4 control-character"},
		{"control character in a key", "\"a\\x01\": 1\n", func(d *Decoder, root *yaml.Node) { d.Pairs(root, "doc") }, "1:1 control-character"},
		{"octal-looking integer", "a: 012\n", integer("a"), "1:4 ambiguous-number"},
		{"binary integer", "a: 0b101\n", integer("a"), "1:4 ambiguous-number"},
		{"underscores", "a: 1_000\n", integer("a"), "1:4 ambiguous-number"},
		{"hex integer", "a: 0x1f\n", integer("a"), "1:4 ambiguous-number"},
		{"octal-looking coordinate", "a: 012\n", number("a"), "1:4 ambiguous-number"},
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

func str(key string) func(d *Decoder, root *yaml.Node) {
	return func(d *Decoder, root *yaml.Node) { d.Str(d.Fields(root, "doc")[key].Val, key) }
}

func integer(key string) func(d *Decoder, root *yaml.Node) {
	return func(d *Decoder, root *yaml.Node) { d.Int(d.Fields(root, "doc")[key].Val, key) }
}

func number(key string) func(d *Decoder, root *yaml.Node) {
	return func(d *Decoder, root *yaml.Node) { d.Number(d.Fields(root, "doc")[key].Val, key) }
}

// Decimal numbers of every ordinary form read as themselves.
func TestDecoderReadsDecimals(t *testing.T) {
	for src, want := range map[string]float64{"0": 0, "-3": -3, "+7": 7, "120": 120, "40.5": 40.5, "-0.25": -0.25, "1e3": 1000, "2.5E-1": 0.25} {
		var errs diag.ErrorList
		d := &Decoder{File: "f.yaml", Errs: &errs}
		root := d.Document([]byte("a: " + src + "\n"))
		got, ok := d.Number(d.Fields(root, "doc")["a"].Val, "a")
		if !ok || got != want || len(errs) > 0 {
			t.Errorf("%s: %v %v %v", src, got, ok, errs)
		}
	}
}

func fields(allowed ...string) func(d *Decoder, root *yaml.Node) {
	return func(d *Decoder, root *yaml.Node) { d.Fields(root, "doc", allowed...) }
}
