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
	for _, n := range []int{100, 1000, 10000} {
		d := chainDesign(cat, n)
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

// Findings that ask for the same change are told once, the others' rules in
// Also; suppressions apply before that, so suppressing one finding never
// hides another, and a used suppression is never called unused.
func TestFindingsToldOnce(t *testing.T) {
	cat := mustDefault(t)
	const db = `nodes:
  - { id: "db", component: "aws-aurora-postgresql", props: { automatedBackups: false, pointInTimeRecovery: true } }
`
	rules := func(src string) (shown, suppressed []string, also [][]string) {
		d, errs := cat.ReadDesign("d.yaml", []byte(src))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		for _, v := range cat.Resolve(d).Violations {
			if v.Suppressed {
				suppressed = append(suppressed, v.Rule)
			} else {
				shown = append(shown, v.Rule)
				also = append(also, v.Also)
			}
		}
		return
	}
	shown, _, also := rules(db)
	if len(shown) != 1 || shown[0] != RuleLimit || len(also[0]) != 1 || also[0][0] != "relational-pitr-needs-automated-backups" {
		t.Errorf("told %v, also %v; want the limit once, with the PITR rule", shown, also)
	}
	shown, suppressed, _ := rules(db + "suppress: [{ rule: \"limit\", node: \"db\", reason: \"migrating\" }]\n")
	if len(shown) != 1 || shown[0] != "relational-pitr-needs-automated-backups" || len(suppressed) != 1 {
		t.Errorf("suppressing the limit: shown %v, suppressed %v; the PITR error must stay", shown, suppressed)
	}
	shown, suppressed, _ = rules(db + "suppress: [{ rule: \"relational-pitr-needs-automated-backups\", node: \"db\", reason: \"restores are tested\" }]\n")
	if len(shown) != 1 || shown[0] != RuleLimit || len(suppressed) != 1 || suppressed[0] != "relational-pitr-needs-automated-backups" {
		t.Errorf("suppressing the PITR rule: shown %v, suppressed %v", shown, suppressed)
	}
	// Two functions on one database ask for one pooler: told once.
	shown, _, _ = rules(`nodes:
  - { id: "a", component: "aws-lambda" }
  - { id: "b", component: "aws-lambda" }
  - { id: "db", component: "aws-rds-postgresql" }
edges:
  - { from: "a", to: "db" }
  - { from: "b", to: "db" }
`)
	if n := strings.Count(strings.Join(shown, " "), "function-to-database-needs-pooling"); n != 1 {
		t.Errorf("pooling told %d times: %v", n, shown)
	}
}

// chainDesign is the benchmarks' design: n nodes cycling through every
// product, each connected to the next, with overrides on some stream nodes
// that break rules.
func chainDesign(cat *Catalogue, n int) *Design {
	comps := cat.ComponentIDs()
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
	return d
}
