package app

import (
	"strconv"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/layout"
)

// keyTidyDirection keeps the direction Tidy up last laid out in, for the
// next time (across visits, where the canvas keeps its view).
const keyTidyDirection = "designer.tidy-direction"

// tidyForm is the Tidy up dialog's choices while it is open.
type tidyForm struct {
	scope string // TidyNew, TidySelection or TidyAll
	dir   layout.Direction
	busy  bool      // laying out: the choices are fixed, Lay out waits
	plan  *TidyPlan // what it lays out, when busy
	// stop tells the layout to stop: the dialog closed, or the design
	// changed under it.
	stop atomic.Bool
}

// openTidy opens the Tidy up dialog (closing Export picture's), with what
// it would most likely be asked: the new nodes when there are some, else
// the selection of several, else the whole design.
func (c *Canvas) openTidy() {
	c.picture = nil
	f := &tidyForm{scope: TidyAll}
	if c.keepsView() {
		if v, ok, err := c.Platform.Load(keyTidyDirection); err == nil && ok {
			if d, err := layout.ParseDirection(v); err == nil {
				f.dir = d
			}
		}
	}
	switch {
	case len(c.Store.NewNodes()) > 0:
		f.scope = TidyNew
	case len(c.Store.SelectedNodes()) > 1:
		f.scope = TidySelection
	}
	c.tidy = f
	afterRender("tidy-what", func(el app.Value) { el.Call("focus") })
}

// dropTidy closes the dialog, stopping a layout it runs.
func (c *Canvas) dropTidy() {
	if c.tidy != nil {
		c.tidy.stop.Store(true)
	}
	c.tidy = nil
}

// closeTidy closes the dialog and gives the focus back to its button, or
// to the canvas when the button is gone with the last node.
func (c *Canvas) closeTidy() {
	c.dropTidy()
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
	if f.busy && c.Store.Design() != f.plan.design {
		f.stop.Store(true) // an edit while it lays out: it will say so
	}
	if len(c.Store.Design().Nodes) == 0 && !f.busy {
		// The last node deleted under it: nothing to lay out. The focus
		// goes to the canvas only from inside the dialog.
		c.dropTidy()
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
			layOut(f.busy), // see onTidyClick
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

// onTidyClick starts Tidy up when the dialog's Lay out button is clicked
// (or pressed from the keyboard). It listens on the canvas, not through
// go-app: a go-app handler renders its component and every one holding it
// again, which at 1,000 nodes is a long task for one button's text.
func (c *Canvas) onTidyClick(e app.Value) {
	if closest(e.Get("target"), "#tidy-apply").Truthy() {
		c.applyTidy()
	}
}

// applyTidy lays out what the dialog says and closes it; the whole design
// laid out anew is fitted to the view. The layout runs in a goroutine that
// pauses every 20 ms, so that the browser handles input and paints while a
// large one works; closing the dialog, or an edit, stops it (nothing
// moves, and after an edit the user is told). It reads the form, which the
// dialog's handlers keep up to date.
func (c *Canvas) applyTidy() {
	f := c.tidy
	if f == nil || f.busy || c.ctx == nil {
		return
	}
	ctx := c.ctx // the canvas's: it stays mounted while the dialog's elements may not
	scope := f.scope
	plan, err := c.Store.PlanTidy(scope, f.dir)
	if err != nil {
		// Emit, not Dispatch: that renders the canvas only, and the
		// status line is the editor's.
		ctx.Emit(func() {
			c.closeTidy()
			c.Store.Report(err)
		})
		return
	}
	f.busy, f.plan = true, plan
	showBusy()
	yield := yielder(&f.stop)
	ctx.Async(func() {
		plan.Run(yield)
		ctx.Emit(func() {
			if c.tidy != f {
				return // closed meanwhile: nothing to say
			}
			err := errTidyStale // stopped by an edit
			if plan.at != nil {
				err = c.Store.ApplyTidy(plan)
			}
			c.closeTidy()
			if err != nil {
				c.Store.Report(err)
				return
			}
			if c.keepsView() {
				_ = c.Platform.Store(keyTidyDirection, plan.opts.Direction.String()) // a failure costs only the default next time
			}
			if scope == TidyAll {
				c.fit()
			}
		})
	})
}

// showBusy draws the open dialog as renderTidy draws it busy, until the
// next render does: the button's text is changed in its text node, which
// go-app keeps and writes to.
func showBusy() {
	doc := app.Window()
	if b := doc.GetElementByID("tidy-apply"); b.Truthy() {
		if t := b.Get("firstChild"); t.Truthy() {
			t.Set("nodeValue", "Laying out…")
		}
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

// yielder is a layout's Yield that stops it once stop is set and, once
// the work has gone on for 20 ms since it last paused, sleeps for a
// millisecond. In WebAssembly, where every goroutine shares one thread,
// that hands the thread back to the browser, which handles input and
// paints (an event it passes to Go meanwhile runs the layout on to its
// next pause first: at most 20 ms more). In a hidden page it pauses only
// every 200 ms: no input waits there, and a background tab's timers fire
// about once a second.
func yielder(stop *atomic.Bool) func() bool {
	last := time.Now()
	return func() bool {
		every := 20 * time.Millisecond
		if time.Since(last) >= every {
			if app.Window().Get("document").Get("hidden").Bool() {
				every = 200 * time.Millisecond
			}
			if time.Since(last) >= every {
				time.Sleep(time.Millisecond)
				last = time.Now()
			}
		}
		return !stop.Load()
	}
}
