package app

import (
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/layout"
)

// tidyForm is the Tidy up dialog's choices while it is open.
type tidyForm struct {
	scope string // TidyNew, TidySelection or TidyAll
	dir   layout.Direction
	busy  bool // laying out: the choices are fixed, Lay out waits
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

// closeTidy closes the dialog and gives the focus back to its button, or
// to the canvas when the button is gone with the last node.
func (c *Canvas) closeTidy() {
	c.tidy = nil
	back := "tidy-up"
	if len(c.Store.Design().Nodes) == 0 {
		back = "canvas"
	}
	afterRender(back, func(el app.Value) { el.Call("focus") })
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
	if len(c.Store.Design().Nodes) == 0 && !f.busy {
		// The last node deleted under it: nothing to lay out. The focus
		// goes to the canvas only from inside the dialog.
		c.tidy = nil
		if form := app.Window().GetElementByID("tidy-form"); form.Truthy() && form.Call("contains", app.Window().Get("document").Get("activeElement")).Bool() {
			c.closeTidy()
		}
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
	return app.Div().ID("tidy-form").Class("picture-form").Role("dialog").Aria("label", "Tidy up").Aria("busy", strconv.FormatBool(f.busy)).
		On("keydown", func(ctx app.Context, e app.Event) {
			if e.Get("key").String() == "Escape" {
				e.StopImmediatePropagation()
				c.closeTidy()
			}
		}).Body(
		app.Div().Class("field").Body(
			app.Label().For("tidy-what").Text("Nodes to lay out"),
			app.Select().ID("tidy-what").Disabled(f.busy).OnChange(func(ctx app.Context, e app.Event) { f.scope = ctx.JSSrc().Get("value").String() }).Body(
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
			app.Select().ID("tidy-direction").Disabled(f.busy).OnChange(func(ctx app.Context, e app.Event) {
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
			layOut(f.busy).OnClick(func(ctx app.Context, e app.Event) { c.applyTidy(ctx) }),
			app.Button().Text("Cancel").OnClick(func(app.Context, app.Event) { c.closeTidy() }),
		),
	)
}

// layOut is the dialog's Lay out button, which says so while it works.
func layOut(busy bool) app.HTMLButton {
	if busy {
		return button(true).ID("tidy-apply").Text("Laying out…")
	}
	return button(false).ID("tidy-apply").Text("Lay out")
}

// applyTidy lays out what the dialog says and closes it; the whole design
// laid out anew is fitted to the view. The layout runs in a goroutine that
// pauses every 20 ms, so that the browser handles input and paints while a
// large one works; closing the dialog meanwhile drops its result, and an
// edit meanwhile makes it refused (see ApplyTidy). (It reads the form, not
// what a render saw: go-app keeps a handler's first closure.)
func (c *Canvas) applyTidy(ctx app.Context) {
	f := c.tidy
	if f == nil || f.busy {
		return
	}
	scope := f.scope
	plan, err := c.Store.PlanTidy(scope, f.dir)
	if err != nil {
		c.closeTidy()
		c.Store.Report(err)
		return
	}
	f.busy = true
	// Laying out… is drawn into the dialog directly, and the canvas not
	// rendered again: go-app would compare every node's drawing, a long
	// task at 1,000 nodes, for one button's text. (The dialog closes when
	// the layout ends, so what go-app last drew there is not needed.)
	showBusy()
	ctx.PreventUpdate()
	yield := yielder()
	ctx.Async(func() {
		plan.Run(yield)
		ctx.Dispatch(func(app.Context) {
			if c.tidy != f {
				return // closed meanwhile
			}
			err := c.Store.ApplyTidy(plan)
			c.closeTidy()
			if err != nil {
				c.Store.Report(err)
				return
			}
			if scope == TidyAll {
				c.fit()
			}
		})
	})
}

// showBusy draws the open dialog as renderTidy draws it busy.
func showBusy() {
	doc := app.Window()
	if b := doc.GetElementByID("tidy-apply"); b.Truthy() {
		b.Set("textContent", "Laying out…")
		b.Set("disabled", true)
	}
	for _, id := range []string{"tidy-what", "tidy-direction"} {
		if el := doc.GetElementByID(id); el.Truthy() {
			el.Set("disabled", true)
		}
	}
	if form := doc.GetElementByID("tidy-form"); form.Truthy() {
		form.Call("setAttribute", "aria-busy", "true")
	}
}

// yielder is a layout's Yield that, once the work has gone on for 20 ms
// since it last paused, sleeps for a millisecond. In WebAssembly, where
// every goroutine shares one thread, that hands the thread back to the
// browser until the sleep ends.
func yielder() func() {
	last := time.Now()
	return func() {
		if time.Since(last) >= 20*time.Millisecond {
			time.Sleep(time.Millisecond)
			last = time.Now()
		}
	}
}
