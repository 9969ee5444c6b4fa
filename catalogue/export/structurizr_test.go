package export

import (
	"fmt"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// BenchmarkExportStructurizr writes a design of 50,000 placed nodes (the
// node limit) as Structurizr DSL, every other one named as its neighbour
// so that half are told apart by their ids, each with an edge to the next.
func BenchmarkExportStructurizr(b *testing.B) {
	cat := load(b)
	d := &catalogue.Design{Name: "many"}
	const n = 50_000
	for i := range n {
		id := fmt.Sprintf("n-%d", i)
		d.Nodes = append(d.Nodes, catalogue.Node{ID: id, Name: fmt.Sprintf("Worker \"%d\" ${x}", i/2), Component: "aws-lambda",
			Position: &catalogue.Point{X: float64(i % 200 * 220), Y: float64(i / 200 * 120)}})
		if i > 0 {
			d.Edges = append(d.Edges, catalogue.Edge{From: fmt.Sprintf("n-%d", i-1), To: id})
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := Write("structurizr", cat, d, geo); err != nil {
			b.Fatal(err)
		}
	}
}
