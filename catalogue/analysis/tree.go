package analysis

import "slices"

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
	// budget bounds the node visits of one entry's walk; past it, replicas
	// are taken as needed in series (a lower, safe figure).
	budget    int
	expanding []int32 // the replica sets whose blocks are being walked
}

// walkBudget bounds one entry's walk: nested replica sets could otherwise
// make it grow with the product of their sizes.
const walkBudget = 1 << 18

// requirement returns what entry waits on, entry included.
func (g *graph) requirement(entry int32) *series {
	b := &builder{g: g, budget: walkBudget}
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
		b.budget--
		for _, t := range g.waits[u] {
			if g.mark[t] != 0 {
				continue
			}
			if st := g.set[t]; st >= 0 && b.budget > 0 && !slices.Contains(b.expanding, st) {
				var members []int32
				for _, x := range g.waits[u] {
					if g.set[x] == st && g.mark[x] == 0 {
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

func (g *graph) blockAvailability(blk *block) (float64, bool) {
	down, unknown := 1.0, false
	for _, br := range blk.branches {
		a, u := g.availability(br)
		down *= 1 - a
		unknown = unknown || u
	}
	return 1 - down, unknown
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
