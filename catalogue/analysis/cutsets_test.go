package analysis

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// setNames lists an entry's cut sets as text: nodes joined by "+", then
// groups likewise after "g:", each in the order the set names them
// ("app-a+g:az-b" for a node and a zone).
func setNames(cs CutSet) []string {
	var out []string
	for _, s := range cs.Sets {
		name := strings.Join(s.Nodes, "+")
		if len(s.Groups) > 0 {
			if name != "" {
				name += "+"
			}
			name += "g:" + strings.Join(s.Groups, "+")
		}
		out = append(out, name)
	}
	return out
}

// cutSetOf returns the cut sets of entry node, failing when it has none.
func cutSetOf(t *testing.T, r *Report, node string) CutSet {
	t.Helper()
	cs, ok := r.CutSetOf(node)
	if !ok {
		t.Fatalf("no cut sets for %s among %+v", node, r.CutSets)
	}
	return cs
}

// Each entry's minimal sets of one and two nodes or groups whose joint
// loss cuts it, computed from its requirement tree.
func TestCutSets(t *testing.T) {
	zones := `groups:
  - {id: eu, boundary: region}
  - {id: az-a, boundary: zone, in: eu}
  - {id: az-b, boundary: zone, in: eu}
`
	for _, tc := range []struct {
		name, design, entry string
		want                []string
		because             string // a word the first pair's reason holds
	}{
		{
			name: "a chain: every node is a set of one",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: fn, component: aws-lambda}
  - {id: table, component: aws-dynamodb}
edges:
  - {from: api, to: fn}
  - {from: fn, to: table}
`,
			entry: "api", want: []string{"api", "fn", "table"},
		},
		{
			name: "two copies behind a balancer over one database",
			design: `nodes:
  - {id: alb, component: aws-alb}
  - {id: app-a, component: aws-ecs}
  - {id: app-b, component: aws-ecs}
  - {id: db, component: aws-rds-postgresql, props: {highAvailability: true}}
edges:
  - {from: alb, to: app-a}
  - {from: alb, to: app-b}
  - {from: app-a, to: db}
  - {from: app-b, to: db}
`,
			entry: "alb", want: []string{"alb", "db", "app-a+app-b"}, because: "behind alb",
		},
		{
			name: "three copies: no pair, and three is past two",
			design: `nodes:
  - {id: alb, component: aws-alb}
  - {id: vm1, component: aws-ec2}
  - {id: vm2, component: aws-ec2}
  - {id: vm3, component: aws-ec2}
  - {id: db, component: aws-dynamodb}
edges:
  - {from: alb, to: vm1}
  - {from: alb, to: vm2}
  - {from: alb, to: vm3}
  - {from: vm1, to: db}
  - {from: vm2, to: db}
  - {from: vm3, to: db}
`,
			entry: "alb", want: []string{"alb", "db"},
		},
		{
			name: "two zones each holding one copy",
			design: zones + `nodes:
  - {id: alb, component: aws-alb, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-b}
  - {id: db, component: aws-rds-postgresql, in: eu, props: {highAvailability: true}}
edges:
  - {from: alb, to: app-a}
  - {from: alb, to: app-b}
  - {from: app-a, to: db}
  - {from: app-b, to: db}
`,
			// Losing az-a takes app-a: app-b is then the last copy.
			entry: "alb", want: []string{"alb", "db", "g:eu", "app-a+app-b", "app-a+g:az-b", "app-b+g:az-a", "g:az-a+az-b"}, because: "behind alb",
		},
		{
			name: "path routing: two services, each a set of one",
			design: zones + `nodes:
  - {id: lb, component: aws-alb, in: eu}
  - {id: orders, component: aws-ecs, in: az-a}
  - {id: users, component: aws-lambda, in: az-b}
edges:
  - {from: lb, to: orders}
  - {from: lb, to: users}
`,
			entry: "lb", want: []string{"lb", "orders", "users", "g:eu", "g:az-a", "g:az-b"},
		},
		{
			name: "a callee shared by two of three copies",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: r1, component: aws-lambda}
  - {id: r2, component: aws-lambda, replicaOf: r1}
  - {id: r3, component: aws-lambda, replicaOf: r1}
  - {id: x, component: aws-dynamodb}
  - {id: y, component: aws-dynamodb}
edges:
  - {from: api, to: r1}
  - {from: api, to: r2}
  - {from: api, to: r3}
  - {from: r1, to: x}
  - {from: r2, to: x}
  - {from: r3, to: y}
`,
			// x takes r1 and r2 down; r3 or y then the last copy.
			entry: "api", want: []string{"api", "x+r3", "x+y"}, because: "any one of r1, r2, r3",
		},
		{
			name: "a callee of one of two copies",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: r1, component: aws-lambda}
  - {id: r2, component: aws-lambda, replicaOf: r1}
  - {id: x, component: aws-dynamodb}
edges:
  - {from: api, to: r1}
  - {from: api, to: r2}
  - {from: r1, to: x}
`,
			entry: "api", want: []string{"api", "r1+r2", "x+r2"},
		},
		{
			name: "a callee of one copy that a nested copy needs too",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: r1, component: aws-lambda}
  - {id: r2, component: aws-lambda, replicaOf: r1}
  - {id: u1, component: aws-lambda}
  - {id: u2, component: aws-lambda, replicaOf: u1}
  - {id: x, component: aws-dynamodb}
  - {id: y, component: aws-dynamodb}
edges:
  - {from: api, to: r1}
  - {from: api, to: r2}
  - {from: r1, to: x}
  - {from: r2, to: u1}
  - {from: r2, to: u2}
  - {from: u1, to: x}
  - {from: u2, to: y}
`,
			// x takes r1, and u1 within r2: u2 or y then takes r2.
			entry: "api", want: []string{"api", "r1+r2", "x+r2", "x+u2", "x+y"},
		},
		{
			name: "a pair of nested copies that another copy needs one of",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: r1, component: aws-lambda}
  - {id: r2, component: aws-lambda, replicaOf: r1}
  - {id: u1, component: aws-lambda}
  - {id: u2, component: aws-lambda, replicaOf: u1}
edges:
  - {from: api, to: r1}
  - {from: api, to: r2}
  - {from: r1, to: u1}
  - {from: r1, to: u2}
  - {from: r2, to: u1}
`,
			// u1 and u2 take r1 (either serves it), and u1 takes r2.
			entry: "api", want: []string{"api", "r1+u1", "r1+r2", "u1+u2"},
		},
		{
			name: "a client is outside: its loss is its user's",
			design: `nodes:
  - {id: browser, component: client}
  - {id: api, component: aws-http-api}
edges:
  - {from: browser, to: api}
`,
			entry: "browser", want: []string{"api"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r := analyse(t, tc.design)
			cs := cutSetOf(t, r, tc.entry)
			if got := setNames(cs); !slices.Equal(got, tc.want) {
				t.Errorf("cut sets %v, want %v", got, tc.want)
			}
			if cs.More != 0 || cs.Partial != "" {
				t.Errorf("more %d, partial %q", cs.More, cs.Partial)
			}
			if tc.because != "" {
				i := slices.IndexFunc(cs.Sets, func(s Cut) bool { return len(s.Nodes)+len(s.Groups) == 2 })
				if i < 0 || !strings.Contains(cs.Sets[i].Because, tc.because) {
					t.Errorf("the first pair's reason does not say %q: %+v", tc.because, cs.Sets)
				}
			}
		})
	}
}

// An entry whose walk was cut short has no cut sets: its tree is not the
// design's.
func TestCutSetsSkipTruncatedEntries(t *testing.T) {
	_, r := analyse(t, copiesNestedPastTheBound())
	e := entry(t, r, "e")
	if !e.Truncated {
		t.Fatalf("the walk was not cut short: %+v", e)
	}
	if _, ok := r.CutSetOf("e"); ok || len(r.CutSets) != 0 {
		t.Errorf("cut sets of a truncated entry: %+v", r.CutSets)
	}
}

// copiesNestedPastTheBound is TestTruncatedWalkClaimsNothing's design: copies
// nested past maxNesting.
func copiesNestedPastTheBound() string {
	var b, edges strings.Builder
	b.WriteString("nodes:\n  - {id: e, component: aws-http-api}\n")
	prev := "e"
	for l := 1; l <= maxNesting+1; l++ {
		a, bb, c := "a"+strconv.Itoa(l), "b"+strconv.Itoa(l), "c"+strconv.Itoa(l)
		b.WriteString("  - {id: " + a + ", component: aws-lambda}\n  - {id: " + bb + ", component: aws-lambda, replicaOf: " + a + "}\n  - {id: " + c + ", component: aws-lambda}\n")
		edges.WriteString("  - {from: " + prev + ", to: " + a + "}\n  - {from: " + prev + ", to: " + bb + "}\n  - {from: " + a + ", to: " + c + "}\n  - {from: " + bb + ", to: " + c + "}\n")
		prev = c
	}
	return b.String() + "edges:\n" + edges.String()
}

// A chain of ten nodes behind each of two copies has 121 pairs (the copy
// or its chain, on each side) and one set of one: the first maxCutSets are
// listed, sets of one first, and the rest counted.
func TestCutSetsCap(t *testing.T) {
	_, r := analyse(t, chainsBehindTwoCopies(10))
	cs := cutSetOf(t, r, "api")
	got := setNames(cs)
	if len(got) != maxCutSets || cs.More != 1+11*11-maxCutSets {
		t.Fatalf("%d sets listed and %d more, want %d and %d", len(got), cs.More, maxCutSets, 1+11*11-maxCutSets)
	}
	// In walk order: r1 with each of r2's side, then c1-0 with each.
	if want := []string{"api", "r1+r2", "r1+c2-0", "r1+c2-1"}; !slices.Equal(got[:4], want) {
		t.Errorf("first sets %v, want %v", got[:4], want)
	}
	if got[12] != "c1-0+r2" {
		t.Errorf("the 13th set is %s, want c1-0+r2", got[12])
	}
}

// The search for pairs stops at its budget, and says so, rather than
// growing with the product of two long chains.
func TestCutSetsPairBudget(t *testing.T) {
	_, r := analyse(t, `nodes:
  - {id: api, component: aws-http-api}
  - {id: r1, component: aws-lambda}
  - {id: r2, component: aws-lambda, replicaOf: r1}
edges:
  - {from: api, to: r1}
  - {from: api, to: r2}
`)
	f := &cutFinder{r: r, budget: 0}
	c := f.series(r.trees[0])
	if len(c.pairs) != 0 || !f.stopped {
		t.Errorf("with no budget: pairs %v, stopped %v", c.pairs, f.stopped)
	}
	f = &cutFinder{r: r, budget: 1}
	if c := f.series(r.trees[0]); len(c.pairs) != 1 || f.stopped {
		t.Errorf("with a budget of one: pairs %v, stopped %v", c.pairs, f.stopped)
	}
	// Two chains of 300 behind two copies: 90,601 pairs, past the budget.
	_, r = analyse(t, chainsBehindTwoCopies(300))
	cs := cutSetOf(t, r, "api")
	if cs.More != 1+pairBudget-maxCutSets || !strings.Contains(cs.Partial, "the search for pairs of nodes stopped") {
		t.Errorf("more %d, partial %q", cs.More, cs.Partial)
	}
}

// Many zones, each holding one copy of a pool: the pairs of zones tried
// are bounded, and the entries they might cut say how many were not.
func TestCutSetsGroupPairsBounded(t *testing.T) {
	const zones = 100 // 4,950 pairs, past maxGroupPairs
	var b, edges strings.Builder
	b.WriteString("groups:\n  - {id: eu, boundary: region}\n")
	for i := range zones {
		b.WriteString("  - {id: z" + strconv.Itoa(i) + ", boundary: zone, in: eu}\n")
	}
	b.WriteString("nodes:\n  - {id: alb, component: aws-alb}\n")
	for i := range zones {
		b.WriteString("  - {id: app" + strconv.Itoa(i) + ", component: aws-ecs, in: z" + strconv.Itoa(i) + "}\n")
		edges.WriteString("  - {from: alb, to: app" + strconv.Itoa(i) + "}\n")
	}
	_, r := analyse(t, b.String()+"edges:\n"+edges.String())
	cs := cutSetOf(t, r, "alb")
	if got, want := setNames(cs), []string{"alb", "g:eu"}; !slices.Equal(got, want) {
		t.Errorf("cut sets %v, want %v", got, want)
	}
	if cs.GroupPairsSkipped != zones*(zones-1)/2-maxGroupPairs || !strings.Contains(cs.Partial, "pairs of zones or regions") {
		t.Errorf("group pairs skipped %d, partial %q", cs.GroupPairsSkipped, cs.Partial)
	}
	// The pairs of a node and a zone stop when their node visits are
	// spent, and say how many zones were not tried.
	gc := r.groupCuts()
	if len(gc.touching[0]) != zones {
		t.Fatalf("%d zones touch the entry, want %d", len(gc.touching[0]), zones)
	}
	work := mixedWork
	if mixed, untried := r.mixedCuts(0, (&cutFinder{r: r, budget: pairBudget}).series(r.trees[0]), gc.touching[0], &work); len(mixed) != 0 || untried != zones {
		t.Errorf("with no work left: %v, %d zones not tried", mixed, untried)
	}
	cs = r.cutSet(0, &cuts{}, gc, nil, zones, make([]int32, len(r.g.nodes)), false)
	if !strings.Contains(cs.Partial, "100 zones or regions were not tried with a node") {
		t.Errorf("partial %q", cs.Partial)
	}
}

// Every listed set cuts its entry and no member alone does, and every
// set of one or two nodes that cuts an entry, minimally, is listed: checked
// by failing each node and each pair through the outage machinery, on
// random designs (zones, replicas, pools, events).
func TestCutSetsMatchFailingEachPair(t *testing.T) {
	cat := testCatalogue(t)
	pairs := map[string]int{} // by family
	for seed := uint64(1); seed <= 12; seed++ {
		rng := rand.New(rand.NewPCG(seed, 38))
		d := startDesign(t, cat, rng)
		// And a pool over two zones, which the edits then move, connect
		// and disconnect.
		d.Nodes = append(d.Nodes, catalogue.Node{ID: "lb", Component: "aws-alb"},
			catalogue.Node{ID: "pa", Component: "aws-ecs", In: "z1"}, catalogue.Node{ID: "pb", Component: "aws-ecs", In: "z2"})
		d.Edges = append(d.Edges, catalogue.Edge{From: d.Nodes[0].ID, To: "lb"}, catalogue.Edge{From: "lb", To: "pa"}, catalogue.Edge{From: "lb", To: "pb"})
		for step := range 60 {
			next, what := edit(cat, d, rng)
			if errs := cat.Check(next); len(errs) > 0 {
				continue
			}
			d = next
			_, r := Resolve(cat, d)
			if diff := bruteCutSets(r); diff != "" {
				t.Fatalf("seed %d, step %d (%s): %s", seed, step, what, diff)
			}
			for _, cs := range r.CutSets {
				for _, s := range cs.Sets {
					if len(s.Nodes)+len(s.Groups) == 2 {
						pairs[fmt.Sprint(len(s.Nodes), " nodes, ", len(s.Groups), " groups")]++
					}
				}
			}
		}
	}
	t.Log("pairs seen:", pairs)
	if len(pairs) != 3 {
		t.Errorf("pairs seen %v: the test exercises too little", pairs)
	}
}

// The Resolver, which keeps a report across edits the analysis does not
// read, keeps cut sets equal to a fresh analysis's.
func TestResolverKeepsCutSets(t *testing.T) {
	cat := testCatalogue(t)
	for seed := uint64(1); seed <= 4; seed++ {
		rng := rand.New(rand.NewPCG(seed, 6))
		d := startDesign(t, cat, rng)
		r := NewResolver(cat)
		for step := range 150 {
			next, what := edit(cat, d, rng)
			if errs := cat.Check(next); len(errs) > 0 {
				continue
			}
			d = next
			_, got := r.Resolve(d)
			_, want := Resolve(cat, d)
			if !reflect.DeepEqual(got.CutSets, want.CutSets) {
				t.Fatalf("seed %d, step %d (%s): cut sets %+v, want %+v", seed, step, what, got.CutSets, want.CutSets)
			}
		}
	}
}

// bruteCutSets compares a report's node and group cut sets with failing
// every node, pair of nodes, group and pair of groups of each entry's tree.
func bruteCutSets(r *Report) string {
	g := r.g
	r.index()
	k := 0
	for ei, e := range r.Entries {
		if e.Truncated {
			continue
		}
		cs := r.CutSets[k]
		k++
		if cs.Entry != e.Node {
			return fmt.Sprintf("cut sets of %s where %s's were due", cs.Entry, e.Node)
		}
		var nodes []string
		seen := map[int32]bool{}
		each(r.trees[ei], func(n int32) {
			if !seen[n] && g.figures[n].source != SourceOutside {
				seen[n] = true
				nodes = append(nodes, g.id(n))
			}
		})
		want := map[string]bool{}
		single := map[string]bool{}
		for _, a := range nodes {
			if cutBy(r, ei, a) {
				single[a] = true
				want[a] = true
			}
		}
		for i, a := range nodes {
			for _, b := range nodes[i+1:] {
				if !single[a] && !single[b] && cutBy(r, ei, a, b) {
					want[canonical(a+"+"+b)] = true
				}
			}
		}
		var zoneOrRegion []int32
		for gi, gr := range g.d.Groups {
			if gr.Boundary == "zone" || gr.Boundary == "region" {
				zoneOrRegion = append(zoneOrRegion, int32(gi))
			}
		}
		// groupCut fails the groups, and the node when one is named.
		groupCut := func(node string, groups ...int32) bool {
			taken := r.takenBy(groups)
			if node != "" {
				taken = append(slices.Clip(taken), g.index[node])
			}
			var at []place
			for _, n := range taken {
				for _, p := range r.places[n] {
					if p.entry == int32(ei) {
						at = append(at, p)
					}
				}
			}
			r.outage.reset(at)
			return r.outage.down[r.trees[ei]]
		}
		gsingle := map[int32]bool{}
		for _, gi := range zoneOrRegion {
			if groupCut("", gi) {
				gsingle[gi] = true
				want["g:"+g.d.Groups[gi].ID] = true
			}
		}
		for i, a := range zoneOrRegion {
			for _, b := range zoneOrRegion[i+1:] {
				if g.d.Groups[a].Boundary == g.d.Groups[b].Boundary && !gsingle[a] && !gsingle[b] && groupCut("", a, b) {
					want[canonical("g:"+g.d.Groups[a].ID+"+"+g.d.Groups[b].ID)] = true
				}
			}
		}
		for _, gi := range zoneOrRegion {
			for _, x := range nodes {
				if !gsingle[gi] && !single[x] && groupCut(x, gi) {
					want[canonical(x+"+g:"+g.d.Groups[gi].ID)] = true
				}
			}
		}
		got := setNames(cs)
		if cs.More != 0 || cs.Partial != "" {
			return fmt.Sprintf("%s: more %d, partial %q", e.Node, cs.More, cs.Partial)
		}
		for _, s := range got {
			s = canonical(s)
			if !want[s] {
				return fmt.Sprintf("%s: %s listed, but failing it does not cut the entry minimally (listed %v)", e.Node, s, got)
			}
			delete(want, s)
		}
		if len(want) > 0 {
			return fmt.Sprintf("%s: %v cut it but are not listed (listed %v)", e.Node, want, got)
		}
	}
	if k != len(r.CutSets) {
		return fmt.Sprintf("%d cut sets for %d entries", len(r.CutSets), k)
	}
	return ""
}

// canonical names a set whatever the order of its members.
func canonical(set string) string {
	nodes, groups, _ := strings.Cut(set, "g:")
	out := strings.Join(slices.Sorted(strings.SplitSeq(strings.TrimSuffix(nodes, "+"), "+")), "+")
	if groups != "" {
		if out != "" {
			out += "+"
		}
		out += "g:" + strings.Join(slices.Sorted(strings.SplitSeq(groups, "+")), "+")
	}
	return out
}

// BenchmarkAnalyzeCutSets1000 analyses a 1,000-node design whose cut sets
// are many (BenchmarkAnalyze1000's entry needs little): one entry through a
// gateway to 200 services, each a balancer over two copies in two of
// three zones, each copy calling the service's database and cache; 601
// sets of one node and the region, 200 pairs of copies, 400 of a copy and
// the other copy's zone, and the three pairs of zones.
func BenchmarkAnalyzeCutSets1000(b *testing.B) {
	c := testCatalogue(b)
	d := servicesDesign(200)
	res := c.Resolve(d)
	b.ReportAllocs()
	for b.Loop() {
		Analyze(c, d, res)
	}
}

// servicesDesign is BenchmarkAnalyzeCutSets1000's design, of n services.
func servicesDesign(n int) *catalogue.Design {
	d := &catalogue.Design{Groups: []catalogue.Group{{ID: "eu", Boundary: "region"}}}
	for z := range 3 {
		d.Groups = append(d.Groups, catalogue.Group{ID: "az-" + strconv.Itoa(z), Boundary: "zone", In: "eu"})
	}
	d.Nodes = append(d.Nodes, catalogue.Node{ID: "gw", Component: "aws-http-api", In: "eu"})
	for i := range n {
		s := "s" + strconv.Itoa(i)
		d.Nodes = append(d.Nodes,
			catalogue.Node{ID: s + "-lb", Component: "aws-alb", In: "eu"},
			catalogue.Node{ID: s + "-a", Component: "aws-ecs", In: "az-" + strconv.Itoa(i%3)},
			catalogue.Node{ID: s + "-b", Component: "aws-ecs", In: "az-" + strconv.Itoa((i+1)%3)},
			catalogue.Node{ID: s + "-db", Component: "aws-dynamodb", In: "eu"},
			catalogue.Node{ID: s + "-cache", Component: "aws-elasticache-valkey", In: "eu"})
		d.Edges = append(d.Edges, catalogue.Edge{From: "gw", To: s + "-lb"},
			catalogue.Edge{From: s + "-lb", To: s + "-a"}, catalogue.Edge{From: s + "-lb", To: s + "-b"})
		for _, copy := range []string{s + "-a", s + "-b"} {
			d.Edges = append(d.Edges, catalogue.Edge{From: copy, To: s + "-db"}, catalogue.Edge{From: copy, To: s + "-cache"})
		}
	}
	return d
}

// The benchmark's design has the cut sets its comment says: 601 sets of
// one node, the region, 200 pairs of copies, 400 of a copy and a zone and
// three pairs of zones.
func TestCutSetsOfManyServices(t *testing.T) {
	c := testCatalogue(t)
	d := servicesDesign(200)
	if errs := c.Check(d); len(errs) > 0 {
		t.Fatal(errs)
	}
	r := Analyze(c, d, c.Resolve(d))
	cs := cutSetOf(t, r, "gw")
	if total := len(cs.Sets) + cs.More; total != 601+1+200+400+3 || cs.Partial != "" {
		t.Errorf("%d sets (partial %q), want %d", total, cs.Partial, 601+1+200+400+3)
	}
}

// hostileCutSets are designs at the node limit whose shape costs the cut
// sets the most: two chains of 24,999 nodes, one behind each of two
// copies (625 million pairs, past pairBudget), and a pool of 49,998
// copies, each in a zone of its own (1.25 billion pairs of zones, past
// maxGroupPairs).
func hostileCutSets() map[string]string {
	const n = catalogue.MaxNodes
	var zones, edges strings.Builder
	zones.WriteString("groups:\n  - {id: eu, boundary: region}\n")
	for i := range n - 2 {
		zones.WriteString("  - {id: z" + strconv.Itoa(i) + ", boundary: zone, in: eu}\n")
	}
	zones.WriteString("nodes:\n  - {id: alb, component: aws-alb, in: eu}\n")
	for i := range n - 2 {
		zones.WriteString("  - {id: app" + strconv.Itoa(i) + ", component: aws-ecs, in: z" + strconv.Itoa(i) + "}\n")
		edges.WriteString("  - {from: alb, to: app" + strconv.Itoa(i) + "}\n")
	}
	zones.WriteString("edges:\n" + edges.String())
	return map[string]string{"two-chains": chainsBehindTwoCopies((n - 3) / 2), "pool-of-zones": zones.String()}
}

// chainsBehindTwoCopies is an entry over two copies, each calling a chain
// of n nodes: (n+1)² pairs, a copy or its chain on each side.
func chainsBehindTwoCopies(n int) string {
	var b, edges strings.Builder
	b.WriteString("nodes:\n  - {id: api, component: aws-http-api}\n  - {id: r1, component: aws-lambda}\n  - {id: r2, component: aws-lambda, replicaOf: r1}\n")
	edges.WriteString("  - {from: api, to: r1}\n  - {from: api, to: r2}\n")
	for _, side := range []string{"1", "2"} {
		prev := "r" + side
		for i := range n {
			id := "c" + side + "-" + strconv.Itoa(i)
			b.WriteString("  - {id: " + id + ", component: aws-lambda}\n")
			edges.WriteString("  - {from: " + prev + ", to: " + id + "}\n")
			prev = id
		}
	}
	return b.String() + "edges:\n" + edges.String()
}

// BenchmarkHostileCutSets reads, resolves and analyses hostileCutSets'
// designs, as designer analyze does.
func BenchmarkHostileCutSets(b *testing.B) {
	c := testCatalogue(b)
	designs := hostileCutSets()
	for _, name := range slices.Sorted(maps.Keys(designs)) {
		data := []byte(designs[name])
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				d, errs := c.ReadDesign(name+".yaml", data)
				if len(errs) > 0 {
					b.Fatal(errs)
				}
				_, r := Resolve(c, d)
				if len(r.CutSets) != 1 || r.CutSets[0].Partial == "" {
					b.Fatalf("cut sets %+v", r.CutSets)
				}
			}
		})
	}
}

// What Partial says of the bounds is their value.
func TestCutSetsPartialSaysTheBounds(t *testing.T) {
	if pairBudget != 65536 || maxGroupPairs != 4096 {
		t.Errorf("pairBudget %d, maxGroupPairs %d: CutSet.Partial's words, and the README's, say 65,536 and 4,096", pairBudget, maxGroupPairs)
	}
}
