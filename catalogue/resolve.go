package catalogue

import (
	"sort"
	"strings"
)

// Source says where a resolved property value comes from.
type Source string

// The sources of a resolved value, from most to least specific.
const (
	SourceDesign    Source = "design"    // the node overrides it
	SourceComponent Source = "component" // the component pins it
	SourceKind      Source = "kind"      // a declared default, of the kind or the component
	SourceUnset     Source = "unset"     // nothing gives it a value
)

// ResolvedProperty is one property of a node with its value and source.
type ResolvedProperty struct {
	Name   string
	Value  Value
	Source Source
}

// ResolvedNode is a node with every property of its component resolved,
// sorted by property name.
type ResolvedNode struct {
	ID         string
	Component  string
	Kind       string
	Properties []ResolvedProperty
}

// Get returns the resolved property name and whether the node has it.
func (n *ResolvedNode) Get(name string) (ResolvedProperty, bool) {
	if len(n.Properties) <= 16 {
		// A scan beats a binary search at the size of a kind's schema.
		for _, p := range n.Properties {
			if p.Name == name {
				return p, true
			}
		}
		return ResolvedProperty{}, false
	}
	i := sort.Search(len(n.Properties), func(i int) bool { return n.Properties[i].Name >= name })
	if i < len(n.Properties) && n.Properties[i].Name == name {
		return n.Properties[i], true
	}
	return ResolvedProperty{}, false
}

// Violation is a rule that a node breaks.
type Violation struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Node     string   `json:"node"`
	Property string   `json:"property"`
	Message  string   `json:"message"`
}

// Resolution is the result of resolving a design: its nodes in design order
// and the violations, sorted by node order, then severity (worst first), then
// rule id.
type Resolution struct {
	Nodes      []ResolvedNode
	Violations []Violation
}

// Worst returns the worst severity among the violations, or "".
func (r *Resolution) Worst() Severity {
	var worst Severity
	for _, v := range r.Violations {
		if v.Severity.Rank() > worst.Rank() {
			worst = v.Severity
		}
	}
	return worst
}

// Resolve resolves every node of a design that Check accepted and runs the
// rules. Nodes whose component is unknown are left out.
func (c *Catalogue) Resolve(d *Design) *Resolution {
	res := &Resolution{Nodes: make([]ResolvedNode, 0, len(d.Nodes))}
	// One allocation for every node's properties keeps large designs cheap.
	total := 0
	for i := range d.Nodes {
		if comp, ok := c.Components[d.Nodes[i].Component]; ok {
			total += len(comp.Schema)
		}
	}
	slab := make([]ResolvedProperty, total)
	for i := range d.Nodes {
		n := &d.Nodes[i]
		comp, ok := c.Components[n.Component]
		if !ok {
			continue
		}
		rn := resolveInto(comp, n, slab[:len(comp.Schema):len(comp.Schema)])
		slab = slab[len(comp.Schema):]
		res.Nodes = append(res.Nodes, rn)
		first := len(res.Violations)
		for j, p := range comp.Schema {
			if p.Required && !rn.Properties[j].Value.IsSet() {
				res.Violations = append(res.Violations, Violation{
					Rule: "required", Severity: SeverityError, Node: n.ID, Property: p.Name,
					Message: "`" + p.Name + "` is required by kind " + comp.Kind + " and has no value; set it on the node",
				})
			}
		}
		for _, r := range c.rulesFor[comp.ID] {
			if v, broken := r.Check(comp, &rn); broken {
				res.Violations = append(res.Violations, v)
			}
		}
		mine := res.Violations[first:]
		sort.SliceStable(mine, func(a, b int) bool { return mine[a].Severity.Rank() > mine[b].Severity.Rank() })
	}
	return res
}

// ResolveNode resolves one node of component comp.
func ResolveNode(comp *Component, n *Node) ResolvedNode {
	return resolveInto(comp, n, make([]ResolvedProperty, len(comp.Schema)))
}

// resolveInto resolves a node into props, which has one entry per property.
func resolveInto(comp *Component, n *Node, props []ResolvedProperty) ResolvedNode {
	rn := ResolvedNode{ID: n.ID, Component: comp.ID, Kind: comp.Kind, Properties: props}
	for i, p := range comp.Schema {
		rp := ResolvedProperty{Name: p.Name, Source: SourceUnset}
		override, overridden := Value{}, false
		if len(n.Props) > 0 {
			override, overridden = n.Props[p.Name]
		}
		if overridden {
			rp.Value, rp.Source = override, SourceDesign
		} else if v := comp.pinned[i]; v.IsSet() {
			rp.Value, rp.Source = v, SourceComponent
		} else if p.Default.IsSet() {
			rp.Value, rp.Source = p.Default, SourceKind
		}
		rn.Properties[i] = rp
	}
	return rn
}

// truth is a three-valued logic result: a comparison with an unset property
// is unknown, and a rule fires only when its condition is known to be broken.
type truth int8

const (
	unknown truth = iota
	no
	yes
)

func truthOf(b bool) truth {
	if b {
		return yes
	}
	return no
}

// Check runs the rule on a resolved node of component comp and returns the
// violation when the node is selected, When holds and Assert is broken.
func (r *Rule) Check(comp *Component, n *ResolvedNode) (Violation, bool) {
	if r.When != nil && r.When.eval(n) != yes {
		return Violation{}, false
	}
	if r.Assert.eval(n) != no {
		return Violation{}, false
	}
	return Violation{Rule: r.ID, Severity: r.Severity, Node: n.ID, Property: r.property, Message: r.render(comp, n)}, true
}

func (c *Condition) eval(n *ResolvedNode) truth {
	switch {
	case c.All != nil:
		result := yes
		for _, sub := range c.All {
			switch sub.eval(n) {
			case no:
				return no
			case unknown:
				result = unknown
			}
		}
		return result
	case c.Any != nil:
		result := no
		for _, sub := range c.Any {
			switch sub.eval(n) {
			case yes:
				return yes
			case unknown:
				result = unknown
			}
		}
		return result
	}
	p, _ := n.Get(c.Prop)
	switch c.Op {
	case OpSet:
		return truthOf(p.Value.IsSet())
	case OpUnset:
		return truthOf(!p.Value.IsSet())
	}
	if !p.Value.IsSet() {
		return unknown
	}
	other := c.Value
	if c.Ref != "" {
		q, _ := n.Get(c.Ref)
		if !q.Value.IsSet() {
			return unknown
		}
		other = q.Value
	}
	a := p.Value
	switch c.Op {
	case OpEquals:
		return truthOf(a == other)
	case OpNotEquals:
		return truthOf(a != other)
	case OpIn, OpNotIn:
		found := false
		for _, v := range c.Values {
			if v == a {
				found = true
				break
			}
		}
		return truthOf(found == (c.Op == OpIn))
	case OpGt:
		return truthOf(a.i > other.i)
	case OpGte:
		return truthOf(a.i >= other.i)
	case OpLt:
		return truthOf(a.i < other.i)
	case OpLte:
		return truthOf(a.i <= other.i)
	}
	return unknown
}

// render fills the rule's message for node n.
func (r *Rule) render(comp *Component, n *ResolvedNode) string {
	var b strings.Builder
	for _, seg := range r.message {
		if !seg.placeholder {
			b.WriteString(seg.text)
			continue
		}
		switch seg.text {
		case "node":
			b.WriteString(n.ID)
		case "component":
			b.WriteString(comp.ID)
		case "kind":
			b.WriteString(comp.Kind)
		case "provider":
			b.WriteString(comp.Provider)
		default:
			p, _ := n.Get(seg.text)
			b.WriteString(p.Value.Text())
		}
	}
	return b.String()
}
