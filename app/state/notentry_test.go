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

// Never an entry point states `entry: false`: a node nothing flows into is
// then no entry point of the analysis (unmarking only leaves it one), an
// entry point loses its mark, clearing it states nothing again, and each
// is one undoable step.
func TestSetNotEntry(t *testing.T) {
	s := newStore(t)
	const design = "nodes:\n  - {id: \"worker\", component: \"service\", entry: true}\n  - {id: \"db\", component: \"postgresql\"}\nedges:\n  - {from: \"worker\", to: \"db\"}\n"
	if err := s.Import("d.yaml", []byte(design)); err != nil {
		t.Fatal(err)
	}
	entries := func() int { return len(s.Analysis().Entries) }
	if err := s.SetEntry("worker", false); err != nil {
		t.Fatal(err)
	}
	if entries() != 1 {
		t.Fatalf("unmarked, nothing flowing in: %d entries, want the worker still", entries())
	}
	if err := s.SetNotEntry("worker", true); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("worker"); n.Entry || !n.NotEntry || entries() != 0 || !strings.Contains(string(s.Export()), "    entry: false\n") {
		t.Errorf("never an entry: %+v, %d entries:\n%s", n, entries(), s.Export())
	}
	s.Undo()
	if n := s.Node("worker"); n.NotEntry || entries() != 1 {
		t.Errorf("undone: %+v, %d entries", n, entries())
	}
	s.Redo()
	if err := s.SetEntry("worker", true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetNotEntry("worker", true); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("worker"); n.Entry || !n.NotEntry {
		t.Errorf("an entry point made never one: %+v", n)
	}
	if err := s.SetNotEntry("worker", false); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("worker"); n.Entry || n.NotEntry || strings.Contains(string(s.Export()), "entry:") {
		t.Errorf("cleared: %+v\n%s", n, s.Export())
	}
	if err := s.SetNotEntry("nobody", true); err == nil {
		t.Error("a node that is not there")
	}
}
