package app

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
)

// shared is a property every one of several nodes has, of one type, with
// the value they resolve to when they all agree.
type shared struct {
	prop  *catalogue.Property
	value catalogue.Value
	mixed bool
}

// sharedProps are the properties every node of ids has (by name and type),
// in the first node's order, with their common value.
func sharedProps(s *state.Store, ids []string) []shared {
	var out []shared
	first := s.Node(ids[0])
	if first == nil {
		return nil
	}
	comp := s.Catalogue().Components[first.Component]
	if comp == nil {
		return nil
	}
	rn := s.Resolved(ids[0])
	if rn == nil {
		return nil
	}
	for _, rp := range rn.Properties {
		p := comp.Property(rp.Name)
		if p == nil {
			continue
		}
		sh := shared{prop: p, value: rp.Value}
		all := true
		for _, id := range ids[1:] {
			n := s.Node(id)
			if n == nil {
				all = false
				break
			}
			c := s.Catalogue().Components[n.Component]
			if c == nil || c.Property(p.Name) == nil || c.Property(p.Name).Type != p.Type {
				all = false
				break
			}
			if other := s.Resolved(id); other == nil {
				sh.mixed = true
			} else if orp, ok := other.Get(p.Name); !ok || orp.Value != rp.Value {
				sh.mixed = true
			}
		}
		if all {
			out = append(out, sh)
		}
	}
	return out
}

// renderMany shows what several selected nodes share and what may be done
// to all of them at once.
func (in *Inspector) renderMany(ids []string) app.UI {
	s := in.Store
	listed := ids
	more := ""
	if len(listed) > 12 {
		listed, more = listed[:12], " and "+strconv.Itoa(len(ids)-12)+" more"
	}
	props := sharedProps(s, ids)
	rows := make([]app.UI, 0, len(props))
	for _, sh := range props {
		rows = append(rows, in.renderSharedProperty(sh, ids))
	}
	act := func(label, title string, do func() error) app.HTMLButton {
		return app.Button().Text(label).Title(title).OnClick(func(app.Context, app.Event) { s.Report(do()) })
	}
	return app.Div().Body(
		app.P().Body(app.Strong().Textf("%d nodes selected", len(ids)), app.Text(": "+strings.Join(listed, ", ")+more)),
		app.H3().Text("Align"),
		app.Div().Class("actions").Role("group").Aria("label", "Align").Body(
			act("Left", "Align their left sides", func() error { return s.Align(s.SelectedNodes(), state.AlignLeft) }),
			act("Centres", "Align their centres, across", func() error { return s.Align(s.SelectedNodes(), state.AlignCentre) }),
			act("Right", "Align their right sides", func() error { return s.Align(s.SelectedNodes(), state.AlignRight) }),
			act("Top", "Align their tops", func() error { return s.Align(s.SelectedNodes(), state.AlignTop) }),
			act("Middles", "Align their middles, down", func() error { return s.Align(s.SelectedNodes(), state.AlignMiddle) }),
			act("Bottom", "Align their bottoms", func() error { return s.Align(s.SelectedNodes(), state.AlignBottom) }),
		),
		app.If(len(ids) > 2,
			app.Div().Class("actions").Role("group").Aria("label", "Space evenly").Body(
				act("Space across", "Space them evenly from left to right", func() error { return s.Distribute(s.SelectedNodes(), state.DistributeAcross) }),
				act("Space down", "Space them evenly from top to bottom", func() error { return s.Distribute(s.SelectedNodes(), state.DistributeDown) }),
			),
		),
		app.H3().Text("Shared properties"),
		app.If(len(rows) == 0, app.P().Class("hint").Text("They share no property: their kinds differ.")),
		app.If(len(rows) > 0, propertyTable("properties the selected nodes share", rows)),
		app.P().Class("hint").Text(fmt.Sprintf("%s copies them, %s cuts, %s duplicates; the arrow keys move them.",
			actionFor(actCopy).keys[0], actionFor(actCut).keys[0], actionFor(actDuplicate).keys[0])),
		app.Div().Class("actions").Body(
			act("Duplicate", "A copy of them, beside them ("+actionFor(actDuplicate).shortcuts()+")", func() error { return s.Duplicate(s.SelectedNodes()) }).
				Attr("aria-keyshortcuts", actionFor(actDuplicate).ariaKeys()),
			deleteButton(fmt.Sprintf("Delete %d nodes", len(ids)), s),
		),
	)
}

// renderSharedProperty draws a property the selected nodes share: its
// common value, or "mixed", in an editor that sets it on all of them.
func (in *Inspector) renderSharedProperty(sh shared, ids []string) app.UI {
	p := sh.prop
	// The handler keeps the nodes it was drawn for (see renderNote).
	scope := strings.Join(ids, ",")
	id := "prop-" + p.Name
	v := sh.value
	var editor app.UI
	switch p.Type {
	case catalogue.TypeEnum, catalogue.TypeBoolean:
		values := p.Values
		if p.Type == catalogue.TypeBoolean {
			values = []string{"true", "false"}
		}
		editor = app.Select().ID(id).Aria("label", p.Name).DataSet("prop", p.Name).OnChange(in.onSharedChange(ids), scope).Body(
			app.If(sh.mixed || !v.IsSet(), option("", map[bool]string{true: "— mixed —", false: "— unset —"}[sh.mixed], true)),
			app.Range(values).Slice(func(i int) app.UI {
				return option(values[i], values[i], !sh.mixed && v.IsSet() && v.Text() == values[i])
			}),
		)
	default:
		value, placeholder := v.Text(), "unset"
		if sh.mixed {
			value, placeholder = "", "mixed"
		}
		kind := "text"
		if p.Type == catalogue.TypeInteger {
			kind = "number"
		}
		editor = app.Input().Type(kind).ID(id).Aria("label", p.Name).DataSet("prop", p.Name).Value(value).
			Placeholder(placeholder).OnChange(in.onSharedChange(ids), scope)
	}
	source := "mixed"
	if !sh.mixed {
		source = "same"
	}
	return app.Tr().Aria("label", "Property "+p.Name).Body(
		app.Th().Scope("row").Body(app.Label().For(id).Body(camelBreaks(p.Name)...)),
		app.Td().Body(editor),
		app.Td().Class("source").Text(source),
		app.Td(),
	)
}

// onSharedChange sets the property named by the editor's data-prop on the
// nodes ids (those selected when it was drawn).
func (in *Inspector) onSharedChange(ids []string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		s := in.Store
		src := ctx.JSSrc()
		name := src.Get("dataset").Get("prop").String()
		var p *catalogue.Property
		for _, sh := range sharedProps(s, ids) {
			if sh.prop.Name == name {
				p = sh.prop
			}
		}
		text := src.Get("value").String()
		if p == nil || text == "" && p.Type != catalogue.TypeString {
			return
		}
		v, err := state.ParseInput(p.Type, text)
		if err != nil {
			s.Report(errors.New(name + ": " + err.Error()))
			return
		}
		s.Report(s.SetPropOfAll(ids, name, v))
	}
}
