package catalogue

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
)

// placeholders a rule message may use besides property names.
var builtinPlaceholders = []string{"node", "component", "kind", "provider"}

// linkRule checks that every name a rule selects exists and type-checks its
// conditions and message against the schema of every component it selects: a
// property one of them lacks, a value of the wrong type or an enum value that
// cannot occur is an error, not a rule that silently never fires.
func (c *Catalogue) linkRule(r *Rule, errs *ErrorList) {
	d := newDecoder(r.File, errs)
	before := len(*errs)
	// A name whose file failed to load has its own error already; checking the
	// rule against what remains would only mislead.
	skip := false
	checkNames := func(prefix string, sel Selector) {
		for _, list := range []struct {
			key, what, namesFile string
			ids, known           []string
		}{
			{"kinds", "kind", "", sel.Kinds, c.kindIDs},
			{"categories", "category", categoriesFile.path, sel.Categories, slices.Sorted(maps.Keys(c.Categories))},
			{"providers", "provider", providersFile.path, sel.Providers, slices.Sorted(maps.Keys(c.Providers))},
			{"components", "component", "", sel.Components, c.componentIDs},
		} {
			for i, name := range list.ids {
				if c.broken[list.what+":"+name] || c.broken["file:"+list.namesFile] {
					skip = true
					continue
				}
				if !slices.Contains(list.known, name) {
					n := r.nodes[prefix+"."+list.key]
					if n != nil && i < len(n.Content) {
						n = n.Content[i]
					}
					d.Errorf(n, diag.CodeUnknownSelector, "%s.%s: unknown %s `%s`%s", prefix, list.key, list.what, name, diag.DidYouMean(name, list.known))
				}
			}
		}
	}
	if r.IsConnection() {
		checkNames("connection.from", r.Connection.From)
		checkNames("connection.to", r.Connection.To)
	} else {
		checkNames("select", r.Select)
	}
	if len(*errs) > before || skip {
		return
	}
	selectedBy := func(sel Selector, where string) []*Component {
		var out []*Component
		for _, id := range c.componentIDs {
			comp := c.Components[id]
			if sel.Selects(comp, c.Kinds[comp.Kind]) {
				out = append(out, comp)
			}
		}
		if len(out) == 0 {
			for key := range c.broken {
				if strings.HasPrefix(key, "component:") {
					return nil
				}
			}
			d.Errorf(r.nodes[where], diag.CodeNeverApplies, "%s: no component matches every list; the rule would never apply", where)
		}
		return out
	}
	var ends map[string][]*Component // by "" for node rules, "from" and "to" for connections
	if r.IsConnection() {
		ends = map[string][]*Component{"from": selectedBy(r.Connection.From, "connection"), "to": selectedBy(r.Connection.To, "connection")}
	} else {
		ends = map[string][]*Component{"": selectedBy(r.Select, "select")}
	}
	for _, comps := range ends {
		if comps == nil {
			return
		}
	}
	for end, comps := range ends {
		if ends[end] = c.dropChanged(d, r, end, comps); len(ends[end]) == 0 {
			return
		}
	}
	check := func(cond *Condition) {
		cond.leaves(func(leaf *Condition) { c.checkLeaf(d, leaf, r.IsConnection(), ends) })
	}
	check(r.When)
	check(r.Assert)
	c.checkFixes(d, r, ends)
	for _, seg := range r.message {
		if !seg.placeholder {
			continue
		}
		if r.IsConnection() {
			if slices.Contains(edgeFields, seg.text) {
				continue
			}
			end, prop, ok := strings.Cut(seg.text, ".")
			if !ok || (end != "from" && end != "to") {
				d.Errorf(r.nodes["message"], diag.CodeInvalidTemplate, "message: {%s} is none of {from}, {to}, {label}, {flow}, {protocol}, {from.property}, {to.property}", seg.text)
				continue
			}
			if slices.Contains(builtinPlaceholders[1:], prop) {
				continue
			}
			if isPlaced(prop) {
				if c.placedProperty(prop) == nil {
					d.Errorf(r.nodes["message"], diag.CodeInvalidTemplate, "message: {%s}: no boundary has a property `%s`", seg.text, strings.TrimPrefix(prop, "placed."))
				}
				continue
			}
			if missing, _ := lacking(ends[end], prop); missing != "" {
				d.Errorf(r.nodes["message"], diag.CodeInvalidTemplate, "message: {%s}: %s has no property `%s`", seg.text, missing, prop)
			}
			continue
		}
		if slices.Contains(builtinPlaceholders, seg.text) {
			continue
		}
		if isPlaced(seg.text) {
			if c.placedProperty(seg.text) == nil {
				d.Errorf(r.nodes["message"], diag.CodeInvalidTemplate, "message: {%s}: no boundary has a property `%s`", seg.text, strings.TrimPrefix(seg.text, "placed."))
			}
			continue
		}
		if missing, _ := lacking(ends[""], seg.text); missing != "" {
			d.Errorf(r.nodes["message"], diag.CodeInvalidTemplate, "message: {%s} is neither %s nor a property of %s", seg.text, strings.Join(wrap(builtinPlaceholders), ", "), missing)
		}
	}
	if len(*errs) > before {
		return
	}
	c.register(r)
}

// register records which components a checked rule applies to: those it
// selects whose limits allow its premise (When). A rule about failover
// records does not apply to a DNS product that has none: the product's limit
// says so when a design asks for one, with what to use instead, where the
// rule could only offer a fix the product cannot take.
func (c *Catalogue) register(r *Rule) {
	r.placed = whenNeedsPlacement(r.When) || assertNeedsPlacement(r.Assert)
	if c.rulesFor == nil {
		c.rulesFor = map[string][]*Rule{}
	}
	if !r.IsConnection() {
		for i, comp := range c.components {
			if r.Select.Selects(comp, c.componentKinds[i]) && !r.When.cannotHold(comp, "") {
				c.rulesFor[comp.ID] = append(c.rulesFor[comp.ID], r)
			}
		}
		return
	}
	link := &connectionRule{rule: r, from: map[string]bool{}, to: map[string]bool{}}
	if c.connectionsFrom == nil {
		c.connectionsFrom = map[string][]*connectionRule{}
	}
	for i, comp := range c.components {
		kind, id := c.componentKinds[i], comp.ID
		if r.Connection.From.Selects(comp, kind) && !r.When.cannotHold(comp, "from") {
			link.from[id] = true
			c.connectionsFrom[id] = append(c.connectionsFrom[id], link)
		}
		if r.Connection.To.Selects(comp, kind) && !r.When.cannotHold(comp, "to") {
			link.to[id] = true
		}
	}
	c.connections = append(c.connections, link)
}

// cannotHold reports whether comp's limits rule the condition out: a
// comparison asks for a value (equals, in) the component's limit on that
// property does not allow. end is "" in a node rule; in a connection rule it
// is the end comp is at, and comparisons of the other end or of the edge
// are taken as possible.
func (c *Condition) cannotHold(comp *Component, end string) bool {
	switch {
	case c == nil:
		return false
	case c.All != nil:
		for _, sub := range c.All {
			if sub.cannotHold(comp, end) {
				return true
			}
		}
		return false
	case c.Any != nil:
		for _, sub := range c.Any {
			if !sub.cannotHold(comp, end) {
				return false
			}
		}
		return true
	}
	prop := c.Prop
	if end != "" {
		e, name, ok := splitEnd(prop)
		if !ok || e != end {
			return false
		}
		prop = name
	}
	l := comp.Limits[prop]
	if l == nil || c.Ref != "" {
		return false
	}
	switch c.Op {
	case OpEquals:
		return !l.Allows(c.Value)
	case OpIn:
		for _, v := range c.Values {
			if l.Allows(v) {
				return false
			}
		}
		return true
	}
	return false
}

// connectionRule is a linked connection rule with the components at each end.
type connectionRule struct {
	rule     *Rule
	from, to map[string]bool
}

// endFields are what a connection rule may compare of an end besides its
// properties; edgeFields, what its message may name of the edge itself.
var (
	endFields  = []string{"provider", "kind", "component"}
	edgeFields = []string{"from", "to", "label", "flow", "protocol"}
)

// splitEnd splits "from.delivery" into its end and property.
func splitEnd(prop string) (end, name string, ok bool) {
	end, name, ok = strings.Cut(prop, ".")
	return end, name, ok && (end == "from" || end == "to") && name != ""
}

func wrap(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "{" + n + "}"
	}
	return out
}

// lacking names the kinds (or components) among selected whose schema has no
// property prop, with the first of those components, or returns "" when all
// have it.
func lacking(selected []*Component, prop string) (string, *Component) {
	var kinds, comps []string
	var first *Component
	for _, comp := range selected {
		if comp.Property(prop) != nil {
			continue
		}
		if first == nil {
			first = comp
		}
		if !slices.Contains(kinds, comp.Kind) {
			kinds = append(kinds, comp.Kind)
		}
		comps = append(comps, comp.ID)
	}
	if len(comps) == 0 {
		return "", nil
	}
	sort.Strings(kinds)
	if len(comps) > 3 {
		return "kind " + strings.Join(kinds, ", "), first
	}
	return "component " + strings.Join(comps, ", ") + " (kind " + strings.Join(kinds, ", ") + ")", first
}

// dropChanged reports and leaves out the components among selected (at end
// "" of a node rule, "from" or "to" of a connection rule) that a later layer
// than the rule's loaded and that lack a property the rule uses: an overlay
// that changed a product's kind is at fault there, not the rule, so the
// problem points at the overlay's file.
func (c *Catalogue) dropChanged(d *decoder, r *Rule, end string, selected []*Component) []*Component {
	var used []string
	add := func(prop string) {
		if r.IsConnection() {
			e, name, ok := splitEnd(prop)
			if !ok || e != end || slices.Contains(endFields, name) {
				return
			}
			prop = name
		} else if slices.Contains(builtinPlaceholders, prop) {
			return
		}
		if isPlaced(prop) || prop == PropReplicas {
			return // a group's value or the design's, not the component's
		}
		if !slices.Contains(used, prop) {
			used = append(used, prop)
		}
	}
	for _, cond := range []*Condition{r.When, r.Assert} {
		cond.leaves(func(leaf *Condition) {
			add(leaf.Prop)
			if leaf.Ref != "" {
				add(leaf.Ref)
			}
		})
	}
	for _, seg := range r.message {
		if seg.placeholder {
			add(seg.text)
		}
	}
	kept := selected[:0:0]
	for _, comp := range selected {
		var missing []string
		for _, prop := range used {
			if comp.Property(prop) == nil {
				missing = append(missing, "`"+prop+"`")
			}
		}
		if comp.layer <= r.layer || len(missing) == 0 {
			kept = append(kept, comp)
			continue
		}
		rulePos := Pos{File: r.File}
		if n := r.nodes["select"]; n != nil {
			rulePos = d.Pos(n)
		} else if n := r.nodes["connection"]; n != nil {
			rulePos = d.Pos(n)
		}
		d.Errs.Add(comp.pos["kind"], diag.CodeUnknownProperty, "kind: component %s is of kind %s here, which lacks %s that rule %s uses (%s); keep the product's kind, or give the changed product an id of its own",
			comp.ID, comp.Kind, strings.Join(missing, ", "), r.ID, rulePos).Related = []Pos{rulePos}
	}
	return kept
}

// checkLeaf type-checks one comparison against the selected components (of
// the end it names, in a connection rule).
func (c *Catalogue) checkLeaf(d *decoder, leaf *Condition, connection bool, ends map[string][]*Component) {
	if connection && (leaf.Prop == "flow" || leaf.Prop == "protocol") {
		c.checkEdgeLeaf(d, leaf)
		return
	}
	// resolve finds the components and property name a reference names.
	resolve := func(what, prop string) ([]*Component, string, bool) {
		if !connection {
			return ends[""], prop, true
		}
		end, name, ok := splitEnd(prop)
		if !ok {
			d.Errs.Add(leaf.Pos, diag.CodeInvalidCondition, "%s: `%s`: in a connection rule name the end: from.%s or to.%s", what, prop, prop, prop)
			return nil, "", false
		}
		return ends[end], name, true
	}
	selected, name, ok := resolve("prop", leaf.Prop)
	if !ok {
		return
	}
	if isPlaced(name) {
		c.checkPlacedLeaf(d, leaf, name, func(prop string) ([]*Component, string, bool) { return resolve("ref", prop) })
		return
	}
	pseudo := connection && slices.Contains(endFields, name) || name == PropReplicas
	if !pseudo {
		if missing, comp := lacking(selected, name); missing != "" {
			d.Errs.Add(leaf.Pos, diag.CodeUnknownProperty, "prop: %s has no property `%s`%s", missing, name, comp.PropertyHint(name, nil))
			return
		}
	}
	typeOf := func(comps []*Component, prop string) (Type, string) {
		if connection && slices.Contains(endFields, prop) {
			return TypeString, "a string (the end's " + prop + ")"
		}
		if prop == PropReplicas {
			return TypeInteger, "an integer (the node's replicas in the design)"
		}
		p := comps[0].Property(prop)
		return p.Type, p.typeWords()
	}
	t, words := typeOf(selected, name)
	switch leaf.Op {
	case OpGt, OpGte, OpLt, OpLte:
		if t != TypeInteger {
			d.Errs.Add(leaf.Pos, diag.CodeTypeMismatch, "op: `%s` compares integers; `%s` is %s", leaf.Op, leaf.Prop, words)
			return
		}
	}
	for _, comp := range selected {
		if pseudo {
			break
		}
		if p := comp.Property(name); p.Type != t {
			d.Errs.Add(leaf.Pos, diag.CodeTypeMismatch, "prop: `%s` is %s in %s but %s in %s", name, p.typeWords(), comp.ID, words, selected[0].ID)
			return
		}
	}
	if leaf.Ref != "" {
		refComps, refName, ok := resolve("ref", leaf.Ref)
		if !ok {
			return
		}
		if !(connection && slices.Contains(endFields, refName)) {
			if missing, comp := lacking(refComps, refName); missing != "" {
				d.Errs.Add(leaf.Pos, diag.CodeUnknownProperty, "ref: %s has no property `%s`%s", missing, refName, comp.PropertyHint(refName, nil))
				return
			}
		}
		if rt, rwords := typeOf(refComps, refName); rt != t {
			d.Errs.Add(leaf.Pos, diag.CodeTypeMismatch, "ref: `%s` is %s but `%s` is %s; compare properties of the same type", leaf.Prop, words, leaf.Ref, rwords)
			return
		}
	}
	values := leaf.Values
	if leaf.Value.IsSet() {
		values = []Value{leaf.Value}
	}
	for i, v := range values {
		var code Code
		var msg string
		if name == PropReplicas {
			if !v.fits(TypeInteger) {
				code, msg = diag.CodeTypeMismatch, v.Literal()+" is "+v.typeWords()+"; "+PropReplicas+" is an integer"
			}
		} else if pseudo {
			code, msg = c.endValueCanOccur(v, name, selected)
		} else {
			code, msg = valueCanOccur(v, name, selected)
		}
		if msg != "" {
			d.Errorf(leaf.valueNodes[i], code, "value: %s", msg)
		}
	}
}

// endFieldOf returns a component's provider, kind or id.
func endFieldOf(comp *Component, field string) string {
	switch field {
	case "provider":
		return comp.Provider
	case "kind":
		return comp.Kind
	}
	return comp.ID
}

// endValueCanOccur returns why v can never be the provider, kind or
// component of any selected component, with the problem's code, or "".
func (c *Catalogue) endValueCanOccur(v Value, field string, selected []*Component) (Code, string) {
	if !v.fits(TypeString) {
		return diag.CodeTypeMismatch, fmt.Sprintf("%s is %s; the end's %s is a string", v.Literal(), v.typeWords(), field)
	}
	var seen []string
	for _, comp := range selected {
		got := endFieldOf(comp, field)
		if got == v.s {
			return "", ""
		}
		if !slices.Contains(seen, got) {
			seen = append(seen, got)
		}
	}
	sort.Strings(seen)
	return diag.CodeUnknownSelector, fmt.Sprintf("`%s` is not the %s of any component this end selects (%s)%s", v.s, field, strings.Join(seen, ", "), diag.DidYouMean(v.s, seen))
}

// valueCanOccur returns why v can never be a value of prop on any of the
// selected components, with the problem's code, or "" when it can on at
// least one. A rule may compare with a value beyond a property's limits
// (`gt` its maximum proves nothing wrong), so only the type and the enum's
// values count.
func valueCanOccur(v Value, prop string, selected []*Component) (Code, string) {
	var code Code
	var first string
	for _, comp := range selected {
		c, msg := comp.Property(prop).problem(v, nil)
		if msg == "" || c == diag.CodeLimitExceeded {
			return "", ""
		}
		if first == "" {
			code, first = c, msg+" (kind "+comp.Kind+")"
		}
	}
	return code, first
}

// checkEdgeLeaf type-checks a connection rule's comparison of the edge's
// own flow or protocol: strings, compared with flows or the catalogue's
// protocols.
func (c *Catalogue) checkEdgeLeaf(d *decoder, leaf *Condition) {
	switch leaf.Op {
	case OpGt, OpGte, OpLt, OpLte:
		d.Errs.Add(leaf.Pos, diag.CodeTypeMismatch, "op: `%s` compares integers; the edge's %s is a string", leaf.Op, leaf.Prop)
		return
	}
	if leaf.Ref != "" {
		d.Errs.Add(leaf.Pos, diag.CodeInvalidCondition, "ref: compare the edge's %s with values, not another property", leaf.Prop)
		return
	}
	known := Flows
	if leaf.Prop == "protocol" {
		known = slices.Sorted(maps.Keys(c.Protocols))
	}
	values := leaf.Values
	if leaf.Value.IsSet() {
		values = []Value{leaf.Value}
	}
	for i, v := range values {
		switch {
		case !v.fits(TypeString):
			d.Errorf(leaf.valueNodes[i], diag.CodeTypeMismatch, "value: %s is %s; the edge's %s is a string", v.Literal(), v.typeWords(), leaf.Prop)
		case !slices.Contains(known, v.s):
			d.Errorf(leaf.valueNodes[i], diag.CodeEnumValue, "value: `%s` is not a %s; use one of %s%s", diag.Clip(v.s), leaf.Prop, strings.Join(known, ", "), diag.DidYouMean(v.s, known))
		}
	}
}

// PropReplicas is what a rule reads for the number of other nodes the
// design joins to a node by replicaOf (copies of it elsewhere).
const PropReplicas = "design.replicas"

// isPlaced reports whether a rule's property names a value a node's groups
// give it ("placed.zone", "placed.public") rather than one of its own.
func isPlaced(prop string) bool {
	return strings.HasPrefix(prop, "placed.") && len(prop) > len("placed.")
}

// placedProperty is the boundary property a "placed." name reads: the
// first boundary's, by id, that declares it; nil when none does.
func (c *Catalogue) placedProperty(prop string) *Property {
	name := strings.TrimPrefix(prop, "placed.")
	for _, id := range c.BoundaryIDs() {
		if p := c.Boundaries[id].Properties[name]; p != nil {
			return p
		}
	}
	return nil
}

// checkPlacedLeaf type-checks a comparison of a placed value: a boundary
// must declare it, every boundary that does with one type, and the values
// (or the reference) must be of it.
func (c *Catalogue) checkPlacedLeaf(d *decoder, leaf *Condition, name string, resolve func(string) ([]*Component, string, bool)) {
	p := c.placedProperty(name)
	if p == nil {
		var known []string
		for _, id := range c.BoundaryIDs() {
			for prop := range c.Boundaries[id].Properties {
				if !slices.Contains(known, "placed."+prop) {
					known = append(known, "placed."+prop)
				}
			}
		}
		sort.Strings(known)
		d.Errs.Add(leaf.Pos, diag.CodeUnknownProperty, "prop: no boundary has a property `%s`%s", strings.TrimPrefix(name, "placed."), diag.DidYouMean(name, known))
		return
	}
	for _, id := range c.BoundaryIDs() {
		if other := c.Boundaries[id].Properties[p.Name]; other != nil && other.Type != p.Type {
			d.Errs.Add(leaf.Pos, diag.CodeTypeMismatch, "prop: `%s` is %s in boundary %s but %s elsewhere", name, other.typeWords(), id, p.typeWords())
			return
		}
	}
	switch leaf.Op {
	case OpGt, OpGte, OpLt, OpLte:
		if p.Type != TypeInteger {
			d.Errs.Add(leaf.Pos, diag.CodeTypeMismatch, "op: `%s` compares integers; `%s` is %s", leaf.Op, leaf.Prop, p.typeWords())
			return
		}
	}
	if leaf.Ref != "" {
		_, refName, ok := resolve(leaf.Ref)
		if !ok {
			return
		}
		if !isPlaced(refName) || c.placedProperty(refName) == nil || c.placedProperty(refName).Type != p.Type {
			d.Errs.Add(leaf.Pos, diag.CodeTypeMismatch, "ref: compare `%s` with another placed value of the same type (like from.placed.region with to.placed.region)", leaf.Prop)
		}
		return
	}
	values := leaf.Values
	if leaf.Value.IsSet() {
		values = []Value{leaf.Value}
	}
	for i, v := range values {
		if code, msg := p.problem(v, nil); msg != "" && code != diag.CodeLimitExceeded {
			d.Errorf(leaf.valueNodes[i], code, "value: %s (a placed value)", msg)
		}
	}
}

// whenNeedsPlacement reports whether a rule's `when` can only hold when a
// placed value is set, and assertNeedsPlacement whether its `assert` can
// only be broken then. With no groups in a design every placed value is
// unset: a comparison of one is unknown, `set` is false and `unset` true.
// Such a rule cannot fire there, and is skipped.
func whenNeedsPlacement(c *Condition) bool {
	switch {
	case c == nil:
		return false
	case c.All != nil: // holds only if every part does
		return slices.ContainsFunc(c.All, whenNeedsPlacement)
	case c.Any != nil: // holds if one part does
		return !slices.ContainsFunc(c.Any, func(sub *Condition) bool { return !whenNeedsPlacement(sub) })
	}
	return readsPlaced(c) && c.Op != OpUnset
}

func assertNeedsPlacement(c *Condition) bool {
	switch {
	case c == nil:
		return false
	case c.All != nil: // broken if one part is
		return !slices.ContainsFunc(c.All, func(sub *Condition) bool { return !assertNeedsPlacement(sub) })
	case c.Any != nil: // broken only if every part is
		return slices.ContainsFunc(c.Any, assertNeedsPlacement)
	}
	return readsPlaced(c) && c.Op != OpSet && c.Op != OpUnset
}

// readsPlaced reports whether a comparison reads a placed value.
func readsPlaced(c *Condition) bool {
	if end, name, ok := splitEnd(c.Prop); ok && end != "" {
		return isPlaced(name)
	}
	return isPlaced(c.Prop)
}
