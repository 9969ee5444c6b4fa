package importer

import (
	"bytes"
	"fmt"
	"os"
	"testing"

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
			got, limit, ok := parseJSON([]byte(data))
			if !ok || limit != nil {
				t.Fatalf("not read: %v", limit)
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
	if root, _, ok := parseJSON([]byte(`["\/\ud83d\ude00"]`)); !ok || root.Content[0].Value != "/😀" {
		t.Errorf("JSON's escapes: %v", root)
	}
	for _, data := range []string{`{"a": 1,}`, `[1 2]`, `{"a" 1}`, `{a: 1}`, `[01]`, `[1.]`, `["a` + "\x01" + `"]`, `[tru]`, `[1] [2]`, `{"a": 1} # c`, `[-]`, `["\x"]`, `[`} {
		if root, limit, ok := parseJSON([]byte(data)); ok || root != nil || limit != nil {
			t.Errorf("%q read as JSON", data)
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
