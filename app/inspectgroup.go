package app

import (
	"errors"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/pages"
)

// renderGroup inspects a group: its boundary, what it says (each value an
// editor, with its source), what it holds, and Delete.
func (in *Inspector) renderGroup(g *catalogue.Group) app.UI {
	s := in.Store
	b := s.Catalogue().Boundaries[g.Boundary]
	rg := s.ResolvedGroup(g.ID)
	var members []string
	for _, n := range s.Design().Nodes {
		if n.In == g.ID {
			members = append(members, n.ID)
		}
	}
	for _, o := range s.Design().Groups {
		if o.In == g.ID {
			members = append(members, o.ID+" ("+o.Boundary+")")
		}
	}
	var rows []app.UI
	if b != nil {
		for _, name := range b.PropertyNames() {
			p := b.Properties[name]
			var placed catalogue.Placed
			if rg != nil {
				for _, v := range rg.Values {
					if v.Name == name {
						placed = v
					}
				}
			}
			rows = append(rows, in.renderGroupValue(p, placed))
		}
	}
	where := "at the top level"
	if g.In != "" {
		where = "in " + g.In
	}
	return app.Div().Body(
		app.Div().Class("field").Body(
			app.Label().For("group-id").Text("Group id"),
			app.Input().ID("group-id").Value(g.ID).Attr("autocomplete", "off").Attr("spellcheck", "false").
				OnChange(func(ctx app.Context, e app.Event) {
					s.Report(s.RenameGroup(g.ID, ctx.JSSrc().Get("value").String()))
				}, g.ID),
		),
		app.P().Body(app.Strong().Text(boundaryName(b, g.Boundary)+" group "+g.ID), app.Text(", "+where+" · "), app.A().Href(pages.BoundaryPath(g.Boundary)).Text("About "+boundaryName(b, g.Boundary))),
		app.If(b != nil && b.Description != "", app.P().Class("summary").Text(boundaryDescription(b))),
		app.H3().Text("Values"),
		propertyTable("values of the group", rows),
		app.H3().Textf("Holds (%d)", len(members)),
		app.If(len(members) == 0, app.P().Class("hint").Text("Nothing yet: choose this group in a node's Group field.")),
		app.Ul().Body(app.Range(members).Slice(func(i int) app.UI { return app.Li().Text(members[i]) })),
		app.If(s.Collapsed(g.ID), app.Button().Text("Expand group").OnClick(func(app.Context, app.Event) {
			s.SetCollapsed(s.Selection().Group, false)
		})),
		app.If(!s.Collapsed(g.ID), app.Button().Text("Collapse group").Title("Draw the group as one box").OnClick(func(app.Context, app.Event) {
			s.SetCollapsed(s.Selection().Group, true)
		})),
		deleteButton("Delete group", s),
	)
}

func boundaryName(b *catalogue.Boundary, id string) string {
	if b == nil {
		return id
	}
	return b.Name
}

func boundaryDescription(b *catalogue.Boundary) string {
	if b == nil {
		return ""
	}
	return b.Description
}

// renderGroupValue is one of a group's values: its editor and its source
// (its own, a group it sits in, or its boundary's default).
func (in *Inspector) renderGroupValue(p *catalogue.Property, placed catalogue.Placed) app.UI {
	id := "group-prop-" + p.Name
	source := string(placed.Source)
	if placed.Source == catalogue.SourceGroup {
		source = "from " + placed.Group
	}
	if !placed.Value.IsSet() {
		source = "unset"
	}
	// The handler reads the group and the property at the event (go-app
	// keeps the first handler of an element it redraws).
	var editor app.UI
	if p.Type == catalogue.TypeBoolean {
		editor = checkbox(placed.Value.Bool()).ID(id).DataSet("prop", p.Name).OnChange(in.onGroupProp)
	} else {
		text := ""
		if placed.Value.IsSet() {
			text = placed.Value.Text()
		}
		editor = app.Input().Type("text").ID(id).Aria("label", p.Name).DataSet("prop", p.Name).Value(text).Placeholder("unset").OnChange(in.onGroupProp)
	}
	return app.Tr().Aria("label", "Value "+p.Name).Body(
		app.Th().Scope("row").Body(
			app.Label().For(id).Body(camelBreaks(p.Name)...),
			app.If(p.Description != "", app.Span().Class("description").Text(p.Description)),
		),
		app.Td().Body(editor),
		app.Td().Class("source").Text(source),
		app.Td(),
	)
}

// onGroupProp sets the value of the selected group that the editor's
// data-prop names, or with an empty text removes it.
func (in *Inspector) onGroupProp(ctx app.Context, e app.Event) {
	s := in.Store
	g := s.Group(s.Selection().Group)
	if g == nil {
		return
	}
	b := s.Catalogue().Boundaries[g.Boundary]
	name := ctx.JSSrc().Get("dataset").Get("prop").String()
	if b == nil || b.Properties[name] == nil {
		return
	}
	var v catalogue.Value
	if b.Properties[name].Type == catalogue.TypeBoolean {
		v = catalogue.BoolValue(ctx.JSSrc().Get("checked").Bool())
	} else if text := ctx.JSSrc().Get("value").String(); text != "" {
		parsed, err := state.ParseInput(b.Properties[name].Type, text)
		if err != nil {
			s.Report(errors.New(name + ": " + err.Error()))
			return
		}
		v = parsed
	}
	s.Report(s.SetGroupProp(g.ID, name, v))
}
