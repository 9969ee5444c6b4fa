package analysis

import (
	"slices"
	"strconv"
	"strings"
)

// Cut sets. For each entry point whose walk was whole, the minimal sets of
// one or two nodes, zones or regions whose joint loss cuts it. A single point of failure is a set of one; a set of two is
// listed only when neither member alone cuts. Sets are structural: a node
// counts whatever its settings say (the single points of failure list only
// those whose settings or placement say they are one copy), and a client,
// outside the system, never counts (its loss is its user's). A pair is of
// two nodes, a node and a zone or region, two zones or two regions.

// maxCutSets bounds the sets listed per entry; the rest are counted in
// CutSet.More. A chain of 100 nodes behind each of two copies has 10,000
// pairs (any node of one side with any of the other), which no reader
// reads and which would make the JSON grow with the square of the design.
const maxCutSets = 50

// pairBudget bounds the pairs of nodes one analysis tries (each checked
// against every branch of a choice, stopping at the first it leaves up),
// so that two chains of 25,000 nodes behind two copies cost 2¹⁶ tries, not
// 625 million; an entry whose search stopped says so (CutSet.Partial).
const pairBudget = 1 << 16 // CutSet.Partial says it

// maxGroupPairs bounds the pairs of zones, and of regions, one analysis
// tries, and groupWork the node places their outages visit: a design may
// hold 10,000 zones, each with a copy of one pool (50 million pairs), where
// designs in practice hold a few zones. Pairs not tried are counted
// (CutSet.GroupPairsSkipped) on the entries they might cut.
const (
	maxGroupPairs = 4096 // CutSet.Partial says it
	groupWork     = 1 << 20
)

// mixedWork bounds the node visits one analysis spends on pairs of a node
// and a group: each group that holds part of an entry and does not cut it
// costs a walk of the entry's tree, and 49,998 zones over one tree of as
// many nodes would cost 2.5 billion. The groups not tried are counted in
// CutSet.Partial.
const mixedWork = 1 << 20

// CutSet is an entry point's minimal cut sets: up to maxCutSets, sets of
// one before sets of two, nodes before groups (a node and a group between
// them), each in walk order (the order of the entry's derivation; groups
// in the design's order); More counts those past the cap.
type CutSet struct {
	Entry string `json:"entry"`
	Sets  []Cut  `json:"sets"`
	More  int    `json:"more"`
	// Partial says why sets of two may be missing (a search bound was
	// reached), "" when the search was whole.
	Partial string `json:"partial,omitempty"`
	// GroupPairsSkipped counts the pairs of zones or of regions that the
	// analysis did not try (past maxGroupPairs or groupWork), on the
	// entries one of them might cut.
	GroupPairsSkipped int `json:"groupPairsSkipped,omitempty"`
}

// Cut is one minimal cut set: nodes, groups of one Boundary (zone or
// region), or a node and a group, and for a set of two why their joint
// loss cuts the entry.
type Cut struct {
	Nodes    []string `json:"nodes,omitempty"`
	Groups   []string `json:"groups,omitempty"`
	Boundary string   `json:"boundary,omitempty"`
	Because  string   `json:"because,omitempty"`
}

// CutSetOf returns the cut sets of entry point node, and whether it has
// them (an entry whose walk was cut short has none).
func (r *Report) CutSetOf(node string) (CutSet, bool) {
	for _, cs := range r.CutSets {
		if cs.Entry == node {
			return cs, true
		}
	}
	return CutSet{}, false
}

// cutSets finds each entry's cut sets, after spofs (whose Losses give the
// groups that cut alone).
func (r *Report) cutSets() {
	r.CutSets = []CutSet{}
	gc := r.groupCuts()
	f := &cutFinder{r: r, budget: pairBudget}
	work := 0        // of mixedWork
	var walk []int32 // each node's place in the entry's walk, from 1
	for k, tree := range r.trees {
		if r.Entries[k].Truncated {
			continue // its tree is not the design's
		}
		if walk == nil {
			walk = make([]int32, len(r.g.nodes))
		}
		var order []int32
		each(tree, func(n int32) {
			if walk[n] == 0 {
				order = append(order, n)
				walk[n] = int32(len(order))
			}
		})
		f.stopped = false
		c := f.series(tree)
		mixed, untried := r.mixedCuts(k, c, gc.touching[k], &work)
		r.CutSets = append(r.CutSets, r.cutSet(k, c, gc, mixed, untried, walk, f.stopped))
		for _, n := range order {
			walk[n] = 0
		}
	}
}

// cutSet lists entry k's sets, from its node cuts c and the group cuts gc,
// with walk giving each node's place in the entry's walk.
func (r *Report) cutSet(k int, c *cuts, gc *groupCuts, mixed []mixedPair, untried int, walk []int32, stopped bool) CutSet {
	g := r.g
	cs := CutSet{Entry: r.Entries[k].Node, Sets: []Cut{}}
	singles := slices.Clone(c.singles)
	slices.SortFunc(singles, func(a, b int32) int { return int(walk[a] - walk[b]) })
	// A pair in walk order, its members too.
	type ordered struct {
		a, b int32
		by   *block
	}
	pairs := make([]ordered, len(c.pairs))
	for i, p := range c.pairs {
		a, b := p[0], p[1]
		if walk[a] > walk[b] {
			a, b = b, a
		}
		pairs[i] = ordered{a, b, c.by[i]}
	}
	slices.SortFunc(pairs, func(x, y ordered) int {
		if x.a != y.a {
			return int(walk[x.a] - walk[y.a])
		}
		return int(walk[x.b] - walk[y.b])
	})
	slices.SortStableFunc(mixed, func(x, y mixedPair) int { return int(walk[x.node] - walk[y.node]) })
	total := len(singles) + len(gc.singles[k]) + len(pairs) + len(mixed) + len(gc.pairs[k])
	room := func() bool { return len(cs.Sets) < maxCutSets }
	for _, n := range singles {
		if !room() {
			break
		}
		cs.Sets = append(cs.Sets, Cut{Nodes: []string{g.id(n)}})
	}
	for _, gi := range gc.singles[k] {
		if !room() {
			break
		}
		cs.Sets = append(cs.Sets, Cut{Groups: []string{g.d.Groups[gi].ID}, Boundary: g.d.Groups[gi].Boundary})
	}
	for _, p := range pairs {
		if !room() {
			break
		}
		cs.Sets = append(cs.Sets, Cut{Nodes: []string{g.id(p.a), g.id(p.b)}, Because: r.pairBecause(p.by)})
	}
	for _, p := range mixed {
		if !room() {
			break
		}
		gr := g.d.Groups[p.group]
		cs.Sets = append(cs.Sets, Cut{Nodes: []string{g.id(p.node)}, Groups: []string{gr.ID}, Boundary: gr.Boundary,
			Because: gr.Boundary + " " + gr.ID + " takes " + p.takes + ", and " + g.id(p.node) + " is what is left of what it needs"})
	}
	for _, p := range gc.pairs[k] {
		if !room() {
			break
		}
		cs.Sets = append(cs.Sets, Cut{Groups: []string{g.d.Groups[p.a].ID, g.d.Groups[p.b].ID}, Boundary: g.d.Groups[p.a].Boundary, Because: p.because})
	}
	cs.More = total - len(cs.Sets)
	var partial []string
	if stopped {
		partial = append(partial, "the search for pairs of nodes stopped at the 65,536 one analysis tries")
	}
	if untried > 0 {
		partial = append(partial, strconv.Itoa(untried)+" "+plural("zone", untried)+" or "+plural("region", untried)+" "+wasWere(untried)+" not tried with a node, past the node visits one analysis spends on them")
	}
	if n := gc.skipped[k]; n > 0 {
		cs.GroupPairsSkipped = n
		partial = append(partial, strconv.Itoa(n)+" "+plural("pair", n)+" of zones or regions "+wasWere(n)+" not tried, past the 4,096 one analysis tries")
	}
	if len(partial) > 0 {
		cs.Partial = strings.Join(partial, "; ") + ": more sets of two may cut it"
	}
	return cs
}

// pairBecause says why a pair of nodes cuts: it takes down every branch
// of a choice the entry needs (blk).
func (r *Report) pairBecause(blk *block) string {
	g := r.g
	names := make([]string, len(blk.members))
	for i, m := range blk.members {
		names[i] = g.id(m)
	}
	s := "any one of " + strings.Join(names, ", ") + " serves"
	if lb := g.poolBalancer(blk.choice); lb >= 0 {
		s += " (a pool behind " + g.id(lb) + ")"
	}
	return s + ", and together they take every one down"
}

// nodePair is two nodes, the lower index first.
type nodePair [2]int32

func pairOf(a, b int32) nodePair {
	if a > b {
		a, b = b, a
	}
	return nodePair{a, b}
}

// cuts are the minimal sets of one and two nodes whose loss takes a series
// (or a choice) down: singles, and pairs with, for each, the choice of
// the series it takes down (by).
type cuts struct {
	singles []int32
	in      map[int32]bool // singles, made when first asked (see has)
	pairs   []nodePair
	by      []*block
	pairIn  map[nodePair]bool
	// partners lists, by node, the other member of each pair it is in,
	// made when first asked.
	partners map[int32][]int32
}

// has reports whether n alone takes the series down.
func (c *cuts) has(n int32) bool {
	if len(c.singles) <= 8 {
		return slices.Contains(c.singles, n)
	}
	if c.in == nil {
		c.in = make(map[int32]bool, len(c.singles))
		for _, m := range c.singles {
			c.in[m] = true
		}
	}
	return c.in[n]
}

func (c *cuts) hasPair(p nodePair) bool { return c.pairIn[p] }

func (c *cuts) addPair(p nodePair, by *block) {
	if c.pairIn == nil {
		c.pairIn = map[nodePair]bool{}
	}
	c.pairIn[p] = true
	c.pairs = append(c.pairs, p)
	c.by = append(c.by, by)
}

// partnersOf lists the nodes n makes a pair with.
func (c *cuts) partnersOf(n int32) []int32 {
	if len(c.pairs) == 0 {
		return nil
	}
	if c.partners == nil {
		c.partners = map[int32][]int32{}
		for _, p := range c.pairs {
			c.partners[p[0]] = append(c.partners[p[0]], p[1])
			c.partners[p[1]] = append(c.partners[p[1]], p[0])
		}
	}
	return c.partners[n]
}

// cutFinder finds the cuts of requirement trees, spending from one
// analysis's budget of pairs tried.
type cutFinder struct {
	r      *Report
	budget int
	// stopped is set when a pair was left untried for want of budget.
	stopped bool
}

// series returns the cuts of series s. A series is down when one of its
// nodes is, or when every branch of one of its choices is. So its singles
// are its nodes and the singles of each choice (a node every branch has
// among its singles), and its pairs are the pairs of each choice less
// those holding one of its singles (not minimal).
func (f *cutFinder) series(s *series) *cuts {
	g := f.r.g
	c := &cuts{}
	if len(s.blocks) == 0 {
		for _, n := range s.nodes {
			if g.figures[n].source != SourceOutside {
				c.singles = append(c.singles, n)
			}
		}
		return c
	}
	// A node may sit both here and in a choice's branches (one lifted out
	// of a later choice after an earlier one was walked): each once.
	seen := map[int32]bool{}
	add := func(n int32) {
		if !seen[n] && g.figures[n].source != SourceOutside {
			seen[n] = true
			c.singles = append(c.singles, n)
		}
	}
	for _, n := range s.nodes {
		add(n)
	}
	blocks := make([]*cuts, len(s.blocks))
	for i, blk := range s.blocks {
		blocks[i] = f.block(blk)
		for _, n := range blocks[i].singles {
			add(n)
		}
	}
	c.in = seen
	for i, bc := range blocks {
		for _, p := range bc.pairs {
			if !seen[p[0]] && !seen[p[1]] && !c.hasPair(p) {
				c.addPair(p, s.blocks[i])
			}
		}
	}
	return c
}

// block returns the cuts of a choice: it is down when every branch is.
//
// A node takes it down alone when it is among every branch's singles. A
// pair {a, b}, neither alone, takes it down when, for every branch, a or
// b is among the branch's singles or the pair among its pairs. A branch
// may need a node another branch needs too (only what every branch needs
// is lifted out of the choice), so a node can cover several branches, and
// the pairs are not simply one single from each of two branches: {x, r3}
// cuts a choice among r1, r2 and r3 where r1 and r2 both need x. Every
// such pair covers the first branch, so it either has a member among the
// first branch's singles, or is among its pairs. For a member a of the
// first kind, some branch j does not have a among its singles (a is no
// single of the choice), and b must take branch j down with a: b is among
// j's singles, or {a, b} among j's pairs. So the candidates are, for each
// a among the first branch's singles, j's singles and a's partners in j's
// pairs; and the first branch's pairs. Each is checked against every
// branch.
func (f *cutFinder) block(blk *block) *cuts {
	brs := make([]*cuts, len(blk.branches))
	for i, br := range blk.branches {
		brs[i] = f.series(br)
	}
	c := &cuts{}
	for _, n := range brs[0].singles {
		if !slices.ContainsFunc(brs[1:], func(br *cuts) bool { return !br.has(n) }) {
			c.singles = append(c.singles, n)
		}
	}
	tried := map[nodePair]bool{}
	// try checks pair {a, b}, and reports false when the budget is spent.
	try := func(a, b int32) bool {
		if a == b || c.has(a) || c.has(b) {
			return true
		}
		p := pairOf(a, b)
		if tried[p] {
			return true
		}
		if f.budget <= 0 {
			f.stopped = true
			return false
		}
		f.budget--
		tried[p] = true
		for _, br := range brs {
			if !br.has(a) && !br.has(b) && !br.hasPair(p) {
				return true
			}
		}
		c.addPair(p, blk)
		return true
	}
	for _, a := range brs[0].singles {
		if c.has(a) {
			continue
		}
		j := slices.IndexFunc(brs, func(br *cuts) bool { return !br.has(a) })
		for _, b := range brs[j].singles {
			if !try(a, b) {
				return c
			}
		}
		for _, b := range brs[j].partnersOf(a) {
			if !try(a, b) {
				return c
			}
		}
	}
	for _, p := range brs[0].pairs {
		if !try(p[0], p[1]) {
			return c
		}
	}
	return c
}

// groupCuts are, per entry (by index), the zones and regions whose loss
// alone cuts it, the pairs of zones and of regions whose joint loss cuts it
// where neither alone does, and the pairs not tried that might.
type groupCuts struct {
	singles [][]int32
	pairs   [][]groupPair
	skipped []int
	// touching lists, per entry, the groups that hold part of its tree
	// and do not cut it alone, in the design's order.
	touching [][]int32
}

type groupPair struct {
	a, b    int32
	because string
}

// groupCuts finds the group cut sets. The groups that cut alone are the
// losses' (spofs found them). A pair can cut an entry neither member cuts
// alone only when both hold a node of the entry's tree, so each group's
// candidates are the entries it touches and does not cut, and a pair is
// tried, through the outage of what takenBy says the pair takes, on the
// entries both members have as candidates.
func (r *Report) groupCuts() *groupCuts {
	g := r.g
	n := len(r.Entries)
	gc := &groupCuts{singles: make([][]int32, n), pairs: make([][]groupPair, n), skipped: make([]int, n), touching: make([][]int32, n)}
	if len(r.Losses) == 0 {
		return gc
	}
	entryOf := make(map[string]int32, n)
	for k, e := range r.Entries {
		entryOf[e.Node] = int32(k)
	}
	// cut[k] and touched[k] hold, while group gi is looked at, gi+1 when
	// it cuts or touches entry k.
	cut, touched := make([]int32, n), make([]int32, n)
	for _, l := range r.Losses {
		gi := g.groups[l.Group]
		for _, id := range l.Cuts {
			k := entryOf[id]
			gc.singles[k] = append(gc.singles[k], gi)
		}
	}
	r.index()
	candidates := map[string][]int32{} // by boundary
	var boundaries []string
	uncut := map[int32][]int32{}
	for _, l := range r.Losses {
		gi := g.groups[l.Group]
		for _, id := range l.Cuts {
			cut[entryOf[id]] = gi + 1
		}
		// What a group touches is every node placed in it (r.members);
		// what its loss takes is takenBy's.
		var list []int32
		for _, m := range slices.Concat(r.members[gi], r.shares[gi]) {
			for _, p := range r.places[m] {
				k := p.entry
				if touched[k] == gi+1 || cut[k] == gi+1 || r.Entries[k].Truncated {
					continue
				}
				touched[k] = gi + 1
				list = append(list, k)
			}
		}
		if len(list) == 0 {
			continue
		}
		slices.Sort(list)
		uncut[gi] = list
		for _, k := range list {
			gc.touching[k] = append(gc.touching[k], gi)
		}
		if _, ok := candidates[l.Boundary]; !ok {
			boundaries = append(boundaries, l.Boundary)
		}
		candidates[l.Boundary] = append(candidates[l.Boundary], gi)
	}
	tried, work := 0, 0
	shared := map[int32]bool{}
	for _, b := range boundaries {
		cs := candidates[b]
		total, done := len(cs)*(len(cs)-1)/2, 0
	pairs:
		for i, gi := range cs {
			for _, gj := range cs[i+1:] {
				if tried >= maxGroupPairs || work >= groupWork {
					break pairs
				}
				tried++
				done++
				common := intersectSorted(uncut[gi], uncut[gj])
				if len(common) == 0 {
					continue
				}
				clear(shared)
				for _, k := range common {
					shared[k] = true
				}
				at := map[int32][]place{}
				for _, m := range r.takenBy([]int32{gi, gj}) {
					for _, p := range r.places[m] {
						work++
						if shared[p.entry] {
							at[p.entry] = append(at[p.entry], p)
						}
					}
				}
				for _, k := range common {
					r.outage.reset(at[k])
					if !r.outage.down[r.trees[k]] {
						continue
					}
					var needs []string
					r.outage.cutters(r.trees[k], func(m int32) { needs = append(needs, g.id(m)) })
					gc.pairs[k] = append(gc.pairs[k], groupPair{gi, gj, b + "s " + g.d.Groups[gi].ID + " and " + g.d.Groups[gj].ID +
						" hold " + strings.Join(needs, ", ") + ", and no copy outside them serves in their place"})
				}
			}
		}
		if skipped := total - done; skipped > 0 {
			for _, gi := range cs {
				for _, k := range uncut[gi] {
					gc.skipped[k] = skipped
				}
			}
		}
	}
	return gc
}

// mixedPair is a node and a group whose joint loss cuts an entry, neither
// alone; takes names what of the entry's tree the group takes.
type mixedPair struct {
	node, group int32
	takes       string
}

// mixedCuts finds the pairs of a node and a zone or region that cut entry
// k, whose node cuts c are: for each group that holds part of the tree
// without cutting it (touching), the nodes whose loss as well would cut
// it, less those that cut alone. It spends from work (see mixedWork) and
// returns how many groups were not tried.
func (r *Report) mixedCuts(k int, c *cuts, touching []int32, work *int) ([]mixedPair, int) {
	g := r.g
	tree := r.trees[k]
	var out []mixedPair
	for i, gi := range touching {
		if *work >= mixedWork {
			return out, len(touching) - i
		}
		var at []place
		for _, n := range r.takenBy([]int32{gi}) {
			for _, p := range r.places[n] {
				*work++
				if p.entry == int32(k) {
					at = append(at, p)
				}
			}
		}
		r.outage.reset(at)
		if r.outage.down[tree] {
			continue // touching lists the groups that do not cut
		}
		// What the group takes of the tree, named up to five.
		var takes []string
		seen := map[int32]bool{}
		for _, p := range at {
			if n := p.s.nodes[p.at]; !seen[n] {
				seen[n] = true
				takes = append(takes, g.id(n))
			}
		}
		if len(takes) > 5 {
			takes = append(takes[:5], "and "+strconv.Itoa(len(takes)-5)+" more")
		}
		clear(seen)
		for _, n := range r.residual(tree, r.outage, work) {
			if !seen[n] && !c.has(n) {
				seen[n] = true
				out = append(out, mixedPair{n, gi, strings.Join(takes, ", ")})
			}
		}
	}
	return out, 0
}

// residual returns the nodes whose loss alone takes series s down, given
// the outage o (in which s is up): its nodes, and for each choice the
// nodes every branch still up has among its own. A branch o takes down
// asks nothing more, so a choice with one branch left up needs all that
// branch needs.
func (r *Report) residual(s *series, o *outage, work *int) []int32 {
	g := r.g
	*work += len(s.nodes)
	var out []int32
	for _, n := range s.nodes {
		if g.figures[n].source != SourceOutside {
			out = append(out, n)
		}
	}
	for _, blk := range s.blocks {
		var common []int32
		first := true
		for _, br := range blk.branches {
			if o.down[br] {
				continue
			}
			got := r.residual(br, o, work)
			if first {
				common, first = got, false
				continue
			}
			in := make(map[int32]bool, len(got))
			for _, n := range got {
				in[n] = true
			}
			common = slices.DeleteFunc(common, func(n int32) bool { return !in[n] })
		}
		out = append(out, common...)
	}
	return out
}

// takenBy returns the nodes the joint loss of groups takes, each once:
// every node placed in one of them (directly or in their groups), and
// every node that runs in several zones, all of them among the lost.
func (r *Report) takenBy(groups []int32) []int32 {
	r.index()
	if len(groups) == 1 {
		return r.members[groups[0]]
	}
	seen := map[int32]bool{}
	var out []int32
	for _, gi := range groups {
		for _, n := range r.members[gi] {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	// A node that runs in several zones is taken when every one of its
	// zones is (one whose zones the design counts without naming them is
	// never taken by zones).
	for _, gi := range groups {
		for _, n := range r.shares[gi] {
			if seen[n] || r.g.spread == nil {
				continue
			}
			if !slices.ContainsFunc(r.g.spread[n], func(z int32) bool { return !r.g.within(z, groups) }) {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// intersectSorted returns what two sorted lists both hold.
func intersectSorted(a, b []int32) []int32 {
	var out []int32
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// wasWere is the verb after n of a thing: "1 … was", "2 … were".
func wasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}
