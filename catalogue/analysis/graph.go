package analysis

import (
	"encoding/binary"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// graph is a resolved design as the analyses walk it: nodes by index, the
// edges a caller waits on, the event edges, the replica sets and the groups
// each node sits in.
type graph struct {
	cat   *catalogue.Catalogue
	d     *catalogue.Design
	nodes []*catalogue.ResolvedNode
	// design is the design node of each resolved node, at designIndex.
	design      []*catalogue.Node
	designIndex []int
	index       map[string]int32
	// waits are the nodes each node waits on (request and data flows, and
	// an event published to a broker), without repeats.
	waits [][]int32
	// events are the event edges out of each node, and onward the request
	// and data edges, which the delivery analysis follows.
	events  [][]int32
	onward  [][]int32
	hasIn   []bool
	hasOut  []bool
	broker  []bool
	figures []figure
	// set is the replica set of each node (the nodes joined by replicaOf),
	// or -1; sets lists each set's members, then each pool's (see pools).
	set  []int32
	sets [][]int32
	// why says why each set's members were taken as copies: "" for a set
	// replicaOf states, the reason for an inferred one or a pool.
	why []string
	// caps is, by set, the region-level SLA its members meet together
	// (see regionSLAs), or nil.
	caps []*catalogue.SLA
	// pool is the pool (by its index in sets) of each target, by balancer
	// (a node whose kind distributes) and target, made once rather than
	// on each walk through the balancer; balancer is each pool's, by that
	// index less the count of replica sets, replicas.
	pool     map[[2]int32]int32
	balancer []int32
	replicas int32
	// group is the innermost group index of each node, or -1; parent is
	// each group's, or -1.
	group  []int32
	parent []int32
	groups map[string]int32
	// span is how many zones each node runs in: 1 for a node in one, more
	// for one that runs in several (see spread), 0 when the design does
	// not say; never more than a virtual machine's instances. spread lists
	// the zone groups the design names for a node (zones, or a count of
	// them equal to the zones it draws in the node's region), one for a
	// node that names one, else nil.
	span   []int32
	spread [][]int32
	// reads are the properties the analysis read of each node (see value),
	// a bit each of readNames'.
	reads     []uint64
	readNames []string
	// becauses are the durability reasons made (see because), and notes
	// the figures' (see note).
	becauses map[becauseKey]string
	notes    map[noteKey]string
	// mark is scratch space for the walks, reset after each.
	mark []int32
	// given counts, while a figure is composed, the nodes taken as up
	// because an enclosing series counts them.
	given []int32
	// givenBlocks counts, likewise, the replica choices (by their copies)
	// an enclosing choice counts.
	givenBlocks map[string]int32
	// tally and order are sharedAmong's scratch space, zero and empty
	// between its calls.
	tally []tally
	order []int32
}

// figure is what a node's own availability is taken to be.
type figure struct {
	value  float64 // a fraction (0.9995); 1 when unknown
	source string  // SourceSLA, SourceAssumed, SourceUnknown or SourceOutside
	docs   string
	note   string
}

// Sources of a factor's value.
const (
	SourceSLA       = "sla"
	SourceAssumed   = "assumed"
	SourceUnknown   = "unknown"
	SourceRedundant = "redundant"
	// SourceOutside marks a client: it calls the system from outside, so
	// its own availability is its user's, and counts as 100 %.
	SourceOutside = "outside"
)

// outside are the kinds whose nodes call the system from outside it.
var outside = map[string]bool{"client": true}

func newGraph(cat *catalogue.Catalogue, d *catalogue.Design, res *catalogue.Resolution) *graph {
	n := len(res.Nodes)
	g := &graph{
		cat: cat, d: d,
		nodes: make([]*catalogue.ResolvedNode, n), design: make([]*catalogue.Node, n),
		index: make(map[string]int32, n),
		waits: make([][]int32, n), events: make([][]int32, n), onward: make([][]int32, n),
		hasIn: make([]bool, n), hasOut: make([]bool, n), broker: make([]bool, n),
		figures: make([]figure, n), set: make([]int32, n), group: make([]int32, n), mark: make([]int32, n),
	}
	byID := make(map[string]int, len(d.Nodes))
	for i := range d.Nodes {
		if _, dup := byID[d.Nodes[i].ID]; !dup {
			byID[d.Nodes[i].ID] = i
		}
	}
	for i := range res.Nodes {
		rn := &res.Nodes[i]
		g.nodes[i] = rn
		g.index[rn.ID] = int32(i)
		g.designIndex = append(g.designIndex, byID[rn.ID])
		g.design[i] = &d.Nodes[byID[rn.ID]]
		if k := cat.Kinds[rn.Kind]; k != nil {
			g.broker[i] = k.Flows.Into == catalogue.FlowEvent
		}
		g.set[i] = -1
	}
	// Each list (one node's waits, onward or events) holds a neighbour
	// once: a set of what each holds keeps that linear for a node of many
	// edges.
	type listed struct {
		list *[]int32
		to   int32
	}
	seen := make(map[listed]bool, len(res.Edges))
	var targets []poolTarget
	once := func(list *[]int32, to int32) {
		if k := (listed{list, to}); !seen[k] {
			seen[k] = true
			*list = append(*list, to)
		}
	}
	for _, re := range res.Edges {
		e := d.Edges[re.Edge]
		from, to := g.index[e.From], g.index[e.To]
		g.hasIn[to], g.hasOut[from] = true, true
		switch re.Flow {
		case catalogue.FlowRequest, catalogue.FlowData:
			once(&g.waits[from], to)
			once(&g.onward[from], to)
			if g.distributes(from) {
				targets = append(targets, poolTarget{from: from, to: to, flow: re.Flow})
			}
		case catalogue.FlowEvent:
			// The publisher waits for the broker to take the event, not for
			// the consumers behind it.
			if g.broker[to] && !g.broker[from] {
				once(&g.waits[from], to)
			}
			once(&g.events[from], to)
		}
	}
	g.placeGroups(res)
	// A node's own figure needs the zones it runs in (a region-level SLA
	// applies to a node in two or more).
	for i, rn := range g.nodes {
		if outside[rn.Kind] && g.design[i].Assume.Availability == 0 {
			g.figures[i] = figure{value: 1, source: SourceOutside, note: "a client, outside the system: its own availability is not counted"}
		} else {
			g.figures[i] = g.nodeFigure(cat.Components[rn.Component], rn, g.design[i], int(g.span[i]))
		}
	}
	g.replicaSets()
	g.makePools(targets)
	g.regionSLAs()
	return g
}

// distributes reports whether node i spreads a flow over the healthy ones
// of its targets: its kind says so, and the settings that needs hold (read
// through value, so that a Resolver sees the analysis depends on them).
func (g *graph) distributes(i int32) bool {
	k := g.cat.Kinds[g.nodes[i].Kind]
	if k == nil || k.Distributes == nil {
		return false
	}
	return k.Distributes.Holds(func(name string) catalogue.Value { return g.value(i, name) })
}

// balancerOff reports whether node i is of a kind that distributes but,
// as set, does not (health checks off): it does not fail over between
// copies, inferred or not.
func (g *graph) balancerOff(i int32) bool {
	k := g.cat.Kinds[g.nodes[i].Kind]
	return k != nil && k.Distributes != nil && !g.distributes(i)
}

// poolTarget is a request or data edge out of a node whose kind
// distributes.
type poolTarget struct {
	from, to int32
	flow     catalogue.Flow
}

// makePools finds the pools: the targets of one balancer (a node whose
// kind distributes) that it sends one flow to, that are of one component
// and that call the same nodes, two or more of them. The balancer sends
// each request to any healthy one, so the pool is down only when all its
// members are. Targets of different components, or of one component that
// call different nodes (an orders service and a users service, each with
// its own database), are different services the balancer routes to by
// path, each needed. Targets that are all of one replica set are left to
// it, the design's explicit word.
func (g *graph) makePools(targets []poolTarget) {
	g.replicas = int32(len(g.sets))
	if len(targets) == 0 {
		return
	}
	type poolKey struct {
		from      int32
		component string
		flow      catalogue.Flow
		callees   string
	}
	members := map[poolKey][]int32{}
	var order []poolKey
	pooled := map[[2]int32]bool{} // a target joins one pool of a balancer
	for _, t := range targets {
		if pooled[[2]int32{t.from, t.to}] || g.design[t.to].NotReplica {
			continue
		}
		pooled[[2]int32{t.from, t.to}] = true
		k := poolKey{t.from, g.nodes[t.to].Component, t.flow, g.callees(t.to)}
		if _, ok := members[k]; !ok {
			order = append(order, k)
		}
		members[k] = append(members[k], t.to)
	}
	for _, k := range order {
		m := members[k]
		if len(m) < 2 {
			continue
		}
		if st := g.set[m[0]]; st >= 0 && g.why[st] == "" && !slices.ContainsFunc(m, func(n int32) bool { return g.set[n] != st }) {
			continue // one stated set: it is the choice already
		}
		if g.pool == nil {
			g.pool = map[[2]int32]int32{}
		}
		for _, t := range m {
			g.pool[[2]int32{k.from, t}] = int32(len(g.sets))
		}
		g.sets = append(g.sets, m)
		g.why = append(g.why, "same component ("+k.component+") and the same callees"+g.zonesSaid(m))
		g.balancer = append(g.balancer, k.from)
	}
}

// zonesSaid says where copies run, when the design places them: ", in
// zones az-a and az-b", or "".
func (g *graph) zonesSaid(members []int32) string {
	var zones []string
	for _, m := range members {
		if z := g.zoneOf(m); z >= 0 && !slices.Contains(zones, g.d.Groups[z].ID) {
			zones = append(zones, g.d.Groups[z].ID)
		}
	}
	if len(zones) == 0 {
		return ""
	}
	slices.Sort(zones)
	if len(zones) == 1 {
		return ", all in zone " + zones[0]
	}
	return ", in zones " + strings.Join(zones[:len(zones)-1], ", ") + " and " + zones[len(zones)-1]
}

// callees is the set of nodes node i waits for, as a key: copies call the
// same ones, in whatever order the design lists its edges.
func (g *graph) callees(i int32) string {
	ids := slices.Sorted(slices.Values(g.waits[i]))
	b := make([]byte, 0, 4*len(ids))
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, uint32(id))
	}
	return string(b)
}

// poolBalancer returns the balancer of choice st when it is a pool, or -1
// for a replica set.
func (g *graph) poolBalancer(st int32) int32 {
	if st < g.replicas {
		return -1
	}
	return g.balancer[st-g.replicas]
}

// nodeFigure is a node's own availability: the design's assumption, else
// its product's SLA for its configuration, else unknown. The notes are made
// once per SLA or component (see note), not once per node.
func (g *graph) nodeFigure(comp *catalogue.Component, rn *catalogue.ResolvedNode, dn *catalogue.Node, zones int) figure {
	if dn.Assume.Availability > 0 {
		f := figure{value: dn.Assume.Availability / 100, source: SourceAssumed}
		if comp != nil {
			if s := comp.SLAIn(rn, zones); s != nil {
				f.note = g.note(noteKey{sla: s, assumed: true}, func() string {
					return "assumed on the node; the published SLA is " + catalogue.FormatPercent(s.Uptime) + " %"
				})
				f.docs = s.Docs
			}
		}
		return f
	}
	if comp != nil {
		if s := comp.SLAIn(rn, zones); s != nil {
			note := g.note(noteKey{sla: s}, func() string {
				note := catalogue.DescribeSLA(s)
				if s.Note != "" {
					if note != "" {
						note += "; "
					}
					note += s.Note
				}
				return note
			})
			return figure{value: s.Uptime / 100, source: SourceSLA, docs: s.Docs, note: note}
		}
		if len(comp.SLA) > 0 {
			return figure{value: 1, source: SourceUnknown, docs: comp.SLA[0].Docs, note: g.note(noteKey{component: rn.Component}, func() string {
				return comp.ID + "'s SLA does not cover this configuration (" + slaConfigurations(comp) + ")"
			})}
		}
	}
	return figure{value: 1, source: SourceUnknown, note: g.note(noteKey{component: rn.Component}, func() string {
		return rn.Component + " has no published SLA in the catalogue"
	})}
}

// noteKey names a figure's note: an SLA's (as assumed on the node, or
// published), or a component's that has none for a node.
type noteKey struct {
	sla       *catalogue.SLA
	assumed   bool
	component string
}

// note returns the note key names, made once per analysis: thousands of
// nodes of one component share it.
func (g *graph) note(key noteKey, build func() string) string {
	return madeOnce(&g.notes, key, build)
}

// madeOnce returns the text key names in made, building it the first time.
func madeOnce[K comparable](made *map[K]string, key K, build func() string) string {
	if s, ok := (*made)[key]; ok {
		return s
	}
	if *made == nil {
		*made = map[K]string{}
	}
	s := build()
	(*made)[key] = s
	return s
}

// slaConfigurations says which configurations a component's SLAs cover.
func slaConfigurations(comp *catalogue.Component) string {
	parts := make([]string, 0, len(comp.SLA))
	for _, s := range comp.SLA {
		w := catalogue.DescribeSLA(&s)
		if w == "" {
			w = "any"
		}
		parts = append(parts, w+": "+catalogue.FormatPercent(s.Uptime)+" %")
	}
	return strings.Join(parts, "; ")
}

// regionSLAs finds the choices (sets of copies and pools) whose members,
// all of one product, run in enough zones together for its region-level
// SLA (EC2's "instances in two or more zones"): the provider commits to
// that figure for them, not to what their own figures composed as
// independent would give, so it caps the choice. A member whose figure
// the design assumes leaves the choice to the design's figures.
func (g *graph) regionSLAs() {
	for st, members := range g.sets {
		comp := g.cat.Components[g.nodes[members[0]].Component]
		if comp == nil {
			continue
		}
		var zones []int32
		same := true
		for _, m := range members {
			if g.nodes[m].Component != comp.ID || g.design[m].Assume.Availability > 0 {
				same = false
				break
			}
			if g.spread != nil && len(g.spread[m]) > 0 {
				for _, z := range g.spread[m] {
					if !slices.Contains(zones, z) {
						zones = append(zones, z)
					}
				}
			} else if z := g.zoneOf(m); z >= 0 && !slices.Contains(zones, z) {
				zones = append(zones, z)
			}
		}
		// "Two or more zones in the same region": the zones of the region
		// that holds the most of them.
		most, in := 0, map[int32]int{}
		for _, z := range zones {
			r := g.enclosingOf(z, "region")
			in[r]++
			most = max(most, in[r])
		}
		if !same || most < 2 {
			continue
		}
		s := comp.SLAIn(g.nodes[members[0]], most)
		if s == nil || s.Zones == 0 {
			continue
		}
		if g.caps == nil {
			g.caps = make([]*catalogue.SLA, len(g.sets))
		}
		g.caps[st] = s
	}
}

// replicaSets lists the members of each set of copies of two or more (see
// catalogue.FindCopies: stated by replicaOf, or inferred), by resolved
// node, with why an inferred set's members were taken as copies.
func (g *graph) replicaSets() {
	c := g.cat.FindCopies(g.d)
	if c == nil {
		return
	}
	members := make([][]int32, len(c.Members))
	for i := range g.nodes {
		if s := c.Set[g.designIndex[i]]; s >= 0 {
			members[s] = append(members[s], int32(i))
		}
	}
	for s, m := range members {
		if len(m) < 2 {
			continue // the others are of no component the catalogue has
		}
		st := int32(len(g.sets))
		for _, i := range m {
			g.set[i] = st
		}
		g.sets = append(g.sets, m)
		g.why = append(g.why, c.Why[s])
	}
}

// placeGroups records each node's innermost group and each group's parent.
func (g *graph) placeGroups(res *catalogue.Resolution) {
	g.groups = make(map[string]int32, len(g.d.Groups))
	for i, gr := range g.d.Groups {
		if _, dup := g.groups[gr.ID]; !dup {
			g.groups[gr.ID] = int32(i)
		}
	}
	g.parent = make([]int32, len(g.d.Groups))
	for i, gr := range g.d.Groups {
		g.parent[i] = -1
		if p, ok := g.groups[gr.In]; ok && gr.In != "" && p != int32(i) {
			g.parent[i] = p
		}
	}
	for i, dn := range g.design {
		g.group[i] = -1
		if j, ok := g.groups[dn.In]; ok && dn.In != "" {
			g.group[i] = j
		}
	}
	g.span = make([]int32, len(g.nodes))
	var zonesIn map[int32][]int32 // each region's zone groups, made when first needed
	for i, dn := range g.design {
		n := int32(i)
		switch {
		case len(dn.Zones) > 0:
			for _, z := range dn.Zones {
				if j, ok := g.groups[z]; ok && g.d.Groups[j].Boundary == "zone" {
					g.setSpread(n, j)
				}
			}
			g.span[i] = 1
			if g.spread != nil && len(g.spread[i]) > 1 {
				g.span[i] = int32(len(g.spread[i]))
			}
		case dn.ZoneCount > 0:
			// Counted: the zones of the region it sits in when the design
			// draws as many, else unnamed.
			g.span[i] = int32(dn.ZoneCount)
			if r := g.regionOf(n); r >= 0 && dn.ZoneCount > 1 {
				if zonesIn == nil {
					zonesIn = g.zonesByRegion()
				}
				if zs := zonesIn[r]; len(zs) == dn.ZoneCount {
					for _, z := range zs {
						g.setSpread(n, z)
					}
				}
			}
		case g.innerZone(n) >= 0:
			g.span[i] = 1
		case g.value(n, "multiZone") == catalogue.BoolValue(true):
			// A regional service over zones the design need not draw (a
			// region has three or more): "two or more", each zone's
			// loss survived, as the provider spreads it.
			g.span[i] = 2
		}
		// As many zones as instances at most: one virtual machine runs in
		// one zone, whatever the zones it may be placed in.
		if g.span[i] > 1 {
			if v := g.value(n, "instances"); v.IsSet() && v.Int() < int64(g.span[i]) {
				g.span[i] = int32(max(v.Int(), 1))
				if g.span[i] == 1 && g.spread != nil {
					g.spread[i] = nil // in one of them, not known which
				}
			}
		}
	}
}

// setSpread adds zone group z to the zones node n runs in.
func (g *graph) setSpread(n, z int32) {
	if g.spread == nil {
		g.spread = make([][]int32, len(g.nodes))
	}
	g.spread[n] = append(g.spread[n], z)
}

// zonesByRegion lists the zone groups in each region group.
func (g *graph) zonesByRegion() map[int32][]int32 {
	out := map[int32][]int32{}
	for z, gr := range g.d.Groups {
		if gr.Boundary != "zone" {
			continue
		}
		for c, steps := g.parent[z], 0; c >= 0 && steps <= len(g.parent); c, steps = g.parent[c], steps+1 {
			if g.d.Groups[c].Boundary == "region" {
				out[c] = append(out[c], int32(z))
				break
			}
		}
	}
	return out
}

// regionOf returns the innermost region group node i sits in, or -1.
func (g *graph) regionOf(i int32) int32 {
	for c, steps := g.group[i], 0; c >= 0 && steps <= len(g.parent); c, steps = g.parent[c], steps+1 {
		if g.d.Groups[c].Boundary == "region" {
			return c
		}
	}
	return -1
}

// zoneOf returns the one zone group node i runs in, or -1: none, or
// several.
func (g *graph) zoneOf(i int32) int32 {
	switch {
	case g.span[i] > 1:
		return -1
	case g.spread != nil && len(g.spread[i]) == 1:
		return g.spread[i][0] // zones: [az-a]
	}
	return g.innerZone(i)
}

// innerZone returns the innermost zone group node i sits in, or -1.
func (g *graph) innerZone(i int32) int32 {
	for c, steps := g.group[i], 0; c >= 0 && steps <= len(g.parent); c, steps = g.parent[c], steps+1 {
		if g.d.Groups[c].Boundary == "zone" {
			return c
		}
	}
	return -1
}

// value returns node i's resolved value of a property, unset when it has
// none. It is the analysis's one way to a property's value (but for the
// conditions of a component's SLAs and durability facts, see dependsOn):
// it records the read, so that a Resolver knows which edits cannot change
// the analysis.
func (g *graph) value(i int32, name string) catalogue.Value {
	if g.reads == nil {
		g.reads = make([]uint64, len(g.nodes))
	}
	g.reads[i] |= g.readBit(name, true)
	if p, ok := g.nodes[i].Get(name); ok {
		return p.Value
	}
	return catalogue.Value{}
}

// readBit is the bit of reads that stands for property name, numbered in
// the order the analysis first reads them (a dozen names, of settings it
// knows): a list per node cost 8 MB for a diff of two 50,000-node designs.
// Past 63 names the rest share the last bit, so that dependsOn errs towards
// yes. Unless add, a name never read has no bit (0).
func (g *graph) readBit(name string, add bool) uint64 {
	i := slices.Index(g.readNames, name)
	switch {
	case i >= 0:
		return 1 << i
	case len(g.readNames) == 63:
		return 1 << 63
	case add:
		g.readNames = append(g.readNames, name)
		return 1 << (len(g.readNames) - 1)
	}
	return 0
}

// id is node i's id.
func (g *graph) id(i int32) string { return g.nodes[i].ID }

// capOf returns the region-level SLA that caps choice st, or nil.
func (g *graph) capOf(st int32) *catalogue.SLA {
	if g.caps == nil {
		return nil
	}
	return g.caps[st]
}

// within reports whether group z is one of groups or sits in one of them.
func (g *graph) within(z int32, groups []int32) bool {
	for c, steps := z, 0; c >= 0 && steps <= len(g.parent); c, steps = g.parent[c], steps+1 {
		if slices.Contains(groups, c) {
			return true
		}
	}
	return false
}

// enclosingOf returns the innermost group of boundary b that group gi is
// or sits in, or -1.
func (g *graph) enclosingOf(gi int32, b string) int32 {
	for c, steps := gi, 0; c >= 0 && steps <= len(g.parent); c, steps = g.parent[c], steps+1 {
		if g.d.Groups[c].Boundary == b {
			return c
		}
	}
	return -1
}
