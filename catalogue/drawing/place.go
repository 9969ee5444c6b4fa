package drawing

import (
	"math"

	"github.com/archdesigner/designer/catalogue"
)

// Placing new things: a node added, a fragment pasted or duplicated, a note
// lands on free space (off every node, note and frame label, with a gap to
// each) in the part of the canvas the user sees, as near as may be to where
// they were looking (the selection, or the pointer).

// PlaceGap is the least space kept between a thing placed and what is
// already drawn: boxes that touch read as one.
const PlaceGap = 24

// placeStep is how finely free spots are searched for, in canvas units.
const placeStep = 20

// PlaceObstacles are the boxes of what d draws that a new thing must not cover:
// its nodes, its notes, its frames' label bands (a frame that holds
// something may be placed in) and the frames that hold nothing. hidden maps what is inside a collapsed group to it, as
// CollapsedIn does; nil for none.
func PlaceObstacles(d *catalogue.Design, hidden map[string]string) []Rect {
	pos := NodePositions(d)
	var frames map[string]GroupFrame
	if len(d.Groups) > 0 {
		frames = GroupFrames(d, pos)
	}
	out := DrawnBoxes(d, pos, frames, hidden)
	holds := make(map[string]bool, len(d.Groups))
	for i := range d.Nodes {
		holds[d.Nodes[i].In] = true
	}
	for _, g := range d.Groups {
		holds[g.In] = true
	}
	for id, f := range frames {
		switch {
		case hidden[id] != "":
		case holds[id]:
			out = append(out, Rect{f.Box.X0, f.Box.Y0, f.Box.X1, f.Box.Y0 + GroupLabel})
		default: // an empty frame is kept for what is dropped in it
			out = append(out, f.Box)
		}
	}
	if len(d.Notes) > 0 {
		out = append(out, NewNoteLayout(d, pos, frames, hidden).Boxes()...)
	}
	return out
}

// Free is the obstacles a placement keeps off, indexed.
type Free struct{ ix *boxIndex }

// NewFree indexes obstacles for placing things among them.
func NewFree(obstacles []Rect) Free { return Free{NewBoxIndex(obstacles)} }

// Clear reports whether box r keeps PlaceGap from every obstacle.
func (f Free) Clear(r Rect) bool {
	clear := true
	f.ix.near(Rect{r.X0 - PlaceGap, r.Y0 - PlaceGap, r.X1 + PlaceGap, r.Y1 + PlaceGap}, func(Rect) bool {
		clear = false
		return false
	})
	return clear
}

// Near returns the top-left corner of a free w×h box nearest (x, y) (its
// preferred top-left corner), inside view, and false when view has no room
// for one. A view with no area is no bound: the search then stops at a
// thousand steps around (x, y).
func (f Free) Near(x, y, w, h float64, view Rect) (float64, float64, bool) {
	x, y = math.Round(x), math.Round(y)
	bounded := view.X1 > view.X0 && view.Y1 > view.Y0
	rings := 1000 / placeStep
	if bounded {
		rings = int(math.Max(view.X1-view.X0, view.Y1-view.Y0)/placeStep) + 1
	}
	inView := func(r Rect) bool { return !bounded || view.Holds(r) }
	for ring := 0; ring <= rings; ring++ {
		bx, by, best := 0.0, 0.0, math.Inf(1)
		for i := -ring; i <= ring; i++ {
			for j := -ring; j <= ring; j++ {
				if max(Abs(i), Abs(j)) != ring {
					continue
				}
				cx, cy := x+float64(i*placeStep), y+float64(j*placeStep)
				r := Rect{cx, cy, cx + w, cy + h}
				if d := math.Hypot(cx-x, cy-y); d < best && inView(r) && f.Clear(r) {
					bx, by, best = cx, cy, d
				}
			}
		}
		if !math.IsInf(best, 1) {
			return bx, by, true
		}
	}
	return 0, 0, false
}

// Inset is r with margin taken off each side (nothing left when it is
// smaller than that).
func (r Rect) Inset(margin float64) Rect {
	out := Rect{r.X0 + margin, r.Y0 + margin, r.X1 - margin, r.Y1 - margin}
	if out.X1 < out.X0 || out.Y1 < out.Y0 {
		return Rect{}
	}
	return out
}
