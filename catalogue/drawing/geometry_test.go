package drawing

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// The canvas works out the ports of the edges it draws only: each is the
// port spreading every edge gives, whichever edges are asked for first.
func TestGeometryPortsMatchSpread(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	d := &catalogue.Design{}
	for i := range 120 {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: fmt.Sprint("n", i), Position: &catalogue.Point{X: float64(rng.IntN(12) * 220), Y: float64(rng.IntN(10) * 120)}})
	}
	for range 300 {
		d.Edges = append(d.Edges, catalogue.Edge{From: d.Nodes[rng.IntN(120)].ID, To: d.Nodes[rng.IntN(120)].ID})
	}
	g := GeometryOf(nil, d, func(string) bool { return false })
	_, _, want := LayoutEdges(d, g.at, nil)
	// Asked for in a few batches, as renders in different views would.
	for _, k := range rng.Perm(len(g.Shown)) {
		if k%3 == 0 {
			g.Prepare([]int{k, (k + 7) % len(g.Shown)})
		}
		if got := g.portsOf(k); got != want[k] {
			t.Fatalf("edge %d: ports %v, want %v", k, got, want[k])
		}
	}
	if again := GeometryOf(g, d, func(string) bool { return false }); again != g {
		t.Error("the same design made its geometry again")
	}
	moved := *d
	moved.Nodes = append([]catalogue.Node(nil), d.Nodes...)
	moved.Nodes[3].Position = &catalogue.Point{X: 5000, Y: 5000}
	if GeometryOf(g, &moved, func(string) bool { return false }) == g {
		t.Error("a node moved, and the geometry was kept")
	}
}

// An empty group placed nowhere inside a group that holds nodes is drawn
// under them, inside its parent's frame, and no other frame meets that
// frame; an empty group with a position is drawn there.
func TestEmptyFramesPlaced(t *testing.T) {
	d := &catalogue.Design{
		Groups: []catalogue.Group{{ID: "eu", Boundary: "region"}, {ID: "eu-a", Boundary: "zone", In: "eu"}, {ID: "us", Boundary: "region"}, {ID: "ap", Boundary: "region", Position: &catalogue.Point{X: -500, Y: 20}}},
		Nodes:  []catalogue.Node{{ID: "api", Component: "aws-lambda", In: "eu", Position: &catalogue.Point{X: 40, Y: 80}}, {ID: "fn", Component: "aws-lambda", In: "eu", Position: &catalogue.Point{X: 300, Y: 80}}},
	}
	f := GroupFrames(d, NodePositions(d))
	eu, zone, us := f["eu"].Box, f["eu-a"].Box, f["us"].Box
	if !eu.Holds(zone) || zone.Y0 < 80+NodeHeight {
		t.Errorf("eu-a %v, eu %v", zone, eu)
	}
	if eu.X0 < us.X1 && us.X0 < eu.X1 && eu.Y0 < us.Y1 && us.Y0 < eu.Y1 {
		t.Errorf("us %v meets eu %v", us, eu)
	}
	if ap := f["ap"].Box; ap != (Rect{-500, 20, -500 + EmptyW, 20 + EmptyH}) {
		t.Errorf("ap %v", ap)
	}
}

// The geometry is worked out again when an empty group's place or a note
// changes, not only when a node's does: an empty frame moved is drawn where
// it was put, and routes keep off a note where it now is.
func TestGeometryFollowsEmptyFramesAndNotes(t *testing.T) {
	base := &catalogue.Design{
		Nodes:  []catalogue.Node{{ID: "a", Component: "kafka", Position: &catalogue.Point{X: 0, Y: 0}}},
		Groups: []catalogue.Group{{ID: "eu", Boundary: "region", Position: &catalogue.Point{X: 100, Y: 100}}},
		Notes:  []catalogue.Note{{Text: "hi", Position: &catalogue.Point{X: 400, Y: 0}}},
	}
	none := func(string) bool { return false }
	for name, edit := range map[string]func(d *catalogue.Design){
		"empty group moved": func(d *catalogue.Design) { d.Groups[0].Position = &catalogue.Point{X: 500, Y: 500} },
		"note moved":        func(d *catalogue.Design) { d.Notes[0].Position = &catalogue.Point{X: 0, Y: 400} },
		"note written":      func(d *catalogue.Design) { d.Notes[0].Text = "a longer note" },
		"note added":        func(d *catalogue.Design) { d.Notes = append(d.Notes, catalogue.Note{Text: "x", On: "a"}) },
	} {
		d := *base
		d.Groups = append([]catalogue.Group(nil), base.Groups...)
		d.Notes = append([]catalogue.Note(nil), base.Notes...)
		edit(&d)
		last := GeometryOf(nil, base, none) // a kept geometry takes the design it was asked for
		if GeometryOf(last, &d, none) == last {
			t.Errorf("%s: the last geometry was kept", name)
		}
	}
	same := *base
	if last := GeometryOf(nil, base, none); GeometryOf(last, &same, none) != last {
		t.Error("an unchanged copy of the design made a new geometry")
	}
}
