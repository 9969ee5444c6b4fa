package state

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// Each kind of change reaches every subscriber once, saying what it
// changed; a subscriber that left hears nothing more.
func TestEveryChangeReachesEverySubscriberOnce(t *testing.T) {
	s := threeStore(t) // nodes a, b, c and d, in group eu
	var first, second []Changed
	s.Subscribe(func(_ *Store, c Changed) { first = append(first, c) })
	leave := s.Subscribe(func(_ *Store, c Changed) { second = append(second, c) })
	cases := []struct {
		name    string
		act     func() bool // false: the action did not happen, skip it
		want    Changed
		version bool // the version moves (something drawn changed)
	}{
		{"select", func() bool { s.Select("a"); return true }, Changed{Selection: true}, true},
		{"set a property", func() bool { return s.SetProp("a", "timeoutSeconds", catalogue.IntValue(900)) == nil }, Changed{Design: true, History: Recorded}, true},
		{"undo", func() bool { return s.Undo() }, Changed{Design: true, History: Undone}, true},
		{"redo", func() bool { return s.Redo() }, Changed{Design: true, History: Redone}, true},
		{"add a node", func() bool { _, err := s.AddNode("kafka"); return err == nil }, Changed{Design: true, History: Recorded, Selection: true, Session: true}, true},
		{"reveal", func() bool { s.Reveal("b"); return true }, Changed{Selection: true, Session: true, Reveal: true}, true},
		{"collapse a group", func() bool { s.SetCollapsed("eu", true); return true }, Changed{Session: true}, true},
		{"fail a group", func() bool { s.SetFailing("eu"); return true }, Changed{Session: true}, true},
		{"hide a panel", func() bool { s.HidePanel(PanelPalette, true); return true }, Changed{Session: true}, true},
		{"resize a panel", func() bool { s.SetPanelWidth(PanelPalette, 300); return true }, Changed{Session: true}, false},
		{"move the view", func() bool { s.SetView(0, 0, 800, 600); return true }, Changed{Session: true}, false},
		{"share flag", func() bool { s.SetShared(true); return true }, Changed{Session: true}, false},
		{"compare with a file", func() bool { return s.CompareWith("other.yaml", []byte(threeNodes)) == nil }, Changed{Session: true}, true},
		{"compare errors", func() bool { s.SetCompareErrors([]string{"other.yaml:1:1: no"}); return true }, Changed{Session: true}, true},
		{"stop comparing", func() bool { s.StopComparing(); return s.Comparison() == nil }, Changed{Session: true}, true},
		{"rename a collapsed group", func() bool { return s.RenameGroup("eu", "europe") == nil && s.Collapsed("europe") }, Changed{Design: true, History: Recorded, Selection: true, Session: true}, true},
		{"read-only", func() bool { s.SetReadOnly(true); return true }, Changed{Session: true}, true},
	}
	for _, c := range cases {
		first, second = nil, nil
		before := s.Version()
		if !c.act() {
			t.Fatalf("%s: did not happen", c.name)
		}
		if len(first) != 1 || len(second) != 1 {
			t.Errorf("%s: the subscribers heard %d and %d commits, want 1 each", c.name, len(first), len(second))
			continue
		}
		if first[0] != c.want || second[0] != c.want {
			t.Errorf("%s: heard %+v, want %+v", c.name, first[0], c.want)
		}
		if moved := s.Version() != before; moved != c.version {
			t.Errorf("%s: version moved %v, want %v", c.name, moved, c.version)
		}
	}
	leave()
	first, second = nil, nil
	s.SetReadOnly(false)
	if len(first) != 1 || len(second) != 0 {
		t.Errorf("after leaving: heard %d and %d commits, want 1 and 0", len(first), len(second))
	}
}

// Views of the design (the view, panels, collapsed groups, the failing
// group, the selection) are never undo steps: undo after them undoes the
// last edit of the design.
func TestViewChangesAreNotUndoSteps(t *testing.T) {
	s := threeStore(t)
	s.past = nil // the import's step
	if err := s.SetProp("a", "timeoutSeconds", catalogue.IntValue(900)); err != nil {
		t.Fatal(err)
	}
	s.SetView(0, 0, 400, 300)
	s.HidePanel(PanelInspector, true)
	s.SetPanelWidth(PanelPalette, 280)
	s.SetCollapsed("eu", true)
	s.SetFailing("eu")
	s.Select("b")
	s.Reveal("c")
	if len(s.past) != 1 {
		t.Fatalf("%d undo steps, want the one edit", len(s.past))
	}
	if !s.Undo() || strings.Contains(string(s.Export()), "timeoutSeconds") {
		t.Errorf("undo did not undo the edit:\n%s", s.Export())
	}
	if !s.PanelHidden(PanelInspector) || !s.Collapsed("eu") || s.Failing() != "eu" || s.PanelWidth(PanelPalette) != 280 {
		t.Error("undo changed a view of the design")
	}
	if s.CanUndo() {
		t.Error("a view change left something to undo")
	}
}

// Opening another design in place starts afresh, as a page load on it
// would: nothing to undo or redo, nothing selected, no group collapsed or
// failing, no comparison; the panels stay as they were. A file that does
// not read changes nothing.
func TestOpenStartsAfresh(t *testing.T) {
	s := threeStore(t)
	if err := s.SetProp("a", "timeoutSeconds", catalogue.IntValue(900)); err != nil {
		t.Fatal(err)
	}
	s.Undo()
	s.SetProp("a", "timeoutSeconds", catalogue.IntValue(600))
	s.SelectNodes([]string{"a", "b"})
	s.SetCollapsed("eu", true)
	s.SetFailing("eu")
	s.HidePanel(PanelInspector, true)
	if err := s.CompareWith("other.yaml", []byte(threeNodes)); err != nil {
		t.Fatal(err)
	}
	var heard []Changed
	s.Subscribe(func(_ *Store, c Changed) { heard = append(heard, c) })
	before := s.Export()
	if err := s.Open("broken.yaml", []byte("nodes: [")); err == nil {
		t.Fatal("a broken file opened")
	}
	if string(s.Export()) != string(before) || len(heard) != 0 || !s.CanUndo() {
		t.Fatal("a file that did not read changed the store")
	}
	opens := s.Opens()
	if err := s.Open("next.yaml", []byte("nodes:\n  - id: q\n    component: aws-sqs\n")); err != nil {
		t.Fatal(err)
	}
	if len(heard) != 1 || !heard[0].Opened || !heard[0].Design || heard[0].History != NotRecorded {
		t.Errorf("heard %+v, want one commit that opened a design, not recorded", heard)
	}
	switch {
	case s.CanUndo() || s.CanRedo():
		t.Error("the other design's history came along")
	case s.Selection().Node != "" || len(s.SelectedNodes()) != 0:
		t.Error("the other design's selection came along")
	case s.Collapsed("eu") || s.Failing() != "" || s.Comparison() != nil:
		t.Error("the other design's views came along")
	case !s.PanelHidden(PanelInspector):
		t.Error("opening a design showed a hidden panel")
	case s.Opens() != opens+1:
		t.Error("the opens count did not move, so the panels keep the other design's forms")
	case s.Node("q") == nil || s.Node("a") != nil:
		t.Errorf("the design is not the one opened:\n%s", s.Export())
	}
}
