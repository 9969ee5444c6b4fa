package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Problems lists every rule violation of the design, live; activating one
// selects its node and brings it into view.
type Problems struct {
	app.Compo
	Store   *Store
	Version int
}

// Render draws the list.
func (p *Problems) Render() app.UI {
	vs := p.Store.Resolution().Violations
	counts := map[string]int{}
	for _, v := range vs {
		counts[string(v.Severity)]++
	}
	return app.Section().ID("problems").Aria("label", "Problems").Body(
		app.H2().Text("Problems ("+strconv.Itoa(len(vs))+")"),
		app.If(len(vs) == 0, app.P().Class("ok").Text("No problems: every node keeps every rule that applies.")),
		app.If(len(vs) > 0, app.P().Class("counts").Textf("%d errors, %d warnings, %d info", counts["error"], counts["warning"], counts["info"])),
		app.Ul().Body(app.Range(vs).Slice(func(i int) app.UI {
			v := vs[i]
			where := v.Node
			if v.Edge != nil {
				where = v.Edge.From + " → " + v.Edge.To
			}
			return app.Li().Body(
				app.Button().Class("problem").DataSet("reveal", v.Node).DataSet("severity", string(v.Severity)).
					Aria("label", string(v.Severity)+" on "+where+": "+v.Message).
					Title("Rule "+v.Rule).OnClick(p.onActivate).Body(
					app.Span().Class("severity").DataSet("severity", string(v.Severity)).Text(string(v.Severity)),
					app.Span().Class("problem-node").Text(where),
					app.Span().Class("problem-message").Text(v.Message),
				),
			)
		})),
	)
}

func (p *Problems) onActivate(ctx app.Context, e app.Event) {
	p.Store.Reveal(ctx.JSSrc().Get("dataset").Get("reveal").String())
}
