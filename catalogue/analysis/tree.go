package analysis

import (
	"slices"
	"strconv"
	"strings"
)

// series is what a caller needs all of: its nodes, and blocks of replicas
// of which it needs any one.
type series struct {
	nodes  []int32
	blocks []*block
	// up is the choice this series is a branch of, nil for an entry's.
	up *block
}

// block is a caller's choice among replicas: it is up while any branch (a
// replica and what it alone needs) is.
type block struct {
	members  []int32
	branches []*series
	// choice is the replica set or pool (an index in graph.sets).
	choice int32
	// in is the series that needs the choice, and at its place among
	// that series' blocks.
	in *series
	at int
}

// builder walks what an entry waits on into a series. Nodes already in the
// walk are marked with the depth of the series that holds them, so that a
// replica's branch leaves out what an enclosing series needs anyway.
type builder struct {
	g     *graph
	depth int32
	// budget is what is left of the analysis's node visits (see
	// walkBudget).
	budget    *int
	expanding []int32 // the replica sets whose blocks are being walked
	// truncated is set when the walk took replicas in series because the
	// budget was spent, blocks nested past maxNesting or a set's copies
	// call each other: the figure is then a lower one, and the tree is not
	// the design's, so no single point of failure or loss is claimed from
	// it.
	truncated bool
}

// walkBudget bounds the node visits of one analysis: each entry's walk
// spends from it, so that a design of many entries over one long chain, or
// of nested replica sets, stays linear in the budget rather than growing
// with their product. Every node walked is a factor of its entry's
// derivation, listed in full in analyze's output: at 2¹⁸, a design at the
// node limit whose entries all need one chain analyses in about a second,
// and its JSON is some 56 MB (at 2²⁰ it was four times that, and analyze
// took 9 s and 843 MB). maxNesting bounds how deep replica blocks nest.
const (
	walkBudget = 1 << 18
	maxNesting = 16
)

// requirement returns what entry waits on, entry included, spending from
// budget, and whether the walk was truncated (see builder.truncated).
func (g *graph) requirement(entry int32, budget *int) (*series, bool) {
	b := &builder{g: g, budget: budget}
	s := b.build(entry)
	for _, n := range s.nodes {
		g.mark[n] = 0
	}
	return s, b.truncated
}

func (b *builder) build(root int32) *series {
	g := b.g
	s := &series{}
	if g.mark[root] != 0 {
		return s
	}
	b.depth++
	d := b.depth
	defer func() { b.depth-- }()
	g.mark[root] = d
	s.nodes = append(s.nodes, root)
	type choice struct {
		st      int32
		members []int32
	}
	var pending []choice
	seenPending := map[string]bool{}
	take := func(t int32) {
		if g.mark[t] == 0 {
			g.mark[t] = d
			s.nodes = append(s.nodes, t)
		}
	}
	for k := 0; k < len(s.nodes); k++ {
		u := s.nodes[k]
		*b.budget--
		// The callee's replica sets, each with the copies u reaches, in
		// the order u names them.
		var sets []int32
		var copies map[int32][]int32
		for _, t := range g.waits[u] {
			st := g.set[t]
			if g.pool != nil {
				if p, ok := g.pool[[2]int32{u, t}]; ok {
					st = p
				}
			}
			if st < 0 || g.why[st] != "" && g.balancerOff(u) {
				// A balancer that does not check its targets' health
				// keeps sending to one that is down: its copies are
				// needed each.
				take(t)
				continue
			}
			if copies == nil {
				copies = map[int32][]int32{}
			}
			if _, ok := copies[st]; !ok {
				sets = append(sets, st)
			}
			copies[st] = append(copies[st], t)
		}
		for _, st := range sets {
			members := copies[st]
			// A caller reaching a copy that is needed anyway (here or in an
			// enclosing walk) has what it needs from the set.
			if slices.ContainsFunc(members, func(m int32) bool { return g.mark[m] != 0 }) {
				continue
			}
			if len(members) == 1 {
				take(members[0])
				continue
			}
			if *b.budget <= 0 || len(b.expanding) >= maxNesting || slices.Contains(b.expanding, st) {
				b.truncated = true
				for _, m := range members {
					take(m)
				}
				continue
			}
			key := memberKey(members)
			if !seenPending[key] {
				seenPending[key] = true
				pending = append(pending, choice{st, members})
			}
		}
	}
	for _, c := range pending {
		members := c.members
		if slices.ContainsFunc(members, func(m int32) bool { return g.mark[m] != 0 }) {
			continue // a replica is needed anyway, so the choice is made
		}
		if *b.budget <= 0 {
			b.truncated = true
			for _, m := range members {
				take(m)
			}
			continue
		}
		blk := &block{members: members, choice: c.st}
		b.expanding = append(b.expanding, c.st)
		for _, m := range members {
			br := b.build(m)
			for _, n := range br.nodes {
				g.mark[n] = 0
			}
			blk.branches = append(blk.branches, br)
		}
		b.expanding = b.expanding[:len(b.expanding)-1]
		// What every branch needs is needed whichever replica serves:
		// it is taken out of the choice and needed in series.
		count := map[int32]int{}
		for _, br := range blk.branches {
			for _, n := range br.nodes {
				count[n]++
			}
		}
		for _, n := range blk.branches[0].nodes {
			if count[n] == len(blk.branches) {
				take(n)
			}
		}
		for _, br := range blk.branches {
			br.nodes = slices.DeleteFunc(br.nodes, func(n int32) bool { return count[n] == len(blk.branches) })
		}
		blk.in, blk.at = s, len(s.blocks)
		for _, br := range blk.branches {
			br.up = blk
		}
		s.blocks = append(s.blocks, blk)
	}
	return s
}

// memberKey names a list of copies, to find a choice already pending.
func memberKey(members []int32) string {
	var sb strings.Builder
	for _, m := range members {
		sb.WriteString(strconv.Itoa(int(m)))
		sb.WriteByte(',')
	}
	return sb.String()
}

// availability is the fraction of time the series is up, taking unknown
// figures as 1: whether any figure was unknown (then it is at most this),
// and whether copies share what they need in a way the composition takes
// in series (then, unknowns aside, it is at least this).
func (g *graph) availability(s *series) (a float64, unknown, shared bool) {
	if g.given == nil {
		g.given = make([]int32, len(g.nodes))
	}
	return g.availabilityGiven(s)
}

// availabilityGiven is availability with the nodes g.given counts taken as
// up (counted already, by an enclosing series). Copies are composed as
// independent, 1 − Π(1 − aᵢ), once every node two of them (or two of a
// series' choices) need is taken out and counted in series: exact when
// such a node is needed by every copy, else a lower figure.
func (g *graph) availabilityGiven(s *series) (a float64, unknown, shared bool) {
	a = 1.0
	count := func(n int32) {
		f := g.figures[n]
		a *= f.value
		unknown = unknown || f.source == SourceUnknown
	}
	for _, n := range s.nodes {
		if g.given[n] == 0 {
			count(n)
		}
	}
	if len(s.blocks) == 0 {
		return a, unknown, false
	}
	g.hold(s.nodes, 1)
	defer g.hold(s.nodes, -1)
	// What two of the series' choices need is counted once, here.
	parts := make([]*series, len(s.blocks))
	for i, blk := range s.blocks {
		parts[i] = &series{blocks: []*block{blk}}
	}
	ca, cu, cs, release := g.takeShared(parts)
	defer release()
	a *= ca
	unknown, shared = unknown || cu, shared || cs
	for _, blk := range s.blocks {
		ba, bu, bs := g.blockGiven(blk)
		a *= ba
		unknown, shared = unknown || bu, shared || bs
	}
	return a, unknown, shared
}

// blockGiven is the chance that any branch of a block is up, given the
// nodes g.given counts.
func (g *graph) blockGiven(blk *block) (a float64, unknown, shared bool) {
	if g.givenBlocks[memberKey(blk.members)] > 0 {
		return 1, false, false // counted by an enclosing choice
	}
	factor, unknown, shared, release := g.takeShared(blk.branches)
	defer release()
	down := 1.0
	for _, br := range blk.branches {
		ba, bu, bs := g.availabilityGiven(br)
		down *= 1 - ba
		unknown, shared = unknown || bu, shared || bs
	}
	up := 1 - down
	if s := g.capOf(blk.choice); s != nil && s.Uptime/100 < up {
		up = s.Uptime / 100
	}
	return factor * up, unknown, shared
}

// takeShared counts, once, what two or more of the parts need: first the
// replica choices (by their copies) that several parts hold, each as a
// unit, then the single nodes. It returns their product, whether a figure
// was unknown, whether the sharing makes the result a lower figure (a part
// that does not need what is taken), and a func that stops holding them
// as given.
func (g *graph) takeShared(parts []*series) (a float64, unknown, shared bool, release func()) {
	a = 1.0
	var held []int32
	var heldBlocks []string
	release = func() {
		g.hold(held, -1)
		for _, k := range heldBlocks {
			g.givenBlocks[k]--
		}
	}
	if len(parts) < 2 {
		return a, false, false, release
	}
	for _, blk := range g.sharedBlocks(parts) {
		key := memberKey(blk.block.members)
		if g.givenBlocks[key] > 0 {
			continue
		}
		ba, bu, bs := g.blockGiven(blk.block)
		a *= ba
		unknown, shared = unknown || bu, shared || bs || !blk.everywhere
		if g.givenBlocks == nil {
			g.givenBlocks = map[string]int32{}
		}
		g.givenBlocks[key]++
		heldBlocks = append(heldBlocks, key)
		var nodes []int32
		each(&series{blocks: []*block{blk.block}}, func(n int32) {
			if g.given[n] == 0 {
				nodes = append(nodes, n)
			}
		})
		g.hold(nodes, 1)
		held = append(held, nodes...)
	}
	common, everywhere := g.sharedAmong(parts)
	for i, n := range common {
		f := g.figures[n]
		a *= f.value
		unknown = unknown || f.source == SourceUnknown
		shared = shared || !everywhere[i] // exact only when every part needs it
	}
	g.hold(common, 1)
	held = append(held, common...)
	return a, unknown, shared, release
}

type sharedBlock struct {
	block      *block
	everywhere bool
}

// sharedBlocks returns the replica choices (by their copies) found in two or
// more of the parts, outermost first, each with whether every part has it.
func (g *graph) sharedBlocks(parts []*series) []sharedBlock {
	type seen struct {
		block *block
		parts int // how many parts hold it
		top   int // how many parts need it unconditionally (among their own choices)
		last  int
	}
	found := map[string]*seen{}
	var order []string
	for i, p := range parts {
		var walk func(s *series, top bool)
		walk = func(s *series, top bool) {
			for _, blk := range s.blocks {
				key := memberKey(blk.members)
				f := found[key]
				switch {
				case f == nil:
					f = &seen{block: blk, parts: 1, last: i}
					found[key] = f
					order = append(order, key)
				case f.last != i:
					f.parts++
					f.last = i
				}
				if top {
					f.top++
				}
				for _, br := range blk.branches {
					walk(br, false)
				}
			}
		}
		walk(p, true)
	}
	var out []sharedBlock
	for _, key := range order {
		if f := found[key]; f.parts >= 2 {
			out = append(out, sharedBlock{block: f.block, everywhere: f.top >= len(parts)})
		}
	}
	return out
}

// hold counts nodes as given (by +1), or stops (by -1).
func (g *graph) hold(nodes []int32, by int32) {
	for _, n := range nodes {
		g.given[n] += by
	}
}

// sharedAmong returns the nodes, not given, that two or more of the parts
// need (through their blocks too), in walk order, and for each whether
// every part needs it. It counts in g.tally, which it leaves zeroed, and
// lists in g.order: it is called once per choice at every level of
// nesting, so a map or a list per call would cost more than the walk.
func (g *graph) sharedAmong(parts []*series) ([]int32, []bool) {
	if len(parts) < 2 {
		return nil, nil
	}
	if g.tally == nil {
		g.tally = make([]tally, len(g.nodes))
	}
	order := g.order[:0]
	for i, p := range parts {
		part := int32(i + 1)
		for _, n := range p.nodes {
			if g.given[n] == 0 {
				g.tally[n].top++
			}
		}
		each(p, func(n int32) {
			t := &g.tally[n]
			if g.given[n] != 0 || t.last == part {
				return
			}
			if t.last == 0 {
				order = append(order, n)
			}
			t.last = part
			t.in++
		})
	}
	var out []int32
	var everywhere []bool
	for _, n := range order {
		if t := g.tally[n]; t.in >= 2 {
			out = append(out, n)
			everywhere = append(everywhere, int(t.top) == len(parts))
		}
		g.tally[n] = tally{}
	}
	g.order = order[:0]
	return out, everywhere
}

// tally is what sharedAmong counts of a node: the last part (from 1) that
// counted it, how many parts need it, and how many need it unconditionally
// (in series).
type tally struct{ last, in, top int32 }

// each calls fn on every node of the series, its blocks' included.
func each(s *series, fn func(int32)) {
	for _, n := range s.nodes {
		fn(n)
	}
	for _, blk := range s.blocks {
		for _, br := range blk.branches {
			each(br, fn)
		}
	}
}
