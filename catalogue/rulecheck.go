package catalogue

import (
	"fmt"
	"sort"
	"strings"
)

// placeholders a rule message may use besides property names.
var builtinPlaceholders = []string{"node", "component", "kind", "provider"}

// linkRule checks that every name a rule selects exists and type-checks its
// conditions and message against the schema of every component it selects: a
// property one of them lacks, a value of the wrong type or an enum value that
// cannot occur is an error, not a rule that silently never fires.
func (c *Catalogue) linkRule(r *Rule, errs *ErrorList) {
	d := &decoder{file: r.File, errs: errs}
	before := len(*errs)
	// A name whose file failed to load has its own error already; checking the
	// rule against what remains would only mislead.
	skip := false
	checkNames := func(key string, list []string, known []string, what, namesFile string) {
		for i, name := range list {
			if c.broken[what+":"+name] || c.broken["file:"+namesFile] {
				skip = true
				continue
			}
			if !contains(known, name) {
				n := r.nodes["select."+key]
				if n != nil && i < len(n.Content) {
					n = n.Content[i]
				}
				d.errorf(n, "select.%s: unknown %s `%s`%s", key, what, name, didYouMean(name, known))
			}
		}
	}
	checkNames("kinds", r.Select.Kinds, sortedKeys(c.Kinds), "kind", "")
	checkNames("categories", r.Select.Categories, sortedKeys(c.Categories), "category", categoriesFile.path)
	checkNames("providers", r.Select.Providers, sortedKeys(c.Providers), "provider", providersFile.path)
	checkNames("components", r.Select.Components, sortedKeys(c.Components), "component", "")
	if len(*errs) > before || skip {
		return
	}
	var selected []*Component
	for _, id := range sortedKeys(c.Components) {
		comp := c.Components[id]
		if r.Select.Selects(comp, c.Kinds[comp.Kind]) {
			selected = append(selected, comp)
		}
	}
	if len(selected) == 0 {
		for key := range c.broken {
			if strings.HasPrefix(key, "component:") {
				return
			}
		}
		d.errorf(r.nodes["select"], "select: no component matches every list; the rule would never apply")
		return
	}
	check := func(cond *Condition) {
		cond.leaves(func(leaf *Condition) { c.checkLeaf(d, leaf, selected) })
	}
	check(r.When)
	check(r.Assert)
	for _, seg := range r.message {
		if !seg.placeholder || contains(builtinPlaceholders, seg.text) {
			continue
		}
		if missing := lacking(selected, seg.text); missing != "" {
			d.errorf(r.nodes["message"], "message: {%s} is neither %s nor a property of %s", seg.text, strings.Join(wrap(builtinPlaceholders), ", "), missing)
		}
	}
	if len(*errs) > before {
		return
	}
	for _, comp := range selected {
		c.rulesFor[comp.ID] = append(c.rulesFor[comp.ID], r)
	}
}

func wrap(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "{" + n + "}"
	}
	return out
}

// lacking names the kinds (or components) among selected whose schema has no
// property prop, or returns "" when all have it.
func lacking(selected []*Component, prop string) string {
	var kinds, comps []string
	for _, comp := range selected {
		if comp.Property(prop) != nil {
			continue
		}
		if !contains(kinds, comp.Kind) {
			kinds = append(kinds, comp.Kind)
		}
		comps = append(comps, comp.ID)
	}
	if len(comps) == 0 {
		return ""
	}
	sort.Strings(kinds)
	if len(comps) > 3 {
		return "kind " + strings.Join(kinds, ", ")
	}
	return "component " + strings.Join(comps, ", ") + " (kind " + strings.Join(kinds, ", ") + ")"
}

// checkLeaf type-checks one comparison against the selected components.
func (c *Catalogue) checkLeaf(d *decoder, leaf *Condition, selected []*Component) {
	if missing := lacking(selected, leaf.Prop); missing != "" {
		d.errs.Add(leaf.Pos, "prop: %s has no property `%s`%s", missing, leaf.Prop, didYouMean(leaf.Prop, selected[0].PropertyNames()))
		return
	}
	if leaf.Ref != "" {
		if missing := lacking(selected, leaf.Ref); missing != "" {
			d.errs.Add(leaf.Pos, "ref: %s has no property `%s`%s", missing, leaf.Ref, didYouMean(leaf.Ref, selected[0].PropertyNames()))
			return
		}
	}
	for _, comp := range selected {
		p := comp.Property(leaf.Prop)
		switch leaf.Op {
		case OpGt, OpGte, OpLt, OpLte:
			if p.Type != TypeInteger {
				d.errs.Add(leaf.Pos, "op: `%s` compares integers; `%s` is %s in %s", leaf.Op, p.Name, p.typeWords(), comp.ID)
				return
			}
		}
		if leaf.Ref != "" {
			if q := comp.Property(leaf.Ref); q.Type != p.Type {
				d.errs.Add(leaf.Pos, "ref: `%s` is %s but `%s` is %s in %s; compare properties of the same type", p.Name, p.typeWords(), q.Name, q.typeWords(), comp.ID)
				return
			}
		}
	}
	values := leaf.Values
	if leaf.Value.IsSet() {
		values = []Value{leaf.Value}
	}
	for i, v := range values {
		if msg := valueCanOccur(v, leaf.Prop, selected); msg != "" {
			d.errorf(leaf.valueNodes[i], "value: %s", msg)
		}
	}
}

// valueCanOccur returns why v can never be a value of prop on any of the
// selected components, or "" when it can on at least one.
func valueCanOccur(v Value, prop string, selected []*Component) string {
	var first string
	for _, comp := range selected {
		p := comp.Property(prop)
		msg := ""
		if !v.fits(p.Type) {
			msg = fmt.Sprintf("%s is %s; %s is %s", v.Literal(), v.typeWords(), prop, p.typeWords())
		} else if p.Type == TypeEnum && !contains(p.Values, v.s) {
			msg = fmt.Sprintf("`%s` is not one of %s%s", v.s, strings.Join(p.Values, ", "), didYouMean(v.s, p.Values))
		}
		if msg == "" {
			return ""
		}
		if first == "" {
			first = msg + " (kind " + comp.Kind + ")"
		}
	}
	return first
}
