package drawing

import (
	"math"
	"slices"
	"sort"
)

// Edges' labels. Each label sits on its own edge's route, where its box
// keeps off the nodes, the frames' labels and the notes (the router's
// boxes), the labels placed before it and the other edges' lines: the
// spots along the runs and beside them are tried in order, and the first
// clear of all of them is taken; where none is, the spot that covers the
// least (a label or a node before a line) and is tried first.

// labelHalo is the halo round a label's text (the stylesheet's stroke of
// 5 px, half of it outside the glyphs), and labelGap the room kept between
// two labels.
const (
	labelHalo = 5
	labelGap  = 2
)

// EdgeLabels places the labels of the edges drawn along routes, one after
// another, each clear of those placed before it. It is not safe for
// concurrent use.
type EdgeLabels struct {
	r      *Router
	routes [][]Point
	lines  *boxIndex // every run of every route, as a thin box, once a label is placed
	placed []Rect
	cells  map[[2]int][]int32 // the placed labels touching each cell of labelCell
}

// labelCell is the size of the cells the placed labels are found by.
const labelCell = 128

// NewEdgeLabels places labels on routes, routed by r.
func NewEdgeLabels(r *Router, routes [][]Point) *EdgeLabels {
	return &EdgeLabels{r: r, routes: routes}
}

// Place is where the label text of route k sits, drawn at font size px
// (its middle); the label's box is kept, for later labels to keep off.
func (l *EdgeLabels) Place(k int, text string, px float64) Point {
	pts := l.routes[k]
	if len(pts) < 2 {
		return Point{}
	}
	if l.lines == nil {
		var runs []Rect
		for _, pts := range l.routes {
			for i := 1; i < len(pts); i++ {
				runs = append(runs, runOf(pts[i-1], pts[i]))
			}
		}
		l.lines = NewBoxIndex(runs)
	}
	w := TextWidth(text, px, false) + labelHalo
	h := px + labelHalo
	own := make([]Rect, 0, len(pts)-1)
	for i := 1; i < len(pts); i++ {
		own = append(own, runOf(pts[i-1], pts[i]))
	}
	// What a spot covers: a node, a frame's label, a note or a label
	// weighs more than another edge's line (counted once). What cannot
	// cover less than the best so far is not looked at further.
	best, bestCover := Point{}, math.Inf(1)
	cover := func(at Point) float64 {
		box := Rect{at.X - w/2 - labelGap, at.Y - h/2 - labelGap, at.X + w/2 + labelGap, at.Y + h/2 + labelGap}
		c := 0.0
		if l.r != nil {
			l.r.Ix.near(box, func(Rect) bool { c += 100; return false })
		}
		l.eachCell(box, func(k [2]int) {
			for _, i := range l.cells[k] {
				if p := l.placed[i]; p.X1 > box.X0 && p.X0 < box.X1 && p.Y1 > box.Y0 && p.Y0 < box.Y1 {
					c += 100
				}
			}
		})
		if c+1 >= bestCover {
			return c
		}
		l.lines.near(grow(box, -labelGap), func(o Rect) bool {
			if !slices.Contains(own, o) {
				c++
				return false
			}
			return true
		})
		return c
	}
	labelSpots(pts, w, h, func(at Point) bool {
		c := cover(at)
		if c < bestCover {
			best, bestCover = at, c
		}
		return c == 0
	})
	box := Rect{best.X - w/2, best.Y - h/2, best.X + w/2, best.Y + h/2}
	if l.cells == nil {
		l.cells = map[[2]int][]int32{}
	}
	l.eachCell(box, func(k [2]int) { l.cells[k] = append(l.cells[k], int32(len(l.placed))) })
	l.placed = append(l.placed, box)
	return best
}

// eachCell calls f with each cell of labelCell that r touches.
func (l *EdgeLabels) eachCell(r Rect, f func([2]int)) {
	for x := floorDiv(r.X0, labelCell); x <= floorDiv(r.X1, labelCell); x++ {
		for y := floorDiv(r.Y0, labelCell); y <= floorDiv(r.Y1, labelCell); y++ {
			f([2]int{x, y})
		}
	}
}

// runOf is the box of the run from a to b.
func runOf(a, b Point) Rect {
	return Rect{math.Min(a.X, b.X), math.Min(a.Y, b.Y), math.Max(a.X, b.X), math.Max(a.Y, b.Y)}
}

// labelSpots calls try with the spots a label w by h may take on route
// pts, in order, until it returns true, and returns that spot, or the
// first tried: the middle of each run, longest first; then along each run
// that has room, a quarter of the way from either end; then beside each
// run, above or below it (or to its side), nearer first, within half a
// node's height.
func labelSpots(pts []Point, w, h float64, try func(Point) bool) Point {
	type run struct {
		a, b     Point
		len      float64
		vertical bool
	}
	var buf [8]run
	runs := buf[:0]
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		runs = append(runs, run{a, b, dist(a, b), a.X == b.X})
	}
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].len > runs[j].len })
	first := Point{(runs[0].a.X + runs[0].b.X) / 2, (runs[0].a.Y + runs[0].b.Y) / 2}
	for _, c := range runs {
		if at := (Point{(c.a.X + c.b.X) / 2, (c.a.Y + c.b.Y) / 2}); try(at) {
			return at
		}
	}
	for _, c := range runs {
		room := w
		if c.vertical {
			room = h
		}
		if c.len >= 2*room {
			if at := towards(c.a, c.b, c.len/4); try(at) {
				return at
			}
			if at := towards(c.b, c.a, c.len/4); try(at) {
				return at
			}
		}
	}
	for off := 4.0; off <= NodeHeight/2+h; off += 4 {
		for _, c := range runs {
			mid := Point{(c.a.X + c.b.X) / 2, (c.a.Y + c.b.Y) / 2}
			for _, sign := range []float64{-1, 1} {
				at := Point{mid.X, mid.Y + sign*off}
				if c.vertical {
					at = Point{mid.X + sign*(off+w/2-h/2), mid.Y}
				}
				if try(at) {
					return at
				}
			}
		}
	}
	return first
}
