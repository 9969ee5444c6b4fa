package app

import (
	"maps"
	"slices"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
)

// renderEdge inspects the connection at index i: its label, flow (with its
// source) and protocol, its problems and the rules that check it.
func (in *Inspector) renderEdge(i int) app.UI {
	s := in.Store
	e := s.Design().Edges[i]
	flow, source := s.EdgeFlow(i)
	kindsFlow := flow
	if source == catalogue.SourceDesign {
		kindsFlow, _ = catalogue.EdgeFlow(catalogue.Edge{From: e.From, To: e.To}, s.KindOf(e.From), s.KindOf(e.To))
	}
	protocols := slices.Sorted(maps.Keys(s.Catalogue().Protocols))
	return app.Div().Body(
		app.P().Textf("Connection from %s to %s", e.From, e.To),
		app.Div().Class("field").Body(
			app.Label().For("edge-label").Text("Connection label"),
			// Each handler keeps the edge it was drawn for (its scope; see
			// renderNote).
			app.Input().ID("edge-label").Value(e.Label).OnChange(func(ctx app.Context, ev app.Event) {
				s.Report(s.SetEdgeLabel(i, ctx.JSSrc().Get("value").String()))
			}, i),
		),
		app.Div().Class("field").Body(
			app.Label().For("edge-flow").Text("Flow"),
			app.Select().ID("edge-flow").OnChange(func(ctx app.Context, ev app.Event) {
				s.Report(s.SetEdgeFlow(i, catalogue.Flow(ctx.JSSrc().Get("value").String())))
			}, i).Body(
				option("", "From the kinds: "+string(kindsFlow), e.Flow == ""),
				app.Range(catalogue.Flows).Slice(func(j int) app.UI {
					f := catalogue.Flows[j]
					return option(f, f, string(e.Flow) == f)
				}),
			),
			app.Span().Class("source").DataSet("source", string(source)).Text(string(source)),
		),
		app.Div().Class("field").Body(
			app.Label().For("edge-protocol").Text("Protocol"),
			app.Select().ID("edge-protocol").OnChange(func(ctx app.Context, ev app.Event) {
				s.Report(s.SetEdgeProtocol(i, ctx.JSSrc().Get("value").String()))
			}, i).Body(
				option("", "Not stated", e.Protocol == ""),
				app.Range(protocols).Slice(func(j int) app.UI {
					p := s.Catalogue().Protocols[protocols[j]]
					return option(p.ID, p.Name, e.Protocol == p.ID)
				}),
			),
		),
		in.renderEdgeProblems(i),
		in.renderEdgeRules(e),
		deleteButton("Delete connection", s),
	)
}

// renderEdgeProblems lists what the connection rules find on the edge,
// each fix a button.
func (in *Inspector) renderEdgeProblems(i int) app.UI {
	return in.renderViolations(in.Store.EdgeViolations(i), "This connection breaks no rule.")
}

// renderEdgeRules lists the connection rules that check an edge between
// its ends' components.
func (in *Inspector) renderEdgeRules(e catalogue.Edge) app.UI {
	s := in.Store
	from, to := s.Node(e.From), s.Node(e.To)
	if from == nil || to == nil {
		return nil
	}
	return renderRules(s.Catalogue().ConnectionRulesBetween(from.Component, to.Component), "No connection rule checks this pair of components.")
}
