package app

import (
	"html"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
)

// A node picker is a text field for a node's id (Go to node, Connect to)
// with the matching nodes suggested as the user types: an input and its
// datalist, which the browser shows as a combobox. A select of every node
// made a 10,000-node design redraw 10,000 options whenever a node was added
// or deleted; the picker's datalist holds at most maxSuggestions, filled
// from the design by a listener of its own (not a go-app render) when the
// field gets the focus and as the user types.

// maxSuggestions is how many nodes a picker suggests at once.
const maxSuggestions = 50

// renderPicker returns a picker's label, field and datalist. The field's
// id is id; its data-picker attribute is what the listeners find it by.
func renderPicker(id, label, placeholder string) []app.UI {
	return []app.UI{
		app.Label().For(id).Text(label),
		app.Input().Type("text").ID(id).DataSet("picker", id).Attr("list", id+"-list").
			Attr("autocomplete", "off").Attr("spellcheck", "false").Placeholder(placeholder),
		app.DataList().ID(id + "-list"),
	}
}

// listenPickers follows the pickers under root: it fills a picker's
// suggestions from the design on focus and input (but for the node skip
// names), and calls picked with
// the field's id and value when the user picks a suggestion or presses
// Enter in it. It returns the function that stops listening.
func listenPickers(root app.Value, design func() *catalogue.Design, skip func() string, picked func(picker, value string)) func() {
	suggest := func(ev app.Value) {
		target := ev.Get("target")
		picker := target.Get("dataset").Get("picker")
		if !picker.Truthy() {
			return
		}
		if list := app.Window().GetElementByID(picker.String() + "-list"); list.Truthy() {
			list.Set("innerHTML", suggestions(design(), target.Get("value").String(), skip()))
		}
	}
	offFocus := listen(root, "focusin", suggest, nil)
	offInput := listen(root, "input", func(ev app.Value) {
		suggest(ev)
		// Choosing a suggestion replaces the text: that is a pick.
		if it := ev.Get("inputType"); !it.Truthy() || it.String() == "insertReplacementText" {
			commitPicker(ev, picked)
		}
	}, nil)
	// Enter commits what was typed; leaving the field does not (a jump to
	// a node half typed, on a click elsewhere, would surprise).
	offKey := listen(root, "keydown", func(ev app.Value) {
		if ev.Get("key").String() == "Enter" {
			commitPicker(ev, picked)
		}
	}, nil)
	return func() { offFocus(); offInput(); offKey() }
}

func commitPicker(ev app.Value, picked func(picker, value string)) {
	target := ev.Get("target")
	if picker := target.Get("dataset").Get("picker"); picker.Truthy() {
		if v := strings.TrimSpace(target.Get("value").String()); v != "" {
			picked(picker.String(), v)
		}
	}
}

// suggestions are the datalist options for what the user typed: the nodes
// whose id or display name starts with it, then those that contain it, in
// design order, at most maxSuggestions, node skip left out.
func suggestions(d *catalogue.Design, typed, skip string) string {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var b strings.Builder
	n := 0
	add := func(node *catalogue.Node) {
		b.WriteString(`<option value="`)
		b.WriteString(html.EscapeString(node.ID))
		if node.Name != "" {
			b.WriteString(`" label="`)
			b.WriteString(html.EscapeString(node.Name))
		}
		b.WriteString(`"></option>`)
		n++
	}
	var contains []int
	for i := range d.Nodes {
		if n == maxSuggestions {
			break
		}
		if d.Nodes[i].ID == skip {
			continue
		}
		id, name := strings.ToLower(d.Nodes[i].ID), strings.ToLower(d.Nodes[i].Name)
		switch {
		case strings.HasPrefix(id, typed) || name != "" && strings.HasPrefix(name, typed):
			add(&d.Nodes[i])
		case len(contains) < maxSuggestions && (strings.Contains(id, typed) || strings.Contains(name, typed)):
			contains = append(contains, i)
		}
	}
	for _, i := range contains {
		if n == maxSuggestions {
			break
		}
		add(&d.Nodes[i])
	}
	return b.String()
}

// clearPicker empties a picker's field.
func clearPicker(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Set("value", "")
	}
}

// pickerValue is what a picker's field holds.
func pickerValue(id string) string {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		return strings.TrimSpace(el.Get("value").String())
	}
	return ""
}
