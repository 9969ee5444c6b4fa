package layout

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

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
				checkApart(t, got)
			}
		})
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
}

func BenchmarkArrange200(b *testing.B)          { benchmarkArrange(b, 200, All) }
func BenchmarkArrange1000(b *testing.B)         { benchmarkArrange(b, 1000, All) }
func BenchmarkArrange10000(b *testing.B)        { benchmarkArrange(b, 10000, All) }
func BenchmarkArrangePlaceNew1000(b *testing.B) { benchmarkArrange(b, 1000, PlaceNew) }

// placeMany is PlaceNew with many nodes to place, for the benchmark.
const placeMany Mode = -1

func BenchmarkArrangePlaceMany1000(b *testing.B) { benchmarkArrange(b, 1000, placeMany) }
