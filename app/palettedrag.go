package app

import (
	"math"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/drawing"
)

// productDrag is a product or a boundary being dragged from the palette
// onto the canvas: released on the canvas, a node of the product, or an
// empty group of the boundary, is added where the pointer is, in the frame
// under it (marked as a dragged node's is). A press and release without a
// drag is the button's click, which adds it as the keyboard's Enter does.
type productDrag struct {
	component      string
	boundary       string
	startX, startY float64 // where the pointer went down, client pixels
	moved          bool    // beyond clickSlop: a drag, not a click
	onCanvas       bool    // the pointer is over the canvas
	drop           dropAim
	off            []func()
}

// onPointerDown begins dragging the product or boundary pressed, if one is.
func (p *Palette) onPointerDown(ctx app.Context, e app.Event) {
	if p.ReadOnly || e.Get("button").Int() != 0 {
		return
	}
	// go-app queues handlers: a quick click's release may have come before
	// this press's listeners were added, leaving them to this press.
	p.endCarry(ctx, e.JSValue(), false)
	button := e.Get("target").Call("closest", "button[data-component], button[data-boundary]")
	if !button.Truthy() {
		return
	}
	data := button.Get("dataset")
	pd := &productDrag{startX: e.Get("clientX").Float(), startY: e.Get("clientY").Float()}
	if c := data.Get("component"); c.Truthy() {
		pd.component = c.String()
	} else {
		pd.boundary = data.Get("boundary").String()
	}
	if d := p.Store.Design(); len(d.Groups) > 0 {
		pd.drop.frames = drawing.NewDropFrames(d, p.Store.Collapsed)
	}
	p.carry = pd
	w := app.Window()
	pd.off = append(pd.off,
		listen(w, "pointermove", pd.move, nil),
		listen(w, "pointerup", func(ev app.Value) { p.endCarry(ctx, ev, true) }, nil),
		listen(w, "pointercancel", func(ev app.Value) { p.endCarry(ctx, ev, false) }, nil),
	)
}

// move follows the pointer: over the canvas, the frame under it is marked.
func (pd *productDrag) move(ev app.Value) {
	px, py := ev.Get("clientX").Float(), ev.Get("clientY").Float()
	if !pd.moved && math.Abs(px-pd.startX)+math.Abs(py-pd.startY) <= clickSlop {
		return
	}
	if !pd.moved {
		pd.moved = true
		app.Window().Get("document").Get("body").Call("setAttribute", "data-carrying", "true")
	}
	x, y, ok := canvasPoint(px, py)
	pd.onCanvas = ok
	if !ok {
		pd.drop.clear()
		pd.drop.group = ""
		return
	}
	pd.drop.aim(x, y)
}

// endCarry ends the drag: released over the canvas (committed), the
// product or boundary is added there, its middle under the pointer.
func (p *Palette) endCarry(ctx app.Context, ev app.Value, commit bool) {
	pd := p.carry
	if pd == nil {
		return
	}
	p.carry = nil
	for _, off := range pd.off {
		off()
	}
	pd.drop.clear()
	if !pd.moved {
		return
	}
	// Found while the page is still marked as carrying, which lets what
	// lies over the canvas (an empty canvas's welcome) pass the drop.
	x, y, ok := canvasPoint(ev.Get("clientX").Float(), ev.Get("clientY").Float())
	app.Window().Get("document").Get("body").Call("removeAttribute", "data-carrying")
	if !commit || !ok {
		return
	}
	group := pd.drop.frames.At(x, y)
	s := p.Store
	ctx.Emit(func() {
		var err error
		if pd.boundary != "" {
			_, err = s.AddGroupAt(pd.boundary, math.Round(x-drawing.EmptyW/2), math.Round(y-drawing.EmptyH/2), group)
		} else {
			_, err = s.AddNodeAt(pd.component, math.Round(x-drawing.NodeWidth/2), math.Round(y-drawing.NodeHeight/2), group)
		}
		s.Report(err)
	})
}

// canvasPoint is the canvas point under client point (px, py), and false
// when the canvas is not what is there.
func canvasPoint(px, py float64) (float64, float64, bool) {
	doc := app.Window().Get("document")
	hit := doc.Call("elementFromPoint", px, py)
	if !hit.Truthy() || !hit.Call("closest", "#canvas-svg").Truthy() {
		return 0, 0, false
	}
	vp := doc.Call("getElementById", "viewport")
	m := vp.Call("getScreenCTM")
	if !m.Truthy() {
		return 0, 0, false
	}
	pt := app.Window().Get("DOMPoint").New(px, py).Call("matrixTransform", m.Call("inverse"))
	return pt.Get("x").Float(), pt.Get("y").Float(), true
}
