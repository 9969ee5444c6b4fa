package app

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
)

// Palette lists the catalogue's components by kind, filtered by a search and
// by kind and provider; activating one adds it to the design. A kind's group
// shows its products when opened, or when a search or filter is on: 144
// products drawn at start would cost the editor's first render a tenth of a
// second in WebAssembly.
type Palette struct {
	app.Compo
	Store *Store

	query, kind, provider string
	open                  map[string]bool
}

// Render draws the search, the filters and the matching components.
func (p *Palette) Render() app.UI {
	cat := p.Store.Catalogue
	filtering := strings.TrimSpace(p.query) != "" || p.kind != "" || p.provider != ""
	var groups []app.UI
	total := 0
	for _, k := range cat.KindIDs() {
		if p.kind != "" && k != p.kind {
			continue
		}
		var matches []*catalogue.Component
		for _, c := range cat.ComponentsOfKind(k) {
			if (p.provider == "" || c.Provider == p.provider) && p.matches(c) {
				matches = append(matches, c)
			}
		}
		if len(matches) == 0 {
			continue
		}
		total += len(matches)
		groups = append(groups, p.renderGroup(cat.Kinds[k], matches, filtering || p.open[k]))
	}
	return app.Section().ID("palette").Aria("label", "Palette").Body(
		app.H2().Text("Components"),
		app.Input().Type("search").ID("palette-search").Aria("label", "Search components").
			Placeholder("Search by name, id, kind, provider").Value(p.query).
			OnInput(func(ctx app.Context, e app.Event) { p.query = ctx.JSSrc().Get("value").String() }),
		app.Div().Class("filters").Body(
			app.Label().For("palette-kind").Text("Kind"),
			p.selectFilter("palette-kind", "All kinds", cat.KindIDs(), func(id string) string { return cat.Kinds[id].Name }, p.kind, &p.kind),
			app.Label().For("palette-provider").Text("Provider"),
			p.selectFilter("palette-provider", "All providers", providerIDs(cat), func(id string) string { return cat.Providers[id].Name }, p.provider, &p.provider),
		),
		app.P().Class("count").Aria("live", "polite").Textf("%d of %d components", total, len(cat.Components)),
		app.Div().Class("palette-groups").Body(groups...),
	)
}

// renderGroup draws a kind's header and, when open, its products.
func (p *Palette) renderGroup(kind *catalogue.Kind, matches []*catalogue.Component, open bool) app.UI {
	list := "palette-" + kind.ID
	header := app.Button().Class("palette-group").DataSet("kind", kind.ID).
		Aria("expanded", strconv.FormatBool(open)).Aria("controls", list).OnClick(p.onToggle).
		Text(fmt.Sprintf("%s (%d products)", kind.Name, len(matches)))
	if !open {
		return app.Div().Body(header)
	}
	return app.Div().Body(
		header,
		app.Ul().ID(list).Class("palette-list").Body(
			app.Range(matches).Slice(func(i int) app.UI {
				c := matches[i]
				return app.Li().Class("palette-item").Body(
					app.Button().Class("palette-entry").Aria("label", c.Name).Title(c.Summary).
						DataSet("component", c.ID).OnClick(p.onAdd).
						Body(
							app.Span().Class("entry-name").Text(c.Name),
							app.Span().Class("entry-meta").Text(c.ID+" · "+c.Provider),
						),
					app.A().Class("entry-page").Href(catalogue.ComponentPath(c.ID)).Aria("label", "About "+c.Name).
						Title("Catalogue page of "+c.Name).Text("ⓘ"),
				)
			}),
		),
	)
}

// onToggle opens or closes the kind named by the header's data-kind.
func (p *Palette) onToggle(ctx app.Context, e app.Event) {
	if p.open == nil {
		p.open = map[string]bool{}
	}
	k := ctx.JSSrc().Get("dataset").Get("kind").String()
	p.open[k] = !p.open[k]
}

// matches reports whether c matches the search in its name, id, kind or
// provider.
func (p *Palette) matches(c *catalogue.Component) bool {
	q := strings.ToLower(strings.TrimSpace(p.query))
	if q == "" {
		return true
	}
	for _, field := range []string{c.Name, c.ID, c.Kind, c.Provider} {
		if strings.Contains(strings.ToLower(field), q) {
			return true
		}
	}
	return false
}

// onAdd adds the component named by the button's data-component. It reads
// the id from the event target's data, not from a closure, because go-app
// compares handlers by code pointer and would keep a stale captured value.
func (p *Palette) onAdd(ctx app.Context, e app.Event) {
	id := ctx.JSSrc().Get("dataset").Get("component").String()
	if _, err := p.Store.AddNode(id); err != nil {
		p.Store.Report(err)
	}
}

func (p *Palette) selectFilter(id, all string, ids []string, name func(string) string, current string, dst *string) app.UI {
	return app.Select().ID(id).OnChange(func(ctx app.Context, e app.Event) {
		*dst = ctx.JSSrc().Get("value").String()
	}).Body(
		option("", all, current == ""),
		app.Range(ids).Slice(func(i int) app.UI {
			return option(ids[i], name(ids[i]), current == ids[i])
		}),
	)
}

// providerIDs returns the providers that have components, sorted.
func providerIDs(cat *catalogue.Catalogue) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range cat.ComponentIDs() {
		if p := cat.Components[id].Provider; !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}
