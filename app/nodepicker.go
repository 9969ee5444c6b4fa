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

// suggestions are the datalist options for what the user typed (see
// matches).
func suggestions(d *catalogue.Design, typed, skip string) string {
	var b strings.Builder
	for _, node := range matches(d, typed, skip, maxSuggestions) {
		b.WriteString(`<option value="`)
		b.WriteString(html.EscapeString(node.ID))
		if node.Name != "" {
			b.WriteString(`" label="`)
			b.WriteString(html.EscapeString(node.Name))
		}
		b.WriteString(`"></option>`)
	}
	return b.String()
}

// matches are the nodes a picker suggests for what the user typed: those
// whose id or display name starts with it, then those that contain it, in
// design order, at most limit, node skip left out.
func matches(d *catalogue.Design, typed, skip string, limit int) []*catalogue.Node {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var found, contains []*catalogue.Node
	for i := range d.Nodes {
		if len(found) == limit {
			break
		}
		if d.Nodes[i].ID == skip {
			continue
		}
		id, name := strings.ToLower(d.Nodes[i].ID), strings.ToLower(d.Nodes[i].Name)
		switch {
		case strings.HasPrefix(id, typed) || name != "" && strings.HasPrefix(name, typed):
			found = append(found, &d.Nodes[i])
		case len(contains) < limit && (strings.Contains(id, typed) || strings.Contains(name, typed)):
			contains = append(contains, &d.Nodes[i])
		}
	}
	for _, node := range contains {
		if len(found) == limit {
			break
		}
		found = append(found, node)
	}
	return found
}

// pickedNode is the node a picker's text names: the node of that id, else
// the first the picker suggests for it (as a combobox takes its first
// match on Enter), else "".
func pickedNode(d *catalogue.Design, typed, skip string) string {
	typed = strings.TrimSpace(typed)
	for i := range d.Nodes {
		if d.Nodes[i].ID == typed && typed != skip {
			return typed
		}
	}
	if typed == "" {
		return ""
	}
	if m := matches(d, typed, skip, 1); len(m) > 0 {
		return m[0].ID
	}
	return ""
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
