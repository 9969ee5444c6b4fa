package yamlstrict

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// v3 parses data with yaml.v3 as Document does, returning the content's
// root, or nil.
func v3(data []byte) *yaml.Node {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil || len(doc.Content) == 0 {
		return nil
	}
	return doc.Content[0]
}

// treeDiff describes the first difference between two trees, comments
// aside, or returns "".
func treeDiff(got, want *yaml.Node, path string) string {
	switch {
	case got == nil || want == nil:
		if got != want {
			return fmt.Sprintf("%s: %v, want %v", path, got, want)
		}
		return ""
	case got.Kind != want.Kind || got.Style != want.Style || got.Tag != want.Tag || got.Value != want.Value ||
		got.Line != want.Line || got.Column != want.Column || got.Anchor != want.Anchor || len(got.Content) != len(want.Content):
		return fmt.Sprintf("%s: {kind %v style %v tag %s value %q at %d:%d, %d children}, want {kind %v style %v tag %s value %q at %d:%d, %d children}",
			path, got.Kind, got.Style, got.Tag, got.Value, got.Line, got.Column, len(got.Content),
			want.Kind, want.Style, want.Tag, want.Value, want.Line, want.Column, len(want.Content))
	}
	for i := range got.Content {
		if d := treeDiff(got.Content[i], want.Content[i], fmt.Sprintf("%s/%d", path, i)); d != "" {
			return d
		}
	}
	return ""
}

// checkFast fails when the fast path takes data and makes another tree than
// yaml.v3, or takes what yaml.v3 refuses.
func checkFast(t *testing.T, name string, data []byte) bool {
	t.Helper()
	got, ok := parseFast(data, nil)
	if !ok {
		return false
	}
	want := v3(data)
	if want == nil {
		t.Errorf("%s: the fast path took what yaml.v3 refuses", name)
		return true
	}
	if d := treeDiff(got, want, ""); d != "" {
		t.Errorf("%s: %s", name, d)
	}
	return true
}

// The fast path makes yaml.v3's tree of every file of the repository it
// takes (the examples, the test designs, the catalogue), and takes the
// designs the editor writes.
func TestFastMatchesYAML(t *testing.T) {
	var files []string
	filepath.WalkDir("../../..", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) && !strings.Contains(path, "/.cache/") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) < 20 {
		t.Fatalf("only %d YAML files found", len(files))
	}
	taken := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if checkFast(t, f, data) {
			taken++
		}
	}
	t.Logf("the fast path took %d of %d files", taken, len(files))
	if taken < len(files)/4 {
		t.Errorf("the fast path took only %d of %d files", taken, len(files))
	}
	for _, c := range fastCases {
		if got := checkFast(t, c.name, []byte(c.yaml)); got != c.taken {
			t.Errorf("%s: taken %v, want %v", c.name, got, c.taken)
		}
	}
}

var fastCases = []struct {
	name, yaml string
	taken      bool
}{
	{"the editor's export", "# yaml-language-server: $schema=http://127.0.0.1:8000/schema/design.schema.json\nschemaVersion: \"1\"\ntype: \"design\"\nnodes:\n  - id: \"kafka\"\n    name: \"Orders \\\"bus\\\" \\u00e9\"\n    component: \"kafka\"\n    props: {replicationFactor: 3, acks: \"all\"}\n    position: {x: 700, y: 400.5}\nedges:\n  - {from: \"kafka\", to: \"db\", label: \"x # not a comment\"}\n", true},
	{"flow items", "nodes:\n  - { id: \"n-0\", component: \"kafka\", position: { x: 40, y: -40 } }\n  - { id: n-1, component: stream, in: [a, b] }\nedges: []\n", true},
	{"a sequence at the key's indentation", "nodes:\n- id: a\n  component: kafka\n- id: b\n", true},
	{"single quotes", "name: 'it''s'\n", true},
	{"comments everywhere", "# head\na: 1 # one\n\n# between\nb:\n  # in\n  c: true\n", true},
	{"null", "a:\nb: 1\n", false},
	{"tilde", "a: ~\n", false},
	{"yes (a string to yaml.v3)", "a: yes\n", true},
	{"octal", "a: 012\n", false},
	{"exponent", "a: 1e3\n", false},
	{"an anchor", "a: &x 1\nb: *x\n", false},
	{"a tag", "a: !!str 1\n", false},
	{"a block scalar", "a: |\n  text\n", false},
	{"a tab", "a:\t1\n", false},
	{"CRLF", "a: 1\r\n", false},
	{"two documents", "a: 1\n---\nb: 2\n", false},
	{"a multi-line string", "a: \"one\n  two\"\n", false},
	{"a plain string with a colon", "a: b: c\n", false},
	{"bad indentation", "a:\n  b: 1\n c: 2\n", false},
	{"a trailing comma", "a: {b: 1,}\n", false},
	{"unicode plain", "a: café\n", false},
	{"a key without a value in flow", "a: {b}\n", false},
	{"flow nested past the depth taken", "a: " + strings.Repeat("{b: ", 40) + "1" + strings.Repeat("}", 40) + "\n", false},
	{"blocks nested past the depth taken", func() string {
		var b strings.Builder
		for i := range 40 {
			b.WriteString(strings.Repeat(" ", i) + "k:\n")
		}
		return b.String() + strings.Repeat(" ", 40) + "k: 1\n"
	}(), false},
	{"flow nested within it", "a: " + strings.Repeat("{b: ", 20) + "1" + strings.Repeat("}", 20) + "\n", true},
}

// FuzzFastMatchesYAML: whatever the fast path takes, yaml.v3 takes too,
// to the same tree.
func FuzzFastMatchesYAML(f *testing.F) {
	for _, c := range fastCases {
		f.Add([]byte(c.yaml))
	}
	examples, _ := filepath.Glob("../../../examples/*.yaml")
	for _, file := range examples {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkFast(t, "fuzz input", data)
	})
}

// BenchmarkFastFlowLine reads one line holding a flow sequence of 100,000
// items (and a mapping on the same line with multi-byte text): each
// item's column is counted on from the last, not from the line's start,
// which made such a line quadratic (a 13 KB share link inflating to 10 MiB
// of it took minutes).
func BenchmarkFastFlowLine(b *testing.B) {
	data := []byte("nodes: [" + strings.Repeat("{ id: \"é\", x: 1 }, ", 100000) + "a]\n")
	for b.Loop() {
		if _, ok := parseFast(data, nil); !ok {
			b.Fatal("not read by the fast path")
		}
	}
}

// The columns along a long flow line are the ones yaml.v3 gives.
func TestFastFlowLineColumns(t *testing.T) {
	data := []byte("nodes: [" + strings.Repeat("{ id: \"é\", x: 1 }, ", 300) + "a]\n")
	got, ok := parseFast(data, nil)
	if !ok {
		t.Fatal("not read by the fast path")
	}
	if d := treeDiff(got, v3(data), ""); d != "" {
		t.Error(d)
	}
}
