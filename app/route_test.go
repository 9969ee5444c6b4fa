package app

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// checkRoute checks what every route must be: axis-aligned runs from the
// port on s to the port on t, the last run ending on t's side from outside
// it, pointing in, so that the arrowhead is drawn in the open.
func checkRoute(t *testing.T, pts []point, s, tb rect) {
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
	mid := point{(end.X + before.X) / 2, (end.Y + before.Y) / 2}
	if inside(mid, tb) || dist(end, before) < routeStub-1e-9 {
		t.Errorf("route %v: the last run (%v → %v) is inside the target or shorter than the arrowhead's room", pts, before, end)
	}
}

func onSide(p point, r rect) bool {
	onX := (p.X == r.X0 || p.X == r.X1) && p.Y >= r.Y0 && p.Y <= r.Y1
	onY := (p.Y == r.Y0 || p.Y == r.Y1) && p.X >= r.X0 && p.X <= r.X1
	return onX || onY
}

func inside(p point, r rect) bool { return p.X > r.X0 && p.X < r.X1 && p.Y > r.Y0 && p.Y < r.Y1 }

// crosses reports whether a run of pts passes through box o.
func crosses(pts []point, o rect) bool {
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		if math.Max(a.X, b.X) > o.X0 && math.Min(a.X, b.X) < o.X1 && math.Max(a.Y, b.Y) > o.Y0 && math.Min(a.Y, b.Y) < o.Y1 {
			return true
		}
	}
	return false
}

func TestRouteSides(t *testing.T) {
	s := nodeBox(400, 400)
	for _, tc := range []struct {
		name       string
		tx, ty     float64
		start, end point
	}{
		{"right", 700, 400, point{580, 436}, point{700, 436}},
		{"left", 100, 400, point{400, 436}, point{280, 436}},
		{"below", 400, 600, point{490, 472}, point{490, 600}},
		{"above", 400, 200, point{490, 400}, point{490, 272}},
		{"right and lower", 700, 480, point{580, 436}, point{700, 516}},
		{"below, a little right", 440, 640, point{490, 472}, point{530, 640}},
		{"overlapping", 420, 410, point{580, 436}, point{600, 446}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := nodeBox(tc.tx, tc.ty)
			pts := router{ix: newBoxIndex([]rect{s, tb})}.route(s, tb)
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
	s, tb := nodeBox(0, 0), nodeBox(660, 0)
	for _, tc := range []struct {
		name string
		in   []rect
	}{
		{"one in the way", []rect{nodeBox(330, 0)}},
		{"a column in the way", []rect{nodeBox(330, -120), nodeBox(330, 0), nodeBox(330, 120)}},
		{"two in the way", []rect{nodeBox(220, 0), nodeBox(440, 0)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rt := router{ix: newBoxIndex(append([]rect{s, tb}, tc.in...))}
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
	var boxes []rect
	for i := 0; i < 16; i++ {
		boxes = append(boxes, nodeBox(float64(gridOrigin+(i%4)*gridX), float64(gridOrigin+(i/4)*gridY)))
	}
	rt := router{ix: newBoxIndex(boxes)}
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
		var boxes []rect
		for i := 0; i < 12; i++ {
			boxes = append(boxes, nodeBox(math.Round(rng.Float64()*1200), math.Round(rng.Float64()*800)))
		}
		rt := router{ix: newBoxIndex(boxes)}
		s, tb := boxes[0], boxes[1]
		if math.Max(tb.X0-s.X1, s.X0-tb.X1) < 2*routeStub && math.Max(tb.Y0-s.Y1, s.Y0-tb.Y1) < 2*routeStub {
			continue // too close for sides that face: the loop, checked above
		}
		pts := rt.route(s, tb)
		checkRoute(t, pts, s, tb)
		d := pathData(pts)
		if !strings.HasPrefix(d, "M ") || strings.Contains(d, "NaN") {
			t.Fatalf("path data %q", d)
		}
	}
}

func TestPathData(t *testing.T) {
	for _, tc := range []struct {
		pts  []point
		want string
	}{
		{[]point{{0, 0}, {100, 0}}, "M 0 0 L 100 0"},
		{[]point{{0, 0}, {50, 0}, {50, 100}, {100, 100}}, "M 0 0 L 42 0 Q 50 0 50 8 L 50 92 Q 50 100 58 100 L 100 100"},
		// A bend too short to round fully is rounded by half of it.
		{[]point{{0, 0}, {50, 0}, {50, 6}, {100, 6}}, "M 0 0 L 47 0 Q 50 0 50 3 L 50 3 Q 50 6 53 6 L 100 6"},
		{nil, ""},
	} {
		if got := pathData(tc.pts); got != tc.want {
			t.Errorf("pathData(%v) = %q, want %q", tc.pts, got, tc.want)
		}
	}
}

// A label sits on the longest run that keeps it off every node.
func TestLabelSpot(t *testing.T) {
	s, tb := nodeBox(0, 0), nodeBox(600, 400)
	rt := router{ix: newBoxIndex([]rect{s, tb})}
	pts := rt.route(s, tb) // right 210, down 400, right 210
	at := rt.labelSpot(pts, 6, 11)
	if at.X != 390 || at.Y != 236 {
		t.Errorf("label at %v on %v", at, pts)
	}
	// A node over the vertical run's middle moves the label to a horizontal run.
	rt = router{ix: newBoxIndex([]rect{s, tb, nodeBox(300, 200)})}
	if at := rt.labelSpot(pts, 6, 11); at.Y == 236 {
		t.Errorf("label at %v, over the node in the way", at)
	}
}

// Edges that share a side of a box get ports of their own, in the order of
// their other ends; an edge alone on a side meets it in the middle.
func TestSpread(t *testing.T) {
	hub := nodeBox(400, 400)
	up, down, alone := nodeBox(0, 200), nodeBox(0, 600), nodeBox(800, 400)
	ports := spread([][2]rect{{down, hub}, {up, hub}, {hub, alone}})
	if want := port(hub, sideLeft, 2.0/3); ports[0][1] != want {
		t.Errorf("the edge from below enters at %v, want %v (the lower port)", ports[0][1], want)
	}
	if want := port(hub, sideLeft, 1.0/3); ports[1][1] != want {
		t.Errorf("the edge from above enters at %v, want %v (the upper port)", ports[1][1], want)
	}
	if want := port(hub, sideRight, 0.5); ports[2][0] != want {
		t.Errorf("the edge alone on the right leaves at %v, want %v", ports[2][0], want)
	}
	for i, pr := range [][2]rect{{down, hub}, {up, hub}, {hub, alone}} {
		checkRoute(t, router{ix: newBoxIndex([]rect{hub, up, down, alone})}.routeAt(pr[0], pr[1], ports[i][0], ports[i][1]), pr[0], pr[1])
	}
}

// A label too long for the gap of a short edge moves beside it, off the
// nodes, rather than over them.
func TestLabelSpotBesideAShortEdge(t *testing.T) {
	s, tb := nodeBox(40, 160), nodeBox(260, 160) // 40 apart
	rt := router{ix: newBoxIndex([]rect{s, tb})}
	pts := rt.route(s, tb)
	at := rt.labelSpot(pts, 14, 11)
	w := 0.6*11*14 + 8
	label := rect{at.X - w/2, at.Y - 8, at.X + w/2, at.Y + 8}
	for _, b := range []rect{s, tb} {
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
	var boxes []rect
	for i := 0; i < 1000; i++ {
		if i == 1 {
			continue // the dragged node is not an obstacle
		}
		boxes = append(boxes, nodeBox(float64(40+(i%40)*220), float64(40+(i/40)*120)))
	}
	rt := router{ix: newBoxIndex(boxes)}
	prev, next := nodeBox(40, 40), nodeBox(480, 40)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		moved := nodeBox(260+float64(i%200), 40+float64(i%200)/2)
		for _, pr := range [][2]rect{{prev, moved}, {moved, next}} {
			pl := planFor(pr[0], pr[1])
			pts := rt.routeAt(pr[0], pr[1], port(pr[0], pl.out, 0.5), port(pr[1], pl.in, 0.5))
			rt.labelSpot(pts, 8, 11)
			_ = pathData(pts)
		}
	}
}

// Boxes too close for sides that face: side by side, the edge loops over
// the tops and keeps out of both; one above the other, round the right.
func TestRouteLoops(t *testing.T) {
	for _, tc := range []struct {
		name string
		s, t rect
	}{
		{"side by side, 20 apart", nodeBox(0, 0), nodeBox(200, 0)},
		{"side by side, the target left", nodeBox(200, 10), nodeBox(0, 0)},
		{"one above the other, 20 apart", nodeBox(0, 0), nodeBox(30, 92)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pts := router{ix: newBoxIndex([]rect{tc.s, tc.t})}.route(tc.s, tc.t)
			checkRoute(t, pts, tc.s, tc.t)
			for _, b := range []rect{tc.s, tc.t} {
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
	s, tb, in := nodeBox(0, 0), nodeBox(40000, 0), nodeBox(30000, 0)
	pts := router{ix: newBoxIndex([]rect{s, tb, in})}.route(s, tb)
	checkRoute(t, pts, s, tb)
	if crosses(pts, in) {
		t.Errorf("route %v passes through %+v", pts, in)
	}
}
