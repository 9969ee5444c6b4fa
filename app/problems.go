package app

import (
	"strconv"
	"strings"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Problems lists every rule violation of the design, live; activating one
// selects its node and brings it into view. Each violation offers its fixes
// as buttons and can be suppressed with a reason; suppressed violations are
// listed apart, each suppression with a button that lifts it. Every change
// is one undoable step.
//
// The list is virtual: every row is problemRow pixels tall, and only the rows
// in view and problemMargin either side are drawn, between two spacers as
// tall as the rows left out, so that a design with thousands of violations
// draws (and re-renders on each edit) a few dozen.
type Problems struct {
	app.Compo
	Store   *state.Store
	Version int

	// suppressing is the rule and node whose suppression form is open, in
	// the design opened opens-th (see state.Session.Opens).
	suppressing [2]string
	opens       int

	// first is the first row drawn and shown how many rows the panel
	// shows (a guess until it is measured).
	first, shown int
	// list is the resolution's unsuppressed violations, and rows the first
	// of them made into rows, as far as the list has been drawn (rows
	// further down are made when scrolled to): made again for each
	// resolution (rowsFor).
	list     []*catalogue.Violation
	rows     []problemRow
	offered  map[[2]string]bool
	fixes    map[string]bool
	rowsFor  *catalogue.Resolution
	rowsRO   bool
	ctx      app.Context
	unlisten []func()
}

// problemRow is one violation as the list shows it.
type problemRow struct {
	v *catalogue.Violation
	// fixes are the indexes of the fixes it offers: a fix another row
	// already offers is not offered twice.
	fixes []int
	// canSuppress: one Suppress button per rule and node (a connection rule
	// may break on several edges of one node, and one suppression covers
	// them all).
	canSuppress bool
}

const (
	// problemRowPx is the height of a row (designer.css: #problems li).
	problemRowPx = 44
	// problemMargin is how many rows are drawn beyond each edge of the view,
	// so that scrolling a little, or tabbing to the next row, finds it drawn.
	problemMargin = 12
)

// OnMount follows the panel's scrolling and size, to draw the rows in view.
func (p *Problems) OnMount(ctx app.Context) {
	p.ctx = ctx
	panel := app.Window().GetElementByID("problems")
	if !panel.Truthy() {
		return
	}
	p.unlisten = append(p.unlisten,
		listen(panel, "scroll", func(app.Value) { p.follow(panel) }, map[string]any{"passive": true}),
		observeSize(panel, func(_, h float64) {
			if shown := int(h)/problemRowPx + 1; shown != p.shown {
				p.shown = shown
				p.follow(panel)
				ctx.Dispatch(func(app.Context) {})
			}
		}),
	)
}

// OnDismount stops following the panel.
func (p *Problems) OnDismount() {
	for _, off := range p.unlisten {
		off()
	}
	p.unlisten = nil
}

// follow redraws the list when the rows in view are no longer all drawn or
// the drawn ones are mostly out of view.
func (p *Problems) follow(panel app.Value) {
	list := app.Window().GetElementByID("problem-list")
	if !list.Truthy() || p.ctx == nil {
		return
	}
	top := panel.Call("getBoundingClientRect").Get("top").Float()
	listTop := list.Call("getBoundingClientRect").Get("top").Float()
	inView := int((top - listTop) / problemRowPx) // the first row in view; negative above the list
	want := max(0, inView-problemMargin)
	if drawing.Abs(want-p.first) < problemMargin/2 && inView+p.shown <= p.first+p.drawn() {
		return
	}
	focused := focusedRow()
	p.first = want
	p.ctx.Dispatch(func(ctx app.Context) {
		// The rows are redrawn in place (go-app keeps elements by position):
		// the focus follows its row to where the row is drawn now.
		if focused >= 0 {
			ctx.Defer(func(app.Context) { focusRow(focused) })
		}
	})
}

// drawn is how many rows are drawn from first.
func (p *Problems) drawn() int { return max(p.shown, 8) + 2*problemMargin }

// focusedRow is the index of the row whose problem button has the focus,
// or -1.
func focusedRow() int {
	el := app.Window().Get("document").Get("activeElement")
	if !el.Truthy() {
		return -1
	}
	row := el.Get("dataset").Get("row")
	if !row.Truthy() {
		return -1
	}
	i, err := strconv.Atoi(row.String())
	if err != nil {
		return -1
	}
	return i
}

// focusRow focuses row i's problem button, if it is drawn and not focused.
func focusRow(i int) {
	el := app.Window().Get("document").Call("querySelector", `#problem-list button[data-row="`+strconv.Itoa(i)+`"]`)
	if el.Truthy() && !el.Equal(app.Window().Get("document").Get("activeElement")) {
		el.Call("focus", map[string]any{"preventScroll": true})
	}
}

// rowsTo makes the rows up to (not including) row n.
func (p *Problems) rowsTo(n int) {
	for i := len(p.rows); i < n && i < len(p.list); i++ {
		v := p.list[i]
		key := [2]string{v.Rule, v.Node}
		r := problemRow{v: v, canSuppress: v.Rule != catalogue.RuleUnusedSuppression && !p.offered[key] && !p.rowsRO}
		p.offered[key] = true
		if !p.rowsRO {
			for j, f := range v.Fixes {
				if label := f.Label(); !p.fixes[label] {
					p.fixes[label] = true
					r.fixes = append(r.fixes, j)
				}
			}
		}
		p.rows = append(p.rows, r)
	}
}

// Render draws the list: its counts, the suppression form when open, and
// the rows in view.
func (p *Problems) Render() app.UI {
	if p.opens != p.Store.Opens() { // another design: its own rule of the same name is not being suppressed
		p.opens, p.suppressing = p.Store.Opens(), [2]string{}
	}
	res := p.Store.Resolution()
	if p.rowsFor != res || p.rowsRO != p.Store.ReadOnly() {
		p.list = p.list[:0]
		for i := range res.Violations {
			if !res.Violations[i].Suppressed {
				p.list = append(p.list, &res.Violations[i])
			}
		}
		p.rows, p.offered, p.fixes = p.rows[:0], map[[2]string]bool{}, map[string]bool{}
		p.rowsFor, p.rowsRO = res, p.Store.ReadOnly()
	}
	counts := map[catalogue.Severity]int{}
	for _, v := range p.list {
		counts[v.Severity]++
	}
	n := len(p.list)
	first := min(p.first, max(0, n-p.drawn()))
	last := min(n, first+p.drawn())
	p.rowsTo(last)
	window := p.rows[first:last]
	var form app.UI
	if p.suppressing != [2]string{} {
		// The form names the first row of its rule and node, which offers
		// Suppress (it may be above the rows made so far).
		for i, v := range p.list {
			if [2]string{v.Rule, v.Node} == p.suppressing {
				p.rowsTo(i + 1)
				if p.rows[i].canSuppress {
					form = p.renderSuppressForm(v)
				}
				break
			}
		}
	}
	return app.Section().ID("problems").Aria("label", "Problems").Body(
		app.H2().Text("Problems ("+strconv.Itoa(n)+")"),
		app.If(p.Store.AnalysisPending(), app.P().Class("hint").ID("problems-updating").Text("Updating: the system analysis's findings follow.")),
		app.If(n == 0, app.P().Class("ok").Text("No problems: every node keeps every rule that applies.")),
		app.If(n > 0, app.P().Class("counts").Text(library.Count(counts[catalogue.SeverityError], "error")+", "+library.Count(counts[catalogue.SeverityWarning], "warning")+", "+strconv.Itoa(counts[catalogue.SeverityInfo])+" info")),
		form,
		app.Div().ID("problem-list").Body(
			spacer(first),
			app.Ul().Body(app.Range(window).Slice(func(k int) app.UI {
				return p.renderRow(window[k], first+k, n)
			})),
			spacer(n-last),
		),
		app.If(len(p.Store.Design().Suppress) > 0, p.renderSuppressed(res)),
	)
}

// spacer stands for rows rows left out of the list: an SVG as tall as they
// are (the page's content security policy refuses style attributes; an
// SVG's height is an attribute).
func spacer(rows int) app.UI {
	return svg("svg").Class("spacer").Attr("width", "1").Attr("height", strconv.Itoa(rows*problemRowPx)).Aria("hidden", "true")
}

// renderRow draws row k of n, as a part: go-app draws again only the rows
// whose view changed (an edit elsewhere in the design that leaves the count
// of problems as it was changes none of them; one that changes it changes
// every row's aria-setsize).
func (p *Problems) renderRow(r problemRow, k, n int) app.UI {
	v := r.v
	view := &problemView{
		List: p, Row: k, Of: n, Severity: v.Severity, Node: v.Node,
		From: violationEnd(*v, true), To: violationEnd(*v, false),
		Title: ruleTitle(*v) + ": " + v.Message, Where: v.Where(" → ", "the design"), Message: v.Message,
		Rule: v.Rule, CanSuppress: r.canSuppress, Suppressing: p.suppressing == [2]string{v.Rule, v.Node},
	}
	for _, j := range r.fixes {
		view.Fixes = append(view.Fixes, problemFix{Index: j, Label: v.Fixes[j].Label()})
	}
	return &part{View: view}
}

// problemView is what one row of the list shows. Its buttons act through
// the list (List).
type problemView struct {
	List        *Problems
	Row, Of     int // its place in the list, from 0, and the list's length
	Severity    catalogue.Severity
	Node        string // the node it reveals
	From, To    string // a connection rule's edge, which it reveals instead
	Title       string // the tooltip: the rule and the message
	Where       string // where it is, in words
	Message     string
	Fixes       []problemFix // the fixes it offers
	Rule        string
	CanSuppress bool // it offers Suppress
	Suppressing bool // its suppression form is open
}

// problemFix is a fix a row offers: its index in the violation's fixes,
// and its label.
type problemFix struct {
	Index int
	Label string
}

// render draws the row: the problem, its fixes and Suppress.
func (v *problemView) render() app.UI {
	p := v.List
	return app.Li().Aria("setsize", v.Of).Aria("posinset", v.Row+1).Body(
		app.Button().Class("problem").DataSet("row", v.Row).DataSet("reveal", v.Node).DataSet("severity", string(v.Severity)).
			DataSet("from", v.From).DataSet("to", v.To).
			Title(v.Title).OnClick(p.onActivate).Body(
			// The name is the text, which holds what is shown:
			// "warning on db: …" (the button lays its parts out as
			// flex items, which the name joins with spaces).
			app.Span().Class("severity").DataSet("severity", string(v.Severity)).Text(string(v.Severity)),
			app.Span().Class("problem-node").Body(
				app.Span().Class("visually-hidden").Text("on "),
				app.Text(v.Where+":"),
			),
			app.Span().Class("problem-message").Text(v.Message),
		),
		app.If(len(v.Fixes) > 0 || v.CanSuppress, app.Div().Class("problem-actions").Body(
			app.Range(v.Fixes).Slice(func(j int) app.UI {
				f := v.Fixes[j]
				return app.Button().Class("fix").DataSet("violation", v.Row).DataSet("fix", f.Index).
					Title(f.Label).Text(f.Label).OnClick(p.onFix)
			}),
			app.If(v.CanSuppress,
				app.Button().Class("suppress").DataSet("rule", v.Rule).DataSet("node", v.Node).
					Aria("label", "Suppress "+v.Rule+" on "+v.Node).Aria("expanded", strconv.FormatBool(v.Suppressing)).
					Title("Suppress "+v.Rule+" on "+v.Node).Text("Suppress").OnClick(p.onOpenSuppress),
			),
		)),
	)
}

// renderSuppressForm asks for the reason a violation is acknowledged. It is
// drawn above the list, whose rows all have one height.
func (p *Problems) renderSuppressForm(v *catalogue.Violation) app.UI {
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
func (p *Problems) renderSuppressed(res *catalogue.Resolution) app.UI {
	var suppressed []catalogue.Violation
	for _, v := range res.Violations {
		if v.Suppressed {
			suppressed = append(suppressed, v)
		}
	}
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
						app.Text(" "+v.Where(" → ", "the design")+": "+v.Message),
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
