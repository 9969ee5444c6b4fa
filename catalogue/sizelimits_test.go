package catalogue

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// Designs at the limits (MaxDesignBytes, MaxNodes, MaxEdges) that are as bad
// as they can be where a check costs the most: near-miss hints and echoed
// values. Each must read in about a second, never minutes.
func hostileDesigns() map[string][]byte {
	var one, edges, comps strings.Builder
	// One unknown component whose name fills the file.
	one.WriteString("nodes:\n  - { id: \"a\", component: \"")
	one.WriteString(strings.Repeat("kafka", (MaxDesignBytes-100)/5))
	one.WriteString("\" }\n")
	// 50,000 nodes, and 50,000 edges from ids that are near misses of them.
	edges.WriteString("nodes:\n")
	for i := range MaxNodes {
		fmt.Fprintf(&edges, "  - { id: \"node-%d\", component: \"kafka\" }\n", i)
	}
	edges.WriteString("edges:\n")
	for i := range MaxEdges {
		fmt.Fprintf(&edges, "  - { from: \"nod-%d\", to: \"node-%d\" }\n", i, (i+1)%MaxNodes)
	}
	// 50,000 nodes of components that are near misses of real ones.
	comps.WriteString("nodes:\n")
	for i := range MaxNodes {
		fmt.Fprintf(&comps, "  - { id: \"n-%d\", component: \"kafak-%d\", props: { replicaz: %d } }\n", i, i, i)
	}
	return map[string][]byte{"one-huge-unknown-component": []byte(one.String()), "50k-edges-from-unknown-nodes": []byte(edges.String()), "50k-unknown-components": []byte(comps.String())}
}

func BenchmarkHostileDesign(b *testing.B) {
	cat := mustDefault(b)
	for name, data := range hostileDesigns() {
		if len(data) > MaxDesignBytes {
			b.Fatalf("%s: %d bytes, over the limit", name, len(data))
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, errs := cat.ReadDesign(name+".yaml", data); len(errs) == 0 {
					b.Fatal("no problems")
				}
			}
		})
	}
}

// The hostile designs' problems are reported in full, each message a line
// of reasonable length, with hints only while they are cheap.
func TestHostileDesignMessages(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	cat := mustDefault(t)
	designs := hostileDesigns()
	_, errs := cat.ReadDesign("one.yaml", designs["one-huge-unknown-component"])
	if len(errs) != 1 || errs[0].Code != "unknown-component" || len(errs[0].Error()) > 300 {
		t.Errorf("one huge unknown component: %d problems, the first %.300s", len(errs), errs.Error())
	}
	_, errs = cat.ReadDesign("edges.yaml", designs["50k-edges-from-unknown-nodes"])
	if len(errs) != MaxEdges || !strings.Contains(errs[0].Msg, "did you mean `node-0`?") {
		t.Errorf("50k edges: %d problems, the first %s", len(errs), errs[0])
	}
}

// A design of 50,000 nodes and 50,000 edges, every node with overrides.
func largeDesign() *Design {
	d := &Design{SchemaVersion: SchemaVersion, ID: "large", Name: "Large"}
	for i := range MaxNodes {
		d.Nodes = append(d.Nodes, Node{ID: fmt.Sprintf("node-%d", i), Component: "kafka",
			Props:    map[string]Value{"replicationFactor": IntValue(3), "acks": StringValue("all")},
			Position: &Point{X: float64(i % 100 * 240), Y: float64(i / 100 * 120)}})
	}
	for i := range MaxEdges {
		d.Edges = append(d.Edges, Edge{From: d.Nodes[i].ID, To: d.Nodes[(i+1)%MaxNodes].ID, Label: "publishes"})
	}
	return d
}

func BenchmarkEncodeLargeDesign(b *testing.B) {
	d := largeDesign()
	b.ReportAllocs()
	for b.Loop() {
		EncodeDesignYAML(d)
	}
}

// The largest design encodes and reads back as itself.
func TestLargeDesignRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs")
	}
	d := largeDesign()
	data := EncodeDesignYAML(d)
	back, errs := ParseDesign("large.yaml", data)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(back.Nodes) != MaxNodes || len(back.Edges) != MaxEdges || back.Nodes[MaxNodes-1].Props["acks"] != StringValue("all") ||
		*back.Nodes[MaxNodes-1].Position != *d.Nodes[MaxNodes-1].Position || back.Edges[7] != d.Edges[7] {
		t.Errorf("read back differently")
	}
}

// BenchmarkReadDesign reads designs as the editor's import does: 1,000 and
// 10,000 nodes written one flow mapping per node, as by hand (the browser
// benchmark's), and 10,000 as the editor writes them.
func BenchmarkReadDesign(b *testing.B) {
	cat := mustDefault(b)
	comps := []string{"kafka", "redpanda", "nats-jetstream", "kinesis", "pulsar", "azure-event-hubs", "stream"}
	flowStyle := func(n int) []byte {
		var y strings.Builder
		y.WriteString("nodes:\n")
		for i := range n {
			fmt.Fprintf(&y, "  - { id: \"n-%d\", component: %q, position: { x: %d, y: %d } }\n", i, comps[i%len(comps)], 40+(i%40)*220, 40+(i/40)*120)
		}
		y.WriteString("edges:\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&y, "  - { from: \"n-%d\", to: \"n-%d\" }\n", i-1, i)
		}
		return []byte(y.String())
	}
	flow10k := flowStyle(10000)
	exported, errs := cat.ReadDesign("d.yaml", flow10k)
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{{"flow/nodes=1000", flowStyle(1000)}, {"flow/nodes=10000", flow10k}, {"exported/nodes=10000", EncodeDesignYAML(exported)}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, errs := cat.ReadDesign("d.yaml", c.data); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}

// ParseDesignYielding reads a design as ParseDesign does, calling its yield
// now and then through a large one.
func TestParseDesignYielding(t *testing.T) {
	var y strings.Builder
	y.WriteString("nodes:\n")
	for i := range 3000 {
		fmt.Fprintf(&y, "  - { id: \"n-%d\", component: kafka }\n", i)
	}
	y.WriteString("edges:\n")
	for i := 1; i < 3000; i++ {
		fmt.Fprintf(&y, "  - { from: \"n-%d\", to: \"n-%d\" }\n", i-1, i)
	}
	for _, data := range [][]byte{[]byte(y.String()), []byte(y.String() + "notes: [{ text: \"x\" }]\n  bad: indentation\n")} {
		want, werrs := ParseDesign("d.yaml", data)
		yields := 0
		got, errs := ParseDesignYielding("d.yaml", data, func() { yields++ })
		if fmt.Sprint(errs) != fmt.Sprint(werrs) || (want == nil) != (got == nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("read differently: %v and %v", errs, werrs)
		}
		if want != nil && yields < 20 {
			t.Errorf("yielded %d times through 6,000 items", yields)
		}
	}
}
