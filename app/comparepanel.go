package app

import (
	"fmt"
	"github.com/archdesigner/designer/catalogue/drawing"
	"strconv"

	"github.com/archdesigner/designer/catalogue"

	"github.com/archdesigner/designer/catalogue/diff"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// renderGhosts draws what the compared file has and the design no longer
// does: its groups' frames and its nodes, dashed and faded where the file
// put them, and its edges as dashed lines. The list (renderComparison) says the same in words, so
// the drawing is hidden from assistive technology.
func (c *Canvas) renderGhosts() app.UI {
	cmp := c.Store.Comparison()
	if cmp == nil || len(cmp.Ghosts)+len(cmp.GhostEdges)+len(cmp.GhostGroups) == 0 {
		return nil
	}
	var parts []app.UI
	for _, g := range cmp.GhostGroups {
		parts = append(parts, svg("g").DataSet("ghost-group", g.ID).Body(
			svg("rect").DataSet("part", "frame").Attr("x", g.X0).Attr("y", g.Y0).
				Attr("width", g.X1-g.X0).Attr("height", g.Y1-g.Y0).Attr("rx", "10"),
			svg("text").DataSet("part", "ghost-label").Attr("x", g.X0+8).Attr("y", g.Y0+15).Text(g.ID+" ("+g.Boundary+") removed"),
		))
	}
	for _, e := range cmp.GhostEdges {
		parts = append(parts, svg("line").DataSet("part", "ghost-edge").
			Attr("x1", e[0].X+drawing.NodeWidth/2).Attr("y1", e[0].Y+drawing.NodeHeight/2).
			Attr("x2", e[1].X+drawing.NodeWidth/2).Attr("y2", e[1].Y+drawing.NodeHeight/2))
	}
	for _, g := range cmp.Ghosts {
		parts = append(parts, svg("g").DataSet("ghost", g.ID).Attr("transform", translate(g.At.X, g.At.Y)).Body(
			svg("rect").DataSet("part", "box").Attr("width", drawing.NodeWidth).Attr("height", drawing.NodeHeight).Attr("rx", "8"),
			svg("text").DataSet("part", "id").Attr("x", "12").Attr("y", "22").Text(g.ID+" "),
			svg("text").DataSet("part", "name").Attr("x", "12").Attr("y", "42").Text("removed"),
		))
	}
	return svg("g").DataSet("layer", "ghosts").Aria("hidden", "true").Body(parts...)
}

// ComparisonPanel is the list beside the canvas while the design is
// compared with a file: what differs, section by section as designer diff
// prints it, each node still in the design a button that shows it. It
// keeps whether the list is folded to its head; not comparing, it draws
// nothing.
type ComparisonPanel struct {
	app.Compo
	store  *Store
	folded bool
	ctx    app.Context
}

// newComparisonPanel is the canvas's Comparison, unfolded.
func newComparisonPanel(s *Store) *ComparisonPanel { return &ComparisonPanel{store: s} }

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
func comparisonNodes(s *Store, r *diff.Report) []app.UI {
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

// onCompareFile sets the file chosen beside the design (see
// Store.CompareWith) and moves the focus to the Comparison, or lists why
// the file cannot be compared.
func (c *Canvas) onCompareFile(ctx app.Context, ev app.Event) {
	input := ctx.JSSrc()
	files := input.Get("files")
	s := c.Store
	if files.Truthy() && files.Length() > 0 {
		readDesignFile(c.Platform, ctx, files.Index(0), func(name string, data []byte) {
			err := s.CompareWith(name, data)
			if list, ok := err.(catalogue.ErrorList); ok {
				s.SetCompareErrors(list.Lines())
				s.Report(fmt.Errorf("Compare refused: %d problems in %s; nothing is compared", len(list), name))
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
