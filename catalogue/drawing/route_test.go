package drawing

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// checkRoute checks what every route must be: axis-aligned runs from the
// port on s to the port on t, the last run ending on t's side from outside
// it, pointing in, so that the arrowhead is drawn in the open.
func checkRoute(t *testing.T, pts []Point, s, tb Rect) {
	t.Helper()
	if len(pts) < 2 {
		t.Fatalf("route %v: fewer than two points", pts)
	}
	for i := 1; i < len(pts); i++ {
		if a, b := pts[i-1], pts[i]; a.X != b.X && a.Y != b.Y {
			t.Fatalf("route %v: run %d is diagonal", pts, i)
		}
	}
	if !onSide(pts[0], s) {
		t.Errorf("route %v starts off the source box %+v", pts, s)
	}
	end, before := pts[len(pts)-1], pts[len(pts)-2]
	if !onSide(end, tb) {
		t.Errorf("route %v ends off the target box %+v", pts, tb)
	}
	mid := Point{(end.X + before.X) / 2, (end.Y + before.Y) / 2}
	if inside(mid, tb) || dist(end, before) < routeStub-1e-9 {
		t.Errorf("route %v: the last run (%v → %v) is inside the target or shorter than the arrowhead's room", pts, before, end)
	}
}

func onSide(p Point, r Rect) bool {
	onX := (p.X == r.X0 || p.X == r.X1) && p.Y >= r.Y0 && p.Y <= r.Y1
	onY := (p.Y == r.Y0 || p.Y == r.Y1) && p.X >= r.X0 && p.X <= r.X1
	return onX || onY
}

func inside(p Point, r Rect) bool { return p.X > r.X0 && p.X < r.X1 && p.Y > r.Y0 && p.Y < r.Y1 }

// crosses reports whether a run of pts passes through box o.
func crosses(pts []Point, o Rect) bool {
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		if math.Max(a.X, b.X) > o.X0 && math.Min(a.X, b.X) < o.X1 && math.Max(a.Y, b.Y) > o.Y0 && math.Min(a.Y, b.Y) < o.Y1 {
			return true
		}
	}
	return false
}

func TestRouteSides(t *testing.T) {
	s := NodeBox(400, 400)
	for _, tc := range []struct {
		name       string
		tx, ty     float64
		start, end Point
	}{
		{"right", 700, 400, Point{580, 436}, Point{700, 436}},
		{"left", 100, 400, Point{400, 436}, Point{280, 436}},
		{"below", 400, 600, Point{490, 472}, Point{490, 600}},
		{"above", 400, 200, Point{490, 400}, Point{490, 272}},
		{"right and lower", 700, 480, Point{580, 436}, Point{700, 516}},
		{"below, a little right", 440, 640, Point{490, 472}, Point{530, 640}},
		{"overlapping", 420, 410, Point{580, 436}, Point{600, 446}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := NodeBox(tc.tx, tc.ty)
			pts := Router{Ix: NewBoxIndex([]Rect{s, tb})}.route(s, tb)
			if pts[0] != tc.start || pts[len(pts)-1] != tc.end {
				t.Errorf("route %v, want %v … %v", pts, tc.start, tc.end)
			}
			if tc.name != "overlapping" {
				checkRoute(t, pts, s, tb)
			}
		})
	}
}

// An edge whose straight line would cross a node bends round it.
func TestRouteAroundNodes(t *testing.T) {
	s, tb := NodeBox(0, 0), NodeBox(660, 0)
	for _, tc := range []struct {
		name string
		in   []Rect
	}{
		{"one in the way", []Rect{NodeBox(330, 0)}},
		{"a column in the way", []Rect{NodeBox(330, -120), NodeBox(330, 0), NodeBox(330, 120)}},
		{"two in the way", []Rect{NodeBox(220, 0), NodeBox(440, 0)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rt := Router{Ix: NewBoxIndex(append([]Rect{s, tb}, tc.in...))}
			pts := rt.route(s, tb)
			checkRoute(t, pts, s, tb)
			for _, o := range tc.in {
				if crosses(pts, o) {
					t.Errorf("route %v passes through %+v", pts, o)
				}
			}
		})
	}
}

// Every pair of nodes on the editor's grid, 4 by 4, routes clear of the
// other fourteen.
func TestRouteGrid(t *testing.T) {
	var boxes []Rect
	for i := 0; i < 16; i++ {
		boxes = append(boxes, NodeBox(float64(GridOrigin+(i%4)*GridX), float64(GridOrigin+(i/4)*gridY)))
	}
	rt := Router{Ix: NewBoxIndex(boxes)}
	for i, s := range boxes {
		for j, tb := range boxes {
			if i == j {
				continue
			}
			pts := rt.route(s, tb)
			checkRoute(t, pts, s, tb)
			for k, o := range boxes {
				if k != i && k != j && crosses(pts, o) {
					t.Errorf("%d → %d: route %v passes through box %d", i, j, pts, k)
				}
			}
		}
	}
}

// Random layouts: whatever the router chooses keeps the shape every edge
// needs, and the path data it draws starts and ends where the route does.
func TestRouteRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 300; n++ {
		var boxes []Rect
		for i := 0; i < 12; i++ {
			boxes = append(boxes, NodeBox(math.Round(rng.Float64()*1200), math.Round(rng.Float64()*800)))
		}
		rt := Router{Ix: NewBoxIndex(boxes)}
		s, tb := boxes[0], boxes[1]
		if math.Max(tb.X0-s.X1, s.X0-tb.X1) < 2*routeStub && math.Max(tb.Y0-s.Y1, s.Y0-tb.Y1) < 2*routeStub {
			continue // too close for sides that face: the loop, checked above
		}
		pts := rt.route(s, tb)
		checkRoute(t, pts, s, tb)
		d := PathData(pts)
		if !strings.HasPrefix(d, "M ") || strings.Contains(d, "NaN") {
			t.Fatalf("path data %q", d)
		}
	}
}

func TestPathData(t *testing.T) {
	for _, tc := range []struct {
		pts  []Point
		want string
	}{
		{[]Point{{0, 0}, {100, 0}}, "M 0 0 L 100 0"},
		{[]Point{{0, 0}, {50, 0}, {50, 100}, {100, 100}}, "M 0 0 L 42 0 Q 50 0 50 8 L 50 92 Q 50 100 58 100 L 100 100"},
		// A bend too short to round fully is rounded by half of it.
		{[]Point{{0, 0}, {50, 0}, {50, 6}, {100, 6}}, "M 0 0 L 47 0 Q 50 0 50 3 L 50 3 Q 50 6 53 6 L 100 6"},
		{nil, ""},
	} {
		if got := PathData(tc.pts); got != tc.want {
			t.Errorf("pathData(%v) = %q, want %q", tc.pts, got, tc.want)
		}
	}
}

// A label sits on the longest run that keeps it off every node.
func TestLabelSpot(t *testing.T) {
	s, tb := NodeBox(0, 0), NodeBox(600, 400)
	rt := Router{Ix: NewBoxIndex([]Rect{s, tb})}
	pts := rt.route(s, tb) // right 210, down 400, right 210
	at := rt.LabelSpot(pts, "orders", 11)
	if at.X != 390 || at.Y != 236 {
		t.Errorf("label at %v on %v", at, pts)
	}
	// A node over the vertical run's middle moves the label to a horizontal run.
	rt = Router{Ix: NewBoxIndex([]Rect{s, tb, NodeBox(300, 200)})}
	if at := rt.LabelSpot(pts, "orders", 11); at.Y == 236 {
		t.Errorf("label at %v, over the node in the way", at)
	}
}

// Edges that share a side of a box get ports of their own, in the order of
// their other ends; an edge alone on a side meets it in the middle.
func TestSpread(t *testing.T) {
	hub := NodeBox(400, 400)
	up, down, alone := NodeBox(0, 200), NodeBox(0, 600), NodeBox(800, 400)
	ports := spread([][2]Rect{{down, hub}, {up, hub}, {hub, alone}})
	if want := Port(hub, sideLeft, 2.0/3); ports[0][1] != want {
		t.Errorf("the edge from below enters at %v, want %v (the lower port)", ports[0][1], want)
	}
	if want := Port(hub, sideLeft, 1.0/3); ports[1][1] != want {
		t.Errorf("the edge from above enters at %v, want %v (the upper port)", ports[1][1], want)
	}
	if want := Port(hub, sideRight, 0.5); ports[2][0] != want {
		t.Errorf("the edge alone on the right leaves at %v, want %v", ports[2][0], want)
	}
	for i, pr := range [][2]Rect{{down, hub}, {up, hub}, {hub, alone}} {
		checkRoute(t, Router{Ix: NewBoxIndex([]Rect{hub, up, down, alone})}.RouteAt(pr[0], pr[1], ports[i][0], ports[i][1]), pr[0], pr[1])
	}
}

// A label too long for the gap of a short edge moves beside it, off the
// nodes, rather than over them.
func TestLabelSpotBesideAShortEdge(t *testing.T) {
	s, tb := NodeBox(40, 160), NodeBox(260, 160) // 40 apart
	rt := Router{Ix: NewBoxIndex([]Rect{s, tb})}
	pts := rt.route(s, tb)
	at := rt.LabelSpot(pts, "OrderConfirmed", 11)
	w := 0.6*11*14 + 8
	label := Rect{at.X - w/2, at.Y - 8, at.X + w/2, at.Y + 8}
	for _, b := range []Rect{s, tb} {
		if label.X1 > b.X0 && label.X0 < b.X1 && label.Y1 > b.Y0 && label.Y0 < b.Y1 {
			t.Errorf("label at %v (box %+v) is over the node %+v", at, label, b)
		}
	}
	if at.X != 240 || at.Y > 160 {
		t.Errorf("label at %v: want it above the gap, at x 240", at)
	}
}

// BenchmarkDragRoute is what a pointermove of a drag costs the router: the
// two edges of a node in the middle of a 1,000-node grid (as the browser
// benchmark's design), routed again with their ports, labels placed.
func BenchmarkDragRoute(b *testing.B) {
	var boxes []Rect
	for i := 0; i < 1000; i++ {
		if i == 1 {
			continue // the dragged node is not an obstacle
		}
		boxes = append(boxes, NodeBox(float64(40+(i%40)*220), float64(40+(i/40)*120)))
	}
	rt := Router{Ix: NewBoxIndex(boxes)}
	prev, next := NodeBox(40, 40), NodeBox(480, 40)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		moved := NodeBox(260+float64(i%200), 40+float64(i%200)/2)
		for _, pr := range [][2]Rect{{prev, moved}, {moved, next}} {
			pl := PlanFor(pr[0], pr[1])
			pts := rt.RouteAt(pr[0], pr[1], Port(pr[0], pl.Out, 0.5), Port(pr[1], pl.In, 0.5))
			rt.LabelSpot(pts, "payments", 11)
			_ = PathData(pts)
		}
	}
}

// Boxes too close for sides that face: side by side, the edge loops over
// the tops and keeps out of both; one above the other, round the right.
func TestRouteLoops(t *testing.T) {
	for _, tc := range []struct {
		name string
		s, t Rect
	}{
		{"side by side, 20 apart", NodeBox(0, 0), NodeBox(200, 0)},
		{"side by side, the target left", NodeBox(200, 10), NodeBox(0, 0)},
		{"one above the other, 20 apart", NodeBox(0, 0), NodeBox(30, 92)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pts := Router{Ix: NewBoxIndex([]Rect{tc.s, tc.t})}.route(tc.s, tc.t)
			checkRoute(t, pts, tc.s, tc.t)
			for _, b := range []Rect{tc.s, tc.t} {
				if crosses(pts, b) {
					t.Errorf("route %v passes through %+v", pts, b)
				}
			}
		})
	}
}

// A run longer than the index's buckets reach still sees every box in its
// way.
func TestRouteLongRun(t *testing.T) {
	s, tb, in := NodeBox(0, 0), NodeBox(40000, 0), NodeBox(30000, 0)
	pts := Router{Ix: NewBoxIndex([]Rect{s, tb, in})}.route(s, tb)
	checkRoute(t, pts, s, tb)
	if crosses(pts, in) {
		t.Errorf("route %v passes through %+v", pts, in)
	}
}

// votingBoxes is the voting app as drawn by hand: the queue tight under
// its consumer, worker, and vote up to the left, so the route from vote
// enters rabbitmq's top right under worker unless it goes round.
func votingBoxes() map[string]Rect {
	return map[string]Rect{
		"vote": NodeBox(40, 40), "redis": NodeBox(300, 40), "result": NodeBox(560, 40),
		"worker": NodeBox(300, 180), "db": NodeBox(560, 180), "rabbitmq": NodeBox(300, 264),
	}
}

// No route passes through a box other than its ends, and each ends on its
// target's border, from outside, with room for the arrowhead: vote →
// rabbitmq goes round worker rather than under it (issue 39, defect 6).
func TestRouteVotingApp(t *testing.T) {
	at := votingBoxes()
	var boxes []Rect
	for _, b := range at {
		boxes = append(boxes, b)
	}
	rt := Router{Ix: NewBoxIndex(boxes)}
	for _, e := range [][2]string{{"vote", "redis"}, {"vote", "rabbitmq"}, {"worker", "redis"}, {"worker", "db"}, {"worker", "rabbitmq"}, {"result", "db"}} {
		s, tb := at[e[0]], at[e[1]]
		pts := rt.route(s, tb)
		checkRoute(t, pts, s, tb)
		for id, o := range at {
			if id != e[0] && id != e[1] && crosses(pts, grow(o, routeClear-1)) {
				t.Errorf("%s → %s: route %v passes through %s", e[0], e[1], pts, id)
			}
		}
	}
}

// Random layouts of sixteen boxes that do not overlap: whatever is in the
// way, the route keeps clear of every box but its ends (within the
// clearance), leaves the source and enters the target square, and passes
// through neither.
func TestRouteNeverThroughABox(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tried := 0
	for n := 0; tried < 600; n++ {
		var boxes []Rect
		for i := 0; i < 16; i++ {
			boxes = append(boxes, NodeBox(math.Round(rng.Float64()*1800), math.Round(rng.Float64()*1100)))
		}
		if overlapping(boxes) {
			continue
		}
		tried++
		rt := Router{Ix: NewBoxIndex(boxes)}
		s, tb := boxes[0], boxes[1]
		pts := rt.route(s, tb)
		if len(pts) < 2 || !onSide(pts[0], s) || !onSide(pts[len(pts)-1], tb) {
			t.Fatalf("layout %d: route %v does not join its ends", n, pts)
		}
		for i := 1; i < len(pts); i++ {
			if a, b := pts[i-1], pts[i]; a.X != b.X && a.Y != b.Y {
				t.Fatalf("layout %d: route %v: run %d is diagonal", n, pts, i)
			}
		}
		end, before := pts[len(pts)-1], pts[len(pts)-2]
		if inside(Point{(end.X + before.X) / 2, (end.Y + before.Y) / 2}, tb) || dist(end, before) < routeStub-1e-9 {
			t.Errorf("layout %d: route %v: the last run is inside the target or too short for the arrowhead", n, pts)
		}
		if inner := pts[1 : len(pts)-1]; crosses(inner, s) || crosses(inner, tb) {
			t.Errorf("layout %d: route %v passes through one of its own ends", n, pts)
		}
		for k := 2; k < len(boxes); k++ {
			if crosses(pts, grow(boxes[k], routeClear-1)) {
				t.Errorf("layout %d: route %v from %v to %v passes through %v", n, pts, s, tb, boxes[k])
			}
		}
	}
}

func overlapping(boxes []Rect) bool {
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if a.X1+2*routeStub > b.X0 && a.X0 < b.X1+2*routeStub && a.Y1+2*routeStub > b.Y0 && a.Y0 < b.Y1+2*routeStub {
				return true
			}
		}
	}
	return false
}

// Parallel edges (two between the same boxes) and edges that share a side
// get attachment points of their own, and routes that do not meet at the
// ends.
func TestParallelEdgesSpread(t *testing.T) {
	a, b, c := NodeBox(40, 40), NodeBox(400, 40), NodeBox(400, 240)
	pairs := [][2]Rect{{a, b}, {a, b}, {a, c}}
	ports := spread(pairs)
	seen := map[Point]bool{}
	for i, p := range ports {
		for _, q := range p {
			if seen[q] {
				t.Errorf("edge %d: port %v is another edge's", i, q)
			}
			seen[q] = true
		}
	}
	rt := Router{Ix: NewBoxIndex([]Rect{a, b, c})}
	for i, pr := range pairs {
		checkRoute(t, rt.RouteAt(pr[0], pr[1], ports[i][0], ports[i][1]), pr[0], pr[1])
	}
}

// Routes keep off a frame's label and off notes, which Obstacles lists
// beside the nodes: a → b would run down through the label of b's frame,
// a → c through the note between them.
func TestRouteAvoidsFrameLabelsAndNotes(t *testing.T) {
	at := func(x, y float64) *catalogue.Point { return &catalogue.Point{X: x, Y: y} }
	d := &catalogue.Design{
		Groups: []catalogue.Group{{ID: "private", Boundary: "network"}},
		Nodes: []catalogue.Node{
			{ID: "a", Component: "service", Position: at(40, 40)},
			{ID: "b", Component: "service", In: "private", Position: at(40, 300)},
			{ID: "c", Component: "service", Position: at(600, 40)},
		},
		Notes: []catalogue.Note{{Text: "a note between a and c", Position: at(300, 50)}},
	}
	pos := NodePositions(d)
	frames := GroupFrames(d, pos)
	obstacles := Obstacles(d, pos, frames, nil, nil)
	if len(obstacles) != 5 {
		t.Fatalf("obstacles %v: want three nodes, a label and a note", obstacles)
	}
	label, note := obstacles[3], obstacles[4]
	f := frames["private"].Box
	if label.X0 != f.X0 || label.Y0 != f.Y0 || label.Y1 != f.Y0+GroupLabel || label.X1 <= label.X0+26 || label.X1 > f.X1 {
		t.Errorf("the frame's label %v, frame %v", label, f)
	}
	rt := Router{Ix: NewBoxIndex(obstacles)}
	box := func(id string) Rect { p := pos[id]; return NodeBox(p[0], p[1]) }
	for _, tc := range []struct {
		from, to string
		off      Rect
	}{{"a", "b", label}, {"a", "c", note}} {
		s, tb := box(tc.from), box(tc.to)
		pts := rt.route(s, tb)
		checkRoute(t, pts, s, tb)
		if crosses(pts, tc.off) {
			t.Errorf("%s → %s: route %v passes through %v", tc.from, tc.to, pts, tc.off)
		}
	}
}

// routeDesign is a design of n nodes for the routing benchmarks: a grid
// of 40 columns, dx and dy apart, each node joined to the next, to the one
// below and right, and to the one two columns and two rows on, whose way
// crosses other nodes.
func routeDesign(n int, dx, dy float64) *catalogue.Design {
	d := &catalogue.Design{}
	id := func(i int) string { return "n" + strconv.Itoa(i) }
	for i := 0; i < n; i++ {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: id(i), Component: "service", Position: &catalogue.Point{X: 40 + float64(i%40)*dx, Y: 40 + float64(i/40)*dy}})
		for _, j := range []int{i + 1, i + 41, i + 82} {
			if j < n {
				d.Edges = append(d.Edges, catalogue.Edge{From: id(i), To: id(j)})
			}
		}
	}
	return d
}

// BenchmarkRouteView1000 is what routing costs a redraw of a 1,000-node
// design at 1× in a 1440×900 view: the router made (the boxes indexed) and
// the edges that meet the view routed between their ports, each apart from
// those before it (as Geometry routes them). On the editor's
// grid (gaps of 40 and 48) a bend or a detour finds every route; packed
// tight (gaps of 20 and 18) most need the search.
func BenchmarkRouteView1000(b *testing.B) {
	for _, tc := range []struct {
		name   string
		dx, dy float64
	}{{"grid", GridX, gridY}, {"packed", NodeWidth + 20, NodeHeight + 18}} {
		b.Run(tc.name, func(b *testing.B) {
			d := routeDesign(1000, tc.dx, tc.dy)
			geo := GeometryOf(nil, d, func(string) bool { return false })
			view := Rect{0, 0, 1440, 900}
			var in []int
			for k, pr := range geo.Pairs {
				a, c := pr[0], pr[1]
				if math.Max(a.X1, c.X1) >= view.X0 && math.Min(a.X0, c.X0) <= view.X1 && math.Max(a.Y1, c.Y1) >= view.Y0 && math.Min(a.Y0, c.Y0) <= view.Y1 {
					in = append(in, k)
				}
			}
			geo.Prepare(in)
			b.ReportAllocs()
			for b.Loop() {
				rt := Router{Ix: NewBoxIndex(DrawnBoxes(d, geo.Pos, nil, nil)), Drawn: NewDrawn(nil)}
				for _, k := range in {
					ports := geo.portsOf(k)
					rt.Drawn.Add(rt.RouteAt(geo.Pairs[k][0], geo.Pairs[k][1], ports[0], ports[1]))
				}
			}
		})
	}
}

// The index finds every box that meets a region, as looking at each box
// does, whether its buckets are a grid (boxes packed) or a map (a few
// boxes far apart), and for regions reaching outside the boxes' bounds.
func TestBoxIndexFindsWhatMeets(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 2))
	kinds := map[bool]int{} // indexes by a grid, and by a map
	defer func() {
		if kinds[true] < 20 || kinds[false] < 20 {
			t.Errorf("%d indexes by a grid, %d by a map: both want trying", kinds[true], kinds[false])
		}
	}()
	for round := range 200 {
		spread := 3000.0
		if round%2 == 1 {
			spread = 2e6 // sparse: a map of the cells touched
		}
		var boxes []Rect
		for range rng.IntN(300) {
			x, y := rng.Float64()*spread-spread/4, rng.Float64()*spread-spread/4
			boxes = append(boxes, Rect{x, y, x + rng.Float64()*600, y + rng.Float64()*300})
		}
		ix := NewBoxIndex(boxes)
		kinds[ix.grid != nil]++
		for range 20 {
			x, y := rng.Float64()*spread*1.5-spread/2, rng.Float64()*spread*1.5-spread/2
			r := Rect{x, y, x + rng.Float64()*2000, y + rng.Float64()*800}
			found := map[Rect]bool{}
			ix.near(r, func(b Rect) bool { found[b] = true; return true })
			for _, b := range boxes {
				if meets := b.X1 >= r.X0 && b.X0 <= r.X1 && b.Y1 >= r.Y0 && b.Y0 <= r.Y1; meets != found[b] {
					t.Fatalf("round %d: %+v meets %+v: %t, found: %t", round, b, r, meets, found[b])
				}
			}
		}
	}
}

// BenchmarkBoxIndex10000 indexes the boxes of a 10,000-node design on the
// editor's grid, as a canvas does for its routes after every add, move or
// delete of a node.
func BenchmarkBoxIndex10000(b *testing.B) {
	var boxes []Rect
	for i := range 10000 {
		boxes = append(boxes, NodeBox(40+float64(i%40)*GridX, 40+float64(i/40)*gridY))
	}
	b.ReportAllocs()
	for b.Loop() {
		NewBoxIndex(boxes)
	}
}
