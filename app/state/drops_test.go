package state

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue/drawing"
)

// importDesign opens src in a fresh store, with the view set to view.
func importDesign(t *testing.T, src string, view drawing.Rect) *Store {
	t.Helper()
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	if view.X1 > view.X0 {
		s.SetView(view.X0, view.Y0, view.X1, view.Y1)
	}
	return s
}

func nodeAt(t *testing.T, s *Store, id string) (float64, float64) {
	t.Helper()
	x, y, ok := s.Position(id)
	if !ok {
		t.Fatalf("no node %s", id)
	}
	return x, y
}

// Nodes moved together into groups move and regroup as one undoable step.
func TestMoveNodesInto(t *testing.T) {
	s := importDesign(t, `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: c, component: aws-lambda, in: eu, position: {x: 40, y: 300}}
  - {id: a, component: aws-lambda, position: {x: 40, y: 40}}
  - {id: b, component: aws-sqs, position: {x: 300, y: 40}}
`, drawing.Rect{})
	if err := s.MoveNodesInto([]string{"a", "b"}, 240, 260, map[string]string{"a": "eu", "b": "eu"}); err != nil {
		t.Fatal(err)
	}
	if s.Node("a").In != "eu" || s.Node("b").In != "eu" || s.Notice().Text != "a and b are in eu now." {
		t.Errorf("a in %q, b in %q: %q", s.Node("a").In, s.Node("b").In, s.Notice().Text)
	}
	if x, y := nodeAt(t, s, "b"); x != 540 || y != 300 {
		t.Errorf("b at %v, %v", x, y)
	}
	s.Undo()
	if s.Node("a").In != "" || s.Node("b").In != "" {
		t.Error("one undo did not take both out again")
	}
	if x, y := nodeAt(t, s, "a"); x != 40 || y != 40 {
		t.Errorf("one undo left a at %v, %v", x, y)
	}
	if err := s.MoveNodesInto([]string{"a"}, 0, 0, map[string]string{"a": "nowhere"}); err == nil {
		t.Error("a move into no group was made")
	}
}

// An arrow key's step joins a node to the frame its middle crosses into and
// takes it out of the one it crosses out of; a node at its frame's edge, or
// alone in its frame, stays in its group.
func TestStepNodes(t *testing.T) {
	s := importDesign(t, `groups:
  - {id: eu, boundary: region}
  - {id: us, boundary: region}
nodes:
  - {id: c, component: aws-lambda, in: eu, position: {x: 40, y: 40}}
  - {id: d, component: aws-lambda, in: eu, position: {x: 500, y: 40}}
  - {id: a, component: aws-sqs, position: {x: 260, y: 300}}
  - {id: lone, component: aws-sqs, in: us, position: {x: 900, y: 600}}
`, drawing.Rect{})
	step := func(id string, dy float64, times int) {
		t.Helper()
		for range times {
			if err := s.StepNodes([]string{id}, 0, dy); err != nil {
				t.Fatal(err)
			}
		}
	}
	step("a", -50, 4)
	if s.Node("a").In != "" {
		t.Fatalf("a joined %q before its middle was in the frame", s.Node("a").In)
	}
	step("a", -50, 1)
	if s.Node("a").In != "eu" || !strings.Contains(s.Notice().Text, "a moved into eu.") {
		t.Fatalf("a in %q: %q", s.Node("a").In, s.Notice().Text)
	}
	step("a", -10, 1) // within the frame: no word
	if s.Node("a").In != "eu" || s.Notice().Text != "" {
		t.Errorf("a in %q: %q", s.Node("a").In, s.Notice().Text)
	}
	step("a", 60, 1)
	if s.Node("a").In != "" || !strings.Contains(s.Notice().Text, "a moved out of eu.") {
		t.Errorf("a in %q: %q", s.Node("a").In, s.Notice().Text)
	}
	// d, at eu's right edge, stepped right stays in eu (the frame drawn
	// round c alone does not hold it, before or after).
	if err := s.StepNodes([]string{"d"}, 10, 0); err != nil || s.Node("d").In != "eu" {
		t.Errorf("d in %q (%v)", s.Node("d").In, err)
	}
	// lone's frame goes where it goes.
	step("lone", 50, 3)
	if s.Node("lone").In != "us" {
		t.Errorf("lone in %q", s.Node("lone").In)
	}
}

// A node alone in its group, stepped into another group's frame, joins that
// group whichever of the two the design lists first (review: with its own
// group listed first it stayed in it, drawn inside the other's frame).
func TestStepLoneNodeIntoFrame(t *testing.T) {
	for _, order := range []string{"  - {id: g, boundary: region}\n  - {id: h, boundary: region}\n", "  - {id: h, boundary: region}\n  - {id: g, boundary: region}\n"} {
		s := importDesign(t, "groups:\n"+order+`nodes:
  - {id: a, component: aws-sqs, in: g, position: {x: 40, y: 220}}
  - {id: b, component: aws-lambda, in: h, position: {x: 600, y: 40}}
  - {id: c, component: aws-lambda, in: h, position: {x: 600, y: 400}}
`, drawing.Rect{})
		for range 60 {
			if err := s.StepNodes([]string{"a"}, 10, 0); err != nil {
				t.Fatal(err)
			}
			if s.Node("a").In == "h" {
				break
			}
		}
		if s.Node("a").In != "h" {
			x, y, _ := s.Position("a")
			t.Errorf("groups listed %q: a at %v, %v is in %q, not h", order, x, y, s.Node("a").In)
		}
	}
}

// A group dropped in a frame it may sit in sits there, moved, in one
// undoable step; dropped where it may not, nothing changes.
func TestMoveGroupInto(t *testing.T) {
	s := importDesign(t, `groups:
  - {id: acct, boundary: account}
  - {id: r, boundary: region}
  - {id: r2, boundary: region}
  - {id: z, boundary: zone, in: r2}
nodes:
  - {id: n1, component: aws-lambda, in: acct, position: {x: 40, y: 40}}
  - {id: b, component: aws-sqs, in: r, position: {x: 300, y: 360}}
  - {id: q, component: aws-sqs, in: z, position: {x: 700, y: 360}}
`, drawing.Rect{})
	before := string(s.Export())
	for _, c := range []struct{ id, into, want string }{
		{"z", "acct", "a zone sits in a region, network group, not in acct (an account)"},
		{"z", "", "not at the top level"},
		{"r2", "z", "z is inside it"},
	} {
		if err := s.MoveGroupInto(c.id, 10, 10, c.into); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s into %q: %v, want %q", c.id, c.into, err, c.want)
		}
	}
	if string(s.Export()) != before {
		t.Error("a refused move changed the design")
	}
	if err := s.MoveGroupInto("r", 100, -300, "acct"); err != nil {
		t.Fatal(err)
	}
	if s.Group("r").In != "acct" || s.Notice().Text != "r is in acct now." {
		t.Errorf("r in %q: %q", s.Group("r").In, s.Notice().Text)
	}
	if x, y := nodeAt(t, s, "b"); x != 400 || y != 60 {
		t.Errorf("b at %v, %v", x, y)
	}
	s.Undo()
	if string(s.Export()) != before {
		t.Error("one undo did not put r back")
	}
}

// A product dropped over a node goes to the nearest free spot; one dropped
// in an empty frame stays where it is dropped.
func TestAddNodeAtFreeSpot(t *testing.T) {
	s := importDesign(t, `groups:
  - {id: eu, boundary: region, position: {x: 600, y: 40}}
nodes:
  - {id: a, component: aws-lambda, position: {x: 40, y: 40}}
`, drawing.Rect{X0: 0, Y0: 0, X1: 1200, Y1: 800})
	id, err := s.AddNodeAt("aws-sqs", 60, 50, "")
	if err != nil {
		t.Fatal(err)
	}
	x, y := nodeAt(t, s, id)
	if drawing.NodeBox(x, y).Meets(40-drawing.PlaceGap, 40-drawing.PlaceGap, 40+drawing.NodeWidth+drawing.PlaceGap, 40+drawing.NodeHeight+drawing.PlaceGap) {
		t.Errorf("dropped on a, it is at %v, %v", x, y)
	}
	if dx, dy := x-60, y-50; dx*dx+dy*dy > 300*300 {
		t.Errorf("it is at %v, %v, far from the drop", x, y)
	}
	id, err = s.AddNodeAt("aws-sqs", 610, 44, "eu")
	if err != nil {
		t.Fatal(err)
	}
	if x, y := nodeAt(t, s, id); x != 610 || y != 44 {
		t.Errorf("dropped in the empty frame, it is at %v, %v", x, y)
	}
}

// A product dropped over a node, in no group or in another group, is not
// moved into a frame it would not be in: drawn inside eu's frame, it would
// look like eu's (review: the free spot beside a column of nodes was in eu).
func TestAddNodeAtNotIntoAnotherFrame(t *testing.T) {
	for _, group := range []string{"", "us"} {
		src := "groups:\n  - {id: eu, boundary: region}\n  - {id: us, boundary: region}\nnodes:\n"
		for i := range 12 {
			in := ""
			if group != "" {
				in = ", in: us"
			}
			src += fmt.Sprintf("  - {id: n%d, component: aws-lambda%s, position: {x: 40, y: %d}}\n", i, in, 40+100*i)
		}
		src += "  - {id: e1, component: aws-lambda, in: eu, position: {x: 250, y: 40}}\n  - {id: e2, component: aws-lambda, in: eu, position: {x: 250, y: 1140}}\n"
		s := importDesign(t, src, drawing.Rect{X0: -100, Y0: -100, X1: 1400, Y1: 1400})
		id, err := s.AddNodeAt("aws-sqs", 40, 540, group)
		if err != nil {
			t.Fatal(err)
		}
		x, y := nodeAt(t, s, id)
		box := drawing.NodeBox(x, y)
		for gid, f := range drawing.GroupFrames(s.Design(), drawing.NodePositions(s.Design())) {
			if gid != group && box.Meets(f.Box.X0, f.Box.Y0, f.Box.X1, f.Box.Y1) {
				t.Errorf("in group %q, dropped at 40, 540, it is at %v, %v, on %s's frame %v", group, x, y, gid, f.Box)
			}
		}
	}
}

// A note on nothing lands in view outside every frame when there is room.
func TestCanvasNoteOffFrames(t *testing.T) {
	s := importDesign(t, `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: a, component: aws-lambda, in: eu, position: {x: 40, y: 40}}
  - {id: c, component: aws-lambda, in: eu, position: {x: 700, y: 300}}
`, drawing.Rect{X0: 0, Y0: 0, X1: 1000, Y1: 700})
	i, err := s.AddNote("", "Note")
	if err != nil {
		t.Fatal(err)
	}
	box, _ := s.NoteBox(i)
	f := drawing.GroupFrames(s.Design(), drawing.NodePositions(s.Design()))["eu"].Box
	if box.Meets(f.X0, f.Y0, f.X1, f.Y1) {
		t.Errorf("the note %v is on eu's frame %v", box, f)
	}
	if !(drawing.Rect{X0: 0, Y0: 0, X1: 1000, Y1: 700}).Holds(box) {
		t.Errorf("the note %v is out of view", box)
	}
}

// A product dropped on the label of the frame it joins stays where it is
// dropped (the frame is drawn round it); on another frame's label it moves
// off it.
func TestAddNodeAtOnLabel(t *testing.T) {
	src := `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: a, component: aws-lambda, in: eu, position: {x: 40, y: 40}}
`
	s := importDesign(t, src, drawing.Rect{X0: -200, Y0: -200, X1: 1200, Y1: 800})
	id, err := s.AddNodeAt("aws-sqs", 400, 10, "eu")
	if err != nil {
		t.Fatal(err)
	}
	if x, y := nodeAt(t, s, id); x != 400 || y != 10 {
		t.Errorf("dropped on its frame's label, it is at %v, %v", x, y)
	}
	s = importDesign(t, src, drawing.Rect{X0: -200, Y0: -200, X1: 1200, Y1: 800})
	id, _ = s.AddNodeAt("aws-sqs", 100, -50, "")
	x, y := nodeAt(t, s, id)
	f := drawing.GroupFrames(s.Design(), drawing.NodePositions(s.Design()))["eu"].Box
	if drawing.NodeBox(x, y).Meets(f.X0, f.Y0, f.X1, f.Y0+drawing.GroupLabel) {
		t.Errorf("dropped on eu's label from outside, it is at %v, %v", x, y)
	}
}

// A group stepped by the arrow keys across a frame's edge sits in the
// group of that frame, where its boundary may; a step it may not take
// changes nothing.
func TestStepGroup(t *testing.T) {
	s := importDesign(t, `groups:
  - {id: acct, boundary: account}
  - {id: west, boundary: region}
  - {id: r2, boundary: region}
  - {id: z, boundary: zone, in: r2}
nodes:
  - {id: n1, component: aws-lambda, in: acct, position: {x: 40, y: 40}}
  - {id: n2, component: aws-lambda, in: acct, position: {x: 900, y: 40}}
  - {id: b, component: aws-sqs, in: west, position: {x: 300, y: 360}}
  - {id: q, component: aws-sqs, in: z, position: {x: 700, y: 360}}
`, drawing.Rect{})
	for range 5 {
		if err := s.StepGroup("west", 0, -50); err != nil {
			t.Fatal(err)
		}
	}
	if s.Group("west").In != "" {
		t.Fatalf("west sits in %q before its middle is in acct's frame", s.Group("west").In)
	}
	if err := s.StepGroup("west", 0, -50); err != nil || s.Group("west").In != "acct" || s.Notice().Text != "west is in acct now." {
		t.Errorf("west in %q: %q (%v)", s.Group("west").In, s.Notice().Text, err)
	}
	refused := false
	for range 6 {
		before := string(s.Export())
		if err := s.StepGroup("z", 0, -50); err != nil {
			if !strings.Contains(err.Error(), "a zone sits in a region") || string(s.Export()) != before {
				t.Errorf("z refused with %v, the design changed: %v", err, string(s.Export()) != before)
			}
			refused = true
			break
		}
	}
	if !refused || s.Group("z").In != "r2" {
		t.Errorf("z sits in %q (refused: %v)", s.Group("z").In, refused)
	}
}
