package importer

import (
	"maps"
	"slices"
	"strconv"

	"github.com/archdesigner/designer/catalogue"
)

// Merge lays a new import over the design an earlier import of the same
// system became and its users edited since. A node whose origin the import
// has again takes the import's component and the properties the import
// maps, and keeps everything else the user gave it: its id, name, group,
// position, other properties, entry, replica, figures and objectives. A
// node the import no longer has is gone, with its edges; a new one is
// added (renamed, kafka-2, if a node of the design has its id). The design's
// own nodes (with no origin), its groups, notes, suppressions and its edges
// between nodes that stay, stay; the import's edges and groups are added
// where the design lacks them.
func Merge(old, imported *catalogue.Design) *catalogue.Design {
	d := *old
	d.Positions = nil
	d.Nodes = nil
	byOrigin := map[string]catalogue.Node{}
	for _, n := range imported.Nodes {
		byOrigin[n.Origin] = n
	}
	ids := map[string]bool{}
	final := map[string]string{} // imported node id → its id in the merge
	gone := map[string]bool{}
	for _, n := range old.Nodes {
		if n.Origin == "" {
			d.Nodes = append(d.Nodes, n)
			ids[n.ID] = true
			continue
		}
		in, again := byOrigin[n.Origin]
		if !again {
			gone[n.ID] = true
			continue
		}
		n.Component = in.Component
		props := maps.Clone(n.Props)
		if props == nil && len(in.Props) > 0 {
			props = map[string]catalogue.Value{}
		}
		maps.Copy(props, in.Props)
		n.Props = props
		d.Nodes = append(d.Nodes, n)
		ids[n.ID] = true
		final[in.ID] = n.ID
		delete(byOrigin, n.Origin)
	}
	groups := map[string]bool{}
	for _, g := range old.Groups {
		groups[g.ID] = true
	}
	d.Groups = slices.Clone(old.Groups)
	for _, g := range imported.Groups {
		if !groups[g.ID] {
			d.Groups = append(d.Groups, g)
			groups[g.ID] = true
		}
	}
	for _, n := range imported.Nodes {
		if _, added := byOrigin[n.Origin]; !added {
			continue
		}
		id := n.ID
		for i := 2; ids[id]; i++ {
			id = n.ID + "-" + strconv.Itoa(i)
		}
		ids[id] = true
		final[n.ID] = id
		n.ID = id
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
		if seen[pair{e.From, e.To}] {
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
