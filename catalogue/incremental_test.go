package catalogue

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// The Resolver's incremental result equals a full ResolveWith after every
// step of long random edit sequences: property changes, resets, swaps,
// nodes and edges added and deleted, renames, groups, replicas,
// suppressions and constraints. Each seed is a sequence; a failure names
// the seed and the step.
func TestResolverMatchesFullResolve(t *testing.T) {
	cat := mustDefault(t)
	for seed := uint64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			ed := newRandomEditor(cat, rng)
			r := NewResolver(cat)
			applied := 0
			for step := 0; step < 300; step++ {
				what, ok := ed.step()
				if !ok {
					continue
				}
				applied++
				got, want := r.Resolve(ed.d, nil), cat.ResolveWith(ed.d, nil)
				if diff := resolutionDiff(got, want); diff != "" {
					t.Fatalf("step %d (%s): the incremental resolution differs from a full one: %s", step, what, diff)
				}
			}
			if applied < 150 {
				t.Fatalf("only %d of 300 random edits passed the design check: the test exercises too little", applied)
			}
		})
	}
}

// Re-resolving an unchanged design reuses every node: nothing is resolved
// again (the point of the Resolver), which the node results' identity shows.
func TestResolverReusesUnchangedNodes(t *testing.T) {
	cat := mustDefault(t)
	ed := newRandomEditor(cat, rand.New(rand.NewPCG(3, 3)))
	r := NewResolver(cat)
	r.Resolve(ed.d, nil)
	before := resultsByID(r)
	d := *ed.d
	d.Nodes = slices.Clone(d.Nodes)
	d.Nodes[0].Props = map[string]Value{}
	for k, v := range ed.d.Nodes[0].Props {
		d.Nodes[0].Props[k] = v
	}
	comp := cat.Components[d.Nodes[1].Component]
	d.Nodes[1].Props = map[string]Value{comp.Schema[0].Name: someValue(comp.Schema[0], rand.New(rand.NewPCG(1, 1)))}
	r.Resolve(&d, nil)
	for i, n := range d.Nodes {
		same := resultsByID(r)[n.ID] == before[n.ID]
		if i == 1 && same && !maps.Equal(ed.d.Nodes[1].Props, d.Nodes[1].Props) {
			t.Errorf("%s changed but was not resolved again", n.ID)
		}
		if i != 1 && !same {
			t.Errorf("%s is unchanged but was resolved again", n.ID)
		}
	}
}

// resolutionDiff describes the first difference between two resolutions,
// or returns "".
func resolutionDiff(got, want *Resolution) string {
	if reflect.DeepEqual(got, want) {
		return ""
	}
	if len(got.Nodes) != len(want.Nodes) {
		return fmt.Sprintf("%d nodes, want %d", len(got.Nodes), len(want.Nodes))
	}
	for i := range got.Nodes {
		if !reflect.DeepEqual(got.Nodes[i], want.Nodes[i]) {
			return fmt.Sprintf("node %s: %+v, want %+v", want.Nodes[i].ID, got.Nodes[i], want.Nodes[i])
		}
	}
	if !reflect.DeepEqual(got.Edges, want.Edges) {
		return fmt.Sprintf("edges %+v, want %+v", got.Edges, want.Edges)
	}
	if !reflect.DeepEqual(got.Groups, want.Groups) {
		return fmt.Sprintf("groups %+v, want %+v", got.Groups, want.Groups)
	}
	for i := range min(len(got.Violations), len(want.Violations)) {
		if !reflect.DeepEqual(got.Violations[i], want.Violations[i]) {
			return fmt.Sprintf("violation %d: %+v, want %+v", i, got.Violations[i], want.Violations[i])
		}
	}
	return fmt.Sprintf("%d violations, want %d", len(got.Violations), len(want.Violations))
}

// randomEditor makes random edits of a design, as the editor would:
// copy on write (a new design, node slice and properties map per edit),
// each edit kept only when the design check accepts it.
type randomEditor struct {
	cat   *Catalogue
	rng   *rand.Rand
	d     *Design
	comps []string
	next  int
}

func newRandomEditor(cat *Catalogue, rng *rand.Rand) *randomEditor {
	e := &randomEditor{cat: cat, rng: rng}
	// Products of several kinds, so that node rules, limits, connection
	// rules and placement all have something to find.
	for _, id := range cat.ComponentIDs() {
		switch cat.Components[id].Kind {
		case "stream", "relational-database", "function", "queue", "cache", "object-storage", "load-balancer", "api-gateway":
			e.comps = append(e.comps, id)
		}
	}
	d := &Design{SchemaVersion: SchemaVersion}
	d.Groups = []Group{
		{ID: "r1", Boundary: "region", Props: map[string]Value{"region": StringValue("eu-west-1")}},
		{ID: "z1", Boundary: "zone", In: "r1"},
		{ID: "z2", Boundary: "zone", In: "r1"},
		{ID: "r2", Boundary: "region"},
	}
	for i := 0; i < 30; i++ {
		n := Node{ID: e.newID(), Component: e.comps[rng.IntN(len(e.comps))]}
		if i%3 == 0 {
			n.In = []string{"z1", "z2", "r2"}[rng.IntN(3)]
		}
		d.Nodes = append(d.Nodes, n)
		if i > 0 {
			d.Edges = append(d.Edges, Edge{From: d.Nodes[i-1].ID, To: n.ID})
		}
	}
	if errs := cat.Check(d); len(errs) > 0 {
		panic(fmt.Sprint(errs))
	}
	e.d = d
	return e
}

func (e *randomEditor) newID() string {
	e.next++
	return fmt.Sprintf("n%d", e.next)
}

// someValue is a random value of p's type, now and then outside its limits.
func someValue(p *Property, rng *rand.Rand) Value {
	switch p.Type {
	case TypeBoolean:
		return BoolValue(rng.IntN(2) == 0)
	case TypeInteger:
		return IntValue(int64(rng.IntN(8)) - 1)
	case TypeEnum:
		return StringValue(p.Values[rng.IntN(len(p.Values))])
	}
	return StringValue([]string{"eu-west-1", "us-east-1", "a", ""}[rng.IntN(4)])
}

// step makes one random edit and keeps it if the design check accepts it,
// saying what it did.
func (e *randomEditor) step() (string, bool) {
	rng := e.rng
	old := e.d
	d := *old
	d.Nodes = slices.Clone(old.Nodes)
	d.Edges = slices.Clone(old.Edges)
	d.Groups = slices.Clone(old.Groups)
	d.Suppress = slices.Clone(old.Suppress)
	nodes := len(d.Nodes)
	pick := func() int { return rng.IntN(nodes) }
	var what string
	switch op := rng.IntN(14); {
	case nodes == 0 || op == 0:
		n := Node{ID: e.newID(), Component: e.comps[rng.IntN(len(e.comps))]}
		d.Nodes = append(d.Nodes, n)
		if nodes > 0 {
			d.Edges = append(d.Edges, Edge{From: d.Nodes[pick()].ID, To: n.ID})
		}
		what = "add " + n.ID
	case op <= 4: // the most common edit: one property
		i := pick()
		comp := e.cat.Components[d.Nodes[i].Component]
		p := comp.Schema[rng.IntN(len(comp.Schema))]
		props := maps.Clone(d.Nodes[i].Props)
		if props == nil {
			props = map[string]Value{}
		}
		props[p.Name] = someValue(p, rng)
		d.Nodes[i].Props = props
		what = "set " + d.Nodes[i].ID + "." + p.Name
	case op == 5:
		i := pick()
		if len(d.Nodes[i].Props) == 0 {
			return "", false
		}
		props := maps.Clone(d.Nodes[i].Props)
		for k := range props {
			delete(props, k)
			what = "reset " + d.Nodes[i].ID + "." + k
			break
		}
		d.Nodes[i].Props = props
	case op == 6:
		i := pick()
		kind := e.cat.Components[d.Nodes[i].Component].Kind
		var same []string
		for _, c := range e.comps {
			if e.cat.Components[c].Kind == kind {
				same = append(same, c)
			}
		}
		d.Nodes[i].Component = same[rng.IntN(len(same))]
		d.Nodes[i].Props = nil
		what = "swap " + d.Nodes[i].ID + " to " + d.Nodes[i].Component
	case op == 7:
		i := pick()
		id := d.Nodes[i].ID
		d.Nodes = slices.Delete(d.Nodes, i, i+1)
		d.Edges = slices.DeleteFunc(d.Edges, func(e Edge) bool { return e.From == id || e.To == id })
		d.Suppress = slices.DeleteFunc(d.Suppress, func(s Suppression) bool { return s.Node == id })
		for k := range d.Nodes {
			if d.Nodes[k].ReplicaOf == id {
				d.Nodes[k].ReplicaOf = ""
			}
		}
		what = "delete " + id
	case op == 8:
		a, b := pick(), pick()
		d.Edges = append(d.Edges, Edge{From: d.Nodes[a].ID, To: d.Nodes[b].ID, Flow: []Flow{"", FlowRequest, FlowEvent, FlowData}[rng.IntN(4)]})
		what = "connect " + d.Nodes[a].ID + " → " + d.Nodes[b].ID
	case op == 9:
		if len(d.Edges) == 0 {
			return "", false
		}
		k := rng.IntN(len(d.Edges))
		what = "disconnect " + d.Edges[k].From + " → " + d.Edges[k].To
		d.Edges = slices.Delete(d.Edges, k, k+1)
	case op == 10:
		i := pick()
		d.Nodes[i].In = []string{"", "z1", "z2", "r1", "r2"}[rng.IntN(5)]
		what = "move " + d.Nodes[i].ID + " into " + d.Nodes[i].In
	case op == 11:
		g := rng.IntN(len(d.Groups))
		props := maps.Clone(d.Groups[g].Props)
		if props == nil {
			props = map[string]Value{}
		}
		props["region"] = StringValue([]string{"eu-west-1", "us-east-1", "eu-central-1"}[rng.IntN(3)])
		if d.Groups[g].Boundary == "zone" {
			props = map[string]Value{"zone": StringValue("eu-west-1a")}
		}
		d.Groups[g].Props = props
		if rng.IntN(3) == 0 {
			d.Constraints.Regions = [][]string{nil, {"eu-west-1"}, {"eu-west-1", "eu-central-1"}}[rng.IntN(3)]
		}
		what = "group " + d.Groups[g].ID
	case op == 12:
		i, j := pick(), pick()
		if i == j || e.cat.Components[d.Nodes[i].Component].Kind != e.cat.Components[d.Nodes[j].Component].Kind {
			d.Nodes[i].ReplicaOf = ""
		} else {
			d.Nodes[i].ReplicaOf = d.Nodes[j].ID
		}
		what = "replica " + d.Nodes[i].ID + " of " + d.Nodes[i].ReplicaOf
	default:
		res := e.cat.Resolve(old)
		if len(res.Violations) == 0 || rng.IntN(3) == 0 {
			if len(d.Suppress) == 0 {
				return "", false
			}
			d.Suppress = d.Suppress[1:]
			what = "unsuppress"
			break
		}
		v := res.Violations[rng.IntN(len(res.Violations))]
		node := v.Node
		if rng.IntN(4) == 0 {
			node = ""
		}
		d.Suppress = append(d.Suppress, Suppression{Rule: v.Rule, Node: node, Reason: "test"})
		what = "suppress " + v.Rule + " on " + node
	}
	if errs := e.cat.Check(&d); len(errs) > 0 {
		return "", false
	}
	e.d = &d
	return what, true
}

// BenchmarkResolverEdit is the editor's case: one property of one node
// changed, then the design resolved again, incrementally and in full, on
// BenchmarkResolveAndCheck's designs.
func BenchmarkResolverEdit(b *testing.B) {
	cat := mustDefault(b)
	for _, n := range []int{1000, 10000} {
		d := chainDesign(cat, n)
		// Two designs that differ in one property of node n/2, resolved in
		// turn: each is an edit of the other.
		e := *d
		e.Nodes = slices.Clone(d.Nodes)
		mid := &e.Nodes[n/2]
		mid.Props = map[string]Value{cat.Components[mid.Component].Schema[0].Name: someValue(cat.Components[mid.Component].Schema[0], rand.New(rand.NewPCG(1, 2)))}
		designs := [2]*Design{d, &e}
		b.Run(fmt.Sprintf("incremental/nodes=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			r := NewResolver(cat)
			r.Resolve(d, nil)
			i := 0
			for b.Loop() {
				i++
				r.Resolve(designs[i%2], nil)
			}
		})
		b.Run(fmt.Sprintf("full/nodes=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				cat.ResolveWith(designs[i%2], nil)
			}
		})
	}
}

// A node whose component the catalogue does not have is left out of the
// resolution, which shifts the nodes after it: going to such a node and
// back, the Resolver still equals a full resolve (it once kept the indexes
// of the nodes' ends and panicked).
func TestResolverUnknownComponent(t *testing.T) {
	cat := mustDefault(t)
	d := &Design{SchemaVersion: SchemaVersion, Nodes: []Node{{ID: "a", Component: "kafka"}, {ID: "b", Component: "aws-lambda"}, {ID: "c", Component: "postgresql"}},
		Edges: []Edge{{From: "b", To: "c"}, {From: "a", To: "b"}}}
	r := NewResolver(cat)
	for i, comp := range []string{"kafka", "no-such-product", "kafka", "no-such-product"} {
		e := *d
		e.Nodes = slices.Clone(d.Nodes)
		e.Nodes[0].Component = comp
		if diff := resolutionDiff(r.Resolve(&e, nil), cat.ResolveWith(&e, nil)); diff != "" {
			t.Fatalf("step %d (a is %s): %s", i, comp, diff)
		}
	}
}

// resultsByID is what the Resolver kept for each node, by id.
func resultsByID(r *Resolver) map[string]*nodeResult {
	out := make(map[string]*nodeResult, len(r.ids))
	for i, id := range r.ids {
		if r.results[i] != nil {
			out[id] = r.results[i]
		}
	}
	return out
}
