package importer

import (
	"maps"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// Merge lays a new import of format f over the design an earlier import of
// the same system became and its users edited since. A node whose origin
// the import has again takes the import's component and the properties the import
// maps, and keeps everything else the user gave it: its id, name, group,
// position, other properties, entry, replica, figures and objectives. A
// node the import no longer has is gone, with its edges; a new one is
// added (renamed, kafka-2, if a node of the design has its id). The design's
// own nodes (with no origin), its groups, notes, suppressions and its edges
// between nodes that stay, stay; the import's edges and groups are added
// where the design lacks them.
func Merge(old, imported *catalogue.Design, f Format) *catalogue.Design {
	prefix := OriginPrefix(f) + ":"
	d := *old
	d.Positions = nil
	d.Nodes = nil
	byOrigin := map[string]catalogue.Node{}
	for _, n := range imported.Nodes {
		if _, twice := byOrigin[n.Origin]; !twice {
			byOrigin[n.Origin] = n
		}
	}
	// One namespace for nodes and groups, as the design has.
	ids := newIDSet()
	oldGroups := map[string]catalogue.Group{}
	for _, g := range old.Groups {
		ids.take(g.ID)
		oldGroups[g.ID] = g
	}
	final := map[string]string{} // imported node id → its id in the merge
	gone := map[string]bool{}
	matched := map[string]bool{}
	for _, n := range old.Nodes {
		in, again := byOrigin[n.Origin]
		switch {
		case n.Origin == "" || !strings.HasPrefix(n.Origin, prefix) || matched[n.Origin]:
			// The design's own, another import's, or a copy: it stays.
		case !again:
			gone[n.ID] = true
			continue
		default:
			n.Component = in.Component
			props := maps.Clone(n.Props)
			if props == nil && len(in.Props) > 0 {
				props = map[string]catalogue.Value{}
			}
			maps.Copy(props, in.Props)
			n.Props = props
			final[in.ID] = n.ID
			matched[n.Origin] = true
		}
		d.Nodes = append(d.Nodes, n)
		ids.take(n.ID)
	}
	// The import's groups: one of the design's with the same id and
	// boundary is taken for it; another is added, under a free id.
	d.Groups = slices.Clone(old.Groups)
	groupID := map[string]string{}
	for _, g := range imported.Groups {
		if o, ok := oldGroups[g.ID]; ok && o.Boundary == g.Boundary {
			groupID[g.ID] = g.ID
			continue
		}
		groupID[g.ID] = ids.unique(g.ID)
	}
	for _, g := range imported.Groups {
		if _, ok := oldGroups[g.ID]; ok && groupID[g.ID] == g.ID {
			continue
		}
		g.ID = groupID[g.ID]
		if g.In != "" {
			g.In = groupID[g.In]
		}
		d.Groups = append(d.Groups, g)
	}
	for _, n := range imported.Nodes {
		if matched[n.Origin] {
			continue
		}
		final[n.ID] = ids.unique(n.ID)
		n.ID = final[n.ID]
		if n.In != "" {
			n.In = groupID[n.In]
		}
		d.Nodes = append(d.Nodes, n)
	}
	d.Edges = nil
	type pair struct{ from, to string }
	seen := map[pair]bool{}
	for _, e := range old.Edges {
		if gone[e.From] || gone[e.To] {
			continue
		}
		seen[pair{e.From, e.To}] = true
		d.Edges = append(d.Edges, e)
	}
	for _, e := range imported.Edges {
		e.From, e.To = final[e.From], final[e.To]
		if e.From == "" || e.To == "" || seen[pair{e.From, e.To}] {
			continue
		}
		seen[pair{e.From, e.To}] = true
		d.Edges = append(d.Edges, e)
	}
	var notes []catalogue.Note
	for _, n := range old.Notes {
		if !gone[n.On] {
			notes = append(notes, n)
		}
	}
	d.Notes = notes
	var suppress []catalogue.Suppression
	for _, s := range old.Suppress {
		if !gone[s.Node] {
			suppress = append(suppress, s)
		}
	}
	d.Suppress = suppress
	return &d
}

// OriginPrefix is what the origins of format f's nodes start with
// ("terraform" for a plan's).
func OriginPrefix(f Format) string {
	if f == TerraformPlan {
		return "terraform"
	}
	return string(f)
}
