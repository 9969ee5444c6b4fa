package state

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/app/state/statetest"
	"github.com/archdesigner/designer/catalogue"
)

const threeNodes = statetest.ThreeNodes

func threeStore(t *testing.T) *Store {
	t.Helper()
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(threeNodes)); err != nil {
		t.Fatal(err)
	}
	return s
}

// Shift-click adds and takes out; another click selects one again; Ctrl+A
// selects all; what goes from the design goes from the selection.
func TestSelectingMany(t *testing.T) {
	s := threeStore(t)
	selected := func() string { return strings.Join(s.SelectedNodes(), ",") }
	s.Select("b")
	s.ToggleNode("a")
	s.ToggleNode("c")
	if got := selected(); got != "a,b,c" || s.Selection().Node != "b" {
		t.Fatalf("selected %s (node %q)", got, s.Selection().Node)
	}
	s.ToggleNode("b")
	if got := selected(); got != "a,c" || !s.IsSelected("a") || s.IsSelected("b") {
		t.Errorf("after taking b out: %s (node %q)", got, s.Selection().Node)
	}
	s.Select("d")
	if got := selected(); got != "d" {
		t.Errorf("a click selects one: %s", got)
	}
	reported := 0
	s.Subscribe(func(_ *Store, c Changed) {
		if c.Selection {
			reported++
		}
	})
	s.SelectAll()
	if got := selected(); got != "a,b,c,d" || reported != 1 {
		t.Errorf("all: %s, reported %d", got, reported)
	}
	if err := s.DeleteNode("a"); err != nil {
		t.Fatal(err)
	}
	if got := selected(); got != "b,c,d" {
		t.Errorf("after deleting a: %s", got)
	}
	s.SelectEdge(0)
	if s.SelectedNodes() != nil {
		t.Errorf("a connection selected, nodes too: %v", s.SelectedNodes())
	}
}

// Moving, deleting, aligning, spacing and setting a property on many are
// one undoable step each.
func TestActingOnMany(t *testing.T) {
	s := threeStore(t)
	ids := []string{"a", "b", "c"}
	before := string(s.Export())
	if err := s.MoveNodes(ids, 10, -5); err != nil {
		t.Fatal(err)
	}
	if p := s.Node("c").Position; *p != (catalogue.Point{X: 710, Y: 5}) || s.Node("a").In != "eu" {
		t.Errorf("moved c to %+v, a in %q", p, s.Node("a").In)
	}
	s.Undo()
	for _, c := range []struct {
		how  string
		want [3]catalogue.Point
	}{
		{AlignLeft, [3]catalogue.Point{{X: 40, Y: 40}, {X: 40, Y: 90}, {X: 40, Y: 10}}},
		{AlignRight, [3]catalogue.Point{{X: 700, Y: 40}, {X: 700, Y: 90}, {X: 700, Y: 10}}},
		{AlignCentre, [3]catalogue.Point{{X: 370, Y: 40}, {X: 370, Y: 90}, {X: 370, Y: 10}}},
		{AlignTop, [3]catalogue.Point{{X: 40, Y: 10}, {X: 300, Y: 10}, {X: 700, Y: 10}}},
		{AlignBottom, [3]catalogue.Point{{X: 40, Y: 90}, {X: 300, Y: 90}, {X: 700, Y: 90}}},
		{AlignMiddle, [3]catalogue.Point{{X: 40, Y: 50}, {X: 300, Y: 50}, {X: 700, Y: 50}}},
	} {
		if err := s.Align(ids, c.how); err != nil {
			t.Fatal(err)
		}
		for k, id := range ids {
			if p := *s.Node(id).Position; p != c.want[k] {
				t.Errorf("%s: %s at %+v, want %+v", c.how, id, p, c.want[k])
			}
		}
		s.Undo()
	}
	if err := s.Distribute(ids, DistributeAcross); err != nil {
		t.Fatal(err)
	}
	if p := *s.Node("b").Position; p != (catalogue.Point{X: 370, Y: 90}) {
		t.Errorf("spaced across: b at %+v", p)
	}
	s.Undo()
	if err := s.Align([]string{"a"}, AlignLeft); err == nil {
		t.Error("one node aligned")
	}
	if err := s.Distribute(ids[:2], DistributeDown); err == nil {
		t.Error("two nodes spaced")
	}
	if err := s.SetPropOfAll([]string{"a", "b"}, "timeoutSeconds", catalogue.IntValue(30)); err != nil {
		t.Fatal(err)
	}
	if s.Node("a").Props["timeoutSeconds"] != catalogue.IntValue(30) || s.Node("b").Props["timeoutSeconds"] != catalogue.IntValue(30) {
		t.Errorf("props %v %v", s.Node("a").Props, s.Node("b").Props)
	}
	s.Undo()
	// SQS has no timeoutSeconds: refused whole.
	if err := s.SetPropOfAll([]string{"a", "c"}, "timeoutSeconds", catalogue.IntValue(30)); err == nil || s.Node("a").Props != nil {
		t.Errorf("set on a node without the property: %v, a %v", err, s.Node("a").Props)
	}
	if err := s.DeleteNodes([]string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	if len(s.Design().Nodes) != 2 || len(s.Design().Edges) != 1 || s.Design().Notes[0].On != "" {
		t.Errorf("after deleting two: %+v", s.Design())
	}
	s.Undo()
	if got := string(s.Export()); got != before {
		t.Errorf("undo gave\n%s\nwant\n%s", got, before)
	}
}

// A copy carries the nodes, the edges among them, their groups and notes;
// pasted into the same design it keeps the groups, gets fresh ids, lands
// beside the originals when the view has room, and is selected.
func TestCopyAndPasteMany(t *testing.T) {
	s := threeStore(t)
	s.SetView(0, 0, 1400, 900)
	frag := string(s.Fragment([]string{"a", "b"}))
	for _, want := range []string{"groups:\n  - {id: \"eu\", boundary: \"region\"}\n", "  - id: \"a\"\n", "  - id: \"b\"\n", "edges:\n  - {from: \"a\", to: \"b\"}\n", "notes:\n  - text: \"the entry\"\n    on: \"a\"\n"} {
		if !strings.Contains(frag, want) {
			t.Errorf("fragment lacks %q:\n%s", want, frag)
		}
	}
	if strings.Contains(frag, "\"c\"") {
		t.Errorf("fragment holds c:\n%s", frag)
	}
	if err := s.Duplicate([]string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	d := s.Design()
	if len(d.Nodes) != 6 || len(d.Groups) != 1 || len(d.Edges) != 4 || len(d.Notes) != 2 {
		t.Fatalf("after duplicating: %d nodes, %d groups, %d edges, %d notes", len(d.Nodes), len(d.Groups), len(d.Edges), len(d.Notes))
	}
	a2 := s.Node("a-2")
	// Below them: to their right, a-2 would touch c.
	if a2 == nil || a2.In != "eu" || *a2.Position != (catalogue.Point{X: 40, Y: 202}) || d.Notes[1].On != "a-2" {
		t.Errorf("the copy of a: %+v, note %+v", a2, d.Notes[1])
	}
	if got := strings.Join(s.SelectedNodes(), ","); got != "a-2,b-2" {
		t.Errorf("selected after pasting: %s", got)
	}
}
