package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
)

// Inspector is the panel that shows and edits what is selected: a node
// (inspectnode.go), several nodes (inspectmany.go), a connection
// (inspectedge.go), a group (inspectgroup.go) or a note (inspectnote.go).
// Handlers read what they act on from the DOM (data-prop) and the store's
// selection at the time of the event, never from closures, which go-app
// would keep stale.
type Inspector struct {
	app.Compo
	Store   *state.Store
	Version int

	// The selects of nodes (see bigSelect).
	replicaSelect, noteOnSelect bigSelect
	unlisten                    func()
	// Whether a node's Analysis disclosure is open: the panel's, not one
	// node's, for it to stay open for every node selected after.
	analysisOpen bool
}

// Render draws the inspector for the current selection.
func (in *Inspector) Render() app.UI {
	s := in.Store
	var body app.UI
	switch {
	case len(s.SelectedNodes()) > 1:
		body = in.renderMany(s.SelectedNodes())
	case s.Selection().Node != "" && s.Node(s.Selection().Node) != nil:
		body = in.renderNode(s.Node(s.Selection().Node))
	case s.Selection().Edge >= 0 && s.Selection().Edge < len(s.Design().Edges):
		body = in.renderEdge(s.Selection().Edge)
	case s.Group(s.Selection().Group) != nil:
		body = in.renderGroup(s.Group(s.Selection().Group))
	case s.Note(s.Selection().Note-1) != nil:
		body = in.renderNote(s.Selection().Note - 1)
	default:
		body = app.P().Class("hint").Text("Select a node, a connection, a group or a note to inspect it.")
	}
	// Read-only, every control inside is disabled (and looks it), while
	// links and disclosures still work.
	return app.Section().ID("inspector").Aria("label", "Inspector").Body(
		panelHead(state.PanelInspector, "Inspector", "Hide inspector", func() { in.Store.HidePanel(state.PanelInspector, true) }),
		fieldset(s.ReadOnly()).Class("controls").Body(body),
	)
}

// OnMount shows the chosen options of the selects of nodes, and fills the
// suggestions of Connect to as the user types and connects on a pick or
// Enter (see listenPickers and connectPicked).
func (in *Inspector) OnMount(ctx app.Context) {
	ctx.Defer(in.syncSelects)
	if root := app.Window().GetElementByID("inspector"); root.Truthy() {
		// Connect to suggests the nodes but the selected one.
		in.unlisten = listenPickers(root, in.Store.Design, func() string { return in.Store.Selection().Node }, func(picker, _ string) {
			if picker == "connect-to" {
				in.connectPicked(ctx)
			}
		})
	}
}

// OnDismount stops listening.
func (in *Inspector) OnDismount() {
	if in.unlisten != nil {
		in.unlisten()
		in.unlisten = nil
	}
}

// OnUpdate shows the chosen options of the selects of nodes, once drawn.
func (in *Inspector) OnUpdate(ctx app.Context) { ctx.Defer(in.syncSelects) }

func (in *Inspector) syncSelects(app.Context) {
	in.replicaSelect.sync()
	in.noteOnSelect.sync()
}

// propertyTable is the table of a node's, a group's or several nodes'
// properties: each row a name, an editor, a source and a reset.
func propertyTable(caption string, rows []app.UI) app.UI {
	return app.Table().Class("props").Body(
		app.Caption().Class("visually-hidden").Text(caption),
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text("Property"),
			app.Th().Scope("col").Text("Value"),
			app.Th().Scope("col").Text("Source"),
			app.Th().Scope("col").Body(app.Span().Class("visually-hidden").Text("Reset")),
		)),
		app.TBody().Body(rows...),
	)
}

// camelBreaks is a camelCase name as text with a line-break opportunity
// before each word inside it ("retention", <wbr>, "Hours"), so that a
// narrow column wraps it between words rather than in one.
func camelBreaks(name string) []app.UI {
	var out []app.UI
	start := 0
	for i, r := range name {
		if i > start && r >= 'A' && r <= 'Z' {
			out = append(out, app.Text(name[start:i]), app.Wbr())
			start = i
		}
	}
	return append(out, app.Text(name[start:]))
}
