package app

import (
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Analysis shows, live, what the design guarantees (package analysis): each
// entry point's availability with its derivation and its cut sets, the
// objectives, the single points of failure (activating one reveals it; the
// canvas marks them), what each zone's or region's failure takes (a toggle dims it on the
// canvas), the delivery each event sink gets and the durability of each
// stateful node.
type Analysis struct {
	app.Compo
	Store   *state.Store
	Version int

	// open are the entries whose derivation is shown: only those are
	// drawn, so that a long chain's factors cost nothing until asked for.
	open map[string]bool
	// more counts, per list, the times Show more was pressed.
	more map[string]int
	// opens is the design both are of (see state.Session.Opens).
	opens int
}

// maxFactors bounds the factors an opened entry draws; the CLI lists all.
const maxFactors = 200

// listStep is how many items a list of the region draws at first, and how
// many more each Show more adds: a 10,000-node design has thousands of
// stateful nodes, and the region is drawn again on every edit.
const listStep = 50

// shown is how many of n items list draws.
func (a *Analysis) shown(list string, n int) int {
	return min(n, listStep*(1+a.more[list]))
}

// renderMore offers to draw more of list's n items (what names them), when
// some are left out.
func (a *Analysis) renderMore(list, what string, n int) app.UI {
	shown := a.shown(list, n)
	if shown >= n {
		return nil
	}
	return app.P().Class("more").Body(
		app.Span().Class("hint").Text(strconv.Itoa(shown)+" of "+strconv.Itoa(n)+" shown. "),
		app.Button().DataSet("list", list).Text("Show "+strconv.Itoa(min(listStep, n-shown))+" more "+what).OnClick(a.onMore),
	)
}

func (a *Analysis) onMore(ctx app.Context, e app.Event) {
	if a.more == nil {
		a.more = map[string]int{}
	}
	a.more[ctx.JSSrc().Get("dataset").Get("list").String()]++
}

// Render draws the region.
func (a *Analysis) Render() app.UI {
	if a.opens != a.Store.Opens() { // another design: its entries are shown from the start
		a.opens, a.open, a.more = a.Store.Opens(), nil, nil
	}
	r := a.Store.Analysis()
	entries := r.Entries[:a.shown("entries", len(r.Entries))]
	spofs := r.SPOFs[:a.shown("spofs", len(r.SPOFs))]
	sinks := r.Sinks[:a.shown("sinks", len(r.Sinks))]
	durability := r.Durability[:a.shown("durability", len(r.Durability))]
	pending := a.Store.AnalysisPending()
	region := app.Section().ID("analysis").Aria("label", "Analysis").Aria("busy", strconv.FormatBool(pending))
	if a.Store.ReadOnly() {
		// Its one field is disabled then, and a small design's region may
		// hold nothing else to focus: it takes the focus itself, so that
		// it scrolls by keyboard.
		region = region.TabIndex(0)
	}
	return region.Body(
		app.H2().Text("Analysis"),
		// An edit of a large design is drawn first and analysed in the
		// next task: until then what follows is of the design before it.
		app.P().Class("hint").Aria("live", "polite").ID("analysis-status").Body(
			app.If(pending, app.Text("Updating: what follows is the analysis before the last edit.")),
		),
		app.Div().Class("field").Body(
			app.Label().For("design-objective").Text("Availability objective of every entry point (%)"),
			input(a.Store.ReadOnly()).ID("design-objective").Type("text").Attr("inputmode", "decimal").Attr("autocomplete", "off").
				Value(objectiveText(a.Store.Design().Objectives.Availability)).OnChange(a.onObjective),
		),
		app.H3().Text("Entry points ("+strconv.Itoa(len(r.Entries))+")"),
		app.If(len(r.Entries) == 0, app.P().Class("hint").Text("No entry point yet: a node that nothing flows into and that calls something is one, or mark one in the inspector.")),
		app.Ul().Class("entries").Body(app.Range(entries).Slice(func(i int) app.UI {
			return a.renderEntry(entries[i])
		})),
		a.renderMore("entries", "entry points", len(r.Entries)),
		app.If(r.Skipped > 0, app.P().Class("hint").Text(library.Count(r.Skipped, "more entry point")+" "+isAre(r.Skipped)+" not analysed: the design is too large for one analysis.")),
		app.If(len(r.Objectives) > 0, a.renderObjectives(r.Objectives)),
		app.H3().Text("Single points of failure ("+strconv.Itoa(len(r.SPOFs))+")"),
		app.If(len(r.SPOFs) == 0 && len(r.Entries) > 0, app.P().Class("ok").Text("No single node, zone or region cuts an entry point off.")),
		app.Ul().Class("spofs").Body(app.Range(spofs).Slice(func(i int) app.UI {
			s := spofs[i]
			name := s.Node
			if s.Group != "" {
				name = a.groupWords(s.Group)
			}
			return app.Li().Body(
				app.Button().Class("spof").DataSet("node", s.Node).DataSet("group", s.Group).
					Text("Reveal "+name).OnClick(a.onReveal),
				app.Span().Text(" cuts "+strings.Join(s.Cuts, ", ")+": "+s.Because),
			)
		})),
		a.renderMore("spofs", "single points of failure", len(r.SPOFs)),
		app.If(len(r.Losses) > 0, a.renderLosses(r)),
		app.H3().Text("Delivery ("+strconv.Itoa(len(r.Sinks))+" "+plural(len(r.Sinks), "sink")+")"),
		app.If(len(r.Sinks) == 0, app.P().Class("hint").Text("No event flow reaches a store or a consumer.")),
		app.Ul().Class("sinks").Body(app.Range(sinks).Slice(func(i int) app.UI {
			s := sinks[i]
			return app.Li().DataSet("delivery", s.Delivery).Body(
				app.Span().Class("subject").Text(s.Node+": "+s.Delivery),
				app.Span().Text(" — "+s.Because),
			)
		})),
		a.renderMore("sinks", "sinks", len(r.Sinks)),
		app.H3().Text("Durability ("+strconv.Itoa(len(r.Durability))+" stateful)"),
		app.Ul().Class("durability").Body(app.Range(durability).Slice(func(i int) app.UI {
			d := durability[i]
			n := "unknown"
			if d.FailuresTolerated != nil {
				n = strconv.Itoa(*d.FailuresTolerated) + " " + d.Of + " " + plural(*d.FailuresTolerated, "failure")
			}
			return app.Li().Body(
				app.Span().Class("subject").Text(d.Node+": tolerates "+n),
				app.Span().Text(" — "+d.Because),
			)
		})),
		a.renderMore("durability", "stateful nodes", len(r.Durability)),
	)
}

// renderEntry shows an entry's availability, and its factors when opened.
func (a *Analysis) renderEntry(e analysis.Entry) app.UI {
	pct := catalogue.FormatPercent(e.Availability)
	down := strconv.FormatFloat(e.DowntimeMinutesPerMonth, 'f', 1, 64)
	summary := e.Node + ": " + qualified(e.Qualifier(), pct) + " % available, " + qualified(e.DowntimeQualifier(), down) + " min down a month"
	if e.NoFigure() {
		summary = e.Node + ": unknown (no part has a published or assumed figure)"
	}
	cut := a.Store.Cut(e.Node)
	if cut {
		summary += " — cut off while " + a.groupWords(a.Store.Failing()) + " fails"
	}
	open := a.open[e.Node]
	details := app.Details().DataSet("entry", e.Node).On("toggle", a.onToggle)
	if open || !app.IsServer {
		details = details.Open(open)
	}
	cutSets := a.renderCutSets(e.Node)
	if !open {
		return app.Li().DataSet("cut", strconv.FormatBool(cut)).Body(details.Body(app.Summary().Text(summary)), cutSets)
	}
	factors := e.Factors
	if len(factors) > maxFactors {
		factors = factors[:maxFactors]
	}
	return app.Li().DataSet("cut", strconv.FormatBool(cut)).Body(
		details.Body(
			app.Summary().Text(summary),
			app.P().Class("derivation").Text("= "+e.Describe()),
			a.renderFactors(e.Node, "", factors),
			app.If(len(e.Factors) > maxFactors, app.P().Class("hint").Text(library.Count(len(e.Factors)-maxFactors, "more factor")+": designer analyze lists them all.")),
			app.If(e.Approximate, app.P().Class("hint").Text(approximateWhy(e))),
			app.If(e.Bound, app.P().Class("hint").Text(strings.Join(e.Unknown, ", ")+" "+hasHave(len(e.Unknown))+" no figure: state the one you rely on as its assumed availability (in the inspector), and this becomes a result rather than a bound.")),
			app.P().Class("hint").Text("Entry point because "+e.Why+". Each factor is a node the entry waits on (request and data flows, and the broker an event is published to); a month is 30 days."),
		),
		cutSets,
	)
}

// maxCutSetsShown bounds the cut sets drawn under an entry; the CLI lists
// more.
const maxCutSetsShown = 10

// renderCutSets lists, under an entry's availability, the sets of one or
// two nodes, zones or regions whose loss cuts it (none for an entry whose
// walk was cut short).
func (a *Analysis) renderCutSets(entry string) app.UI {
	cs, ok := a.Store.Analysis().CutSetOf(entry)
	if !ok {
		return nil
	}
	if len(cs.Sets) == 0 {
		return app.P().Class("hint").Text("No set of one or two nodes, zones or regions cuts " + entry + " off.")
	}
	sets := cs.Sets[:min(len(cs.Sets), maxCutSetsShown)]
	more := cs.More + len(cs.Sets) - len(sets)
	return app.Div().Class("cutsets").Body(
		app.Span().Class("hint").Text("Cut off by losing:"),
		app.Ul().Class("cutsets").Aria("label", "Cut sets of "+entry).Body(
			app.Range(sets).Slice(func(i int) app.UI {
				s := sets[i]
				names := slices.Clone(s.Nodes)
				for _, g := range s.Groups {
					names = append(names, a.groupWords(g))
				}
				return app.Li().Body(
					app.Span().Class("subject").Text(strings.Join(names, " + ")),
					app.If(s.Because != "", app.Span().Class("hint").Text(" — "+s.Because)),
				)
			}),
			app.If(more > 0, app.Li().Class("hint").Text(library.Count(more, "more set")+".")),
		),
		app.If(cs.Partial != "", app.P().Class("hint").Text(cs.Partial+".")),
	)
}

// renderFactors lists factors; via names the replica a nested list is of,
// so that each SLA link's name is its own.
func (a *Analysis) renderFactors(entry, via string, fs []analysis.Factor) app.UI {
	return app.Ul().Class("factors").Body(app.Range(fs).Slice(func(i int) app.UI {
		f := fs[i]
		name, value := f.Node, catalogue.FormatPercent(f.Value)+" %"
		if f.Source == analysis.SourceRedundant {
			name = "any of " + strings.Join(f.Nodes, ", ")
		}
		if f.Source == analysis.SourceUnknown {
			value = "unknown"
		}
		text := name + ": " + value + " (" + f.Source
		if f.Note != "" {
			text += "; " + f.Note
		}
		text += ")"
		return app.Li().DataSet("source", f.Source).Body(
			app.Span().Text(text),
			app.If(f.Docs != "", app.A().Href(f.Docs).Attr("target", "_blank").Attr("rel", "noopener noreferrer").
				Aria("label", "SLA page of "+name+" for "+entry+via).Text("SLA")),
			app.If(len(f.Branches) > 0, app.Range(f.Branches).Slice(func(j int) app.UI {
				return app.Div().Class("branch").Body(
					app.Span().Class("hint").Text("via "+f.Nodes[j]+":"),
					a.renderFactors(entry, via+" via "+f.Nodes[j], f.Branches[j]),
				)
			})),
		)
	}))
}

func (a *Analysis) renderObjectives(os []analysis.Objective) app.UI {
	return app.Div().Body(
		app.H3().Text("Objectives ("+strconv.Itoa(len(os))+")"),
		app.Ul().Class("objectives").Body(app.Range(os).Slice(func(i int) app.UI {
			o := os[i]
			st := o.State()
			want, got := "tolerates ≥ "+strconv.FormatFloat(o.Objective, 'f', -1, 64)+" "+plural(int(o.Objective), "failure"), strconv.FormatFloat(o.Actual, 'f', -1, 64)
			if o.Measure == "availability" {
				want, got = "availability ≥ "+catalogue.FormatPercent(o.Objective)+" %", catalogue.FormatPercent(o.Actual)+" %"
				if o.Bound {
					got = "at most " + got
				}
			} else if !o.Known {
				got = "unknown"
			}
			return app.Li().DataSet("met", strconv.FormatBool(o.Met)).Body(
				app.Span().Class("subject").Text(o.Target+": "+want+": "+st),
				app.Span().Text(" ("+got+")"),
			)
		})),
	)
}

// renderLosses offers, for each zone and region, to show what its failure
// takes; the one failing lists it.
func (a *Analysis) renderLosses(r *analysis.Report) app.UI {
	failing := a.Store.Failing()
	var consequences []app.UI
	if l, ok := r.Loss(failing); ok {
		consequences = []app.UI{
			app.P().Class("subject").Text("While " + a.groupWords(l.Group) + " fails:"),
			app.P().Text("It takes " + words(l.Nodes) + "."),
			app.If(len(l.Cuts) == 0, app.P().Text("It cuts no entry point off.")).
				Else(app.P().Text("It cuts " + words(l.Cuts) + " off.")),
			app.If(len(l.Shares) > 0, app.P().Text("It takes a share of "+words(l.Shares)+", which run in other zones too and serve on.")),
			app.If(len(l.DataAtRisk) == 0, app.P().Text("No acknowledged data has its only copy there.")).
				Else(app.P().Text("It loses the only copy of acknowledged data in " + words(l.DataAtRisk) + ".")),
		}
		if len(l.Recovery) > 0 {
			consequences = append(consequences,
				app.P().Text("Recovery: "+l.Summary()+"."),
				app.Ul().Class("recovery").Aria("label", "Recovery while "+a.groupWords(l.Group)+" fails").Body(app.Range(l.Recovery).Slice(func(i int) app.UI {
					rc := l.Recovery[i]
					if rc.Docs == "" {
						return app.Li().Text(rc.Words())
					}
					return app.Li().Body(app.Text(rc.Words()+" "), app.A().Href(rc.Docs).Target("_blank").Rel("noopener noreferrer").Text("(page)").Aria("label", "Recovery page of "+rc.Node))
				}), app.If(l.MoreRecovery > 0, app.Li().Textf("and %d more that fail over", l.MoreRecovery))),
			)
		}
	}
	return app.Div().Body(
		app.H3().Text("Zone and region loss"),
		app.Ul().Class("losses").Body(app.Range(r.Losses).Slice(func(i int) app.UI {
			l := r.Losses[i]
			return app.Li().Body(
				app.Button().Class("fail").DataSet("group", l.Group).Aria("pressed", strconv.FormatBool(failing == l.Group)).
					Text("Fail " + a.groupWords(l.Group)).OnClick(a.onFail),
			)
		})),
		// Always there, so that screen readers announce what changes in it.
		app.Div().Aria("live", "polite").Class("consequences").Body(consequences...),
	)
}

// groupWords names a group by its boundary and name: "zone eu-a".
func (a *Analysis) groupWords(id string) string {
	d := a.Store.Design()
	for _, g := range d.Groups {
		if g.ID == id {
			name := g.ID
			if g.Name != "" {
				name = g.Name + " (" + g.ID + ")"
			}
			return g.Boundary + " " + name
		}
	}
	return id
}

// qualified puts a figure's qualifier ("at most") before it.
func qualified(q, figure string) string {
	if q == "" {
		return figure
	}
	return q + " " + figure
}

// approximateWhy says why an entry's figure is a lower one.
func approximateWhy(e analysis.Entry) string {
	if e.Truncated {
		return "The design is too large, or its copies nest too deep, to walk whole: copies past that are taken as all needed, a lower figure, and no single point of failure or loss is claimed for this entry."
	}
	return "Copies share some of what they need: what they share is counted as needed by all of them, so the figure is a lower one."
}

func words(list []string) string {
	if len(list) == 0 {
		return "nothing"
	}
	return strings.Join(list, ", ")
}

func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

func objectiveText(p float64) string {
	if p == 0 {
		return ""
	}
	return catalogue.FormatPercent(p)
}

// onObjective sets the design's availability objective.
func (a *Analysis) onObjective(ctx app.Context, e app.Event) {
	a.Store.Report(a.Store.SetDesignObjective(ctx.JSSrc().Get("value").String()))
}

// onToggle records that an entry's derivation was opened or closed, so
// that it is drawn only while open.
func (a *Analysis) onToggle(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	id := src.Get("dataset").Get("entry").String()
	if open := src.Get("open").Bool(); open != a.open[id] {
		if a.open == nil {
			a.open = map[string]bool{}
		}
		a.open[id] = open
	}
}

// onReveal brings a single point of failure into view: a node, or a group
// (selected).
func (a *Analysis) onReveal(ctx app.Context, e app.Event) {
	ds := ctx.JSSrc().Get("dataset")
	if g := ds.Get("group").String(); g != "" {
		a.Store.SelectGroup(g)
		return
	}
	a.Store.Reveal(ds.Get("node").String())
}

// onFail toggles showing a group's failure.
func (a *Analysis) onFail(ctx app.Context, e app.Event) {
	g := ctx.JSSrc().Get("dataset").Get("group").String()
	if a.Store.Failing() == g {
		g = ""
	}
	a.Store.SetFailing(g)
}

// isAre is the verb after n of a thing: "1 … is", "2 … are".
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
