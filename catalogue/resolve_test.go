package catalogue

import (
	"fmt"
	"strings"
	"testing"
)

// Each property's value and source follow the chain: node override (design),
// component pin (component), declared default (kind), else unset.
func TestResolveProvenance(t *testing.T) {
	cat := mustDefault(t)
	res := evaluate(t, cat, "p.yaml", []byte(`nodes:
  - id: "events"
    component: "nats-jetstream"
    props: { replicationFactor: 3, compaction: true }
`))
	node := res.Nodes[0]
	cases := []struct {
		prop   string
		value  string
		source Source
	}{
		{"replicationFactor", "3", SourceDesign},         // overridden on the node
		{"compaction", "true", SourceDesign},             // overridden although the kind defaults it
		{"acks", `"quorum"`, SourceComponent},            // pinned by nats-jetstream
		{"managed", "false", SourceComponent},            // pinned, equal to the kind default
		{"retentionPolicy", `"limits"`, SourceKind},      // component-level declaration's default
		{"schemaEnforced", "false", SourceKind},          // kind default
		{"minInsyncReplicas", "—", SourceUnset},          // no default anywhere
		{"transactions", "false", SourceKind},            // advanced, kind default
		{"ordering", `"global"`, SourceComponent},        // pin differs from the kind default
		{"delivery", `"at-least-once"`, SourceComponent}, // pin equal to the kind default still counts as a pin
		{"storage", `"persistent"`, SourceComponent},     // likewise
		{"partitions", "—", SourceUnset},                 // JetStream has no partitions
		{"retentionHours", "—", SourceUnset},             // unlimited unless limits are set
		{"idempotentProducer", "false", SourceKind},      // opt-in Msg-Id, kind default
	}
	if len(node.Properties) != len(cases) {
		t.Errorf("node has %d properties, want %d", len(node.Properties), len(cases))
	}
	for _, tc := range cases {
		p, ok := node.Get(tc.prop)
		if !ok {
			t.Errorf("%s: missing", tc.prop)
			continue
		}
		if p.Value.Literal() != tc.value || p.Source != tc.source {
			t.Errorf("%s = %s from %s, want %s from %s", tc.prop, p.Value.Literal(), p.Source, tc.value, tc.source)
		}
	}
}

// Required properties without a value are reported as violations.
func TestRequiredPropertyUnset(t *testing.T) {
	files := baseFiles()
	body := strings.Replace(string(files["kinds/queue.yaml"].Data), "  retentionDays:\n    type: \"integer\"\n", "  retentionDays:\n    type: \"integer\"\n    required: true\n", 1)
	files["kinds/queue.yaml"].Data = []byte(body)
	cat, err := Load(Layer{Name: "cat", FS: files})
	if err != nil {
		t.Fatal(err)
	}
	res := evaluate(t, cat, "q.yaml", []byte(`nodes: [{ id: "q", component: "queue" }, { id: "r", component: "queue", props: { retentionDays: 4 } }]`))
	if len(res.Violations) != 1 || res.Violations[0].Rule != "required" || res.Violations[0].Node != "q" {
		t.Errorf("violations %+v, want one `required` on q", res.Violations)
	}
}

// BenchmarkResolveAndCheck checks and resolves designs whose nodes cycle
// through every component of the catalogue, each connected to the next (so
// connection rules run on every edge).
func BenchmarkResolveAndCheck(b *testing.B) {
	cat := mustDefault(b)
	comps := cat.ComponentIDs()
	for _, n := range []int{100, 1000, 10000} {
		d := &Design{SchemaVersion: SchemaVersion}
		for i := range n {
			node := Node{ID: fmt.Sprintf("n-%d", i), Component: comps[i%len(comps)]}
			if i%3 == 0 && cat.Components[node.Component].Kind == "stream" {
				node.Props = map[string]Value{"replicationFactor": IntValue(int64(1 + i%5)), "minInsyncReplicas": IntValue(2)}
			}
			d.Nodes = append(d.Nodes, node)
			if i > 0 {
				d.Edges = append(d.Edges, Edge{From: fmt.Sprintf("n-%d", i-1), To: node.ID})
			}
		}
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if errs := cat.Check(d); len(errs) > 0 {
					b.Fatal(errs)
				}
				cat.Resolve(d)
			}
		})
	}
}

// BenchmarkLoad is loading and linking the embedded catalogue: the editor
// does it once at start-up.
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(Layer{Name: "catalogue", FS: Embedded()}); err != nil {
			b.Fatal(err)
		}
	}
}
