package catalogue

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// Paths of the catalogue pages in the app; each is also served with ".md".
const (
	IndexPath      = "/catalogue"
	kindsPath      = "/catalogue/kinds/"
	componentsPath = "/catalogue/components/"
	rulesPath      = "/catalogue/rules/"
)

// ComponentPath returns the path of a component's page.
func ComponentPath(id string) string { return componentsPath + id }

// KindPath returns the path of a kind's page.
func KindPath(id string) string { return kindsPath + id }

// RulePath returns the path of a rule's page.
func RulePath(id string) string { return rulesPath + id }

// pageLinks builds links against a base URL ("https://host", no slash).
type pageLinks struct{ base string }

func (l pageLinks) link(text, path string) Span {
	return Span{Text: text, Href: l.base + path, Internal: path}
}

// PagePaths returns the path of every page: the index, then the kinds,
// components and rules in id order.
func (c *Catalogue) PagePaths() []string {
	paths := []string{IndexPath}
	for _, id := range c.kindIDs {
		paths = append(paths, KindPath(id))
	}
	for _, id := range c.componentIDs {
		paths = append(paths, ComponentPath(id))
	}
	for _, id := range c.RuleIDs() {
		paths = append(paths, RulePath(id))
	}
	return paths
}

// PageFor returns the page at path ("/catalogue", "/catalogue/kinds/stream",
// with or without ".md"), with links against base, or false when no page
// has that path. query holds the index's filters (provider, kind,
// category, q).
func (c *Catalogue) PageFor(path, base string, query url.Values) (*Page, bool) {
	path = strings.TrimSuffix(strings.TrimSuffix(path, ".md"), "/")
	switch {
	case path == IndexPath:
		return c.IndexPage(base, query), true
	case strings.HasPrefix(path, kindsPath):
		return c.KindPage(strings.TrimPrefix(path, kindsPath), base)
	case strings.HasPrefix(path, componentsPath):
		return c.ComponentPage(strings.TrimPrefix(path, componentsPath), base)
	case strings.HasPrefix(path, rulesPath):
		return c.RulePage(strings.TrimPrefix(path, rulesPath), base)
	}
	return nil, false
}

// ComponentPage returns a component's page: what it is, its properties with
// the values it pins, the rules that select it, the other products of its
// kind, a design snippet and its file verbatim.
func (c *Catalogue) ComponentPage(id, base string) (*Page, bool) {
	comp, ok := c.Components[id]
	if !ok {
		return nil, false
	}
	l := pageLinks{base}
	kind := c.Kinds[comp.Kind]
	category := c.Categories[kind.Category]
	p := &Page{
		Path:  ComponentPath(id),
		Title: comp.Name,
		Front: []Field{
			{"id", comp.ID}, {"type", "component"}, {"kind", comp.Kind}, {"provider", comp.Provider},
			{"category", kind.Category}, {"docs", comp.Docs}, {"url", base + ComponentPath(id)},
		},
	}
	p.Blocks = append(p.Blocks,
		Paragraph{Inline{Text(comp.Summary)}},
		Table{Header: []Inline{{}, {}}, Caption: "About " + comp.Name, Rows: [][]Inline{
			{{Text("Provider")}, {l.link(comp.Provider, IndexPath+"?provider="+url.QueryEscape(comp.Provider))}},
			{{Text("Kind")}, {l.link(kind.Name, KindPath(kind.ID))}},
			{{Text("Category")}, {Text(category.Name)}},
			{{Text("Official docs")}, {Span{Text: comp.Docs, Href: comp.Docs}}},
		}},
		heading("Properties"),
	)
	props := Table{Caption: "Properties of " + comp.Name, Header: []Inline{
		{Text("property")}, {Text("type")}, {Text("values")}, {Text("required")}, {Text("kind default")}, {Text("this component")},
	}}
	for _, prop := range comp.Schema {
		name := Inline{CodeSpan(prop.Name)}
		if prop.Advanced {
			name = append(name, Text(" (advanced)"))
		}
		pinned := Inline{Text("inherited")}
		if v, ok := comp.Defaults[prop.Name]; ok {
			pinned = Inline{BoldSpan(v.Literal())}
		}
		props.Rows = append(props.Rows, []Inline{
			name, {Text(string(prop.Type))}, enumValues(prop), {Text(yesNo(prop.Required))}, {Text(prop.Default.Literal())}, pinned,
		})
	}
	p.Blocks = append(p.Blocks, props, Paragraph{Inline{Text("Bold values are the ones this component pins.")}})

	rules := c.AllRulesFor(id)
	p.Blocks = append(p.Blocks, heading(fmt.Sprintf("Rules that apply · %d", len(rules))))
	if len(rules) == 0 {
		p.Blocks = append(p.Blocks, Paragraph{Inline{Text("No rule selects this kind or its category.")}})
	} else {
		list := List{}
		for _, r := range rules {
			kind := ""
			if r.IsConnection() {
				kind = ", on connections"
			}
			list.Items = append(list.Items, Inline{l.link(r.Name, RulePath(r.ID)+".md"), Text(" — " + string(r.Severity) + kind)})
		}
		p.Blocks = append(p.Blocks, list)
	}

	others := List{}
	for _, o := range c.ComponentsOfKind(comp.Kind) {
		if o.ID != id {
			others.Items = append(others.Items, Inline{l.link(o.Name, ComponentPath(o.ID)+".md"), Text(" "), CodeSpan(o.ID), Text(" — " + o.Provider)})
		}
	}
	p.Blocks = append(p.Blocks, heading(fmt.Sprintf("Other products of the same kind · %d", len(others.Items))))
	if len(others.Items) > 0 {
		p.Blocks = append(p.Blocks, others)
	} else {
		p.Blocks = append(p.Blocks, Paragraph{Inline{Text("This is the only product of its kind.")}})
	}
	p.Blocks = append(p.Blocks,
		heading("Use it in a design"),
		CodeBlock{Lang: "yaml", Text: "nodes:\n  - { id: " + strconv.Quote(id) + ", component: " + strconv.Quote(id) + " }\n"},
		sourceHeading("component"),
		CodeBlock{Lang: "yaml", Text: c.text(comp.File, comp.Text)},
	)
	p.Footer = Inline{Text("Human page: " + base + ComponentPath(id))}
	return p, true
}

func enumValues(p *Property) Inline {
	if len(p.Values) == 0 {
		return Inline{Text("—")}
	}
	var out Inline
	for i, v := range p.Values {
		if i > 0 {
			out = append(out, Text(", "))
		}
		out = append(out, CodeSpan(v))
	}
	return out
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// KindPage returns a kind's page: its property schema, and every component of
// the kind side by side (pinned values bold, inherited ones plain).
func (c *Catalogue) KindPage(id, base string) (*Page, bool) {
	kind, ok := c.Kinds[id]
	if !ok {
		return nil, false
	}
	l := pageLinks{base}
	comps := c.ComponentsOfKind(id)
	p := &Page{
		Path:  KindPath(id),
		Title: kind.Name,
		Front: []Field{{"id", id}, {"type", "kind"}, {"category", kind.Category}, {"url", base + KindPath(id)}},
	}
	p.Blocks = append(p.Blocks,
		Paragraph{Inline{Text(kind.Description)}},
		Table{Header: []Inline{{}, {}}, Caption: "About the kind " + kind.Name, Rows: [][]Inline{
			{{Text("Category")}, {l.link(c.Categories[kind.Category].Name, IndexPath+"?category="+url.QueryEscape(kind.Category))}},
			{{Text("Products")}, {l.link(strconv.Itoa(len(comps)), IndexPath+"?kind="+url.QueryEscape(id))}},
		}},
		heading("Properties"),
	)
	schema := Table{Caption: "Properties of the kind " + kind.Name, Header: []Inline{
		{Text("property")}, {Text("type")}, {Text("values")}, {Text("required")}, {Text("default")}, {Text("description")},
	}}
	names := kind.PropertyNames()
	for _, name := range names {
		prop := kind.Properties[name]
		cell := Inline{CodeSpan(name)}
		if prop.Advanced {
			cell = append(cell, Text(" (advanced)"))
		}
		schema.Rows = append(schema.Rows, []Inline{cell, {Text(string(prop.Type))}, enumValues(prop), {Text(yesNo(prop.Required))}, {Text(prop.Default.Literal())}, {Text(prop.Description)}})
	}
	p.Blocks = append(p.Blocks, schema,
		heading(fmt.Sprintf("Products compared · %d", len(comps))),
		Paragraph{Inline{Text("Each product's resolved value of every property: bold where the product pins it, plain where it inherits the kind's default, — where nothing sets it.")}},
	)
	compare := Table{Caption: "Products of the kind " + kind.Name + " compared", Header: []Inline{{Text("product")}, {Text("provider")}}}
	for _, name := range names {
		compare.Header = append(compare.Header, Inline{CodeSpan(name)})
	}
	for _, comp := range comps {
		row := []Inline{{l.link(comp.Name, ComponentPath(comp.ID))}, {Text(comp.Provider)}}
		resolved := ResolveNode(comp, &Node{ID: comp.ID, Component: comp.ID})
		for _, name := range names {
			rp, _ := resolved.Get(name)
			if rp.Source == SourceComponent {
				row = append(row, Inline{BoldSpan(rp.Value.Literal())})
			} else {
				row = append(row, Inline{Text(rp.Value.Literal())})
			}
		}
		compare.Rows = append(compare.Rows, row)
	}
	p.Blocks = append(p.Blocks, compare)
	p.Blocks = append(p.Blocks, c.rulesBlocks(base, func(r *Rule) bool { return c.ruleSelectsKind(r, id) })...)
	p.Blocks = append(p.Blocks,
		sourceHeading("kind"),
		CodeBlock{Lang: "yaml", Text: c.text(kind.File, kind.Text)},
	)
	p.Footer = Inline{Text("Human page: " + base + KindPath(id))}
	return p, true
}

// ruleSelectsKind reports whether a rule concerns any component of kind.
func (c *Catalogue) ruleSelectsKind(r *Rule, kind string) bool {
	for _, comp := range c.ComponentsOfKind(kind) {
		if c.ruleConcerns(r, comp.ID) {
			return true
		}
	}
	return false
}

// ruleConcerns reports whether a rule selects a component (at either end
// of a connection rule).
func (c *Catalogue) ruleConcerns(r *Rule, componentID string) bool {
	for _, sel := range c.AllRulesFor(componentID) {
		if sel == r {
			return true
		}
	}
	return false
}

// rulesBlocks lists the rules that match keep.
func (c *Catalogue) rulesBlocks(base string, keep func(*Rule) bool) []Block {
	l := pageLinks{base}
	list := List{}
	for _, id := range c.RuleIDs() {
		if r := c.Rules[id]; keep(r) {
			list.Items = append(list.Items, Inline{l.link(r.Name, RulePath(id)), Text(" — " + string(r.Severity))})
		}
	}
	blocks := []Block{heading(fmt.Sprintf("Rules · %d", len(list.Items)))}
	if len(list.Items) == 0 {
		return append(blocks, Paragraph{Inline{Text("No rule selects this kind.")}})
	}
	return append(blocks, list)
}

// RulePage returns a rule's page: what it selects, its condition in words,
// severity, message, docs, and the components it applies to.
func (c *Catalogue) RulePage(id, base string) (*Page, bool) {
	r, ok := c.Rules[id]
	if !ok {
		return nil, false
	}
	l := pageLinks{base}
	p := &Page{
		Path:  RulePath(id),
		Title: r.Name,
		Front: []Field{{"id", id}, {"type", "rule"}, {"severity", string(r.Severity)}, {"docs", r.Docs}, {"url", base + RulePath(id)}},
	}
	if r.Description != "" {
		p.Blocks = append(p.Blocks, Paragraph{Inline{Text(r.Description)}})
	}
	condition := "every selected node: " + r.Assert.words()
	if r.When != nil {
		condition = "when " + r.When.words() + ": " + r.Assert.words()
	}
	selects := r.Select.words(c)
	if r.IsConnection() {
		selects = "connections from " + orAny(r.Connection.From.words(c)) + " to " + orAny(r.Connection.To.words(c))
	}
	p.Blocks = append(p.Blocks, Table{Header: []Inline{{}, {}}, Caption: "About the rule " + r.Name, Rows: [][]Inline{
		{{Text("Severity")}, {Text(string(r.Severity))}},
		{{Text("Selects")}, {Text(selects)}},
		{{Text("Condition")}, {Text(condition)}},
		{{Text("Message")}, {Text(r.Message)}},
		{{Text("Official docs")}, {Span{Text: r.Docs, Href: r.Docs}}},
	}})
	var applies []*Component
	for _, cid := range c.ComponentIDs() {
		if c.ruleConcerns(r, cid) {
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
	list := List{}
	for _, comp := range applies {
		list.Items = append(list.Items, Inline{l.link(comp.Name, ComponentPath(comp.ID)), Text(" "), CodeSpan(comp.ID), Text(" — " + comp.Kind + ", " + comp.Provider)})
	}
	p.Blocks = append(p.Blocks, heading(fmt.Sprintf("Applies to · %d", len(list.Items))), list,
		sourceHeading("rule"),
		CodeBlock{Lang: "yaml", Text: c.text(r.File, r.Text)},
	)
	p.Footer = Inline{Text("Human page: " + base + RulePath(id))}
	return p, true
}

func orAny(s string) string {
	if s == "" {
		return "any component"
	}
	return s
}

// words says what a selector selects.
func (s Selector) words(c *Catalogue) string {
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

var opWords = map[Op]string{
	OpEquals: "is", OpNotEquals: "is not", OpIn: "is one of", OpNotIn: "is none of",
	OpGt: "is more than", OpGte: "is at least", OpLt: "is less than", OpLte: "is at most",
	OpSet: "is set", OpUnset: "is unset",
}

// words says a condition in English.
func (c *Condition) words() string {
	join := func(subs []*Condition, sep string) string {
		parts := make([]string, len(subs))
		for i, s := range subs {
			parts[i] = s.words()
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
	case c.Op == OpIn || c.Op == OpNotIn:
		vals := make([]string, len(c.Values))
		for i, v := range c.Values {
			vals[i] = v.Text()
		}
		s += " " + strings.Join(vals, ", ")
	case c.Op != OpSet && c.Op != OpUnset:
		s += " " + c.Value.Text()
	}
	return s
}

// IndexPage lists every component grouped by kind, filtered by query's
// provider, kind, category and q (a search in names, ids, kinds, providers).
func (c *Catalogue) IndexPage(base string, query url.Values) *Page {
	l := pageLinks{base}
	provider, kindFilter, category := query.Get("provider"), query.Get("kind"), query.Get("category")
	q := strings.ToLower(strings.TrimSpace(query.Get("q")))
	p := &Page{Path: IndexPath, Title: "Catalogue", Front: []Field{{"type", "catalogue"}, {"url", base + IndexPath}}}
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
	p.Blocks = append(p.Blocks, Paragraph{Inline{Text(intro)}})
	shown := 0
	for _, kid := range c.KindIDs() {
		kind := c.Kinds[kid]
		if (kindFilter != "" && kid != kindFilter) || (category != "" && kind.Category != category) {
			continue
		}
		list := List{}
		for _, comp := range c.ComponentsOfKind(kid) {
			if provider != "" && comp.Provider != provider {
				continue
			}
			if q != "" && !strings.Contains(strings.ToLower(comp.Name+" "+comp.ID+" "+comp.Kind+" "+comp.Provider), q) {
				continue
			}
			list.Items = append(list.Items, Inline{l.link(comp.Name, ComponentPath(comp.ID)), Text(" "), CodeSpan(comp.ID), Text(" — " + comp.Provider)})
		}
		if len(list.Items) == 0 {
			continue
		}
		shown += len(list.Items)
		p.Blocks = append(p.Blocks,
			heading(fmt.Sprintf("%s · %d", kind.Name, len(list.Items))),
			Paragraph{Inline{Text(c.Categories[kind.Category].Name + " · "), l.link("compare the "+strings.ToLower(kind.Name)+" products", KindPath(kid))}},
			list,
		)
	}
	if shown == 0 {
		p.Blocks = append(p.Blocks, Paragraph{Inline{Text("No product matches these filters.")}})
	}
	if len(filters) == 0 {
		p.Blocks = append(p.Blocks, c.rulesBlocks(base, func(*Rule) bool { return true })...)
	}
	return p
}
