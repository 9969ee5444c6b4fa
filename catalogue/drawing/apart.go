package drawing

import (
	"math"
	"slices"
)

// Routes apart. Two routes that run along each other for a stretch read as
// one, and so does a route along a frame's border: where a route's planned
// bend or detour runs within apartGap of a run drawn before it (a frame's
// border, or another route), and a bend or a detour beside that run keeps
// clear of the boxes, the route takes that instead.

// apartGap is how near a run may pass a parallel run drawn before it,
// apartRun how long they may run side by side that near, and apartTries
// how many ways beside them a route tries (the first two or three find one
// where there is room).
const (
	apartGap   = 6
	apartRun   = 2 * routeStub
	apartTries = 4
)

// Drawn is the runs drawn so far that routes keep apart from: the frames'
// borders and the routes made before. Not safe for concurrent use.
type Drawn struct {
	runs  []Rect
	cells map[[2]int][]int32 // the runs touching each cell of indexCell
}

// NewDrawn holds the borders of the frames boxes.
func NewDrawn(frames []Rect) *Drawn {
	dr := &Drawn{cells: map[[2]int][]int32{}}
	for _, f := range frames {
		dr.Add([]Point{{f.X0, f.Y0}, {f.X1, f.Y0}, {f.X1, f.Y1}, {f.X0, f.Y1}, {f.X0, f.Y0}})
	}
	return dr
}

// Add holds the runs of route pts.
func (dr *Drawn) Add(pts []Point) {
	for i := 1; i < len(pts); i++ {
		r := runOf(pts[i-1], pts[i])
		if r.X0 != r.X1 && r.Y0 != r.Y1 {
			continue // not square: never drawn by the router
		}
		each(r, func(k [2]int) { dr.cells[k] = append(dr.cells[k], int32(len(dr.runs))) })
		dr.runs = append(dr.runs, r)
	}
}

// each calls f with each cell of indexCell that r touches.
func each(r Rect, f func([2]int)) {
	for x := floorDiv(r.X0, indexCell); x <= floorDiv(r.X1, indexCell); x++ {
		for y := floorDiv(r.Y0, indexCell); y <= floorDiv(r.Y1, indexCell); y++ {
			f([2]int{x, y})
		}
	}
}

// near calls f with each run held that meets q (a run may come more than
// once), until f returns false.
func (dr *Drawn) near(q Rect, f func(Rect) bool) {
	more := true
	each(q, func(k [2]int) {
		for _, i := range dr.cells[k] {
			if !more {
				return
			}
			if o := dr.runs[i]; o.X1 >= q.X0 && o.X0 <= q.X1 && o.Y1 >= q.Y0 && o.Y0 <= q.Y1 {
				more = f(o)
			}
		}
	})
}

// apart reports whether no run of pts runs along a run held (see along).
func (dr *Drawn) apart(pts []Point) bool {
	ok := true
	dr.along(pts, func(Rect) bool { ok = false; return false })
	return ok
}

// along calls f with each run held that a run of pts runs along, parallel
// and within apartGap of it for more than apartRun, until f returns false.
func (dr *Drawn) along(pts []Point, f func(Rect) bool) {
	more := true
	for i := 1; i < len(pts) && more; i++ {
		r := runOf(pts[i-1], pts[i])
		vertical := r.X0 == r.X1
		if vertical == (r.Y0 == r.Y1) {
			continue // a point, or not square
		}
		dr.near(grow(r, apartGap), func(o Rect) bool {
			if vertical && o.X0 == o.X1 && math.Abs(o.X0-r.X0) < apartGap && math.Min(o.Y1, r.Y1)-math.Max(o.Y0, r.Y0) > apartRun ||
				!vertical && o.Y0 == o.Y1 && math.Abs(o.Y0-r.Y0) < apartGap && math.Min(o.X1, r.X1)-math.Max(o.X0, r.X0) > apartRun {
				more = f(o)
			}
			return more
		})
	}
}

// apartRoute is a route of plan pl from box s to box t between the ports sp
// and tp that keeps clear of the boxes and apart from the runs drawn, or
// nil: a bend beside each upright run the planned route runs along, or a
// detour beside each level one, and beside those the tried ones run along,
// up to apartTries of them.
func (r Router) apartRoute(pl plan, s, t Rect, sp, tp Point, planned []Point) []Point {
	if pl.loop || r.Drawn == nil {
		return nil
	}
	f := pl.f
	ns, nt := f.rect(s), f.rect(t)
	p0, p3 := f.to(sp), f.to(tp)
	lo, hi := ns.X1+routeStub, nt.X0-routeStub
	const beside = routeClear + 2
	type try struct {
		bend bool
		at   float64
	}
	var tries []try
	// beside adds the ways beside what route pts runs along.
	besides := func(pts []Point) {
		r.Drawn.along(pts, func(o Rect) bool {
			n := f.rect(o)
			for _, sign := range []float64{-1, 1} {
				c := try{n.X0 == n.X1, n.Y0 + sign*beside}
				if c.bend {
					c.at = n.X0 + sign*beside
					if c.at < lo || c.at > hi || math.Abs(p0.Y-p3.Y) < 0.5 {
						continue
					}
				}
				if !slices.Contains(tries, c) {
					tries = append(tries, c)
				}
			}
			return len(tries) < apartTries
		})
	}
	besides(planned)
	for i := 0; i < len(tries) && i < apartTries; i++ {
		c := tries[i]
		pts := []Point{p0, {lo, p0.Y}, {lo, c.at}, {hi, c.at}, {hi, p3.Y}, p3}
		if c.bend {
			pts = []Point{p0, {c.at, p0.Y}, {c.at, p3.Y}, p3}
		}
		for k, p := range pts {
			pts[k] = f.from(p)
		}
		if !r.clear(pts, s, t) {
			continue
		}
		if r.Drawn.apart(pts) {
			return pts
		}
		besides(pts)
	}
	return nil
}
