package app

import (
	"strconv"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue/layout"
)

// TidyDialog is the Tidy up dialog: which nodes to lay out and in which
// direction, then the layout while it runs. The canvas's Tidy up button
// opens and closes it; it closes itself when the layout is done, when
// cancelled, and when no node is left to lay out. Closed, it draws nothing.
type TidyDialog struct {
	app.Compo
	store    *state.Store
	platform Platform // keeps the direction chosen (see keepsView)
	fit      func()   // shows the whole design, once laid out anew
	form     *tidyForm
	ctx      app.Context
	off      func() // stops listening for Lay out (see onClick)
}

// newTidyDialog is the canvas's Tidy up dialog, closed; fit shows the
// design once the whole of it is laid out.
func newTidyDialog(s *state.Store, p Platform, fit func()) *TidyDialog {
	return &TidyDialog{store: s, platform: p, fit: fit}
}

// Render draws the dialog, when open.
func (t *TidyDialog) Render() app.UI {
	f := t.form
	if f == nil {
		return app.Text("")
	}
	s := t.store
	if f.busy && s.Design() != f.plan.Design() {
		f.stop.Store(true) // an edit while it lays out: it will say so
	}
	if len(s.Design().Nodes) == 0 && !f.busy {
		// The last node deleted under it: nothing to lay out. The focus
		// goes to the canvas only from inside the dialog.
		t.stop()
		if form := app.Window().GetElementByID("tidy-form"); form.Truthy() && form.Call("contains", app.Window().Get("document").Get("activeElement")).Bool() {
			t.refocus()
		}
		return app.Text("")
	}
	// Every choice is always listed, those that do not apply now disabled,
	// so that the options keep their places while the dialog is open and
	// the design changes under it.
	fresh, selected := len(s.NewNodes()), len(s.SelectedNodes())
	what := []struct {
		value, text string
		ok          bool
	}{
		{state.TidyNew, "New nodes only (none now)", fresh > 0},
		{state.TidySelection, "The selected nodes (select two or more)", selected > 1},
		{state.TidyAll, "The whole design", true},
	}
	if fresh > 0 {
		what[0].text = "The " + strconv.Itoa(fresh) + " new " + plural(fresh, "node") + " only"
	}
	if selected > 1 {
		what[1].text = "The selected " + strconv.Itoa(selected) + " nodes"
	}
	current := state.TidyAll
	for _, w := range what {
		if w.value == f.scope && w.ok {
			current = f.scope
		}
	}
	f.scope = current
	hints := map[string]string{
		state.TidyNew:       "Places the nodes added from the palette (and not moved since) beside what they connect to. Every node you placed stays where it is.",
		state.TidySelection: "Lays out the selected nodes among themselves, where they were. The others stay.",
		state.TidyAll:       "Lays out every node in layers, each group's members inside its frame.",
	}
	return app.Div().ID("tidy-form").Class("picture-form").Role("dialog").Aria("label", "Tidy up").Aria("busy", strconv.FormatBool(f.busy)).
		On("keydown", func(ctx app.Context, e app.Event) {
			if e.Get("key").String() == "Escape" {
				e.StopImmediatePropagation()
				ctx.Emit(t.close) // the canvas's button says it closed
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
			layOut(f.busy), // see onClick
			app.Button().Text("Cancel").OnClick(func(ctx app.Context, e app.Event) { ctx.Emit(t.close) }),
		),
	)
}

// tidyForm is the Tidy up dialog's choices while it is open.
type tidyForm struct {
	scope string // TidyNew, TidySelection or TidyAll
	dir   layout.Direction
	busy  bool            // laying out: the choices are fixed, Lay out waits
	plan  *state.TidyPlan // what it lays out, when busy
	// stop tells the layout to stop: the dialog closed, or the design
	// changed under it.
	stop atomic.Bool
}

// OnMount listens for Lay out (see onClick).
func (t *TidyDialog) OnMount(ctx app.Context) {
	t.ctx = ctx
	if canvas := app.Window().GetElementByID("canvas"); canvas.Truthy() {
		t.off = listen(canvas, "click", t.onClick, nil)
	}
}

// OnDismount stops listening.
func (t *TidyDialog) OnDismount() {
	if t.off != nil {
		t.off()
		t.off = nil
	}
}

// isOpen reports whether the dialog is open.
func (t *TidyDialog) isOpen() bool { return t.form != nil }

// open opens the dialog with what it would most likely be asked: the new
// nodes when there are some, else the selection of several, else the whole
// design.
func (t *TidyDialog) open() {
	s := t.store
	f := &tidyForm{scope: state.TidyAll}
	if keepsView(t.platform, s) {
		if v, ok, err := t.platform.Load(keyTidyDirection); err == nil && ok {
			if d, err := layout.ParseDirection(v); err == nil {
				f.dir = d
			}
		}
	}
	switch {
	case len(s.NewNodes()) > 0:
		f.scope = state.TidyNew
	case len(s.SelectedNodes()) > 1:
		f.scope = state.TidySelection
	}
	t.form = f
	t.Update()
	afterRender("tidy-what", func(el app.Value) { el.Call("focus") })
}

// stop forgets the dialog's choices, stopping a layout it runs.
func (t *TidyDialog) stop() {
	if t.form != nil {
		t.form.stop.Store(true)
	}
	t.form = nil
}

// drop closes the dialog, stopping a layout it runs, and leaves the focus
// where it is.
func (t *TidyDialog) drop() {
	t.stop()
	t.Update()
}

// close closes the dialog and gives the focus back (see refocus).
func (t *TidyDialog) close() {
	t.drop()
	t.refocus()
}

// refocus gives the focus back to the canvas's Tidy up button, or to the
// canvas when the button is gone with the last node.
func (t *TidyDialog) refocus() {
	back := "tidy-up"
	if len(t.store.Design().Nodes) == 0 {
		back = "canvas"
	}
	afterRender(back, func(el app.Value) { el.Call("focus") })
}

// keyTidyDirection keeps the direction Tidy up last laid out in, for the
// next time (across visits, where the canvas keeps its view).
const keyTidyDirection = "designer.tidy-direction"

// layOut is the dialog's Lay out button, which says so while it works.
func layOut(busy bool) app.HTMLButton {
	if busy {
		return button(true).ID("tidy-apply").Text("Laying out…")
	}
	return button(false).ID("tidy-apply").Text("Lay out")
}

// onClick starts Tidy up when the dialog's Lay out button is clicked (or
// pressed from the keyboard). It is a plain listener on the canvas, not a
// go-app handler, which go-app follows with a render: showBusy writes the
// busy dialog into the elements drawn, and the one render comes when the
// layout ends.
func (t *TidyDialog) onClick(e app.Value) {
	if closest(e.Get("target"), "#tidy-apply").Truthy() {
		t.apply()
	}
}

// apply lays out what the dialog says and closes it; the whole design
// laid out anew is fitted to the view. The layout runs in a goroutine that
// pauses every 20 ms, so that the browser handles input and paints while a
// large one works; closing the dialog, or an edit, stops it (nothing
// moves, and after an edit the user is told). It reads the form, which the
// dialog's handlers keep up to date.
func (t *TidyDialog) apply() {
	f, s := t.form, t.store
	if f == nil || f.busy || t.ctx == nil {
		return
	}
	ctx := t.ctx // the dialog's own: it stays mounted while its elements may not
	scope := f.scope
	plan, err := s.PlanTidy(scope, f.dir)
	if err != nil {
		// Emit, not Dispatch: that renders the dialog only, and the
		// canvas's button and the status line are its holders'.
		ctx.Emit(func() {
			t.close()
			s.Report(err)
		})
		return
	}
	f.busy, f.plan = true, plan
	showBusy()
	yield := yielder(&f.stop, 20*time.Millisecond)
	ctx.Async(func() {
		plan.Run(yield)
		ctx.Emit(func() {
			if t.form != f {
				return // closed meanwhile: nothing to say
			}
			err := state.ErrTidyStale // stopped by an edit
			if plan.LaidOut() {
				err = s.ApplyTidy(plan)
			}
			t.close()
			if err != nil {
				s.Report(err)
				return
			}
			if keepsView(t.platform, s) {
				_ = t.platform.Store(keyTidyDirection, plan.Direction().String()) // a failure costs only the default next time
			}
			if scope == state.TidyAll {
				t.fit()
			}
		})
	})
}

// showBusy draws the open dialog as Render draws it busy, until the
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
// the work has gone on for slice since it last paused, sleeps for a
// millisecond. In WebAssembly, where every goroutine shares one thread,
// that hands the thread back to the browser, which handles input and
// paints (an event it passes to Go meanwhile runs the layout on to its
// next pause first: at most a slice more). In a hidden page it pauses only
// every 200 ms: no input waits there, and a background tab's timers fire
// about once a second.
func yielder(stop *atomic.Bool, slice time.Duration) func() bool {
	last := time.Now()
	return func() bool {
		every := slice
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
