package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// go-app v9 prerenders a false boolean attribute as selected="false" (or
// checked="false", disabled="false"), which browsers read as true. In the
// browser the false value must still be set, so that an update clears the
// property. These helpers set false values only in the browser.

// option returns an <option>.
func option(value, text string, selected bool) app.HTMLOption {
	o := app.Option().Value(value).Text(text)
	if selected || !app.IsServer {
		o = o.Selected(selected)
	}
	return o
}

// checkbox returns an <input type=checkbox>.
func checkbox(checked bool) app.HTMLInput {
	in := app.Input().Type("checkbox")
	if checked || !app.IsServer {
		in = in.Checked(checked)
	}
	return in
}

// button returns a <button>, disabled when disabled.
func button(disabled bool) app.HTMLButton {
	b := app.Button()
	if disabled || !app.IsServer {
		b = b.Disabled(disabled)
	}
	return b
}

// input returns an <input>, disabled when disabled.
func input(disabled bool) app.HTMLInput {
	in := app.Input()
	if disabled || !app.IsServer {
		in = in.Disabled(disabled)
	}
	return in
}

// fieldset returns a <fieldset>, disabling every control inside when
// disabled.
func fieldset(disabled bool) app.HTMLFieldSet {
	f := app.FieldSet()
	if disabled || !app.IsServer {
		f = f.Disabled(disabled)
	}
	return f
}

// panelHead is side panel's heading with the button that folds the panel
// away: visibly "Hide", named what it hides. The focus moves to the strip's
// Show button, rather than falling to the page.
func panelHead(panel, title, hide string, fold func()) app.UI {
	return app.Div().Class("panel-head").Body(
		app.H2().Text(title),
		app.Button().ID("hide-"+panel).Class("fold").Aria("label", hide).Title(hide).Text("Hide").
			OnClick(func(ctx app.Context, e app.Event) {
				fold()
				focusAfterRender("show-" + panel)
			}),
	)
}

// panelStrip is what folded side panel leaves: a narrow strip with the
// button that shows it again (and then focuses its Hide button).
func panelStrip(panel, show string, unfold func()) app.UI {
	return app.Div().Class("panel-strip").Body(
		app.Button().ID("show-" + panel).Text(show).OnClick(func(ctx app.Context, e app.Event) {
			unfold()
			focusAfterRender("hide-" + panel)
		}),
	)
}

// focusAfterRender focuses element id once the render under way has drawn
// it: the panels are the editor's, which renders after the handler's own
// component, so the page is asked again every 25 ms, for half a second.
func focusAfterRender(id string) {
	afterRender(id, func(el app.Value) { el.Call("focus") })
}

// afterRender calls do with the element id once a render has drawn it
// (see focusAfterRender).
func afterRender(id string, do func(app.Value)) {
	tries := 0
	var fn app.Func
	fn = app.FuncOf(func(app.Value, []app.Value) any {
		if el := app.Window().GetElementByID(id); el.Truthy() {
			do(el)
			fn.Release()
			return nil
		}
		if tries++; tries >= 20 {
			fn.Release()
			return nil
		}
		app.Window().Call("setTimeout", fn, 25)
		return nil
	})
	app.Window().Call("setTimeout", fn, 0)
}
