//go:build parsers

package export

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/examples"
)

// The Mermaid parser's version, as .ci/ensure-mermaid installs it.
const mermaidVersion = "11.17.2"

// Mermaid's own parser, run in Node, reads the export of every example and
// of the hostile design as the design means it: a vertex per node with its
// label and kind's class, an edge per edge with its label and the stroke
// of its flow, a subgraph per group holding what the group holds.
func TestMermaidParses(t *testing.T) {
	modules := os.Getenv("MERMAID_MODULES")
	if modules == "" {
		modules = filepath.Join("..", "..", ".cache", "mermaid-"+mermaidVersion, "node_modules")
	}
	if _, err := os.Stat(filepath.Join(modules, "mermaid", "package.json")); err != nil {
		t.Fatalf("Mermaid's parser is not installed (%v): run .ci/ensure-mermaid", err)
	}
	cat := load(t)
	all := append(examples.All(), examples.Example{File: "hostile.yaml", Data: []byte(hostile)})
	dir := t.TempDir()
	designs := map[string]*catalogue.Design{}
	var files []string
	for _, ex := range all {
		d := parse(t, cat, ex.File, ex.Data)
		out, err := Write("mermaid", cat, d, geo)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, strings.TrimSuffix(ex.File, ".yaml")+".mmd")
		if err := os.WriteFile(file, out, 0o644); err != nil {
			t.Fatal(err)
		}
		designs[file] = d
		files = append(files, file)
	}
	cmd := exec.Command("node", append([]string{"testdata/parse-mermaid.mjs", modules}, files...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var parsed []struct {
		File, Type, Error string
		Vertices          []struct {
			ID, Text string
			Classes  []string
		}
		Edges []struct {
			Start, End, Text, Stroke string
		}
		Subgraphs []struct {
			ID, Title string
			Nodes     []string
		}
	}
	if err := json.Unmarshal(out, &parsed); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(parsed) != len(files) {
		t.Fatalf("%d results for %d files", len(parsed), len(files))
	}
	for _, p := range parsed {
		name := filepath.Base(p.File)
		if p.Error != "" {
			t.Errorf("%s does not parse: %s", name, p.Error)
			continue
		}
		d := designs[p.File]
		m := build(cat, d, geo)
		if p.Type != "flowchart-v2" {
			t.Errorf("%s: a %s, not a flowchart", name, p.Type)
		}
		vertices := map[string]string{}
		classes := map[string][]string{}
		for _, v := range p.Vertices {
			vertices[v.ID], classes[v.ID] = v.Text, v.Classes
		}
		if len(p.Vertices) != len(d.Nodes) {
			t.Errorf("%s: %d vertices for %d nodes", name, len(p.Vertices), len(d.Nodes))
		}
		for _, n := range m.nodes {
			want := oneLine(n.label) + "<br><small>" + oneLine(n.product) + "</small>"
			if got, ok := vertices[n.key]; !ok || got != want {
				t.Errorf("%s: vertex %s reads %q, want %q", name, n.key, got, want)
			}
			if c := classes[n.key]; len(c) != 1 || c[0] != "kind_"+strings.ReplaceAll(n.kind, "-", "_") {
				t.Errorf("%s: vertex %s has classes %v", name, n.key, c)
			}
		}
		if len(p.Edges) != len(m.edges) {
			t.Fatalf("%s: %d edges for %d", name, len(p.Edges), len(m.edges))
		}
		for k, e := range m.edges {
			got := p.Edges[k]
			stroke := map[catalogue.Flow]string{catalogue.FlowEvent: "dotted", catalogue.FlowData: "thick"}[e.flow]
			if stroke == "" {
				stroke = "normal"
			}
			if got.Start != m.nodes[e.from].key || got.End != m.nodes[e.to].key || got.Text != oneLine(e.label) || got.Stroke != stroke {
				t.Errorf("%s: edge %d reads %+v, want %s -> %s %q %s", name, k, got, m.nodes[e.from].key, m.nodes[e.to].key, e.label, stroke)
			}
		}
		if len(p.Subgraphs) != len(m.groups) {
			t.Errorf("%s: %d subgraphs for %d groups", name, len(p.Subgraphs), len(m.groups))
		}
		for _, s := range p.Subgraphs {
			var g *mgroup
			for i := range m.groups {
				if m.groups[i].key == s.ID {
					g = &m.groups[i]
				}
			}
			if g == nil {
				t.Errorf("%s: subgraph %s is no group", name, s.ID)
				continue
			}
			if s.Title != oneLine(groupTitle(*g)) {
				t.Errorf("%s: subgraph %s reads %q", name, s.ID, s.Title)
			}
			var want []string
			for _, c := range g.groups {
				want = append(want, m.groups[c].key)
			}
			for _, n := range g.nodes {
				want = append(want, m.nodes[n].key)
			}
			if !slices.Equal(slices.Sorted(slices.Values(s.Nodes)), slices.Sorted(slices.Values(want))) {
				t.Errorf("%s: subgraph %s holds %v, want %v", name, s.ID, s.Nodes, want)
			}
		}
	}
}

// The D2 version .ci/ensure-d2 builds.
const d2Version = "v0.7.2"

// D2's own compiler validates the export of every example and of the
// hostile design.
func TestD2Validates(t *testing.T) {
	bin := os.Getenv("D2")
	if bin == "" {
		bin = filepath.Join("..", "..", ".cache", "d2-"+d2Version, "d2")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("D2 is not built (%v): run .ci/ensure-d2", err)
	}
	cat := load(t)
	dir := t.TempDir()
	for _, ex := range append(examples.All(), examples.Example{File: "hostile.yaml", Data: []byte(hostile)}) {
		out, err := Write("d2", cat, parse(t, cat, ex.File, ex.Data), geo)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, strings.TrimSuffix(ex.File, ".yaml")+".d2")
		if err := os.WriteFile(file, out, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "validate", file)
		cmd.Env = append(os.Environ(), "D2_LAYOUT=dagre", "HOME="+dir)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: d2 validate: %v\n%s\n%s", ex.File, err, msg, out)
		}
	}
}
