package app

import (
	"math"
	"sort"
	"strconv"
)

// Edge routing. An edge leaves its source on the side facing its target
// and enters the target on the side facing the source, in horizontal and
// vertical runs that keep clear of every other node's box where a short
// route can: first a single bend between the two, then a detour around
// what is in the way. The last run always ends outside the target's box,
// pointing into it, so the arrowhead is never under a node.
//
// The router works in one normalised case (the target to the right of the
// source) and reaches the other three by a frame: swapping the axes and
// mirroring x.

const (
	routeStub  = 14 // the shortest run out of a port, before the first bend
	routeClear = 10 // how near a run may pass another node's box
	routeTries = 12 // candidate bends tried before a detour
	cornerR    = 8  // corner rounding on the drawn path
)

// point is a point in canvas coordinates.
type point struct{ X, Y float64 }

// boxIndex finds the node boxes near a segment without looking at every
// node: boxes are bucketed by the grid cells they touch.
type boxIndex struct {
	boxes   []rect
	buckets map[[2]int][]int32
}

// indexCell is a bucket's size: a little more than a node and its gap.
const indexCell = 256

func newBoxIndex(boxes []rect) *boxIndex {
	ix := &boxIndex{boxes: boxes, buckets: make(map[[2]int][]int32, len(boxes))}
	for i, b := range boxes {
		ix.cells(b, func(k [2]int) bool {
			ix.buckets[k] = append(ix.buckets[k], int32(i))
			return true
		})
	}
	return ix
}

// cells calls f with each bucket r touches until f returns false; it
// reports whether f never did.
func (ix *boxIndex) cells(r rect, f func([2]int) bool) bool {
	x0, y0 := floorDiv(r.X0, indexCell), floorDiv(r.Y0, indexCell)
	x1, y1 := floorDiv(r.X1, indexCell), floorDiv(r.Y1, indexCell)
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			if !f([2]int{x, y}) {
				return false
			}
		}
	}
	return true
}

// near calls f with each box that overlaps r (a box may come more than
// once) until f returns false. A region spanning more buckets than there
// are boxes (a long run across a sparse design) is answered by looking at
// every box.
func (ix *boxIndex) near(r rect, f func(rect) bool) {
	if ix == nil {
		return
	}
	meets := func(b rect) bool { return b.X1 >= r.X0 && b.X0 <= r.X1 && b.Y1 >= r.Y0 && b.Y0 <= r.Y1 }
	spanX := float64(floorDiv(r.X1, indexCell)-floorDiv(r.X0, indexCell)) + 1
	spanY := float64(floorDiv(r.Y1, indexCell)-floorDiv(r.Y0, indexCell)) + 1
	if spanX*spanY > float64(len(ix.boxes)) {
		for _, b := range ix.boxes {
			if meets(b) && !f(b) {
				return
			}
		}
		return
	}
	ix.cells(r, func(k [2]int) bool {
		for _, i := range ix.buckets[k] {
			if b := ix.boxes[i]; meets(b) && !f(b) {
				return false
			}
		}
		return true
	})
}

// frame maps canvas coordinates to the router's normalised ones: axes
// swapped first, then x mirrored.
type frame struct{ swap, flip bool }

func (f frame) to(p point) point {
	if f.swap {
		p = point{p.Y, p.X}
	}
	if f.flip {
		p.X = -p.X
	}
	return p
}

func (f frame) from(p point) point {
	if f.flip {
		p.X = -p.X
	}
	if f.swap {
		p = point{p.Y, p.X}
	}
	return p
}

func (f frame) rect(r rect) rect {
	a, b := f.to(point{r.X0, r.Y0}), f.to(point{r.X1, r.Y1})
	return rect{math.Min(a.X, b.X), math.Min(a.Y, b.Y), math.Max(a.X, b.X), math.Max(a.Y, b.Y)}
}

// router routes edges among a design's node boxes.
type router struct{ ix *boxIndex }

// blocked reports whether the segment a–b passes through a box other than
// the edge's own two ends, s and t.
func (r router) blocked(a, b point, s, t rect) bool {
	seg := rect{math.Min(a.X, b.X), math.Min(a.Y, b.Y), math.Max(a.X, b.X), math.Max(a.Y, b.Y)}
	hit := false
	r.ix.near(rect{seg.X0 - routeClear, seg.Y0 - routeClear, seg.X1 + routeClear, seg.Y1 + routeClear}, func(o rect) bool {
		if o == s || o == t {
			return true
		}
		if seg.X1 > o.X0-routeClear && seg.X0 < o.X1+routeClear && seg.Y1 > o.Y0-routeClear && seg.Y0 < o.Y1+routeClear {
			hit = true
			return false
		}
		return true
	})
	return hit
}

// clear reports whether every run of pts keeps clear of other boxes.
func (r router) clear(pts []point, s, t rect) bool {
	for i := 1; i < len(pts); i++ {
		if r.blocked(pts[i-1], pts[i], s, t) {
			return false
		}
	}
	return true
}

// side is a side of a node's box, where an edge leaves or enters it.
type side int8

const (
	sideRight side = iota
	sideLeft
	sideBottom
	sideTop
)

// plan is how an edge from box s to box t runs: the frame in which t lies
// to the right of s, or a loop when the boxes are too close for sides that
// face; and the sides it leaves s and enters t by.
type plan struct {
	f       frame
	loop    bool
	out, in side
}

func planFor(s, t rect) plan {
	hgap := math.Max(t.X0-s.X1, s.X0-t.X1)
	vgap := math.Max(t.Y0-s.Y1, s.Y0-t.Y1)
	switch {
	case hgap >= 2*routeStub && (hgap >= vgap || vgap < 2*routeStub):
		if t.X0 < s.X0 {
			return plan{f: frame{flip: true}, out: sideLeft, in: sideRight}
		}
		return plan{out: sideRight, in: sideLeft}
	case vgap >= 2*routeStub:
		if t.Y0 < s.Y0 {
			return plan{f: frame{swap: true, flip: true}, out: sideTop, in: sideBottom}
		}
		return plan{f: frame{swap: true}, out: sideBottom, in: sideTop}
	}
	// Too close for sides that face: side by side, over the tops; one
	// above the other (or overlapping), round the right.
	if math.Max(s.Y0, t.Y0) < math.Min(s.Y1, t.Y1) && (s.X1 <= t.X0 || t.X1 <= s.X0) {
		return plan{loop: true, out: sideTop, in: sideTop}
	}
	return plan{loop: true, out: sideRight, in: sideRight}
}

// port is the point a fraction at (0 to 1) along side sd of box b: top to
// bottom on the left and right, left to right on the top and bottom.
func port(b rect, sd side, at float64) point {
	switch sd {
	case sideRight:
		return point{b.X1, b.Y0 + (b.Y1-b.Y0)*at}
	case sideLeft:
		return point{b.X0, b.Y0 + (b.Y1-b.Y0)*at}
	case sideBottom:
		return point{b.X0 + (b.X1-b.X0)*at, b.Y1}
	}
	return point{b.X0 + (b.X1-b.X0)*at, b.Y0}
}

// route is the path of an edge from box s to box t (canvas coordinates),
// leaving and entering at the middle of the sides that face: its corner
// points, from the port on s to the port on t.
func (r router) route(s, t rect) []point {
	pl := planFor(s, t)
	return r.routeAt(s, t, port(s, pl.out, 0.5), port(t, pl.in, 0.5))
}

// routeAt routes from box s to box t between the ports sp and tp, on the
// sides planFor gives.
func (r router) routeAt(s, t rect, sp, tp point) []point {
	pl := planFor(s, t)
	if pl.loop {
		if pl.out == sideTop {
			y := math.Min(s.Y0, t.Y0) - 2*routeStub
			return []point{sp, {sp.X, y}, {tp.X, y}, tp}
		}
		return r.loop(s, t, sp, tp)
	}
	f := pl.f
	ns, nt := f.rect(s), f.rect(t)
	pts := r.rightward(ns, nt, f.to(sp), f.to(tp), func(pts []point) bool {
		back := make([]point, len(pts))
		for i, p := range pts {
			back[i] = f.from(p)
		}
		return r.clear(back, s, t)
	}, func(q rect, each func(rect)) {
		// The boxes near q (normalised), normalised.
		a, b := f.from(point{q.X0, q.Y0}), f.from(point{q.X1, q.Y1})
		r.ix.near(rect{math.Min(a.X, b.X), math.Min(a.Y, b.Y), math.Max(a.X, b.X), math.Max(a.Y, b.Y)}, func(o rect) bool {
			if o != s && o != t {
				each(f.rect(o))
			}
			return true
		})
	})
	for i, p := range pts {
		pts[i] = f.from(p)
	}
	return pts
}

// spread gives the edges that share a side of a box ports of their own,
// spaced evenly along it in the order of their other ends (so that they do
// not cross there): for each pair of boxes, the ports of its two ends.
func spread(pairs [][2]rect) [][2]point {
	type end struct {
		edge, which int
		key         float64 // the other end's middle, along the side
	}
	type place struct {
		box rect
		sd  side
	}
	plans := make([]plan, len(pairs))
	at := map[place][]end{}
	var order []place
	add := func(p place, e end) {
		if _, ok := at[p]; !ok {
			order = append(order, p)
		}
		at[p] = append(at[p], e)
	}
	along := func(sd side, b rect) float64 {
		if sd == sideRight || sd == sideLeft {
			return (b.Y0 + b.Y1) / 2
		}
		return (b.X0 + b.X1) / 2
	}
	for i, pr := range pairs {
		pl := planFor(pr[0], pr[1])
		plans[i] = pl
		add(place{pr[0], pl.out}, end{i, 0, along(pl.out, pr[1])})
		add(place{pr[1], pl.in}, end{i, 1, along(pl.in, pr[0])})
	}
	out := make([][2]point, len(pairs))
	for _, p := range order {
		ends := at[p]
		sort.SliceStable(ends, func(i, j int) bool { return ends[i].key < ends[j].key })
		for k, e := range ends {
			out[e.edge][e.which] = port(p.box, p.sd, float64(k+1)/float64(len(ends)+1))
		}
	}
	return out
}

// rightward routes from port p0 on the right side of s to port p3 on the
// left side of t, which lies at least two stubs to its right. ok says
// whether a path is clear; near lists the boxes around a region.
func (r router) rightward(s, t rect, p0, p3 point, ok func([]point) bool, near func(rect, func(rect))) []point {
	lo, hi := s.X1+routeStub, t.X0-routeStub
	mid := (lo + hi) / 2
	bend := func(x float64) []point {
		if math.Abs(p0.Y-p3.Y) < 0.5 {
			return []point{p0, p3}
		}
		return []point{p0, {x, p0.Y}, {x, p3.Y}, p3}
	}
	first := bend(mid)
	if ok(first) {
		return first
	}
	// Bends just beside each box in the way, nearest the middle first.
	between := rect{lo, math.Min(p0.Y, p3.Y) - routeClear, hi, math.Max(p0.Y, p3.Y) + routeClear}
	xs := []float64{}
	ys := []float64{math.Min(s.Y0, t.Y0) - routeStub, math.Max(s.Y1, t.Y1) + routeStub}
	near(rect{lo, math.Min(s.Y0, t.Y0) - indexCell, hi, math.Max(s.Y1, t.Y1) + indexCell}, func(o rect) {
		if o.Y1 >= between.Y0 && o.Y0 <= between.Y1 {
			xs = append(xs, o.X0-routeClear-1, o.X1+routeClear+1)
		}
		ys = append(ys, o.Y0-routeClear-1, o.Y1+routeClear+1)
	})
	sort.Slice(xs, func(i, j int) bool { return math.Abs(xs[i]-mid) < math.Abs(xs[j]-mid) })
	tried := 0
	for _, x := range xs {
		if x < lo || x > hi || tried == routeTries {
			continue
		}
		tried++
		if p := bend(x); ok(p) {
			return p
		}
	}
	// A detour: out, over or under what is in the way, and in.
	cost := func(y float64) float64 { return math.Abs(y-p0.Y) + math.Abs(y-p3.Y) }
	sort.Slice(ys, func(i, j int) bool { return cost(ys[i]) < cost(ys[j]) })
	tried = 0
	for _, y := range ys {
		if tried == routeTries {
			break
		}
		tried++
		p := []point{p0, {lo, p0.Y}, {lo, y}, {hi, y}, {hi, p3.Y}, p3}
		if ok(p) {
			return p
		}
	}
	return first
}

// loop routes between boxes one above the other too close for a bend
// between them: from port p0 on the right side of s, round past both, into
// port p3 on the right side of t. (Side by side, routeAt loops over the
// tops.)
func (r router) loop(s, t rect, p0, p3 point) []point {
	x := math.Max(s.X1, t.X1) + 2*routeStub
	return []point{p0, {x, p0.Y}, {x, p3.Y}, p3}
}

// pathData is a route as SVG path data, its corners rounded.
func pathData(pts []point) string {
	b := make([]byte, 0, 16*len(pts)+8)
	num := func(v float64) {
		b = strconv.AppendFloat(b, math.Round(v*10)/10, 'f', -1, 64)
	}
	at := func(cmd byte, p point) {
		b = append(b, cmd, ' ')
		num(p.X)
		b = append(b, ' ')
		num(p.Y)
		b = append(b, ' ')
	}
	if len(pts) == 0 {
		return ""
	}
	at('M', pts[0])
	for i := 1; i < len(pts)-1; i++ {
		prev, c, next := pts[i-1], pts[i], pts[i+1]
		in, out := dist(prev, c), dist(c, next)
		rad := math.Min(cornerR, math.Min(in, out)/2)
		if rad < 0.5 {
			at('L', c)
			continue
		}
		at('L', towards(c, prev, rad))
		b = append(b, 'Q', ' ')
		num(c.X)
		b = append(b, ' ')
		num(c.Y)
		b = append(b, ' ')
		p := towards(c, next, rad)
		num(p.X)
		b = append(b, ' ')
		num(p.Y)
		b = append(b, ' ')
	}
	at('L', pts[len(pts)-1])
	return string(b[:len(b)-1])
}

func dist(a, b point) float64 { return math.Hypot(b.X-a.X, b.Y-a.Y) }

// towards is the point d along the way from a to b.
func towards(a, b point, d float64) point {
	l := dist(a, b)
	if l == 0 {
		return a
	}
	return point{a.X + (b.X-a.X)*d/l, a.Y + (b.Y-a.Y)*d/l}
}

// labelSpot is where an edge's label of n characters, drawn at font size
// px, sits on its route (keeping off the index's boxes and extra): the
// middle of the longest run whose label box keeps off every node; else the
// nearest spot beside a run (above or below it, or to its side) that does,
// within half a node's height; else the longest run's middle.
func (r router) labelSpot(pts []point, n int, px float64, extra ...rect) point {
	type run struct {
		mid      point
		len      float64
		vertical bool
	}
	runs := make([]run, 0, len(pts))
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		runs = append(runs, run{point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}, dist(a, b), a.X == b.X})
	}
	if len(runs) == 0 {
		return point{}
	}
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].len > runs[j].len })
	w, h := 0.6*px*float64(n)+8, px+5
	free := func(at point) bool {
		box := rect{at.X - w/2, at.Y - h/2, at.X + w/2, at.Y + h/2}
		for _, b := range extra {
			if b.X1 >= box.X0 && b.X0 <= box.X1 && b.Y1 >= box.Y0 && b.Y0 <= box.Y1 {
				return false
			}
		}
		ok := true
		r.ix.near(box, func(rect) bool { ok = false; return false })
		return ok
	}
	for _, c := range runs {
		if free(c.mid) {
			return c.mid
		}
	}
	for off := 4.0; off <= NodeHeight/2+h; off += 4 {
		for _, c := range runs {
			for _, sign := range []float64{-1, 1} {
				at := point{c.mid.X, c.mid.Y + sign*off}
				if c.vertical {
					at = point{c.mid.X + sign*(off+w/2-h/2), c.mid.Y}
				}
				if free(at) {
					return at
				}
			}
		}
	}
	return runs[0].mid
}
