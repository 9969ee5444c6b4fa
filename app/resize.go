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

// panelWidths writes the widths the user chose, for keyPanels:
// "palette=300 inspector=420".
func panelWidths(s *state.Store) string {
	var parts []string
	for _, panel := range []string{state.PanelPalette, state.PanelInspector} {
		if w := s.PanelWidth(panel); w > 0 {
			parts = append(parts, panel+"="+strconv.Itoa(w))
		}
	}
	return strings.Join(parts, " ")
}

// parsePanelWidths reads what panelWidths wrote, keeping what is a panel's
// width within the handle's limits.
func parsePanelWidths(saved string) map[string]int {
	out := map[string]int{}
	for _, part := range strings.Fields(saved) {
		panel, v, _ := strings.Cut(part, "=")
		w, err := strconv.Atoi(v)
		if (panel == state.PanelPalette || panel == state.PanelInspector) && err == nil && w >= minPanelWidth && w <= maxPanelWidth {
			out[panel] = w
		}
	}
	return out
}

// savePanels keeps the widths the user chose across visits (not when
// embedded, where the host owns what is stored; a refusal costs only that).
func (e *Editor) savePanels() {
	if e.platform != nil && e.session.embed == nil && !e.session.readOnlyView() {
		_ = e.platform.Store(keyPanels, panelWidths(e.store))
	}
}

// restorePanels gives the side panels the widths the user chose last time.
func (e *Editor) restorePanels() {
	if e.platform == nil {
		return
	}
	saved, ok, err := e.platform.Load(keyPanels)
	if err != nil || !ok {
		return
	}
	for panel, w := range parsePanelWidths(saved) {
		e.store.SetPanelWidth(panel, setPanelWidth(panel, float64(w)))
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
			ctx.Dispatch(func(app.Context) {
				e.store.SetPanelWidth(panel, width)
				e.savePanels()
			})
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
