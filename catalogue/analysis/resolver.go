package analysis

import (
	"maps"
	"slices"

	"github.com/archdesigner/designer/catalogue"
)

// Resolver resolves and analyses designs as Resolve does, for an editor that
// resolves each edit of a design: the catalogue's part is incremental (see
// catalogue.Resolver), and the analysis of the last design is kept when the
// edit can not change it: only nodes' properties changed, and none that the
// analysis read of those nodes. The result equals Resolve's (a test checks
// it after every step of random edit sequences). It is not safe for
// concurrent use.
type Resolver struct {
	cat  *catalogue.Catalogue
	res  *catalogue.Resolver
	last *catalogue.Design
	rep  *Report
}

// NewResolver returns a resolver for catalogue cat.
func NewResolver(cat *catalogue.Catalogue) *Resolver {
	return &Resolver{cat: cat, res: catalogue.NewResolver(cat)}
}

// Resolve resolves and analyses d.
func (r *Resolver) Resolve(d *catalogue.Design) (*catalogue.Resolution, *Report) {
	keep := r.rep != nil && r.last != nil && r.rep.unchangedBy(r.last, d)
	var rep *Report
	res := r.res.Resolve(d, func(res *catalogue.Resolution) []catalogue.Violation {
		if keep {
			rep = r.rep
		} else {
			rep = Analyze(r.cat, d, res)
		}
		// Copies that the merging of findings may change (it appends to
		// Also) without changing the report's.
		vs := slices.Clone(rep.Violations)
		for i := range vs {
			vs[i].Also = slices.Clip(vs[i].Also)
		}
		return vs
	})
	r.last, r.rep = d, rep
	return res, rep
}

// ResolveFirst is Resolve for an editor that would rather draw an edit
// before the design's analysis is done: when the last report holds for d it
// returns what Resolve does, with done set; otherwise it resolves and checks
// the catalogue's part only, returning a resolution without the analysis's
// findings and no report, and Resolve(d) (cheap then for the catalogue's
// part, which is kept) completes both. Between the two, the resolver keeps
// the last report, so an edit back to a design it holds for (an undo)
// needs no analysis at all.
func (r *Resolver) ResolveFirst(d *catalogue.Design) (res *catalogue.Resolution, rep *Report, done bool) {
	if r.rep != nil && r.last != nil && r.rep.unchangedBy(r.last, d) {
		res, rep = r.Resolve(d)
		return res, rep, true
	}
	return r.res.Resolve(d, nil), nil, false
}

// unchangedBy reports whether the report of design last holds for design d:
// the two differ at most in properties of nodes that the analysis did not
// read, by value or by the conditions of the nodes' SLAs and durability
// facts. Everything else the analysis reads (the nodes' other fields, the
// edges, the groups, the objectives, the constraints) must be equal.
func (r *Report) unchangedBy(last, d *catalogue.Design) bool {
	if len(last.Nodes) != len(d.Nodes) || !slices.Equal(last.Edges, d.Edges) ||
		!slices.EqualFunc(last.Groups, d.Groups, sameGroup) || last.Objectives != d.Objectives ||
		!slices.Equal(last.Constraints.Regions, d.Constraints.Regions) {
		return false
	}
	for i := range d.Nodes {
		a, b := &last.Nodes[i], &d.Nodes[i]
		if a.ID != b.ID || a.Name != b.Name || a.Component != b.Component || a.In != b.In || a.Entry != b.Entry || a.NotEntry != b.NotEntry ||
			a.ReplicaOf != b.ReplicaOf || a.NotReplica != b.NotReplica || !slices.Equal(a.Zones, b.Zones) || a.ZoneCount != b.ZoneCount ||
			a.Assume != b.Assume || a.Objectives != b.Objectives {
			return false
		}
		if maps.Equal(a.Props, b.Props) {
			continue
		}
		gi, ok := r.g.index[b.ID]
		if !ok {
			return false
		}
		for name := range a.Props {
			if v, ok := b.Props[name]; (!ok || v != a.Props[name]) && r.g.dependsOn(gi, name) {
				return false
			}
		}
		for name := range b.Props {
			if _, ok := a.Props[name]; !ok && r.g.dependsOn(gi, name) {
				return false
			}
		}
	}
	return true
}

// dependsOn reports whether the analysis may have used property name of node
// i: it read it, or a condition of the node's component's SLAs, durability
// or recovery facts names it.
func (g *graph) dependsOn(i int32, name string) bool {
	if g.reads != nil && g.reads[i]&g.readBit(name, false) != 0 {
		return true
	}
	comp := g.cat.Components[g.nodes[i].Component]
	return comp == nil || inConditions(comp, name)
}

// inConditions reports whether a condition of one of comp's SLAs,
// durability facts or recovery facts names property name.
func inConditions(comp *catalogue.Component, name string) bool {
	if comp.GuaranteesRead(name) {
		return true
	}
	for _, f := range comp.Recovery {
		for _, w := range f.When {
			if w.Property == name {
				return true
			}
		}
	}
	return false
}

func sameGroup(a, b catalogue.Group) bool {
	return a.ID == b.ID && a.Boundary == b.Boundary && a.In == b.In && a.Name == b.Name && maps.Equal(a.Props, b.Props)
}
