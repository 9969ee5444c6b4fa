package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The widths a side panel may be given by its resize handle, in pixels,
// and the keyboard's step.
const (
	minPanelWidth  = 180
	maxPanelWidth  = 560
	panelWidthStep = 16
)

// panelDefault is a side panel's width until resized, as the stylesheet
// sets it on a wide screen.
func panelDefault(panel string) int {
	if panel == PanelInspector {
		return 380
	}
	return 250
}

// renderResizers draws the handles between the side panels and the canvas
// (none beside a folded panel): separators that a pointer drags and the
// arrow keys move.
func (e *Editor) renderResizers() []app.UI {
	s := e.store
	var out []app.UI
	for _, panel := range []string{PanelPalette, PanelInspector} {
		if s.PanelHidden(panel) {
			continue
		}
		w := s.PanelWidth(panel)
		if w == 0 {
			w = panelDefault(panel)
		}
		name := map[string]string{PanelPalette: "Palette width", PanelInspector: "Inspector width"}[panel]
		out = append(out, app.Div().Class("resizer").DataSet("panel", panel).Role("separator").
			Aria("orientation", "vertical").Aria("label", name).Attr("tabindex", "0").
			Aria("valuenow", w).Aria("valuemin", minPanelWidth).Aria("valuemax", maxPanelWidth).
			On("pointerdown", e.onResizeStart).On("keydown", e.onResizeKey))
	}
	return out
}

// panelWidth is side panel's drawn width.
func panelWidth(panel string) float64 {
	if el := app.Window().GetElementByID(panel); el.Truthy() {
		return el.Call("getBoundingClientRect").Get("width").Float()
	}
	return float64(panelDefault(panel))
}

// setPanelWidth draws side panel at width w (clamped), through the
// workspace's style object (the page's policy refuses style attributes),
// without a render; and returns the width taken. It sets the user's width,
// which the stylesheet uses unless the panel is folded.
func setPanelWidth(panel string, w float64) int {
	px := max(minPanelWidth, min(maxPanelWidth, int(w)))
	if ws := app.Window().GetElementByID("workspace"); ws.Truthy() {
		ws.Get("style").Call("setProperty", "--"+panel+"-user-w", strconv.Itoa(px)+"px")
	}
	return px
}

// onResizeStart follows a drag of a resize handle until the pointer is
// released, then keeps the width.
func (e *Editor) onResizeStart(ctx app.Context, ev app.Event) {
	if ev.Get("button").Int() != 0 {
		return
	}
	ev.PreventDefault()
	panel := ctx.JSSrc().Get("dataset").Get("panel").String()
	startX, startW := ev.Get("clientX").Float(), panelWidth(panel)
	ctx.JSSrc().Call("setPointerCapture", ev.Get("pointerId"))
	// The inspector's handle is on its left: dragging left widens it.
	sign := 1.0
	if panel == PanelInspector {
		sign = -1
	}
	width := int(startW)
	var offs []func()
	stop := func() {
		for _, off := range offs {
			off()
		}
		offs = nil
	}
	offs = append(offs,
		listen(app.Window(), "pointermove", func(m app.Value) {
			width = setPanelWidth(panel, startW+sign*(m.Get("clientX").Float()-startX))
		}, nil),
		listen(app.Window(), "pointerup", func(app.Value) {
			stop()
			ctx.Dispatch(func(app.Context) { e.store.SetPanelWidth(panel, width) })
		}, nil),
		listen(app.Window(), "pointercancel", func(app.Value) {
			stop()
			setPanelWidth(panel, startW)
		}, nil),
	)
}

// onResizeKey resizes with the arrow keys (the handle moves the way the
// arrow points), Home and End.
func (e *Editor) onResizeKey(ctx app.Context, ev app.Event) {
	panel := ctx.JSSrc().Get("dataset").Get("panel").String()
	w := panelWidth(panel)
	right := 1.0
	if panel == PanelInspector {
		right = -1
	}
	switch ev.Get("key").String() {
	case "ArrowRight":
		w += right * panelWidthStep
	case "ArrowLeft":
		w -= right * panelWidthStep
	case "Home":
		w = minPanelWidth
	case "End":
		w = maxPanelWidth
	default:
		return
	}
	ev.PreventDefault()
	e.store.SetPanelWidth(panel, setPanelWidth(panel, w))
}
