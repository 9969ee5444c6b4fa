package app

import (
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/page"
	"github.com/archdesigner/designer/catalogue/pages"
)

// CataloguePage shows a catalogue page (the index, a kind, a component, a
// rule) as HTML: the same page model the core renders as markdown. The
// server prerenders it, so the content is there before the wasm runs.
type CataloguePage struct {
	app.Compo

	platform   Platform // nil when prerendering
	catalogues Catalogues
	page       *page.Page
	missing    string
	query      url.Values
	cat        *catalogue.Catalogue
	mdPath     string
	addID      string
}

// OnPreRender builds the page on the server.
func (p *CataloguePage) OnPreRender(ctx app.Context) { p.load(ctx) }

// OnMount tells the service worker the page has started.
func (p *CataloguePage) OnMount(ctx app.Context) {
	if p.platform != nil {
		applyTheme(savedTheme(p.platform))
		p.platform.Started()
	}
}

// OnNav builds the page in the browser. A link to a page's markdown is
// followed with a full navigation, so that the server answers it.
func (p *CataloguePage) OnNav(ctx app.Context) {
	if u := ctx.Page().URL(); strings.HasSuffix(u.Path, ".md") {
		app.Window().Get("location").Call("replace", u.String())
		return
	}
	p.load(ctx)
}

func (p *CataloguePage) load(ctx app.Context) {
	u := ctx.Page().URL()
	p.cat = p.catalogues(u)
	p.query = u.Query()
	// Links are site-relative: the page's address on the server is not
	// the one its reader uses (see Catalogues), and it need not be.
	pg, ok := pages.At(p.cat, u.Path, "", p.query)
	if !ok {
		p.page, p.missing = nil, u.Path
		ctx.Page().SetTitle("No such catalogue page")
		return
	}
	p.page, p.missing = pg, ""
	p.mdPath = pg.Path + ".md"
	if pg.Path == pages.IndexPath && len(p.query) > 0 {
		p.mdPath += "?" + p.query.Encode()
	}
	p.addID = ""
	if id, ok := strings.CutPrefix(pg.Path, pages.ComponentPath("")); ok {
		p.addID = id
	}
	ctx.Page().SetTitle(pg.Title + " · Designer catalogue")
}

// Render draws the page.
func (p *CataloguePage) Render() app.UI {
	var body []app.UI
	switch {
	case p.page == nil && p.missing != "":
		body = []app.UI{
			app.H1().Text("No such catalogue page"),
			app.P().Body(app.Text("Nothing is at "), app.Code().Text(p.missing), app.Text(". "), app.A().Href(pages.IndexPath).Text("Browse the catalogue")),
		}
	case p.page != nil:
		body = p.renderPage()
	}
	return app.Div().ID("catalogue-page").Body(
		app.Header().ID("toolbar").Body(
			app.Img().Src("/web/icon.svg").Alt("").Width(28).Height(28),
			app.Nav().Aria("label", "Site").Body(
				app.A().Href("/").Text("Editor"),
				app.A().Href(pages.IndexPath).Text("Catalogue"),
			),
		),
		app.Main().Body(body...),
	)
}

// pageIcon is the icon of the kind or boundary a page is about (a
// component's is its kind's), or nil.
func (p *CataloguePage) pageIcon(path string) app.UI {
	if p.cat == nil {
		return nil
	}
	for _, k := range p.cat.KindIDs() {
		if path == pages.KindPath(k) {
			return htmlIcon(kindIcon(k))
		}
	}
	for _, b := range p.cat.BoundaryIDs() {
		if path == pages.BoundaryPath(b) {
			return htmlIcon(boundaryIcon(b))
		}
	}
	if id, ok := strings.CutPrefix(path, pages.ComponentPath("")); ok {
		if c := p.cat.Components[id]; c != nil {
			return htmlIcon(kindIcon(c.Kind))
		}
	}
	return nil
}

func (p *CataloguePage) renderPage() []app.UI {
	pg := p.page
	actions := []app.UI{app.A().Href(p.mdPath).Text("Markdown")}
	if p.addID != "" {
		actions = append([]app.UI{app.A().Class("button").Href("/?add=" + url.QueryEscape(p.addID)).Text("Add to design")}, actions...)
	}
	out := []app.UI{
		app.H1().Body(p.pageIcon(pg.Path), app.Text(pg.Title)),
		app.P().Class("page-actions").Body(actions...),
	}
	if pg.Path == pages.IndexPath {
		out = append(out, p.renderFilters())
	}
	for _, b := range pg.Blocks {
		out = append(out, renderBlock(b, p.pageIcon))
	}
	out = append(out, app.P().Class("footer").Body(renderInline(pg.Footer)...))
	return out
}

// renderFilters is the index's filter form; it submits a GET, so the server
// renders the filtered page.
func (p *CataloguePage) renderFilters() app.UI {
	cat := p.cat
	sel := func(name, label, all string, ids []string, title func(string) string) app.UI {
		return app.Span().Body(
			app.Label().For("filter-"+name).Text(label),
			app.Select().ID("filter-"+name).Name(name).Body(
				option("", all, p.query.Get(name) == ""),
				app.Range(ids).Slice(func(i int) app.UI { return option(ids[i], title(ids[i]), p.query.Get(name) == ids[i]) }),
			),
		)
	}
	return app.Form().Class("filters").Method("get").Action(pages.IndexPath).Aria("label", "Filter the catalogue").Body(
		app.Label().For("filter-q").Text("Search"),
		app.Input().Type("search").ID("filter-q").Name("q").Value(p.query.Get("q")),
		sel("kind", "Kind", "All kinds", cat.KindIDs(), func(id string) string { return cat.Kinds[id].Name }),
		sel("provider", "Provider", "All providers", cat.ProviderIDs(), func(id string) string { return cat.Providers[id].Name }),
		sel("category", "Category", "All categories", cat.CategoryIDs(), func(id string) string { return cat.Categories[id].Name }),
		app.Button().Type("submit").Text("Filter"),
	)
}

// renderBlock renders a block of a page; icon gives the icon of the page a
// section is about (a kind's, in the index).
func renderBlock(b page.Block, icon func(path string) app.UI) app.UI {
	switch bl := b.(type) {
	case page.Heading:
		if ic := icon(bl.About); bl.About != "" && ic != nil {
			return app.H2().Body(append([]app.UI{ic}, renderInline(bl.Content)...)...)
		}
		return app.H2().Body(renderInline(bl.Content)...)
	case page.Paragraph:
		return app.P().Body(renderInline(bl.Content)...)
	case page.List:
		return app.Ul().Body(app.Range(bl.Items).Slice(func(i int) app.UI {
			return app.Li().Body(renderInline(bl.Items[i])...)
		}))
	case page.CodeBlock:
		return app.Pre().Body(app.Code().Text(bl.Text))
	case page.Table:
		return renderTable(bl)
	}
	return app.Text("")
}

func renderTable(t page.Table) app.UI {
	keyValue := len(t.Header) > 0 && len(t.Header[0]) == 0
	var head app.UI = app.Text("")
	if !keyValue {
		head = app.THead().Body(app.Tr().Body(app.Range(t.Header).Slice(func(i int) app.UI {
			return app.Th().Scope("col").Body(renderInline(t.Header[i])...)
		})))
	}
	return app.Div().Class("table-scroll").Body(app.Table().Class("catalogue").Body(
		app.Caption().Class("visually-hidden").Text(t.Caption),
		head,
		app.TBody().Body(app.Range(t.Rows).Slice(func(i int) app.UI {
			row := t.Rows[i]
			return app.Tr().Body(app.Range(row).Slice(func(j int) app.UI {
				if j == 0 {
					return app.Th().Scope("row").Body(renderInline(row[j])...)
				}
				return app.Td().Body(renderInline(row[j])...)
			}))
		})),
	))
}

// renderInline renders spans as text nodes, code, strong and links; never as
// markup from the catalogue's text.
func renderInline(in page.Inline) []app.UI {
	out := make([]app.UI, 0, len(in))
	for _, s := range in {
		var ui app.UI = app.Text(s.Text)
		if s.Code {
			ui = app.Code().Text(s.Text)
		}
		if s.Bold {
			ui = app.Strong().Body(ui)
		}
		switch {
		case s.Internal != "":
			ui = app.A().Href(htmlPath(s.Internal)).Body(ui)
		case s.Href != "":
			ui = app.A().Href(s.Href).Target("_blank").Rel("noopener noreferrer").Body(ui)
		}
		out = append(out, ui)
	}
	return out
}

// htmlPath is the page an internal link of a page's markdown names, as a
// page of the app: the markdown links its ".md" twins, the HTML its pages
// (the twin of the page shown is one explicit link, Markdown).
func htmlPath(internal string) string {
	path, query, hasQuery := strings.Cut(internal, "?")
	path = strings.TrimSuffix(path, ".md")
	if hasQuery {
		return path + "?" + query
	}
	return path
}
