package app

import (
	"math"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// viewChanged re-renders, once the view has stopped changing for a moment,
// so that what came into view is drawn.
func (c *Canvas) viewChanged() {
	if c.ctx == nil {
		return
	}
	n, key := c.settle.Add(1), c.ViewKey
	c.ctx.Async(func() {
		time.Sleep(120 * time.Millisecond)
		if c.settle.Load() == n {
			c.ctx.Dispatch(func(app.Context) { c.saveView(key) })
		}
	})
}

// keepsView reports whether the canvas keeps its view (and its parts their
// choices) across reloads: in the browser (p is nil when prerendering), and
// neither embedded nor showing a share link's design.
func keepsView(p Platform, s *state.Store) bool {
	return p != nil && app.Window().URL().Query().Get("embed") != "1" && !s.Shared()
}

// viewKey is the storage key of the view of the library's design id, or ""
// when none is kept (a design outside the library: embedded, shared).
func viewKey(designID string) string {
	if designID == "" {
		return ""
	}
	return keyView + "/" + designID
}

// viewKey is the storage key of the open design's view: a workspace
// design's open live (the design ids of the workspace and of the library
// are apart), else the library's design's. A live design once took the
// library design's key, which startAfresh leaves at the first design's:
// its view was then restored from, and saved over, that design's. While a
// live design is being read (its session not started), what is shown is
// not it: no view is kept, for the empty canvas's not to be saved as the
// live design's.
func (s *tabSession) viewKey() string {
	if s.team != nil && s.team.live != nil {
		if s.team.live.session == nil {
			return ""
		}
		return workspaceViewKey(s.team.live.design.ID)
	}
	return viewKey(s.designID)
}

// workspaceViewKey is the storage key of the view of workspace design id.
func workspaceViewKey(id string) string { return viewKey("workspace/" + id) }

// saveView stores the view under key (the design's when the view changed),
// for a reload, or the design opened again, to show what was shown. A
// failure is not worth a word: the design is fitted instead.
func (c *Canvas) saveView(key string) {
	if key != "" && keepsView(c.Platform, c.Store) {
		_ = c.Platform.Store(key, c.view.String())
	}
}

// restoreView takes the design's stored view, if there is one that shows
// some of the design.
func (c *Canvas) restoreView() bool {
	if c.ViewKey == "" || !keepsView(c.Platform, c.Store) {
		return false
	}
	saved, ok, err := c.Platform.Load(c.ViewKey)
	if err != nil || !ok {
		return false
	}
	v, ok := drawing.ParseViewport(saved)
	if !ok {
		return false
	}
	x0, y0 := v.ToCanvas(0, 0)
	x1, y1 := v.ToCanvas(c.width, c.height)
	view := drawing.Rect{X0: x0, Y0: y0, X1: x1, Y1: y1}
	d := c.Store.Design()
	for i := range d.Nodes {
		x, y := drawing.Position(&d.Nodes[i], i)
		if view.Meets(x, y, x+drawing.NodeWidth, y+drawing.NodeHeight) {
			c.view = v
			return true
		}
	}
	return false
}

// applyView sets the view on the drawing's viewport group, and tells the
// store and the minimap what is in view.
func (c *Canvas) applyView() {
	x0, y0 := c.view.ToCanvas(0, 0)
	x1, y1 := c.view.ToCanvas(c.width, c.height)
	if c.width > 0 && c.height > 0 {
		c.Store.SetView(x0, y0, x1, y1)
	}
	if g := app.Window().GetElementByID("viewport"); g.Truthy() {
		g.Call("setAttribute", "transform", c.view.Transform())
	}
	c.minimap.placeView(drawing.Rect{X0: x0, Y0: y0, X1: x1, Y1: y1})
	c.here.setView(c.view.Transform(), c.view.Scale)
	if c.hovering {
		c.tellHover() // the same place on screen is another in the design
	}
}

// onHover tells the others on a live design where this tab's pointer is,
// in design coordinates.
func (c *Canvas) onHover(ev app.Value) {
	if c.Presence == nil || !c.Presence.out.live() {
		return // nothing read from the event: a drag's moves pay nothing when not live
	}
	c.hovering, c.hoverX, c.hoverY = true, ev.Get("clientX").Float(), ev.Get("clientY").Float()
	c.tellHover()
}

func (c *Canvas) tellHover() {
	if c.Presence == nil || !c.Presence.out.live() {
		return
	}
	x, y := c.toCanvas(c.hoverX, c.hoverY)
	c.Presence.hover(&presencePoint{X: math.Round(x*10) / 10, Y: math.Round(y*10) / 10})
}

// toCanvas converts client coordinates to canvas coordinates.
func (c *Canvas) toCanvas(clientX, clientY float64) (float64, float64) {
	rect := app.Window().GetElementByID("canvas-svg").Call("getBoundingClientRect")
	return c.view.ToCanvas(clientX-rect.Get("left").Float(), clientY-rect.Get("top").Float())
}

// onWheel pans with the wheel or a two-finger swipe, and zooms around the
// pointer with Ctrl or ⌘ held, as a trackpad's pinch reports itself
// (Chromium, Firefox and Safari send a pinch as a wheel with ctrlKey).
func (c *Canvas) onWheel(ev app.Value) {
	ev.Call("preventDefault")
	dx, dy := ev.Get("deltaX").Float(), ev.Get("deltaY").Float()
	if ev.Get("deltaMode").Int() == 1 { // lines, not pixels
		dx, dy = dx*16, dy*16
	}
	if ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() {
		rect := app.Window().GetElementByID("canvas-svg").Call("getBoundingClientRect")
		px, py := ev.Get("clientX").Float()-rect.Get("left").Float(), ev.Get("clientY").Float()-rect.Get("top").Float()
		// A pinch sends small deltas, often; a Ctrl+wheel notch about 100,
		// which zooms by about a fifth.
		rate := 0.01
		if math.Abs(dy) >= 50 {
			rate = 0.002
		}
		c.zoomAt(math.Exp(-math.Max(-100, math.Min(100, dy))*rate), px, py)
		return
	}
	c.view.X, c.view.Y = c.view.X-dx, c.view.Y-dy
	c.applyView()
	c.viewChanged()
}

// zoomBy zooms around the middle of the canvas.
func (c *Canvas) zoomBy(factor float64) {
	w, h := c.size()
	c.zoomAt(factor, w/2, h/2)
}

func (c *Canvas) zoomAt(factor, px, py float64) {
	c.view = c.view.ZoomedAt(factor, px, py)
	c.applyView()
	c.viewChanged()
}

// size is the canvas's size in pixels, as last laid out.
func (c *Canvas) size() (float64, float64) {
	return c.width, c.height
}

// fit shows every node and group, at whatever zoom that takes (their
// labels in the zoomed-out form when small), or the design from its
// top-left corner when it is too large even at the floor (see
// drawing.Fitting).
func (c *Canvas) fit() {
	b, ok := drawing.ContentBounds(c.Store.Design())
	if !ok {
		c.view = drawing.Viewport{Scale: 1}
		c.applyView()
		return
	}
	w, h := c.size()
	c.view = drawing.Fitting(b, w, h)
	c.applyView()
	c.viewChanged()
}

// centreOn centres the view on canvas point (x, y).
func (c *Canvas) centreOn(x, y float64) {
	w, h := c.size()
	c.view = c.view.CentredOn(x, y, w, h)
	c.applyView()
	c.viewChanged()
}

// reveal centres the view on node id and focuses it.
func (c *Canvas) reveal(id string) {
	if x, y, ok := c.Store.Position(id); ok {
		c.centreAndFocus(x, y, func() app.Value { return app.Window().GetElementByID("node-" + id) })
	}
}

// reveal centres the view on node id and focuses it.
// revealEdge centres the view between an edge's ends and focuses it.
func (c *Canvas) revealEdge(i int) {
	e := c.Store.Design().Edges[i]
	x1, y1, ok1 := c.Store.Position(e.From)
	x2, y2, ok2 := c.Store.Position(e.To)
	if ok1 && ok2 {
		c.centreAndFocus((x1+x2)/2, (y1+y2)/2, func() app.Value {
			return app.Window().Get("document").Call("querySelector", `g[data-edge="`+strconv.Itoa(i)+`"]`)
		})
	}
}

// centreAndFocus centres the view on a node box at (x, y), draws what is
// now in view, then focuses the element find returns.
func (c *Canvas) centreAndFocus(x, y float64, find func() app.Value) {
	c.centreOn(x+drawing.NodeWidth/2, y+drawing.NodeHeight/2)
	c.ctx.Dispatch(func(ctx app.Context) {
		ctx.Defer(func(app.Context) {
			if el := find(); el.Truthy() {
				el.Call("focus", map[string]any{"preventScroll": true})
			}
		})
	})
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

// snapStep is the grid that dragged nodes and notes snap to, when Snap to
// grid is on.
const snapStep = 20

// keySnap keeps Snap to grid across visits.
const keySnap = "designer.snap"

// snap rounds v to the grid.
func snap(v float64) float64 { return math.Round(v/snapStep) * snapStep }

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
