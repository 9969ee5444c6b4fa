package app

import (
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Problems lists every rule violation of the design, live; activating one
// selects its node and brings it into view. Each violation offers its fixes
// as buttons and can be suppressed with a reason; suppressed violations are
// listed apart, each suppression with a button that lifts it. Every change
// is one undoable step.
type Problems struct {
	app.Compo
	Store   *Store
	Version int

	// suppressing is the rule and node whose suppression form is open.
	suppressing [2]string
}

// Render draws the list.
func (p *Problems) Render() app.UI {
	all := p.Store.Resolution().Violations
	var vs, suppressed []catalogue.Violation
	for _, v := range all {
		if v.Suppressed {
			suppressed = append(suppressed, v)
		} else {
			vs = append(vs, v)
		}
	}
	counts := map[string]int{}
	for _, v := range vs {
		counts[string(v.Severity)]++
	}
	// One Suppress button per rule and node: a connection rule may break on
	// several edges of one node, and one suppression covers them all.
	offered := map[[2]string]bool{}
	// And one button per fix: two findings may offer the same change.
	fixOffered := map[string]bool{}
	return app.Section().ID("problems").Aria("label", "Problems").Body(
		app.H2().Text("Problems ("+strconv.Itoa(len(vs))+")"),
		app.If(len(vs) == 0, app.P().Class("ok").Text("No problems: every node keeps every rule that applies.")),
		app.If(len(vs) > 0, app.P().Class("counts").Textf("%d errors, %d warnings, %d info", counts["error"], counts["warning"], counts["info"])),
		app.Ul().Body(app.Range(vs).Slice(func(i int) app.UI {
			v := vs[i]
			key := [2]string{v.Rule, v.Node}
			canSuppress := v.Rule != catalogue.RuleUnusedSuppression && !offered[key] && !p.Store.ReadOnly()
			offered[key] = true
			return app.Li().Body(
				app.Button().Class("problem").DataSet("reveal", v.Node).DataSet("severity", string(v.Severity)).
					DataSet("from", violationEnd(v, true)).DataSet("to", violationEnd(v, false)).
					Title(ruleTitle(v)).OnClick(p.onActivate).Body(
					// The name is the text, which holds what is shown:
					// "warning on db: …" (the button lays its parts out as
					// flex items, which the name joins with spaces).
					app.Span().Class("severity").DataSet("severity", string(v.Severity)).Text(string(v.Severity)),
					app.Span().Class("problem-node").Body(
						app.Span().Class("visually-hidden").Text("on "),
						app.Text(where(v)+":"),
					),
					app.Span().Class("problem-message").Text(v.Message),
				),
				app.If(len(v.Fixes) > 0 || canSuppress, app.Div().Class("problem-actions").Body(
					app.If(!p.Store.ReadOnly(), app.Range(v.Fixes).Slice(func(j int) app.UI {
						label := v.Fixes[j].Label()
						if fixOffered[label] {
							return nil
						}
						fixOffered[label] = true
						return app.Button().Class("fix").DataSet("violation", i).DataSet("fix", j).
							Text(label).OnClick(p.onFix)
					})),
					app.If(canSuppress && p.suppressing != key,
						app.Button().Class("suppress").DataSet("rule", v.Rule).DataSet("node", v.Node).
							Text("Suppress "+v.Rule+" on "+v.Node).OnClick(p.onOpenSuppress),
					),
					app.If(canSuppress && p.suppressing == key, p.renderSuppressForm(v)),
				)),
			)
		})),
		app.If(len(p.Store.Design().Suppress) > 0, p.renderSuppressed(suppressed)),
	)
}

// renderSuppressForm asks for the reason a violation is acknowledged.
func (p *Problems) renderSuppressForm(v catalogue.Violation) app.UI {
	return app.Div().Class("suppress-form").Body(
		app.Label().For("suppress-reason").Text("Reason for suppressing "+v.Rule+" on "+v.Node),
		// Left to the browser while typing (a value set on every keystroke
		// loses keys typed before the render): read when confirmed.
		app.Input().Type("text").ID("suppress-reason").Attr("autocomplete", "off").
			Attr("required", true).OnKeyDown(p.onReasonKey),
		app.Button().Text("Confirm suppression").OnClick(p.onConfirmSuppress),
		app.Button().Text("Cancel suppression").OnClick(p.onCancelSuppress),
	)
}

// renderSuppressed lists the design's suppressions with their reasons, the
// violations each acknowledges, and a button to lift it.
func (p *Problems) renderSuppressed(suppressed []catalogue.Violation) app.UI {
	sups := p.Store.Design().Suppress
	return app.Div().Class("suppressed").Body(
		app.H3().Text("Suppressed ("+strconv.Itoa(len(suppressed))+")"),
		app.Ul().Body(app.Range(sups).Slice(func(i int) app.UI {
			s := sups[i]
			var matched []catalogue.Violation
			for _, v := range suppressed {
				if firstMatch(sups, v) == i {
					matched = append(matched, v)
				}
			}
			node := s.Node
			if node == "" {
				node = "every node"
			}
			return app.Li().Body(
				app.P().Body(
					app.Span().Class("problem-node").Text(s.Rule+" on "+node),
					app.Span().Class("reason").Text(" — "+s.Reason),
				),
				app.If(len(matched) == 0, app.P().Class("unused").Text("Matches no violation.")),
				app.Ul().Body(app.Range(matched).Slice(func(j int) app.UI {
					v := matched[j]
					return app.Li().DataSet("severity", string(v.Severity)).Body(
						app.Span().Class("severity").DataSet("severity", string(v.Severity)).Text(string(v.Severity)),
						app.Text(" "+where(v)+": "+v.Message),
					)
				})),
				app.If(!p.Store.ReadOnly(), app.Button().Class("unsuppress").DataSet("rule", s.Rule).DataSet("node", s.Node).
					Text("Unsuppress "+s.Rule+" on "+node).OnClick(p.onUnsuppress)),
			)
		})),
	)
}

// firstMatch is the index of the suppression that acknowledges v, as the
// core applies them (the first that matches), or -1.
func firstMatch(sups []catalogue.Suppression, v catalogue.Violation) int {
	for i, s := range sups {
		if s.Matches(v) {
			return i
		}
	}
	return -1
}

// ruleTitle names a violation's rule, and those of the findings told with it.
func ruleTitle(v catalogue.Violation) string {
	if len(v.Also) == 0 {
		return "Rule " + v.Rule
	}
	return "Rule " + v.Rule + ", also " + strings.Join(v.Also, ", ")
}

// where names what a violation is about: its node, or its edge.
func where(v catalogue.Violation) string {
	if v.Edge != nil {
		return v.Edge.From + " → " + v.Edge.To
	}
	if v.Node == "" {
		return "the design"
	}
	return v.Node
}

// onActivate selects and shows what a violation is about: its connection,
// or its node.
func (p *Problems) onActivate(ctx app.Context, e app.Event) {
	ds := ctx.JSSrc().Get("dataset")
	if from := ds.Get("from").String(); from != "" {
		p.Store.RevealEdge(from, ds.Get("to").String())
		return
	}
	p.Store.Reveal(ds.Get("reveal").String())
}

// violationEnd is one end of a connection rule's edge, or "".
func violationEnd(v catalogue.Violation, from bool) string {
	switch {
	case v.Edge == nil:
		return ""
	case from:
		return v.Edge.From
	}
	return v.Edge.To
}

// onFix applies the fix a button names. The button carries indexes into the
// list as rendered, which is the store's current resolution.
func (p *Problems) onFix(ctx app.Context, e app.Event) {
	ds := ctx.JSSrc().Get("dataset")
	i, _ := strconv.Atoi(ds.Get("violation").String())
	j, _ := strconv.Atoi(ds.Get("fix").String())
	var vs []catalogue.Violation
	for _, v := range p.Store.Resolution().Violations {
		if !v.Suppressed {
			vs = append(vs, v)
		}
	}
	if i < 0 || i >= len(vs) || j < 0 || j >= len(vs[i].Fixes) {
		return
	}
	p.Store.Report(p.Store.ApplyFix(vs[i].Fixes[j]))
}

func (p *Problems) onOpenSuppress(ctx app.Context, e app.Event) {
	ds := ctx.JSSrc().Get("dataset")
	p.suppressing = [2]string{ds.Get("rule").String(), ds.Get("node").String()}
	ctx.Defer(func(app.Context) {
		if in := app.Window().GetElementByID("suppress-reason"); in.Truthy() {
			in.Call("focus")
		}
	})
}

func (p *Problems) onReasonKey(ctx app.Context, e app.Event) {
	switch e.Get("key").String() {
	case "Enter":
		p.onConfirmSuppress(ctx, e)
	case "Escape":
		p.onCancelSuppress(ctx, e)
	}
}

func (p *Problems) onConfirmSuppress(ctx app.Context, e app.Event) {
	reason := ""
	if in := app.Window().GetElementByID("suppress-reason"); in.Truthy() {
		reason = in.Get("value").String()
	}
	if err := p.Store.Suppress(p.suppressing[0], p.suppressing[1], reason); err != nil {
		p.Store.Report(err)
		return
	}
	p.suppressing = [2]string{}
}

func (p *Problems) onCancelSuppress(ctx app.Context, e app.Event) {
	p.suppressing = [2]string{}
}

func (p *Problems) onUnsuppress(ctx app.Context, e app.Event) {
	ds := ctx.JSSrc().Get("dataset")
	p.Store.Report(p.Store.Unsuppress(ds.Get("rule").String(), ds.Get("node").String()))
}
