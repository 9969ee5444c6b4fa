package catalogue

import (
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
)

// Rule evaluation: a rule reads values through a scope (one node, or the two
// ends of an edge) in three-valued logic, and renders its message from them.

// scope is what conditions and messages read values from: a resolved node,
// or the two ends of an edge.
type scope interface {
	value(prop string) Value
	placeholder(name string) string
	// target is the node a fix for end ("" in a node rule) changes.
	target(end string) *ResolvedNode
}

func (n *ResolvedNode) value(prop string) Value {
	if isPlaced(prop) {
		v, _ := n.PlacedValue(prop[len("placed."):])
		return v.Value
	}
	if prop == PropReplicas {
		return IntValue(int64(n.replicas))
	}
	p, _ := n.Get(prop)
	return p.Value
}

// nodeScope is a node rule's view of one node.
type nodeScope struct {
	comp *Component
	node *ResolvedNode
}

func (s *nodeScope) value(prop string) Value { return s.node.value(prop) }

func (s *nodeScope) target(string) *ResolvedNode { return s.node }

func (s *nodeScope) placeholder(name string) string {
	switch name {
	case "node":
		return s.node.ID
	case "component", "kind", "provider":
		return endFieldOf(s.comp, name)
	}
	return s.node.value(name).Text()
}

// edgeScope is a connection rule's view of an edge: "from.x" and "to.x",
// and the edge's own "flow" and "protocol".
type edgeScope struct {
	from, to *ResolvedNode
	label    string
	flow     Flow
	protocol string
}

func (s *edgeScope) end(prop string) (*ResolvedNode, string) {
	end, name, _ := splitEnd(prop)
	if end == "from" {
		return s.from, name
	}
	return s.to, name
}

func (s *edgeScope) target(end string) *ResolvedNode {
	if end == "from" {
		return s.from
	}
	return s.to
}

func (s *edgeScope) value(prop string) Value {
	switch prop {
	case "flow":
		return StringValue(string(s.flow))
	case "protocol":
		if s.protocol == "" {
			return Value{}
		}
		return StringValue(s.protocol)
	}
	n, name := s.end(prop)
	if slices.Contains(endFields, name) {
		if name == "provider" && n.comp.Provider == "default" {
			// A vendor-neutral product runs where it is placed: self-run
			// Kafka in an AWS region is on AWS.
			if v, ok := n.PlacedValue("provider"); ok {
				return v.Value
			}
		}
		return StringValue(endFieldOf(n.comp, name))
	}
	return n.value(name)
}

func (s *edgeScope) placeholder(name string) string {
	switch name {
	case "from":
		return s.from.ID
	case "to":
		return s.to.ID
	case "label":
		return s.label
	case "protocol":
		if s.protocol == "" {
			return "unstated"
		}
	}
	return s.value(name).Text()
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

// eval evaluates the rule in scope s and returns the violation when When
// holds and Assert is broken.
func (r *Rule) eval(s scope) (Violation, bool) {
	if r.When != nil && r.When.eval(s) != yes {
		return Violation{}, false
	}
	if r.Assert.eval(s) != no {
		return Violation{}, false
	}
	return Violation{Rule: r.ID, Severity: r.Severity, Property: r.property, Message: r.render(s), Docs: r.Docs, Fixes: r.fixes(s)}, true
}

func (c *Condition) eval(n scope) truth {
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
	a := n.value(c.Prop)
	switch c.Op {
	case OpSet:
		return truthOf(a.IsSet())
	case OpUnset:
		return truthOf(!a.IsSet())
	}
	if !a.IsSet() {
		return unknown
	}
	other := c.Value
	if c.Ref != "" {
		if other = n.value(c.Ref); !other.IsSet() {
			return unknown
		}
	}
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

// render fills the rule's message.
func (r *Rule) render(s scope) string {
	var b strings.Builder
	for _, seg := range r.message {
		if seg.placeholder {
			b.WriteString(diag.Clip(s.placeholder(seg.text))) // a design's text may be 10,000 characters
		} else {
			b.WriteString(seg.text)
		}
	}
	return b.String()
}
