package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
)

// The widths a side panel may be given by its resize handle, in pixels,
// and the keyboard's step.
const (
	minPanelWidth  = 180
	maxPanelWidth  = 560
	panelWidthStep = 16
)

// The heights the Problems and Analysis panels may be given by the
// separator above them, in pixels, and the keyboard's step; the window
// keeps at least maxPanelsShare of its height for the rest.
const (
	minPanelsHeight  = 90
	maxPanelsHeight  = 900
	panelsHeightStep = 16
	maxPanelsShare   = 0.7
	panelsName       = "panels" // its name in keyPanels
)

// panelDefault is a side panel's width until resized, as the stylesheet
// sets it: narrower on screens up to 1366 px wide.
func panelDefault(panel string) int {
	narrow := app.IsClient && app.Window().Call("matchMedia", "(max-width: 1366px)").Get("matches").Bool()
	switch {
	case panel == state.PanelInspector && narrow:
		return 330
	case panel == state.PanelInspector:
		return 380
	case narrow:
		return 220
	}
	return 250
}

// panelSizes writes the widths the user chose, and the height of the
// Problems and Analysis panels (0: the stylesheet's), for keyPanels:
// "palette=300 inspector=420 panels=240".
func panelSizes(s *state.Store, height int) string {
	var parts []string
	for _, panel := range []string{state.PanelPalette, state.PanelInspector} {
		if w := s.PanelWidth(panel); w > 0 {
			parts = append(parts, panel+"="+strconv.Itoa(w))
		}
	}
	if height > 0 {
		parts = append(parts, panelsName+"="+strconv.Itoa(height))
	}
	return strings.Join(parts, " ")
}

// parsePanelSizes reads what panelSizes wrote, keeping what is a side
// panel's width, or the bottom panels' height, within the limits of its
// handle.
func parsePanelSizes(saved string) (widths map[string]int, height int) {
	widths = map[string]int{}
	for _, part := range strings.Fields(saved) {
		panel, v, _ := strings.Cut(part, "=")
		n, err := strconv.Atoi(v)
		switch {
		case err != nil:
		case (panel == state.PanelPalette || panel == state.PanelInspector) && n >= minPanelWidth && n <= maxPanelWidth:
			widths[panel] = n
		case panel == panelsName && n >= minPanelsHeight && n <= maxPanelsHeight:
			height = n
		}
	}
	return widths, height
}

// savePanels keeps the sizes the user chose across visits (not when
// embedded, where the host owns what is stored; a refusal costs only that).
func (e *Editor) savePanels() {
	if e.platform != nil && e.session.embed == nil && !e.session.readOnlyView() {
		_ = e.platform.Store(keyPanels, panelSizes(e.store, e.panelsHeight))
	}
}

// restorePanels gives the panels the sizes the user chose last time.
func (e *Editor) restorePanels() {
	if e.platform == nil {
		return
	}
	saved, ok, err := e.platform.Load(keyPanels)
	if err != nil || !ok {
		return
	}
	widths, height := parsePanelSizes(saved)
	for panel, w := range widths {
		e.store.SetPanelWidth(panel, setPanelWidth(panel, float64(w)))
	}
	if height > 0 {
		e.panelsHeight = setPanelsHeight(float64(height))
	}
}

// renderResizers draws the handles between the side panels and the canvas
// (none beside a folded panel): separators that a pointer drags and the
// arrow keys move.
func (e *Editor) renderResizers() []app.UI {
	s := e.store
	var out []app.UI
	for _, panel := range []string{state.PanelPalette, state.PanelInspector} {
		if s.PanelHidden(panel) {
			continue
		}
		w := s.PanelWidth(panel)
		if w == 0 {
			w = panelDefault(panel)
		}
		name := map[string]string{state.PanelPalette: "Palette width", state.PanelInspector: "Inspector width"}[panel]
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
	if panel == state.PanelInspector {
		sign = -1
	}
	width := int(startW)
	followDrag(
		func(m app.Value) { width = setPanelWidth(panel, startW+sign*(m.Get("clientX").Float()-startX)) },
		func() {
			ctx.Dispatch(func(app.Context) {
				e.store.SetPanelWidth(panel, width)
				e.savePanels()
			})
		},
		func() { setPanelWidth(panel, startW) },
	)
}

// followDrag follows a pointer drag on the window until the pointer is
// released (done) or the drag cancelled (cancel), calling move on each
// move.
func followDrag(move func(m app.Value), done, cancel func()) {
	var offs []func()
	stop := func() {
		for _, off := range offs {
			off()
		}
		offs = nil
	}
	offs = append(offs,
		listen(app.Window(), "pointermove", move, nil),
		listen(app.Window(), "pointerup", func(app.Value) {
			stop()
			done()
		}, nil),
		listen(app.Window(), "pointercancel", func(app.Value) {
			stop()
			cancel()
		}, nil),
	)
}

// onResizeKey resizes with the arrow keys (the handle moves the way the
// arrow points), Home and End.
func (e *Editor) onResizeKey(ctx app.Context, ev app.Event) {
	panel := ctx.JSSrc().Get("dataset").Get("panel").String()
	w := panelWidth(panel)
	right := 1.0
	if panel == state.PanelInspector {
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
	e.savePanels()
}

// panelsLimit is the tallest the Problems and Analysis panels may be in
// this window.
func panelsLimit() int {
	limit := maxPanelsHeight
	if app.IsClient {
		limit = min(limit, int(app.Window().Get("innerHeight").Float()*maxPanelsShare))
	}
	return max(minPanelsHeight, limit)
}

// panelsDefault is the Problems and Analysis panels' height until resized,
// as the stylesheet sets it: 22 % of the window's height, 90 px at least.
func panelsDefault() int {
	if !app.IsClient {
		return 200
	}
	return max(minPanelsHeight, int(app.Window().Get("innerHeight").Float()*0.22+0.5))
}

// setPanelsHeight draws the Problems and Analysis panels h pixels high
// (clamped), through the editor's style object, without a render; and
// returns the height taken. A window made shorter later still keeps the
// rest of its height for the canvas.
func setPanelsHeight(h float64) int {
	px := max(minPanelsHeight, min(panelsLimit(), int(h+0.5)))
	if ed := app.Window().GetElementByID("editor"); ed.Truthy() {
		share := strconv.Itoa(int(maxPanelsShare*100)) + "vh"
		ed.Get("style").Call("setProperty", "--panels-user-h", "min("+strconv.Itoa(px)+"px, "+share+")")
	}
	return px
}

// drawnPanelsHeight is the Problems and Analysis panels' drawn height.
func drawnPanelsHeight() float64 {
	if el := app.Window().GetElementByID("panels"); el.Truthy() {
		return el.Call("getBoundingClientRect").Get("height").Float()
	}
	return float64(panelsDefault())
}

// renderPanelsResizer is the handle on the top edge of the Problems and
// Analysis panels: a separator that a pointer drags and the arrow keys
// move.
func (e *Editor) renderPanelsResizer() app.UI {
	h := e.panelsHeight
	if h == 0 {
		h = panelsDefault()
	}
	return app.Div().ID("panels-resizer").Class("resizer").Role("separator").
		Aria("orientation", "horizontal").Aria("label", "Problems and Analysis height").Attr("tabindex", "0").
		Aria("valuenow", h).Aria("valuemin", minPanelsHeight).Aria("valuemax", panelsLimit()).
		Title("Drag, or use the arrow keys, to resize Problems and Analysis").
		On("pointerdown", e.onPanelsResizeStart).On("keydown", e.onPanelsResizeKey)
}

// onPanelsResizeStart follows a drag of the panels' handle until the
// pointer is released, then keeps the height: dragging up makes them
// taller.
func (e *Editor) onPanelsResizeStart(ctx app.Context, ev app.Event) {
	if ev.Get("button").Int() != 0 {
		return
	}
	ev.PreventDefault()
	startY, startH := ev.Get("clientY").Float(), drawnPanelsHeight()
	ctx.JSSrc().Call("setPointerCapture", ev.Get("pointerId"))
	height := int(startH + 0.5)
	followDrag(
		func(m app.Value) { height = setPanelsHeight(startH - (m.Get("clientY").Float() - startY)) },
		func() {
			ctx.Dispatch(func(app.Context) {
				e.panelsHeight = height
				e.savePanels()
			})
		},
		func() { setPanelsHeight(startH) },
	)
}

// onPanelsResizeKey resizes the panels with the arrow keys (the handle
// moves the way the arrow points: up makes them taller), Home and End.
func (e *Editor) onPanelsResizeKey(ctx app.Context, ev app.Event) {
	h := drawnPanelsHeight()
	switch ev.Get("key").String() {
	case "ArrowUp":
		h += panelsHeightStep
	case "ArrowDown":
		h -= panelsHeightStep
	case "Home":
		h = minPanelsHeight
	case "End":
		h = float64(panelsLimit())
	default:
		return
	}
	ev.PreventDefault()
	e.panelsHeight = setPanelsHeight(h)
	e.savePanels()
}
