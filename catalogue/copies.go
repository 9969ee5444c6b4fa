package catalogue

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strings"
)

// Copies are the sets of nodes a design holds as copies of one another: a
// caller connected to several copies needs any one of them. A set is either
// stated (the nodes replicaOf joins) or inferred: nodes of one component of
// a compute kind (a service, a container platform, a function, a virtual
// machine: what runs code and keeps no data of its own), each placed in one
// zone, over two zones or more, that have the same callers and the same
// callees by the same flows (two instances of a service, one per zone;
// workers of one consumer group). Two stores of one product are never
// inferred to be copies: each keeps its own data (orders-db and users-db),
// unless replicaOf says otherwise. A node that says `notReplica: true`,
// runs in several zones itself, or is in a stated set, is never inferred to
// be a copy.
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
func (c *Catalogue) FindCopies(d *Design) *Copies { return c.findCopies(d, nodeZones(d)) }

// InfersCopies reports whether nodes of component id may be inferred to be
// copies: its kind is of the compute category.
func (c *Catalogue) InfersCopies(id string) bool {
	comp := c.Components[id]
	if comp == nil {
		return false
	}
	k := c.Kinds[comp.Kind]
	return k != nil && k.Category == "compute"
}

// findCopies is FindCopies with the zone each node sits in (see
// nodeZones).
func (cat *Catalogue) findCopies(d *Design, zone []string) *Copies {
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
	// The candidates: nodes in one zone, in no stated set, not said
	// apart, of a component placed in two zones or more among them (the
	// rest cannot have a copy in another zone).
	candidate := make([]bool, len(d.Nodes))
	firstZone := map[string]string{}
	spread := map[string]bool{}
	any := false
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if zone[i] == "" || n.NotReplica || len(n.Zones) > 1 || n.ZoneCount > 1 || c != nil && c.Set[i] >= 0 || !cat.InfersCopies(n.Component) {
			continue
		}
		candidate[i] = true
		if z, ok := firstZone[n.Component]; !ok {
			firstZone[n.Component] = zone[i]
		} else if z != zone[i] {
			spread[n.Component], any = true, true
		}
	}
	if !any {
		return c
	}
	index := make(map[string]int32, len(d.Nodes))
	for j := len(d.Nodes) - 1; j >= 0; j-- {
		if candidate[j] && !spread[d.Nodes[j].Component] {
			candidate[j] = false
		}
		index[d.Nodes[j].ID] = int32(j)
	}
	// Every candidate's edges, as one list sorted by node, so that each
	// node's neighbours are a run of it.
	var ends []end
	for _, e := range d.Edges {
		from, okf := index[e.From]
		to, okt := index[e.To]
		if !okf || !okt {
			continue
		}
		if candidate[from] {
			ends = append(ends, end{node: from, out: true, other: to, flow: e.Flow})
		}
		if candidate[to] {
			ends = append(ends, end{node: to, other: from, flow: e.Flow})
		}
	}
	slices.SortFunc(ends, func(a, b end) int {
		if a.node != b.node {
			return cmp.Compare(a.node, b.node)
		}
		if a.out != b.out {
			if a.out {
				return -1
			}
			return 1
		}
		if a.other != b.other {
			return cmp.Compare(a.other, b.other)
		}
		return strings.Compare(string(a.flow), string(b.flow))
	})
	ends = slices.Compact(ends)
	// A group's members and zones are listed once it has a second: most
	// nodes have a group of their own.
	type group struct {
		first   int32
		zone    string
		members []int32
		zones   []string
	}
	var groups []group
	byKey := map[string]int32{}
	var key []byte
	for k := 0; k < len(ends); {
		i := ends[k].node
		key = append(key[:0], d.Nodes[i].Component...)
		for ; k < len(ends) && ends[k].node == i; k++ {
			e := ends[k]
			if e.out {
				key = append(key, 1)
			} else {
				key = append(key, 2)
			}
			key = binary.LittleEndian.AppendUint32(key, uint32(e.other))
			key = append(key, e.flow...)
			key = append(key, 0)
		}
		gi, ok := byKey[string(key)]
		if !ok {
			byKey[string(key)] = int32(len(groups))
			groups = append(groups, group{first: i, zone: zone[i]})
			continue
		}
		gr := &groups[gi]
		if gr.members == nil {
			gr.members, gr.zones = []int32{gr.first}, []string{gr.zone}
		}
		gr.members = append(gr.members, i)
		if !slices.Contains(gr.zones, zone[i]) {
			gr.zones = append(gr.zones, zone[i])
		}
	}
	for _, gr := range groups {
		if len(gr.zones) < 2 {
			continue // alone, or copies in one zone that fall with it
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

// end is one end of an edge at a candidate node: the node at the other
// end, whether the edge leaves the node, and the flow the design states.
type end struct {
	node, other int32
	out         bool
	flow        Flow
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
