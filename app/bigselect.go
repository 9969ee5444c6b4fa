package app

import (
	"html"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// bigSelect is a select with an option per node of a kind (Replica of, a
// note's node) drawn as one piece of HTML. go-app makes each element,
// attribute and text of a select a call into JavaScript and compares them
// all on every render: a select of every node of a 10,000-node design cost
// more than the rest of an edit. One string is compared at once and redrawn
// only when it changes, and it is made again only when the options change.
// (Go to node and Connect to, which choose among every node, are pickers:
// see nodepicker.go.)
//
// The select is wrapped in an element of its own (display: contents), which
// carries the handler: change events bubble to it, and its target is the
// select. The chosen option is not in the HTML, which would then change with
// every choice and be redrawn, taking the focus from the select: sync sets
// it, after the render (see Inspector.OnUpdate).
type bigSelect struct {
	id, none string
	ids      []string
	html     string
	selected string
}

// render returns the select with id, its options those of ids after the
// "none" option (value ""), selected the one to show, its change handled
// by onChange.
func (b *bigSelect) render(id, none string, ids []string, selected string, onChange app.EventHandler, scope ...any) app.UI {
	if b.html == "" || b.id != id || b.none != none || !sameStrings(b.ids, ids) {
		var w strings.Builder
		w.Grow(len(ids)*(2*8+30) + 100)
		w.WriteString(`<select id="` + html.EscapeString(id) + `">`)
		writeOption(&w, "", none)
		for _, v := range ids {
			writeOption(&w, v, v)
		}
		w.WriteString(`</select>`)
		b.id, b.none, b.ids, b.html = id, none, ids, w.String()
	}
	b.selected = selected
	return app.Span().Class("big-select").OnChange(onChange, scope...).Body(app.Raw(b.html))
}

// sync shows the chosen option, when the select is drawn.
func (b *bigSelect) sync() {
	if b.id == "" {
		return
	}
	if el := app.Window().GetElementByID(b.id); el.Truthy() && el.Get("value").String() != b.selected {
		el.Set("value", b.selected)
	}
}

func writeOption(w *strings.Builder, value, text string) {
	w.WriteString(`<option value="`)
	w.WriteString(html.EscapeString(value))
	w.WriteString(`">`)
	w.WriteString(html.EscapeString(text))
	w.WriteString(`</option>`)
}

// sameStrings reports whether a and b hold the same strings in the same
// order (cheap when they share them, as copies of one design's ids do).
func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// selectValue is the value of the select a bigSelect's change event came
// from.
func selectValue(e app.Event) string {
	return e.Get("target").Get("value").String()
}
