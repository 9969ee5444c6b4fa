package analysis

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// Replica sets nested 40 deep, each of 6 copies that all call the next
// set's: the walk stops at its budget and nesting bound, taking the rest in
// series, so the figure is a lower one, and it ends.
func TestDeepNesting(t *testing.T) {
	c := testCatalogue(t)
	d := &catalogue.Design{}
	d.Nodes = append(d.Nodes, catalogue.Node{ID: "api", Component: "aws-http-api"})
	prev := []string{"api"}
	for level := range 40 {
		var cur []string
		for k := range 6 {
			id := "n" + strconv.Itoa(level) + "-" + strconv.Itoa(k)
			n := catalogue.Node{ID: id, Component: "aws-lambda"}
			if k > 0 {
				n.ReplicaOf = "n" + strconv.Itoa(level) + "-0"
			}
			d.Nodes = append(d.Nodes, n)
			cur = append(cur, id)
		}
		for _, p := range prev {
			for _, q := range cur {
				d.Edges = append(d.Edges, catalogue.Edge{From: p, To: q})
			}
		}
		prev = cur
	}
	_, r := Resolve(c, d)
	if len(r.Entries) != 1 {
		t.Fatalf("entries %+v", r.Entries)
	}
	// Every level has a copy up with near certainty: the figure lies
	// between the API's alone and the product of all 240 nodes in series.
	if a := r.Entries[0].Availability; a > 99.95 || a < 100*pow(0.9995, 241) {
		t.Errorf("availability %v", a)
	}
}

func pow(x float64, n int) float64 { return math.Pow(x, float64(n)) }

// When copies share what they need only in part, the figure is a lower one,
// said so, never more than the truth (the cases a review found overstated).
func TestPartlySharedIsALowerFigure(t *testing.T) {
	for _, tc := range []struct {
		name, design string
		truth        float64
	}{
		{"a shared node inside one copy's choice", `nodes:
  - {id: e, component: aws-http-api, assume: {availability: 100}}
  - {id: r1, component: aws-lambda, assume: {availability: 100}}
  - {id: r2, component: aws-lambda, replicaOf: r1, assume: {availability: 100}}
  - {id: x, component: aws-lambda, assume: {availability: 50}}
  - {id: w, component: aws-lambda, assume: {availability: 50}}
  - {id: k1, component: aws-lambda, assume: {availability: 100}}
  - {id: k2, component: aws-lambda, replicaOf: k1, assume: {availability: 100}}
edges:
  - {from: e, to: r1}
  - {from: e, to: r2}
  - {from: r1, to: x}
  - {from: r2, to: k1}
  - {from: r2, to: k2}
  - {from: k1, to: x}
  - {from: k2, to: w}
`, 75},
		{"seven copies, six sharing one node", sevenCopies(), 75},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r := analyse(t, tc.design)
			e := entry(t, r, "e")
			if e.Availability > tc.truth+1e-9 || !e.Approximate || e.Bound {
				t.Errorf("%v %% (approximate %v, bound %v), truth %v: %s", e.Availability, e.Approximate, e.Bound, tc.truth, e.Describe())
			}
		})
	}
}

func sevenCopies() string {
	var b strings.Builder
	b.WriteString("nodes:\n  - {id: e, component: aws-http-api, assume: {availability: 100}}\n")
	b.WriteString("  - {id: x, component: aws-lambda, assume: {availability: 50}}\n  - {id: w, component: aws-lambda, assume: {availability: 50}}\n")
	for i := 1; i <= 7; i++ {
		b.WriteString("  - {id: r" + strconv.Itoa(i) + ", component: aws-lambda, assume: {availability: 100}")
		if i > 1 {
			b.WriteString(", replicaOf: r1")
		}
		b.WriteString("}\n")
	}
	b.WriteString("edges:\n")
	for i := 1; i <= 7; i++ {
		r := "r" + strconv.Itoa(i)
		b.WriteString("  - {from: e, to: " + r + "}\n")
		if i < 7 {
			b.WriteString("  - {from: " + r + ", to: x}\n")
		} else {
			b.WriteString("  - {from: " + r + ", to: w}\n")
		}
	}
	return b.String()
}

// Past the nesting bound the walk takes copies in series: the entry says it
// was cut short, and no single point of failure or zone loss is claimed
// from it.
func TestTruncatedWalkClaimsNothing(t *testing.T) {
	var b strings.Builder
	b.WriteString("groups:\n  - {id: eu, boundary: region}\n  - {id: za, boundary: zone, in: eu}\n  - {id: zb, boundary: zone, in: eu}\nnodes:\n  - {id: e, component: aws-http-api}\n")
	prev := "e"
	var edges strings.Builder
	for l := 1; l <= 17; l++ {
		a, bb, c := "a"+strconv.Itoa(l), "b"+strconv.Itoa(l), "c"+strconv.Itoa(l)
		ina, inb := "", ""
		if l == 17 {
			ina, inb = ", in: za", ", in: zb"
		}
		b.WriteString("  - {id: " + a + ", component: aws-lambda" + ina + "}\n  - {id: " + bb + ", component: aws-lambda, replicaOf: " + a + inb + "}\n  - {id: " + c + ", component: aws-lambda}\n")
		edges.WriteString("  - {from: " + prev + ", to: " + a + "}\n  - {from: " + prev + ", to: " + bb + "}\n  - {from: " + a + ", to: " + c + "}\n  - {from: " + bb + ", to: " + c + "}\n")
		prev = c
	}
	_, r := analyse(t, b.String()+"edges:\n"+edges.String())
	e := entry(t, r, "e")
	if !e.Truncated || !e.Approximate {
		t.Errorf("entry %+v", e)
	}
	for _, s := range r.SPOFs {
		t.Errorf("claimed %+v", s)
	}
}

// An entry whose every part, replicas included, lacks a figure says so; one
// with a figure anywhere does not.
func TestNoFigure(t *testing.T) {
	src := `nodes:
  - {id: api, component: service}
  - {id: r1, component: service}
  - {id: r2, component: service, replicaOf: r1%s}
edges:
  - {from: api, to: r1}
  - {from: api, to: r2}
`
	_, r := analyse(t, strings.Replace(src, "%s", "", 1))
	if e := entry(t, r, "api"); !e.NoFigure() {
		t.Errorf("no figure anywhere, yet %+v", e)
	}
	_, r = analyse(t, strings.Replace(src, "%s", ", assume: {availability: 99}", 1))
	if e := entry(t, r, "api"); e.NoFigure() {
		t.Errorf("r2 has a figure, yet %+v", e)
	}
}

// hostileAnalyses are designs at the node limit whose shape costs the
// analysis the most: one chain of 50,000 nodes; 25,000 replica pairs in a
// chain (each pair's copies both called by the pair before), each of
// components with a published SLA and of ones without (whose nodes every
// entry lists as unknown); a chain of 50,000 entries with objectives, as
// many walked as the budget allows; one node calling 49,999; and a chain
// through 49,999 zones of one region, each zone's loss cutting the one
// entry. Then the pools: a balancer over 49,999 targets of one component,
// one pool; and 12,500 pairs of balancers in a chain (the edge limit's worth), each pair a pool of
// the pair before (pools nested as deep as the walk allows).
func hostileAnalyses() map[string][]byte {
	const n = catalogue.MaxNodes
	id := func(p string, i int) string { return p + strconv.Itoa(i) }
	out := map[string][]byte{}
	for _, comp := range []string{"aws-lambda", "service"} {
		var chain, pairs strings.Builder
		chain.WriteString("nodes:\n")
		for i := range n {
			chain.WriteString("  - {id: " + id("n", i) + ", component: " + comp + "}\n")
		}
		chain.WriteString("edges:\n")
		for i := 1; i < n; i++ {
			chain.WriteString("  - {from: " + id("n", i-1) + ", to: " + id("n", i) + "}\n")
		}
		pairs.WriteString("nodes:\n")
		for i := range n / 2 {
			pairs.WriteString("  - {id: " + id("a", i) + ", component: " + comp + "}\n  - {id: " + id("b", i) + ", component: " + comp + ", replicaOf: " + id("a", i) + "}\n")
		}
		pairs.WriteString("edges:\n")
		for i := 1; i < n/2; i++ {
			pairs.WriteString("  - {from: " + id("a", i-1) + ", to: " + id("a", i) + "}\n  - {from: " + id("a", i-1) + ", to: " + id("b", i) + "}\n")
		}
		out["chain-"+comp] = []byte(chain.String())
		if comp == "service" {
			out["chain-of-entries"] = []byte(strings.ReplaceAll(chain.String(), "component: service}", "component: service, objectives: {availability: 99.9}}"))
		}
		out["pairs-"+comp] = []byte(pairs.String())
	}
	var star, zoned strings.Builder
	star.WriteString("nodes:\n  - {id: hub, component: aws-http-api}\n")
	for i := 1; i < n; i++ {
		star.WriteString("  - {id: " + id("n", i) + ", component: aws-lambda}\n")
	}
	star.WriteString("edges:\n")
	for i := 1; i < n; i++ {
		star.WriteString("  - {from: hub, to: " + id("n", i) + "}\n")
	}
	out["star"] = []byte(star.String())
	zoned.WriteString("groups:\n  - {id: eu, boundary: region}\n")
	for i := range n - 1 {
		zoned.WriteString("  - {id: " + id("z", i) + ", boundary: zone, in: eu}\n")
	}
	zoned.WriteString("nodes:\n")
	for i := range n - 1 {
		zoned.WriteString("  - {id: " + id("n", i) + ", component: aws-lambda, in: " + id("z", i) + "}\n")
	}
	zoned.WriteString("edges:\n")
	for i := 1; i < n-1; i++ {
		zoned.WriteString("  - {from: " + id("n", i-1) + ", to: " + id("n", i) + "}\n")
	}
	out["zoned-chain"] = []byte(zoned.String())
	var pool, poolPairs strings.Builder
	pool.WriteString("nodes:\n  - {id: lb, component: aws-alb}\n")
	for i := 1; i < n; i++ {
		pool.WriteString("  - {id: " + id("n", i) + ", component: aws-ecs}\n")
	}
	pool.WriteString("edges:\n")
	for i := 1; i < n; i++ {
		pool.WriteString("  - {from: lb, to: " + id("n", i) + "}\n")
	}
	out["pool-star"] = []byte(pool.String())
	poolPairs.WriteString("nodes:\n")
	for i := range n / 4 {
		poolPairs.WriteString("  - {id: " + id("a", i) + ", component: aws-alb}\n  - {id: " + id("b", i) + ", component: aws-alb}\n")
	}
	poolPairs.WriteString("edges:\n")
	for i := 1; i < n/4; i++ {
		for _, from := range []string{id("a", i-1), id("b", i-1)} {
			poolPairs.WriteString("  - {from: " + from + ", to: " + id("a", i) + "}\n  - {from: " + from + ", to: " + id("b", i) + "}\n")
		}
	}
	out["pool-pairs"] = []byte(poolPairs.String())
	return out
}

// BenchmarkHostileAnalysis does what `designer check` and `designer
// analyze` do with a design at the node limit: read it, resolve it and
// analyse it.
func BenchmarkHostileAnalysis(b *testing.B) {
	c := testCatalogue(b)
	designs := hostileAnalyses()
	for _, name := range slices.Sorted(maps.Keys(designs)) {
		data := designs[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				d, errs := c.ReadDesign(name+".yaml", data)
				if len(errs) > 0 {
					b.Fatal(errs)
				}
				Resolve(c, d)
			}
		})
	}
}
