package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// parseJSON builds the tree yaml.v3 builds of the same JSON: kinds, tags,
// styles, values, lines and columns.
func TestParseJSONAsYAML(t *testing.T) {
	plan, err := os.ReadFile("testdata/event-pipeline.tfplan.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, data := range []string{
		string(plan),
		`{"a": [0, -0, 1, -12, 1.5, -0.25, 1e3, 1E-3, 2.5e+10, 9223372036854775807, 9223372036854775808, 18446744073709551616, 1e400, true, false, null]}`,
		"{\r\n  \"é\": \"ü\", \"x\": [\"日本\", {\"k\": 1}],\r\t\"esc\": \"a\\n\\\"b\\u00e9\"\n}\n",
		"[]", "{}", " [ [ ], { } ] ", `[""]`,
	} {
		t.Run(fmt.Sprintf("%.30s", data), func(t *testing.T) {
			got, limit, notJSON := parseJSON([]byte(data), nil)
			if limit != nil || notJSON != nil {
				t.Fatalf("not read: %v %v", limit, notJSON)
			}
			var want yaml.Node
			if err := yaml.NewDecoder(bytes.NewReader([]byte(data))).Decode(&want); err != nil {
				t.Fatal(err)
			}
			if a, b := dump(got), dump(want.Content[0]); a != b {
				t.Errorf("got\n%s\nyaml.v3:\n%s", a, b)
			}
		})
	}
	// Escapes JSON has and yaml.v3 refuses read as encoding/json reads them.
	if root, _, notJSON := parseJSON([]byte(`["\/\ud83d\ude00"]`), nil); notJSON != nil || root.Content[0].Value != "/😀" {
		t.Errorf("JSON's escapes: %v", root)
	}
	// What is not JSON is said where it stops being JSON.
	for _, c := range []struct {
		data         string
		line, column int
	}{
		{`{"a": 1,}`, 1, 9}, {"[1\n 2]", 2, 2}, {`{"a" 1}`, 1, 6}, {`{a: 1}`, 1, 2}, {`[01]`, 1, 3}, {`[1.]`, 1, 4},
		{"[\"é\x01\"]", 1, 4}, {`[tru]`, 1, 2}, {`[1] [2]`, 1, 5}, {`{"a": 1} # c`, 1, 10}, {`[-]`, 1, 3}, {`["\x"]`, 1, 2}, {`[`, 1, 2}, {`["a\`, 1, 5},
	} {
		root, limit, notJSON := parseJSON([]byte(c.data), nil)
		if root != nil || limit != nil || notJSON == nil || notJSON.line != c.line || notJSON.column != c.column {
			t.Errorf("%q: %v %v, want not JSON at %d:%d", c.data, limit, notJSON, c.line, c.column)
		}
	}
}

// dump is a tree as text, a node a line.
func dump(n *yaml.Node) string {
	var b bytes.Buffer
	var walk func(n *yaml.Node, indent string)
	walk = func(n *yaml.Node, indent string) {
		fmt.Fprintf(&b, "%s%d %s %d %q %d:%d\n", indent, n.Kind, n.Tag, n.Style, n.Value, n.Line, n.Column)
		for _, c := range n.Content {
			walk(c, indent+" ")
		}
	}
	walk(n, "")
	return b.String()
}

// parseJSON takes maxValues values and maxDepth levels, and refuses one
// more, whether its count or its tree finds it.
func TestParseJSONLimits(t *testing.T) {
	list := func(n int) string { return "[" + strings.Repeat("1,", n-1) + "1]" }
	object := func(n int) string { return "{" + strings.Repeat(`"k":1,`, n-1) + `"k":1}` }
	for _, c := range []struct {
		name string
		data string
		want string
	}{
		{"a list of the most values", list(maxValues - 1), ""},
		{"a list of a value more", list(maxValues), tooManyValues},
		{"a mapping of the most values", `{"a": [` + object((maxValues-3)/2) + "]}", ""},
		{"a mapping of a value more", `{"a": [` + object((maxValues-3)/2) + ", 1]}", tooManyValues},
		{"the deepest", nested(maxDepth, false), ""},
		{"a level deeper", nested(maxDepth+1, false), tooDeep},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, limit, notJSON := parseJSON([]byte(c.data), nil)
			switch {
			case notJSON != nil:
				t.Fatal("not read as JSON")
			case c.want == "" && (limit != nil || root == nil):
				t.Errorf("refused: %v", limit)
			case c.want != "" && (limit == nil || limit.msg != c.want):
				t.Errorf("%v, want %q", limit, c.want)
			}
			if c.want == "" {
				if _, tree := checkTree(root, maxValues); tree != nil {
					t.Errorf("its tree is past the limits: %v", tree.msg)
				}
			}
		})
	}
}

// FuzzParseJSON: what parseJSON reads, yaml.v3 reads to the same tree, or
// refuses (it knows fewer of JSON's escapes); what it refuses as not JSON
// and yaml.v3 reads is not JSON by encoding/json either.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, -2.5e3, "x\n", true, null, {}]}`, `{"b": {"a": "]"}, "a": [{"]": 1}], "c": 2}`, "[\r\n 1,\t2 ]", `{"é": "日本"}`, `[0]`, `{"a":1,}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) {
			return
		}
		parseJSON(data, []string{"a", "b"}) // passing over values: no panic
		root, limit, notJSON := parseJSON(data, nil)
		if limit != nil {
			return
		}
		var want yaml.Node
		err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&want)
		switch {
		case notJSON == nil && err == nil && len(want.Content) > 0:
			if a, b := dump(root), dump(want.Content[0]); a != b {
				t.Errorf("got\n%s\nyaml.v3:\n%s", a, b)
			}
		case notJSON != nil && json.Valid(data):
			t.Errorf("valid JSON refused at %d:%d", notJSON.line, notJSON.column)
		}
	})
}

// The values of the keys a reader never reads are passed over, neither
// built nor counted, and what follows them keeps its lines and columns.
func TestParseJSONPassesOverUnread(t *testing.T) {
	data := "{\"a\": 1,\n \"skip\": {\"x\": [1, \"]}\\\"\", {\"y\": null}],\r\n  \"z\": \"\\n\"},\r \"b\": [2],\n \"c\": \"skip\", \"skip\": 3}\n"
	got, limit, notJSON := parseJSON([]byte(data), []string{"skip"})
	if limit != nil || notJSON != nil {
		t.Fatalf("not read: %v %v", limit, notJSON)
	}
	var want yaml.Node
	if err := yaml.NewDecoder(strings.NewReader(data)).Decode(&want); err != nil {
		t.Fatal(err)
	}
	root := want.Content[0]
	root.Content = append(root.Content[:2:2], root.Content[4:8]...) // without the two skips
	if a, b := dump(got), dump(root); a != b {
		t.Errorf("got\n%s\nyaml.v3 without skip:\n%s", a, b)
	}
	// Counted as they are built: a plan's changes past maxValues are no
	// reason to refuse it.
	huge := `{"format_version": "1.2", "resource_changes": [` + strings.Repeat("1,", maxValues) + `1], "planned_values": {"root_module": {}}}`
	if _, limit, notJSON := parseJSON([]byte(huge), unreadKeys(TerraformPlan)); limit != nil || notJSON != nil {
		t.Errorf("a plan's changes: %v %v", limit, notJSON)
	}
}
