package app

import (
	"strconv"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue/diff"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// ComparisonPanel is the list beside the canvas while the design is
// compared with a file: what differs, section by section as designer diff
// prints it, each node still in the design a button that shows it. It
// keeps whether the list is folded to its head; not comparing, it draws
// nothing.
type ComparisonPanel struct {
	app.Compo
	store  *state.Store
	folded bool
	ctx    app.Context
}

// newComparisonPanel is the canvas's Comparison, unfolded.
func newComparisonPanel(s *state.Store) *ComparisonPanel { return &ComparisonPanel{store: s} }

// Render draws the Comparison while comparing.
func (p *ComparisonPanel) Render() app.UI {
	s := p.store
	cmp := s.Comparison()
	if cmp == nil {
		return app.Text("")
	}
	r := cmp.Report
	fold := app.Button().ID("comparison-fold").Text(map[bool]string{true: "Show list", false: "Hide list"}[p.folded]).
		Aria("expanded", strconv.FormatBool(!p.folded)).
		OnClick(func(app.Context, app.Event) { p.folded = !p.folded })
	if !p.folded {
		fold = fold.Aria("controls", "comparison-list")
	}
	head := app.Div().Class("comparison-head").Body(
		app.H2().Text("Compared with "+cmp.Name),
		fold,
		app.Button().Text("Stop comparing").OnClick(func(app.Context, app.Event) {
			s.StopComparing()
			// The region goes with the button: the focus goes to the canvas.
			// (The panel's context, as go-app drops what is deferred on a
			// button's once the button is gone.)
			p.ctx.Defer(func(app.Context) { focusFirst("#canvas") })
		}),
	)
	if p.folded {
		return app.Section().ID("comparison").Class("comparison").Attr("tabindex", "-1").DataSet("folded", "true").Aria("label", "Comparison").Body(head)
	}
	body := []app.UI{
		app.P().Class("hint").Text("The file is the old version: the canvas marks what the design added (green), changed or renamed (amber) since, and draws what it removed dashed in red. The design is unchanged."),
	}
	if r.Empty() {
		body = append(body, app.P().Text("No semantic difference (positions, notes and formatting are not compared)."))
	}
	for _, sec := range r.Sections() {
		var items []app.UI
		if sec.Title == "Nodes" {
			items = comparisonNodes(s, r)
		} else {
			for _, l := range sec.Lines {
				items = append(items, app.Li().DataSet("more", strconv.FormatBool(len(l) > 4 && l[:4] == "    ")).Text(l))
			}
		}
		body = append(body, app.H3().Text(sec.Title), app.Ul().Body(items...))
	}
	return app.Section().ID("comparison").Class("comparison").Attr("tabindex", "-1").Aria("label", "Comparison").Body(
		head, app.Div().ID("comparison-list").Body(body...))
}

// OnMount keeps the context that outlives the panel's buttons.
func (p *ComparisonPanel) OnMount(ctx app.Context) { p.ctx = ctx }

// unfold shows the list of a comparison just begun.
func (p *ComparisonPanel) unfold() {
	p.folded = false
	p.Update()
}

// comparisonNodes lists the node changes of r: a button to show each node the
// design still has, then its fields and properties that changed.
func comparisonNodes(s *state.Store, r *diff.Report) []app.UI {
	var items []app.UI
	for _, n := range r.Nodes {
		var head app.UI
		switch n.Change {
		case diff.Removed:
			head = app.Span().Text(n.ID + " (" + n.Component + ") removed")
		default:
			text := n.ID + " (" + n.Component + ") " + n.Change
			if n.Change == diff.Renamed {
				text = n.ID + " (" + n.Component + ") renamed from " + n.Was
			}
			id := n.ID
			head = app.Button().Class("link").DataSet("diff", n.Change).Text(text).
				Title("Select " + id + " and show it").
				OnClick(func(app.Context, app.Event) { s.Reveal(id) })
		}
		var more []app.UI
		for _, f := range n.Fields {
			more = append(more, app.Li().Text(f.String()))
		}
		for _, p := range n.Properties {
			more = append(more, app.Li().Text(p.String()))
		}
		items = append(items, app.Li().Body(head, app.If(len(more) > 0, app.Ul().Body(more...))))
	}
	return items
}
