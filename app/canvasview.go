package app

import (
	"github.com/archdesigner/designer/catalogue/drawing"
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// snapStep is the grid that dragged nodes and notes snap to, when Snap to
// grid is on.
const snapStep = 20

// keySnap keeps Snap to grid across visits.
const keySnap = "designer.snap"

// snap rounds v to the grid.
func snap(v float64) float64 { return math.Round(v/snapStep) * snapStep }

// snapDrag puts what a drag moves on the grid: a node or a note at its
// corner; a group or several nodes by the one dragged (their offset keeps
// the others where they are relative to it).
func (c *Canvas) snapDrag(d *gesture) {
	if !c.snapOn {
		return
	}
	switch d.kind {
	case gestureNode, gestureNote:
		d.x, d.y = snap(d.x), snap(d.y)
	case gestureNodes:
		if x, y, ok := c.Store.Position(d.node); ok {
			d.x, d.y = snap(x+d.x)-x, snap(y+d.y)-y
		}
	case gestureGroup: // its frame's corner, recorded at the press
		d.x, d.y = snap(d.origX+d.x)-d.origX, snap(d.origY+d.y)-d.origY
	}
}

// setSnap turns Snap to grid on or off, and keeps the choice outside embed
// mode.
func (c *Canvas) setSnap(on bool) {
	c.snapOn = on
	if keepsView(c.Platform, c.Store) {
		_ = c.Platform.Store(keySnap, strconv.FormatBool(on))
	}
}

// restoreSnap takes the kept Snap to grid choice.
func (c *Canvas) restoreSnap() {
	if !keepsView(c.Platform, c.Store) {
		return
	}
	if v, ok, err := c.Platform.Load(keySnap); err == nil && ok {
		c.snapOn = v == "true"
	}
}

// selectionBounds is the box around what is selected (nodes, a group's
// frame, a note, an edge's ends), and false with nothing selected.
func (c *Canvas) selectionBounds() (drawing.Rect, bool) {
	s := c.Store
	sel := s.Selection()
	box, any := drawing.Rect{}, false
	grow := func(r drawing.Rect) {
		if !any {
			box, any = r, true
			return
		}
		box = drawing.Rect{X0: min(box.X0, r.X0), Y0: min(box.Y0, r.Y0), X1: max(box.X1, r.X1), Y1: max(box.Y1, r.Y1)}
	}
	for _, id := range s.SelectedNodes() {
		if x, y, ok := s.Position(id); ok {
			grow(drawing.NodeBox(x, y))
		}
	}
	d := s.Design()
	if sel.Edge >= 0 && sel.Edge < len(d.Edges) {
		for _, id := range []string{d.Edges[sel.Edge].From, d.Edges[sel.Edge].To} {
			if x, y, ok := s.Position(id); ok {
				grow(drawing.NodeBox(x, y))
			}
		}
	}
	if sel.Group != "" {
		if f, ok := drawing.GroupFrames(d, drawing.NodePositions(d))[sel.Group]; ok {
			if top := drawing.CollapsedIn(d, s.Collapsed)[sel.Group]; top != "" {
				// Drawn as one box, at its outermost collapsed group's corner.
				f = drawing.GroupFrames(d, drawing.NodePositions(d))[top]
				f.Box = drawing.NodeBox(f.Box.X0, f.Box.Y0)
			}
			grow(f.Box)
		}
	}
	if sel.Note > 0 {
		if r, ok := s.NoteBox(sel.Note - 1); ok {
			grow(r)
		}
	}
	return box, any
}

// zoomToSelection shows what is selected, as Fit shows the design.
func (c *Canvas) zoomToSelection() {
	b, ok := c.selectionBounds()
	if !ok {
		return
	}
	w, h := c.size()
	c.view = drawing.Fitting(b, w, h)
	c.applyView()
	c.viewChanged()
}

// renderViewTools are the canvas tools about the view: Zoom to selection
// and Snap to grid.
func (c *Canvas) renderViewTools() app.UI {
	_, selected := c.selectionBounds()
	return app.Span().Class("view-tools").Body(
		button(!selected).Text("Zoom to selection").Title(map[bool]string{true: "Show what is selected", false: "Show what is selected (nothing is)"}[selected]).
			OnClick(func(app.Context, app.Event) { c.zoomToSelection() }),
		app.Span().Class("check").Body(
			checkbox(c.snapOn).ID("snap-grid").OnChange(func(ctx app.Context, e app.Event) { c.setSnap(ctx.JSSrc().Get("checked").Bool()) }),
			app.Label().For("snap-grid").Text("Snap to grid"),
		),
	)
}
