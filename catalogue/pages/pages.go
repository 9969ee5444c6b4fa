// Package pages builds the catalogue's pages (the index, and one per kind,
// component and rule) as page documents, from a catalogue's own data: the
// same pages serve people (HTML in the editor), tools (markdown at ".md"
// addresses) and the CLI (designer catalogue).
package pages

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/page"
)

// Paths of the catalogue pages in the app; each is also served with ".md".
const (
	IndexPath      = "/catalogue"
	kindsPath      = "/catalogue/kinds/"
	componentsPath = "/catalogue/components/"
	rulesPath      = "/catalogue/rules/"
	boundariesPath = "/catalogue/boundaries/"
)

// BoundaryPath returns the path of a boundary's page.
func BoundaryPath(id string) string { return boundariesPath + id }

// ComponentPath returns the path of a component's page.
func ComponentPath(id string) string { return componentsPath + id }

// KindPath returns the path of a kind's page.
func KindPath(id string) string { return kindsPath + id }

// RulePath returns the path of a rule's page.
func RulePath(id string) string { return rulesPath + id }

// pageLinks builds links against a base URL ("https://host", no slash).
type pageLinks struct{ base string }

func (l pageLinks) link(text, path string) page.Span {
	return page.Span{Text: text, Href: l.base + path, Internal: path}
}

// Paths returns the path of every page: the index, then the kinds,
// components and rules in id order.
func Paths(c *catalogue.Catalogue) []string {
	paths := []string{IndexPath}
	for _, id := range c.KindIDs() {
		paths = append(paths, KindPath(id))
	}
	for _, id := range c.ComponentIDs() {
		paths = append(paths, ComponentPath(id))
	}
	for _, id := range c.RuleIDs() {
		paths = append(paths, RulePath(id))
	}
	for _, id := range c.BoundaryIDs() {
		paths = append(paths, BoundaryPath(id))
	}
	return paths
}

// Has reports whether a page is at path (as At takes it), without making it.
func Has(c *catalogue.Catalogue, path string) bool {
	path = strings.TrimSuffix(strings.TrimSuffix(path, ".md"), "/")
	switch {
	case path == IndexPath:
		return true
	case strings.HasPrefix(path, kindsPath):
		return c.Kinds[strings.TrimPrefix(path, kindsPath)] != nil
	case strings.HasPrefix(path, componentsPath):
		return c.Components[strings.TrimPrefix(path, componentsPath)] != nil
	case strings.HasPrefix(path, rulesPath):
		return c.Rules[strings.TrimPrefix(path, rulesPath)] != nil
	case strings.HasPrefix(path, boundariesPath):
		return c.Boundaries[strings.TrimPrefix(path, boundariesPath)] != nil
	}
	return false
}

// At returns the page at path ("/catalogue", "/catalogue/kinds/stream",
// with or without ".md"), with links against base, or false when no page
// has that path. query holds the index's filters (provider, kind,
// category, q).
func At(c *catalogue.Catalogue, path, base string, query url.Values) (*page.Page, bool) {
	path = strings.TrimSuffix(strings.TrimSuffix(path, ".md"), "/")
	switch {
	case path == IndexPath:
		return Index(c, base, query), true
	case strings.HasPrefix(path, kindsPath):
		return Kind(c, strings.TrimPrefix(path, kindsPath), base)
	case strings.HasPrefix(path, componentsPath):
		return Component(c, strings.TrimPrefix(path, componentsPath), base)
	case strings.HasPrefix(path, rulesPath):
		return Rule(c, strings.TrimPrefix(path, rulesPath), base)
	case strings.HasPrefix(path, boundariesPath):
		return Boundary(c, strings.TrimPrefix(path, boundariesPath), base)
	}
	return nil, false
}

// Boundary returns a boundary's page: what it is, where a group of it may
// sit, the values it says (which what it holds inherits), a design snippet
// and its file verbatim.
func Boundary(c *catalogue.Catalogue, id, base string) (*page.Page, bool) {
	b, ok := c.Boundaries[id]
	if !ok {
		return nil, false
	}
	l := pageLinks{base}
	p := &page.Page{
		Path:  BoundaryPath(id),
		Title: b.Name,
		Front: []page.Field{field("id", id), field("type", "boundary"), field("url", base+BoundaryPath(id))},
	}
	where := page.Inline{}
	for i, parent := range b.In {
		if i > 0 {
			where = append(where, page.Text(", "))
		}
		where = append(where, l.link(c.Boundaries[parent].Name, BoundaryPath(parent)))
	}
	if b.TopLevel {
		if len(where) > 0 {
			where = append(where, page.Text(", or"))
		}
		where = append(where, page.Text(" at the top level"))
	}
	p.Blocks = append(p.Blocks,
		paragraph(page.Text(b.Description)),
		page.Table{Header: []page.Inline{{}, {}}, Caption: "About the boundary " + b.Name, Rows: [][]page.Inline{
			{{page.Text("Sits")}, where},
		}},
		heading("Values · "+strconv.Itoa(len(b.Properties))),
		paragraph(page.Text("What a group of it may say; the nodes and groups it holds inherit each value, shown with source group and the group's id.")),
	)
	values := page.Table{Caption: "Values of the boundary " + b.Name, Header: []page.Inline{
		{page.Text("property")}, {page.Text("type")}, {page.Text("default")}, {page.Text("description")},
	}}
	for _, name := range b.PropertyNames() {
		prop := b.Properties[name]
		values.Rows = append(values.Rows, []page.Inline{{page.CodeSpan(name)}, {page.Text(string(prop.Type))}, {page.Text(prop.Default.Literal())}, {page.Text(prop.Description)}})
	}
	p.Blocks = append(p.Blocks, values,
		heading("Use it in a design"),
		page.CodeBlock{Lang: "yaml", Text: boundarySnippet(c, b)},
		sourceHeading("boundary"),
		page.CodeBlock{Lang: "yaml", Text: c.FileText(b.File, b.Text)},
	)
	p.Footer = page.Inline{page.Text("Human page: " + base + BoundaryPath(id))}
	return p, true
}

// limitsTable lists a product's limits: the range or values it allows,
// its value when left alone, and the page that says so.
func limitsTable(comp *catalogue.Component) page.Table {
	t := page.Table{Caption: "Limits of " + comp.Name, Header: []page.Inline{
		{page.Text("property")}, {page.Text("allowed")}, {page.Text("by default")}, {page.Text("why")}, {page.Text("docs")},
	}}
	for _, prop := range comp.Schema {
		lim := comp.Limits[prop.Name]
		if lim == nil {
			continue
		}
		def := comp.Defaults[prop.Name]
		if !def.IsSet() {
			def = prop.Default
		}
		t.Rows = append(t.Rows, []page.Inline{
			{page.CodeSpan(prop.Name)}, {page.Text(lim.Describe())}, {page.Text(lim.Format(def))}, {page.Text(lim.Note)}, {page.Span{Text: lim.Docs, Href: lim.Docs}},
		})
	}
	return t
}

// guaranteesTable lists a product's published SLAs and what it survives
// without losing acknowledged writes, each for the configuration it needs.
func guaranteesTable(comp *catalogue.Component) page.Table {
	t := page.Table{Caption: "Guarantees of " + comp.Name, Header: []page.Inline{
		{page.Text("guarantee")}, {page.Text("when")}, {page.Text("note")}, {page.Text("docs")},
	}}
	when := func(ws []catalogue.Setting) string {
		if w := catalogue.DescribeWhen(ws); w != "" {
			return w
		}
		return "any configuration"
	}
	for i := range comp.SLA {
		s := &comp.SLA[i]
		condition := catalogue.DescribeSLA(s)
		if condition == "" {
			condition = "any configuration"
		}
		t.Rows = append(t.Rows, []page.Inline{
			{page.Text("SLA " + catalogue.FormatPercent(s.Uptime) + " % monthly uptime")}, {page.Text(condition)}, {page.Text(s.Note)}, {page.Span{Text: s.Docs, Href: s.Docs}},
		})
	}
	for _, d := range comp.Durability {
		failures := "failures"
		if d.FailuresTolerated == 1 {
			failures = "failure"
		}
		t.Rows = append(t.Rows, []page.Inline{
			{page.Text(fmt.Sprintf("survives %d %s %s without losing acknowledged writes", d.FailuresTolerated, d.Of, failures))}, {page.Text(when(d.When))}, {page.Text(d.Note)}, {page.Span{Text: d.Docs, Href: d.Docs}},
		})
	}
	return t
}

// Component returns a component's page: what it is, its properties with
// the values it pins, the rules that select it, the other products of its
// kind, a design snippet and its file verbatim.
func Component(c *catalogue.Catalogue, id, base string) (*page.Page, bool) {
	comp, ok := c.Components[id]
	if !ok {
		return nil, false
	}
	l := pageLinks{base}
	kind := c.Kinds[comp.Kind]
	category := c.Categories[kind.Category]
	p := &page.Page{
		Path:  ComponentPath(id),
		Title: comp.Name,
		Front: []page.Field{
			field("id", comp.ID), field("type", "component"), field("kind", comp.Kind), field("provider", comp.Provider),
			field("category", kind.Category), field("docs", comp.Docs), field("url", base+ComponentPath(id)),
		},
	}
	p.Blocks = append(p.Blocks,
		paragraph(page.Text(comp.Summary)),
		page.Table{Header: []page.Inline{{}, {}}, Caption: "About " + comp.Name, Rows: [][]page.Inline{
			{{page.Text("Provider")}, {l.link(comp.Provider, IndexPath+"?provider="+url.QueryEscape(comp.Provider))}},
			{{page.Text("Kind")}, {l.link(kind.Name, KindPath(kind.ID))}},
			{{page.Text("Category")}, {page.Text(category.Name)}},
			{{page.Text("Official docs")}, {page.Span{Text: comp.Docs, Href: comp.Docs}}},
		}},
		heading("Properties"),
	)
	props := page.Table{Caption: "Properties of " + comp.Name, Header: []page.Inline{
		{page.Text("property")}, {page.Text("type")}, {page.Text("values")}, {page.Text("required")}, {page.Text("kind default")}, {page.Text("this component")},
	}}
	for _, prop := range comp.Schema {
		name := page.Inline{page.CodeSpan(prop.Name)}
		if prop.Advanced {
			name = append(name, page.Text(" (advanced)"))
		}
		pinned := page.Inline{page.Text("inherited")}
		if v, ok := comp.Defaults[prop.Name]; ok {
			pinned = page.Inline{page.BoldSpan(v.Literal())}
		}
		props.Rows = append(props.Rows, []page.Inline{
			name, {page.Text(string(prop.Type))}, enumValues(prop), {page.Text(yesNo(prop.Required))}, {page.Text(prop.Default.Literal())}, pinned,
		})
	}
	p.Blocks = append(p.Blocks, props, paragraph(page.Text("Bold values are the ones this component pins.")))
	if len(comp.Limits) > 0 {
		p.Blocks = append(p.Blocks, heading(fmt.Sprintf("Limits · %d", len(comp.Limits))), limitsTable(comp))
	}
	if len(comp.SLA) > 0 || len(comp.Durability) > 0 {
		p.Blocks = append(p.Blocks, heading("Guarantees"), guaranteesTable(comp),
			paragraph(page.Text("The analysis (designer analyze) takes the first row whose configuration a node has.")))
	}

	rules := c.AllRulesFor(id)
	p.Blocks = append(p.Blocks, heading(fmt.Sprintf("Rules that apply · %d", len(rules))))
	if len(rules) == 0 {
		p.Blocks = append(p.Blocks, paragraph(page.Text("No rule selects this kind or its category.")))
	} else {
		list := page.List{}
		for _, r := range rules {
			kind := ""
			if r.IsConnection() {
				kind = ", on connections"
			}
			list.Items = append(list.Items, page.Inline{l.link(r.Name, RulePath(r.ID)+".md"), page.Text(" — " + string(r.Severity) + kind)})
		}
		p.Blocks = append(p.Blocks, list)
	}

	others := page.List{}
	for _, o := range c.ComponentsOfKind(comp.Kind) {
		if o.ID != id {
			others.Items = append(others.Items, page.Inline{l.link(o.Name, ComponentPath(o.ID)+".md"), page.Text(" "), page.CodeSpan(o.ID), page.Text(" — " + o.Provider)})
		}
	}
	p.Blocks = append(p.Blocks, heading(fmt.Sprintf("Other products of the same kind · %d", len(others.Items))))
	if len(others.Items) > 0 {
		p.Blocks = append(p.Blocks, others)
	} else {
		p.Blocks = append(p.Blocks, paragraph(page.Text("This is the only product of its kind.")))
	}
	p.Blocks = append(p.Blocks,
		heading("Use it in a design"),
		page.CodeBlock{Lang: "yaml", Text: "nodes:\n  - { id: " + strconv.Quote(id) + ", component: " + strconv.Quote(id) + " }\n"},
		sourceHeading("component"),
		page.CodeBlock{Lang: "yaml", Text: c.FileText(comp.File, comp.Text)},
	)
	p.Footer = page.Inline{page.Text("Human page: " + base + ComponentPath(id))}
	return p, true
}

func enumValues(p *catalogue.Property) page.Inline {
	if len(p.Values) == 0 {
		return page.Inline{page.Text("—")}
	}
	var out page.Inline
	for i, v := range p.Values {
		if i > 0 {
			out = append(out, page.Text(", "))
		}
		out = append(out, page.CodeSpan(v))
	}
	return out
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Kind returns a kind's page: its property schema, and every component of
// the kind side by side (pinned values bold, inherited ones plain).
func Kind(c *catalogue.Catalogue, id, base string) (*page.Page, bool) {
	kind, ok := c.Kinds[id]
	if !ok {
		return nil, false
	}
	l := pageLinks{base}
	comps := c.ComponentsOfKind(id)
	p := &page.Page{
		Path:  KindPath(id),
		Title: kind.Name,
		Front: []page.Field{field("id", id), field("type", "kind"), field("category", kind.Category), field("url", base+KindPath(id))},
	}
	p.Blocks = append(p.Blocks,
		paragraph(page.Text(kind.Description)),
		page.Table{Header: []page.Inline{{}, {}}, Caption: "About the kind " + kind.Name, Rows: [][]page.Inline{
			{{page.Text("Category")}, {l.link(c.Categories[kind.Category].Name, IndexPath+"?category="+url.QueryEscape(kind.Category))}},
			{{page.Text("Products")}, {l.link(strconv.Itoa(len(comps)), IndexPath+"?kind="+url.QueryEscape(id))}},
		}},
		heading("Properties"),
	)
	schema := page.Table{Caption: "Properties of the kind " + kind.Name, Header: []page.Inline{
		{page.Text("property")}, {page.Text("type")}, {page.Text("values")}, {page.Text("required")}, {page.Text("default")}, {page.Text("description")},
	}}
	names := kind.PropertyNames()
	for _, name := range names {
		prop := kind.Properties[name]
		cell := page.Inline{page.CodeSpan(name)}
		if prop.Advanced {
			cell = append(cell, page.Text(" (advanced)"))
		}
		schema.Rows = append(schema.Rows, []page.Inline{cell, {page.Text(string(prop.Type))}, enumValues(prop), {page.Text(yesNo(prop.Required))}, {page.Text(prop.Default.Literal())}, {page.Text(prop.Description)}})
	}
	p.Blocks = append(p.Blocks, schema,
		heading(fmt.Sprintf("Products compared · %d", len(comps))),
		paragraph(page.Text("Each product's resolved value of every property: bold where the product pins it, plain where it inherits the kind's default, — where nothing sets it.")),
	)
	compare := page.Table{Caption: "Products of the kind " + kind.Name + " compared", Header: []page.Inline{{page.Text("product")}, {page.Text("provider")}}}
	for _, name := range names {
		compare.Header = append(compare.Header, page.Inline{page.CodeSpan(name)})
	}
	for _, comp := range comps {
		row := []page.Inline{{l.link(comp.Name, ComponentPath(comp.ID))}, {page.Text(comp.Provider)}}
		resolved := catalogue.ResolveNode(comp, &catalogue.Node{ID: comp.ID, Component: comp.ID})
		for _, name := range names {
			rp, _ := resolved.Get(name)
			if rp.Source == catalogue.SourceComponent {
				row = append(row, page.Inline{page.BoldSpan(rp.Value.Literal())})
			} else {
				row = append(row, page.Inline{page.Text(rp.Value.Literal())})
			}
		}
		compare.Rows = append(compare.Rows, row)
	}
	p.Blocks = append(p.Blocks, compare)
	p.Blocks = append(p.Blocks, rulesBlocks(c, base, func(r *catalogue.Rule) bool { return ruleSelectsKind(c, r, id) })...)
	p.Blocks = append(p.Blocks,
		sourceHeading("kind"),
		page.CodeBlock{Lang: "yaml", Text: c.FileText(kind.File, kind.Text)},
	)
	p.Footer = page.Inline{page.Text("Human page: " + base + KindPath(id))}
	return p, true
}

// ruleSelectsKind reports whether a rule concerns any component of kind.
func ruleSelectsKind(c *catalogue.Catalogue, r *catalogue.Rule, kind string) bool {
	for _, comp := range c.ComponentsOfKind(kind) {
		if ruleConcerns(c, r, comp.ID) {
			return true
		}
	}
	return false
}

// ruleConcerns reports whether a rule selects a component (at either end
// of a connection rule).
func ruleConcerns(c *catalogue.Catalogue, r *catalogue.Rule, componentID string) bool {
	for _, sel := range c.AllRulesFor(componentID) {
		if sel == r {
			return true
		}
	}
	return false
}

// rulesBlocks lists the rules that match keep.
func rulesBlocks(c *catalogue.Catalogue, base string, keep func(*catalogue.Rule) bool) []page.Block {
	l := pageLinks{base}
	list := page.List{}
	for _, id := range c.RuleIDs() {
		if r := c.Rules[id]; keep(r) {
			list.Items = append(list.Items, page.Inline{l.link(r.Name, RulePath(id)), page.Text(" — " + string(r.Severity))})
		}
	}
	blocks := []page.Block{heading(fmt.Sprintf("Rules · %d", len(list.Items)))}
	if len(list.Items) == 0 {
		return append(blocks, paragraph(page.Text("No rule selects this kind.")))
	}
	return append(blocks, list)
}

// Rule returns a rule's page: what it selects, its condition in words,
// severity, message, docs, and the components it applies to.
func Rule(c *catalogue.Catalogue, id, base string) (*page.Page, bool) {
	r, ok := c.Rules[id]
	if !ok {
		return nil, false
	}
	l := pageLinks{base}
	p := &page.Page{
		Path:  RulePath(id),
		Title: r.Name,
		Front: []page.Field{field("id", id), field("type", "rule"), field("severity", string(r.Severity)), field("docs", r.Docs), field("url", base+RulePath(id))},
	}
	if r.Description != "" {
		p.Blocks = append(p.Blocks, paragraph(page.Text(r.Description)))
	}
	condition := "every selected node: " + conditionWords(r.Assert)
	if r.When != nil {
		condition = "when " + conditionWords(r.When) + ": " + conditionWords(r.Assert)
	}
	selects := selectorWords(r.Select, c)
	if r.IsConnection() {
		selects = "connections from " + orAny(selectorWords(r.Connection.From, c)) + " to " + orAny(selectorWords(r.Connection.To, c))
	}
	rows := [][]page.Inline{
		{{page.Text("Severity")}, {page.Text(string(r.Severity))}},
		{{page.Text("Selects")}, {page.Text(selects)}},
		{{page.Text("Condition")}, {page.Text(condition)}},
		{{page.Text("Message")}, {page.Text(r.Message)}},
	}
	if len(r.Fixes) > 0 {
		var fixes []string
		for _, opt := range r.Fixes {
			var sets []string
			for _, set := range opt.Set {
				where := ""
				if opt.End != "" {
					where = " on the " + opt.End + " end"
				}
				sets = append(sets, set.Property+" to "+set.Value.Text()+where)
			}
			fixes = append(fixes, "set "+strings.Join(sets, " and "))
		}
		rows = append(rows, []page.Inline{{page.Text("Fixes")}, {page.Text(strings.Join(fixes, "; or "))}})
	}
	rows = append(rows, []page.Inline{{page.Text("Official docs")}, {page.Span{Text: r.Docs, Href: r.Docs}}})
	p.Blocks = append(p.Blocks, page.Table{Header: []page.Inline{{}, {}}, Caption: "About the rule " + r.Name, Rows: rows})
	var applies []*catalogue.Component
	for _, cid := range c.ComponentIDs() {
		if ruleConcerns(c, r, cid) {
			applies = append(applies, c.Components[cid])
		}
	}
	sort.Slice(applies, func(i, j int) bool {
		if applies[i].Kind != applies[j].Kind {
			return applies[i].Kind < applies[j].Kind
		}
		if applies[i].Provider != applies[j].Provider {
			return applies[i].Provider < applies[j].Provider
		}
		return applies[i].ID < applies[j].ID
	})
	list := page.List{}
	for _, comp := range applies {
		list.Items = append(list.Items, page.Inline{l.link(comp.Name, ComponentPath(comp.ID)), page.Text(" "), page.CodeSpan(comp.ID), page.Text(" — " + comp.Kind + ", " + comp.Provider)})
	}
	p.Blocks = append(p.Blocks, heading(fmt.Sprintf("Applies to · %d", len(list.Items))), list,
		sourceHeading("rule"),
		page.CodeBlock{Lang: "yaml", Text: c.FileText(r.File, r.Text)},
	)
	p.Footer = page.Inline{page.Text("Human page: " + base + RulePath(id))}
	return p, true
}

func orAny(s string) string {
	if s == "" {
		return "any component"
	}
	return s
}

// selectorWords says what a selector selects.
func selectorWords(s catalogue.Selector, c *catalogue.Catalogue) string {
	var parts []string
	add := func(what string, ids []string, name func(string) string) {
		if len(ids) == 0 {
			return
		}
		names := make([]string, len(ids))
		for i, id := range ids {
			names[i] = name(id)
		}
		parts = append(parts, what+" "+strings.Join(names, ", "))
	}
	add("components", s.Components, func(id string) string { return c.Components[id].Name })
	add("kinds", s.Kinds, func(id string) string { return c.Kinds[id].Name })
	add("categories", s.Categories, func(id string) string { return c.Categories[id].Name })
	add("providers", s.Providers, func(id string) string { return id })
	return strings.Join(parts, " and ")
}

var opWords = map[catalogue.Op]string{
	catalogue.OpEquals: "is", catalogue.OpNotEquals: "is not", catalogue.OpIn: "is one of", catalogue.OpNotIn: "is none of",
	catalogue.OpGt: "is more than", catalogue.OpGte: "is at least", catalogue.OpLt: "is less than", catalogue.OpLte: "is at most",
	catalogue.OpSet: "is set", catalogue.OpUnset: "is unset",
}

// conditionWords says a condition in English.
func conditionWords(c *catalogue.Condition) string {
	join := func(subs []*catalogue.Condition, sep string) string {
		parts := make([]string, len(subs))
		for i, s := range subs {
			parts[i] = conditionWords(s)
			if len(s.All)+len(s.Any) > 0 {
				parts[i] = "(" + parts[i] + ")"
			}
		}
		return strings.Join(parts, sep)
	}
	switch {
	case c.All != nil:
		return join(c.All, " and ")
	case c.Any != nil:
		return join(c.Any, " or ")
	}
	s := c.Prop + " " + opWords[c.Op]
	switch {
	case c.Ref != "":
		s += " " + c.Ref
	case c.Op == catalogue.OpIn || c.Op == catalogue.OpNotIn:
		vals := make([]string, len(c.Values))
		for i, v := range c.Values {
			vals[i] = v.Text()
		}
		s += " " + strings.Join(vals, ", ")
	case c.Op != catalogue.OpSet && c.Op != catalogue.OpUnset:
		s += " " + c.Value.Text()
	}
	return s
}

// Index lists every component grouped by kind, filtered by query's
// provider, kind, category and q (a search in names, ids, kinds, providers).
func Index(c *catalogue.Catalogue, base string, query url.Values) *page.Page {
	l := pageLinks{base}
	provider, kindFilter, category := query.Get("provider"), query.Get("kind"), query.Get("category")
	q := query.Get("q")
	p := &page.Page{Path: IndexPath, Title: "Catalogue", Front: []page.Field{field("type", "catalogue"), field("url", base+IndexPath)}}
	var filters []string
	for _, f := range []struct{ key, val string }{{"provider", provider}, {"kind", kindFilter}, {"category", category}, {"search", query.Get("q")}} {
		if f.val != "" {
			filters = append(filters, f.key+" "+f.val)
		}
	}
	intro := fmt.Sprintf("%d products of %d kinds, and %d rules.", len(c.Components), len(c.Kinds), len(c.Rules))
	if len(filters) > 0 {
		intro = "Filtered by " + strings.Join(filters, ", ") + "."
	}
	p.Blocks = append(p.Blocks, paragraph(page.Text(intro)))
	shown := 0
	for _, kid := range c.KindIDs() {
		kind := c.Kinds[kid]
		if (kindFilter != "" && kid != kindFilter) || (category != "" && kind.Category != category) {
			continue
		}
		list := page.List{}
		for _, comp := range c.ComponentsOfKind(kid) {
			if provider != "" && comp.Provider != provider {
				continue
			}
			if !comp.Matches(q) {
				continue
			}
			list.Items = append(list.Items, page.Inline{l.link(comp.Name, ComponentPath(comp.ID)), page.Text(" "), page.CodeSpan(comp.ID), page.Text(" — " + comp.Provider)})
		}
		if len(list.Items) == 0 {
			continue
		}
		shown += len(list.Items)
		p.Blocks = append(p.Blocks,
			page.Heading{Content: page.Inline{page.Text(fmt.Sprintf("%s · %d", kind.Name, len(list.Items)))}, About: KindPath(kid)},
			paragraph(page.Text(c.Categories[kind.Category].Name+" · "), l.link("compare the "+strings.ToLower(kind.Name)+" products", KindPath(kid))),
			list,
		)
	}
	if shown == 0 {
		p.Blocks = append(p.Blocks, paragraph(page.Text("No product matches these filters.")))
	}
	if len(filters) == 0 {
		p.Blocks = append(p.Blocks, rulesBlocks(c, base, func(*catalogue.Rule) bool { return true })...)
		bounds := page.List{}
		for _, id := range c.BoundaryIDs() {
			b := c.Boundaries[id]
			bounds.Items = append(bounds.Items, page.Inline{l.link(b.Name, BoundaryPath(id)), page.Text(" "), page.CodeSpan(id), page.Text(" — " + b.Description)})
		}
		if len(bounds.Items) > 0 {
			p.Blocks = append(p.Blocks, heading(fmt.Sprintf("Boundaries · %d", len(bounds.Items))),
				paragraph(page.Text("The groups a design draws around what runs together; what a group says, what it holds inherits.")), bounds)
		}
	}
	return p
}

// heading returns a heading of plain text.
func heading(s string) page.Heading { return page.Heading{Content: page.Inline{page.Text(s)}} }

// sourceHeading titles the verbatim file of a page.
func sourceHeading(typ string) page.Heading {
	return page.Heading{Content: page.Inline{page.Text("Source ("), page.CodeSpan(typ), page.Text(" YAML, verbatim)")}}
}

// field returns a front-matter entry.
func field(key, value string) page.Field { return page.Field{Key: key, Value: value} }

// paragraph returns a paragraph of spans.
func paragraph(spans ...page.Span) page.Paragraph { return page.Paragraph{Content: spans} }

// boundarySnippet is a design that places a node in a group of b, inside
// the groups it needs to sit in (a zone in a region).
func boundarySnippet(c *catalogue.Catalogue, b *catalogue.Boundary) string {
	var chain []*catalogue.Boundary
	for at := b; at != nil && len(chain) < 8; {
		chain = append([]*catalogue.Boundary{at}, chain...)
		if at.TopLevel || len(at.In) == 0 {
			break
		}
		at = c.Boundaries[at.In[0]]
	}
	var s strings.Builder
	s.WriteString("groups:\n")
	parent := ""
	for _, g := range chain {
		id := "my-" + g.ID
		s.WriteString("  - { id: " + strconv.Quote(id) + ", boundary: " + strconv.Quote(g.ID))
		if parent != "" {
			s.WriteString(", in: " + strconv.Quote(parent))
		}
		s.WriteString(" }\n")
		parent = id
	}
	s.WriteString("nodes:\n  - { id: \"kafka\", component: \"kafka\", in: " + strconv.Quote(parent) + " }\n")
	return s.String()
}
