package analysis

import (
	"cmp"
	"slices"
)

// place is where a node sits in an entry's tree: the series that needs it
// (the entry's own, or a replica's branch) and its place among that
// series' nodes.
type place struct {
	entry int32
	s     *series
	at    int32
}

// outage is what the failure of some nodes takes down in one entry's tree,
// found from the places of the failed nodes up, so that a zone's loss
// costs what the zone holds, not the size of every tree that needs it.
type outage struct {
	// failed lists, by series, where its failed nodes sit.
	failed map[*series][]int32
	// down marks the series that are down: one of its nodes failed, or
	// every branch of one of its choices is down.
	down map[*series]bool
	// count counts each choice's branches that are down, and lost lists,
	// by series, its choices whose every branch is.
	count map[*block]int
	lost  map[*series][]*block
}

// newOutage returns an outage of nothing, for reset.
func newOutage() *outage {
	return &outage{failed: map[*series][]int32{}, down: map[*series]bool{}, count: map[*block]int{}, lost: map[*series][]*block{}}
}

// reset makes o the outage of the failed nodes at places, all in one tree,
// reusing its maps: a zone's loss is found for each entry that needs it,
// and 49,999 zones made four maps each.
func (o *outage) reset(places []place) {
	clear(o.failed)
	clear(o.down)
	clear(o.count)
	clear(o.lost)
	for _, p := range places {
		o.failed[p.s] = append(o.failed[p.s], p.at)
		o.fail(p.s)
	}
}

// fail marks series s down, and upwards what that takes: the choice it is
// a branch of when that was its last branch up, and so the series needing
// the choice.
func (o *outage) fail(s *series) {
	for s != nil && !o.down[s] {
		o.down[s] = true
		blk := s.up
		if blk == nil {
			return
		}
		if o.count[blk]++; o.count[blk] < len(blk.branches) {
			return
		}
		o.lost[blk.in] = append(o.lost[blk.in], blk)
		s = blk.in
	}
}

// cutters calls fn on the failed nodes that take series s down, in the
// order of a walk of the tree: its own, then within each choice that is
// lost, each branch's.
func (o *outage) cutters(s *series, fn func(int32)) {
	at := o.failed[s]
	slices.Sort(at)
	for _, i := range at {
		fn(s.nodes[i])
	}
	lost := o.lost[s]
	slices.SortFunc(lost, func(a, b *block) int { return cmp.Compare(a.at, b.at) })
	for _, blk := range lost {
		for _, br := range blk.branches {
			o.cutters(br, fn)
		}
	}
}
