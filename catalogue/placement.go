package catalogue

import (
	"slices"
	"sort"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
)

// SourceGroup is the source of a value a node (or a group) holds because a
// group it sits in says it.
const SourceGroup Source = "group"

// RulePlacementProvider is the rule id of a product placed in another
// provider's region or account; RuleDataResidency, of a node placed in a
// region the design's constraints do not allow.
const (
	RulePlacementProvider = "placement-provider"
	RuleDataResidency     = "data-residency"
)

// The rules of the objectives a design states, which the analysis checks
// (see package analysis).
const (
	RuleAvailabilityObjective = "availability-objective"
	RuleDurabilityObjective   = "durability-objective"
)

// Placed is a value a group says, as what it holds sees it: with its source
// (design: the group's own; group: a group it sits in says it; kind: its
// boundary's default) and the group that says it.
type Placed struct {
	Name   string
	Value  Value
	Source Source
	Group  string
}

// ResolvedGroup is a group with the groups it sits in and its values.
type ResolvedGroup struct {
	ID       string
	Boundary string
	// Values are the group's values, sorted by name.
	Values []Placed

	parent *ResolvedGroup // the group it sits in, or nil
	held   []Placed       // Values as what the group holds sees them (source group)
}

// Placement is the chain of groups from the outermost to this one. It is
// made when asked for: kept for every group, chains would take memory
// growing with the square of their depth.
func (g *ResolvedGroup) Placement() []string {
	n := 0
	for at := g; at != nil; at = at.parent {
		n++
	}
	chain := make([]string, n)
	for at := g; at != nil; at = at.parent {
		n--
		chain[n] = at.ID
	}
	return chain
}

// resolveGroups resolves a design's groups, parents before what they hold.
// A group whose parent cannot be resolved (a cycle Check refused) sits at
// the top.
func (c *Catalogue) resolveGroups(d *Design) ([]ResolvedGroup, map[string]int) {
	index := make(map[string]int, len(d.Groups))
	for i, g := range d.Groups {
		index[g.ID] = i
	}
	out := make([]ResolvedGroup, len(d.Groups))
	state := make([]int8, len(d.Groups)) // 0 new, 1 resolving, 2 done
	var resolve func(i int)
	resolve = func(i int) {
		if state[i] != 0 {
			return
		}
		state[i] = 1
		g := d.Groups[i]
		rg := ResolvedGroup{ID: g.ID, Boundary: g.Boundary}
		values := map[string]Placed{}
		// Its boundary's defaults, then what the groups it sits in say,
		// then its own: what a group says beats what its boundary assumes.
		if b := c.Boundaries[g.Boundary]; b != nil {
			for name, p := range b.Properties {
				if p.Default.IsSet() {
					values[name] = Placed{Name: name, Value: p.Default, Source: SourceKind, Group: g.ID}
				}
			}
		}
		if j, ok := index[g.In]; ok && g.In != "" {
			resolve(j)
			if state[j] == 2 {
				rg.parent = &out[j]
				for _, v := range out[j].held {
					values[v.Name] = v
				}
			}
		}
		for name, v := range g.Props {
			values[name] = Placed{Name: name, Value: v, Source: SourceDesign, Group: g.ID}
		}
		for _, v := range values {
			rg.Values = append(rg.Values, v)
		}
		sort.Slice(rg.Values, func(a, b int) bool { return rg.Values[a].Name < rg.Values[b].Name })
		rg.held = make([]Placed, len(rg.Values))
		for k, v := range rg.Values {
			v.Source = SourceGroup
			rg.held[k] = v
		}
		out[i] = rg
		state[i] = 2
	}
	for i := range d.Groups {
		resolve(i)
	}
	return out, index
}

// Placement is the chain of groups the node sits in, outermost first, or
// nil for a node in no group.
func (n *ResolvedNode) Placement() []string {
	if n.group == nil {
		return nil
	}
	return n.group.Placement()
}

// PlacedValues are the values the node's groups give it, sorted by name,
// each with source group and the group that says it. They are shared with
// the group: read them, never change them.
func (n *ResolvedNode) PlacedValues() []Placed {
	if n.group == nil {
		return nil
	}
	return n.group.held
}

// PlacedValue returns the value name a node's groups give it, and whether
// they do.
func (n *ResolvedNode) PlacedValue(name string) (Placed, bool) {
	for _, v := range n.PlacedValues() {
		if v.Name == name {
			return v, true
		}
	}
	return Placed{}, false
}

// placementViolation reports a product placed in another provider's region
// or account.
func placementViolation(comp *Component, n *ResolvedNode) (Violation, bool) {
	v, ok := n.PlacedValue("provider")
	if !ok || comp.Provider == "default" || v.Value.Str() == comp.Provider {
		return Violation{}, false
	}
	return Violation{
		Rule: RulePlacementProvider, Severity: SeverityError, Node: n.ID, Property: "provider", Group: v.Group,
		Message: comp.ID + " is a " + comp.Provider + " product, but it sits in " + v.Group + ", which is " + diag.Clip(v.Value.Str()) + "'s; place it in a " + comp.Provider + " group or choose a " + diag.Clip(v.Value.Str()) + " product",
	}, true
}

// residencyViolation reports a node placed in a region the design's
// constraints leave out. A node placed in no region is not judged: its
// placement is not known.
func residencyViolation(d *Design, n *ResolvedNode) (Violation, bool) {
	v, ok := n.PlacedValue("region")
	if !ok || slices.Contains(d.Constraints.Regions, v.Value.Str()) {
		return Violation{}, false
	}
	return Violation{
		Rule: RuleDataResidency, Severity: SeverityError, Node: n.ID, Property: "placed.region", Group: v.Group,
		Message: n.ID + " sits in " + diag.Clip(v.Value.Str()) + " (group " + v.Group + "), outside the regions the design allows (" + strings.Join(d.Constraints.Regions, ", ") + "); place it in one of them",
	}, true
}
