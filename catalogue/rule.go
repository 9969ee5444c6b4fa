package catalogue

import (
	"slices"

	"gopkg.in/yaml.v3"
)

// Severity is how bad a rule violation is.
type Severity string

// The severities a rule may have, worst first.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

var severities = []string{string(SeverityError), string(SeverityWarning), string(SeverityInfo)}

// Rank orders severities: error 3, warning 2, info 1, anything else 0.
func (s Severity) Rank() int {
	switch s {
	case SeverityError:
		return 3
	case SeverityWarning:
		return 2
	case SeverityInfo:
		return 1
	}
	return 0
}

// Rule is a check over the resolved properties of the nodes it selects.
type Rule struct {
	ID          string
	Name        string
	Description string
	Severity    Severity
	// Select says which nodes a node rule applies to; Connection, which
	// edges a connection rule applies to. A rule has exactly one of them.
	Select     Selector
	Connection *Connection
	// When, if set, limits the rule to nodes where it holds.
	When *Condition
	// Assert must hold on every selected node where When holds.
	Assert *Condition
	// Fixes are the property changes that clear a violation, best first.
	Fixes   []FixOption
	Message string
	Docs    string
	File    string
	Text    []byte `json:"-"`

	message  []segment
	property string // the property a violation points at
	// placed: the rule can only fire on a node or an edge placed in groups
	// (its condition needs a placed value), so designs without groups skip it.
	placed bool
	layer  int // the index of the layer it was loaded from
	nodes  map[string]*yaml.Node
}

// Connection selects the edges a connection rule applies to: those from a
// component From selects to a component To selects. Its conditions name
// properties with the end they belong to: "from.delivery", "to.idempotent";
// "from.provider", "from.kind" and "from.component" (likewise "to.") name
// the end's provider, kind and component; "flow" and "protocol" name the
// edge's own.
type Connection struct {
	From, To Selector
}

// IsConnection reports whether the rule checks edges rather than nodes.
func (r *Rule) IsConnection() bool { return r.Connection != nil }

// Selector says which components a rule applies to. Each non-empty list must
// match (a component is selected when its kind is in Kinds and its provider in
// Providers…); an entry matches when it equals the component's value.
type Selector struct {
	Kinds      []string
	Categories []string
	Providers  []string
	Components []string
}

var selectKeys = []string{"kinds", "categories", "providers", "components"}

// Op is a comparison operator of a condition.
type Op string

// The operators a condition may use.
const (
	OpEquals    Op = "equals"
	OpNotEquals Op = "notEquals"
	OpIn        Op = "in"
	OpNotIn     Op = "notIn"
	OpGt        Op = "gt"
	OpGte       Op = "gte"
	OpLt        Op = "lt"
	OpLte       Op = "lte"
	OpSet       Op = "set"
	OpUnset     Op = "unset"
)

var ops = []string{"equals", "notEquals", "in", "notIn", "gt", "gte", "lt", "lte", "set", "unset"}

// Condition is either a comparison of one property (Prop, Op and Value,
// Values or Ref) or a combination of conditions (All or Any).
type Condition struct {
	All    []*Condition
	Any    []*Condition
	Prop   string
	Op     Op
	Value  Value   // for equals, notEquals, gt, gte, lt, lte
	Values []Value // for in, notIn
	Ref    string  // compare with another property instead of a value
	Pos    Pos

	valueNodes []*yaml.Node
}

// segment is a piece of a message template: literal text or a placeholder.
type segment struct {
	text        string
	placeholder bool
}

// firstProp returns the first property a condition compares.
func (c *Condition) firstProp() string {
	for _, sub := range append(c.All, c.Any...) {
		if p := sub.firstProp(); p != "" {
			return p
		}
	}
	return c.Prop
}

// leaves calls fn for every comparison in the condition.
func (c *Condition) leaves(fn func(*Condition)) {
	if c == nil {
		return
	}
	for _, sub := range c.All {
		sub.leaves(fn)
	}
	for _, sub := range c.Any {
		sub.leaves(fn)
	}
	if c.Op != "" {
		fn(c)
	}
}

// Selects reports whether the rule applies to component c of kind k.
func (s Selector) Selects(c *Component, k *Kind) bool {
	return matches(s.Components, c.ID) && matches(s.Kinds, c.Kind) &&
		matches(s.Providers, c.Provider) && matches(s.Categories, k.Category)
}

// any reports whether the selector names nothing, so selects any component.
func (s Selector) any() bool {
	return len(s.Kinds) == 0 && len(s.Categories) == 0 && len(s.Providers) == 0 && len(s.Components) == 0
}

func matches(list []string, s string) bool {
	return len(list) == 0 || slices.Contains(list, s)
}
