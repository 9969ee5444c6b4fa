// Package analysis says what a design guarantees end to end, from the
// catalogue's documented SLAs and durability and the design's placement and
// flows: the availability of each entry point with its derivation, the
// single points of failure, what the loss of a zone or a region takes, the
// delivery each event sink gets, the failures each stateful node tolerates,
// and whether the design's objectives are met.
//
// The model, and its limits, are in the README ("What the design
// guarantees (analysis)"). In short: an entry point needs every node it waits on (request
// and data flows, and the broker it publishes an event to), each up
// independently with its product's SLA as the chance; a caller connected to
// several replicas of a node (replicaOf) needs any one of them, as a
// balancer (a kind that distributes) needs any one of its targets of one
// component (a pool); an unknown
// figure is taken as 1, so that the result is a bound.
package analysis

import (
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// MinutesPerMonth is the month the downtime figures are of: 30 days.
const MinutesPerMonth = 30 * 24 * 60

// Report is the analysis of one design.
type Report struct {
	Entries    []Entry      `json:"entries"`
	SPOFs      []SPOF       `json:"spofs"`
	Losses     []Loss       `json:"losses"`
	Sinks      []Sink       `json:"sinks"`
	Durability []Durability `json:"durability"`
	Objectives []Objective  `json:"objectives"`
	// CutSets are each entry's minimal sets of one or two nodes or groups
	// whose joint loss cuts it (see cutsets.go), for the entries whose
	// walk was whole.
	CutSets []CutSet `json:"cutSets"`
	// Skipped counts the entry points left out because the design is too
	// large for one analysis's walk budget (see walkBudget).
	Skipped    int                   `json:"skipped,omitempty"`
	Violations []catalogue.Violation `json:"-"`

	g     *graph
	trees []*series // each entry's, in Entries' order
	// members lists the nodes in each zone and region group (by group
	// index), and places where each node sits in the entries' trees.
	members map[int32][]int32
	// shares lists, by group, the nodes that run in it and in other zones
	// too: its loss takes a share of each, not the node. regional lists,
	// by region, its nodes that run in zones the design does not name.
	shares   map[int32][]int32
	regional map[int32][]int32
	// regionalRec is each region's regionalRecovery, made once.
	regionalRec map[int32]*regionalRecovery
	places      [][]place
	outage      *outage // lossAndNeeds' scratch space
}

// Entry is an entry point's availability: the percentage of a month it is
// up, with every factor. It is at most that (Bound) when a factor is
// unknown, and at least that (Approximate) when copies share what they need
// in a way taken in series, or when the walk was cut short (Truncated: then
// no single point of failure or loss is claimed from it).
type Entry struct {
	Node                    string   `json:"node"`
	Availability            float64  `json:"availability"`
	DowntimeMinutesPerMonth float64  `json:"downtimeMinutesPerMonth"`
	Bound                   bool     `json:"bound"`
	Approximate             bool     `json:"approximate,omitempty"`
	Truncated               bool     `json:"truncated,omitempty"`
	Assumed                 bool     `json:"assumed"`
	Factors                 []Factor `json:"factors"`
	// Unknown lists the nodes whose figure is unknown.
	Unknown []string `json:"unknown,omitempty"`
	// Why says how the entry was found: "marked entry", "nothing flows into
	// it", "it has an availability objective".
	Why string `json:"why"`
}

// Factor is one term of an entry's availability: a node's figure, or a
// choice among replicas (Source "redundant") with the factors of each. A
// choice among the targets of a balancer (a pool) names it in Pool.
type Factor struct {
	Node  string   `json:"node,omitempty"`
	Nodes []string `json:"nodes,omitempty"`
	Pool  string   `json:"pool,omitempty"`
	// Copies says how a choice's members came to be copies: CopiesStated,
	// CopiesInferred or CopiesPool.
	Copies   string     `json:"copies,omitempty"`
	Value    float64    `json:"value"`
	Source   string     `json:"source"`
	Docs     string     `json:"docs,omitempty"`
	Note     string     `json:"note,omitempty"`
	Branches [][]Factor `json:"branches,omitempty"`
}

// How a choice's members came to be copies (Factor.Copies).
const (
	// CopiesStated: the design joins them with replicaOf.
	CopiesStated = "replicaOf"
	// CopiesInferred: one component, the same callers and callees, over
	// two zones or more (see catalogue.FindCopies).
	CopiesInferred = "inferred"
	// CopiesPool: the targets of a balancer, of one component, with the
	// same callees.
	CopiesPool = "pool"
)

// SPOF is a node or a group whose loss alone cuts entries off from what
// they wait on.
type SPOF struct {
	Node    string   `json:"node,omitempty"`
	Group   string   `json:"group,omitempty"`
	Cuts    []string `json:"cuts"`
	Because string   `json:"because"`
}

// Loss is what the failure of a group takes: the nodes in it, the entries
// that lose something they wait on, and the stateful nodes whose only copy
// of acknowledged data is in it.
type Loss struct {
	Group    string   `json:"group"`
	Boundary string   `json:"boundary"`
	Nodes    []string `json:"nodes"`
	// Shares are the nodes that run in the group and in other zones: the
	// loss takes a share of each, and they serve on from the others.
	Shares     []string `json:"shares,omitempty"`
	Cuts       []string `json:"cuts"`
	DataAtRisk []string `json:"dataAtRisk"`
	// Recovery says how the nodes lost serve again (see recover), and
	// RTOSeconds and RPOSeconds the worst of their figures: null when a
	// node's is unknown, the first such named in UnknownRTO or UnknownRPO,
	// or when there is nothing to recover.
	Recovery   []Recovery `json:"recovery"`
	RTOSeconds *int64     `json:"rtoSeconds"`
	RPOSeconds *int64     `json:"rpoSeconds"`
	UnknownRTO string     `json:"unknownRTO,omitempty"`
	UnknownRPO string     `json:"unknownRPO,omitempty"`
	// MoreRecovery counts the nodes that fail over left out of Recovery
	// (see maxRecoveryListed); the worst figures are of them all.
	MoreRecovery int `json:"moreRecovery,omitempty"`
}

// Sink is a node reached through event flows where the path ends, with the
// guarantee it gets: Delivery is the weakest hop's ("at-most-once",
// "at-least-once", "exactly-once"; "none" when a path may both lose and
// repeat; "unknown" when a hop's is not known).
type Sink struct {
	Node               string `json:"node"`
	Delivery           string `json:"delivery"`
	DuplicatesPossible bool   `json:"duplicatesPossible"`
	LossPossible       bool   `json:"lossPossible"`
	Because            string `json:"because"`
	Docs               string `json:"docs,omitempty"`
}

// Durability is how many failures (of Of: node, zone) a stateful node
// survives without losing acknowledged writes; nil when not known.
type Durability struct {
	Node              string `json:"node"`
	FailuresTolerated *int   `json:"failuresTolerated"`
	Of                string `json:"of,omitempty"`
	Because           string `json:"because"`
	Docs              string `json:"docs,omitempty"`
}

// Objective is one objective the design states and whether the analysis
// shows it met: Met is false when it is missed or cannot be shown (Known
// false).
type Objective struct {
	Target      string  `json:"target"`
	Measure     string  `json:"measure"` // "availability" or "failuresTolerated"
	Objective   float64 `json:"objective"`
	Actual      float64 `json:"actual"`
	Bound       bool    `json:"bound,omitempty"`
	Approximate bool    `json:"approximate,omitempty"`
	Known       bool    `json:"known"`
	Met         bool    `json:"met"`
}

// Resolve resolves the design and analyses it, with the objectives'
// violations among the resolution's (so that the design's suppressions
// apply to them, and check counts them).
func Resolve(cat *catalogue.Catalogue, d *catalogue.Design) (*catalogue.Resolution, *Report) {
	var rep *Report
	res := cat.ResolveWith(d, func(res *catalogue.Resolution) []catalogue.Violation {
		rep = Analyze(cat, d, res)
		return rep.Violations
	})
	return res, rep
}

// Analyze analyses a resolved design.
func Analyze(cat *catalogue.Catalogue, d *catalogue.Design, res *catalogue.Resolution) *Report {
	g := newGraph(cat, d, res)
	rep := &Report{g: g, Entries: []Entry{}, SPOFs: []SPOF{}, Losses: []Loss{}, Sinks: []Sink{}, Durability: []Durability{}, Objectives: []Objective{}}
	rep.entries()
	rep.spofs()
	rep.cutSets()
	rep.sinks()
	rep.durability()
	rep.objectives()
	return rep
}

// entries finds the entry points and their availability.
func (r *Report) entries() {
	g := r.g
	budget := walkBudget
	for i := range g.nodes {
		n := int32(i)
		dn := g.design[i]
		var why string
		switch {
		case dn.Entry:
			why = "marked entry"
		case dn.Objectives.Availability > 0:
			why = "it has an availability objective"
		case dn.NotEntry:
			continue // entry: false: callers never come in, though nothing flows in
		case !g.hasIn[i] && g.hasOut[i]:
			why = "nothing flows into it"
		default:
			continue
		}
		if budget <= 0 {
			r.Skipped++
			continue
		}
		tree, truncated := g.requirement(n, &budget)
		a, unknown, shared := g.availability(tree)
		e := Entry{Node: g.id(n), Availability: round(a * 100), DowntimeMinutesPerMonth: round((1 - a) * MinutesPerMonth),
			Bound: unknown, Approximate: shared || truncated, Truncated: truncated, Factors: g.factors(tree), Why: why}
		// A node may sit in several branches: it is listed once, in walk
		// order (a set, as a list searched would grow with the square of a
		// long path's unknowns).
		var listed map[string]bool
		each(tree, func(m int32) {
			switch g.figures[m].source {
			case SourceUnknown:
				if listed == nil {
					listed = map[string]bool{}
				}
				if !listed[g.id(m)] {
					listed[g.id(m)] = true
					e.Unknown = append(e.Unknown, g.id(m))
				}
			case SourceAssumed:
				e.Assumed = true
			}
		})
		r.Entries = append(r.Entries, e)
		r.trees = append(r.trees, tree)
	}
}

// factors lists a series' terms for its derivation.
func (g *graph) factors(s *series) []Factor {
	out := make([]Factor, 0, len(s.nodes)+len(s.blocks))
	for _, n := range s.nodes {
		f := g.figures[n]
		out = append(out, Factor{Node: g.id(n), Value: round(f.value * 100), Source: f.source, Docs: f.docs, Note: f.note})
	}
	if g.given == nil {
		g.given = make([]int32, len(g.nodes))
	}
	g.hold(s.nodes, 1)
	defer g.hold(s.nodes, -1)
	for _, blk := range s.blocks {
		a, _, _ := g.blockGiven(blk)
		f := Factor{Value: round(a * 100), Source: SourceRedundant}
		for _, m := range blk.members {
			f.Nodes = append(f.Nodes, g.id(m))
		}
		for _, br := range blk.branches {
			f.Branches = append(f.Branches, g.factors(br))
		}
		f.Note = "any one of " + strings.Join(f.Nodes, ", ") + " serves"
		why := g.why[blk.choice]
		switch lb := g.poolBalancer(blk.choice); {
		case lb >= 0:
			f.Pool, f.Copies = g.id(lb), CopiesPool
			f.Note += " (a pool behind " + f.Pool + ": " + why
			if k := g.cat.Kinds[g.nodes[lb].Kind]; k != nil && k.Distributes != nil {
				f.Docs = k.Distributes.Docs
				if k.Distributes.Note != "" {
					f.Note += "; " + k.Distributes.Note
				}
			}
			f.Note += ")"
		case why != "":
			f.Copies = CopiesInferred
			f.Note += " (taken as copies: " + why + "; notReplica on a node says otherwise)"
		default:
			f.Copies = CopiesStated
			f.Note += " (copies by replicaOf)"
		}
		if c := g.capOf(blk.choice); c != nil {
			f.Note += "; at most " + catalogue.FormatPercent(c.Uptime) + " %, " + g.nodes[blk.members[0]].Component + "'s region-level SLA (" + catalogue.DescribeSLA(c) + "): " + c.Docs
		}
		out = append(out, f)
	}
	return out
}

// round keeps six significant decimals of a percentage, enough for 99.9999.
func round(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 6, 64), 64)
	return v
}

// singleReason says why losing node i alone takes it down (one copy, one
// zone), from what its settings or placement state; "" when they do not.
func (g *graph) singleReason(i int32) string {
	if z := g.zoneOf(i); z >= 0 {
		return "it runs only in zone " + g.d.Groups[z].ID
	}
	for _, s := range singleSettings[g.nodes[i].Kind] {
		if v := g.value(i, s.prop); v.IsSet() && v == s.value {
			return s.because
		}
	}
	return ""
}

// singleSettings are the settings that say a node of a kind runs as one
// copy, so that losing one machine takes it down.
var singleSettings = map[string][]struct {
	prop    string
	value   catalogue.Value
	because string
}{
	"relational-database": {{"highAvailability", catalogue.BoolValue(false), "it has no standby to take over (highAvailability false)"}},
	"cache":               {{"replication", catalogue.BoolValue(false), "it has no replica to take over (replication false)"}},
	"stream":              {{"replicationFactor", catalogue.IntValue(1), "it keeps one copy of each record (replicationFactor 1)"}},
	"search": {
		{"replicas", catalogue.IntValue(0), "it keeps one copy of each shard (replicas 0)"},
		{"dataNodes", catalogue.IntValue(1), "it runs on one data node (dataNodes 1)"},
	},
	"compute-instance": {{"instances", catalogue.IntValue(1), "it runs as one instance (instances 1)"}},
}

// spofs lists the nodes, and the zones and regions, whose loss alone cuts
// an entry off.
func (r *Report) spofs() {
	g := r.g
	cuts := map[int32][]string{}
	var order []int32
	for k, tree := range r.trees {
		if r.Entries[k].Truncated {
			continue // its tree is not the design's
		}
		for _, n := range tree.nodes {
			if g.singleReason(n) == "" {
				continue
			}
			if _, seen := cuts[n]; !seen {
				order = append(order, n)
			}
			cuts[n] = append(cuts[n], r.Entries[k].Node)
		}
	}
	for _, n := range order {
		r.SPOFs = append(r.SPOFs, SPOF{Node: g.id(n), Cuts: cuts[n], Because: g.singleReason(n)})
	}
	for gi, gr := range g.d.Groups {
		if gr.Boundary != "zone" && gr.Boundary != "region" {
			continue
		}
		loss, needed := r.lossAndNeeds(int32(gi))
		r.Losses = append(r.Losses, loss)
		if len(loss.Cuts) > 0 {
			r.SPOFs = append(r.SPOFs, SPOF{Group: gr.ID, Cuts: loss.Cuts, Because: "everything in " + gr.Boundary + " " + gr.ID + " fails with it, and what is cut needs " + strings.Join(needed, ", ") + " there, with no replica outside"})
		}
	}
}

// Loss returns what the failure of the zone or region id takes, and
// whether the design has such a group.
func (r *Report) Loss(id string) (Loss, bool) {
	gi, ok := r.g.groups[id]
	if !ok {
		return Loss{}, false
	}
	if b := r.g.d.Groups[gi].Boundary; b != "zone" && b != "region" {
		return Loss{}, false
	}
	return r.loss(gi), true
}

func (r *Report) loss(gi int32) Loss {
	l, _ := r.lossAndNeeds(gi)
	return l
}

// lossAndNeeds returns the loss of group gi, and the nodes in it without
// which the entries it cuts are cut (those needed in series, and the
// replicas of a choice that loses them all).
func (r *Report) lossAndNeeds(gi int32) (Loss, []string) {
	g := r.g
	r.index()
	gr := g.d.Groups[gi]
	l := Loss{Group: gr.ID, Boundary: gr.Boundary, Nodes: []string{}, Cuts: []string{}, DataAtRisk: []string{}, Recovery: []Recovery{}}
	for _, n := range r.shares[gi] {
		l.Shares = append(l.Shares, g.id(n))
	}
	lostList := r.members[gi]
	if len(lostList) == 0 {
		shares, region := r.failingOver(gi)
		r.recover(&l, nil, shares, region)
		return l, nil
	}
	lost := map[int32]bool{}
	for _, n := range lostList {
		lost[n] = true
		l.Nodes = append(l.Nodes, g.id(n))
	}
	// The entries that need a lost node, and where in their trees.
	at := map[int32][]place{}
	var candidates []int32
	for _, n := range lostList {
		for _, p := range r.places[n] {
			if _, ok := at[p.entry]; !ok {
				candidates = append(candidates, p.entry)
			}
			at[p.entry] = append(at[p.entry], p)
		}
	}
	slices.Sort(candidates)
	var needed []string
	seen := map[int32]bool{}
	for _, k := range candidates {
		if r.Entries[k].Truncated {
			continue
		}
		r.outage.reset(at[k])
		o := r.outage
		if !o.down[r.trees[k]] {
			continue
		}
		l.Cuts = append(l.Cuts, r.Entries[k].Node)
		o.cutters(r.trees[k], func(n int32) {
			if !seen[n] {
				seen[n] = true
				needed = append(needed, g.id(n))
			}
		})
	}
	for _, n := range lostList {
		if !stateful[g.nodes[n].Kind] {
			continue
		}
		if s := g.set[n]; s >= 0 && slices.ContainsFunc(g.sets[s], func(m int32) bool { return !lost[m] }) {
			continue // a replica outside holds the data
		}
		if gr.Boundary == "region" && (g.value(n, "multiRegion") == catalogue.BoolValue(true) || g.value(n, "replication") == catalogue.BoolValue(true) && g.nodes[n].Kind == "object-storage") {
			continue // copied to another region
		}
		l.DataAtRisk = append(l.DataAtRisk, g.id(n))
	}
	shares, region := r.failingOver(gi)
	r.recover(&l, lostList, shares, region)
	return l, needed
}

// index lists, once, the nodes in each zone and region (through the groups
// they sit in, each group's chain walked once) and the places in the
// entries' trees where each node sits.
func (r *Report) index() {
	if r.members != nil {
		return
	}
	g := r.g
	r.members = map[int32][]int32{}
	// chains[gi] is the zone and region groups gi is or sits in; done marks
	// the groups whose chain is known.
	chains := make([][]int32, len(g.d.Groups))
	done := make([]bool, len(g.d.Groups))
	onPath := make([]bool, len(g.d.Groups))
	var chain func(gi int32) []int32
	chain = func(gi int32) []int32 {
		// Walk up to a known chain, then fill in on the way back down.
		var path []int32
		// onPath stops a cycle (which ReadDesign refuses, but a design
		// built in memory may hold).
		for c := gi; c >= 0 && !done[c] && !onPath[c]; c = g.parent[c] {
			path = append(path, c)
			onPath[c] = true
		}
		for _, c := range path {
			onPath[c] = false
		}
		for i := len(path) - 1; i >= 0; i-- {
			c := path[i]
			var up []int32
			if p := g.parent[c]; p >= 0 && done[p] {
				up = chains[p]
			}
			if b := g.d.Groups[c].Boundary; b == "zone" || b == "region" {
				up = append(slices.Clip(up), c)
			}
			chains[c], done[c] = up, true
		}
		return chains[gi]
	}
	for i := range g.nodes {
		var own []int32
		if gi := g.group[i]; gi >= 0 {
			own = chain(gi)
		}
		if g.span[i] <= 1 {
			if z := g.zoneOf(int32(i)); z >= 0 && !slices.Contains(own, z) {
				// zones: [az-a] on a node drawn in the region.
				own = append(slices.Clip(own), chain(z)...)
				own = slices.Compact(slices.Sorted(slices.Values(own)))
			}
			for _, c := range own {
				r.members[c] = append(r.members[c], int32(i))
			}
			continue
		}
		if g.spread == nil || len(g.spread[i]) == 0 {
			// In several zones the design does not name: a zone of its
			// region may hold a share of it (a primary, a standby).
			if reg := g.regionOf(int32(i)); reg >= 0 {
				if r.regional == nil {
					r.regional = map[int32][]int32{}
				}
				r.regional[reg] = append(r.regional[reg], int32(i))
			}
		}
		// A node in several zones: a zone takes a share of it, and a
		// group holding every one of its zones takes it whole.
		var zones []int32
		if g.spread != nil {
			zones = g.spread[i]
		}
		var groups []int32
		for _, c := range own {
			if g.d.Groups[c].Boundary != "zone" && !slices.Contains(groups, c) {
				groups = append(groups, c)
			}
		}
		for _, z := range zones {
			for _, c := range chain(z) {
				if !slices.Contains(groups, c) {
					groups = append(groups, c)
				}
			}
		}
		for _, c := range groups {
			whole := len(zones) > 0 || g.d.Groups[c].Boundary != "zone"
			for _, z := range zones {
				if !slices.Contains(chain(z), c) {
					whole = false
					break
				}
			}
			if whole && (len(zones) > 0 || slices.Contains(own, c)) {
				r.members[c] = append(r.members[c], int32(i))
			} else {
				if r.shares == nil {
					r.shares = map[int32][]int32{}
				}
				r.shares[c] = append(r.shares[c], int32(i))
			}
		}
	}
	r.outage = newOutage()
	r.places = make([][]place, len(g.nodes))
	var walk func(k int32, s *series)
	walk = func(k int32, s *series) {
		for i, n := range s.nodes {
			r.places[n] = append(r.places[n], place{entry: k, s: s, at: int32(i)})
		}
		for _, blk := range s.blocks {
			for _, br := range blk.branches {
				walk(k, br)
			}
		}
	}
	for k, tree := range r.trees {
		walk(int32(k), tree)
	}
}

// Stateful reports whether the analysis judges the durability of nodes of
// a kind: those that keep acknowledged data.
func Stateful(kind string) bool { return stateful[kind] }

// stateful are the kinds that keep acknowledged data.
var stateful = map[string]bool{
	"stream": true, "queue": true, "relational-database": true, "nosql-database": true, "cache": true, "object-storage": true,
}

// Lost reports, for the editor's "fail this group", which nodes a group's
// failure takes and which entries it cuts, by node id.
func (r *Report) Lost(id string) (nodes, entries map[string]bool) {
	l, ok := r.Loss(id)
	if !ok {
		return nil, nil
	}
	nodes = make(map[string]bool, len(l.Nodes))
	for _, n := range l.Nodes {
		nodes[n] = true
	}
	entries = make(map[string]bool, len(l.Cuts))
	for _, e := range l.Cuts {
		entries[e] = true
	}
	return nodes, entries
}

// Copies is how the analysis counts a node with others (see CopiesOf).
type Copies struct {
	// Peers are the other members, in the design's order.
	Peers []string
	// How is CopiesStated, CopiesInferred or CopiesPool; Pool names a
	// pool's balancer.
	How  string
	Pool string
	// Why says why they were taken as copies; "" for copies replicaOf
	// states.
	Why string
}

// CopiesOf returns how the analysis counts node id with others: the copies
// it is one of, and the pools it is in behind balancers, a pool over the
// very members of its copies said once, as the pool. None for a node
// counted alone.
func (r *Report) CopiesOf(id string) []Copies {
	g := r.g
	i, ok := g.index[id]
	if !ok {
		return nil
	}
	var out []Copies
	peers := func(st int32) []string {
		var ids []string
		for _, m := range g.sets[st] {
			if m != i {
				ids = append(ids, g.id(m))
			}
		}
		return ids
	}
	own := g.set[i]
	for st := g.replicas; st < int32(len(g.sets)); st++ {
		if slices.Contains(g.sets[st], i) {
			if own >= 0 && slices.Equal(g.sets[st], g.sets[own]) {
				own = -1
			}
			out = append(out, Copies{Peers: peers(st), How: CopiesPool, Pool: g.id(g.poolBalancer(st)), Why: g.why[st]})
		}
	}
	if own >= 0 {
		how := CopiesInferred
		if g.why[own] == "" {
			how = CopiesStated
		}
		out = append([]Copies{{Peers: peers(own), How: how, Why: g.why[own]}}, out...)
	}
	return out
}
