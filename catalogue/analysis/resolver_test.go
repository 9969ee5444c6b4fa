package analysis

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// The Resolver's result, resolution and analysis, equals Resolve's after
// every step of long random edit sequences that change what the analysis
// reads (replication, acks, zones, entries, replicas, assumptions, edges,
// objectives) as well as what it does not.
func TestResolverMatchesResolve(t *testing.T) {
	cat := testCatalogue(t)
	for seed := uint64(1); seed <= 16; seed++ {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 11))
			d := startDesign(t, cat, rng)
			r := NewResolver(cat)
			applied, kept := 0, 0
			for step := 0; step < 250; step++ {
				next, what := edit(cat, d, rng)
				if errs := cat.Check(next); len(errs) > 0 {
					continue
				}
				d = next
				applied++
				lastRep := r.rep
				gotRes, gotRep := r.Resolve(d)
				if gotRep == lastRep {
					kept++
				}
				wantRes, wantRep := Resolve(cat, d)
				if !reflect.DeepEqual(gotRes, wantRes) {
					t.Fatalf("step %d (%s): the resolution differs from Resolve's", step, what)
				}
				if diff := reportDiff(gotRep, wantRep); diff != "" {
					t.Fatalf("step %d (%s): the analysis differs from Resolve's: %s", step, what, diff)
				}
			}
			if applied < 120 || kept == 0 || kept == applied {
				t.Fatalf("%d edits applied, the analysis kept after %d: the test exercises too little", applied, kept)
			}
		})
	}
}

// ResolveFirst, then Resolve, give Resolve's result after every step of
// random edit sequences; ResolveFirst alone gives it when it says it is done,
// and otherwise the catalogue's part of it (ResolveWith without the
// analysis's findings). Some steps are left without Resolve, as an editor
// leaves them when the next edit comes before the analysis.
func TestResolveFirstThenResolveMatchesResolve(t *testing.T) {
	cat := testCatalogue(t)
	for seed := uint64(1); seed <= 8; seed++ {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 23))
			d := startDesign(t, cat, rng)
			r := NewResolver(cat)
			done, deferred := 0, 0
			for step := 0; step < 200; step++ {
				next, what := edit(cat, d, rng)
				if errs := cat.Check(next); len(errs) > 0 {
					continue
				}
				d = next
				wantRes, wantRep := Resolve(cat, d)
				gotRes, gotRep, ok := r.ResolveFirst(d)
				if ok {
					done++
					if !reflect.DeepEqual(gotRes, wantRes) {
						t.Fatalf("step %d (%s): done, but the resolution differs from Resolve's", step, what)
					}
					if diff := reportDiff(gotRep, wantRep); diff != "" {
						t.Fatalf("step %d (%s): done, but the analysis differs from Resolve's: %s", step, what, diff)
					}
					continue
				}
				deferred++
				if gotRep != nil {
					t.Fatalf("step %d (%s): not done, yet a report", step, what)
				}
				if want := cat.ResolveWith(d, nil); !reflect.DeepEqual(gotRes, want) {
					t.Fatalf("step %d (%s): not done, and the resolution is not the catalogue's part", step, what)
				}
				if rng.IntN(3) == 0 {
					continue // the next edit came first
				}
				gotRes, gotRep = r.Resolve(d)
				if !reflect.DeepEqual(gotRes, wantRes) {
					t.Fatalf("step %d (%s): completed, the resolution differs from Resolve's", step, what)
				}
				if diff := reportDiff(gotRep, wantRep); diff != "" {
					t.Fatalf("step %d (%s): completed, the analysis differs from Resolve's: %s", step, what, diff)
				}
			}
			if done == 0 || deferred == 0 {
				t.Fatalf("%d steps done at once, %d deferred: the test exercises too little", done, deferred)
			}
		})
	}
}

// reportDiff compares what reports say (not how they are held).
func reportDiff(got, want *Report) string {
	for _, f := range []struct {
		name      string
		got, want any
	}{
		{"entries", got.Entries, want.Entries}, {"spofs", got.SPOFs, want.SPOFs}, {"losses", got.Losses, want.Losses},
		{"sinks", got.Sinks, want.Sinks}, {"durability", got.Durability, want.Durability},
		{"objectives", got.Objectives, want.Objectives}, {"skipped", got.Skipped, want.Skipped},
		{"violations", got.Violations, want.Violations},
	} {
		if !reflect.DeepEqual(f.got, f.want) {
			return fmt.Sprintf("%s: %+v, want %+v", f.name, f.got, f.want)
		}
	}
	for _, g := range want.g.d.Groups {
		gl, gok := got.Loss(g.ID)
		wl, wok := want.Loss(g.ID)
		if gok != wok || !reflect.DeepEqual(gl, wl) {
			return fmt.Sprintf("loss of %s: %+v, want %+v", g.ID, gl, wl)
		}
	}
	return ""
}

// analysed are the products the random designs use: kinds the analysis
// judges (replicated, zoned, stateful, event brokers) and some it does not.
var analysed = []string{"load-balancer", "api-gateway", "function", "relational-database", "nosql-database", "container-platform", "cache", "stream", "queue", "object-storage"}

func startDesign(t *testing.T, cat *catalogue.Catalogue, rng *rand.Rand) *catalogue.Design {
	d := &catalogue.Design{SchemaVersion: catalogue.SchemaVersion}
	d.Groups = []catalogue.Group{
		{ID: "r1", Boundary: "region"}, {ID: "z1", Boundary: "zone", In: "r1"}, {ID: "z2", Boundary: "zone", In: "r1"}, {ID: "r2", Boundary: "region"},
	}
	for i := 0; i < 24; i++ {
		n := catalogue.Node{ID: fmt.Sprintf("n%d", i), Component: pickComponent(cat, rng)}
		if i == 0 {
			n.Entry = true
		}
		if i%2 == 0 {
			n.In = []string{"z1", "z2", "r2"}[rng.IntN(3)]
		}
		d.Nodes = append(d.Nodes, n)
		if i > 0 {
			d.Edges = append(d.Edges, catalogue.Edge{From: d.Nodes[rng.IntN(i)].ID, To: n.ID})
		}
	}
	if errs := cat.Check(d); len(errs) > 0 {
		t.Fatal(errs)
	}
	return d
}

func pickComponent(cat *catalogue.Catalogue, rng *rand.Rand) string {
	kind := analysed[rng.IntN(len(analysed))]
	var ids []string
	for _, id := range cat.ComponentIDs() {
		if cat.Components[id].Kind == kind {
			ids = append(ids, id)
		}
	}
	return ids[rng.IntN(len(ids))]
}

// edit returns a copy of d with one random change (copy on write, as the
// editor's store makes them), and what it is.
func edit(cat *catalogue.Catalogue, old *catalogue.Design, rng *rand.Rand) (*catalogue.Design, string) {
	d := *old
	d.Nodes = slices.Clone(old.Nodes)
	d.Edges = slices.Clone(old.Edges)
	i := rng.IntN(len(d.Nodes))
	n := &d.Nodes[i]
	switch op := rng.IntN(14); {
	case op <= 5: // a property, most often
		comp := cat.Components[n.Component]
		p := comp.Schema[rng.IntN(len(comp.Schema))]
		if rng.IntN(2) == 0 {
			// Half the time one the analysis may read: its SLAs' and
			// durability facts' conditions, and the settings it judges.
			var judged []*catalogue.Property
			for _, q := range comp.Schema {
				if inConditions(comp, q.Name) || slices.Contains([]string{"replicationFactor", "acks", "minInsyncReplicas", "multiRegion", "multiZone", "replication", "highAvailability", "idempotentHandler", "delivery", "retriesOnFailure"}, q.Name) {
					judged = append(judged, q)
				}
			}
			if len(judged) > 0 {
				p = judged[rng.IntN(len(judged))]
			}
		}
		props := maps.Clone(n.Props)
		if props == nil {
			props = map[string]catalogue.Value{}
		}
		if _, set := props[p.Name]; set && rng.IntN(3) == 0 {
			delete(props, p.Name)
		} else {
			switch p.Type {
			case catalogue.TypeBoolean:
				props[p.Name] = catalogue.BoolValue(rng.IntN(2) == 0)
			case catalogue.TypeInteger:
				props[p.Name] = catalogue.IntValue(int64(1 + rng.IntN(5)))
			case catalogue.TypeEnum:
				props[p.Name] = catalogue.StringValue(p.Values[rng.IntN(len(p.Values))])
			default:
				props[p.Name] = catalogue.StringValue("x")
			}
		}
		n.Props = props
		return &d, "set " + n.ID + "." + p.Name
	case op == 6:
		n.Entry = !n.Entry
		return &d, "entry " + n.ID
	case op == 7:
		j := rng.IntN(len(d.Nodes))
		n.ReplicaOf = ""
		if j != i && cat.Components[d.Nodes[j].Component].Kind == cat.Components[n.Component].Kind {
			n.ReplicaOf = d.Nodes[j].ID
		}
		return &d, "replica " + n.ID
	case op == 8:
		n.In = []string{"", "z1", "z2", "r1", "r2"}[rng.IntN(5)]
		return &d, "move " + n.ID
	case op == 9:
		n.Assume.Availability = []float64{0, 99.9, 99.99}[rng.IntN(3)]
		return &d, "assume " + n.ID
	case op == 10:
		j := rng.IntN(len(d.Nodes))
		if k := slices.IndexFunc(d.Edges, func(e catalogue.Edge) bool { return e.From == n.ID && e.To == d.Nodes[j].ID }); k >= 0 {
			d.Edges = slices.Delete(d.Edges, k, k+1)
			return &d, "disconnect " + n.ID
		}
		d.Edges = append(d.Edges, catalogue.Edge{From: n.ID, To: d.Nodes[j].ID, Flow: []catalogue.Flow{"", catalogue.FlowRequest, catalogue.FlowEvent, catalogue.FlowData}[rng.IntN(4)]})
		return &d, "connect " + n.ID
	case op == 11:
		n.NotReplica = !n.NotReplica
		if n.NotReplica {
			n.ReplicaOf = ""
		}
		return &d, "not a replica " + n.ID
	case op == 12:
		n.Zones, n.ZoneCount = [][]string{nil, {"z1", "z2"}, {"z2"}}[rng.IntN(3)], 0
		if n.Zones == nil && rng.IntN(2) == 0 {
			n.ZoneCount = 2
		}
		return &d, "zones " + n.ID
	default:
		d.Objectives.Availability = []float64{0, 99.9, 99.95}[rng.IntN(3)]
		return &d, "objective"
	}
}

// The properties the analysis read of a node are known by name, past the
// 63 names that have a bit of their own too: the rest share one, which
// says yes for any of them (a needless analysis, never a stale one).
func TestReadsPastSixtyThreeNames(t *testing.T) {
	g := &graph{cat: testCatalogue(t), nodes: []*catalogue.ResolvedNode{{ID: "fn", Component: "aws-lambda"}, {ID: "other", Component: "aws-lambda"}}}
	for k := range 70 {
		g.value(0, "p"+strconv.Itoa(k))
	}
	for k := range 70 {
		if name := "p" + strconv.Itoa(k); !g.dependsOn(0, name) {
			t.Errorf("%s was read, yet dependsOn says no", name)
		}
	}
	if !g.dependsOn(0, "never") {
		t.Errorf("past 63 names, a name not read shares the last bit and must say yes")
	}
	if g.dependsOn(1, "p3") || g.dependsOn(1, "never") {
		t.Errorf("node other read nothing, yet dependsOn says yes")
	}
}
