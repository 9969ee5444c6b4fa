package drawing

import (
	"math"
	"sort"
	"strconv"

	"github.com/archdesigner/designer/catalogue"
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

// Point is a point in canvas coordinates.
type Point struct{ X, Y float64 }

// boxIndex finds the node boxes near a segment without looking at every
// node: boxes are bucketed by the grid cells they touch. The buckets are
// one list of the boxes' indexes, bucket after bucket, found by a cell's
// place in a grid over the boxes' bounds, or by a map when that grid would
// be mostly empty (boxes far apart); a canvas makes an index whenever a
// node is added, moved or deleted, and a bucket a slice of its own cost
// an allocation a box.
type boxIndex struct {
	boxes []Rect
	order []int32 // the boxes' indexes, bucket by bucket, each in order
	// The buckets: of cell (x, y) grid[(x-x0)*ny+y-y0] over nx×ny cells
	// from x0, y0; else sparse's.
	grid           []bucket
	x0, y0, nx, ny int
	sparse         map[[2]int]bucket
}

// bucket is where a cell's boxes are in boxIndex.order.
type bucket struct{ start, n int32 }

// indexCell is a bucket's size: a little more than a node and its gap.
const indexCell = 256

// NewBoxIndex indexes boxes, for finding those near a segment or a box.
func NewBoxIndex(boxes []Rect) *boxIndex {
	ix := &boxIndex{boxes: boxes}
	if len(boxes) == 0 {
		return ix
	}
	x0, y0, x1, y1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, b := range boxes {
		x0, y0 = min(x0, floorDiv(b.X0, indexCell)), min(y0, floorDiv(b.Y0, indexCell))
		x1, y1 = max(x1, floorDiv(b.X1, indexCell)), max(y1, floorDiv(b.Y1, indexCell))
	}
	// A grid of at most 4 cells a box, else a map of the cells touched.
	if nx, ny := float64(x1-x0+1), float64(y1-y0+1); nx*ny <= 4*float64(len(boxes))+64 {
		ix.x0, ix.y0, ix.nx, ix.ny = x0, y0, x1-x0+1, y1-y0+1
		ix.grid = make([]bucket, ix.nx*ix.ny)
	} else {
		ix.sparse = make(map[[2]int]bucket, len(boxes))
	}
	// Count each bucket's boxes, give each its place in order, then fill
	// them box by box (so each bucket lists its boxes in order).
	total := int32(0)
	for _, b := range boxes {
		ix.cells(b, func(k [2]int) bool {
			ix.add(k, 1)
			total++
			return true
		})
	}
	start := int32(0)
	if ix.grid != nil {
		for i := range ix.grid {
			ix.grid[i].start, start = start, start+ix.grid[i].n
			ix.grid[i].n = 0
		}
	} else {
		for k, bk := range ix.sparse {
			ix.sparse[k], start = bucket{start: start}, start+bk.n
		}
	}
	ix.order = make([]int32, total)
	for i, b := range boxes {
		ix.cells(b, func(k [2]int) bool {
			bk := ix.add(k, 1)
			ix.order[bk.start+bk.n-1] = int32(i)
			return true
		})
	}
	return ix
}

// add adds n to the count of cell k's bucket, and returns the bucket.
func (ix *boxIndex) add(k [2]int, n int32) bucket {
	if ix.grid != nil {
		bk := &ix.grid[(k[0]-ix.x0)*ix.ny+k[1]-ix.y0]
		bk.n += n
		return *bk
	}
	bk := ix.sparse[k]
	bk.n += n
	ix.sparse[k] = bk
	return bk
}

// bucket is the boxes (their indexes) of cell k.
func (ix *boxIndex) bucket(k [2]int) []int32 {
	var bk bucket
	if ix.grid != nil {
		x, y := k[0]-ix.x0, k[1]-ix.y0
		if x < 0 || y < 0 || x >= ix.nx || y >= ix.ny {
			return nil
		}
		bk = ix.grid[x*ix.ny+y]
	} else {
		bk = ix.sparse[k]
	}
	return ix.order[bk.start : bk.start+bk.n]
}

// cells calls f with each bucket r touches until f returns false; it
// reports whether f never did.
func (ix *boxIndex) cells(r Rect, f func([2]int) bool) bool {
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
func (ix *boxIndex) near(r Rect, f func(Rect) bool) {
	if ix == nil {
		return
	}
	meets := func(b Rect) bool { return b.X1 >= r.X0 && b.X0 <= r.X1 && b.Y1 >= r.Y0 && b.Y0 <= r.Y1 }
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
		for _, i := range ix.bucket(k) {
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

func (f frame) to(p Point) Point {
	if f.swap {
		p = Point{p.Y, p.X}
	}
	if f.flip {
		p.X = -p.X
	}
	return p
}

func (f frame) from(p Point) Point {
	if f.flip {
		p.X = -p.X
	}
	if f.swap {
		p = Point{p.Y, p.X}
	}
	return p
}

func (f frame) rect(r Rect) Rect {
	a, b := f.to(Point{r.X0, r.Y0}), f.to(Point{r.X1, r.Y1})
	return Rect{math.Min(a.X, b.X), math.Min(a.Y, b.Y), math.Max(a.X, b.X), math.Max(a.Y, b.Y)}
}

// Obstacles are what d's routes keep clear of, as the canvas draws it:
// every node's box (a collapsed group's one box for the nodes it holds),
// the text of every open frame's label and every note. A label's text is
// the boundary's name (name gives it; the boundary's id where name is
// nil), cut to its frame as the canvas cuts it, measured in bold at the
// largest size the canvas draws it (FrameLabelMaxPx, zoomed out).
func Obstacles(d *catalogue.Design, pos map[string][2]float64, frames map[string]GroupFrame, hiddenIn map[string]string, name func(boundary string) string) []Rect {
	out := DrawnBoxes(d, pos, frames, hiddenIn)
	for _, g := range d.Groups {
		f, ok := frames[g.ID]
		if !ok || hiddenIn[g.ID] != "" {
			continue // not drawn, or drawn as a node's box
		}
		out = append(out, FrameLabelBox(f.Box, FrameLabel(boundaryName(name, g.Boundary), g)))
	}
	if len(d.Notes) > 0 {
		out = append(out, NewNoteLayout(d, pos, frames, hiddenIn).Boxes()...)
	}
	return out
}

// FrameLabelMaxPx is the largest size the canvas draws a frame's label
// (zoomed out, where the labels are summaries).
const FrameLabelMaxPx = 17

// FrameLabelBox is the box the label text of a frame box takes, at its
// largest: from the frame's left, past the icon, to the end of the text cut
// to the frame, and a little room after it.
func FrameLabelBox(box Rect, label string) Rect {
	w := FrameLabelX + TextWidth(FitFrameLabel(label, box.X1-box.X0, FrameLabelX, FrameLabelMaxPx), FrameLabelMaxPx, true) + 4
	return Rect{box.X0, box.Y0, math.Min(box.X1, box.X0+w), box.Y0 + GroupLabel}
}

// BoundaryNames gives a boundary's name in catalogue cat, for Obstacles
// ("" for one cat does not hold).
func BoundaryNames(cat *catalogue.Catalogue) func(string) string {
	return func(id string) string {
		if b := cat.Boundaries[id]; b != nil {
			return b.Name
		}
		return ""
	}
}

// boundaryName is name(id), or id where name is nil or knows no name.
func boundaryName(name func(string) string, id string) string {
	if name != nil {
		if n := name(id); n != "" {
			return n
		}
	}
	return id
}

// Router routes edges among a design's node boxes (Ix), apart from the
// runs drawn before (Drawn, when not nil).
type Router struct {
	Ix    *boxIndex
	Drawn *Drawn
}

// blocked reports whether the segment a–b passes through a box other than
// the edge's own two ends, s and t.
func (r Router) blocked(a, b Point, s, t Rect) bool {
	seg := Rect{math.Min(a.X, b.X), math.Min(a.Y, b.Y), math.Max(a.X, b.X), math.Max(a.Y, b.Y)}
	hit := false
	r.Ix.near(Rect{seg.X0 - routeClear, seg.Y0 - routeClear, seg.X1 + routeClear, seg.Y1 + routeClear}, func(o Rect) bool {
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
func (r Router) clear(pts []Point, s, t Rect) bool {
	for i := 1; i < len(pts); i++ {
		if r.blocked(pts[i-1], pts[i], s, t) {
			return false
		}
	}
	return true
}

// Side is a side of a node's box, where an edge leaves or enters it.
type Side int8

const (
	sideRight Side = iota
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
	Out, In Side
}

func PlanFor(s, t Rect) plan {
	hgap := math.Max(t.X0-s.X1, s.X0-t.X1)
	vgap := math.Max(t.Y0-s.Y1, s.Y0-t.Y1)
	switch {
	case hgap >= 2*routeStub && (hgap >= vgap || vgap < 2*routeStub):
		if t.X0 < s.X0 {
			return plan{f: frame{flip: true}, Out: sideLeft, In: sideRight}
		}
		return plan{Out: sideRight, In: sideLeft}
	case vgap >= 2*routeStub:
		if t.Y0 < s.Y0 {
			return plan{f: frame{swap: true, flip: true}, Out: sideTop, In: sideBottom}
		}
		return plan{f: frame{swap: true}, Out: sideBottom, In: sideTop}
	}
	// Too close for sides that face: side by side, over the tops; one
	// above the other (or overlapping), round the right.
	if math.Max(s.Y0, t.Y0) < math.Min(s.Y1, t.Y1) && (s.X1 <= t.X0 || t.X1 <= s.X0) {
		return plan{loop: true, Out: sideTop, In: sideTop}
	}
	return plan{loop: true, Out: sideRight, In: sideRight}
}

// Port is the point a fraction at (0 to 1) along side sd of box b: top to
// bottom on the left and right, left to right on the top and bottom.
func Port(b Rect, sd Side, at float64) Point {
	switch sd {
	case sideRight:
		return Point{b.X1, b.Y0 + (b.Y1-b.Y0)*at}
	case sideLeft:
		return Point{b.X0, b.Y0 + (b.Y1-b.Y0)*at}
	case sideBottom:
		return Point{b.X0 + (b.X1-b.X0)*at, b.Y1}
	}
	return Point{b.X0 + (b.X1-b.X0)*at, b.Y0}
}

// route is the path of an edge from box s to box t (canvas coordinates),
// leaving and entering at the middle of the sides that face: its corner
// points, from the port on s to the port on t.
func (r Router) route(s, t Rect) []Point {
	pl := PlanFor(s, t)
	return r.RouteAt(s, t, Port(s, pl.Out, 0.5), Port(t, pl.In, 0.5))
}

// RouteAt routes from box s to box t between the ports sp and tp, on the
// sides planFor gives.
//
// When no such route keeps clear of the other boxes, the search of
// gridRoute finds one that does, by any sides. A clear route that runs
// along a run drawn before (r.Drawn) gives way to a bend or a detour
// beside it that keeps clear too, where there is one (see apartRoute).
func (r Router) RouteAt(s, t Rect, sp, tp Point) []Point {
	pl := PlanFor(s, t)
	pts := r.planned(pl, s, t, sp, tp)
	if r.clear(pts, s, t) {
		if r.Drawn != nil && !r.Drawn.apart(pts) {
			if alt := r.apartRoute(pl, s, t, sp, tp, pts); alt != nil {
				return alt
			}
		}
		return pts
	}
	if found := r.gridRoute(s, t, sp, tp, pl.Out, pl.In); found != nil {
		return found
	}
	return pts
}

// planned is the route of plan pl from box s to box t between the ports
// sp and tp: a bend or a detour in the frame where t is to the right of s,
// or a loop; not always clear of the other boxes.
func (r Router) planned(pl plan, s, t Rect, sp, tp Point) []Point {
	if pl.loop {
		if pl.Out == sideTop {
			y := math.Min(s.Y0, t.Y0) - 2*routeStub
			return []Point{sp, {sp.X, y}, {tp.X, y}, tp}
		}
		return r.loop(s, t, sp, tp)
	}
	f := pl.f
	ns, nt := f.rect(s), f.rect(t)
	pts := r.rightward(ns, nt, f.to(sp), f.to(tp), func(pts []Point) bool {
		back := make([]Point, len(pts))
		for i, p := range pts {
			back[i] = f.from(p)
		}
		return r.clear(back, s, t)
	}, func(q Rect, each func(Rect)) {
		// The boxes near q (normalised), normalised.
		a, b := f.from(Point{q.X0, q.Y0}), f.from(Point{q.X1, q.Y1})
		r.Ix.near(Rect{math.Min(a.X, b.X), math.Min(a.Y, b.Y), math.Max(a.X, b.X), math.Max(a.Y, b.Y)}, func(o Rect) bool {
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
func spread(pairs [][2]Rect) [][2]Point {
	type end struct {
		edge, which int
		key         float64 // the other end's middle, along the side
	}
	type place struct {
		box Rect
		sd  Side
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
	along := func(sd Side, b Rect) float64 {
		if sd == sideRight || sd == sideLeft {
			return (b.Y0 + b.Y1) / 2
		}
		return (b.X0 + b.X1) / 2
	}
	for i, pr := range pairs {
		pl := PlanFor(pr[0], pr[1])
		plans[i] = pl
		add(place{pr[0], pl.Out}, end{i, 0, along(pl.Out, pr[1])})
		add(place{pr[1], pl.In}, end{i, 1, along(pl.In, pr[0])})
	}
	out := make([][2]Point, len(pairs))
	for _, p := range order {
		ends := at[p]
		sort.SliceStable(ends, func(i, j int) bool { return ends[i].key < ends[j].key })
		for k, e := range ends {
			out[e.edge][e.which] = Port(p.box, p.sd, float64(k+1)/float64(len(ends)+1))
		}
	}
	return out
}

// rightward routes from port p0 on the right side of s to port p3 on the
// left side of t, which lies at least two stubs to its right. ok says
// whether a path is clear; near lists the boxes around a region.
func (r Router) rightward(s, t Rect, p0, p3 Point, ok func([]Point) bool, near func(Rect, func(Rect))) []Point {
	lo, hi := s.X1+routeStub, t.X0-routeStub
	mid := (lo + hi) / 2
	bend := func(x float64) []Point {
		if math.Abs(p0.Y-p3.Y) < 0.5 {
			return []Point{p0, p3}
		}
		return []Point{p0, {x, p0.Y}, {x, p3.Y}, p3}
	}
	first := bend(mid)
	if ok(first) {
		return first
	}
	// Bends just beside each box in the way, nearest the middle first.
	between := Rect{lo, math.Min(p0.Y, p3.Y) - routeClear, hi, math.Max(p0.Y, p3.Y) + routeClear}
	xs := []float64{}
	ys := []float64{math.Min(s.Y0, t.Y0) - routeStub, math.Max(s.Y1, t.Y1) + routeStub}
	near(Rect{lo, math.Min(s.Y0, t.Y0) - indexCell, hi, math.Max(s.Y1, t.Y1) + indexCell}, func(o Rect) {
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
		p := []Point{p0, {lo, p0.Y}, {lo, y}, {hi, y}, {hi, p3.Y}, p3}
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
func (r Router) loop(s, t Rect, p0, p3 Point) []Point {
	x := math.Max(s.X1, t.X1) + 2*routeStub
	return []Point{p0, {x, p0.Y}, {x, p3.Y}, p3}
}

// PathData is a route as SVG path data, its corners rounded.
func PathData(pts []Point) string {
	b := make([]byte, 0, 16*len(pts)+8)
	num := func(v float64) {
		b = strconv.AppendFloat(b, math.Round(v*10)/10, 'f', -1, 64)
	}
	at := func(cmd byte, p Point) {
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

func dist(a, b Point) float64 { return math.Hypot(b.X-a.X, b.Y-a.Y) }

// towards is the point d along the way from a to b.
func towards(a, b Point, d float64) Point {
	l := dist(a, b)
	if l == 0 {
		return a
	}
	return Point{a.X + (b.X-a.X)*d/l, a.Y + (b.Y-a.Y)*d/l}
}

// LabelSpot is where an edge's label text, drawn at font size px, sits on
// its route (keeping off the index's boxes and extra), where a label is
// placed alone (while a node is dragged): the first of the spots labelSpots
// tries whose label box, measured as EdgeLabels measures it, keeps off
// every node; else the longest run's middle. A drawing's labels are placed
// together by EdgeLabels.
func (r Router) LabelSpot(pts []Point, text string, px float64, extra ...Rect) Point {
	if len(pts) < 2 {
		return Point{}
	}
	w, h := TextWidth(text, px, false)+labelHalo, px+labelHalo
	free := func(at Point) bool {
		box := Rect{at.X - w/2, at.Y - h/2, at.X + w/2, at.Y + h/2}
		for _, b := range extra {
			if b.X1 >= box.X0 && b.X0 <= box.X1 && b.Y1 >= box.Y0 && b.Y0 <= box.Y1 {
				return false
			}
		}
		ok := true
		r.Ix.near(box, func(Rect) bool { ok = false; return false })
		return ok
	}
	return labelSpots(pts, w, h, free)
}
