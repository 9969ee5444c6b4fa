package main

import (
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// The benchmark's designs are designs the editor reads: 1,000 nodes, and
// the same nodes in 10 regions of 4 zones.
func TestBenchmarkDesignsRead(t *testing.T) {
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"plain": bigDesign(1000), "grouped": groupedDesign(1000, 10, 4)} {
		d, errs := cat.ReadDesign(name+".yaml", data)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", name, errs)
		}
		if len(d.Nodes) != 1000 || name == "grouped" && (len(d.Groups) != 50 || d.Nodes[1].In != "r-0-z-1") {
			t.Errorf("%s: %d nodes, %d groups", name, len(d.Nodes), len(d.Groups))
		}
	}
}
