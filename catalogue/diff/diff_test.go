package diff

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

func load(t *testing.T) *catalogue.Catalogue {
	t.Helper()
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func design(t *testing.T, cat *catalogue.Catalogue, body string) *catalogue.Design {
	t.Helper()
	d, errs := cat.ReadDesign("d.yaml", []byte(body))
	if len(errs) > 0 {
		t.Fatalf("%s\n%s", errs.Error(), body)
	}
	return d
}

const base = `nodes:
  - { id: api, component: aws-api-gateway, entry: true, props: { authRequired: true, rateLimiting: true } }
  - { id: fn, component: aws-lambda, props: { idempotentHandler: true, timeoutSeconds: 10 } }
  - { id: db, component: aws-dynamodb }
edges:
  - { from: api, to: fn }
  - { from: fn, to: db }
`

// parallel has two edges between the same two nodes.
var parallel = strings.Replace(base, "  - { from: fn, to: db }\n", "  - { from: fn, to: db, label: orders, protocol: https }\n  - { from: fn, to: db, label: stock, protocol: grpc }\n", 1)

// ambiguous has two nodes a rename of both could match either way.
var ambiguous = strings.Replace(base, "  - { id: db, component: aws-dynamodb }\n", "  - { id: db, component: aws-dynamodb }\n  - { id: db2, component: aws-dynamodb }\n", 1) + "  - { from: fn, to: db2 }\n"

// summary is a report in one line per change, for the table below.
func summary(r *Report) string {
	var s []string
	for _, f := range r.Design {
		s = append(s, "design "+f.Name+": "+f.Old+" -> "+f.New)
	}
	for _, c := range r.Nodes {
		line := "node " + c.Change + " " + c.ID
		if c.Was != "" {
			line += " was " + c.Was
		}
		for _, f := range c.Fields {
			line += "; " + f.Name + ": " + f.Old + " -> " + f.New
		}
		for _, p := range c.Properties {
			line += "; " + p.Name + ": " + p.Old + " (" + p.OldSource + ") -> " + p.New + " (" + p.NewSource + ")"
		}
		s = append(s, line)
	}
	for _, c := range r.Edges {
		line := "edge " + c.Change + " " + c.From + "->" + c.To
		for _, f := range c.Fields {
			line += "; " + f.Name + ": " + f.Old + " -> " + f.New
		}
		s = append(s, line)
	}
	for _, c := range r.Groups {
		s = append(s, "group "+c.Change+" "+c.ID)
	}
	for _, f := range r.Findings {
		s = append(s, f.Change+" "+f.Rule+" at "+f.Where)
	}
	for _, a := range r.Analysis {
		s = append(s, a.Topic+" "+a.Subject)
	}
	return strings.Join(s, "\n")
}

func TestCompare(t *testing.T) {
	cat := load(t)
	cases := []struct {
		name, old, new string
		want           []string // lines the summary holds
		not            []string // lines it must not
	}{
		{"same design", base, base, nil, []string{"node", "edge"}},
		{"positions and notes are not semantic", base,
			strings.Replace(base, "component: aws-dynamodb }", "component: aws-dynamodb, position: { x: 10, y: 20 } }", 1) + "notes:\n  - { text: hello }\n",
			nil, []string{"node", "edge"}},
		{"a property override: old and new with their sources", base,
			strings.Replace(base, "timeoutSeconds: 10", "timeoutSeconds: 60", 1),
			[]string{"node changed fn; timeoutSeconds: 10 (design) -> 60 (design)", "introduced gateway-timeout-shorter-than-function at api -> fn"}, nil},
		{"a rename matched by component and connections", base,
			strings.NewReplacer("id: db,", "id: table,", "to: db", "to: table").Replace(base),
			[]string{"node renamed table was db"}, []string{"node added", "node removed", "edge added", "edge removed"}},
		{"a rename with new connections is a removal and an addition", base,
			strings.NewReplacer("id: db,", "id: table,", "{ from: fn, to: db }", "{ from: api, to: table }").Replace(base),
			[]string{"node removed db", "node added table", "edge removed fn->db", "edge added api->table"}, []string{"renamed"}},
		{"an ambiguous rename is not guessed", ambiguous,
			strings.NewReplacer("id: db,", "id: x1,", "id: db2,", "id: x2,", "to: db }", "to: x1 }", "to: db2 }", "to: x2 }").Replace(ambiguous),
			[]string{"node removed db", "node removed db2", "node added x1", "node added x2"}, []string{"renamed"}},
		{"a component swap shows the values that moved with it", base,
			strings.Replace(base, "component: aws-dynamodb", "component: aws-rds-postgresql", 1),
			[]string{"node changed db; component: aws-dynamodb -> aws-rds-postgresql"}, nil},
		{"a node removed takes its edges", base,
			strings.NewReplacer("  - { id: db, component: aws-dynamodb }\n", "", "  - { from: fn, to: db }\n", "").Replace(base),
			[]string{"node removed db", "edge removed fn->db"}, nil},
		{"an edge's label and protocol", base,
			strings.Replace(base, "{ from: api, to: fn }", "{ from: api, to: fn, label: invoke, protocol: https }", 1),
			[]string{"edge changed api->fn; label:  -> invoke; protocol:  -> https"}, nil},
		{"parallel edges swapped in the file are no change", parallel,
			strings.Replace(parallel, "  - { from: fn, to: db, label: orders, protocol: https }\n  - { from: fn, to: db, label: stock, protocol: grpc }\n", "  - { from: fn, to: db, label: stock, protocol: grpc }\n  - { from: fn, to: db, label: orders, protocol: https }\n", 1),
			nil, []string{"edge"}},
		{"one of two parallel edges removed", parallel,
			strings.Replace(parallel, "  - { from: fn, to: db, label: orders, protocol: https }\n", "", 1),
			[]string{"edge removed fn->db"}, []string{"edge changed"}},
		{"of parallel edges the same twice, one is paired and the other changed", parallel,
			strings.Replace(parallel, "  - { from: fn, to: db, label: orders, protocol: https }\n  - { from: fn, to: db, label: stock, protocol: grpc }\n", "  - { from: fn, to: db, label: stock, protocol: grpc }\n  - { from: fn, to: db, label: orders, protocol: https }\n  - { from: fn, to: db, label: orders, protocol: https }\n", 1),
			[]string{"edge added fn->db"}, []string{"edge changed", "edge removed"}},
		{"an edge the same as two old ones takes the first, the other is changed", strings.Replace(parallel, "label: stock, protocol: grpc", "label: orders, protocol: https", 1),
			parallel,
			[]string{"edge changed fn->db; label: orders -> stock; protocol: https -> grpc"}, []string{"edge added", "edge removed", "label: orders -> orders"}},
		{"a finding suppressed is accepted, not fixed", base,
			strings.Replace(base, "timeoutSeconds: 10", "timeoutSeconds: 60", 1) + "suppress:\n  - { rule: gateway-timeout-shorter-than-function, reason: the client retries }\n",
			[]string{"node changed fn", "design suppress:  -> gateway-timeout-shorter-than-function"}, []string{"introduced", "fixed"}},
		{"the design's name and objective", base, "name: Orders\nobjectives: { availability: 99.99 }\n" + base,
			[]string{"design name:  -> Orders", "design objectives.availability:  -> 99.99 %", "objective availability of api"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := Compare(cat, design(t, cat, tc.old), design(t, cat, tc.new))
			got := summary(r)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("no %q in\n%s", w, got)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("%q in\n%s", n, got)
				}
			}
			if (len(tc.want) == 0) != r.Empty() {
				t.Errorf("Empty() = %v with\n%s", r.Empty(), got)
			}
		})
	}
}

// A single point of failure the change brings in, and the availability it
// costs, are worse; taking it back out is not.
func TestCompareAnalysis(t *testing.T) {
	cat := load(t)
	two := `groups:
  - { id: eu, boundary: region, props: { provider: aws, region: eu-west-1 } }
  - { id: a, boundary: zone, in: eu, props: { zone: eu-west-1a } }
  - { id: b, boundary: zone, in: eu, props: { zone: eu-west-1b } }
nodes:
  - { id: lb, component: aws-alb, in: eu, entry: true, props: { tlsTermination: true } }
  - { id: w1, component: aws-ec2, in: a, assume: { availability: 99.5 } }
  - { id: w2, component: aws-ec2, in: b, replicaOf: w1, assume: { availability: 99.5 } }
edges:
  - { from: lb, to: w1 }
  - { from: lb, to: w2 }
`
	one := strings.NewReplacer("  - { id: w2, component: aws-ec2, in: b, replicaOf: w1, assume: { availability: 99.5 } }\n", "", "  - { from: lb, to: w2 }\n", "").Replace(two)
	r := Compare(cat, design(t, cat, two), design(t, cat, one))
	var spof, avail *AnalysisChange
	for i, a := range r.Analysis {
		switch a.Topic {
		case "spof":
			if a.Subject == "w1" {
				spof = &r.Analysis[i]
			}
		case "availability":
			avail = &r.Analysis[i]
		}
	}
	if spof == nil || spof.Subject != "w1" || !spof.Worse {
		t.Errorf("no new SPOF w1: %+v", r.Analysis)
	}
	if avail == nil || !avail.Worse {
		t.Errorf("availability not worse: %+v", r.Analysis)
	}
	back := Compare(cat, design(t, cat, one), design(t, cat, two))
	for _, a := range back.Analysis {
		if a.Worse {
			t.Errorf("adding the replica made %s worse: %s", a.Subject, a.Text)
		}
	}
}

// chain is a design of n services in a line, every tenth with a timeout of
// its own.
func chain(n int, timeout int) string {
	var b strings.Builder
	b.WriteString("nodes:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - { id: s%d, component: aws-lambda", i)
		if i%10 == 0 {
			fmt.Fprintf(&b, ", props: { timeoutSeconds: %d }", timeout)
		}
		b.WriteString(" }\n")
	}
	b.WriteString("edges:\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  - { from: s%d, to: s%d }\n", i-1, i)
	}
	return b.String()
}

// BenchmarkCompareSides1000 compares two resolved 1,000-node designs that
// differ in a tenth of their nodes: what Compare with… does after an edit.
func BenchmarkCompareSides1000(b *testing.B) {
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		b.Fatal(err)
	}
	oldD, _ := cat.ReadDesign("old.yaml", []byte(chain(1000, 10)))
	newD, _ := cat.ReadDesign("new.yaml", []byte(chain(1000, 20)))
	o, n := Resolved(cat, oldD), Resolved(cat, newD)
	b.ReportAllocs()
	for b.Loop() {
		if r := CompareSides(o, n); len(r.Nodes) != 100 {
			b.Fatalf("%d nodes changed", len(r.Nodes))
		}
	}
}

// example reads a design of examples/diff.
func example(t *testing.T, cat *catalogue.Catalogue, name string) *catalogue.Design {
	t.Helper()
	data, err := os.ReadFile("../../examples/diff/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return design(t, cat, string(data))
}

// Going back from the orders example's change gains figures and meets the
// objective again: nothing about it is worse.
func TestCompareBackIsNotWorse(t *testing.T) {
	cat := load(t)
	read := func(name string) *catalogue.Design { return example(t, cat, name) }
	r := Compare(cat, read("orders-after.yaml"), read("orders-before.yaml"))
	if len(r.Analysis) == 0 {
		t.Fatal("no analysis changes")
	}
	for _, a := range r.Analysis {
		if a.Worse {
			t.Errorf("worse: %s", a.Text)
		}
	}
}

// BenchmarkCompareAllRenamed10000 compares two 10,000-node chains whose ids
// all differ: every node is a candidate for a rename.
func BenchmarkCompareAllRenamed10000(b *testing.B) {
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		b.Fatal(err)
	}
	oldD, errs := cat.ReadDesign("old.yaml", []byte(chain(10000, 10)))
	if errs != nil {
		b.Fatal(errs)
	}
	newD, _ := cat.ReadDesign("new.yaml", []byte(strings.NewReplacer("id: s", "id: r", "from: s", "from: r", "to: s", "to: r").Replace(chain(10000, 10))))
	o, n := Resolved(cat, oldD), Resolved(cat, newD)
	b.ReportAllocs()
	for b.Loop() {
		if r := CompareSides(o, n); len(r.Nodes) != 20000 {
			b.Fatalf("%d nodes changed", len(r.Nodes))
		}
	}
}

// The one-line summary counts each kind of change, and says when there is
// none.
func TestSummary(t *testing.T) {
	cat := load(t)
	before, after := example(t, cat, "orders-before.yaml"), example(t, cat, "orders-after.yaml")
	if got := Compare(cat, before, before).Summary(); got != "no semantic change" {
		t.Errorf("same design: %s", got)
	}
	r := &Report{
		Nodes:    []NodeChange{{Change: Changed}, {Change: Added}, {Change: Added}},
		Edges:    []EdgeChange{{Change: Removed}},
		Findings: []FindingChange{{Change: "fixed"}, {Change: "introduced"}},
		Design:   []Field{{Name: "name"}},
	}
	if got := r.Summary(); got != "2 nodes added, 1 changed; 1 edge removed; 1 problem introduced, 1 fixed; the design's name changed" {
		t.Errorf("summary: %s", got)
	}
	if got := Compare(cat, before, after).Summary(); got == "no semantic change" || !strings.Contains(got, "node") {
		t.Errorf("orders example: %s", got)
	}
}

// A node's property changes are the properties of either side whose values
// differ, by name: one that only one side has is unset on the other, and
// one with the same value is left out whatever its source.
func TestProperties(t *testing.T) {
	prop := func(name string, v catalogue.Value, src catalogue.Source) catalogue.ResolvedProperty {
		return catalogue.ResolvedProperty{Name: name, Value: v, Source: src}
	}
	o := catalogue.ResolvedNode{Properties: []catalogue.ResolvedProperty{
		prop("acks", catalogue.StringValue("all"), catalogue.SourceDesign),
		prop("gone", catalogue.IntValue(1), catalogue.SourceDesign),
		prop("same", catalogue.BoolValue(true), catalogue.SourceDesign),
		prop("zone", catalogue.StringValue("3"), catalogue.SourceDesign),
	}}
	n := catalogue.ResolvedNode{Properties: []catalogue.ResolvedProperty{
		prop("acks", catalogue.StringValue("leader"), catalogue.SourceDesign),
		prop("added", catalogue.BoolValue(false), catalogue.SourceDesign),
		prop("same", catalogue.BoolValue(true), catalogue.SourceComponent),
		prop("zone", catalogue.IntValue(3), catalogue.SourceDesign),
	}}
	var got []string
	for _, p := range properties(o, n) {
		got = append(got, p.String())
	}
	want := []string{
		"acks: all (design) → leader (design)",
		"added: unset (unset) → false (design)",
		"gone: 1 (design) → unset (unset)",
		`zone: 3 (design) → 3 (design)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
