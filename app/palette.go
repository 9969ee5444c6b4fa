package app

import (
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/pages"
)

// Palette lists the catalogue's components by kind, under their categories,
// filtered by a search and by category, kind and provider; activating one
// adds it to the design. A kind's group shows its products when opened, or
// when a search or filter is on: drawing every product at start took a tenth
// of a second of the first render in WebAssembly at 144 products, and there
// are 267 now.
//
// The first render is most of the editor's start-up, and go-app makes each
// element, attribute and handler a call into JavaScript (tenths of a
// millisecond each in WebAssembly). So the filters, which change only with the
// catalogue, are one piece of HTML, and the groups' buttons share one click
// handler on their list rather than one each.
type Palette struct {
	app.Compo
	Store *state.Store
	// Catalogue is the store's catalogue, so that the palette renders again
	// when it changes (an embedding host's configure); go-app compares it by
	// pointer first.
	Catalogue *catalogue.Catalogue
	// ReadOnly disables adding, so that the palette renders again when an
	// embedding host makes the design read-only.
	ReadOnly bool

	query, category, kind, provider string
	open                            map[string]bool

	filters    string               // the filters' HTML
	filtersFor *catalogue.Catalogue // the catalogue it lists

	carry *productDrag // a product being dragged onto the canvas

	unlisten func() // stops keepNewTabs
}

// OnMount lets the entries' ⓘ links open their catalogue pages in a new
// tab, leaving the editor as it is (see keepNewTabs).
func (p *Palette) OnMount(ctx app.Context) {
	if root := app.Window().GetElementByID("palette"); root.Truthy() {
		p.unlisten = keepNewTabs(root)
	}
}

// OnDismount stops listening.
func (p *Palette) OnDismount() {
	if p.unlisten != nil {
		p.unlisten()
		p.unlisten = nil
	}
}

// Render draws the search, the filters and the matching components.
func (p *Palette) Render() app.UI {
	cat := p.Store.Catalogue()
	filters := p.filtersHTML(cat) // first: a new catalogue resets the filters
	filtering := strings.TrimSpace(p.query) != "" || p.category != "" || p.kind != "" || p.provider != ""
	var groups []app.UI
	total := 0
	// Kinds are grouped under their categories, so that 25 kinds read as a
	// handful of headings rather than one long list.
	for _, category := range cat.CategoryIDs() {
		if p.category != "" && category != p.category {
			continue
		}
		heading := false
		for _, k := range cat.KindIDs() {
			if cat.Kinds[k].Category != category || p.kind != "" && k != p.kind {
				continue
			}
			var matches []*catalogue.Component
			for _, c := range cat.ComponentsOfKind(k) {
				if (p.provider == "" || c.Provider == p.provider) && c.Matches(p.query) {
					matches = append(matches, c)
				}
			}
			if len(matches) == 0 {
				continue
			}
			if !heading {
				heading = true
				groups = append(groups, app.H3().Class("palette-category").Text(categoryName(cat, category)))
			}
			total += len(matches)
			groups = append(groups, p.renderGroup(cat.Kinds[k], matches, filtering || p.open[k]))
		}
	}
	return app.Section().ID("palette").Aria("label", "Palette").OnChange(p.onFilter).Body(
		panelHead(state.PanelPalette, "Components", "Hide palette", func() { p.Store.HidePanel(state.PanelPalette, true) }),
		// The search field is not given its value back: go-app handles an
		// input event after the browser has taken the next key, and setting
		// the value from the earlier event would drop that key.
		app.Input().Type("search").ID("palette-search").Aria("label", "Search components").
			Placeholder("Search by name, id, kind, provider").
			OnInput(func(ctx app.Context, e app.Event) { p.query = ctx.JSSrc().Get("value").String() }),
		app.Raw(filters),
		app.P().Class("count").Aria("live", "polite").Text(strconv.Itoa(total)+" of "+strconv.Itoa(len(cat.Components))+" components"),
		app.Div().Class("palette-groups").OnClick(p.onClick).On("pointerdown", p.onPointerDown).Body(groups...),
		app.If(p.category == "" && p.kind == "", p.renderBoundaries(cat)),
	)
}

// infoIcon is the mark of a link to a catalogue page: an "i" in a circle,
// drawn rather than set in a font (stock Debian fonts lack "ⓘ").
const infoIcon = `<svg class="icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">` +
	`<circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" stroke-width="1.5"></circle>` +
	`<rect x="7.1" y="7" width="1.8" height="5" fill="currentColor"></rect><rect x="7.1" y="4" width="1.8" height="1.8" fill="currentColor"></rect></svg>`

// renderBoundaries offers a group of each boundary (Region, Zone…), closed
// until opened like the kinds. A new group goes in the selected group where
// its boundary may sit there (see state.Store.AddGroup).
func (p *Palette) renderBoundaries(cat *catalogue.Catalogue) app.UI {
	var ids []string
	for _, id := range cat.BoundaryIDs() {
		if boundaryMatches(cat.Boundaries[id], p.query) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	open := p.open["*boundaries"] || strings.TrimSpace(p.query) != ""
	header := app.Button().DataSet("kind", "*boundaries").Aria("expanded", strconv.FormatBool(open)).
		Text("Boundaries (" + strconv.Itoa(len(ids)) + ")")
	if !open {
		return app.Div().Class("palette-groups").OnClick(p.onClick).Body(header)
	}
	return app.Div().Class("palette-groups").OnClick(p.onClick).On("pointerdown", p.onPointerDown).Body(
		header.Aria("controls", "palette-boundaries"),
		app.Ul().ID("palette-boundaries").Class("palette-list").Body(
			app.Range(ids).Slice(func(i int) app.UI {
				b := cat.Boundaries[ids[i]]
				return app.Li().Class("palette-item").Body(
					button(p.ReadOnly).Class("palette-entry").Aria("label", "New "+b.Name+" group").Title(b.Description).
						Aria("describedby", "palette-meta-group-"+b.ID).
						DataSet("boundary", b.ID).Body(
						htmlIcon(boundaryIcon(b.ID)),
						app.Span().Class("entry-name").Text(b.Name),
						entryMeta("palette-meta-group-"+b.ID, "group · "+b.ID),
					),
					aboutLink(pages.BoundaryPath(b.ID), b.Name),
				)
			}),
		),
	)
}

// boundaryMatches reports whether every word of a search is in the
// boundary's name, id or description (so "VPC" finds the network).
func boundaryMatches(b *catalogue.Boundary, query string) bool {
	text := strings.ToLower(b.Name + " " + b.ID + " " + b.Description)
	for _, word := range strings.Fields(strings.ToLower(query)) {
		if !strings.Contains(text, word) {
			return false
		}
	}
	return true
}

// categoryName is a category's display name, or its id when the catalogue
// does not name it.
func categoryName(cat *catalogue.Catalogue, id string) string {
	if c, ok := cat.Categories[id]; ok && c.Name != "" {
		return c.Name
	}
	return id
}

// filtersHTML returns the category, kind and provider filters as HTML, made
// once per catalogue. It does not mark the chosen option: the select shows
// what the user chose, and a string that never changes is never redrawn
// (which would take the focus from the select). A catalogue with other kinds
// or providers redraws the filters, at "All", so the palette's filters start
// again too.
func (p *Palette) filtersHTML(cat *catalogue.Catalogue) string {
	if p.filtersFor == cat {
		return p.filters
	}
	var b strings.Builder
	b.WriteString(`<div class="filters">`)
	writeSelect(&b, "palette-category", "Category", "All categories", cat.CategoryIDs(), func(id string) string { return categoryName(cat, id) })
	writeSelect(&b, "palette-kind", "Kind", "All kinds", cat.KindIDs(), func(id string) string { return cat.Kinds[id].Name })
	writeSelect(&b, "palette-provider", "Provider", "All providers", cat.ProviderIDs(), func(id string) string { return cat.Providers[id].Name })
	b.WriteString(`</div>`)
	if p.filtersFor != nil && b.String() != p.filters {
		p.category, p.kind, p.provider = "", "", ""
	}
	p.filters, p.filtersFor = b.String(), cat
	return p.filters
}

// writeSelect writes a labelled select of ids, named by name, after an
// option for all of them. Catalogue text is escaped: an organisation's
// catalogue is data, not markup.
func writeSelect(b *strings.Builder, id, label, all string, ids []string, name func(string) string) {
	b.WriteString(`<label for="` + id + `">` + html.EscapeString(label) + `</label><select id="` + id + `"><option value="">` + html.EscapeString(all) + `</option>`)
	for _, v := range ids {
		b.WriteString(`<option value="` + html.EscapeString(v) + `">` + html.EscapeString(name(v)) + `</option>`)
	}
	b.WriteString(`</select>`)
}

// onFilter takes the value of the filter that changed (change events bubble
// up to the palette).
func (p *Palette) onFilter(ctx app.Context, e app.Event) {
	target := e.Get("target")
	switch target.Get("id").String() {
	case "palette-category":
		p.category = target.Get("value").String()
	case "palette-kind":
		p.kind = target.Get("value").String()
	case "palette-provider":
		p.provider = target.Get("value").String()
	}
}

// onClick handles a click on any button of the groups: a group's header
// (data-kind) opens or closes it, a product (data-component) is added. The
// ids come from the button's data, not from closures, so nothing captured can
// go stale.
func (p *Palette) onClick(ctx app.Context, e app.Event) {
	button := e.Get("target").Call("closest", "button")
	if !button.Truthy() {
		return
	}
	data := button.Get("dataset")
	if kind := data.Get("kind"); kind.Truthy() {
		if p.open == nil {
			p.open = map[string]bool{}
		}
		p.open[kind.String()] = !p.open[kind.String()]
	} else if id := data.Get("component"); id.Truthy() {
		if _, err := p.Store.AddNode(id.String()); err != nil {
			p.Store.Report(err)
		}
	} else if b := data.Get("boundary"); b.Truthy() {
		if _, err := p.Store.AddGroup(b.String()); err != nil {
			p.Store.Report(err)
		}
	}
}

// renderGroup draws a kind's header and, when open, its products.
func (p *Palette) renderGroup(kind *catalogue.Kind, matches []*catalogue.Component, open bool) app.UI {
	list := "palette-kind-" + kind.ID // not "palette-"+id: the search field is palette-search
	// The fewest attributes: the CSS finds headers by data-kind, and
	// aria-controls names the list only while it exists.
	header := app.Button().DataSet("kind", kind.ID).Aria("expanded", strconv.FormatBool(open)).Body(
		htmlIcon(kindIcon(kind.ID)),
		app.Text(kind.Name+" ("+library.Count(len(matches), "product")+")"),
	)
	if !open {
		return app.Div().Body(header)
	}
	header = header.Aria("controls", list)
	return app.Div().Body(
		header,
		app.Ul().ID(list).Class("palette-list").Body(
			app.Range(matches).Slice(func(i int) app.UI {
				c := matches[i]
				return app.Li().Class("palette-item").Body(
					button(p.ReadOnly).Class("palette-entry").Aria("label", c.Name).Title(c.Summary).
						Aria("describedby", "palette-meta-"+c.ID).
						DataSet("component", c.ID).
						Body(
							htmlIcon(kindIcon(c.Kind)),
							app.Span().Class("entry-name").Text(c.Name),
							entryMeta("palette-meta-"+c.ID, c.ID+" · "+c.Provider),
						),
					aboutLink(pages.ComponentPath(c.ID), c.Name),
				)
			}),
		),
	)
}

// entryMeta is an entry's second line (its id and provider, or "group" and
// its id). It is the entry's description, not part of its name, which is the
// product's or boundary's name alone; and it is drawn by the stylesheet from
// data-text rather than as text, so that the entry's visible text stays words
// of its name, as voice control needs (axe's label-content-name-mismatch).
func entryMeta(id, text string) app.UI {
	return app.Span().ID(id).Class("entry-meta").Aria("hidden", "true").DataSet("text", text)
}
