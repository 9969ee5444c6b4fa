package state

import (
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// viewMargin keeps what is placed in view off the view's very edge.
const viewMargin = 16

// free is what is drawn of design d that new things keep off (see
// drawing.PlaceObstacles), as this session draws it: collapsed groups as their
// one box.
func (s *Store) free(d *catalogue.Design) drawing.Free {
	return drawing.NewFree(s.obstacles(d))
}

// obstacles are the boxes of what design d draws that new things keep off,
// as this session draws it (see free).
func (s *Store) obstacles(d *catalogue.Design) []drawing.Rect {
	var hidden map[string]string
	if len(d.Groups) > 0 {
		hidden = drawing.CollapsedIn(d, s.Collapsed)
	}
	return drawing.PlaceObstacles(d, hidden)
}

// freeIn is obstacles indexed for placing things inside area: only those
// a box inside it, kept PlaceGap from them, can meet. Indexing every box
// of a 10,000-node design for a node added in view cost more than the rest
// of the edit.
func freeIn(obstacles []drawing.Rect, area drawing.Rect) drawing.Free {
	// A pixel more, for a search that rounds its start.
	reach := drawing.Rect{X0: area.X0 - drawing.PlaceGap - 1, Y0: area.Y0 - drawing.PlaceGap - 1, X1: area.X1 + drawing.PlaceGap + 1, Y1: area.Y1 + drawing.PlaceGap + 1}
	var near []drawing.Rect
	for _, r := range obstacles {
		if reach.Meets(r.X0, r.Y0, r.X1, r.Y1) {
			near = append(near, r)
		}
	}
	return drawing.NewFree(near)
}

// searched is what drawing.Free.Near may look at for a w×h box near (x, y)
// inside view: the view, or with none the thousand canvas units it
// searches round (x, y).
func searched(x, y, w, h float64, view drawing.Rect) drawing.Rect {
	if view.X1 > view.X0 && view.Y1 > view.Y0 {
		return view
	}
	return drawing.Rect{X0: x - 1000, Y0: y - 1000, X1: x + 1000 + w, Y1: y + 1000 + h}
}

// seen is the part of the canvas in view, less a margin, and false before
// the canvas has reported one.
func (s *Store) seen() (drawing.Rect, bool) {
	if s.view.X1 <= s.view.X0 || s.view.Y1 <= s.view.Y0 {
		return drawing.Rect{}, false
	}
	return s.view.Inset(viewMargin), true
}

// placeNear is where a w×h box goes near top-left corner (x, y) of design
// d: on free space in view when there is room there, else on free space
// anywhere near.
func (s *Store) placeNear(d *catalogue.Design, x, y, w, h float64) (float64, float64) {
	return placeAmong(s.obstacles(d), x, y, w, h, s.seen)
}

// placeAmong is placeNear among obstacles, seen giving the view (false
// before there is one); each search indexes only the obstacles it may meet.
func placeAmong(obstacles []drawing.Rect, x, y, w, h float64, seen func() (drawing.Rect, bool)) (float64, float64) {
	if view, ok := seen(); ok {
		// Not beyond the view: from its nearest point inside.
		cx := min(max(x, view.X0), view.X1-w)
		cy := min(max(y, view.Y0), view.Y1-h)
		if px, py, ok := freeIn(obstacles, searched(cx, cy, w, h, view)).Near(cx, cy, w, h, view); ok {
			return px, py
		}
	}
	if px, py, ok := freeIn(obstacles, searched(x, y, w, h, drawing.Rect{})).Near(x, y, w, h, drawing.Rect{}); ok {
		return px, py
	}
	return x, y
}

// noteSpot is where the top-left corner of a note h high on node or group
// on goes: beside it to the right, else below, to the left or above it,
// whichever is free and in view first; else the free space nearest the
// right.
func (s *Store) noteSpot(l *drawing.NoteLayout, on string, h float64) (float64, float64) {
	a, _ := l.Anchor(on)
	gap := float64(drawing.NoteGap)
	w := float64(drawing.NoteWidth)
	view, bounded := s.seen()
	obstacles := s.obstacles(s.design)
	var f drawing.Free
	if bounded {
		f = freeIn(obstacles, view)
	} else {
		f = drawing.NewFree(obstacles)
	}
	for _, c := range [][2]float64{{a.X1 + gap, a.Y0}, {a.X0, a.Y1 + gap}, {a.X0 - gap - w, a.Y0}, {a.X0, a.Y0 - gap - h}} {
		r := drawing.Rect{X0: c[0], Y0: c[1], X1: c[0] + w, Y1: c[1] + h}
		// NoteGap from its anchor is clear of it: the gaps kept from
		// the rest are counted from the box 1 in.
		if (!bounded || view.Holds(r)) && f.Clear(r.Inset(1)) {
			return c[0], c[1]
		}
	}
	return placeAmong(obstacles, a.X1+gap, a.Y0, w, h, s.seen)
}

// keepEmptyFrames keeps the frames of the groups that hold nothing after an
// edit (was, the design before it; d, after) where they were drawn: a
// group left empty, or empty without a position (as read from a file,
// drawn beside the design), is given the place its frame had, so that
// moving or adding something elsewhere does not move it. A group that
// holds something is drawn round it and keeps no position. m is what the
// last call found held: when d moves nothing between groups, what was
// held still is, and the nodes are not counted again.
func keepEmptyFrames(was, d *catalogue.Design, m *membership) {
	if len(d.Groups) == 0 {
		return
	}
	holds := m.holds
	if m.of != was || !sameMembership(was, d) {
		holds = make(map[string]bool, len(d.Groups))
		last := ""
		for i := range d.Nodes {
			// Nodes of a group tend to come together.
			if in := d.Nodes[i].In; in != last {
				holds[in], last = true, in
			}
		}
		for _, g := range d.Groups {
			holds[g.In] = true
		}
	}
	m.of, m.holds = d, holds
	var before map[string]drawing.GroupFrame
	for i := range d.Groups {
		g := &d.Groups[i]
		switch {
		case holds[g.ID]:
			g.Position = nil
		case g.Position == nil:
			if before == nil {
				before = drawing.GroupFrames(was, drawing.NodePositions(was))
			}
			if f, ok := before[g.ID]; ok {
				g.Position = &catalogue.Point{X: f.Box.X0, Y: f.Box.Y0}
			}
		}
	}
}

// membership is which groups of design of hold a node or a group (holds,
// by id), as keepEmptyFrames last found.
type membership struct {
	of    *catalogue.Design
	holds map[string]bool
}

// sameMembership reports whether a and b have the same nodes and groups
// in the same groups, one by one: an edit of a node's properties, a move
// or a rename within its group keeps them (the strings are mostly shared,
// so comparing them is cheap).
func sameMembership(a, b *catalogue.Design) bool {
	if len(a.Nodes) != len(b.Nodes) || len(a.Groups) != len(b.Groups) {
		return false
	}
	for i := range a.Nodes {
		if a.Nodes[i].In != b.Nodes[i].In {
			return false
		}
	}
	for i := range a.Groups {
		if a.Groups[i].ID != b.Groups[i].ID || a.Groups[i].In != b.Groups[i].In {
			return false
		}
	}
	return true
}
