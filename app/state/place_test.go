package state

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// importStore is a store on design src, viewing the canvas from 0, 0 to
// 1000, 700.
func importStore(t *testing.T, src string) *Store {
	t.Helper()
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	s.SetView(0, 0, 1000, 700)
	return s
}

// apart reports whether two boxes keep at least gap between them.
func apart(a, b drawing.Rect, gap float64) bool {
	return a.X1+gap <= b.X0 || b.X1+gap <= a.X0 || a.Y1+gap <= b.Y0 || b.Y1+gap <= a.Y0
}

// nodeBox is the box node id of s is drawn in.
func nodeBox(t *testing.T, s *Store, id string) drawing.Rect {
	t.Helper()
	x, y, ok := s.Position(id)
	if !ok {
		t.Fatalf("no node %s", id)
	}
	return drawing.NodeBox(x, y)
}

// A node added beside a selected node off the grid keeps a gap from every
// node (the grid's next cell touched it), in view.
func TestAddedNodeOnFreeSpace(t *testing.T) {
	s := importStore(t, "nodes:\n  - {id: a, component: aws-lambda, position: {x: 80, y: 40}}\n  - {id: b, component: aws-lambda, position: {x: 300, y: 40}}\n")
	s.Select("a")
	id, err := s.AddNode("kafka")
	if err != nil {
		t.Fatal(err)
	}
	k := nodeBox(t, s, id)
	for _, other := range []string{"a", "b"} {
		if !apart(k, nodeBox(t, s, other), drawing.PlaceGap) {
			t.Errorf("%s %v is too near %s %v", id, k, other, nodeBox(t, s, other))
		}
	}
	if !(drawing.Rect{X1: 1000, Y1: 700}).Holds(k) {
		t.Errorf("%s %v is out of view", id, k)
	}
}

// A node added is in the group whose frame it is drawn in, and in none
// when drawn outside every frame.
func TestAddedNodeJoinsTheFrameItIsDrawnIn(t *testing.T) {
	s := importStore(t, "groups:\n  - {id: eu, boundary: region}\nnodes:\n  - {id: a, component: aws-lambda, in: eu, position: {x: 40, y: 60}}\n  - {id: c, component: aws-lambda, in: eu, position: {x: 480, y: 60}}\n")
	s.Select("a")
	id, err := s.AddNode("kafka")
	if err != nil {
		t.Fatal(err)
	}
	k := nodeBox(t, s, id)
	f := drawing.GroupFrames(s.Design(), drawing.NodePositions(s.Design()))["eu"].Box
	inside := f.Holds(k)
	if in := s.Node(id).In; inside != (in == "eu") || !inside && !apart(k, f, 0) {
		t.Errorf("%s %v in %q, eu's frame %v", id, k, in, f)
	}
	if id, err := s.AddNodeAt("kafka", 900, 500, ""); err != nil || s.Node(id).In != "" || nodeBox(t, s, id).X0 != 900 {
		t.Errorf("added at 900, 500: %v %+v", err, s.Node(id))
	}
	if id, err := s.AddNodeAt("kafka", 200, 60, "eu"); err != nil || s.Node(id).In != "eu" {
		t.Errorf("added in eu: %v %+v", err, s.Node(id))
	}
	if _, err := s.AddNodeAt("kafka", 200, 60, "us"); err == nil {
		t.Error("added in a group the design lacks")
	}
}

// An empty frame keeps its place while nodes move and are added, and a
// group left empty keeps the place its frame had; one that holds
// something again is drawn round it.
func TestEmptyFrameKeepsItsPlace(t *testing.T) {
	s := importStore(t, "groups:\n  - {id: eu, boundary: region}\n  - {id: us, boundary: region}\nnodes:\n  - {id: a, component: aws-lambda, position: {x: 40, y: 40}}\n  - {id: b, component: aws-lambda, in: us, position: {x: 40, y: 300}}\n")
	frame := func(id string) drawing.Rect {
		return drawing.GroupFrames(s.Design(), drawing.NodePositions(s.Design()))[id].Box
	}
	eu, us := frame("eu"), frame("us")
	if err := s.MoveNode("a", 900, 40); err != nil {
		t.Fatal(err)
	}
	if got := frame("eu"); got != eu {
		t.Errorf("eu's empty frame moved from %v to %v", eu, got)
	}
	if err := s.MoveNodeInto("b", 40, 500, ""); err != nil {
		t.Fatal(err)
	}
	if got := frame("us"); got.X0 != us.X0 || got.Y0 != us.Y0 {
		t.Errorf("us, left empty, moved from %v to %v", us, got)
	}
	if err := s.MoveGroup("us", 100, 20); err != nil {
		t.Fatal(err)
	}
	if got := frame("us"); got.X0 != us.X0+100 || got.Y0 != us.Y0+20 {
		t.Errorf("us dragged by 100, 20 from %v: %v", us, got)
	}
	if err := s.MoveNodeInto("a", eu.X0+20, eu.Y0+30, "eu"); err != nil {
		t.Fatal(err)
	}
	if g := s.Group("eu"); g.Position != nil || !frame("eu").Holds(nodeBox(t, s, "a")) {
		t.Errorf("eu holding a: %+v, frame %v", g, frame("eu"))
	}
}

// A note on a node with a neighbour to its right goes where it covers
// nothing.
func TestNoteOnANodeOnFreeSpace(t *testing.T) {
	s := importStore(t, "nodes:\n  - {id: a, component: aws-lambda, position: {x: 40, y: 40}}\n  - {id: b, component: aws-lambda, position: {x: 260, y: 40}}\n")
	i, err := s.AddNote("a", "Note")
	if err != nil {
		t.Fatal(err)
	}
	box, _ := s.NoteBox(i)
	for _, id := range []string{"a", "b"} {
		if !apart(box, nodeBox(t, s, id), 1) {
			t.Errorf("the note %v covers %s %v", box, id, nodeBox(t, s, id))
		}
	}
}

// A paste with no room in view lands on free space, and the view is asked
// to go to it.
func TestPasteWithNoRoomInView(t *testing.T) {
	s := importStore(t, "nodes:\n  - {id: a, component: aws-lambda, position: {x: 40, y: 40}}\n")
	s.SetView(0, 0, 260, 150) // a fills it
	revealed := false
	s.Subscribe(func(_ *Store, c Changed) { revealed = revealed || c.Reveal })
	if err := s.Paste("p.yaml", []byte("nodes:\n  - {id: a, component: aws-lambda, position: {x: 40, y: 40}}\n")); err != nil {
		t.Fatal(err)
	}
	if b := nodeBox(t, s, "a-2"); !apart(b, nodeBox(t, s, "a"), drawing.PlaceGap) {
		t.Errorf("a-2 %v is on a", b)
	}
	if !revealed {
		t.Error("the view is not asked to show what was pasted")
	}
}

// A node in no group pasted into a frame's drawing is in its group.
func TestPastedIntoAFrame(t *testing.T) {
	s := importStore(t, "groups:\n  - {id: eu, boundary: region}\nnodes:\n  - {id: a, component: aws-lambda, in: eu, position: {x: 40, y: 60}}\n  - {id: c, component: aws-lambda, in: eu, position: {x: 700, y: 60}}\n  - {id: e, component: aws-lambda, in: eu, position: {x: 40, y: 300}}\n")
	if err := s.Paste("p.yaml", []byte("nodes:\n  - {id: k, component: kafka, position: {x: 300, y: 60}}\n")); err != nil {
		t.Fatal(err)
	}
	k := nodeBox(t, s, "k")
	f := drawing.GroupFrames(s.Design(), drawing.NodePositions(s.Design()))["eu"].Box
	if in := s.Node("k").In; !f.Holds(k) || in != "eu" {
		t.Errorf("k %v in %q, eu's frame %v", k, in, f)
	}
}

// BenchmarkKeepEmptyFrames is keepEmptyFrames after a node of a 10,000-node
// design in 3 regions of 3 zones, one more zone holding nothing, is moved:
// what every edit of such a design pays.
func BenchmarkKeepEmptyFrames(b *testing.B) {
	var y strings.Builder
	y.WriteString("groups:\n")
	for r := range 3 {
		fmt.Fprintf(&y, "  - { id: \"r-%d\", boundary: \"region\", props: { region: \"region-%d\" } }\n", r, r)
		for z := range 3 {
			fmt.Fprintf(&y, "  - { id: \"r-%d-z-%d\", boundary: \"zone\", in: \"r-%d\" }\n", r, z, r)
		}
	}
	y.WriteString("  - { id: \"empty\", boundary: \"zone\", in: \"r-0\" }\nnodes:\n")
	for i := range 10000 {
		fmt.Fprintf(&y, "  - { id: \"n-%d\", component: \"kafka\", in: \"r-%d-z-%d\", position: { x: %d, y: %d } }\n", i, i%9/3, i%3, 40+(i%40)*220, 40+(i/40)*120)
	}
	s := NewStore(mustEmbedded(b))
	if err := s.Import("grouped.yaml", []byte(y.String())); err != nil {
		b.Fatal(err)
	}
	// Two designs an edit apart, each edited into the other in turn.
	a := s.Design()
	bd := cloneDesign(a)
	bd.Nodes[5].Position = &catalogue.Point{X: 1, Y: 2}
	keepEmptyFrames(a, bd, &membership{})
	for _, c := range []struct {
		name     string
		remember bool
	}{{"counted", false}, {"remembered", true}} {
		b.Run(c.name, func(b *testing.B) {
			var m membership
			was, d := a, bd
			b.ReportAllocs()
			for b.Loop() {
				if !c.remember {
					m = membership{}
				}
				keepEmptyFrames(was, d, &m)
				was, d = d, was
			}
			if d.Groups[len(d.Groups)-1].Position == nil {
				b.Error("the empty zone has no position")
			}
		})
	}
}

// Placing among only the obstacles a search may meet finds the spot that
// placing among them all does, in view and beyond it.
func TestPlaceAmongTheObstaclesNear(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 1))
	for round := range 300 {
		var obstacles []drawing.Rect
		for range 40 + rng.IntN(400) {
			x, y := rng.Float64()*4000-500, rng.Float64()*3000-500
			obstacles = append(obstacles, drawing.Rect{X0: x, Y0: y, X1: x + 20 + rng.Float64()*200, Y1: y + 10 + rng.Float64()*100})
		}
		vx, vy := rng.Float64()*2000, rng.Float64()*1500
		view := drawing.Rect{X0: vx, Y0: vy, X1: vx + 300 + rng.Float64()*900, Y1: vy + 200 + rng.Float64()*600}
		bounded := round%3 != 0
		seen := func() (drawing.Rect, bool) { return view, bounded }
		x, y := rng.Float64()*3000-200, rng.Float64()*2500-200
		w, h := float64(drawing.NodeWidth), float64(drawing.NodeHeight)
		if round%2 == 0 {
			w, h = drawing.EmptyW, drawing.EmptyH
		}
		// As placeNear placed before it indexed only what is near.
		all := drawing.NewFree(obstacles)
		wantX, wantY := x, y
		found := false
		if bounded {
			cx := min(max(x, view.X0), view.X1-w)
			cy := min(max(y, view.Y0), view.Y1-h)
			wantX, wantY, found = all.Near(cx, cy, w, h, view)
		}
		if !found {
			if px, py, ok := all.Near(x, y, w, h, drawing.Rect{}); ok {
				wantX, wantY = px, py
			} else {
				wantX, wantY = x, y
			}
		}
		if gotX, gotY := placeAmong(obstacles, x, y, w, h, seen); gotX != wantX || gotY != wantY {
			t.Fatalf("round %d: placed at %g, %g; among every obstacle %g, %g", round, gotX, gotY, wantX, wantY)
		}
	}
}

// What keepEmptyFrames remembers of the last edit gives the frames that
// counting every node again does, over edits that move nodes within and
// between groups, add nodes and empty groups.
func TestKeepEmptyFramesRemembersWhatIsHeld(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 3))
	groups := []catalogue.Group{{ID: "r", Boundary: "region"}}
	for z := range 4 {
		groups = append(groups, catalogue.Group{ID: fmt.Sprintf("z-%d", z), Boundary: "zone", In: "r"})
	}
	was := &catalogue.Design{Groups: groups}
	for i := range 30 {
		was.Nodes = append(was.Nodes, catalogue.Node{ID: fmt.Sprintf("n-%d", i), Component: "kafka", In: fmt.Sprintf("z-%d", i%3),
			Position: &catalogue.Point{X: float64(40 + i%6*220), Y: float64(40 + i/6*120)}})
	}
	var m membership
	for step := range 400 {
		d := cloneDesign(was)
		switch rng.IntN(4) {
		case 0: // a move within its group
			i := rng.IntN(len(d.Nodes))
			d.Nodes[i].Position = &catalogue.Point{X: rng.Float64() * 2000, Y: rng.Float64() * 1000}
		case 1: // into another group, or none
			d.Nodes[rng.IntN(len(d.Nodes))].In = []string{"", "z-0", "z-1", "z-2", "z-3"}[rng.IntN(5)]
		case 2:
			d.Nodes = append(d.Nodes, catalogue.Node{ID: fmt.Sprintf("m-%d", step), Component: "kafka", In: fmt.Sprintf("z-%d", rng.IntN(4))})
		case 3:
			d.Groups = append(d.Groups, catalogue.Group{ID: fmt.Sprintf("e-%d", step), Boundary: "zone", In: "r"})
		}
		fresh := cloneDesign(d)
		keepEmptyFrames(was, fresh, &membership{})
		keepEmptyFrames(was, d, &m)
		for i := range d.Groups {
			if a, b := d.Groups[i].Position, fresh.Groups[i].Position; (a == nil) != (b == nil) || a != nil && *a != *b {
				t.Fatalf("step %d: group %s at %v, counted afresh %v", step, d.Groups[i].ID, a, b)
			}
		}
		was = d
	}
}
