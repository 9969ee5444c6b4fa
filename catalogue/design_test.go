package catalogue

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// designErrors parses and checks a design and returns every error as text.
func designErrors(cat *Catalogue, name, src string) []string {
	_, errs := cat.ReadDesign(name, []byte(src))
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

func TestDesignErrors(t *testing.T) {
	cat := mustDefault(t)
	cases := []struct {
		name, src string
		want      []string
	}{
		{"the seed's snippet is valid", "nodes:\n  - { id: \"nats-jetstream\", component: \"nats-jetstream\" }\n", nil},
		{"unknown component with near miss", "nodes:\n  - { id: \"k\", component: \"kafak\" }\n",
			[]string{"d.yaml:2:27: nodes[0].component: unknown component `kafak`; did you mean `kafka`?"}},
		{"enum value not allowed", "nodes:\n  - { id: \"k\", component: \"kafka\", props: { acks: \"most\" } }\n",
			[]string{"d.yaml:2:51: nodes[0].props.acks: `most` is not one of none, leader, quorum, all (kind stream, catalogue/kinds/stream.yaml:10:3)"}},
		{"integer given as string", "nodes:\n  - { id: \"k\", component: \"kafka\", props: { partitions: \"3\" } }\n",
			[]string{"d.yaml:2:57: nodes[0].props.partitions: \"3\" is a string; partitions is an integer (kind stream, catalogue/kinds/stream.yaml:41:3)"}},
		{"integer below minimum", "nodes:\n  - { id: \"k\", component: \"kafka\", props: { partitions: 0 } }\n",
			[]string{"d.yaml:2:57: nodes[0].props.partitions: 0 is below the minimum 1 of partitions (kind stream, catalogue/kinds/stream.yaml:41:3)"}},
		{"boolean given as yes", "nodes:\n  - { id: \"k\", component: \"kafka\", props: { compaction: yes } }\n",
			[]string{"d.yaml:2:57: nodes[0].props.compaction: \"yes\" is a string; compaction is a boolean (true or false) (kind stream, catalogue/kinds/stream.yaml:14:3)"}},
		{"unknown property", "nodes:\n  - { id: \"k\", component: \"kafka\", props: { replication: 3 } }\n",
			[]string{"d.yaml:2:45: nodes[0].props.replication: component `kafka` (kind stream) has no property `replication`; did you mean `replicationFactor`?"}},
		{"a property's common name leads to it", "nodes:\n  - { id: \"k\", component: \"kafka\", props: { replicas: 3 } }\n",
			[]string{"d.yaml:2:45: nodes[0].props.replicas: component `kafka` (kind stream) has no property `replicas`; did you mean `replicationFactor`?"}},
		{"duplicate node id", "nodes:\n  - { id: \"k\", component: \"kafka\" }\n  - { id: \"k\", component: \"redpanda\" }\n",
			[]string{"d.yaml:3:5: nodes[1].id: `k` is already the id of nodes[0] (line 2); ids must be unique"}},
		{"edge to unknown node", "nodes:\n  - { id: \"a\", component: \"kafka\" }\n  - { id: \"b\", component: \"kafka\" }\nedges:\n  - { from: \"a\", to: \"c\" }\n",
			[]string{"d.yaml:5:22: edges[0].to: no node has the id `c`"}},
		{"edge to itself", "nodes:\n  - { id: \"a\", component: \"kafka\" }\nedges:\n  - { from: \"a\", to: \"a\" }\n",
			[]string{"d.yaml:4:5: edges[0]: connects `a` to itself; an edge joins two different nodes"}},
		{"unknown key", "nodes:\n  - { id: \"a\", component: \"kafka\", prop: {} }\n",
			[]string{"d.yaml:2:36: nodes[0]: unknown key `prop`; did you mean `props`? (allowed: id, name, component, in, entry, replicaOf, notReplica, zones, assume, objectives, durability, props, position, origin)"}},
		{"missing component", "nodes:\n  - { id: \"a\" }\n",
			[]string{"d.yaml:2:5: nodes[0]: `component` is required (a component id such as \"kafka\")"}},
		{"bad node id", "nodes:\n  - { id: \"Kafka Main\", component: \"kafka\" }\n",
			[]string{"d.yaml:2:11: nodes[0].id: \"Kafka Main\" is not a valid id; use 1 to 64 lower-case letters, digits and single hyphens (like \"kafka\" or \"aws-msk\")"}},
		{"no nodes", "name: \"x\"\n",
			[]string{"d.yaml:1:1: `nodes` is required, for example:\nnodes:\n  - { id: \"kafka\", component: \"kafka\" }"}},
		{"nodes not a list", "nodes: { id: \"a\" }\n",
			[]string{"d.yaml:1:8: nodes: expected a list of nodes, found a mapping"}},
		{"position not numbers", "nodes:\n  - { id: \"a\", component: \"kafka\", position: { x: \"1\", y: 2 } }\n",
			[]string{"d.yaml:2:51: nodes[0].position.x: expected a number, found the string \"1\""}},
		{"wrong type", "type: \"component\"\nnodes: []\n",
			[]string{"d.yaml:1:7: type: \"component\" found where a design file (`type: \"design\"`) belongs"}},
		{"YAML syntax", "nodes:\n  - { id: \"a\", component: \"kafka\"\n",
			[]string{"d.yaml:2:3: YAML syntax error: did not find expected ',' or '}'"}},
		{"alias", "x: &a {}\nnodes: *a\n",
			[]string{"d.yaml:1:1: design: unknown key `x` (allowed: schemaVersion, type, id, name, description, constraints, objectives, groups, nodes, edges, notes, suppress)", "d.yaml:2:8: nodes: YAML aliases (*a) are not supported; write the value out"}},
		{"several problems at once", "nodes:\n  - { id: \"a\", component: \"kafak\" }\n  - { id: \"b\", component: \"kafka\", props: { acks: 1 } }\nedges:\n  - { from: \"a\", to: \"z\" }\n",
			[]string{
				"d.yaml:2:27: nodes[0].component: unknown component `kafak`; did you mean `kafka`?",
				"d.yaml:3:51: nodes[1].props.acks: 1 is an integer; acks is an enum (one of none, leader, quorum, all) (kind stream, catalogue/kinds/stream.yaml:10:3)",
				"d.yaml:5:22: edges[0].to: no node has the id `z`",
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := designErrors(cat, "d.yaml", tc.src)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// Export writes a fixed key order, only overrides, and positions; its output
// is a golden file and reads back to the same design.
func TestMarshalGoldenAndRoundTrip(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "export", "input.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	d, errs := ParseDesign("input.yaml", src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := EncodeDesignYAML(d)
	golden := filepath.Join("testdata", "export", "want.yaml")
	if *update {
		os.WriteFile(golden, got, 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("export differs from %s (run go test -update):\n%s", golden, got)
	}
	assertRoundTrip(t, d)
}

// assertRoundTrip checks that parse(export(d)) equals d.
func assertRoundTrip(t *testing.T, d *Design) {
	t.Helper()
	out := EncodeDesignYAML(d)
	back, errs := ParseDesign("export.yaml", out)
	if len(errs) > 0 {
		t.Fatalf("export does not parse: %v\n%s", errs, out)
	}
	a, b := *d, *back
	a.Positions, b.Positions = nil, nil
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("round trip changed the design:\nbefore %+v\nafter  %+v\n%s", a, b, out)
	}
	if again := EncodeDesignYAML(back); string(again) != string(out) {
		t.Fatalf("export is not stable:\n%s\n---\n%s", out, again)
	}
}

// FuzzParseDesign feeds arbitrary bytes to the design parser: it must never
// panic, and whatever it accepts must survive an export round trip.
func FuzzParseDesign(f *testing.F) {
	for _, glob := range []string{"testdata/rules/*/*.yaml", "testdata/export/*.yaml"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			b, _ := os.ReadFile(file)
			f.Add(b)
		}
	}
	f.Add([]byte("nodes: []\n"))
	f.Add([]byte(placedDesign))
	f.Add([]byte("nodes:\n  - { id: \"a\", component: \"kafka\", position: { x: 1.5, y: -2e3 } }\nedges: [{ from: a, to: b, label: \"\\u202e\" }]\n"))
	// The hardening cases: ambiguous numbers, tags, escaped control
	// characters, unknown names to hint at, multi-byte text.
	f.Add([]byte("nodes:\n  - { id: \"a\", component: \"kafka\", props: { partitions: 012 }, position: { x: 0x10, y: 1_000 } }\n"))
	f.Add([]byte("!!map\nnodes:\n  - { !foo id: \"a\", component: !!str kafka, props: { compaction: !!bool \"yes\" } }\n"))
	f.Add([]byte("name: \"a\\0b\\x1b[2J\\x85\"\nnodes:\n  - { id: \"a\", component: \"kafka\" }\nedges:\n  - { from: \"a\", to: \"nod-a\", label: \"\\e\" }\n"))
	f.Add([]byte("nodes:\n  - { id: \"a\", component: \"kafak-kafak-kafak\", props: { replicaz: 1 } }\n  - { id: \"b\", component: \"kafka\" }\nedges:\n  - { from: \"aa\", to: \"bb\" }\n"))
	f.Add([]byte("name: \"日本語の名前 🎉\"\ndescription: \"\u2028\"\nnodes: []\n"))
	f.Add([]byte("nodes: [{ id: \"a\", component: \"kafka\" }]\nnotes:\n  - { text: \"x\\ny\", on: \"a\", position: { x: 1, y: -2 } }\n  - { text: \"z\" }\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, errs := ParseDesign("fuzz.yaml", data)
		if len(errs) > 0 {
			return
		}
		assertRoundTrip(t, d)
	})
}

func TestEncodeDesignJSON(t *testing.T) {
	d, errs := ParseDesign("d.yaml", []byte("id: \"x\"\nnodes:\n  - { id: \"a\", component: \"kafka\", props: { partitions: 3, acks: \"all\" }, position: { x: 1, y: 2.5 } }\n  - { id: \"b\", component: \"stream\" }\nedges:\n  - { from: \"a\", to: \"b\" }\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := `{"schemaVersion":"1","type":"design","id":"x","nodes":[{"id":"a","component":"kafka","props":{"acks":"all","partitions":3},"position":{"x":1,"y":2.5}},{"id":"b","component":"stream"}],"edges":[{"from":"a","to":"b"}]}`
	if got := string(EncodeDesignJSON(d)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// Every path a problem or a violation names finds where it was written;
// a path to nothing gives the file alone.
func TestPositionsByPath(t *testing.T) {
	src := "nodes:\n  - id: \"a\"\n    component: \"kafka\"\n    props: { acks: \"all\" }\n  - { id: \"b\", component: \"aws-lambda\" }\nedges:\n  - { from: \"a\", to: \"b\" }\n"
	d, errs := ParseDesign("p.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for path, want := range map[string]string{
		NodePath(0, ""):               "p.yaml:2:5",
		NodePath(0, "id"):             "p.yaml:2:9",
		NodePath(0, "component"):      "p.yaml:3:16",
		NodePath(0, "props.acks"):     "p.yaml:4:20",
		NodePath(0, "props.acks:key"): "p.yaml:4:14",
		NodePath(1, "component"):      "p.yaml:5:27",
		EdgePath(0, "from"):           "p.yaml:7:13",
		EdgePath(0, "to"):             "p.yaml:7:22",
		NodePath(0, "props.nope"):     "p.yaml",
		NodePath(5, "id"):             "p.yaml",
		EdgePath(1, "from"):           "p.yaml",
		"nodes[x].id":                 "p.yaml",
		"":                            "p.yaml",
	} {
		if got := d.Positions.Pos(path).String(); got != want {
			t.Errorf("Pos(%q) = %s, want %s", path, got, want)
		}
	}
	if got := (&Design{}).Positions.Pos(NodePath(0, "id")); got != (Pos{}) {
		t.Errorf("a design built in memory has positions: %v", got)
	}
}

// The analysis's fields survive both writers: YAML exactly, and JSON read
// back as the same design.
func TestAnalysisFieldsRoundTrip(t *testing.T) {
	src := "objectives: {availability: 99.95}\nnodes:\n  - { id: \"a\", component: \"aws-http-api\", entry: true, objectives: { availability: 99.99 } }\n  - { id: \"b\", component: \"kafka\", assume: { availability: 99.5 }, durability: { failuresTolerated: 2 } }\n  - { id: \"c\", component: \"kafka\", replicaOf: \"b\" }\n"
	d, errs := ParseDesign("d.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if !d.Nodes[0].Entry || d.Nodes[0].Objectives.Availability != 99.99 || d.Nodes[1].Assume.Availability != 99.5 || d.Nodes[1].Objectives.FailuresTolerated != 2 || d.Nodes[2].ReplicaOf != "b" || d.Objectives.Availability != 99.95 {
		t.Fatalf("%+v", d)
	}
	assertRoundTrip(t, d)
	j := EncodeDesignJSON(d)
	want := `{"schemaVersion":"1","type":"design","objectives":{"availability":99.95},"nodes":[{"id":"a","component":"aws-http-api","entry":true,"objectives":{"availability":99.99}},{"id":"b","component":"kafka","assume":{"availability":99.5},"durability":{"failuresTolerated":2}},{"id":"c","component":"kafka","replicaOf":"b"}]}`
	if string(j) != want {
		t.Errorf("got  %s\nwant %s", j, want)
	}
	back, errs := ParseDesign("d.json", j)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	a, b := *d, *back
	a.Positions, b.Positions = nil, nil
	if !reflect.DeepEqual(a, b) {
		t.Errorf("JSON changed the design:\n%+v\n%+v", a, b)
	}
}

// A node's display name is optional, survives both writers, and is free
// text like the design's own name.
func TestNodeNameRoundTrip(t *testing.T) {
	src := "nodes:\n  - { id: \"api\", name: \"Public API: \\\"v2\\\"\", component: \"aws-http-api\" }\n  - { id: \"db\", component: \"kafka\" }\n"
	d, errs := ParseDesign("d.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if d.Nodes[0].Name != `Public API: "v2"` || d.Nodes[1].Name != "" {
		t.Fatalf("names %q, %q", d.Nodes[0].Name, d.Nodes[1].Name)
	}
	assertRoundTrip(t, d)
	if y := string(EncodeDesignYAML(d)); !strings.Contains(y, "  - id: \"api\"\n    name: \"Public API: \\\"v2\\\"\"\n    component:") {
		t.Errorf("YAML:\n%s", y)
	}
	j := EncodeDesignJSON(d)
	if !strings.Contains(string(j), `{"id":"api","name":"Public API: \"v2\"","component":"aws-http-api"}`) || strings.Contains(string(j), `"id":"db","name"`) {
		t.Errorf("JSON: %s", j)
	}
	back, errs := ParseDesign("d.json", j)
	if len(errs) > 0 || back.Nodes[0].Name != d.Nodes[0].Name {
		t.Errorf("JSON read back: %v %+v", errs, back.Nodes)
	}
	if _, errs := ParseDesign("d.yaml", []byte("nodes:\n  - { id: \"a\", name: 3, component: \"kafka\" }\n")); len(errs) == 0 {
		t.Error("a name that is not a string was accepted")
	}
	if _, errs := ParseDesign("d.yaml", []byte("nodes:\n  - { id: \"a\", name: \"bad\\u0000\", component: \"kafka\" }\n")); len(errs) == 0 {
		t.Error("a name with a control character was accepted")
	}
}
