package analysis

import (
	"math/bits"
	"slices"
)

// series is what a caller needs all of: its nodes, and blocks of replicas
// of which it needs any one.
type series struct {
	nodes  []int32
	blocks []*block
}

// block is a caller's choice among replicas: it is up while any branch (a
// replica and what it alone needs) is.
type block struct {
	members  []int32
	branches []*series
}

// builder walks what an entry waits on into a series. Nodes already in the
// walk are marked with the depth of the series that holds them, so that a
// replica's branch leaves out what an enclosing series needs anyway.
type builder struct {
	g     *graph
	depth int32
	// budget is what is left of the analysis's node visits (see
	// walkBudget); once it is spent, or replica blocks nest deeper than
	// maxNesting, replicas are taken as needed in series, which can only
	// lower the figure.
	budget    *int
	expanding []int32 // the replica sets whose blocks are being walked
}

// walkBudget bounds the node visits of one analysis: each entry's walk
// spends from it, so that a design of many entries over one long chain, or
// of nested replica sets, stays linear in the budget rather than growing
// with their product. maxNesting bounds how deep replica blocks nest.
const (
	walkBudget = 1 << 20
	maxNesting = 16
)

// requirement returns what entry waits on, entry included, spending from
// budget.
func (g *graph) requirement(entry int32, budget *int) *series {
	b := &builder{g: g, budget: budget}
	s := b.build(entry)
	for _, n := range s.nodes {
		g.mark[n] = 0
	}
	return s
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
	var pending [][]int32
	for k := 0; k < len(s.nodes); k++ {
		u := s.nodes[k]
		*b.budget--
		for _, t := range g.waits[u] {
			if g.mark[t] != 0 {
				continue
			}
			if st := g.set[t]; st >= 0 {
				// A caller reaching a replica that is needed anyway (here or
				// in an enclosing walk) has what it needs from the set.
				if slices.ContainsFunc(g.waits[u], func(x int32) bool { return g.set[x] == st && g.mark[x] != 0 }) {
					continue
				}
			}
			if st := g.set[t]; st >= 0 && *b.budget > 0 && len(b.expanding) < maxNesting && !slices.Contains(b.expanding, st) {
				var members []int32
				for _, x := range g.waits[u] {
					if g.set[x] == st {
						members = append(members, x)
					}
				}
				if len(members) >= 2 {
					if !slices.ContainsFunc(pending, func(p []int32) bool { return slices.Equal(p, members) }) {
						pending = append(pending, members)
					}
					continue
				}
			}
			g.mark[t] = d
			s.nodes = append(s.nodes, t)
		}
	}
	for _, members := range pending {
		if slices.ContainsFunc(members, func(m int32) bool { return g.mark[m] != 0 }) {
			continue // a replica is needed anyway, so the choice is made
		}
		blk := &block{members: members}
		b.expanding = append(b.expanding, g.set[members[0]])
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
			if count[n] == len(blk.branches) && g.mark[n] == 0 {
				g.mark[n] = d
				s.nodes = append(s.nodes, n)
			}
		}
		for _, br := range blk.branches {
			br.nodes = slices.DeleteFunc(br.nodes, func(n int32) bool { return count[n] == len(blk.branches) })
		}
		s.blocks = append(s.blocks, blk)
	}
	return s
}

// availability is the fraction of time the series is up, taking unknown
// figures as 1, and whether any figure was unknown (then it is a bound).
func (g *graph) availability(s *series) (float64, bool) {
	a, unknown := 1.0, false
	for _, n := range s.nodes {
		f := g.figures[n]
		a *= f.value
		unknown = unknown || f.source == SourceUnknown
	}
	for _, blk := range s.blocks {
		ba, bu := g.blockAvailability(blk)
		a *= ba
		unknown = unknown || bu
	}
	return a, unknown
}

// blockAvailability is the chance that any branch is up. Branches may
// share what they need (a database both replicas call, or the same replica
// choice further down), so it is computed by inclusion and exclusion over
// the branches, each conjunction a merged series that counts a shared node
// once; past maxExact branches, they are taken as independent.
func (g *graph) blockAvailability(blk *block) (float64, bool) {
	// Each block is computed once: a merged conjunction reuses the blocks
	// of its branches, which would otherwise be computed again at every
	// level of nesting.
	if v, ok := g.blocks[blk]; ok {
		return v.a, v.unknown
	}
	a, unknown := g.composeBlock(blk)
	if g.blocks == nil {
		g.blocks = map[*block]blockValue{}
	}
	g.blocks[blk] = blockValue{a, unknown}
	return a, unknown
}

type blockValue struct {
	a       float64
	unknown bool
}

func (g *graph) composeBlock(blk *block) (float64, bool) {
	k := len(blk.branches)
	unknown := false
	if k > maxExact {
		down := 1.0
		for _, br := range blk.branches {
			a, u := g.availability(br)
			down *= 1 - a
			unknown = unknown || u
		}
		return 1 - down, unknown
	}
	total := 0.0
	for mask := 1; mask < 1<<k; mask++ {
		var parts []*series
		for i := range k {
			if mask&(1<<i) != 0 {
				parts = append(parts, blk.branches[i])
			}
		}
		a, u := g.availability(merge(parts))
		unknown = unknown || u
		if bits.OnesCount(uint(mask))%2 == 1 {
			total += a
		} else {
			total -= a
		}
	}
	return min(max(total, 0), 1), unknown
}

// maxExact is the most branches a block is composed of exactly (2^k − 1
// terms).
const maxExact = 6

// merge is the series that needs all of parts: each node once, and each
// replica choice (by its members) once.
func merge(parts []*series) *series {
	if len(parts) == 1 {
		return parts[0]
	}
	out := &series{}
	seen := map[int32]bool{}
	for _, p := range parts {
		for _, n := range p.nodes {
			if !seen[n] {
				seen[n] = true
				out.nodes = append(out.nodes, n)
			}
		}
		for _, blk := range p.blocks {
			if !slices.ContainsFunc(out.blocks, func(o *block) bool { return slices.Equal(o.members, blk.members) }) {
				out.blocks = append(out.blocks, blk)
			}
		}
	}
	return out
}

// up reports whether the series is up while the nodes failed reports are
// down.
func up(s *series, failed func(int32) bool) bool {
	for _, n := range s.nodes {
		if failed(n) {
			return false
		}
	}
	for _, blk := range s.blocks {
		if !slices.ContainsFunc(blk.branches, func(br *series) bool { return up(br, failed) }) {
			return false
		}
	}
	return true
}

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
