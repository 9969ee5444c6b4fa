package analysis

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// threeZones is a region with three zones, for the tests below.
const threeZones = `groups:
  - {id: eu, boundary: region}
  - {id: az-a, boundary: zone, in: eu}
  - {id: az-b, boundary: zone, in: eu}
  - {id: az-c, boundary: zone, in: eu}
nodes:
`

// The derivation says why a choice's members were taken as copies: a pool
// behind its balancer, copies inferred from what the design draws, or
// copies the design states.
func TestCopiesSayWhy(t *testing.T) {
	for _, tc := range []struct {
		name, nodes, edges string
		copies             string
		note               string
	}{
		{
			name: "a pool behind a balancer",
			nodes: `  - {id: alb, component: aws-alb, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-b}
  - {id: db, component: aws-dynamodb, in: eu}
`,
			edges:  "  - {from: alb, to: app-a}\n  - {from: alb, to: app-b}\n  - {from: app-a, to: db}\n  - {from: app-b, to: db}\n",
			copies: CopiesPool,
			note:   "any one of app-a, app-b serves (a pool behind alb: same component (aws-ecs) and the same callees, in zones az-a and az-b",
		},
		{
			name: "copies with no balancer in front",
			nodes: `  - {id: fn, component: aws-lambda, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-b}
`,
			edges:  "  - {from: fn, to: app-a}\n  - {from: fn, to: app-b}\n",
			copies: CopiesInferred,
			note:   "any one of app-a, app-b serves (taken as copies: same component (aws-ecs), same callers and callees, in zones az-a and az-b; notReplica on a node says otherwise)",
		},
		{
			name: "copies the design states",
			nodes: `  - {id: fn, component: aws-lambda, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-a, replicaOf: app-a}
`,
			edges:  "  - {from: fn, to: app-a}\n  - {from: fn, to: app-b}\n",
			copies: CopiesStated,
			note:   "any one of app-a, app-b serves (copies by replicaOf)",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r := analyse(t, threeZones+tc.nodes+"edges:\n"+tc.edges)
			f := redundant(r.Entries[0])
			if len(f) != 1 {
				t.Fatalf("redundant factors %+v, want one", f)
			}
			if f[0].Copies != tc.copies || !strings.HasPrefix(f[0].Note, tc.note) {
				t.Errorf("copies %q, note %q\nwant %q, %q", f[0].Copies, f[0].Note, tc.copies, tc.note)
			}
			for _, s := range r.SPOFs {
				if s.Node == "app-a" || s.Node == "app-b" {
					t.Errorf("%s is a single point of failure: %s", s.Node, s.Because)
				}
			}
		})
	}
}

// A balancer that does not check its targets' health keeps sending to one
// that is down: inferred copies behind it are needed each. Copies the
// design states stay its word.
func TestBalancerWithoutHealthChecksNeedsEachCopy(t *testing.T) {
	_, r := analyse(t, threeZones+`  - {id: lb, component: aws-alb, in: eu, props: {healthChecks: false}}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-b}
edges:
  - {from: lb, to: app-a}
  - {from: lb, to: app-b}
`)
	if got := spofNames(r); !slices.Equal(got, []string{"app-a", "app-b", "eu", "az-a", "az-b"}) {
		t.Errorf("SPOFs %v", got)
	}
}

// A node that runs in several zones (an Auto Scaling group over three) is
// no single point of failure for its zones: a zone's loss takes a share of
// it, and the region's loss takes it whole. Named zones, a count and a
// multiZone node in a region that draws its zones read alike.
func TestNodeInSeveralZones(t *testing.T) {
	for _, tc := range []struct {
		name, asg string
		shares    bool // the zone's loss lists asg among its shares
	}{
		{"zones named", "{id: asg, component: aws-ec2-auto-scaling, in: eu, zones: [az-a, az-b, az-c], props: {instances: 3}}", true},
		{"zones named, drawn in one of them", "{id: asg, component: aws-ec2-auto-scaling, in: az-a, zones: [az-a, az-b], props: {instances: 2}}", true},
		{"zones counted, as many as the region draws", "{id: asg, component: aws-ec2-auto-scaling, in: eu, zones: 3, props: {instances: 3}}", true},
		{"zones counted, fewer than the region draws", "{id: asg, component: aws-ec2-auto-scaling, in: eu, zones: 2, props: {instances: 2}}", false},
		{"multiZone, a regional service", "{id: asg, component: aws-ec2-auto-scaling, in: eu, props: {multiZone: true, instances: 3}}", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r := analyse(t, threeZones+`  - {id: alb, component: aws-alb, in: eu}
  - `+tc.asg+`
  - {id: db, component: aws-dynamodb, in: eu}
edges:
  - {from: alb, to: asg}
  - {from: asg, to: db}
`)
			for _, s := range r.SPOFs {
				if s.Node == "asg" || s.Group == "az-a" {
					t.Errorf("SPOF %+v", s)
				}
			}
			l, ok := r.Loss("az-a")
			if !ok {
				t.Fatal("no zone az-a")
			}
			if len(l.Cuts) != 0 || slices.Contains(l.Nodes, "asg") {
				t.Errorf("losing az-a: %+v", l)
			}
			if got := slices.Contains(l.Shares, "asg"); got != tc.shares {
				t.Errorf("losing az-a takes a share of asg: %v, want %v (%+v)", got, tc.shares, l)
			}
			if l, _ := r.Loss("eu"); !slices.Contains(l.Nodes, "asg") || !slices.Contains(l.Cuts, "alb") {
				t.Errorf("losing the region: %+v", l)
			}
		})
	}
}

// CopiesOf tells the inspector how a node is counted with others.
func TestCopiesOf(t *testing.T) {
	_, r := analyse(t, threeZones+`  - {id: alb, component: aws-alb, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-b}
  - {id: fn, component: aws-lambda, in: eu}
  - {id: w-a, component: aws-ecs, in: az-a}
  - {id: w-b, component: aws-ecs, in: az-c}
  - {id: s-a, component: aws-ecs, in: az-a}
  - {id: s-b, component: aws-ecs, in: az-a, replicaOf: s-a}
edges:
  - {from: alb, to: app-a}
  - {from: alb, to: app-b}
  - {from: fn, to: w-a}
  - {from: fn, to: w-b}
  - {from: fn, to: s-a}
  - {from: fn, to: s-b}
`)
	for id, want := range map[string][]Copies{
		"app-a": {{Peers: []string{"app-b"}, How: CopiesPool, Pool: "alb", Why: "same component (aws-ecs) and the same callees, in zones az-a and az-b"}},
		"w-b":   {{Peers: []string{"w-a"}, How: CopiesInferred, Why: "same component (aws-ecs), same callers and callees, in zones az-a and az-c"}},
		"s-a":   {{Peers: []string{"s-b"}, How: CopiesStated}},
		"fn":    nil,
		"none":  nil,
	} {
		if got := r.CopiesOf(id); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", id, got, want)
		}
	}
}

// EC2's region-level SLA (instances in two or more zones) applies to a pool
// of instances over zones, capping what their instance-level figures
// composed as independent would say, and to one node that runs in several
// zones; an instance in one zone has the instance-level figure, and a pool
// whose figures the design assumes keeps the design's word.
func TestRegionLevelSLA(t *testing.T) {
	pool := func(assume string) string {
		return threeZones + `  - {id: alb, component: aws-alb, in: eu, entry: true}
  - {id: web-a, component: aws-ec2, in: az-a` + assume + `}
  - {id: web-b, component: aws-ec2, in: az-b}
  - {id: web-c, component: aws-ec2, in: az-c}
edges:
  - {from: alb, to: web-a}
  - {from: alb, to: web-b}
  - {from: alb, to: web-c}
`
	}
	_, r := analyse(t, pool(""))
	f := redundant(r.Entries[0])
	if len(f) != 1 || f[0].Value != 99.99 || !strings.Contains(f[0].Note, "at most 99.99 %, aws-ec2's region-level SLA (in two or more zones)") {
		t.Errorf("the pool: %+v", f)
	}
	for _, br := range f[0].Branches {
		if br[0].Value != 99.5 || br[0].Source != SourceSLA {
			t.Errorf("an instance in one zone: %+v, want the instance-level 99.5 %%", br[0])
		}
	}
	if got := r.Entries[0].Availability; got != 99.980001 {
		t.Errorf("the entry: %v %%, want alb 99.99 × the pool's 99.99", got)
	}
	_, r = analyse(t, pool(", assume: {availability: 99}"))
	if f := redundant(r.Entries[0]); len(f) != 1 || f[0].Value <= 99.99 || strings.Contains(f[0].Note, "region-level") {
		t.Errorf("a member assumed: %+v", f)
	}
	_, r = analyse(t, threeZones+`  - {id: alb, component: aws-alb, in: eu, entry: true}
  - {id: asg, component: aws-ec2, in: eu, zones: [az-a, az-b], props: {instances: 2}}
edges:
  - {from: alb, to: asg}
`)
	for _, f := range r.Entries[0].Factors {
		if f.Node == "asg" && (f.Value != 99.99 || !strings.Contains(f.Note, "in two or more zones")) {
			t.Errorf("a node in two zones: %+v", f)
		}
	}
}

// A node that runs in two zones is cut by losing both: the pair of zones is
// a cut set, and neither zone alone is.
func TestCutSetsOfANodeInSeveralZones(t *testing.T) {
	_, r := analyse(t, threeZones+`  - {id: alb, component: aws-alb, in: eu, entry: true}
  - {id: asg, component: aws-ec2-auto-scaling, in: eu, zones: [az-a, az-b], props: {instances: 2}}
edges:
  - {from: alb, to: asg}
`)
	var got []string
	for _, s := range r.CutSets[0].Sets {
		got = append(got, strings.Join(append(s.Nodes, s.Groups...), "+"))
	}
	if !slices.Equal(got, []string{"alb", "asg", "eu", "az-a+az-b"}) {
		t.Errorf("cut sets %v", got)
	}
}

// The region-level SLA is for instances in two or more zones of one
// region: copies in one zone of each of two regions are not capped by it.
// A virtual machine of one instance runs in one zone, whatever zones it
// lists, and one zone listed is where the node runs.
func TestZonesCountedRight(t *testing.T) {
	_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: eu-a, boundary: zone, in: eu}
  - {id: us, boundary: region}
  - {id: us-a, boundary: zone, in: us}
nodes:
  - {id: dns, component: aws-route53, entry: true, props: {routingPolicy: failover, healthChecks: true}}
  - {id: web-eu, component: aws-ec2, in: eu-a}
  - {id: web-us, component: aws-ec2, in: us-a}
edges:
  - {from: dns, to: web-eu}
  - {from: dns, to: web-us}
`)
	if f := redundant(r.Entries[0]); len(f) != 1 || strings.Contains(f[0].Note, "region-level") {
		t.Errorf("copies over two regions: %+v", f)
	}
	_, r = analyse(t, threeZones+`  - {id: alb, component: aws-alb, in: eu, entry: true}
  - {id: vm, component: aws-ec2, in: eu, zones: [az-a, az-b]}
  - {id: one, component: aws-ecs, in: eu, zones: [az-c]}
edges:
  - {from: alb, to: vm}
  - {from: alb, to: one}
`)
	for _, f := range r.Entries[0].Factors {
		if f.Node == "vm" && (f.Value != 99.5 || strings.Contains(f.Note, "zones")) {
			t.Errorf("one instance listing two zones: %+v", f)
		}
	}
	if l, _ := r.Loss("az-a"); len(l.Shares) != 0 || slices.Contains(l.Nodes, "vm") {
		t.Errorf("losing az-a: %+v (vm runs in one of its zones, not known which)", l)
	}
	if l, _ := r.Loss("az-c"); !slices.Contains(l.Nodes, "one") || !slices.Contains(l.Cuts, "alb") {
		t.Errorf("losing az-c takes one, which runs there: %+v", l)
	}
}
