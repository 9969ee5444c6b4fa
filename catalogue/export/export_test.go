package export

import (
	"bytes"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/layout"
	"github.com/archdesigner/designer/examples"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The canvas's geometry, as app.LayoutGeometry gives it.
var geo = layout.Geometry{NodeW: 180, NodeH: 72, GroupPad: 16, GroupLabel: 22, Origin: 40}

func load(t testing.TB) *catalogue.Catalogue {
	t.Helper()
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func parse(t testing.TB, cat *catalogue.Catalogue, name string, data []byte) *catalogue.Design {
	t.Helper()
	d, errs := catalogue.ParseDesign(name, data)
	if len(errs) == 0 {
		errs = cat.Check(d)
	}
	if len(errs) > 0 {
		t.Fatalf("%s: %v", name, errs.Error())
	}
	return d
}

// hostile is a design whose every name and label tries to end a string or
// start a statement in one of the formats.
const hostile = `name: "Hostile \" ]; end %% --> ${x} \\"
groups:
  - { id: end, boundary: region, name: "subgraph end\"] <b>&amp;</b>", props: { provider: aws, region: eu-west-1 } }
  - { id: class, boundary: zone, in: end, name: "zone } { shape: circle", props: { zone: eu-west-1a } }
nodes:
  - { id: end-1, name: "a\"]; click a call evil() %% <script>alert(1)</script>", component: aws-lambda, in: class }
  - { id: subgraph, name: "line one\nline two\\", component: aws-dynamodb, in: end }
  - { id: style, name: "#quot; #35; &lt; | ; } -> ${var} \\\"", component: aws-sqs }
  - { id: click, name: "deploymentNode \"x\" {", component: web-browser }
edges:
  - { from: click, to: end-1, label: "|\"] --> style; ${x} \\" }
  - { from: end-1, to: subgraph, label: "<i>x</i>\n#quot;" }
  - { from: end-1, to: style }
`

// Every example, in every format, matches its golden file (-update
// rewrites them), and so does the hostile design.
func TestGolden(t *testing.T) {
	cat := load(t)
	designs := map[string]*catalogue.Design{"hostile": parse(t, cat, "hostile.yaml", []byte(hostile))}
	for _, ex := range examples.All() {
		designs[strings.TrimSuffix(ex.File, ".yaml")] = parse(t, cat, ex.File, ex.Data)
	}
	for name, d := range designs {
		for _, f := range Formats() {
			out, err := Write(f.ID, cat, d, geo)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", name+f.Ext)
			if *update {
				os.MkdirAll("testdata", 0o755)
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./catalogue/export -update writes it)", err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("%s differs from its golden file (-update rewrites it):\n%s", golden, out)
			}
		}
	}
	if _, err := Write("visio", cat, designs["hostile"], geo); err == nil || !strings.Contains(err.Error(), "use mermaid, d2, structurizr, drawio") {
		t.Errorf("unknown format: %v", err)
	}
}

// The mxfile of each example and of the hostile design is well-formed XML
// with the two root cells and one cell per node, edge and group; every
// cell's parent comes before it, every edge joins two node cells, every
// node and group has a geometry, and each label reads back as written.
func TestDrawioStructure(t *testing.T) {
	cat := load(t)
	all := append(examples.All(), examples.Example{File: "hostile.yaml", Data: []byte(hostile)})
	for _, ex := range all {
		d := parse(t, cat, ex.File, ex.Data)
		out, err := Write("drawio", cat, d, geo)
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			XMLName xml.Name `xml:"mxfile"`
			Diagram []struct {
				Name  string `xml:"name,attr"`
				Cells []struct {
					ID       string `xml:"id,attr"`
					Value    string `xml:"value,attr"`
					Parent   string `xml:"parent,attr"`
					Vertex   string `xml:"vertex,attr"`
					Edge     string `xml:"edge,attr"`
					Source   string `xml:"source,attr"`
					Target   string `xml:"target,attr"`
					Geometry *struct {
						Width  float64 `xml:"width,attr"`
						Height float64 `xml:"height,attr"`
					} `xml:"mxGeometry"`
				} `xml:"mxGraphModel>root>mxCell"`
			} `xml:"diagram"`
		}
		if err := xml.Unmarshal(out, &file); err != nil {
			t.Fatalf("%s: not XML: %v", ex.File, err)
		}
		if len(file.Diagram) != 1 {
			t.Fatalf("%s: %d diagrams", ex.File, len(file.Diagram))
		}
		cells := file.Diagram[0].Cells
		if want := 2 + len(d.Nodes) + len(d.Edges) + len(d.Groups); len(cells) != want {
			t.Errorf("%s: %d cells, want %d", ex.File, len(cells), want)
		}
		seen := map[string]string{}
		labels := map[string]bool{}
		vertices, edges := 0, 0
		for i, c := range cells {
			if _, dup := seen[c.ID]; dup {
				t.Errorf("%s: cell id %q twice", ex.File, c.ID)
			}
			if i > 0 {
				if _, ok := seen[c.Parent]; !ok {
					t.Errorf("%s: cell %s's parent %q is not before it", ex.File, c.ID, c.Parent)
				}
			}
			seen[c.ID] = c.Vertex + c.Edge
			switch {
			case c.Vertex == "1":
				vertices++
				labels[c.Value] = true
				if c.Geometry == nil || c.Geometry.Width <= 0 || c.Geometry.Height <= 0 {
					t.Errorf("%s: vertex %s has no size", ex.File, c.ID)
				}
			case c.Edge == "1":
				edges++
				if seen[c.Source] != "1" || seen[c.Target] != "1" {
					t.Errorf("%s: edge %s joins %q and %q", ex.File, c.ID, c.Source, c.Target)
				}
			}
		}
		if vertices != len(d.Nodes)+len(d.Groups) || edges != len(d.Edges) {
			t.Errorf("%s: %d vertices and %d edges", ex.File, vertices, edges)
		}
		for _, n := range d.Nodes {
			name := n.Name
			if name == "" {
				name = n.ID
			}
			label := name + "\n" + cat.Components[n.Component].Name
			if !labels[label] {
				t.Errorf("%s: no cell reads %q", ex.File, label)
			}
		}
	}
}

// structurizrTokens splits a line of Structurizr DSL as its tokenizer does:
// at white space outside quotes, a quoted token's \" read as a quote.
func structurizrTokens(line string) []string {
	var tokens []string
	var tok strings.Builder
	started, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case !started && c == '"':
			started, quoted = true, true
			tok.Reset()
		case !started && (c == ' ' || c == '\t'):
		case !started:
			started, quoted = true, false
			tok.Reset()
			tok.WriteByte(c)
		case quoted && c == '\\' && i+1 < len(line) && line[i+1] == '"':
			tok.WriteByte('"')
			i++
		case quoted && c == '"':
			tokens = append(tokens, tok.String())
			started = false
		case !quoted && (c == ' ' || c == '\t'):
			tokens = append(tokens, tok.String())
			started = false
		default:
			tok.WriteByte(c)
		}
	}
	if started {
		tokens = append(tokens, tok.String())
	}
	return tokens
}

// The hostile design's Structurizr DSL reads back, line by line, as the
// statements it means: each container and person with its name, each
// relationship with its label, no line ending in a continuation.
func TestStructurizrHostile(t *testing.T) {
	cat := load(t)
	d := parse(t, cat, "hostile.yaml", []byte(hostile))
	out, _ := Write("structurizr", cat, d, geo)
	statements := map[string][]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasSuffix(line, `\`) {
			t.Errorf("a line continues: %q", line)
		}
		tokens := structurizrTokens(line)
		if len(tokens) >= 3 && tokens[1] == "=" {
			statements[tokens[0]] = tokens[2:]
		}
		if len(tokens) >= 3 && tokens[1] == "->" {
			statements[tokens[0]+"->"+tokens[2]] = tokens[3:]
		}
	}
	slash := strings.NewReplacer(`\`, `/`, "\n", " ", "${", "$ {")
	for _, n := range d.Nodes {
		key := map[string]string{"end-1": "n_end_1", "subgraph": "n_subgraph", "style": "n_style", "click": "n_click"}[n.ID]
		st := statements[key]
		if len(st) < 2 || st[1] != slash.Replace(n.Name) {
			t.Errorf("%s: %q, want the name %q", n.ID, st, slash.Replace(n.Name))
		}
	}
	if st := statements["n_click->n_end_1"]; len(st) < 1 || st[0] != slash.Replace(d.Edges[0].Label) {
		t.Errorf("relationship: %q", st)
	}
}

// D2 strings in the hostile design's export hold no unescaped quote, and
// the braces outside strings balance.
func TestD2Hostile(t *testing.T) {
	cat := load(t)
	out, _ := Write("d2", cat, parse(t, cat, "hostile.yaml", []byte(hostile)), geo)
	depth := 0
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		quoted := false
		for i := 0; i < len(line); i++ {
			switch c := line[i]; {
			case quoted && c == '\\':
				i++
			case c == '"':
				quoted = !quoted
			case !quoted && c == '{':
				depth++
			case !quoted && c == '}':
				depth--
			case quoted && c == '$' && (i == 0 || line[i-1] != '\\'):
				t.Errorf("an unescaped $ in %q", line)
			}
		}
		if quoted {
			t.Errorf("a string does not end on its line: %q", line)
		}
	}
	if depth != 0 {
		t.Errorf("braces off by %d", depth)
	}
}

// Structurizr's names come out unique where the design's are not: two
// nodes of one name, a node named as the design, two zones of one name;
// and an edge repeated as it is is one relationship.
func TestStructurizrUniqueNames(t *testing.T) {
	cat := load(t)
	d := parse(t, cat, "dup.yaml", []byte(`name: orders
groups:
  - { id: eu, boundary: region, props: { provider: aws, region: eu-west-1 } }
  - { id: za, boundary: zone, in: eu, name: Zone, props: { zone: eu-west-1a } }
  - { id: zb, boundary: zone, in: eu, name: Zone, props: { zone: eu-west-1b } }
nodes:
  - { id: orders, component: aws-lambda, in: za }
  - { id: w1, name: Worker, component: aws-lambda, in: za }
  - { id: w2, name: Worker, component: aws-lambda, in: zb }
edges:
  - { from: orders, to: w1 }
  - { from: orders, to: w1 }
`))
	out, _ := Write("structurizr", cat, d, geo)
	names := map[string]int{}
	relationships := 0
	for _, line := range strings.Split(string(out), "\n") {
		tok := structurizrTokens(line)
		if len(tok) >= 4 && tok[1] == "=" && (tok[2] == "container" || tok[2] == "softwareSystem" || tok[2] == "person" || tok[2] == "deploymentNode") {
			names[tok[2]+" "+tok[3]]++
		}
		if len(tok) >= 3 && tok[1] == "->" {
			relationships++
		}
	}
	for name, n := range names {
		if n > 1 {
			t.Errorf("%s named %d times:\n%s", name, n, out)
		}
	}
	for _, want := range []string{"container Worker (w1)", "container Worker (w2)", "container orders (orders)", "softwareSystem orders", "deploymentNode Zone (za)"} {
		if names[want] != 1 {
			t.Errorf("no %q in %v", want, names)
		}
	}
	if relationships != 1 {
		t.Errorf("%d relationships, want 1", relationships)
	}
}

// structurizrNames counts the names of a Structurizr export's elements
// (containers, people, the system, deployment nodes) as its tokenizer reads
// them, and the descriptions of its relationships between each two
// elements.
func structurizrNames(out []byte) (names, relationships map[string]int) {
	names, relationships = map[string]int{}, map[string]int{}
	for _, line := range strings.Split(string(out), "\n") {
		tok := structurizrTokens(line)
		switch {
		case len(tok) >= 4 && tok[1] == "=" && (tok[2] == "container" || tok[2] == "softwareSystem" || tok[2] == "person" || tok[2] == "deploymentNode"):
			names[tok[2]+" "+tok[3]]++
		case len(tok) >= 4 && tok[0] == "deploymentNode":
			names["deploymentNode "+tok[1]]++
		case len(tok) >= 4 && tok[1] == "->":
			relationships[tok[0]+" -> "+tok[2]+": "+tok[3]]++
		}
	}
	return names, relationships
}

// Names that differ in the design but not once escaped for the DSL (a
// backslash is written as a slash, ${ as $ {), or that take the form
// another's gets when it is told apart by its id, stay apart; and so do the
// descriptions of edges between the same two nodes that differ in the
// design, where Structurizr refuses a second relationship of one
// description.
func TestStructurizrNamesUniqueAfterEscaping(t *testing.T) {
	cat := load(t)
	d := parse(t, cat, "escaped.yaml", []byte(`name: "x/y"
groups:
  - { id: eu, boundary: region, name: "r\\1", props: { provider: aws, region: eu-west-1 } }
  - { id: us, boundary: region, name: "r/1", props: { provider: aws, region: us-east-1 } }
nodes:
  - { id: a, name: "x\\y", component: aws-lambda, in: eu }
  - { id: b, name: "x/y", component: aws-lambda, in: eu }
  - { id: c, name: "a${b", component: aws-lambda, in: us }
  - { id: d, name: "a$ {b", component: aws-lambda, in: us }
  - { id: e, name: "w", component: aws-lambda }
  - { id: f, name: "w", component: aws-lambda }
  - { id: g, name: "w (e)", component: aws-lambda }
edges:
  - { from: a, to: b, label: "p\\q" }
  - { from: a, to: b, label: "p/q" }
  - { from: c, to: d, label: orders, protocol: https }
  - { from: c, to: d, label: orders, protocol: grpc }
  - { from: e, to: f, label: same }
  - { from: e, to: f, label: same }
`))
	out, _ := Write("structurizr", cat, d, geo)
	names, relationships := structurizrNames(out)
	for name, n := range names {
		if n > 1 {
			t.Errorf("%s named %d times", name, n)
		}
	}
	if len(names) != 10 { // the system, 7 containers, 2 deployment nodes
		t.Errorf("%d names, want 10: %v", len(names), names)
	}
	for rel, n := range relationships {
		if n > 1 {
			t.Errorf("%s %d times", rel, n)
		}
	}
	// The edge repeated as it is is one relationship; the others two each.
	if len(relationships) != 5 {
		t.Errorf("%d relationships, want 5: %v\n%s", len(relationships), relationships, out)
	}
}

// Ids that one identifier syntax would merge (a design built in memory is
// not checked for lower-kebab-case) stay distinct identifiers in every
// format, whatever their case: the formats' names need not be unique, and
// their identifiers are made unique after the rewriting.
func TestIdentifiersStayDistinct(t *testing.T) {
	cat := load(t)
	d := &catalogue.Design{Name: "ids"}
	for _, id := range []string{"a-b", "a.b", "a_b", "A-B", "a_b_2"} {
		d.Groups = append(d.Groups, catalogue.Group{ID: id, Boundary: "network"})
		d.Nodes = append(d.Nodes, catalogue.Node{ID: id, Component: "aws-lambda", In: id, Position: &catalogue.Point{}})
	}
	m := build(cat, d, geo)
	var all []string
	for _, n := range m.nodes {
		all = append(all, n.key)
	}
	for _, g := range m.groups {
		all = append(all, g.key)
	}
	keys := map[string]bool{}
	for _, k := range all {
		if keys[strings.ToLower(k)] {
			t.Errorf("identifier %s twice", k)
		}
		keys[strings.ToLower(k)] = true
	}
	for _, f := range Formats() {
		out, err := Write(f.ID, cat, d, geo)
		if err != nil {
			t.Fatal(err)
		}
		for k := range keys {
			if !strings.Contains(strings.ToLower(string(out)), k) {
				t.Errorf("%s: no %s", f.ID, k)
			}
		}
	}
}
