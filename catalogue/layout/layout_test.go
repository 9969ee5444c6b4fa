package layout

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/archdesigner/designer/catalogue"
)

var geo = Geometry{NodeW: 180, NodeH: 72, GroupPad: 16, GroupLabel: 22, Origin: 40}

// synthetic is a design of n nodes: a flow from entry to storage with
// branches and a few edges back (cycles), the nodes spread over regions
// holding zones, as a system is drawn.
func synthetic(n, regions int, seed uint64) *catalogue.Design {
	r := rand.New(rand.NewPCG(seed, 1))
	d := &catalogue.Design{}
	for g := range regions {
		d.Groups = append(d.Groups, catalogue.Group{ID: fmt.Sprintf("region-%d", g), Boundary: "region"})
		for z := range 2 {
			d.Groups = append(d.Groups, catalogue.Group{ID: fmt.Sprintf("zone-%d-%d", g, z), Boundary: "zone", In: fmt.Sprintf("region-%d", g)})
		}
	}
	for i := range n {
		nd := catalogue.Node{ID: fmt.Sprintf("n%d", i), Component: "postgresql"}
		if regions > 0 && i%5 != 0 {
			g := r.IntN(regions)
			nd.In = fmt.Sprintf("region-%d", g)
			if r.IntN(2) == 0 {
				nd.In = fmt.Sprintf("zone-%d-%d", g, r.IntN(2))
			}
		}
		d.Nodes = append(d.Nodes, nd)
		if i > 0 {
			d.Edges = append(d.Edges, catalogue.Edge{From: fmt.Sprintf("n%d", r.IntN(i)), To: nd.ID})
		}
		if i > 3 && r.IntN(4) == 0 {
			d.Edges = append(d.Edges, catalogue.Edge{From: fmt.Sprintf("n%d", r.IntN(i)), To: nd.ID})
		}
		if i > 3 && r.IntN(20) == 0 { // an edge back: a cycle
			d.Edges = append(d.Edges, catalogue.Edge{From: nd.ID, To: fmt.Sprintf("n%d", r.IntN(i))})
		}
	}
	return d
}

// apply writes positions into a copy of d.
func apply(d *catalogue.Design, ps []catalogue.Point) *catalogue.Design {
	c := *d
	c.Nodes = slices.Clone(d.Nodes)
	for i := range c.Nodes {
		p := ps[i]
		c.Nodes[i].Position = &p
	}
	return &c
}

// frames are the group frames the canvas draws for a design: around the
// boxes of what each group holds, padded, with room for the label.
func frames(d *catalogue.Design) map[string]box {
	b := newBoard(newLayout(d, Options{Geometry: geo}))
	for i, n := range d.Nodes {
		b.put(i, n.Position.X, n.Position.Y)
	}
	out := map[string]box{}
	for g, grp := range d.Groups {
		if b.framed[1+g] {
			out[grp.ID] = b.frame[1+g]
		}
	}
	return out
}

// checkDrawing fails t if two nodes overlap, a group's frame takes in a
// node it does not hold, or two frames neither of which holds the other
// meet.
func checkDrawing(t *testing.T, d *catalogue.Design) {
	t.Helper()
	l := newLayout(d, Options{Geometry: geo})
	nb := func(i int) box {
		p := d.Nodes[i].Position
		return box{p.X, p.Y, p.X + geo.NodeW, p.Y + geo.NodeH}
	}
	for i := range d.Nodes {
		for j := i + 1; j < len(d.Nodes); j++ {
			if nb(i).meets(nb(j)) {
				t.Fatalf("%s at %v and %s at %v overlap", d.Nodes[i].ID, *d.Nodes[i].Position, d.Nodes[j].ID, *d.Nodes[j].Position)
			}
		}
	}
	fs := frames(d)
	for g, grp := range d.Groups {
		f, ok := fs[grp.ID]
		if !ok {
			continue
		}
		for i := range d.Nodes {
			if !l.holds(1+g, l.nodeIn[i]) && f.meets(nb(i)) {
				t.Fatalf("group %s's frame %v takes in %s (in %q) at %v", grp.ID, f, d.Nodes[i].ID, d.Nodes[i].In, nb(i))
			}
		}
		for h, other := range d.Groups {
			o, ok := fs[other.ID]
			if ok && h != g && !l.holds(1+g, 1+h) && !l.holds(1+h, 1+g) && f.meets(o) {
				t.Fatalf("the frames of %s %v and %s %v meet", grp.ID, f, other.ID, o)
			}
		}
	}
}

func TestArrangeAll(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    *catalogue.Design
	}{
		{"empty", &catalogue.Design{}},
		{"one", &catalogue.Design{Nodes: []catalogue.Node{{ID: "a"}}}},
		{"chain", synthetic(12, 0, 1)},
		{"groups", synthetic(60, 3, 2)},
		{"many groups", synthetic(300, 12, 3)},
		{"unknown group and node", &catalogue.Design{
			Nodes: []catalogue.Node{{ID: "a", In: "nowhere"}, {ID: "b"}},
			Edges: []catalogue.Edge{{From: "a", To: "b"}, {From: "a", To: "ghost"}, {From: "b", To: "b"}},
		}},
		{"group cycle", &catalogue.Design{
			Groups: []catalogue.Group{{ID: "x", In: "y"}, {ID: "y", In: "x"}},
			Nodes:  []catalogue.Node{{ID: "a", In: "x"}, {ID: "b", In: "y"}},
			Edges:  []catalogue.Edge{{From: "a", To: "b"}},
		}},
	} {
		for _, dir := range []Direction{LeftToRight, TopToBottom} {
			t.Run(tc.name+"/"+dir.String(), func(t *testing.T) {
				ps := Arrange(tc.d, Options{Direction: dir, Geometry: geo, Mode: All})
				if len(ps) != len(tc.d.Nodes) {
					t.Fatalf("%d positions for %d nodes", len(ps), len(tc.d.Nodes))
				}
				got := apply(tc.d, ps)
				checkDrawing(t, got)
				if again := Arrange(tc.d, Options{Direction: dir, Geometry: geo, Mode: All}); !slices.Equal(again, ps) {
					t.Fatal("a second layout differs from the first")
				}
				if len(ps) > 0 {
					x0, y0 := ps[0].X, ps[0].Y
					for _, p := range ps {
						x0, y0 = min(x0, p.X), min(y0, p.Y)
					}
					if x0 < geo.Origin || y0 < geo.Origin {
						t.Errorf("the drawing starts at %v, %v, before the origin %v", x0, y0, geo.Origin)
					}
				}
			})
		}
	}
}

// Edges of an acyclic design point the way of the layout; with groups, as
// long as the groups' own edges make no cycle (each group is one block in
// the drawing of what holds it).
func TestArrangeEdgesPointOneWay(t *testing.T) {
	forward := synthetic(80, 0, 4)
	forward.Edges = slices.DeleteFunc(slices.Clone(forward.Edges), func(e catalogue.Edge) bool {
		var a, b int
		fmt.Sscanf(e.From, "n%d", &a)
		fmt.Sscanf(e.To, "n%d", &b)
		return a > b // the edges back
	})
	tiers := &catalogue.Design{
		Groups: []catalogue.Group{{ID: "region"}, {ID: "web", In: "region"}, {ID: "app", In: "region"}, {ID: "data", In: "region"}},
		Nodes: []catalogue.Node{{ID: "users"}, {ID: "cdn"}, {ID: "lb", In: "web"}, {ID: "api", In: "app"}, {ID: "worker", In: "app"},
			{ID: "queue", In: "app"}, {ID: "db", In: "data"}, {ID: "cache", In: "data"}, {ID: "backup"}},
		Edges: []catalogue.Edge{{From: "users", To: "cdn"}, {From: "cdn", To: "lb"}, {From: "lb", To: "api"}, {From: "api", To: "queue"},
			{From: "queue", To: "worker"}, {From: "api", To: "db"}, {From: "api", To: "cache"}, {From: "worker", To: "db"}, {From: "db", To: "backup"}},
	}
	for _, tc := range []struct {
		dir Direction
		d   *catalogue.Design
	}{{LeftToRight, forward}, {TopToBottom, forward}, {LeftToRight, tiers}, {TopToBottom, tiers}} {
		dir, d := tc.dir, tc.d
		got := apply(d, Arrange(d, Options{Direction: dir, Geometry: geo, Mode: All}))
		at := map[string]catalogue.Point{}
		for _, n := range got.Nodes {
			at[n.ID] = *n.Position
		}
		for _, e := range d.Edges {
			a, b := at[e.From], at[e.To]
			ok := b.X >= a.X+geo.NodeW
			if dir == TopToBottom {
				ok = b.Y >= a.Y+geo.NodeH
			}
			if !ok {
				t.Errorf("%s: %s at %v → %s at %v goes back", dir, e.From, a, e.To, b)
			}
		}
	}
}

// Crossing reduction: a drawing whose first order crosses every edge comes
// out without a crossing.
func TestArrangeUncrosses(t *testing.T) {
	d := &catalogue.Design{}
	for _, id := range []string{"a", "b", "c", "x", "y", "z"} {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: id})
	}
	d.Edges = []catalogue.Edge{{From: "a", To: "z"}, {From: "b", To: "y"}, {From: "c", To: "x"}, {From: "a", To: "y"}}
	got := apply(d, Arrange(d, Options{Geometry: geo, Mode: All}))
	y := map[string]float64{}
	for _, n := range got.Nodes {
		y[n.ID] = n.Position.Y
	}
	for _, e := range d.Edges {
		for _, f := range d.Edges {
			if (y[e.From]-y[f.From])*(y[e.To]-y[f.To]) < 0 {
				t.Errorf("%s→%s crosses %s→%s", e.From, e.To, f.From, f.To)
			}
		}
	}
}

// checkApart fails t if two nodes overlap.
func checkApart(t *testing.T, d *catalogue.Design) {
	t.Helper()
	b := newBoard(newLayout(d, Options{Geometry: geo}))
	for i, n := range d.Nodes {
		r := b.nodeBox(n.Position.X, n.Position.Y)
		b.nodesIn(r, func(j int) bool {
			t.Fatalf("%s at %v overlaps %s", n.ID, *n.Position, d.Nodes[j].ID)
			return false
		})
		b.put(i, n.Position.X, n.Position.Y)
	}
}

// spread is d drawn by hand: the layout's positions spaced out by half.
func spread(d *catalogue.Design) *catalogue.Design {
	for i := range d.Nodes {
		p := d.Nodes[i].Position
		d.Nodes[i].Position = &catalogue.Point{X: math.Round(p.X * 1.5), Y: math.Round(p.Y * 1.5)}
	}
	return d
}

func TestArrangePlaceNewKeepsPlacedNodes(t *testing.T) {
	for _, tc := range []struct {
		name string
		dir  Direction
		// byHand spaces the placed nodes out; else they are as tight as a
		// layout leaves them, every group hemmed in.
		byHand bool
	}{{"lr by hand", LeftToRight, true}, {"tb by hand", TopToBottom, true}, {"lr tight", LeftToRight, false}, {"tb tight", TopToBottom, false}} {
		dir := tc.dir
		t.Run(tc.name, func(t *testing.T) {
			base := synthetic(120, 4, 5)
			placed := apply(base, Arrange(base, Options{Direction: dir, Geometry: geo, Mode: All}))
			if tc.byHand {
				placed = spread(placed)
			}
			// Unplace every seventh node, and add new ones: joined to placed
			// nodes, in groups, and a pair joined to nothing placed.
			d := *placed
			d.Nodes = slices.Clone(placed.Nodes)
			for i := range d.Nodes {
				if i%7 == 3 {
					d.Nodes[i].Position = nil
				}
			}
			d.Nodes = append(d.Nodes,
				catalogue.Node{ID: "new-after", In: d.Nodes[10].In},
				catalogue.Node{ID: "new-alone", In: "region-2"},
				catalogue.Node{ID: "new-free-a"}, catalogue.Node{ID: "new-free-b"})
			d.Edges = append(slices.Clone(d.Edges),
				catalogue.Edge{From: "n10", To: "new-after"},
				catalogue.Edge{From: "new-free-a", To: "new-free-b"})
			ps := Arrange(&d, Options{Direction: dir, Geometry: geo})
			for i, n := range d.Nodes {
				if n.Position != nil && ps[i] != *n.Position {
					t.Errorf("placed node %s moved from %v to %v", n.ID, *n.Position, ps[i])
				}
			}
			got := apply(&d, ps)
			if tc.byHand {
				checkDrawing(t, got)
			} else {
				// A group hemmed in on every side can only grow over what
				// is around it: placed nodes do not move to make room.
				checkApart(t, got)
			}
		})
	}
}

// Many nodes to place (one in three of a design of 300) keep every group's
// frame clear of the others where there is room for them.
func TestArrangePlaceNewKeepsFrames(t *testing.T) {
	for _, dir := range []Direction{LeftToRight, TopToBottom} {
		base := synthetic(300, 6, 5)
		d := spread(apply(base, Arrange(base, Options{Direction: dir, Geometry: geo, Mode: All})))
		for i := range d.Nodes {
			if i%3 == 1 {
				d.Nodes[i].Position = nil
			}
		}
		checkDrawing(t, apply(d, Arrange(d, Options{Direction: dir, Geometry: geo})))
	}
}

// A new member of a group closed in on three sides goes on the fourth,
// even when that is before the group's members.
func TestArrangePlaceNewFindsTheOpenSide(t *testing.T) {
	at := func(x, y float64) *catalogue.Point { return &catalogue.Point{X: x, Y: y} }
	d := &catalogue.Design{
		Groups: []catalogue.Group{{ID: "g"}, {ID: "above"}, {ID: "below"}, {ID: "right"}},
		Nodes: []catalogue.Node{{ID: "a", In: "g", Position: at(0, 0)}, {ID: "b", In: "g"},
			{ID: "up", In: "above", Position: at(0, -200)}, {ID: "down", In: "below", Position: at(0, 200)},
			{ID: "next", In: "right", Position: at(300, 0)}},
	}
	ps := Arrange(d, Options{Geometry: geo})
	checkDrawing(t, apply(d, ps))
	if ps[1].X >= 0 {
		t.Errorf("b at %v, not before a", ps[1])
	}
}

// New members of a group that connect to nothing placed are laid out
// among themselves, a chain as a chain and the rest in a grid, not strung
// out in a row after the group's members.
func TestArrangePlaceNewLaysOutNewMembers(t *testing.T) {
	d := &catalogue.Design{
		Groups: []catalogue.Group{{ID: "g"}},
		Nodes:  []catalogue.Node{{ID: "a", In: "g", Position: &catalogue.Point{X: 0, Y: 0}}},
		Edges:  []catalogue.Edge{{From: "c0", To: "c1"}, {From: "c1", To: "c2"}},
	}
	for i := range 3 {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: fmt.Sprintf("c%d", i), In: "g"})
	}
	for i := range 6 {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: fmt.Sprintf("s%d", i), In: "g"})
	}
	ps := Arrange(d, Options{Geometry: geo})
	got := apply(d, ps)
	checkDrawing(t, got)
	for i := 1; i < 3; i++ {
		if ps[1+i].X < ps[i].X+geo.NodeW || ps[1+i].Y != ps[i].Y {
			t.Errorf("c%d at %v does not follow c%d at %v", i, ps[1+i], i-1, ps[i])
		}
	}
	rows := map[float64]bool{}
	for _, p := range ps[4:] {
		rows[p.Y] = true
	}
	if len(rows) < 2 {
		t.Errorf("six new members in %d row: %v", len(rows), ps[4:])
	}
	if f := frames(got)["g"]; f.x1-f.x0 > 3*(f.y1-f.y0) {
		t.Errorf("the group's frame %v is a strip", f)
	}
}

// A new node goes after the node that feeds it, in its group, and before
// the node it feeds.
func TestArrangePlaceNewBesideNeighbours(t *testing.T) {
	at := func(x, y float64) *catalogue.Point { return &catalogue.Point{X: x, Y: y} }
	for _, dir := range []Direction{LeftToRight, TopToBottom} {
		d := &catalogue.Design{
			Groups: []catalogue.Group{{ID: "zone"}},
			Nodes: []catalogue.Node{
				{ID: "api", In: "zone", Position: at(100, 100)}, {ID: "db", In: "zone", Position: at(100, 400)},
				{ID: "cache", In: "zone"}, {ID: "sink", Position: at(2000, 2000)}, {ID: "feed"}},
			Edges: []catalogue.Edge{{From: "api", To: "cache"}, {From: "feed", To: "sink"}},
		}
		ps := Arrange(d, Options{Direction: dir, Geometry: geo})
		got := apply(d, ps)
		checkDrawing(t, got)
		cache, feed := ps[2], ps[4]
		if dir == LeftToRight && (cache.X <= 100+geo.NodeW || feed.X+geo.NodeW >= 2000) ||
			dir == TopToBottom && (cache.Y <= 100+geo.NodeH || feed.Y+geo.NodeH >= 2000) {
			t.Errorf("%s: cache at %v is not after api, or feed at %v not before sink", dir, cache, feed)
		}
		if f := frames(got)["zone"]; !(box{cache.X, cache.Y, cache.X + geo.NodeW, cache.Y + geo.NodeH}).meets(f) {
			t.Errorf("%s: cache at %v is outside its zone %v", dir, cache, f)
		}
	}
}

// A node the options name moves even though it has a position; the rest
// stay.
func TestArrangeMoveNamed(t *testing.T) {
	d := apply(synthetic(30, 2, 6), Arrange(synthetic(30, 2, 6), Options{Geometry: geo, Mode: All}))
	d.Nodes[4].Position = &catalogue.Point{X: 5000, Y: 5000}
	ps := Arrange(d, Options{Geometry: geo, Move: func(i int) bool { return i == 4 }})
	if ps[4] == (catalogue.Point{X: 5000, Y: 5000}) {
		t.Error("the named node stayed far away")
	}
	for i, n := range d.Nodes {
		if i != 4 && ps[i] != *n.Position {
			t.Errorf("%s moved", n.ID)
		}
	}
	checkDrawing(t, apply(d, ps))
}

func TestArrangeTogether(t *testing.T) {
	d := apply(synthetic(40, 0, 7), Arrange(synthetic(40, 0, 7), Options{Geometry: geo, Mode: All}))
	sel := map[int]bool{2: true, 5: true, 9: true, 11: true}
	for i := range sel { // scattered
		d.Nodes[i].Position = &catalogue.Point{X: float64(3000 + 500*i), Y: float64(-2000 + 300*i)}
	}
	ps := Arrange(d, Options{Geometry: geo, Mode: Together, Move: func(i int) bool { return sel[i] }})
	for i, n := range d.Nodes {
		if !sel[i] && ps[i] != *n.Position {
			t.Errorf("%s moved", n.ID)
		}
	}
	checkDrawing(t, apply(d, ps))
}

// A selection laid out together does not grow its group's frame over a
// node of another group.
func TestArrangeTogetherKeepsFrames(t *testing.T) {
	at := func(x, y float64) *catalogue.Point { return &catalogue.Point{X: x, Y: y} }
	d := &catalogue.Design{
		Groups: []catalogue.Group{{ID: "g"}, {ID: "h"}},
		Nodes: []catalogue.Node{{ID: "a", In: "g", Position: at(0, 100)}, {ID: "b", In: "g", Position: at(0, 220)},
			{ID: "x", In: "h", Position: at(300, 160)}},
	}
	checkDrawing(t, d)
	ps := Arrange(d, Options{Geometry: geo, Mode: Together, Move: func(i int) bool { return i < 2 }})
	checkDrawing(t, apply(d, ps))
}

// Selections across groups, laid out together in a design drawn by hand,
// keep every frame clear of the others; the nodes without a position that
// are not selected are placed on their own, not in the selection's block.
func TestArrangeTogetherAcrossGroups(t *testing.T) {
	for seed := range uint64(12) {
		base := synthetic(120, 4, 20+seed)
		d := spread(apply(base, Arrange(base, Options{Geometry: geo, Mode: All})))
		r := rand.New(rand.NewPCG(seed, 2))
		sel := map[int]bool{}
		for len(sel) < 8 {
			sel[r.IntN(len(d.Nodes))] = true
		}
		loose := -1
		for i := range d.Nodes {
			if !sel[i] && loose < 0 && r.IntN(10) == 0 {
				loose = i
				d.Nodes[i].Position = nil
			}
		}
		ps := Arrange(d, Options{Geometry: geo, Mode: Together, Move: func(i int) bool { return sel[i] }})
		for i, n := range d.Nodes {
			if !sel[i] && n.Position != nil && ps[i] != *n.Position {
				t.Errorf("seed %d: %s moved", seed, n.ID)
			}
		}
		checkDrawing(t, apply(d, ps))
		if loose < 0 {
			continue
		}
		// Placed beside what it connects to, as PlaceNew places it.
		want := slices.Clone(d.Nodes)
		for i := range want {
			if sel[i] {
				want[i].Position = &ps[i]
			}
		}
		dd := *d
		dd.Nodes = want
		if got := Arrange(&dd, Options{Geometry: geo})[loose]; got != ps[loose] {
			t.Errorf("seed %d: %s at %v, where PlaceNew puts it at %v", seed, d.Nodes[loose].ID, ps[loose], got)
		}
	}
}

// Together with no nodes named lays out only those without a position.
func TestArrangeTogetherNamesNone(t *testing.T) {
	d := apply(synthetic(20, 0, 8), Arrange(synthetic(20, 0, 8), Options{Geometry: geo, Mode: All}))
	d.Nodes[3].Position, d.Nodes[7].Position = nil, nil
	ps := Arrange(d, Options{Geometry: geo, Mode: Together})
	for i, n := range d.Nodes {
		if n.Position != nil && ps[i] != *n.Position {
			t.Errorf("%s moved", n.ID)
		}
	}
	checkDrawing(t, apply(d, ps))
}

// Nodes placed absurdly far apart (a hostile file) are laid out without
// running out of memory: the buckets past the dense ones are a map.
func TestArrangeFarApart(t *testing.T) {
	at := func(x, y float64) *catalogue.Point { return &catalogue.Point{X: x, Y: y} }
	d := &catalogue.Design{
		Groups: []catalogue.Group{{ID: "g"}},
		Nodes: []catalogue.Node{{ID: "a", In: "g", Position: at(0, 0)}, {ID: "b", In: "g", Position: at(1e12, -1e12)},
			{ID: "c", Position: at(-1e300, 1e300)}, {ID: "d", In: "g"}, {ID: "e"}},
		Edges: []catalogue.Edge{{From: "a", To: "d"}},
	}
	for _, mode := range []Mode{PlaceNew, Together} {
		ps := Arrange(d, Options{Geometry: geo, Mode: mode, Move: func(i int) bool { return i >= 3 }})
		for i, p := range ps[3:] {
			if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
				t.Errorf("mode %d: %s at %v", mode, d.Nodes[3+i].ID, p)
			}
		}
		checkApart(t, apply(d, ps))
	}
}

// Yield is called as the work goes, often enough to keep a long layout in
// small parts, changes nothing of the result, and stops the layout when it
// returns false.
func TestArrangeYields(t *testing.T) {
	all := synthetic(1000, 20, 9)
	some := apply(all, Arrange(all, Options{Geometry: geo, Mode: All}))
	for i := 1; i < len(some.Nodes); i += 3 {
		some.Nodes[i].Position = nil
	}
	for _, tc := range []struct {
		name string
		d    *catalogue.Design
		mode Mode
		most int // nodes laid out per call of Yield, at most
	}{{"all", all, All, 400}, {"place new", some, PlaceNew, 40}} {
		want := Arrange(tc.d, Options{Geometry: geo, Mode: tc.mode})
		calls := 0
		got := Arrange(tc.d, Options{Geometry: geo, Mode: tc.mode, Yield: func() bool { calls++; return true }})
		if !slices.Equal(got, want) {
			t.Errorf("%s: the layout differs with Yield", tc.name)
		}
		if calls < len(tc.d.Nodes)/tc.most {
			t.Errorf("%s: Yield called %d times for %d nodes", tc.name, calls, len(tc.d.Nodes))
		}
		// Told to stop on its second call, it returns nil, having done no
		// more work.
		calls = 0
		if got := Arrange(tc.d, Options{Geometry: geo, Mode: tc.mode, Yield: func() bool { calls++; return calls < 2 }}); got != nil || calls != 2 {
			t.Errorf("%s: stopped, Arrange returned %d positions after %d calls", tc.name, len(got), calls)
		}
	}
}

// One node far away, first in the file, does not push the design's
// buckets out of the dense array (where every look-up would scan the map,
// spend the budget and leave the new nodes beside the far one).
func TestArrangeFarNodeFirst(t *testing.T) {
	base := synthetic(600, 6, 5)
	placed := spread(apply(base, Arrange(base, Options{Geometry: geo, Mode: All})))
	d := *placed
	d.Nodes = append([]catalogue.Node{{ID: "far", Position: &catalogue.Point{X: 1e9, Y: 0}}}, placed.Nodes...)
	for i := 1; i < len(d.Nodes); i += 3 {
		d.Nodes[i].Position = nil
	}
	ps := Arrange(&d, Options{Geometry: geo})
	for i, p := range ps[1:] {
		if d.Nodes[1+i].Position == nil && p.X > 1e6 {
			t.Fatalf("%s placed at %v, beside the far node", d.Nodes[1+i].ID, p)
		}
	}
	checkDrawing(t, apply(&d, ps))
}

func TestParseDirection(t *testing.T) {
	for _, s := range []string{"lr", "tb"} {
		d, err := ParseDirection(s)
		if err != nil || d.String() != s {
			t.Errorf("%s: %v, %v", s, d, err)
		}
	}
	if _, err := ParseDirection("rl"); err == nil {
		t.Error("rl read")
	}
}

// reportYieldGap reports the longest stretch of d's layout without a call
// of Yield: how long a caller that yields on every call may block.
func reportYieldGap(b *testing.B, d *catalogue.Design, o Options) {
	b.Helper()
	var longest time.Duration
	last := time.Now()
	o.Yield = func() bool {
		longest = max(longest, time.Since(last))
		last = time.Now()
		return true
	}
	Arrange(d, o)
	longest = max(longest, time.Since(last))
	b.ReportMetric(float64(longest.Microseconds())/1000, "ms-between-yields")
}

func benchmarkArrange(b *testing.B, n int, mode Mode) {
	d := synthetic(n, n/50, 9)
	o := Options{Geometry: geo, Mode: mode}
	if mode == PlaceNew { // ten new nodes in a placed design
		d = apply(d, Arrange(d, Options{Geometry: geo, Mode: All}))
		for i := 0; i < n; i += n / 10 {
			d.Nodes[i].Position = nil
		}
	}
	if mode == placeMany { // one in seven unplaced, in tight groups
		d = apply(d, Arrange(d, Options{Geometry: geo, Mode: All}))
		for i := 3; i < n; i += 7 {
			d.Nodes[i].Position = nil
		}
		o.Mode = PlaceNew
	}
	b.ReportAllocs()
	for b.Loop() {
		Arrange(d, o)
	}
	reportYieldGap(b, d, o) // after the loop, which clears what is reported before it
}

func BenchmarkArrange200(b *testing.B)          { benchmarkArrange(b, 200, All) }
func BenchmarkArrange1000(b *testing.B)         { benchmarkArrange(b, 1000, All) }
func BenchmarkArrange10000(b *testing.B)        { benchmarkArrange(b, 10000, All) }
func BenchmarkArrangePlaceNew1000(b *testing.B) { benchmarkArrange(b, 1000, PlaceNew) }

// placeMany is PlaceNew with many nodes to place, for the benchmark.
const placeMany Mode = -1

func BenchmarkArrangePlaceMany1000(b *testing.B) { benchmarkArrange(b, 1000, placeMany) }

// The worst case of placing measured: one node in three unplaced in a
// tight layout of 1,000 in 20 regions, where many groups are hemmed in.
func BenchmarkArrangePlaceHemmed1000(b *testing.B) {
	d := synthetic(1000, 20, 9)
	d = apply(d, Arrange(d, Options{Geometry: geo, Mode: All}))
	for i := 1; i < len(d.Nodes); i += 3 {
		d.Nodes[i].Position = nil
	}
	o := Options{Geometry: geo}
	b.ReportAllocs()
	for b.Loop() {
		Arrange(d, o)
	}
	reportYieldGap(b, d, o) // after the loop, which clears what is reported before it
}
