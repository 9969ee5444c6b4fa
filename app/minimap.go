package app

import (
	"github.com/archdesigner/designer/catalogue/drawing"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

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

// renderMinimapToggle is the canvas tool that shows or hides the minimap.
func (c *Canvas) renderMinimapToggle() app.UI {
	return app.Button().Text("Minimap").Aria("pressed", strconv.FormatBool(c.minimap)).
		Title("A map of the whole design: click or drag it to move the view").
		OnClick(func(app.Context, app.Event) {
			c.minimap = !c.minimap
			c.mmDrawn = nil // a new canvas element to draw in
			if keepsView(c.Platform, c.Store) {
				_ = c.Platform.Store(keyMinimap, strconv.FormatBool(c.minimap))
			}
			if c.minimap {
				c.ctx.Defer(func(app.Context) { c.drawMinimap() })
			}
		})
}

// renderMinimap draws the minimap's frame, when shown: a canvas the design
// is drawn in (drawMinimap) and the view's rectangle over it.
func (c *Canvas) renderMinimap() app.UI {
	if !c.minimap || len(c.Store.Design().Nodes) == 0 {
		return nil
	}
	return app.Div().ID("minimap").Class("minimap").On("pointerdown", c.onMinimapDown).Body(
		app.Canvas().ID("minimap-canvas").Width(minimapW).Height(minimapH).Attr("role", "img").
			Aria("label", "Minimap of the design, with the view's rectangle: click or drag it to move the view"),
		app.Div().ID("minimap-view").Class("minimap-view").Aria("hidden", "true"),
	)
}

// drawMinimap draws every node and group frame of the design in the
// minimap (once per change of the design, not per move of the view), then
// the view's rectangle.
func (c *Canvas) drawMinimap() {
	if !c.minimap {
		return
	}
	el := app.Window().GetElementByID("minimap-canvas")
	if !el.Truthy() {
		return
	}
	d := c.Store.Design()
	var hiddenIn map[string]string
	collapsed := ""
	if len(d.Groups) > 0 {
		hiddenIn = drawing.CollapsedIn(d, c.Store.Collapsed)
		for _, g := range d.Groups {
			if hiddenIn[g.ID] == g.ID {
				collapsed += g.ID + " "
			}
		}
	}
	// The element's colour, resolved by the stylesheet for the theme: a
	// change of theme draws it again.
	colour := app.Window().Call("getComputedStyle", el).Get("color").String()
	if d == c.mmDrawn && collapsed == c.mmCollapsed && colour == c.mmColour && el.Equal(c.mmCanvas) {
		c.placeMinimapView() // the same design, drawn the same, on the same canvas
		return
	}
	c.mmDrawn, c.mmCollapsed, c.mmColour, c.mmCanvas = d, collapsed, colour, el
	b, ok := drawing.ContentBounds(d)
	if !ok {
		return
	}
	scale := min((minimapW-2*minimapM)/(b.X1-b.X0), (minimapH-2*minimapM)/(b.Y1-b.Y0))
	c.mm = minimapMap{x0: b.X0, y0: b.Y0, scale: scale, ox: (minimapW - (b.X1-b.X0)*scale) / 2, oy: (minimapH - (b.Y1-b.Y0)*scale) / 2}
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
			x, y := c.mm.at(r.X0, r.Y0)
			ctx.Call("strokeRect", x, y, max(1, (r.X1-r.X0)*scale), max(1, (r.Y1-r.Y0)*scale))
		}
	}
	var boxes [][2]float64 // collapsed groups, drawn as the canvas does: one box
	for id, f := range frames {
		x, y := c.mm.at(f.Box.X0, f.Box.Y0)
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
		x, y := c.mm.at(px, py)
		ctx.Call("fillRect", x, y, w, h)
	}
	c.placeMinimapView()
}

// at is where canvas point (x, y) is on the minimap.
func (m minimapMap) at(x, y float64) (float64, float64) {
	return (x-m.x0)*m.scale + m.ox, (y-m.y0)*m.scale + m.oy
}

// placeMinimapView moves the view's rectangle to where the view is, through
// the element's style object (the page's policy refuses style attributes).
func (c *Canvas) placeMinimapView() {
	if !c.minimap || c.mm.scale == 0 {
		return // and no call into JavaScript: the view moves on every wheel event
	}
	el := app.Window().GetElementByID("minimap-view")
	if !el.Truthy() {
		return
	}
	x0, y0 := c.view.ToCanvas(0, 0)
	x1, y1 := c.view.ToCanvas(c.width, c.height)
	ax, ay := c.mm.at(x0, y0)
	bx, by := c.mm.at(x1, y1)
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

// onMinimapDown centres the view on the point pressed, and follows the
// pointer while the button is held, through listeners of the window's own:
// go-app's handlers would re-render the editor on every move.
func (c *Canvas) onMinimapDown(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	if e.Get("button").Int() != 0 {
		return
	}
	e.PreventDefault()
	c.centreFromMinimap(e.JSValue())
	var offs []func()
	stop := func(app.Value) {
		for _, off := range offs {
			off()
		}
		offs = nil
	}
	offs = append(offs,
		listen(app.Window(), "pointermove", func(m app.Value) {
			if m.Get("buttons").Int()&1 != 0 {
				c.centreFromMinimap(m)
			}
		}, nil),
		listen(app.Window(), "pointerup", stop, nil),
		listen(app.Window(), "pointercancel", stop, nil),
	)
}

// centreFromMinimap centres the view on the canvas point under the pointer
// event ev on the minimap.
func (c *Canvas) centreFromMinimap(ev app.Value) {
	if c.mm.scale == 0 {
		return
	}
	r := app.Window().GetElementByID("minimap-canvas").Call("getBoundingClientRect")
	mx, my := ev.Get("clientX").Float()-r.Get("left").Float(), ev.Get("clientY").Float()-r.Get("top").Float()
	x, y := (mx-c.mm.ox)/c.mm.scale+c.mm.x0, (my-c.mm.oy)/c.mm.scale+c.mm.y0
	w, h := c.size()
	c.view = drawing.Viewport{X: w/2 - x*c.view.Scale, Y: h/2 - y*c.view.Scale, Scale: c.view.Scale}
	c.applyView()
	c.viewChanged()
}
