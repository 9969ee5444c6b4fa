package analysis

import (
	"math"
	"strconv"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// Replica sets nested 40 deep, each of 6 copies that all call the next
// set's: the walk stops at its budget and nesting bound, taking the rest in
// series, so the figure is a lower one, and it ends.
func TestDeepNesting(t *testing.T) {
	c := testCatalogue(t)
	d := &catalogue.Design{}
	d.Nodes = append(d.Nodes, catalogue.Node{ID: "api", Component: "aws-http-api"})
	prev := []string{"api"}
	for level := range 40 {
		var cur []string
		for k := range 6 {
			id := "n" + strconv.Itoa(level) + "-" + strconv.Itoa(k)
			n := catalogue.Node{ID: id, Component: "aws-lambda"}
			if k > 0 {
				n.ReplicaOf = "n" + strconv.Itoa(level) + "-0"
			}
			d.Nodes = append(d.Nodes, n)
			cur = append(cur, id)
		}
		for _, p := range prev {
			for _, q := range cur {
				d.Edges = append(d.Edges, catalogue.Edge{From: p, To: q})
			}
		}
		prev = cur
	}
	_, r := Resolve(c, d)
	if len(r.Entries) != 1 {
		t.Fatalf("entries %+v", r.Entries)
	}
	// Every level has a copy up with near certainty: the figure lies
	// between the API's alone and the product of all 240 nodes in series.
	if a := r.Entries[0].Availability; a > 99.95 || a < 100*pow(0.9995, 241) {
		t.Errorf("availability %v", a)
	}
}

func pow(x float64, n int) float64 { return math.Pow(x, float64(n)) }
