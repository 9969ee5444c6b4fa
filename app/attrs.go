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

// panelHead is a side panel's heading with the button that folds the panel
// away: visibly "Hide", named what it hides.
func panelHead(title, hide string, fold func()) app.UI {
	return app.Div().Class("panel-head").Body(
		app.H2().Text(title),
		app.Button().Class("fold").Aria("label", hide).Title(hide).Text("Hide").
			OnClick(func(app.Context, app.Event) { fold() }),
	)
}

// panelStrip is what a folded side panel leaves: a narrow strip with the
// button that shows it again.
func panelStrip(show string, unfold func()) app.UI {
	return app.Div().Class("panel-strip").Body(
		app.Button().Text(show).OnClick(func(app.Context, app.Event) { unfold() }),
	)
}
