package catalogue

import (
	"slices"
	"sort"

	"github.com/archdesigner/designer/catalogue/diag"
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

	comp *Component
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

// Violation is a rule that a node (or an edge) breaks.
type Violation struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	// Node is the node, or for a connection rule the edge's from node.
	Node     string `json:"node"`
	Property string `json:"property"`
	Message  string `json:"message"`
	// Edge is the edge a connection rule checked, or nil.
	Edge *EdgeRef `json:"edge,omitempty"`
	// Docs is the page that says why: the rule's, or the limit's.
	Docs string `json:"docs,omitempty"`
	// Fixes are the property changes that clear it, best first.
	Fixes []Fix `json:"fixes,omitempty"`
	// Suppressed is set when the design acknowledges the violation, with
	// the reason it gives; a suppressed violation does not count.
	Suppressed bool   `json:"suppressed,omitempty"`
	Reason     string `json:"reason,omitempty"`

	suppression int // for rule "unused-suppression", 1 + the index of the suppression
}

// EdgeRef names an edge by its ends.
type EdgeRef struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Resolution is the result of resolving a design: its nodes in design order
// and the violations, sorted by node order, then severity (worst first), then
// rule id.
type Resolution struct {
	Nodes      []ResolvedNode
	Violations []Violation
}

// Worst returns the worst severity among the violations that are not
// suppressed, or "".
func (r *Resolution) Worst() Severity {
	var worst Severity
	for _, v := range r.Violations {
		if !v.Suppressed && v.Severity.Rank() > worst.Rank() {
			worst = v.Severity
		}
	}
	return worst
}

// Resolve resolves every node of a design that Check accepted and runs the
// rules. Nodes whose component is unknown are left out.
func (c *Catalogue) Resolve(d *Design) *Resolution {
	if len(d.Nodes) > 0 { // the editor resolves its empty design at start-up
		c.linkRules()
	}
	res := &Resolution{Nodes: make([]ResolvedNode, 0, len(d.Nodes)), Violations: make([]Violation, 0, len(d.Nodes)/4)}
	// One allocation for every node's properties keeps large designs cheap.
	total := 0
	for i := range d.Nodes {
		if comp, ok := c.Components[d.Nodes[i].Component]; ok {
			total += len(comp.Schema)
		}
	}
	slab := make([]ResolvedProperty, total)
	// Where each resolved node's violations are, so that a connection
	// rule's finding can be told apart from the node's own.
	spans := make([][2]int32, 0, len(d.Nodes))
	dropped := 0
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
					Rule: RuleRequired, Severity: SeverityError, Node: n.ID, Property: p.Name,
					Message: "`" + p.Name + "` is required by kind " + comp.Kind + " and has no value; set it on the node",
				})
			}
		}
		for j, l := range comp.limits {
			if l != nil {
				if v, broken := l.violation(comp, n.ID, rn.Properties[j].Value); broken {
					res.Violations = append(res.Violations, v)
				}
			}
		}
		if rules := c.rulesFor[comp.ID]; len(rules) > 0 {
			// One scope for all of the node's rules: a conversion to the
			// scope interface allocates.
			var sc scope = &nodeScope{comp: comp, node: &res.Nodes[len(res.Nodes)-1]}
			for _, r := range rules {
				if v, broken := r.eval(sc); broken {
					v.Node = n.ID
					res.Violations = append(res.Violations, v)
				}
			}
		}
		worstFirst(res.Violations[first:])
		dropped += onceEach(res.Violations[first:])
		spans = append(spans, [2]int32{int32(first), int32(len(res.Violations))})
	}
	if len(c.connections) > 0 && len(d.Edges) > 0 {
		var edgeDropped int
		res.Violations, edgeDropped = c.checkEdges(d, res, spans)
		dropped += edgeDropped
	}
	if dropped > 0 {
		res.Violations = slices.DeleteFunc(res.Violations, func(v Violation) bool { return v.Rule == "" })
	}
	if len(d.Suppress) > 0 {
		res.Violations = c.suppress(d, res.Violations)
	}
	return res
}

// onceEach reports a finding once among one node's violations, which come
// worst first: of those whose fixes are the same (the same values on the same
// node), it keeps the first and marks the others dropped (an empty Rule),
// returning how many. Connection rules' findings are compared with the
// node's as they are found (keepEdgeFinding), where the edge's, which says
// what about the connection makes the change needed, wins among equals.
func onceEach(vs []Violation) int {
	dropped := 0
	for i := 1; i < len(vs); i++ {
		if len(vs[i].Fixes) == 0 {
			continue
		}
		for j := 0; j < i; j++ {
			if vs[j].Rule != "" && sameFixes(vs[i].Fixes, vs[j].Fixes) {
				vs[i].Rule = ""
				dropped++
				break
			}
		}
	}
	return dropped
}

// sameFixes reports whether two violations offer the same changes.
func sameFixes(a, b []Fix) bool {
	return slices.EqualFunc(a, b, func(x, y Fix) bool { return x.Node == y.Node && slices.Equal(x.Set, y.Set) })
}

// better reports whether a should be reported rather than b, of two
// violations that ask for the same change.
func better(a, b Violation) bool {
	if a.Severity.Rank() != b.Severity.Rank() {
		return a.Severity.Rank() > b.Severity.Rank()
	}
	return a.Edge != nil && b.Edge == nil
}

// RuleUnusedSuppression is the rule id of a suppression that matches no
// violation: the design changed, or the suppression names the wrong rule or
// node.
const RuleUnusedSuppression = "unused-suppression"

// suppress marks the violations the design's suppressions acknowledge, and
// reports each suppression that matches none. A violation takes the reason of
// the first suppression that matches it (see Suppression.Matches), found by
// rule and node, so that many suppressions cost no more than a few.
func (c *Catalogue) suppress(d *Design, vs []Violation) []Violation {
	type key struct{ rule, node string }
	first := make(map[key]int, len(d.Suppress))
	for j, s := range d.Suppress {
		if _, dup := first[key{s.Rule, s.Node}]; !dup {
			first[key{s.Rule, s.Node}] = j
		}
	}
	used := make([]bool, len(d.Suppress))
	for i := range vs {
		v := &vs[i]
		best := -1
		candidates := [4]string{"", v.Node}
		n := 2
		if v.Edge != nil {
			candidates[2], candidates[3] = v.Edge.From, v.Edge.To
			n = 4
		}
		for _, node := range candidates[:n] {
			if j, ok := first[key{v.Rule, node}]; ok && (best < 0 || j < best) {
				best = j
			}
		}
		if best >= 0 {
			v.Suppressed, v.Reason = true, d.Suppress[best].Reason
			used[best] = true
		}
	}
	for j, s := range d.Suppress {
		if used[j] {
			continue
		}
		where := "any node"
		if s.Node != "" {
			where = s.Node
		}
		v := Violation{
			Rule: RuleUnusedSuppression, Severity: SeverityInfo, Node: s.Node,
			Message:     "the suppression of rule " + s.Rule + " on " + where + " matches no violation; remove it, or name the rule and node it is for",
			suppression: j + 1,
		}
		if _, known := c.Rules[s.Rule]; !known && s.Rule != RuleLimit && s.Rule != RuleRequired {
			v.Severity = SeverityWarning
			v.Message = "the suppression names rule " + s.Rule + ", which this catalogue does not have" + diag.DidYouMean(s.Rule, c.RuleIDs()) + "; correct the rule id or remove the suppression"
		}
		vs = append(vs, v)
	}
	return vs
}

// checkEdges runs the connection rules on every edge whose ends resolved and
// appends their violations to res's, in edge order, worst first within an
// edge. A finding that asks for a change a node's own violation asks for too
// is told once (see onceEach); it returns the violations and how many it
// marked dropped.
func (c *Catalogue) checkEdges(d *Design, res *Resolution, spans [][2]int32) ([]Violation, int) {
	index := make(map[string]int, len(res.Nodes))
	for i := range res.Nodes {
		index[res.Nodes[i].ID] = i
	}
	out := res.Violations
	dropped := 0
	for _, e := range d.Edges {
		fi, okFrom := index[e.From]
		ti, okTo := index[e.To]
		if !okFrom || !okTo {
			continue
		}
		from, to := &res.Nodes[fi], &res.Nodes[ti]
		first := len(out)
		var sc scope
		for _, cr := range c.connectionsFrom[from.Component] {
			if !cr.to[to.Component] {
				continue
			}
			if sc == nil {
				sc = &edgeScope{from: from, to: to, label: e.Label}
			}
			if v, broken := cr.rule.eval(sc); broken {
				v.Node, v.Edge = e.From, &EdgeRef{From: e.From, To: e.To}
				if len(v.Fixes) > 0 {
					target := ti
					if v.Fixes[0].Node == e.From {
						target = fi
					}
					span := spans[target]
					keep, n := keepEdgeFinding(v, out[span[0]:span[1]])
					dropped += n
					if !keep {
						continue
					}
				}
				out = append(out, v)
			}
		}
		worstFirst(out[first:])
	}
	return out, dropped
}

// keepEdgeFinding compares a connection rule's violation with those of the
// node its fix changes: when one of them asks for the same change, the
// better of the two stays (see better). It reports whether v stays, and how
// many of the node's it marked dropped.
func keepEdgeFinding(v Violation, node []Violation) (bool, int) {
	for i := range node {
		if node[i].Rule == "" || !sameFixes(v.Fixes, node[i].Fixes) {
			continue
		}
		if better(v, node[i]) {
			node[i].Rule = ""
			return true, 1
		}
		return false, 0
	}
	return true, 0
}

// worstFirst orders a node's few violations by severity, keeping rule order
// among equals (an insertion sort: sort.SliceStable allocates on every call).
func worstFirst(vs []Violation) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && vs[j].Severity.Rank() > vs[j-1].Severity.Rank(); j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}

// ResolveNode resolves one node of component comp.
func ResolveNode(comp *Component, n *Node) ResolvedNode {
	return resolveInto(comp, n, make([]ResolvedProperty, len(comp.Schema)))
}

// resolveInto resolves a node into props, which has one entry per property.
func resolveInto(comp *Component, n *Node, props []ResolvedProperty) ResolvedNode {
	rn := ResolvedNode{ID: n.ID, Component: comp.ID, Kind: comp.Kind, Properties: props, comp: comp}
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
