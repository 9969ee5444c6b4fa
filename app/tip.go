package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
)

// keyTipFirstNode keeps that the user dismissed the first node's tip: it is
// shown once per browser.
const keyTipFirstNode = "designer.tip.firstNode"

// FirstNodeTip explains the first node the user adds to an empty design:
// the Inspector beside the canvas shows its properties, with where each
// value comes from, and Problems below lists what to fix. It is a status
// (read out as it appears, taking no focus) with a button that dismisses it
// for good. An example, a template or a file opened into the empty design
// shows no tip, nor does an embedded or read-only editor: only a node the
// editor placed (added from the palette, dropped, pasted) does.
type FirstNodeTip struct {
	app.Compo
	store    *state.Store
	platform Platform // keeps the dismissal (nil: never shown)

	ctx         app.Context
	shown       bool
	nodes       int // the design's nodes after the last commit heard
	unsubscribe func()
}

// newFirstNodeTip returns the tip for the design of store s, which keeps
// its dismissal through p.
func newFirstNodeTip(s *state.Store, p Platform) *FirstNodeTip {
	return &FirstNodeTip{store: s, platform: p}
}

// OnMount listens to the store for the first node.
func (t *FirstNodeTip) OnMount(ctx app.Context) {
	t.ctx = ctx
	t.nodes = len(t.store.Design().Nodes)
	t.unsubscribe = t.store.Subscribe(t.changed)
}

// OnDismount stops listening.
func (t *FirstNodeTip) OnDismount() {
	if t.unsubscribe != nil {
		t.unsubscribe()
		t.unsubscribe = nil
	}
}

// changed shows the tip when a commit takes the design from no node to some
// the editor placed, unless it was dismissed before; it hides the tip when
// the design is emptied or another is opened.
func (t *FirstNodeTip) changed(s *state.Store, c state.Changed) {
	before := t.nodes
	t.nodes = len(s.Design().Nodes)
	switch {
	case !c.Design:
		return
	case c.Opened || t.nodes == 0:
		t.setShown(false)
	case before == 0 && len(s.NewNodes()) > 0 && t.wanted():
		t.setShown(true)
	}
}

// wanted says the tip may be shown: this browser keeps settings, never
// dismissed it, and the editor is the user's own, editable and not in
// focus mode.
func (t *FirstNodeTip) wanted() bool {
	if t.platform == nil || t.store.ReadOnly() || t.store.Focused() || embedMode(app.Window().URL()) {
		return false
	}
	_, dismissed, err := t.platform.Load(keyTipFirstNode)
	return err == nil && !dismissed
}

// setShown shows or hides the tip.
func (t *FirstNodeTip) setShown(shown bool) {
	if t.shown == shown {
		return
	}
	t.shown = shown
	if t.ctx != nil {
		t.ctx.Dispatch(func(app.Context) { t.Update() })
	}
}

// dismiss hides the tip for good (for this visit only when storage
// refuses).
func (t *FirstNodeTip) dismiss() {
	t.shown = false
	if t.platform != nil {
		_ = t.platform.Store(keyTipFirstNode, "dismissed")
	}
}

// Render draws the tip, in the canvas's bottom right corner, between the
// Inspector on its right and Problems below it; the status is there while
// hidden too, for a screen reader to read out what appears in it.
func (t *FirstNodeTip) Render() app.UI {
	return app.Div().Class("first-tip").Attr("role", "status").Aria("label", "Tip").DataSet("shown", t.shown).Body(
		app.If(t.shown,
			app.P().Class("first-tip-title").Text("Your first node"),
			app.P().Class("first-tip-inspector").Body(
				app.Span().Class("first-tip-arrow").Aria("hidden", "true").Text("→"),
				app.Strong().Text("Inspector"),
				app.Text(": its properties, with where each value comes from (the product, its kind, or your design)."),
			),
			app.P().Class("first-tip-problems").Body(
				app.Span().Class("first-tip-arrow").Aria("hidden", "true").Text("↓"),
				app.Strong().Text("Problems"),
				app.Text(": what to fix, as you connect it to the rest."),
			),
			app.Button().Text("Got it").OnClick(func(ctx app.Context, _ app.Event) {
				t.dismiss()
				// The button goes: the focus stays on the canvas rather than
				// fall to the page.
				ctx.Defer(func(app.Context) {
					if c := app.Window().GetElementByID("canvas"); c.Truthy() {
						c.Call("focus", map[string]any{"preventScroll": true})
					}
				})
			}),
		),
	)
}
