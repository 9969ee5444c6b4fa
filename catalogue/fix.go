package catalogue

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
	"gopkg.in/yaml.v3"
)

// Fix is one way to clear a violation: values to set on one node. Set may
// be shared with the rule that offers it: read it, never change it.
type Fix struct {
	Node string
	Set  []Setting
}

// Setting is one property value a fix sets.
type Setting struct {
	Property string `json:"property"`
	Value    Value  `json:"value"`
}

// Label names the fix for people and for screen readers, in the form the
// Problems panel's buttons use: "Fix: set replicationFactor to 3 on kafka".
func (f Fix) Label() string {
	parts := make([]string, len(f.Set))
	for i, s := range f.Set {
		parts[i] = s.Property + " to " + diag.Clip(s.Value.Text())
	}
	return "Fix: set " + strings.Join(parts, " and ") + " on " + f.Node
}

// MarshalJSON writes the fix with its label: {"node", "set", "label"}.
func (f Fix) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Node  string    `json:"node"`
		Set   []Setting `json:"set"`
		Label string    `json:"label"`
	}{f.Node, f.Set, f.Label()})
}

// Apply sets the fix's values on its node of d, reporting whether the node
// exists. It changes d's node in place; callers that keep history copy first.
func (f Fix) Apply(d *Design) bool {
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if n.ID != f.Node {
			continue
		}
		props := make(map[string]Value, len(n.Props)+len(f.Set))
		for k, v := range n.Props {
			props[k] = v
		}
		for _, s := range f.Set {
			props[s.Property] = s.Value
		}
		n.Props = props
		return true
	}
	return false
}

// FixOption is one fix a rule offers: values for the node a node rule
// checks, or for one end ("from" or "to") of the edge a connection rule
// checks.
type FixOption struct {
	End string // "" for a node rule
	Set []Setting
	pos []Pos
}

// parseFixes reads a rule's `fix`: a list of options, each a mapping of
// property (or "from.property", "to.property" in a connection rule) to the
// value to set.
func (d *decoder) parseFixes(n *yaml.Node, connection bool) []FixOption {
	if !d.IsKind(n, yaml.SequenceNode, "fix", "a list of fixes, each a mapping of property to value") {
		return nil
	}
	if len(n.Content) == 0 {
		d.Errorf(n, diag.CodeEmpty, "fix: the list is empty; leave `fix` out when no property change fixes the rule")
	}
	var out []FixOption
	for i, item := range n.Content {
		what := "fix[" + strconv.Itoa(i) + "]"
		pairs := d.Pairs(item, what)
		if len(pairs) == 0 {
			if item.Kind == yaml.MappingNode {
				d.Errorf(item, diag.CodeEmpty, "%s: name at least one property to set", what)
			}
			continue
		}
		opt := FixOption{}
		ok := true
		for j, p := range pairs {
			name := p.Key.Value
			if connection {
				end, prop, good := splitEnd(name)
				if !good {
					d.Errorf(p.Key, diag.CodeInvalidCondition, "%s: `%s`: in a connection rule name the end: from.%s or to.%s", what, name, name, name)
					ok = false
					continue
				}
				if j > 0 && end != opt.End {
					d.Errorf(p.Key, diag.CodeInvalidCondition, "%s: a fix sets properties of one end; `%s` is on %s, the others on %s", what, name, end, opt.End)
					ok = false
					continue
				}
				opt.End, name = end, prop
			}
			v, good := d.scalarValue(p.Val, what+"."+p.Key.Value)
			if !good {
				ok = false
				continue
			}
			opt.Set = append(opt.Set, Setting{Property: name, Value: v})
			opt.pos = append(opt.pos, d.Pos(p.Key))
		}
		if ok {
			out = append(out, opt)
		}
	}
	return out
}

// checkFixes type-checks a rule's fixes against the components of the end
// each sets: every one must have the property, and the value must be one its
// kind can hold.
func (c *Catalogue) checkFixes(d *decoder, r *Rule, ends map[string][]*Component) {
	for _, opt := range r.Fixes {
		for i, s := range opt.Set {
			selected := ends[opt.End]
			if missing, comp := lacking(selected, s.Property); missing != "" {
				d.Errs.Add(opt.pos[i], diag.CodeUnknownProperty, "fix: %s has no property `%s`%s", missing, s.Property, comp.PropertyHint(s.Property, nil))
				continue
			}
			for _, comp := range selected {
				if code, msg := comp.Property(s.Property).problem(s.Value, nil); msg != "" {
					d.Errs.Add(opt.pos[i], code, "fix: %s (%s)", msg, comp.ID)
					break
				}
			}
		}
	}
}

// fixes turns the rule's options into the fixes of one violation: those that
// change something, that every limit of the target's component allows, and
// that clear the violation when applied (a fix is checked, not trusted: with
// replicationFactor 1, "set minInsyncReplicas to 2" would clear nothing).
func (r *Rule) fixes(s scope) []Fix {
	if len(r.Fixes) == 0 {
		return nil
	}
	var out []Fix
	for _, opt := range r.Fixes {
		n := s.target(opt.End)
		changes := false
		allowed := true
		for _, set := range opt.Set {
			if n.value(set.Property) != set.Value {
				changes = true
			}
			if l := n.comp.Limits[set.Property]; l != nil && !l.Allows(set.Value) {
				allowed = false
			}
		}
		if !changes || !allowed {
			continue
		}
		fixed := &fixedScope{scope: s, end: opt.End, set: opt.Set}
		if r.When != nil && r.When.eval(fixed) != yes || r.Assert.eval(fixed) != no {
			out = append(out, Fix{Node: n.ID, Set: opt.Set}) // read-only, shared with the rule
		}
	}
	return out
}

// fixedScope is a scope as it would be with a fix applied to one end.
type fixedScope struct {
	scope
	end string
	set []Setting
}

func (s *fixedScope) value(prop string) Value {
	name := prop
	if s.end != "" {
		end, p, ok := splitEnd(prop)
		if !ok || end != s.end {
			return s.scope.value(prop)
		}
		name = p
	}
	for _, set := range s.set {
		if set.Property == name {
			return set.Value
		}
	}
	return s.scope.value(prop)
}
