package catalogue

import (
	"maps"
	"slices"
)

// Resolver resolves designs as Catalogue.ResolveWith does, and keeps what it
// found for each node and each edge: resolving the next design, usually an
// edit of the last, re-resolves and re-checks only the nodes the edit changed
// and the edges at them, and reuses the rest. The result is the same as
// ResolveWith's, violation for violation and in the same order (a test
// checks it after every step of long random edit sequences).
//
// A node's result depends on its id, component, properties and group, on
// how many replicas replicaOf gives it, and on the design's groups and
// constraints; an edge's on its own fields and its two ends. A change of
// the groups or the constraints re-resolves every node. What it keeps refers
// to the designs it was given, which must not change afterwards (the
// editor's store copies a design on write). Suppressions and the
// merging of findings told twice run over the whole list every time, as
// they are cheap. A Resolver holds one catalogue; it is not safe for
// concurrent use.
type Resolver struct {
	cat *Catalogue
	// groups and constraints are those of the last design (any change of
	// them drops what is kept).
	groups      []Group
	constraints Constraints
	// ids are the last design's node ids in order, results what was found
	// for each (nil for a node of no known component), and index each
	// resolved node's index by id.
	ids     []string
	results []*nodeResult
	index   map[string]int
	// edges are the last design's edges, edgeResults what was found for each
	// (nil for an edge not resolved).
	edges       []Edge
	edgeResults []*edgeResult
	// edgeEnds are the indexes of each last edge's ends in the last
	// resolution (-1 for an edge not resolved): while the index is kept,
	// an unchanged edge's ends are where they were, and are not looked up
	// again (two map lookups an edge were a fifth of an edit's resolution
	// at 10,000 nodes).
	edgeEnds [][2]int32
	// violations counts the last resolution's; skipped says it left out a
	// node of an unknown component.
	violations int
	skipped    bool
}

// nodeResult is what resolving one node found.
type nodeResult struct {
	component string
	props     map[string]Value
	in        string
	replicas  int32
	rn        ResolvedNode
	vs        []Violation // before suppressions and merging
}

// edgeResult is what checking one edge found.
type edgeResult struct {
	from, to *nodeResult // the ends it was checked with
	flow     Flow
	source   Source
	vs       []Violation // before suppressions and merging, targets unset
}

// NewResolver returns a resolver for catalogue c, which has kept nothing
// yet.
func NewResolver(c *Catalogue) *Resolver {
	return &Resolver{cat: c}
}

// Resolve resolves d like c.ResolveWith(d, more), reusing what the last
// call found for the nodes and edges d has unchanged.
func (r *Resolver) Resolve(d *Design, more func(*Resolution) []Violation) *Resolution {
	c := r.cat
	if len(d.Nodes) > 0 {
		c.linkRules()
	}
	if r.index == nil || !slices.EqualFunc(r.groups, d.Groups, sameGroup) || !sameConstraints(r.constraints, d.Constraints) {
		r.ids, r.results, r.index, r.edges, r.edgeResults, r.edgeEnds = nil, nil, nil, nil, nil, nil
	}
	r.groups, r.constraints = slices.Clone(d.Groups), d.Constraints
	// As many violations as last time, and some: growing the list was
	// most of what an edit allocated.
	res := &Resolution{Nodes: make([]ResolvedNode, 0, len(d.Nodes)), Violations: make([]Violation, 0, max(len(d.Nodes)/4, r.violations+r.violations/8))}
	var groupIndex map[string]int
	if len(d.Groups) > 0 {
		res.Groups, groupIndex = c.resolveGroups(d)
	}
	replicas := c.replicaCounts(d)
	// The nodes are found by position while the design has the same ids in
	// the same order (any edit but adding, deleting or renaming a node),
	// else by id.
	positional := len(d.Nodes) == len(r.ids)
	for i := 0; positional && i < len(d.Nodes); i++ {
		positional = d.Nodes[i].ID == r.ids[i]
	}
	var byID map[string]*nodeResult
	if !positional && r.ids != nil {
		byID = make(map[string]*nodeResult, len(r.ids))
		for i, id := range r.ids {
			if _, dup := byID[id]; !dup {
				byID[id] = r.results[i]
			}
		}
	}
	spans := make([][2]int32, 0, len(d.Nodes))
	ids := make([]string, len(d.Nodes))
	results := make([]*nodeResult, len(d.Nodes))
	resolved := make([]*nodeResult, 0, len(d.Nodes)) // by resolved index
	for i := range d.Nodes {
		n := &d.Nodes[i]
		ids[i] = n.ID
		comp, ok := c.Components[n.Component]
		if !ok {
			continue
		}
		var count int32
		if replicas != nil {
			count = replicas[i]
		}
		var nr *nodeResult
		if positional {
			nr = r.results[i]
		} else {
			nr = byID[n.ID]
		}
		if nr == nil || nr.component != n.Component || nr.in != n.In || nr.replicas != count || !maps.Equal(nr.props, n.Props) {
			nr = &nodeResult{component: n.Component, props: n.Props, in: n.In, replicas: count}
			nr.rn = resolveInto(comp, n, make([]ResolvedProperty, len(comp.Schema)))
			nr.rn.replicas = count
			if j, ok := groupIndex[n.In]; ok && n.In != "" {
				nr.rn.group = &res.Groups[j]
			}
			nr.vs = c.nodeViolations(d, comp, &nr.rn, nil)
		}
		results[i] = nr
		rn := nr.rn
		if j, ok := groupIndex[n.In]; ok && n.In != "" {
			rn.group = &res.Groups[j] // this resolution's, equal to the one checked
		}
		res.Nodes = append(res.Nodes, rn)
		resolved = append(resolved, nr)
		first := len(res.Violations)
		res.Violations = appendFresh(res.Violations, nr.vs)
		spans = append(spans, [2]int32{int32(first), int32(len(res.Violations))})
	}
	// Resolved indexes are the design's while every node resolves; a node
	// of an unknown component (a design resolved against a catalogue that
	// lost one) shifts those after it, now or last time.
	skipped := len(res.Nodes) != len(d.Nodes)
	indexKept := positional && r.index != nil && !skipped && !r.skipped
	if !indexKept {
		r.index = make(map[string]int, len(res.Nodes))
		for i := range res.Nodes {
			if _, dup := r.index[res.Nodes[i].ID]; !dup {
				r.index[res.Nodes[i].ID] = i
			}
		}
	}
	r.ids, r.results, r.skipped = ids, results, skipped
	edgeStart := len(res.Violations)
	if len(d.Edges) > 0 {
		res.Violations = r.checkEdges(d, res, resolved, indexKept, res.Violations)
	} else {
		r.edges, r.edgeResults, r.edgeEnds = nil, nil, nil
	}
	if more != nil {
		res.Violations = append(res.Violations, more(res)...)
	}
	if len(d.Suppress) > 0 {
		res.Violations = c.suppress(d, res.Violations)
	}
	res.Violations = onceEach(res.Violations, spans, edgeStart)
	r.violations = len(res.Violations)
	return res
}

// checkEdges appends the connection rules' findings on d's edges to out,
// reusing an edge's when it and both its ends are unchanged. indexKept says
// the nodes' index is the last resolution's (the same nodes in the same
// order), so that an unchanged edge's ends are at the same indexes.
func (r *Resolver) checkEdges(d *Design, res *Resolution, resolved []*nodeResult, indexKept bool, out []Violation) []Violation {
	c := r.cat
	positional := len(d.Edges) == len(r.edges)
	var kept map[Edge][]*edgeResult // the last edges' results, when not found by position
	edgeResults := make([]*edgeResult, len(d.Edges))
	// The ends are written over the last ones, each once it is read.
	ends := r.edgeEnds
	if !positional {
		ends = make([][2]int32, len(d.Edges))
	}
	res.Edges = make([]ResolvedEdge, 0, len(d.Edges))
	for i, e := range d.Edges {
		var fi, ti int
		var okFrom, okTo bool
		if indexKept && positional && r.edgeEnds[i][0] >= 0 && r.edges[i] == e {
			fi, ti, okFrom, okTo = int(r.edgeEnds[i][0]), int(r.edgeEnds[i][1]), true, true
		} else {
			fi, okFrom = r.index[e.From]
			ti, okTo = r.index[e.To]
		}
		ends[i] = [2]int32{-1, -1}
		if !okFrom || !okTo {
			continue
		}
		ends[i] = [2]int32{int32(fi), int32(ti)}
		from, to := resolved[fi], resolved[ti]
		var er *edgeResult
		if positional && r.edges[i] == e {
			if old := r.edgeResults[i]; old != nil && old.from == from && old.to == to {
				er = old
			}
		} else if r.edges != nil {
			if kept == nil {
				kept = make(map[Edge][]*edgeResult, len(r.edges))
				for k, old := range r.edges {
					if r.edgeResults[k] != nil {
						kept[old] = append(kept[old], r.edgeResults[k])
					}
				}
			}
			for k, old := range kept[e] {
				if old.from == from && old.to == to {
					er = old
					kept[e] = slices.Delete(kept[e], k, k+1) // a duplicate edge takes the next
					break
				}
			}
		}
		if er == nil {
			er = &edgeResult{from: from, to: to}
			er.flow, er.source = EdgeFlow(e, from.rn.comp.kind, to.rn.comp.kind)
			er.vs = c.edgeViolations(d, e, er.flow, &res.Nodes[fi], &res.Nodes[ti], fi, ti, nil)
		}
		edgeResults[i] = er
		res.Edges = append(res.Edges, ResolvedEdge{Edge: int32(i), Flow: er.flow, FlowSource: er.source})
		first := len(out)
		out = appendFresh(out, er.vs)
		for k := first; k < len(out); k++ {
			// The node a fix changes, by its index in this resolution.
			if v := &out[k]; len(v.Fixes) > 0 {
				v.target = int32(ti) + 1
				if v.Fixes[0].Node == e.From {
					v.target = int32(fi) + 1
				}
			}
		}
	}
	r.edges, r.edgeResults, r.edgeEnds = d.Edges, edgeResults, ends
	return out
}

// appendFresh appends copies of vs to out that the merging of findings can
// change without changing vs (it appends to Also).
func appendFresh(out, vs []Violation) []Violation {
	for _, v := range vs {
		v.Also = slices.Clip(v.Also)
		out = append(out, v)
	}
	return out
}

func sameGroup(a, b Group) bool {
	return a.ID == b.ID && a.Boundary == b.Boundary && a.In == b.In && a.Name == b.Name && maps.Equal(a.Props, b.Props)
}

func sameConstraints(a, b Constraints) bool {
	return slices.Equal(a.Regions, b.Regions)
}
