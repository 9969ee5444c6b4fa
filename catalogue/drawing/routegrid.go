package drawing

import (
	"math"
	"sort"
)

// The fallback router. When no route of a bend or a detour on the planned
// sides keeps clear (a box just beside the target's side, a crowd between
// the two ends), a search over the lines that run just clear of the boxes
// nearby finds the shortest route with the fewest bends, leaving and
// entering by any side: a route never passes through a box to keep to its
// sides.

const (
	gridBend  = 24  // what a bend costs, as length
	gridSide  = 60  // what leaving or entering by a side other than the planned one costs
	gridReach = 240 // how far beyond the two ends the search looks first
)

// direction is where a run heads: east, west, south, north.
type direction int8

var steps = [4]Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// outward is the direction that leaves a box by side sd.
func outward(sd Side) direction {
	switch sd {
	case sideRight:
		return 0
	case sideLeft:
		return 1
	case sideBottom:
		return 2
	}
	return 3
}

// gridRoute routes from box s to box t round every other box, preferring
// ports sp and tp on sides out and in; nil when the boxes nearby enclose an
// end. Where boxes are packed too tight for the usual clearance, a route
// runs nearer them (never through one) before it looks further afield.
func (r Router) gridRoute(s, t Rect, sp, tp Point, out, in Side) []Point {
	for _, try := range [...]struct{ reach, clear float64 }{{gridReach / 2, routeClear}, {gridReach, gridNear}, {4 * gridReach, gridNear}} {
		if pts := r.gridSearch(s, t, sp, tp, out, in, try.reach, try.clear); pts != nil {
			return pts
		}
	}
	return nil
}

// gridNear is how near a route may pass a box where the boxes are packed
// too tight for routeClear.
const gridNear = 3

// gridSearch is gridRoute within reach of the two boxes, keeping clear of
// the others by clearance.
func (r Router) gridSearch(s, t Rect, sp, tp Point, out, in Side, reach, clearance float64) []Point {
	area := Rect{math.Min(s.X0, t.X0) - reach, math.Min(s.Y0, t.Y0) - reach, math.Max(s.X1, t.X1) + reach, math.Max(s.Y1, t.Y1) + reach}
	// Each box kept clear of, grown by the clearance: a run that meets
	// one's inside is blocked. The ends are grown by a stub, for a route
	// to leave and enter them square.
	walls := []Rect{grow(s, routeStub), grow(t, routeStub)}
	r.Ix.near(area, func(o Rect) bool {
		if o != s && o != t {
			// The index may give a box once for each bucket it
			// touches: a wall twice blocks the same runs.
			walls = append(walls, grow(o, clearance))
		}
		return true
	})
	// segFree reports whether the run a–b keeps out of every wall but
	// wall own.
	segFree := func(a, b Point, own int) bool {
		for k, w := range walls {
			if k != own && math.Max(a.X, b.X) > w.X0 && math.Min(a.X, b.X) < w.X1 && math.Max(a.Y, b.Y) > w.Y0 && math.Min(a.Y, b.Y) < w.Y1 {
				return false
			}
		}
		return true
	}
	type end struct {
		port, stub Point
		sd         Side
		cost       float64
	}
	ends := func(b Rect, own int, planned Side, port Point) []end {
		var es []end
		for sd := sideRight; sd <= sideTop; sd++ {
			p, cost := port, 0.0
			if sd != planned {
				p, cost = Port(b, sd, 0.5), gridSide
			}
			d := steps[outward(sd)]
			stub := Point{p.X + d.X*routeStub, p.Y + d.Y*routeStub}
			if area.X0 <= stub.X && stub.X <= area.X1 && area.Y0 <= stub.Y && stub.Y <= area.Y1 && segFree(p, stub, own) {
				es = append(es, end{p, stub, sd, cost})
			}
		}
		return es
	}
	from, to := ends(s, 0, out, sp), ends(t, 1, in, tp)
	if len(from) == 0 || len(to) == 0 {
		return nil
	}
	// The lines a route may run along: every wall's sides, the stubs' ends
	// and the area's border.
	xs, ys := []float64{area.X0, area.X1}, []float64{area.Y0, area.Y1}
	for _, w := range walls {
		xs = append(xs, w.X0, w.X1)
		ys = append(ys, w.Y0, w.Y1)
	}
	for _, e := range append(append([]end{}, from...), to...) {
		xs, ys = append(xs, e.stub.X), append(ys, e.stub.Y)
	}
	xs, ys = within(xs, area.X0, area.X1), within(ys, area.Y0, area.Y1)
	nx, ny := len(xs), len(ys)
	at := func(p Point) (int, int) {
		return sort.SearchFloat64s(xs, p.X), sort.SearchFloat64s(ys, p.Y)
	}
	state := func(i, j int, d direction) int { return ((j*nx)+i)*4 + int(d) }
	cost := make([]float64, nx*ny*4)
	prev := make([]int32, nx*ny*4)
	for k := range cost {
		cost[k], prev[k] = math.Inf(1), -1
	}
	// The runs each wall blocks, east from a point (eastShut) and south
	// from it (southShut): those whose inside meets the wall's.
	eastShut, southShut := make([]bool, nx*ny), make([]bool, nx*ny)
	above := func(vs []float64, v float64) int { return sort.Search(len(vs), func(k int) bool { return vs[k] > v }) }
	for _, w := range walls {
		xa, xb := above(xs, w.X0), sort.SearchFloat64s(xs, w.X1) // xs[xa:xb] inside the wall
		ya, yb := above(ys, w.Y0), sort.SearchFloat64s(ys, w.Y1)
		for j := ya; j < yb; j++ {
			for i := max(xa-1, 0); i < xb && i < nx-1; i++ {
				eastShut[j*nx+i] = true
			}
		}
		for i := xa; i < xb; i++ {
			for j := max(ya-1, 0); j < yb && j < ny-1; j++ {
				southShut[j*nx+i] = true
			}
		}
	}
	runOpen := func(i, j int, d direction) bool {
		switch d {
		case 0:
			return i+1 < nx && !eastShut[j*nx+i]
		case 1:
			return i > 0 && !eastShut[j*nx+i-1]
		case 2:
			return j+1 < ny && !southShut[j*nx+i]
		}
		return j > 0 && !southShut[(j-1)*nx+i]
	}
	goal := map[int]end{}
	for _, e := range to {
		i, j := at(e.stub)
		goal[j*nx+i] = e
	}
	// The search is A*: what is left is at least the way to the nearest
	// of the target's stubs, straight, and the stub.
	left := func(i, j int) float64 {
		h := math.Inf(1)
		for _, e := range to {
			h = math.Min(h, math.Abs(xs[i]-e.stub.X)+math.Abs(ys[j]-e.stub.Y))
		}
		return h + routeStub
	}
	var q gridQueue
	for _, e := range from {
		i, j := at(e.stub)
		k := state(i, j, outward(e.sd))
		if c := e.cost + routeStub; c < cost[k] {
			cost[k] = c
			q.push(gridItem{k, c, c + left(i, j)})
		}
	}
	best, bestCost := -1, math.Inf(1)
	for len(q) > 0 {
		it := q.pop()
		if it.guess >= bestCost {
			break
		}
		if it.cost > cost[it.state] {
			continue
		}
		d := direction(it.state % 4)
		cell := it.state / 4
		i, j := cell%nx, cell/nx
		if e, ok := goal[cell]; ok {
			// The last run heads into the target, opposite its side's
			// outward direction.
			into := outward(e.sd) ^ 1
			c := it.cost + e.cost + routeStub
			if d != into {
				c += gridBend
			}
			if d != outward(e.sd) && c < bestCost {
				best, bestCost = it.state, c
			}
		}
		for nd := direction(0); nd < 4; nd++ {
			if nd == d^1 {
				continue // no turning back
			}
			if !runOpen(i, j, nd) {
				continue
			}
			st := steps[nd]
			i2, j2 := i+int(st.X), j+int(st.Y)
			c := it.cost + math.Abs(xs[i2]-xs[i]) + math.Abs(ys[j2]-ys[j])
			if nd != d {
				c += gridBend
			}
			k := state(i2, j2, nd)
			if c < cost[k] {
				cost[k], prev[k] = c, int32(it.state)
				q.push(gridItem{k, c, c + left(i2, j2)})
			}
		}
	}
	if best < 0 {
		return nil
	}
	var back []Point
	for k := best; k >= 0; k = int(prev[k]) {
		cell := k / 4
		back = append(back, Point{xs[cell%nx], ys[cell/nx]})
	}
	var start end
	for _, e := range from {
		if e.stub == back[len(back)-1] {
			start = e
		}
	}
	finish := goal[best/4]
	pts := []Point{start.port}
	for k := len(back) - 1; k >= 0; k-- {
		pts = append(pts, back[k])
	}
	pts = append(pts, finish.port)
	return straighten(pts)
}

// grow is r grown by m on every side.
func grow(r Rect, m float64) Rect { return Rect{r.X0 - m, r.Y0 - m, r.X1 + m, r.Y1 + m} }

// within sorts vs, drops repeats and keeps those from lo to hi.
func within(vs []float64, lo, hi float64) []float64 {
	sort.Float64s(vs)
	out := vs[:0]
	for _, v := range vs {
		if v >= lo && v <= hi && (len(out) == 0 || v != out[len(out)-1]) {
			out = append(out, v)
		}
	}
	return out
}

// straighten drops repeated points and those in the middle of a straight
// run.
func straighten(pts []Point) []Point {
	out := pts[:0:0]
	for _, p := range pts {
		if n := len(out); n > 0 && out[n-1] == p {
			continue
		}
		if n := len(out); n >= 2 {
			a, b := out[n-2], out[n-1]
			if (a.X == b.X && b.X == p.X) || (a.Y == b.Y && b.Y == p.Y) {
				out[n-1] = p
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// gridItem is a state of the search, the cost of reaching it, and a guess
// at the cost of a route through it that is never too high.
type gridItem struct {
	state       int
	cost, guess float64
}

// gridQueue is the search's priority queue, the lowest guess first: a
// binary heap.
type gridQueue []gridItem

func (q *gridQueue) push(it gridItem) {
	*q = append(*q, it)
	h := *q
	for k := len(h) - 1; k > 0; {
		up := (k - 1) / 2
		if h[up].guess <= h[k].guess {
			break
		}
		h[up], h[k] = h[k], h[up]
		k = up
	}
}

func (q *gridQueue) pop() gridItem {
	h := *q
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for k := 0; ; {
		c := 2*k + 1
		if c >= n {
			break
		}
		if c+1 < n && h[c+1].guess < h[c].guess {
			c++
		}
		if h[k].guess <= h[c].guess {
			break
		}
		h[k], h[c] = h[c], h[k]
		k = c
	}
	*q = h
	return top
}
