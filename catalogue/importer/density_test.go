package importer

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue/diag"
)

// csvConfigMap is a ConfigMap holding a CSV file of n lines in a block
// scalar, and a Deployment: the review's 6.8 MB manifest at 340,000.
func csvConfigMap(n int) []byte {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: prices}\ndata:\n  file.csv: |\n    id,name,price,qty\n")
	for i := range n {
		fmt.Fprintf(&b, "    %d,item-%d,%d.50,3\n", i, i, i%100)
	}
	b.WriteString("---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: shop, labels: {app: shop}}\n" +
		"spec:\n  replicas: 3\n  template:\n    metadata: {labels: {app: shop}}\n    spec:\n      containers:\n        - name: shop\n          image: acme/shop:1.2\n          env: [{name: PRICES, value: /data/file.csv}]\n")
	return []byte(b.String())
}

// A file's text is not its structure: a ConfigMap's CSV of 340,000 lines
// imports (the density scan counted its commas, twice, and its line ends,
// and refused it).
func TestImportLongBlockScalar(t *testing.T) {
	cat, m := loaded(t)
	res, err := Import(cat, m, Kubernetes, []File{{Name: "f", Data: csvConfigMap(340000)}})
	if err != nil {
		t.Fatalf("%.300v", err)
	}
	if len(res.Design.Nodes) != 1 || len(res.Unmapped) != 1 {
		t.Errorf("%d nodes, %d not imported; want the Deployment, and the ConfigMap not imported", len(res.Design.Nodes), len(res.Unmapped))
	}
}

// indented is lines, each indented by indent spaces.
func indented(lines string, indent string) string {
	return indent + strings.ReplaceAll(strings.TrimSuffix(lines, "\n"), "\n", "\n"+indent) + "\n"
}

// The density scan skips what the parser reads as text, block scalars,
// quoted scalars and comments, and nothing it reads as structure.
func TestScanYAMLCountsStructureOnly(t *testing.T) {
	dense := keysOf(maxYAMLMarks/2 + 10) // a key and a value a line
	commas := strings.Repeat("a, b, c, d, e, f, g, h, i, j, ", maxYAMLMarks/20)
	lines := strings.Repeat("x, y: [z], {w}, - v, ? u\n", maxYAMLMarks/4)
	for _, c := range []struct {
		name    string
		data    string
		refused bool
	}{
		{"a literal block scalar", "a: |\n" + indented(lines, "  ") + "b: 1\n", false},
		{"a folded block scalar, kept, indented by 2", "a: >+2\n" + indented(lines, "   ") + "b: 1\n", false},
		{"a block scalar of an item", "a:\n  - |-\n" + indented(lines, "   ") + "  - b\n", false},
		{"a block scalar of a document", "--- |\n" + lines, false},
		{"a block scalar with blank lines", "a: |\n  x\n\n   \n" + indented(lines, "  ") + "b: 1\n", false},
		{"a double-quoted scalar", "a: \"" + commas + "\"\nb: 1\n", false},
		{"a double-quoted scalar over lines, with escapes", "a: \"x\\\"\n" + strings.ReplaceAll(lines, "\n", "\\\n") + "\"\nb: 1\n", false},
		{"a single-quoted scalar over lines", "a: 'it''s\n" + lines + "'\nb: 1\n", false},
		{"a quoted key and value in flow", "a: {\"" + commas + "\": '" + commas + "'}\n", false},
		{"comments", "a: 1 # " + commas + "\n" + strings.Repeat("# x, y, z: [w]\n", maxYAMLMarks/3) + "b: 2\n", false},
		{"dense keys", dense, true},
		{"dense keys after a block scalar", "a: |\n  x, y\n" + dense, true},
		{"dense keys after a block scalar of a mapping in a list", "- a: |\n" + indented(dense, "  "), true},
		{"dense keys after a quote in a plain scalar", "a: b 'c\n" + dense + "d: 'e'\n", true},
		{"dense keys after a plain scalar's continuation that starts with a quote", "a: b\n  'c\n" + dense + "d: 'e'\n", true},
		{"dense keys after an apostrophe", "a: it's\n" + dense + "b: 'c'\n", true},
		{"dense keys after a # in quotes", "a: \"x # y\"\n" + dense, true},
		{"dense keys after a | in a plain scalar", "a: b |\n" + indented(dense, "  "), true},
		{"a dense flow list", "a: [" + commas + "]\n", true},
		{"a dense flow list after a quoted key", "\"a\": [" + commas + "]\n", true},
		{"a dense flow list over lines", "a: [\n" + strings.ReplaceAll(commas, " ", "\n") + "]\n", true},
		{"a dense flow list after a quoted item", "a: ['x', " + commas + "]\n", true},
		{"dense items", strings.Repeat("- - 1\n", maxYAMLMarks/3+10), true},
		// Found by a review: line ends yaml.v3 knows and \n does not, a
		// quote that continues a plain scalar in a flow collection, and a
		// key that is a flow collection after `- `.
		{"dense keys after a comment ended by a lone CR", "a: 1 #\rx: [" + commas + "]\r", true},
		{"dense keys after a comment ended by U+2028", "a: 1 #\u2028x: [" + commas + "]\n", true},
		{"dense keys after a block scalar's line ended by a lone CR", "x: |\n  y\rz: [" + commas + "]\n", true},
		{"a quote continuing a plain scalar in a flow list, on its next line", "x: [a\n'" + commas + "]\n", true},
		{"a quote in a flow list's plain scalar after a colon", "x: [a:'" + commas + "]\n", true},
		{"a quote continuing a plain scalar after a flow key in a list", "x:\n- [a]: b\n   'c\n  d: [" + commas + "]\n  e: f'\n", true},
		{"a quoted value after a quoted key's colon in a flow mapping", "a: {\"k\":'" + commas + "'}\n", false},
		{"a CSV with CRLF line ends in a block scalar", "a: |\r\n" + strings.ReplaceAll(indented(lines, "  "), "\n", "\r\n") + "b: 1\r\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			limit := scanYAML([]byte(c.data))
			if (limit != nil) != c.refused {
				t.Errorf("refused %v, want %v", limit, c.refused)
			}
		})
	}
}

// aliasBomb nests aliases: each level ten of the one below.
func aliasBomb() string {
	return "services: {}\nx-a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n" +
		"x-b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n" +
		"x-c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n" +
		"x-d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n" +
		"x-e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n" +
		"x-f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
}

// The limits on documents and on what aliases add are reported where they
// were passed, not at the file's first line.
func TestLimitsArePositioned(t *testing.T) {
	docs := strings.Repeat("a: 1\n---\n", 100_001) + "a: 1\n"
	for _, c := range []struct {
		name, data, want string
	}{
		{"documents", docs, "f:200000:1: more than 100,000 documents (the 100,001st starts here)"},
		{"aliases", aliasBomb(), "f:6:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			errs := importErr(t, Compose, []byte(c.data))
			if !strings.HasPrefix(errs.Error(), c.want) || errs[0].Code != diag.CodeTooLarge {
				t.Errorf("%v, want %q", errs, c.want)
			}
		})
	}
}

// BenchmarkImportLongBlockScalar imports the review's ConfigMap of a CSV
// of 340,000 lines and a Deployment (6.8 MB).
func BenchmarkImportLongBlockScalar(b *testing.B) {
	benchmarkImportAs(b, Kubernetes, csvConfigMap(340000), "")
}

// What YAML's parser builds of a file is bounded by the marks scanYAML
// counts of it: it takes nothing the parser builds for text. (A flow
// mapping's `{a, b}` is five values of three marks and a line end.)
func FuzzScanYAML(f *testing.F) {
	for _, seed := range []string{
		"a: |\n  x, y: [z]\nb: 1\n", "- |\n x: [1, 2]\n- b\n", "a: b\n  'c\nd: 'e'\n", "a: \"x\n  y, z\"\nb: [1, 2]\n",
		"a: 'it''s'\n# c: [1, 2]\n", "--- >\nx, y\n--- [1, 2]\n", "{a, b: [c, d], 'e': \"f\"}\n", "a: &x !t [*x, 1]\n",
		"- a: |-\n    x\n  b: 1\n", "? a\n: b\n", "a: b #c\n  d\n", "\"a\": [1,2]\n",
		"a: 1 #\rx: [1,1,1,1,1,1,1,1]\r", "a: 1 #\u2028x: [1,1,1,1,1,1,1,1]\n", "x: |\n  y\rz: [1,1,1,1,1,1,1,1]\n", "x: [a\n'1,1,1,1,1,1,1,1]\n",
		"x: [a:'1,1,1,1,1,1,1,1]\n", "x:\n- [a]: b\n   'c\n  d: [1,1,1,1,1,1,1,1]\n  e: f'\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		marks, _ := yamlMarks(data)
		dec := yaml.NewDecoder(bytes.NewReader(data))
		values, docs := 0, 0
		for ; docs < 100; docs++ {
			var n yaml.Node
			if err := dec.Decode(&n); err != nil {
				if err.Error() != "EOF" {
					return // the parser refuses it
				}
				break
			}
			count, _ := countNodes([]*yaml.Node{&n}, false, maxWalk)
			values += count - 1
		}
		if values > 2*marks+2*docs+2 {
			t.Errorf("%q: %d values, %d marks", data, values, marks)
		}
	})
}

// BenchmarkImportYAMLText imports the largest YAML file, 32 MiB, most of
// it a ConfigMap's block scalar of CSV lines, and refuses 8 MiB of the
// densest YAML, a flow list of ones, before it is parsed.
func BenchmarkImportYAMLText(b *testing.B) {
	b.Run("block-scalar-32MiB", func(b *testing.B) {
		data := csvConfigMap(1)
		line := "    123456,item-123456,12.50,3\n"
		text := strings.Repeat(line, (maxYAMLBytes-len(data))/len(line))
		data = []byte(strings.Replace(string(data), "    id,name,price,qty\n", text, 1))
		benchmarkImportAs(b, Kubernetes, data, "")
	})
	b.Run("dense-flow-8MiB", func(b *testing.B) {
		benchmarkImportAs(b, Compose, []byte("services: {}\nx: ["+strings.Repeat("1,", 4<<20)+"1]\n"), "more than 1,000,000 line ends and YAML marks")
	})
}
