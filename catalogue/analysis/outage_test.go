package analysis

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// A group's loss, found from the places of its nodes up, is what walking
// each entry's whole tree finds: the same entries cut and the same nodes
// named as needed, in the same order, on random designs of zones, regions,
// replicas and shared dependencies.
func TestLossMatchesAWalkOfEachTree(t *testing.T) {
	c := testCatalogue(t)
	rng := rand.New(rand.NewPCG(37, 1))
	comps := []string{"aws-lambda", "aws-dynamodb", "service", "aws-http-api", "aws-sqs"}
	for round := range 300 {
		d := &catalogue.Design{}
		for r := range 2 {
			region := "r" + strconv.Itoa(r)
			d.Groups = append(d.Groups, catalogue.Group{ID: region, Boundary: "region"})
			for z := range 3 {
				d.Groups = append(d.Groups, catalogue.Group{ID: region + "z" + strconv.Itoa(z), Boundary: "zone", In: region})
			}
		}
		n := 4 + rng.IntN(20)
		for i := range n {
			node := catalogue.Node{ID: "n" + strconv.Itoa(i), Component: comps[rng.IntN(len(comps))]}
			if k := rng.IntN(len(d.Groups) + 2); k < len(d.Groups) {
				node.In = d.Groups[k].ID
			}
			if i > 1 && rng.IntN(3) == 0 {
				node.ReplicaOf = "n" + strconv.Itoa(1+rng.IntN(i-1))
			}
			d.Nodes = append(d.Nodes, node)
		}
		for range n + rng.IntN(2*n) {
			from, to := rng.IntN(n), rng.IntN(n)
			if from != to {
				d.Edges = append(d.Edges, catalogue.Edge{From: "n" + strconv.Itoa(from), To: "n" + strconv.Itoa(to)})
			}
		}
		_, r := Resolve(c, d)
		for gi := range d.Groups {
			got, gotNeeded := r.lossAndNeeds(int32(gi))
			want, wantNeeded := walkedLoss(r, int32(gi))
			if !slices.Equal(got.Cuts, want.Cuts) || !slices.Equal(gotNeeded, wantNeeded) {
				t.Fatalf("round %d, group %s: cuts %v needing %v, a walk of each tree finds %v needing %v\n%+v",
					round, d.Groups[gi].ID, got.Cuts, gotNeeded, want.Cuts, wantNeeded, d)
			}
		}
	}
}

// walkedLoss is lossAndNeeds' entries cut and nodes needed, found by
// walking every entry's whole tree with the group's nodes failed.
func walkedLoss(r *Report, gi int32) (Loss, []string) {
	r.index()
	lost := map[int32]bool{}
	for _, n := range r.members[gi] {
		lost[n] = true
	}
	failed := func(n int32) bool { return lost[n] }
	var l Loss
	var needed []string
	seen := map[int32]bool{}
	for k, tree := range r.trees {
		if r.Entries[k].Truncated || up(tree, failed) {
			continue
		}
		l.Cuts = append(l.Cuts, r.Entries[k].Node)
		cutters(tree, failed, func(n int32) {
			if !seen[n] {
				seen[n] = true
				needed = append(needed, r.g.id(n))
			}
		})
	}
	return l, needed
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

// cutters calls fn on the failed nodes that take a series down: its own,
// and within each replica choice that fails, each branch's.
func cutters(s *series, failed func(int32) bool, fn func(int32)) {
	for _, n := range s.nodes {
		if failed(n) {
			fn(n)
		}
	}
	for _, blk := range s.blocks {
		if slices.ContainsFunc(blk.branches, func(br *series) bool { return up(br, failed) }) {
			continue
		}
		for _, br := range blk.branches {
			cutters(br, failed, fn)
		}
	}
}
