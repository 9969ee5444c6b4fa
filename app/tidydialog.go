package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/layout"
)

// tidyForm is the Tidy up dialog's choices while it is open.
type tidyForm struct {
	scope string // TidyNew, TidySelection or TidyAll
	dir   layout.Direction
}

// openTidy opens the Tidy up dialog (closing Export picture's), with what
// it would most likely be asked: the new nodes when there are some, else
// the selection of several, else the whole design.
func (c *Canvas) openTidy() {
	c.picture = nil
	f := &tidyForm{scope: TidyAll}
	switch {
	case len(c.Store.NewNodes()) > 0:
		f.scope = TidyNew
	case len(c.Store.SelectedNodes()) > 1:
		f.scope = TidySelection
	}
	c.tidy = f
	afterRender("tidy-what", func(el app.Value) { el.Call("focus") })
}

// closeTidy closes the dialog and gives the focus back to its button.
func (c *Canvas) closeTidy() {
	c.tidy = nil
	afterRender("tidy-up", func(el app.Value) { el.Call("focus") })
}

// renderTidyButton is the canvas tool that opens the dialog.
func (c *Canvas) renderTidyButton() app.UI {
	return button(c.Store.ReadOnly()).ID("tidy-up").Text("Tidy up").Aria("expanded", strconv.FormatBool(c.tidy != nil)).
		Title("Lay out the new nodes beside what they connect to, the selection, or the whole design").
		OnClick(func(app.Context, app.Event) {
			if c.tidy != nil {
				c.closeTidy()
				return
			}
			c.openTidy()
		})
}

// renderTidy draws the Tidy up dialog, when open.
func (c *Canvas) renderTidy() app.UI {
	f := c.tidy
	if f == nil {
		return nil
	}
	// Every choice is always listed, those that do not apply now disabled,
	// so that the options keep their places while the dialog is open and
	// the design changes under it.
	fresh, selected := len(c.Store.NewNodes()), len(c.Store.SelectedNodes())
	what := []struct {
		value, text string
		ok          bool
	}{
		{TidyNew, "New nodes only (none now)", fresh > 0},
		{TidySelection, "The selected nodes (select two or more)", selected > 1},
		{TidyAll, "The whole design", true},
	}
	if fresh > 0 {
		what[0].text = "The " + strconv.Itoa(fresh) + " new " + plural(fresh, "node") + " only"
	}
	if selected > 1 {
		what[1].text = "The selected " + strconv.Itoa(selected) + " nodes"
	}
	current := TidyAll
	for _, w := range what {
		if w.value == f.scope && w.ok {
			current = f.scope
		}
	}
	f.scope = current
	hints := map[string]string{
		TidyNew:       "Places the nodes added from the palette (and not moved since) beside what they connect to. Every node you placed stays where it is.",
		TidySelection: "Lays out the selected nodes among themselves, where they were. The others stay.",
		TidyAll:       "Lays out every node in layers, each group's members inside its frame.",
	}
	return app.Div().ID("tidy-form").Class("picture-form").Role("dialog").Aria("label", "Tidy up").
		On("keydown", func(ctx app.Context, e app.Event) {
			if e.Get("key").String() == "Escape" {
				e.StopImmediatePropagation()
				c.closeTidy()
			}
		}).Body(
		app.Div().Class("field").Body(
			app.Label().For("tidy-what").Text("Nodes to lay out"),
			app.Select().ID("tidy-what").OnChange(func(ctx app.Context, e app.Event) { f.scope = ctx.JSSrc().Get("value").String() }).Body(
				app.Range(what).Slice(func(i int) app.UI {
					o := option(what[i].value, what[i].text, what[i].value == current)
					if !what[i].ok || !app.IsServer { // see option: no disabled="false" prerendered
						o = o.Disabled(!what[i].ok)
					}
					return o
				}),
			),
		),
		app.Div().Class("field").Body(
			app.Label().For("tidy-direction").Text("Direction"),
			app.Select().ID("tidy-direction").OnChange(func(ctx app.Context, e app.Event) {
				if d, err := layout.ParseDirection(ctx.JSSrc().Get("value").String()); err == nil {
					f.dir = d
				}
			}).Body(
				option("lr", "Left to right", f.dir == layout.LeftToRight),
				option("tb", "Top to bottom", f.dir == layout.TopToBottom),
			),
		),
		app.P().Class("hint").Text(hints[current]),
		app.Div().Class("actions").Body(
			app.Button().Text("Lay out").OnClick(func(app.Context, app.Event) { c.applyTidy() }),
			app.Button().Text("Cancel").OnClick(func(app.Context, app.Event) { c.closeTidy() }),
		),
	)
}

// applyTidy lays out what the dialog says and closes it; the whole design
// laid out anew is fitted to the view. (It reads the form, not what a
// render saw: go-app keeps a handler's first closure.)
func (c *Canvas) applyTidy() {
	f := c.tidy
	if f == nil {
		return
	}
	scope := f.scope
	err := c.Store.TidyUp(scope, f.dir)
	c.closeTidy()
	if err != nil {
		c.Store.Report(err)
		return
	}
	if scope == TidyAll {
		c.fit()
	}
}
