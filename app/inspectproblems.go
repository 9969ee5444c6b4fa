package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
)

// renderViolations lists a selection's problems, each fix a button (once,
// if two problems offer the same change).
func (in *Inspector) renderViolations(vs []catalogue.Violation, none string) app.UI {
	if len(vs) == 0 {
		return app.P().Class("ok").Text(none)
	}
	offered := map[string]bool{}
	return app.Div().Body(
		app.H3().Textf("Problems (%d)", len(vs)),
		app.Ul().Class("node-problems").Body(app.Range(vs).Slice(func(i int) app.UI {
			v := vs[i]
			return app.Li().DataSet("severity", string(v.Severity)).Body(
				app.Span().Class("severity").DataSet("severity", string(v.Severity)).Text(string(v.Severity)),
				app.Text(" "+v.Message),
				app.If(!in.Store.ReadOnly(), app.Range(v.Fixes).Slice(func(j int) app.UI {
					label := v.Fixes[j].Label()
					if offered[label] {
						return nil
					}
					offered[label] = true
					return app.Button().Class("fix").DataSet("violation", i).DataSet("fix", j).Text(label).OnClick(in.onFix)
				})),
			)
		})),
	)
}

// onFix applies a fix of one of the selection's problems (a node's, or a
// connection's), as renderViolations listed them.
func (in *Inspector) onFix(ctx app.Context, e app.Event) {
	ds := ctx.JSSrc().Get("dataset")
	i, _ := strconv.Atoi(ds.Get("violation").String())
	j, _ := strconv.Atoi(ds.Get("fix").String())
	sel := in.Store.Selection()
	vs := in.Store.Violations(sel.Node)
	if sel.Node == "" {
		vs = in.Store.EdgeViolations(sel.Edge)
	}
	if i < 0 || i >= len(vs) || j < 0 || j >= len(vs[i].Fixes) {
		return
	}
	in.Store.Report(in.Store.ApplyFix(vs[i].Fixes[j]))
}

// renderRules lists rules with their severity, each linking its docs.
func renderRules(rules []*catalogue.Rule, none string) app.UI {
	return app.Div().Body(
		app.H3().Textf("Rules that apply (%d)", len(rules)),
		app.If(len(rules) == 0, app.P().Class("hint").Text(none)),
		app.Ul().Class("rules").Body(app.Range(rules).Slice(func(i int) app.UI {
			r := rules[i]
			return app.Li().Body(
				app.Span().Class("severity").DataSet("severity", string(r.Severity)).Text(string(r.Severity)),
				app.Text(" "),
				app.A().Href(r.Docs).Target("_blank").Rel("noopener noreferrer").Text(r.Name),
			)
		})),
	)
}
