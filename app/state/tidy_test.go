package state

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

func positionsOf(s *Store) map[string]catalogue.Point {
	out := map[string]catalogue.Point{}
	for _, n := range s.Design().Nodes {
		out[n.ID] = *n.Position
	}
	return out
}

func checkApart(t *testing.T, s *Store) {
	t.Helper()
	d := s.Design()
	for i := range d.Nodes {
		for j := i + 1; j < len(d.Nodes); j++ {
			a, b := drawing.NodeBox(drawing.Position(&d.Nodes[i], i)), drawing.NodeBox(drawing.Position(&d.Nodes[j], j))
			if a.X0 < b.X1 && b.X0 < a.X1 && a.Y0 < b.Y1 && b.Y0 < a.Y1 {
				t.Errorf("%s and %s overlap", d.Nodes[i].ID, d.Nodes[j].ID)
			}
		}
	}
}

func TestTidyUpPlacesNewNodesOnly(t *testing.T) {
	s := newStore(t)
	if err := s.Import("placed.yaml", []byte(`nodes:
  - { id: "api", component: "aws-api-gateway", position: { x: 100, y: 100 } }
  - { id: "db", component: "postgresql", position: { x: 100, y: 400 } }
`)); err != nil {
		t.Fatal(err)
	}
	if got := s.NewNodes(); len(got) != 0 {
		t.Fatalf("new nodes after an import: %v", got)
	}
	if err := s.TidyUp(TidyNew, 0); err == nil || !strings.Contains(err.Error(), "no new nodes") {
		t.Errorf("tidy up with nothing new: %v", err)
	}
	fn := mustAdd(t, s, "aws-lambda")
	q := mustAdd(t, s, "aws-sqs")
	for _, e := range [][2]string{{"api", fn}, {fn, q}} {
		if err := s.Connect(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.NewNodes(); len(got) != 2 {
		t.Fatalf("new nodes: %v", got)
	}
	before := positionsOf(s)
	if err := s.TidyUp(TidyNew, 0); err != nil {
		t.Fatal(err)
	}
	after := positionsOf(s)
	for _, id := range []string{"api", "db"} {
		if after[id] != before[id] {
			t.Errorf("%s moved from %v to %v", id, before[id], after[id])
		}
	}
	if !(after[fn].X > after["api"].X && after[q].X > after[fn].X) {
		t.Errorf("the new nodes are not after what feeds them: %v", after)
	}
	checkApart(t, s)
	if got := s.NewNodes(); len(got) != 0 {
		t.Errorf("nodes Tidy up placed are still new: %v", got)
	}
	// One step: undo puts them back where they were, new again.
	s.Undo()
	if got := positionsOf(s); got[fn] != before[fn] || len(s.NewNodes()) != 2 {
		t.Errorf("undo: %v, new %v", got, s.NewNodes())
	}
	// A node the user moved is placed.
	if err := s.MoveNode(fn, 900, 900); err != nil {
		t.Fatal(err)
	}
	if got := s.NewNodes(); len(got) != 1 || got[0] != q {
		t.Errorf("new after a move: %v", got)
	}
}

func TestTidyUpSelectionAndAll(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(`nodes:
  - { id: "a", component: "kafka", position: { x: 0, y: 0 } }
  - { id: "b", component: "kafka", position: { x: 3000, y: 50 } }
  - { id: "c", component: "kafka", position: { x: 40, y: 2000 } }
  - { id: "d", component: "kafka", position: { x: 400, y: 400 } }
edges:
  - { from: "a", to: "b" }
  - { from: "b", to: "c" }
`)); err != nil {
		t.Fatal(err)
	}
	s.SelectNodes([]string{"a"})
	if err := s.TidyUp(TidySelection, 0); err == nil {
		t.Error("tidied a selection of one")
	}
	s.SelectNodes([]string{"a", "b", "c"})
	before := positionsOf(s)
	if err := s.TidyUp(TidySelection, 0); err != nil {
		t.Fatal(err)
	}
	after := positionsOf(s)
	if after["d"] != before["d"] {
		t.Errorf("d, not selected, moved")
	}
	if !(after["a"].X < after["b"].X && after["b"].X < after["c"].X && after["a"].Y == after["c"].Y) {
		t.Errorf("the selection is not laid out in a row: %v", after)
	}
	checkApart(t, s)
	if err := s.TidyUp(TidyAll, 1); err != nil { // top to bottom
		t.Fatal(err)
	}
	all := positionsOf(s)
	if !(all["a"].Y < all["b"].Y && all["b"].Y < all["c"].Y) {
		t.Errorf("top to bottom: %v", all)
	}
	if err := s.TidyUp("sideways", 0); err == nil {
		t.Error("an unknown scope was taken")
	}
	s.SetReadOnly(true)
	if err := s.TidyUp(TidyAll, 0); err == nil {
		t.Error("a read-only design was tidied")
	}
}

// A new node renamed is still new, and again under its old id after an
// undo.
func TestNewNodeRenamed(t *testing.T) {
	s := newStore(t)
	id := mustAdd(t, s, "kafka")
	if err := s.RenameNode(id, "orders-log"); err != nil {
		t.Fatal(err)
	}
	if got := s.NewNodes(); len(got) != 1 || got[0] != "orders-log" {
		t.Errorf("after the rename: %v", got)
	}
	s.Undo()
	if got := s.NewNodes(); len(got) != 1 || got[0] != id {
		t.Errorf("after the undo: %v", got)
	}
}

// A plan laid out apart from the store applies as one step, unless the
// design changed while it ran: then nothing moves and the user is told.
func TestTidyPlanRefusedAfterAnEdit(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(`nodes:
  - { id: "a", component: "kafka", position: { x: 0, y: 0 } }
  - { id: "b", component: "kafka", position: { x: 3000, y: 50 } }
edges:
  - { from: "a", to: "b" }
`)); err != nil {
		t.Fatal(err)
	}
	p, err := s.PlanTidy(TidyAll, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ApplyTidy(p); err == nil {
		t.Error("a plan not yet laid out was applied")
	}
	p.Run(nil)
	mustAdd(t, s, "postgresql") // as if while it ran
	before := positionsOf(s)
	if err := s.ApplyTidy(p); err == nil || !strings.Contains(err.Error(), "changed while Tidy up") {
		t.Errorf("a stale plan: %v", err)
	}
	if got := positionsOf(s); len(got) != len(before) || got["a"] != before["a"] || got["b"] != before["b"] {
		t.Errorf("a refused plan moved nodes: %v, was %v", got, before)
	}
	p, err = s.PlanTidy(TidyAll, 0)
	if err != nil {
		t.Fatal(err)
	}
	p.Run(nil)
	if err := s.ApplyTidy(p); err != nil {
		t.Fatal(err)
	}
	if got := positionsOf(s); got["b"].X > 1000 {
		t.Errorf("b not laid out beside a: %v", got)
	}
	s.Undo()
	if got := positionsOf(s); got["b"] != before["b"] {
		t.Errorf("undo: b at %v, was %v", got["b"], before["b"])
	}
}

// A design written without positions is laid out on import, as one step
// with the import; a fragment pasted without them goes beside what it
// connects to.
func TestImportAndPasteLayOutUnplacedNodes(t *testing.T) {
	s := newStore(t)
	if err := s.Import("bare.yaml", []byte(`nodes:
  - { id: "api", component: "aws-api-gateway" }
  - { id: "fn", component: "aws-lambda" }
  - { id: "q", component: "aws-sqs", position: { x: 2000, y: 2000 } }
edges:
  - { from: "api", to: "fn" }
  - { from: "fn", to: "q" }
`)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.Notice().Text, "Laid out 2 nodes") {
		t.Errorf("notice %q", s.Notice().Text)
	}
	got := positionsOf(s)
	if got["q"] != (catalogue.Point{X: 2000, Y: 2000}) || !(got["fn"].X < 2000 && got["api"].X < got["fn"].X) {
		t.Errorf("positions %v", got)
	}
	checkApart(t, s)
	if !s.Undo() || len(s.Design().Nodes) != 0 {
		t.Error("the import and its layout are not one step")
	}
	s.Redo()
	if err := s.Paste("clip.yaml", []byte(`nodes:
  - { id: "feed", component: "aws-sqs", position: { x: 0, y: 0 } }
  - { id: "worker", component: "aws-lambda" }
edges:
  - { from: "feed", to: "worker" }
`)); err != nil {
		t.Fatal(err)
	}
	checkApart(t, s)
	if got := positionsOf(s); got["worker"].X <= got["feed"].X {
		t.Errorf("the pasted worker at %v is not after its pasted feed at %v", got["worker"], got["feed"])
	}
}
