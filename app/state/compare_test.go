package state

import (
	"bytes"
	"os"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diff"
)

// Compare with… never changes the design, follows its edits, marks what
// differs, and refuses a file the catalogue refuses without comparing.
func TestCompareWith(t *testing.T) {
	s := newStore(t)
	before, err := os.ReadFile("../../examples/diff/orders-before.yaml")
	if err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile("../../examples/diff/orders-after.yaml")
	if err := s.Import("orders-after.yaml", after); err != nil {
		t.Fatal(err)
	}
	exported, past := s.Export(), len(s.past)
	if err := s.CompareWith("orders-before.yaml", before); err != nil {
		t.Fatal(err)
	}
	cmp := s.Comparison()
	if cmp == nil || cmp.Nodes["orders-cache"] != diff.Added || cmp.Nodes["orders-table"] != diff.Renamed || cmp.Nodes["orders-fn"] != diff.Changed {
		t.Fatalf("marks: %+v", cmp)
	}
	if len(cmp.Ghosts) != 1 || cmp.Ghosts[0].ID != "worker-b" || cmp.Ghosts[0].At.X != 820 || len(cmp.GhostEdges) != 2 {
		t.Errorf("ghosts %+v, edges %d", cmp.Ghosts, len(cmp.GhostEdges))
	}
	if len(cmp.Edges) != 1 || cmp.Edges[5] != diff.Added { // orders-fn -> orders-cache
		t.Errorf("edge marks: %v", cmp.Edges)
	}
	if !bytes.Equal(s.Export(), exported) || len(s.past) != past {
		t.Error("comparing changed the design or its history")
	}
	if s.Comparison() != cmp {
		t.Error("the comparison is made again with nothing changed")
	}
	if err := s.SetProp("orders-fn", "timeoutSeconds", catalogue.IntValue(10)); err != nil {
		t.Fatal(err)
	}
	if now := s.Comparison(); now == cmp || now.Nodes["orders-fn"] != "" {
		t.Errorf("after the edit orders-fn is %q", now.Nodes["orders-fn"])
	}
	s.StopComparing()
	if s.Comparison() != nil {
		t.Error("still comparing")
	}
	if err := s.CompareWith("bad.yaml", []byte("nodes:\n  - { id: a, component: kafak }\n")); err == nil || s.Comparison() != nil {
		t.Errorf("a bad file: %v, %v", err, s.Comparison())
	}
}
