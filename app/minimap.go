package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// Minimap is the map of the whole design in the canvas's corner, with the
// view's rectangle over it: a click or a drag on it moves the view there.
// The canvas's Minimap button shows and hides it (a choice kept across
// visits), and the canvas tells it where the view is. Hidden, or with no
// node to map, it draws nothing.
type Minimap struct {
	app.Compo
	store    *state.Store
	platform Platform           // keeps the choice (see keepsView)
	centre   func(x, y float64) // centres the canvas's view on a canvas point
	shown    bool
	view     drawing.Rect // the part of the canvas in view
	ctx      app.Context
	off      func() // stops watching the theme

	at        minimapMap        // where it drew the design
	drawn     *catalogue.Design // the design it drew (the store replaces it on every change)
	canvas    app.Value         // in which canvas element
	collapsed string            // with which groups collapsed
	colour    string            // in which colour (the theme's)
}

// newMinimap is the canvas's minimap, shown if it was when last left;
// centre centres the view on a canvas point.
func newMinimap(s *state.Store, p Platform, centre func(x, y float64)) *Minimap {
	m := &Minimap{store: s, platform: p, centre: centre}
	if keepsView(p, s) {
		if v, ok, err := p.Load(keyMinimap); err == nil && ok && v == "true" {
			m.shown = true
		}
	}
	return m
}

// Render draws the minimap's frame, when shown: a canvas the design is
// drawn in (draw) and the view's rectangle over it.
func (m *Minimap) Render() app.UI {
	if !m.shown || len(m.store.Design().Nodes) == 0 {
		return app.Text("")
	}
	return app.Div().ID("minimap").Class("minimap").On("pointerdown", m.onDown).Body(
		app.Canvas().ID("minimap-canvas").Width(minimapW).Height(minimapH).Attr("role", "img").
			Aria("label", "Minimap of the design, with the view's rectangle: click or drag it to move the view"),
		app.Div().ID("minimap-view").Class("minimap-view").Aria("hidden", "true"),
	)
}

// The minimap's size in pixels.
const (
	minimapW = 200
	minimapH = 140
	minimapM = 6 // its margin inside
)

// minimapMap maps the design's bounds onto the minimap, centred: a canvas
// point (x, y) is at ((x-x0)*scale+ox, (y-y0)*scale+oy).
type minimapMap struct{ x0, y0, scale, ox, oy float64 }

// keyMinimap keeps the Minimap toggle across visits.
const keyMinimap = "designer.minimap"

// OnMount draws the minimap, if shown, and draws it again when the theme
// changes its colour.
func (m *Minimap) OnMount(ctx app.Context) {
	m.ctx = ctx
	m.off = observeTheme(m.draw)
	if m.shown {
		ctx.Defer(func(app.Context) { m.draw() })
	}
}

// OnDismount stops watching the theme.
func (m *Minimap) OnDismount() {
	if m.off != nil {
		m.off()
		m.off = nil
	}
}

// isShown reports whether the minimap is shown.
func (m *Minimap) isShown() bool { return m.shown }

// toggle shows or hides the minimap, and keeps the choice.
func (m *Minimap) toggle() {
	m.shown = !m.shown
	m.drawn = nil // a new canvas element to draw in
	if keepsView(m.platform, m.store) {
		_ = m.platform.Store(keyMinimap, strconv.FormatBool(m.shown))
	}
	m.refresh()
}

// refresh renders the minimap again and, once rendered, draws the design
// in it if that changed.
func (m *Minimap) refresh() {
	m.Update()
	if m.shown && m.ctx != nil { // mounted

		m.ctx.Defer(func(app.Context) { m.draw() })
	}
}

// draw draws every node and group frame of the design in the
// minimap (once per change of the design, not per move of the view), then
// the view's rectangle.
func (m *Minimap) draw() {
	if !m.shown {
		return
	}
	el := app.Window().GetElementByID("minimap-canvas")
	if !el.Truthy() {
		return
	}
	d := m.store.Design()
	var hiddenIn map[string]string
	collapsed := ""
	if len(d.Groups) > 0 {
		hiddenIn = drawing.CollapsedIn(d, m.store.Collapsed)
		for _, g := range d.Groups {
			if hiddenIn[g.ID] == g.ID {
				collapsed += g.ID + " "
			}
		}
	}
	// The element's colour, resolved by the stylesheet for the theme: a
	// change of theme draws it again.
	colour := app.Window().Call("getComputedStyle", el).Get("color").String()
	if d == m.drawn && collapsed == m.collapsed && colour == m.colour && el.Equal(m.canvas) {
		m.place() // the same design, drawn the same, on the same canvas
		return
	}
	m.drawn, m.collapsed, m.colour, m.canvas = d, collapsed, colour, el
	b, ok := drawing.ContentBounds(d)
	if !ok {
		return
	}
	scale := min((minimapW-2*minimapM)/(b.X1-b.X0), (minimapH-2*minimapM)/(b.Y1-b.Y0))
	m.at = minimapMap{x0: b.X0, y0: b.Y0, scale: scale, ox: (minimapW - (b.X1-b.X0)*scale) / 2, oy: (minimapH - (b.Y1-b.Y0)*scale) / 2}
	ctx := el.Call("getContext", "2d")
	if !ctx.Truthy() {
		return
	}
	ctx.Call("clearRect", 0, 0, minimapW, minimapH)
	ctx.Set("fillStyle", colour)
	ctx.Set("strokeStyle", colour)
	ctx.Set("globalAlpha", 0.5)
	w, h := max(1, drawing.NodeWidth*scale), max(1, drawing.NodeHeight*scale)
	pos := drawing.NodePositions(d)
	frames := drawing.GroupFrames(d, pos)
	if len(d.Notes) > 0 { // notes as outlines, as the bounds take them in
		for _, r := range drawing.NewNoteLayout(d, pos, frames, hiddenIn).Boxes() {
			x, y := m.at.at(r.X0, r.Y0)
			ctx.Call("strokeRect", x, y, max(1, (r.X1-r.X0)*scale), max(1, (r.Y1-r.Y0)*scale))
		}
	}
	var boxes [][2]float64 // collapsed groups, drawn as the canvas does: one box
	for id, f := range frames {
		x, y := m.at.at(f.Box.X0, f.Box.Y0)
		switch hiddenIn[id] {
		case "":
			ctx.Call("strokeRect", x, y, (f.Box.X1-f.Box.X0)*scale, (f.Box.Y1-f.Box.Y0)*scale)
		case id:
			boxes = append(boxes, [2]float64{x, y})
		}
	}
	ctx.Set("globalAlpha", 1)
	for _, b := range boxes {
		ctx.Call("fillRect", b[0], b[1], w, h)
	}
	for i := range d.Nodes {
		if hiddenIn[d.Nodes[i].ID] != "" {
			continue
		}
		px, py := drawing.Position(&d.Nodes[i], i)
		x, y := m.at.at(px, py)
		ctx.Call("fillRect", x, y, w, h)
	}
	m.place()
}

// at is where canvas point (x, y) is on the minimap.
func (m minimapMap) at(x, y float64) (float64, float64) {
	return (x-m.x0)*m.scale + m.ox, (y-m.y0)*m.scale + m.oy
}

// placeView moves the view's rectangle to view, the part of the canvas in
// view.
func (m *Minimap) placeView(view drawing.Rect) {
	m.view = view
	m.place()
}

// place moves the view's rectangle to where the view is, through the
// element's style object (the page's policy refuses style attributes).
func (m *Minimap) place() {
	if !m.shown || m.at.scale == 0 {
		return // and no call into JavaScript: the view moves on every wheel event
	}
	el := app.Window().GetElementByID("minimap-view")
	if !el.Truthy() {
		return
	}
	ax, ay := m.at.at(m.view.X0, m.view.Y0)
	bx, by := m.at.at(m.view.X1, m.view.Y1)
	// Kept inside the minimap: a view larger than the design shows its
	// edges at the minimap's.
	ax, ay = min(max(0, ax), minimapW-4), min(max(0, ay), minimapH-4)
	bx, by = max(min(minimapW, bx), ax+4), max(min(minimapH, by), ay+4)
	style := el.Get("style")
	px := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) + "px" }
	style.Set("left", px(ax))
	style.Set("top", px(ay))
	style.Set("width", px(max(2, bx-ax)))
	style.Set("height", px(max(2, by-ay)))
}

// onDown centres the view on the point pressed, and follows the pointer
// while the button is held, through listeners of the window's own: go-app's
// handlers would render the minimap again on every move.
func (m *Minimap) onDown(ctx app.Context, e app.Event) {
	if e.Get("button").Int() != 0 {
		return
	}
	e.PreventDefault()
	m.centreFrom(e.JSValue())
	var offs []func()
	stop := func(app.Value) {
		for _, off := range offs {
			off()
		}
		offs = nil
	}
	offs = append(offs,
		listen(app.Window(), "pointermove", func(ev app.Value) {
			if ev.Get("buttons").Int()&1 != 0 {
				m.centreFrom(ev)
			}
		}, nil),
		listen(app.Window(), "pointerup", stop, nil),
		listen(app.Window(), "pointercancel", stop, nil),
	)
}

// centreFrom centres the view on the canvas point under the pointer event
// ev on the minimap.
func (m *Minimap) centreFrom(ev app.Value) {
	if m.at.scale == 0 {
		return
	}
	r := app.Window().GetElementByID("minimap-canvas").Call("getBoundingClientRect")
	mx, my := ev.Get("clientX").Float()-r.Get("left").Float(), ev.Get("clientY").Float()-r.Get("top").Float()
	x, y := (mx-m.at.ox)/m.at.scale+m.at.x0, (my-m.at.oy)/m.at.scale+m.at.y0
	m.centre(x, y)
}
