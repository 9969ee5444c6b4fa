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
	// group is the resolved group the node sits in, or nil (see Placement).
	group *ResolvedGroup
	// replicas counts the other nodes the design joins to it by replicaOf.
	replicas int32

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
	// Also names the rules of findings that asked for the same change and
	// are told with this one (see onceEach).
	Also []string `json:"also,omitempty"`
	// Group is the group a placement rule's finding is about: the one that
	// says the value at fault.
	Group string `json:"group,omitempty"`

	suppression int   // for rule "unused-suppression", 1 + the index of the suppression
	target      int32 // for a connection rule's fixes, 1 + the resolved index of the node they change
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
	Groups []ResolvedGroup
	Nodes  []ResolvedNode
	// Edges are the edges whose ends resolved, in design order, with their
	// flows.
	Edges      []ResolvedEdge
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

// Where names what violation v is about: its connection (from, arrow, to),
// its node, or, for a finding about the whole design, design. The editor
// writes "→" and "the design"; the CLI's reports "->" and "design", which
// their fingerprints keep.
func (v *Violation) Where(arrow, design string) string {
	if v.Edge != nil {
		return v.Edge.From + arrow + v.Edge.To
	}
	if v.Node == "" {
		return design
	}
	return v.Node
}

// Resolve resolves every node of a design that Check accepted and runs the
// rules. Nodes whose component is unknown are left out.
func (c *Catalogue) Resolve(d *Design) *Resolution { return c.ResolveWith(d, nil) }

// ResolveWith resolves like Resolve, and adds the violations more finds in
// the resolution (the analysis's objectives) before the design's
// suppressions apply, so that those can acknowledge them too.
func (c *Catalogue) ResolveWith(d *Design, more func(*Resolution) []Violation) *Resolution {
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
	var groupIndex map[string]int
	if len(d.Groups) > 0 {
		res.Groups, groupIndex = c.resolveGroups(d)
	}
	replicas := c.replicaCounts(d)
	for i := range d.Nodes {
		n := &d.Nodes[i]
		comp, ok := c.Components[n.Component]
		if !ok {
			continue
		}
		rn := resolveInto(comp, n, slab[:len(comp.Schema):len(comp.Schema)])
		slab = slab[len(comp.Schema):]
		if j, ok := groupIndex[n.In]; ok && n.In != "" {
			rn.group = &res.Groups[j]
		}
		if replicas != nil {
			rn.replicas = replicas[i]
		}
		res.Nodes = append(res.Nodes, rn)
		first := len(res.Violations)
		res.Violations = c.nodeViolations(d, comp, &res.Nodes[len(res.Nodes)-1], res.Violations)
		spans = append(spans, [2]int32{int32(first), int32(len(res.Violations))})
	}
	edges := len(res.Violations)
	if len(d.Edges) > 0 {
		res.Violations = c.checkEdges(d, res)
	}
	if more != nil {
		res.Violations = append(res.Violations, more(res)...)
	}
	// Suppressions first: a finding told with another must not take the
	// other's suppression, nor hide that its own was used.
	if len(d.Suppress) > 0 {
		res.Violations = c.suppress(d, res.Violations)
	}
	res.Violations = onceEach(res.Violations, spans, edges)
	return res
}

// nodeViolations appends to out what node rn (of component comp, in d)
// breaks by itself: required properties, placement, residency, limits and
// its component's rules, worst first.
func (c *Catalogue) nodeViolations(d *Design, comp *Component, rn *ResolvedNode, out []Violation) []Violation {
	first := len(out)
	for j, p := range comp.Schema {
		if p.Required && !rn.Properties[j].Value.IsSet() {
			out = append(out, Violation{
				Rule: RuleRequired, Severity: SeverityError, Node: rn.ID, Property: p.Name,
				Message: "`" + p.Name + "` is required by kind " + comp.Kind + " and has no value; set it on the node",
			})
		}
	}
	if rn.group != nil {
		if v, broken := placementViolation(comp, rn); broken {
			out = append(out, v)
		}
		if len(d.Constraints.Regions) > 0 {
			if v, broken := residencyViolation(d, rn); broken {
				out = append(out, v)
			}
		}
	}
	for j, l := range comp.limits {
		if l != nil {
			if v, broken := l.violation(comp, rn.ID, rn.Properties[j].Value); broken {
				out = append(out, v)
			}
		}
	}
	if rules := c.rulesFor[comp.ID]; len(rules) > 0 {
		// One scope for all of the node's rules: a conversion to the
		// scope interface allocates.
		var sc scope = &nodeScope{comp: comp, node: rn}
		for _, r := range rules {
			if r.placed && len(d.Groups) == 0 {
				continue
			}
			if v, broken := r.eval(sc); broken {
				v.Node = rn.ID
				out = append(out, v)
			}
		}
	}
	worstFirst(out[first:])
	return out
}

// ReplicaSets returns, for each node of d, an index naming its replica set
// (the nodes replicaOf joins, transitively; the same for every member), or
// nil when no node names one. A node in no set has an index of its own.
func ReplicaSets(d *Design) []int {
	var index map[string]int
	var root []int
	find := func(x int) int {
		for root[x] != x {
			root[x] = root[root[x]]
			x = root[x]
		}
		return x
	}
	for i, n := range d.Nodes {
		if n.ReplicaOf == "" {
			continue
		}
		if index == nil {
			index = make(map[string]int, len(d.Nodes))
			for j := len(d.Nodes) - 1; j >= 0; j-- {
				index[d.Nodes[j].ID] = j
			}
			root = make([]int, len(d.Nodes))
			for j := range root {
				root[j] = j
			}
		}
		if j, ok := index[n.ReplicaOf]; ok {
			if a, b := find(i), find(j); a != b {
				root[a] = b
			}
		}
	}
	if index == nil {
		return nil
	}
	for i := range root {
		root[i] = find(i)
	}
	return root
}

// replicaCounts returns, for each node, how many copies it has (see
// FindCopies: stated by replicaOf, or inferred) that do not sit in its zone
// (in another, or in none), or nil when the design has none.
//
// A node that runs in several zones (zones) counts its shares in the
// zones past the first as copies elsewhere.
func (cat *Catalogue) replicaCounts(d *Design) []int32 {
	zone := nodeZones(d)
	c := cat.findCopies(d, zone)
	var spread []int32
	for i, n := range d.Nodes {
		if k := max(len(n.Zones), n.ZoneCount); k > 1 {
			if spread == nil {
				spread = make([]int32, len(d.Nodes))
			}
			spread[i] = int32(k - 1)
		}
	}
	if c == nil {
		return spread
	}
	// Per set, how many members sit in each zone ("" for none).
	type key struct {
		set  int32
		zone string
	}
	inZone := map[key]int32{}
	for i, s := range c.Set {
		if s >= 0 {
			inZone[key{s, zone[i]}]++
		}
	}
	out := make([]int32, len(d.Nodes))
	for i, s := range c.Set {
		switch {
		case s < 0:
		case zone[i] != "":
			out[i] = int32(len(c.Members[s])) - inZone[key{s, zone[i]}]
		default:
			out[i] = int32(len(c.Members[s])) - 1
		}
		if spread != nil {
			out[i] += spread[i]
		}
	}
	return out
}

// nodeZones returns the zone group each node sits in (through the groups it
// sits in, or the one zone its zones name), or "", each group's chain
// walked once.
func nodeZones(d *Design) []string {
	groups := make(map[string]int, len(d.Groups))
	for i := len(d.Groups) - 1; i >= 0; i-- {
		groups[d.Groups[i].ID] = i
	}
	zoneOf := make([]string, len(d.Groups))
	done := make([]bool, len(d.Groups))
	var resolve func(gi int) string
	resolve = func(gi int) string {
		var path []int
		for c, ok := gi, true; ok && !done[c] && len(path) <= len(d.Groups); c, ok = groups[d.Groups[c].In] {
			path = append(path, c)
			if d.Groups[c].In == "" {
				break
			}
		}
		for i := len(path) - 1; i >= 0; i-- {
			c := path[i]
			z := ""
			if d.Groups[c].Boundary == "zone" {
				z = d.Groups[c].ID
			} else if p, ok := groups[d.Groups[c].In]; ok && d.Groups[c].In != "" && done[p] {
				z = zoneOf[p]
			}
			zoneOf[c], done[c] = z, true
		}
		return zoneOf[gi]
	}
	out := make([]string, len(d.Nodes))
	for i, n := range d.Nodes {
		if gi, ok := groups[n.In]; ok && n.In != "" {
			out[i] = resolve(gi)
		}
		// zones: [az-a] says the node runs in that one zone.
		if len(n.Zones) == 1 {
			if gi, ok := groups[n.Zones[0]]; ok && d.Groups[gi].Boundary == "zone" {
				out[i] = n.Zones[0]
			}
		}
	}
	return out
}

// onceEach reports a finding once: of violations that ask for the same
// change (the same fixes, on the same node) and are alike suppressed or not,
// it keeps the worse, and of equals a connection rule's over the node's own
// (it says what about the connection makes the change needed), else the
// first; the rules of those it drops are listed in the kept one's Also. A node's own violations (spans, worst first) are compared among
// themselves; a connection rule's (from index edges on) with those of the
// node its fix changes and with other edges' that change that node.
func onceEach(vs []Violation, spans [][2]int32, edges int) []Violation {
	dropped := 0
	drop := func(kept, gone *Violation) {
		for _, r := range append([]string{gone.Rule}, gone.Also...) {
			if r != kept.Rule && !slices.Contains(kept.Also, r) {
				kept.Also = append(kept.Also, r)
			}
		}
		gone.Rule = ""
		dropped++
	}
	same := func(a, b *Violation) bool {
		return a.Rule != "" && b.Rule != "" && a.Suppressed == b.Suppressed && len(a.Fixes) > 0 && sameFixes(a.Fixes, b.Fixes)
	}
	for _, span := range spans {
		for i := int(span[0]) + 1; i < int(span[1]); i++ {
			for j := int(span[0]); j < i; j++ {
				if same(&vs[i], &vs[j]) {
					drop(&vs[j], &vs[i])
					break
				}
			}
		}
	}
	var byTarget map[int32][]int // edges' fixable violations by the node they change
	for i := edges; i < len(vs); i++ {
		v := &vs[i]
		if v.target == 0 || len(v.Fixes) == 0 {
			continue
		}
		span := spans[v.target-1]
		for j := int(span[0]); j < int(span[1]) && v.Rule != ""; j++ {
			if same(v, &vs[j]) {
				if better(*v, vs[j]) {
					drop(v, &vs[j])
				} else {
					drop(&vs[j], v)
				}
			}
		}
		if v.Rule == "" {
			continue
		}
		for _, j := range byTarget[v.target] {
			if same(v, &vs[j]) {
				drop(&vs[j], v)
				break
			}
		}
		if v.Rule != "" {
			if byTarget == nil {
				byTarget = map[int32][]int{}
			}
			byTarget[v.target] = append(byTarget[v.target], i)
		}
	}
	if dropped == 0 {
		return vs
	}
	return slices.DeleteFunc(vs, func(v Violation) bool { return v.Rule == "" })
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
		if _, known := c.Rules[s.Rule]; !known && !builtinRules[s.Rule].Suppressible {
			v.Severity = SeverityWarning
			v.Message = "the suppression names rule " + s.Rule + ", which this catalogue does not have" + diag.DidYouMean(s.Rule, c.RuleIDs()) + "; correct the rule id or remove the suppression"
		}
		vs = append(vs, v)
	}
	return vs
}

// checkEdges resolves every edge whose ends resolved (its flow) into
// res.Edges, runs the connection rules on it and appends their violations to
// res's, in edge order, worst first within an edge, each fixable one marked
// with the node its fixes change.
func (c *Catalogue) checkEdges(d *Design, res *Resolution) []Violation {
	index := make(map[string]int, len(res.Nodes))
	for i := range res.Nodes {
		index[res.Nodes[i].ID] = i
	}
	out := res.Violations
	res.Edges = make([]ResolvedEdge, 0, len(d.Edges))
	for i, e := range d.Edges {
		fi, okFrom := index[e.From]
		ti, okTo := index[e.To]
		if !okFrom || !okTo {
			continue
		}
		from, to := &res.Nodes[fi], &res.Nodes[ti]
		flow, source := EdgeFlow(e, from.comp.kind, to.comp.kind)
		res.Edges = append(res.Edges, ResolvedEdge{Edge: int32(i), Flow: flow, FlowSource: source})
		out = c.edgeViolations(d, e, flow, from, to, fi, ti, out)
	}
	return out
}

// edgeViolations appends to out what the connection rules find on edge e
// (its flow resolved) from node from to node to, at resolved indexes fi and
// ti, worst first.
func (c *Catalogue) edgeViolations(d *Design, e Edge, flow Flow, from, to *ResolvedNode, fi, ti int, out []Violation) []Violation {
	first := len(out)
	var sc scope
	for _, cr := range c.connectionsFrom[from.Component] {
		if !cr.to[to.Component] || cr.rule.placed && len(d.Groups) == 0 {
			continue
		}
		if sc == nil {
			sc = &edgeScope{from: from, to: to, label: e.Label, flow: flow, protocol: e.Protocol}
		}
		if v, broken := cr.rule.eval(sc); broken {
			v.Node, v.Edge = e.From, &EdgeRef{From: e.From, To: e.To}
			if len(v.Fixes) > 0 {
				v.target = int32(ti) + 1
				if v.Fixes[0].Node == e.From {
					v.target = int32(fi) + 1
				}
			}
			out = append(out, v)
		}
	}
	worstFirst(out[first:])
	return out
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
