package catalogue

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strings"
)

// Copies are the sets of nodes a design holds as copies of one another: a
// caller connected to several copies needs any one of them. A set is either
// stated (the nodes replicaOf joins) or inferred: nodes of one component,
// each placed in one zone, over two zones or more, that have the same
// callers and the same callees by the same flows (two instances of a
// service, one per zone; workers of one consumer group). A node that says
// `notReplica: true`, runs in several zones itself, or is in a stated set,
// is never inferred to be a copy.
type Copies struct {
	// Set is each design node's set, an index in Members, or -1.
	Set []int32
	// Members lists each set's nodes, by design index, in design order.
	Members [][]int32
	// Why says why an inferred set's members were taken as copies ("same
	// component (aws-ecs), same callers and callees, in zones az-a and
	// az-b"); "" for a stated set.
	Why []string
}

// FindCopies returns the design's sets of copies, or nil when it has none.
func FindCopies(d *Design) *Copies { return findCopies(d, nodeZones(d)) }

// findCopies is FindCopies with the zone each node sits in (see
// nodeZones).
func findCopies(d *Design, zone []string) *Copies {
	var c *Copies
	init := func() {
		if c == nil {
			c = &Copies{Set: make([]int32, len(d.Nodes))}
			for i := range c.Set {
				c.Set[i] = -1
			}
		}
	}
	stated := ReplicaSets(d)
	if stated != nil {
		count := map[int]int{}
		for _, r := range stated {
			count[r]++
		}
		next := map[int]int32{}
		for i, r := range stated {
			if count[r] < 2 {
				continue
			}
			init()
			s, ok := next[r]
			if !ok {
				s = int32(len(c.Members))
				next[r] = s
				c.Members = append(c.Members, nil)
				c.Why = append(c.Why, "")
			}
			c.Set[i] = s
			c.Members[s] = append(c.Members[s], int32(i))
		}
	}
	// The candidates: nodes in one zone, in no stated set, not said apart.
	candidate := func(i int) bool {
		n := &d.Nodes[i]
		return zone[i] != "" && !n.NotReplica && len(n.Zones) == 0 && n.ZoneCount == 0 && (c == nil || c.Set[i] < 0)
	}
	var index map[string]int32
	var in, out [][]neighbour
	for i := range d.Nodes {
		if !candidate(i) {
			continue
		}
		if index == nil {
			index = make(map[string]int32, len(d.Nodes))
			for j := len(d.Nodes) - 1; j >= 0; j-- {
				index[d.Nodes[j].ID] = int32(j)
			}
			in, out = make([][]neighbour, len(d.Nodes)), make([][]neighbour, len(d.Nodes))
		}
	}
	if index == nil {
		return c
	}
	for _, e := range d.Edges {
		from, okf := index[e.From]
		to, okt := index[e.To]
		if !okf || !okt {
			continue
		}
		if candidate(int(from)) {
			out[from] = append(out[from], neighbour{to, e.Flow})
		}
		if candidate(int(to)) {
			in[to] = append(in[to], neighbour{from, e.Flow})
		}
	}
	type group struct {
		members []int32
		zones   []string
	}
	groups := map[string]*group{}
	var order []string
	var key []byte
	for i := range d.Nodes {
		if !candidate(i) || len(in[i])+len(out[i]) == 0 {
			continue
		}
		key = append(key[:0], d.Nodes[i].Component...)
		key = append(key, 0)
		key = appendNeighbours(key, out[i])
		key = append(key, 0xff, 0xff, 0xff, 0xff)
		key = appendNeighbours(key, in[i])
		gr := groups[string(key)]
		if gr == nil {
			gr = &group{}
			groups[string(key)] = gr
			order = append(order, string(key))
		}
		gr.members = append(gr.members, int32(i))
		if !slices.Contains(gr.zones, zone[i]) {
			gr.zones = append(gr.zones, zone[i])
		}
	}
	for _, k := range order {
		gr := groups[k]
		if len(gr.zones) < 2 {
			continue // copies in one zone fall with it: nothing to infer
		}
		init()
		s := int32(len(c.Members))
		for _, m := range gr.members {
			c.Set[m] = s
		}
		c.Members = append(c.Members, gr.members)
		c.Why = append(c.Why, "same component ("+d.Nodes[gr.members[0]].Component+"), same callers and callees, in zones "+andList(slices.Sorted(slices.Values(gr.zones))))
	}
	return c
}

// neighbour is a node at the other end of an edge, and the edge's flow as
// the design states it.
type neighbour struct {
	node int32
	flow Flow
}

// appendNeighbours appends a node's neighbours to a key, sorted and
// without repeats: copies have the same, in whatever order the design
// lists its edges.
func appendNeighbours(key []byte, ns []neighbour) []byte {
	slices.SortFunc(ns, func(a, b neighbour) int {
		if a.node != b.node {
			return cmp.Compare(a.node, b.node)
		}
		return strings.Compare(string(a.flow), string(b.flow))
	})
	ns = slices.Compact(ns)
	for _, n := range ns {
		key = binary.LittleEndian.AppendUint32(key, uint32(n.node))
		key = append(key, n.flow...)
		key = append(key, 0)
	}
	return key
}

// andList writes "a", "a and b", "a, b and c".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
