package drawing

import (
	"container/heap"
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
// end.
func (r Router) gridRoute(s, t Rect, sp, tp Point, out, in Side) []Point {
	for _, reach := range []float64{gridReach, 4 * gridReach} {
		if pts := r.gridSearch(s, t, sp, tp, out, in, reach); pts != nil {
			return pts
		}
	}
	return nil
}

// gridSearch is gridRoute within reach of the two boxes.
func (r Router) gridSearch(s, t Rect, sp, tp Point, out, in Side, reach float64) []Point {
	area := Rect{math.Min(s.X0, t.X0) - reach, math.Min(s.Y0, t.Y0) - reach, math.Max(s.X1, t.X1) + reach, math.Max(s.Y1, t.Y1) + reach}
	// Each box kept clear of, grown by the clearance: a point strictly
	// inside one is blocked. The ends are grown by a stub, for a route to
	// leave and enter them square.
	walls := []Rect{grow(s, routeStub), grow(t, routeStub)}
	r.Ix.near(area, func(o Rect) bool {
		if o != s && o != t {
			walls = append(walls, grow(o, routeClear))
		}
		return true
	})
	free := func(p Point) bool {
		for _, w := range walls {
			if p.X > w.X0 && p.X < w.X1 && p.Y > w.Y0 && p.Y < w.Y1 {
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
	ends := func(b Rect, planned Side, port Point) []end {
		var es []end
		for sd := sideRight; sd <= sideTop; sd++ {
			p, cost := port, 0.0
			if sd != planned {
				p, cost = Port(b, sd, 0.5), gridSide
			}
			d := steps[outward(sd)]
			stub := Point{p.X + d.X*routeStub, p.Y + d.Y*routeStub}
			if free(stub) && !r.blocked(p, stub, s, t) {
				es = append(es, end{p, stub, sd, cost})
			}
		}
		return es
	}
	from, to := ends(s, out, sp), ends(t, in, tp)
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
	// Whether each point is free, and each run to the next point east and
	// south (between neighbouring lines no wall begins or ends, so a run's
	// middle says for all of it).
	open := make([]bool, nx*ny)
	for j, y := range ys {
		for i, x := range xs {
			open[j*nx+i] = free(Point{x, y})
		}
	}
	runOpen := func(i, j, i2, j2 int) bool {
		if i2 < 0 || j2 < 0 || i2 >= nx || j2 >= ny || !open[j*nx+i] || !open[j2*nx+i2] {
			return false
		}
		return free(Point{(xs[i] + xs[i2]) / 2, (ys[j] + ys[j2]) / 2})
	}
	q := &gridQueue{}
	for _, e := range from {
		i, j := at(e.stub)
		k := state(i, j, outward(e.sd))
		if c := e.cost + routeStub; c < cost[k] {
			cost[k] = c
			heap.Push(q, gridItem{k, c})
		}
	}
	goal := map[int]end{}
	for _, e := range to {
		i, j := at(e.stub)
		goal[j*nx+i] = e
	}
	best, bestCost := -1, math.Inf(1)
	for q.Len() > 0 {
		it := heap.Pop(q).(gridItem)
		if it.cost > cost[it.state] || it.cost >= bestCost {
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
			st := steps[nd]
			i2, j2 := i+int(st.X), j+int(st.Y)
			if !runOpen(i, j, i2, j2) {
				continue
			}
			c := it.cost + math.Abs(xs[i2]-xs[i]) + math.Abs(ys[j2]-ys[j])
			if nd != d {
				c += gridBend
			}
			k := state(i2, j2, nd)
			if c < cost[k] {
				cost[k], prev[k] = c, int32(it.state)
				heap.Push(q, gridItem{k, c})
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

// gridItem is a state of the search and the cost of reaching it.
type gridItem struct {
	state int
	cost  float64
}

// gridQueue is the search's priority queue, cheapest first.
type gridQueue []gridItem

func (q gridQueue) Len() int           { return len(q) }
func (q gridQueue) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q gridQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *gridQueue) Push(x any)        { *q = append(*q, x.(gridItem)) }
func (q *gridQueue) Pop() any          { old := *q; it := old[len(old)-1]; *q = old[:len(old)-1]; return it }
