package app

import (
	"fmt"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// renderTools are the canvas's buttons, above the drawing: the view, a
// note, the dialogs and the minimap they open, the comparison, and Go to
// node (an empty canvas offers the examples in its Welcome).
func (c *Canvas) renderTools() app.UI {
	s := c.Store
	d := s.Design()
	return app.Div().Class("canvas-tools").Body(
		app.Button().Text("Fit").Title("Show the whole design, zoomed out as far as that takes").OnClick(func(app.Context, app.Event) { c.fit() }),
		app.Button().Text("Zoom in").OnClick(func(app.Context, app.Event) { c.zoomBy(1.25) }),
		app.Button().Text("Zoom out").OnClick(func(app.Context, app.Event) { c.zoomBy(0.8) }),
		button(s.ReadOnly()).Text("Add note").Title("Add a note in the middle of the view").OnClick(func(app.Context, app.Event) { addNote(s, "") }),
		app.Button().ID("export-picture").Text("Export picture").Aria("expanded", strconv.FormatBool(c.picture.isOpen())).
			Title("An SVG or PNG of the design, which carries the design").
			OnClick(func(app.Context, app.Event) {
				if c.picture.isOpen() {
					c.picture.close()
					return
				}
				c.tidy.drop()
				c.picture.open()
			}),
		app.If(len(d.Nodes) > 0, button(s.ReadOnly()).ID("tidy-up").Text("Tidy up").Aria("expanded", strconv.FormatBool(c.tidy.isOpen())).
			Title("Lay out the new nodes beside what they connect to, the selection, or the whole design").
			OnClick(func(app.Context, app.Event) {
				if c.tidy.isOpen() {
					c.tidy.close()
					return
				}
				c.picture.drop()
				c.tidy.open()
			})),
		app.Label().Class("button").For("compare-file").Text("Compare with…").
			Title("Mark on the canvas what differs from a design file (an older version, say), without changing the design"),
		app.Input().ID("compare-file").Type("file").Accept(".yaml,.yml,application/yaml,text/yaml,.svg,image/svg+xml,.png,image/png").
			Class("visually-hidden").OnChange(c.onCompareFile),
		c.renderViewTools(),
		app.If(len(d.Nodes) > 0, app.Button().Text("Minimap").Aria("pressed", strconv.FormatBool(c.minimap.isShown())).
			Title("A map of the whole design: click or drag it to move the view").
			OnClick(func(app.Context, app.Event) { c.minimap.toggle() })),
		app.If(len(d.Nodes) > 0, app.Span().Class("picker").Body(renderPicker("goto-node", "Go to node", "node id")...)),
	)
}

// renderViewTools are the canvas tools about the view: Zoom to selection,
// Focus and Snap to grid.
func (c *Canvas) renderViewTools() app.UI {
	_, selected := c.selectionBounds()
	s := c.Store
	return app.Span().Class("view-tools").Body(
		button(!selected).Text("Zoom to selection").Title(map[bool]string{true: "Show what is selected", false: "Show what is selected (nothing is)"}[selected]).
			OnClick(func(app.Context, app.Event) { c.zoomToSelection() }),
		actionFor(actFocus).button(actFocus, s).Aria("pressed", strconv.FormatBool(s.Focused())).
			Title("Give the canvas the window, putting the panels away (Shift+F; Escape leaves)"),
		app.Span().Class("check").Body(
			checkbox(c.snapOn).ID("snap-grid").OnChange(func(ctx app.Context, e app.Event) { c.setSnap(ctx.JSSrc().Get("checked").Bool()) }),
			app.Label().For("snap-grid").Text("Snap to grid"),
		),
	)
}

// onPicked handles a node picked in the canvas's picker, Go to node: it is
// selected and shown, or the status says there is no such node.
func (c *Canvas) onPicked(picker, id string) {
	if picker != "goto-node" {
		return
	}
	if c.Store.Node(id) == nil {
		// Enter on a highlighted suggestion may come before the browser
		// puts the suggestion in the field: say so only if it did not.
		ctx := c.ctx
		ctx.Async(func() {
			time.Sleep(100 * time.Millisecond)
			ctx.Emit(func() {
				if pickerValue("goto-node") == id {
					c.Store.Report(fmt.Errorf("no node has the id %q", id))
				}
			})
		})
		return
	}
	c.ctx.Emit(func() {
		clearPicker("goto-node")
		c.Store.Reveal(id)
	})
}

// onCompareFile sets the file chosen beside the design (see
// state.Store.CompareWith) and moves the focus to the Comparison, or lists why
// the file cannot be compared.
func (c *Canvas) onCompareFile(ctx app.Context, ev app.Event) {
	input := ctx.JSSrc()
	files := input.Get("files")
	s := c.Store
	if files.Truthy() && files.Length() > 0 {
		readDesignFile(c.Platform, s.Say, ctx, files.Index(0), func(name string, data []byte) {
			err := s.CompareWith(name, data)
			if list, ok := err.(catalogue.ErrorList); ok {
				s.SetCompareErrors(list.Lines())
				s.Report(fmt.Errorf("Compare refused: %s in %s; nothing is compared", library.Count(len(list), "problem"), name))
				return
			}
			s.Report(err)
			if err == nil {
				c.comparison.unfold()
				ctx.Defer(func(app.Context) { focusFirst("#comparison") })
			}
		}, func(lines []string) {
			s.SetCompareErrors(lines)
			s.Report(fmt.Errorf("Compare refused: %s", lines[0]))
		})
	}
	input.Set("value", "") // choosing the same file again fires change
}
