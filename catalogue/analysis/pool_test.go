package analysis

import (
	"slices"
	"strings"
	"testing"
)

// spofNames lists a report's single points of failure, a node's id or a
// group's.
func spofNames(r *Report) []string {
	var out []string
	for _, s := range r.SPOFs {
		out = append(out, s.Node+s.Group)
	}
	return out
}

// redundant returns the entry's redundant factors, outermost.
func redundant(e Entry) []Factor {
	var out []Factor
	for _, f := range e.Factors {
		if f.Source == SourceRedundant {
			out = append(out, f)
		}
	}
	return out
}

// cutBy reports whether the joint failure of the nodes cuts entry k, from
// the places of the nodes in the entries' trees, as a zone's loss does.
func cutBy(r *Report, k int, nodes ...string) bool {
	r.index()
	var at []place
	for _, id := range nodes {
		for _, p := range r.places[r.g.index[id]] {
			if p.entry == int32(k) {
				at = append(at, p)
			}
		}
	}
	r.outage.reset(at)
	return r.outage.down[r.trees[k]]
}

// A CDN in front of an application load balancer over an app service in
// each of two zones, both on a Multi-AZ database (issue 38): the two copies
// are a pool, one factor, so neither is a single point of failure, and
// losing one zone cuts nothing; losing both does. The database, which every
// member needs, is still needed in series.
func TestPoolBehindABalancer(t *testing.T) {
	_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: az-a, boundary: zone, in: eu}
  - {id: az-b, boundary: zone, in: eu}
nodes:
  - {id: cdn, component: aws-cloudfront}
  - {id: alb, component: aws-alb, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a, assume: {availability: 99.9}}
  - {id: app-b, component: aws-ecs, in: az-b, assume: {availability: 99.9}}
  - {id: db, component: aws-rds-postgresql, in: eu, props: {highAvailability: true}}
edges:
  - {from: cdn, to: alb}
  - {from: alb, to: app-a}
  - {from: alb, to: app-b}
  - {from: app-a, to: db}
  - {from: app-b, to: db}
`)
	e := entry(t, r, "cdn")
	// cdn 99.9 × alb 99.99 × db 99.95 × (1 − 0.001²)
	want := 99.9 * 99.99 * 99.95 / 1e4 * (1 - 0.001*0.001)
	if !near(e.Availability, want) {
		t.Errorf("availability %v, want %v: %s", e.Availability, want, e.Describe())
	}
	var got []string
	for _, f := range e.Factors {
		got = append(got, f.Node+strings.Join(f.Nodes, "|")+":"+f.Source)
	}
	if want := []string{"cdn:sla", "alb:sla", "db:sla", "app-a|app-b:redundant"}; !slices.Equal(got, want) {
		t.Errorf("factors %v, want %v", got, want)
	}
	pools := redundant(e)
	if len(pools) != 1 {
		t.Fatalf("redundant factors %+v, want one", pools)
	}
	if pool := pools[0]; pool.Pool != "alb" || !strings.Contains(pool.Note, "a pool behind alb") {
		t.Errorf("the pool's factor: balancer %q, note %q", pool.Pool, pool.Note)
	}
	if d := e.Describe(); !strings.Contains(d, "any of app-a, app-b behind alb") {
		t.Errorf("derivation %q does not name the pool", d)
	}
	if got, want := spofNames(r), []string{"eu"}; !slices.Equal(got, want) {
		t.Errorf("SPOFs %v, want %v", got, want)
	}
	for _, zone := range []string{"az-a", "az-b"} {
		if l, _ := r.Loss(zone); len(l.Cuts) != 0 {
			t.Errorf("losing %s cuts %v", zone, l.Cuts)
		}
	}
	if !cutBy(r, 0, "app-a", "app-b") {
		t.Error("losing both members does not cut the entry")
	}
	if cutBy(r, 0, "app-a") {
		t.Error("losing one member cuts the entry")
	}
}

// Three EC2 instances over three zones behind an ALB (issue 38): none is a
// single point of failure, and no zone's loss cuts the balancer.
func TestPoolOfThreeZones(t *testing.T) {
	_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: z1, boundary: zone, in: eu}
  - {id: z2, boundary: zone, in: eu}
  - {id: z3, boundary: zone, in: eu}
nodes:
  - {id: alb, component: aws-alb, in: eu}
  - {id: vm1, component: aws-ec2, in: z1}
  - {id: vm2, component: aws-ec2, in: z2}
  - {id: vm3, component: aws-ec2, in: z3}
edges:
  - {from: alb, to: vm1}
  - {from: alb, to: vm2}
  - {from: alb, to: vm3}
`)
	if got, want := spofNames(r), []string{"eu"}; !slices.Equal(got, want) {
		t.Errorf("SPOFs %v, want %v", got, want)
	}
	for _, zone := range []string{"z1", "z2", "z3"} {
		if l, _ := r.Loss(zone); len(l.Cuts) != 0 {
			t.Errorf("losing %s cuts %v", zone, l.Cuts)
		}
	}
	if f := redundant(entry(t, r, "alb")); len(f) != 1 || strings.Join(f[0].Nodes, ",") != "vm1,vm2,vm3" {
		t.Errorf("redundant factors %+v, want one over vm1, vm2, vm3", f)
	}
}

// What is not a pool stays needs in series, each its own single point of
// failure: two services of different components behind one balancer (path
// routing), copies behind a balancer that does not check their health (it
// keeps sending to one that is down), two copies called by a kind that does
// not distribute (a function calling both), and one target alone.
func TestNotAPool(t *testing.T) {
	for _, tc := range []struct {
		name, nodes, edges string
		spofs              []string
	}{
		{
			name: "path routing",
			nodes: `  - {id: lb, component: aws-alb, in: eu}
  - {id: orders-svc, component: aws-ecs, in: az-a}
  - {id: users-svc, component: aws-lambda, in: az-b}
`,
			edges: "  - {from: lb, to: orders-svc}\n  - {from: lb, to: users-svc}\n",
			spofs: []string{"orders-svc", "users-svc", "eu", "az-a", "az-b"},
		},
		{
			name: "path routing to two services of one product, each with its own store",
			nodes: `  - {id: lb, component: aws-alb, in: eu}
  - {id: orders-svc, component: aws-ecs, in: az-a}
  - {id: users-svc, component: aws-ecs, in: az-b}
  - {id: orders-db, component: aws-dynamodb, in: eu}
  - {id: users-db, component: aws-dynamodb, in: eu}
`,
			edges: "  - {from: lb, to: orders-svc}\n  - {from: lb, to: users-svc}\n  - {from: orders-svc, to: orders-db}\n  - {from: users-svc, to: users-db}\n",
			spofs: []string{"orders-svc", "users-svc", "eu", "az-a", "az-b"},
		},
		{
			name: "a balancer without health checks",
			nodes: `  - {id: lb, component: aws-alb, in: eu, props: {healthChecks: false}}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-b}
`,
			edges: "  - {from: lb, to: app-a}\n  - {from: lb, to: app-b}\n",
			spofs: []string{"app-a", "app-b", "eu", "az-a", "az-b"},
		},
		{
			name: "a function is no balancer, and the design says its callees are no copies",
			nodes: `  - {id: fn, component: aws-lambda, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-b, notReplica: true}
`,
			edges: "  - {from: fn, to: app-a}\n  - {from: fn, to: app-b}\n",
			spofs: []string{"app-a", "app-b", "eu", "az-a", "az-b"},
		},
		{
			name: "one target",
			nodes: `  - {id: lb, component: aws-alb, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a}
`,
			edges: "  - {from: lb, to: app-a}\n",
			spofs: []string{"app-a", "eu", "az-a"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: az-a, boundary: zone, in: eu}
  - {id: az-b, boundary: zone, in: eu}
nodes:
`+tc.nodes+"edges:\n"+tc.edges)
			if got := spofNames(r); !slices.Equal(got, tc.spofs) {
				t.Errorf("SPOFs %v, want %v", got, tc.spofs)
			}
			if f := redundant(r.Entries[0]); len(f) != 0 {
				t.Errorf("redundant factors %+v, want none", f)
			}
		})
	}
}

// Copies joined by replicaOf behind a balancer are one choice, counted
// once, as they were; a pool that holds a replica set and a member more is
// one choice over all of them.
func TestPoolAndReplicaSet(t *testing.T) {
	for _, tc := range []struct {
		name, nodes, edges string
		members            string
		want               float64
		note               string
	}{
		{
			name: "the pool is the replica set",
			nodes: `  - {id: a1, component: service, assume: {availability: 99}}
  - {id: a2, component: service, assume: {availability: 99}, replicaOf: a1}
`,
			edges:   "  - {from: lb, to: a1}\n  - {from: lb, to: a2}\n",
			members: "a1,a2", want: 99.99 * (1 - 0.01*0.01),
			note: "any one of a1, a2 serves",
		},
		{
			name: "a replica set and one more",
			nodes: `  - {id: a1, component: service, assume: {availability: 99}}
  - {id: a2, component: service, assume: {availability: 99}, replicaOf: a1}
  - {id: a3, component: service, assume: {availability: 99}}
`,
			edges:   "  - {from: lb, to: a1}\n  - {from: lb, to: a2}\n  - {from: lb, to: a3}\n",
			members: "a1,a2,a3", want: 99.99 * (1 - 0.01*0.01*0.01),
			note: "a pool behind lb",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r := analyse(t, "nodes:\n  - {id: lb, component: aws-alb}\n"+tc.nodes+"edges:\n"+tc.edges)
			e := entry(t, r, "lb")
			if !near(e.Availability, tc.want) {
				t.Errorf("availability %v, want %v: %s", e.Availability, tc.want, e.Describe())
			}
			f := redundant(e)
			if len(f) != 1 || strings.Join(f[0].Nodes, ",") != tc.members || !strings.Contains(f[0].Note, tc.note) {
				t.Fatalf("redundant factors %+v, want one over %s noting %q", f, tc.members, tc.note)
			}
			for _, br := range f[0].Branches {
				if len(br) != 1 || br[0].Source == SourceRedundant {
					t.Errorf("a branch %+v holds more than its copy", br)
				}
			}
		})
	}
}

// A DNS record distributes only with a failover, weighted or latency policy
// and health checks: then a balancer in each of two regions is a pool, and
// losing one region cuts nothing; a simple record, or one without health
// checks, is no pool, and each balancer is needed.
func TestDNSPool(t *testing.T) {
	for _, tc := range []struct {
		props string
		pool  bool
	}{
		{"{routingPolicy: failover, healthChecks: true}", true},
		{"{routingPolicy: weighted, healthChecks: true}", true},
		{"{routingPolicy: failover, healthChecks: false}", false},
		{"{routingPolicy: simple, healthChecks: true}", false},
	} {
		t.Run(tc.props, func(t *testing.T) {
			_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: us, boundary: region}
nodes:
  - {id: dns, component: aws-route53, props: `+tc.props+`}
  - {id: alb-eu, component: aws-alb, in: eu}
  - {id: alb-us, component: aws-alb, in: us}
edges:
  - {from: dns, to: alb-eu}
  - {from: dns, to: alb-us}
`)
			f := redundant(entry(t, r, "dns"))
			if got := len(f) == 1 && f[0].Pool == "dns"; got != tc.pool {
				t.Errorf("a pool behind dns: %v, want %v (%+v)", got, tc.pool, f)
			}
			if l, _ := r.Loss("eu"); (len(l.Cuts) == 0) != tc.pool {
				t.Errorf("losing eu cuts %v", l.Cuts)
			}
		})
	}
}
