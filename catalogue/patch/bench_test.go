package patch

import (
	"fmt"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// chain is a design of n nodes, each connected to the next, with a
// property and a position each, in three zones.
func chain(n int) *catalogue.Design {
	d := &catalogue.Design{SchemaVersion: catalogue.SchemaVersion}
	for z := range 3 {
		d.Groups = append(d.Groups, catalogue.Group{ID: fmt.Sprintf("az-%d", z), Boundary: "zone"})
	}
	for i := range n {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: fmt.Sprintf("n-%d", i), Component: "kafka", In: fmt.Sprintf("az-%d", i%3),
			Props:    map[string]catalogue.Value{"acks": catalogue.StringValue("all")},
			Position: &catalogue.Point{X: float64(i * 10), Y: 0}})
		if i > 0 {
			d.Edges = append(d.Edges, catalogue.Edge{From: fmt.Sprintf("n-%d", i-1), To: fmt.Sprintf("n-%d", i)})
		}
	}
	return d
}

// oneEdit is d with one node's property changed, as the editor's store
// makes it (app/state's cloneDesign): every list copied, the nodes' props
// maps and positions shared.
func oneEdit(d *catalogue.Design, i int) *catalogue.Design {
	e := *d
	e.Nodes = append([]catalogue.Node(nil), d.Nodes...)
	e.Edges = append([]catalogue.Edge(nil), d.Edges...)
	e.Groups = append([]catalogue.Group(nil), d.Groups...)
	e.Nodes[i].Props = map[string]catalogue.Value{"acks": catalogue.StringValue("leader")}
	return &e
}

func BenchmarkDiffOneEdit10000(b *testing.B) {
	a := chain(10000)
	c := oneEdit(a, 5000)
	b.ReportAllocs()
	for b.Loop() {
		if ops := Diff(a, c); len(ops) != 1 {
			b.Fatalf("%d ops", len(ops))
		}
	}
}

func BenchmarkApplyOneEdit10000(b *testing.B) {
	a := chain(10000)
	ops := Diff(a, oneEdit(a, 5000))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Apply(a, ops); err != nil {
			b.Fatal(err)
		}
	}
}

// A node added at the end (a structural change: references are checked).
func BenchmarkApplyAddNode10000(b *testing.B) {
	a := chain(10000)
	c := *a
	c.Nodes = append(append([]catalogue.Node(nil), a.Nodes...), catalogue.Node{ID: "new", Component: "kafka", In: "az-1"})
	c.Edges = append(append([]catalogue.Edge(nil), a.Edges...), catalogue.Edge{From: "n-9999", To: "new"})
	ops := Diff(a, &c)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Apply(a, ops); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRebaseOneEditEach(b *testing.B) {
	a := chain(10000)
	remote, pending := Diff(a, oneEdit(a, 10)), Diff(a, oneEdit(a, 20))
	b.ReportAllocs()
	for b.Loop() {
		Rebase(pending, remote)
	}
}

// A whole design sent as one change: every node, edge and group added.
func BenchmarkApplyWholeDesign10000(b *testing.B) {
	d := chain(10000)
	for i := range 2000 {
		d.Groups = append(d.Groups, catalogue.Group{ID: fmt.Sprintf("g-%d", i), Boundary: "zone"})
		d.Notes = append(d.Notes, catalogue.Note{Text: "note", On: fmt.Sprintf("n-%d", i%50)})
	}
	ops := Diff(&catalogue.Design{SchemaVersion: catalogue.SchemaVersion}, d)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Apply(&catalogue.Design{SchemaVersion: catalogue.SchemaVersion}, ops); err != nil {
			b.Fatal(err)
		}
	}
}
