package state

import (
	"strings"
	"testing"
)

// A design opened and saved keeps `entry: false`; ticking Entry point
// marks the node an entry and clears it, unticking states neither.
func TestEntryFalseRoundTripsThroughTheEditor(t *testing.T) {
	s := newStore(t)
	const design = "nodes:\n  - {id: \"worker\", component: \"service\", entry: false}\n  - {id: \"db\", component: \"postgresql\"}\nedges:\n  - {from: \"worker\", to: \"db\"}\n"
	if err := s.Import("d.yaml", []byte(design)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetNodeName("db", "Orders"); err != nil {
		t.Fatal(err)
	}
	if out := string(s.Export()); !strings.Contains(out, "    entry: false\n") || len(s.Analysis().Entries) != 0 {
		t.Errorf("saved without entry: false, or the worker is an entry (%+v):\n%s", s.Analysis().Entries, out)
	}
	if err := s.SetEntry("worker", true); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("worker"); !n.Entry || n.NotEntry || !strings.Contains(string(s.Export()), "    entry: true\n") {
		t.Errorf("ticked: %+v", n)
	}
	if err := s.SetEntry("worker", false); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("worker"); n.Entry || n.NotEntry || strings.Contains(string(s.Export()), "entry:") {
		t.Errorf("unticked: %+v", n)
	}
	s.Undo()
	s.Undo()
	if !strings.Contains(string(s.Export()), "    entry: false\n") {
		t.Errorf("undo did not bring entry: false back:\n%s", s.Export())
	}
}
