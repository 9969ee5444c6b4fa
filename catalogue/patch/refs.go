package patch

import (
	"fmt"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// checkReferences checks, after ops that add, remove, rename or point
// elements, that everything named is there: edges' ends, nodes' groups,
// copies and zones, groups' parents (without a cycle), what notes are on
// and suppressions' nodes. A reference to an id an op took away is blamed
// on that op; another, on the last op that set references.
func (a *applier) checkReferences(ops []Op) error {
	d := a.d
	nodes := make(map[string]bool, len(d.Nodes))
	for _, n := range d.Nodes {
		nodes[n.ID] = true
	}
	groups := make(map[string]int, len(d.Groups))
	for i, g := range d.Groups {
		groups[g.ID] = i
	}
	fail := func(id, what string, code diag.Code) error {
		if i, ok := a.gone[id]; ok {
			return opError(i, ops[i], CodeDanglingReference, "%s still names `%s`, which this op takes away; change or remove it in the same change", what, id)
		}
		i := a.lastRef
		return opError(i, ops[i], code, "%s names `%s`, which the design does not have", what, clip(id))
	}
	hasGroup := func(id string) bool { _, ok := groups[id]; return ok }
	for _, e := range d.Edges {
		for _, end := range []string{e.From, e.To} {
			if !nodes[end] {
				return fail(end, "edge "+e.From+" → "+e.To, diag.CodeUnknownNode)
			}
		}
	}
	for _, n := range d.Nodes {
		if n.In != "" && !hasGroup(n.In) {
			return fail(n.In, "node "+n.ID+"'s in", diag.CodeUnknownGroup)
		}
		if n.ReplicaOf != "" && (!nodes[n.ReplicaOf] || n.ReplicaOf == n.ID) {
			return fail(n.ReplicaOf, "node "+n.ID+"'s replicaOf", diag.CodeUnknownNode)
		}
		if n.ReplicaOf != "" && n.NotReplica {
			i := a.lastRef
			return opError(i, ops[i], diag.CodeConflictingKeys, "node %s would be both a copy of %s and no copy; keep one", n.ID, n.ReplicaOf)
		}
		for _, z := range n.Zones {
			if !hasGroup(z) {
				return fail(z, "node "+n.ID+"'s zones", diag.CodeUnknownGroup)
			}
		}
		if _, clash := groups[n.ID]; clash {
			return fail(n.ID, "node "+n.ID, diag.CodeDuplicateID)
		}
	}
	for _, g := range d.Groups {
		if g.In != "" && !hasGroup(g.In) {
			return fail(g.In, "group "+g.ID+"'s in", diag.CodeUnknownGroup)
		}
	}
	if g := groupCycle(d.Groups, groups); g != "" {
		i := a.lastRef
		return opError(i, ops[i], diag.CodeCycle, "group %s would sit in itself; a group sits in groups outside it", g)
	}
	for i, n := range d.Notes {
		if n.On != "" && !nodes[n.On] && !hasGroup(n.On) {
			return fail(n.On, fmt.Sprintf("note #%d", i+1), diag.CodeUnknownNode)
		}
	}
	for _, s := range d.Suppress {
		if s.Node != "" && !nodes[s.Node] {
			return fail(s.Node, "the suppression of rule "+s.Rule, diag.CodeUnknownNode)
		}
	}
	return nil
}

// groupCycle returns a group that sits in itself through others, or "".
func groupCycle(gs []catalogue.Group, at map[string]int) string {
	state := make([]int8, len(gs)) // 0 not seen, 1 on this walk, 2 done
	var path []int
	for i := range gs {
		path = path[:0]
		for j := i; ; {
			if state[j] == 1 {
				return gs[j].ID
			}
			if state[j] == 2 {
				break
			}
			state[j] = 1
			path = append(path, j)
			next, ok := at[gs[j].In]
			if !ok || gs[j].In == "" {
				break
			}
			j = next
		}
		for _, k := range path {
			state[k] = 2
		}
	}
	return ""
}
