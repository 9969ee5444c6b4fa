package app

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
	"github.com/archdesigner/designer/catalogue/pages"
)

// renderNode inspects a node: its id, name and component, where it sits,
// what the analysis reads of it, its properties with their sources, its
// problems, the rules that select it and its connections.
func (in *Inspector) renderNode(n *catalogue.Node) app.UI {
	s := in.Store
	comp := s.Catalogue().Components[n.Component]
	resolved := s.Resolved(n.ID)
	var basic, advanced []app.UI
	for _, p := range comp.Schema {
		rp, _ := resolved.Get(p.Name)
		row := in.renderProperty(n.ID, comp, p, rp)
		if p.Advanced {
			advanced = append(advanced, row)
		} else {
			basic = append(basic, row)
		}
	}
	rules := s.Catalogue().AllRulesFor(comp.ID)
	return app.Div().Body(
		app.Div().Class("field").Body(
			app.Label().For("node-id").Text("Node id"),
			// The node's own fields name it (data-node): a click on the
			// canvas changes the selection before a field's change event.
			app.Input().ID("node-id").Value(n.ID).Attr("autocomplete", "off").Attr("spellcheck", "false").
				DataSet("node", n.ID).OnChange(in.onRename),
		),
		app.Div().Class("field").Body(
			app.Label().For("node-name").Text("Display name"),
			app.Input().ID("node-name").Value(n.Name).Placeholder("the id: "+n.ID).Attr("autocomplete", "off").
				DataSet("node", n.ID).OnChange(func(ctx app.Context, e app.Event) {
				s.Report(s.SetNodeName(ctx.JSSrc().Get("dataset").Get("node").String(), ctx.JSSrc().Get("value").String()))
			}),
		),
		app.Div().Class("field").Body(
			app.Label().For("node-component").Text("Component"),
			app.Select().ID("node-component").OnChange(in.onSwap).Body(
				app.Range(s.Catalogue().ComponentsOfKind(comp.Kind)).Slice(func(i int) app.UI {
					c := s.Catalogue().ComponentsOfKind(comp.Kind)[i]
					return option(c.ID, c.Name+" ("+c.Provider+")", c.ID == comp.ID)
				}),
			),
		),
		app.P().Class("summary").Text(comp.Summary),
		in.renderGroupChoice(n),
		renderPlacement(resolved),
		in.renderZones(n),
		in.renderCopies(n),
		in.renderAnalysisFields(n, comp, resolved),
		app.P().Class("docs").Body(
			app.A().Href(pages.ComponentPath(comp.ID)).Text(comp.Name+" in the catalogue"),
			app.Text(" · "),
			app.A().Href(comp.Docs).Target("_blank").Rel("noopener noreferrer").Text("Official documentation of "+comp.Name),
		),
		app.H3().Text("Properties"),
		propertyTable("properties", basic),
		app.If(len(advanced) > 0,
			app.Details().Body(
				app.Summary().Textf("Advanced properties (%d)", len(advanced)),
				propertyTable("advanced properties", advanced),
			),
		),
		in.renderProblems(n.ID),
		renderRules(rules, "No rule selects this component."),
		in.renderConnections(n.ID),
		deleteButton("Delete node", s),
	)
}

// onRename renames the node its field names (data-node), which may no
// longer be the one selected.
func (in *Inspector) onRename(ctx app.Context, e app.Event) {
	s := in.Store
	s.Report(s.RenameNode(ctx.JSSrc().Get("dataset").Get("node").String(), ctx.JSSrc().Get("value").String()))
}

// onSwap makes the selected node another component of its kind.
func (in *Inspector) onSwap(ctx app.Context, e app.Event) {
	s := in.Store
	s.Report(s.SwapComponent(s.Selection().Node, ctx.JSSrc().Get("value").String()))
}

// renderGroupChoice moves the node into a group, or out of every group: the
// keyboard's way to place a node.
func (in *Inspector) renderGroupChoice(n *catalogue.Node) app.UI {
	s := in.Store
	groups := s.Design().Groups
	if len(groups) == 0 {
		return nil
	}
	return app.Div().Class("field").Body(
		app.Label().For("node-group").Text("Group"),
		app.Select().ID("node-group").OnChange(func(ctx app.Context, e app.Event) {
			s.Report(s.MoveToGroup(s.Selection().Node, ctx.JSSrc().Get("value").String()))
		}).Body(
			option("", "— in no group —", n.In == ""),
			app.Range(groups).Slice(func(i int) app.UI {
				g := groups[i]
				return option(g.ID, g.ID+" ("+g.Boundary+")", n.In == g.ID)
			}),
		),
	)
}

// renderZones offers the zones of the node's region (of the design, when
// it sits in none) for it to run in several: an Auto Scaling group, a
// managed instance group, a deployment spread over zones. A zone's loss
// then takes a share of it, not the node.
func (in *Inspector) renderZones(n *catalogue.Node) app.UI {
	zones := in.zoneChoices(n)
	if len(zones) < 2 {
		return nil
	}
	// zones: 3 in a region of three runs in all three, as the analysis
	// reads it.
	all := len(n.Zones) == 0 && n.ZoneCount == len(zones)
	runs := func(z string) bool { return all || z == n.In || slices.Contains(n.Zones, z) }
	return app.FieldSet().Class("zones").Body(
		app.Legend().Text("Runs in zones"),
		app.Range(zones).Slice(func(i int) app.UI {
			z := zones[i]
			id := "node-zone-" + z
			box := checkbox(runs(z)).ID(id).DataSet("zone", z).OnChange(in.onZone)
			if z == n.In {
				// Drawn in it: it runs there. Move it to say otherwise.
				box = box.Disabled(true).Aria("description", "the zone the node is drawn in")
			}
			return app.Div().Class("field check").Body(box, app.Label().For(id).Text(z))
		}),
		app.If(n.ZoneCount > 1 && !all, app.P().Class("hint").Textf("The design says it runs in %d zones without naming them; ticking zones names them.", n.ZoneCount)),
	)
}

// zoneChoices are the zones a node may run in: those of the region it sits
// in, or of the design when it sits in none.
func (in *Inspector) zoneChoices(n *catalogue.Node) []string {
	s := in.Store
	d := s.Design()
	regionOf := func(id string) string {
		for g, steps := s.Group(id), 0; g != nil && steps <= len(d.Groups); g, steps = s.Group(g.In), steps+1 {
			if g.Boundary == "region" {
				return g.ID
			}
		}
		return ""
	}
	region := regionOf(n.In)
	var zones []string
	for _, g := range d.Groups {
		if g.Boundary == "zone" && (region == "" || regionOf(g.ID) == region) {
			zones = append(zones, g.ID)
		}
	}
	return zones
}

// onZone adds the zone a box names to the node's zones, or takes it out.
func (in *Inspector) onZone(ctx app.Context, e app.Event) {
	s := in.Store
	n := s.Node(s.Selection().Node)
	if n == nil {
		return
	}
	z := ctx.JSSrc().Get("dataset").Get("zone").String()
	zones := slices.Clone(n.Zones)
	if choices := in.zoneChoices(n); len(zones) == 0 && n.ZoneCount == len(choices) {
		zones = choices // counted, all of them: named now
	}
	if ctx.JSSrc().Get("checked").Bool() {
		if !slices.Contains(zones, z) {
			zones = append(zones, z)
		}
	} else {
		zones = slices.DeleteFunc(zones, func(x string) bool { return x == z })
	}
	s.Report(s.SetZones(n.ID, zones))
}

// renderCopies says how the analysis counts the node with others (copies
// it states, copies it infers, pools behind balancers) and why, with the
// way to say otherwise: a node taken as a copy it is not is set apart
// (notReplica), and one set apart can be counted again.
func (in *Inspector) renderCopies(n *catalogue.Node) app.UI {
	s := in.Store
	rep := s.Analysis()
	if rep == nil {
		return nil
	}
	copies := rep.CopiesOf(n.ID)
	if len(copies) == 0 && !n.NotReplica {
		return nil
	}
	lines := make([]app.UI, 0, len(copies))
	inferred := false
	for _, c := range copies {
		var text string
		switch c.How {
		case analysis.CopiesPool:
			text = "In a pool behind " + c.Pool + " with " + strings.Join(c.Peers, ", ") + ": " + c.Why + ". Any one of them serves."
			inferred = true
		case analysis.CopiesInferred:
			text = "Taken as a copy of " + strings.Join(c.Peers, ", ") + ": " + c.Why + ". Any one of them serves."
			inferred = true
		default:
			text = "A copy of " + strings.Join(c.Peers, ", ") + " (replicaOf). Any one of them serves."
		}
		lines = append(lines, app.Li().Text(text))
	}
	var action app.UI
	switch {
	case n.NotReplica:
		action = app.Div().Body(
			app.P().Class("hint").Text("The design says this node is no copy of the nodes it looks like (notReplica): the analysis counts it apart."),
			button(false).Text("Count it as a copy again").OnClick(func(ctx app.Context, e app.Event) {
				s.Report(s.SetNotReplica(s.Selection().Node, false))
			}),
		)
	case inferred:
		action = button(false).Text("Not a copy").Aria("description", "Says notReplica: the analysis counts this node apart from the nodes it looks like.").
			OnClick(func(ctx app.Context, e app.Event) {
				s.Report(s.SetNotReplica(s.Selection().Node, true))
			})
	}
	return app.Section().Class("copies").Aria("label", "Copies").Body(
		app.If(len(lines) > 0, app.Ul().Body(lines...)),
		action,
	)
}

// renderPlacement says where a node sits and what its groups give it, each
// value with the group that says it. (Placing a node is done in the design's
// YAML for now: the canvas does not draw groups yet.)
func renderPlacement(n *catalogue.ResolvedNode) app.UI {
	if n == nil || len(n.Placement()) == 0 {
		return nil
	}
	return app.Div().Class("placement").Body(
		app.P().Body(app.Strong().Text("Placed in "), app.Text(strings.Join(n.Placement(), " › "))),
		app.Ul().Body(app.Range(n.PlacedValues()).Slice(func(i int) app.UI {
			v := n.PlacedValues()[i]
			return app.Li().Body(
				app.Code().Text(v.Name), app.Text(" "+v.Value.Text()+" "),
				app.Span().Class("source").Text("from group "+v.Group),
			)
		})),
	)
}

// renderAnalysisFields edits what the analysis reads of a node: whether it
// is an entry point, what it is a replica of, the availability assumed for
// it and its objectives. Each figure is read when it changes, checked, and
// set as one undoable step.
func (in *Inspector) renderAnalysisFields(n *catalogue.Node, comp *catalogue.Component, rn *catalogue.ResolvedNode) app.UI {
	s := in.Store
	details := app.Details().Class("analysis-fields").On("toggle", in.onAnalysisToggle)
	if in.analysisOpen || !app.IsServer {
		details = details.Open(in.analysisOpen)
	}
	if !in.analysisOpen {
		// Drawn once opened: Replica of lists every node of the product,
		// 1,400 in a 10,000-node design, on every edit.
		return details.Body(app.Summary().Text("Analysis"))
	}
	var peers []string
	for _, other := range s.Design().Nodes {
		if other.ID != n.ID && (other.Component == n.Component || other.ID == n.ReplicaOf) {
			peers = append(peers, other.ID)
		}
	}
	published := "no published SLA in the catalogue"
	if sla := comp.SLAFor(rn); sla != nil {
		published = "published SLA " + catalogue.FormatPercent(sla.Uptime) + " %"
	} else if len(comp.SLA) > 0 {
		published = "no SLA covers this configuration"
	}
	figure := func(id, label, which, value, hint string) app.UI {
		return app.Div().Class("field").Body(
			app.Label().For(id).Text(label),
			app.Input().ID(id).Type("text").Attr("inputmode", "decimal").Attr("autocomplete", "off").
				Value(value).Aria("description", hint).DataSet("figure", which).OnChange(in.onFigure),
		)
	}
	pct := func(p float64) string {
		if p == 0 {
			return ""
		}
		return catalogue.FormatPercent(p)
	}
	failures := ""
	if n.Objectives.FailuresTolerated > 0 {
		failures = strconv.Itoa(n.Objectives.FailuresTolerated)
	}
	return details.Body(
		app.Summary().Text("Analysis"),
		app.Div().Class("field check").Body(
			checkbox(n.Entry).ID("node-entry").OnChange(func(ctx app.Context, e app.Event) {
				s.Report(s.SetEntry(s.Selection().Node, ctx.JSSrc().Get("checked").Bool()))
			}),
			app.Label().For("node-entry").Text("Entry point"),
		),
		app.If(n.NotEntry, app.P().Class("hint").Text("The design says callers never come in here (entry: false), though nothing flows into it; tick Entry point to make it one.")),
		app.If(len(peers) > 0, app.Div().Class("field").Body(
			app.Label().For("node-replica").Text("Replica of"),
			in.replicaSelect.render("node-replica", "— none —", peers, n.ReplicaOf, func(ctx app.Context, e app.Event) {
				s.Report(s.SetReplicaOf(s.Selection().Node, selectValue(e)))
			}),
		)),
		figure("node-assume", "Assumed availability (%)", "assume", pct(n.Assume.Availability), "Used instead of the catalogue's figure; "+published+"."),
		app.P().Class("hint").Text(comp.Name+": "+published+"."),
		figure("node-objective", "Availability objective (%)", "objective", pct(n.Objectives.Availability), "The least availability this entry point must have; empty takes the design's."),
		app.If(analysis.Stateful(comp.Kind),
			figure("node-durability", "Failures it must tolerate", "durability", failures, "The least number of failures it must survive without losing acknowledged writes."),
		),
	)
}

// onAnalysisToggle records whether the node's Analysis disclosure is open,
// which draws its fields (for every node selected after, too).
func (in *Inspector) onAnalysisToggle(ctx app.Context, e app.Event) {
	in.analysisOpen = ctx.JSSrc().Get("open").Bool()
}

// onFigure sets the analysis figure an input names; a refused one stays as
// typed, for the user to correct, with the status saying why.
func (in *Inspector) onFigure(ctx app.Context, e app.Event) {
	s := in.Store
	src := ctx.JSSrc()
	s.Report(s.SetFigure(s.Selection().Node, src.Get("dataset").Get("figure").String(), src.Get("value").String()))
}

// renderProperty draws property p of node's component comp, resolved as
// rp: as a part, which go-app draws again only when what it shows
// changed (an edit of one property changes one row).
func (in *Inspector) renderProperty(node string, comp *catalogue.Component, p *catalogue.Property, rp catalogue.ResolvedProperty) app.UI {
	v := &propertyView{In: in, Node: node, Prop: p, IsSet: rp.Value.IsSet(), Source: rp.Source}
	if l := comp.Limits[p.Name]; l != nil {
		v.Limit = comp.ID + " allows " + l.Describe() + "."
	}
	switch p.Type {
	case catalogue.TypeBoolean:
		v.Bool = rp.Value.Bool()
	case catalogue.TypeInteger:
		if v.IsSet {
			v.Value = strconv.FormatInt(rp.Value.Int(), 10)
		}
	default:
		if v.IsSet || p.Type != catalogue.TypeEnum {
			v.Value = rp.Value.Str()
		}
	}
	return &part{View: v}
}

// propertyView is what one row of a node's property table shows. Its
// editor acts through the inspector (In).
type propertyView struct {
	In     *Inspector
	Node   string              // the node's id
	Prop   *catalogue.Property // the catalogue's, the same for every render
	Limit  string              // the product's limit, in words; "" for none
	Value  string              // the value, as its editor shows it (not booleans')
	Bool   bool                // a boolean's value
	IsSet  bool                // the property has a value
	Source catalogue.Source    // where the value comes from
}

// render draws the property's name and description, its editor, the
// source of its value and, for a value of the design's, Reset.
func (v *propertyView) render() app.UI {
	in := v.In
	p := v.Prop
	id := "prop-" + p.Name
	var limit app.UI
	if v.Limit != "" {
		limit = app.Span().Class("description limit").Text(v.Limit)
	}
	var editor app.UI
	switch p.Type {
	case catalogue.TypeEnum:
		editor = app.Select().ID(id).Aria("label", p.Name).DataSet("prop", p.Name).DataSet("node", v.Node).OnChange(in.onPropChange).Body(
			app.If(!v.IsSet, option("", "— unset —", true)),
			app.Range(p.Values).Slice(func(i int) app.UI {
				value := p.Values[i]
				return option(value, value, v.IsSet && v.Value == value)
			}),
		)
	case catalogue.TypeBoolean:
		editor = checkbox(v.Bool).ID(id).Aria("label", p.Name).DataSet("prop", p.Name).DataSet("node", v.Node).
			OnChange(in.onPropChange)
	case catalogue.TypeInteger:
		input := app.Input().Type("number").ID(id).Aria("label", p.Name).DataSet("prop", p.Name).DataSet("node", v.Node).Value(v.Value).Attr("step", "1").
			Placeholder("unset").OnChange(in.onPropChange)
		if p.Minimum != nil {
			input = input.Min(*p.Minimum)
		}
		if p.Maximum != nil {
			input = input.Max(*p.Maximum)
		}
		editor = input
	default:
		editor = app.Input().Type("text").ID(id).Aria("label", p.Name).DataSet("prop", p.Name).DataSet("node", v.Node).Value(v.Value).
			Placeholder("unset").OnChange(in.onPropChange)
	}
	// The row's name differs from its value editor's (named by the label),
	// so that "the control named acks" is the editor alone. The editor is
	// named explicitly too: the label's <wbr>s would name it "retention
	// Hours".
	return app.Tr().Aria("label", "Property "+p.Name).DataSet("source", string(v.Source)).Body(
		app.Th().Scope("row").Body(
			app.Label().For(id).Body(camelBreaks(p.Name)...),
			app.If(p.Description != "", app.Span().Class("description").Text(p.Description)),
			limit,
		),
		app.Td().Body(editor),
		app.Td().Class("source").DataSet("source", string(v.Source)).Text(string(v.Source)),
		app.Td().Body(app.If(v.Source == catalogue.SourceDesign,
			app.Button().Class("reset").Aria("label", "Reset "+p.Name).Title("Back to the inherited value").
				DataSet("prop", p.Name).Text("Reset").OnClick(in.onReset),
		)),
	)
}

// onPropChange overrides the property named by the editor's data-prop.
func (in *Inspector) onPropChange(ctx app.Context, e app.Event) {
	s := in.Store
	src := ctx.JSSrc()
	name := src.Get("dataset").Get("prop").String()
	node := s.Node(src.Get("dataset").Get("node").String())
	if node == nil {
		return
	}
	p := s.Catalogue().Components[node.Component].Property(name)
	if p == nil {
		return
	}
	text := src.Get("value").String()
	if p.Type == catalogue.TypeBoolean {
		text = strconv.FormatBool(src.Get("checked").Bool())
	}
	if text == "" && p.Type != catalogue.TypeString {
		// Clearing a number (or choosing "unset") goes back to the inherited value.
		if _, overridden := node.Props[name]; overridden {
			s.Report(s.ResetProp(node.ID, name))
		}
		return
	}
	v, err := state.ParseInput(p.Type, text)
	if err != nil {
		s.Report(errors.New(name + ": " + err.Error()))
		return
	}
	s.Report(s.SetProp(node.ID, name, v))
}

// onReset drops the selected node's own value of the property its button
// names, for the inherited one to show.
func (in *Inspector) onReset(ctx app.Context, e app.Event) {
	s := in.Store
	s.Report(s.ResetProp(s.Selection().Node, ctx.JSSrc().Get("dataset").Get("prop").String()))
}

// renderProblems lists the node's problems, each fix a button.
func (in *Inspector) renderProblems(id string) app.UI {
	return in.renderViolations(in.Store.Violations(id), "This node breaks no rule.")
}

// renderConnections lists the node's edges and offers a new one, so that a
// keyboard user can connect nodes without dragging.
func (in *Inspector) renderConnections(id string) app.UI {
	s := in.Store
	type link struct {
		index int
		text  string
	}
	var links []link
	for i, e := range s.Design().Edges {
		switch id {
		case e.From:
			links = append(links, link{i, "to " + e.To})
		case e.To:
			links = append(links, link{i, "from " + e.From})
		}
	}
	return app.Div().Class("connections").Body(
		app.H3().Textf("Connections (%d)", len(links)),
		app.Ul().Body(app.Range(links).Slice(func(i int) app.UI {
			l := links[i]
			return app.Li().Body(
				app.Text(l.text+" "),
				app.Button().Aria("label", "Remove connection "+l.text).DataSet("edge", l.index).Text("Remove").OnClick(in.onRemoveEdge),
			)
		})),
		app.If(len(s.Design().Nodes) > 1,
			app.Div().Class("field").Body(
				app.Span().Class("picker").Body(renderPicker("connect-to", "Connect to", "node id")...),
				app.Button().Text("Connect").OnClick(func(app.Context, app.Event) { in.connectTo(pickerValue("connect-to")) }),
			),
		),
	)
}

// onRemoveEdge deletes the connection its button names (data-edge).
func (in *Inspector) onRemoveEdge(ctx app.Context, e app.Event) {
	s := in.Store
	i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("edge").String())
	if err != nil {
		return
	}
	s.Report(s.DeleteEdge(i))
}
