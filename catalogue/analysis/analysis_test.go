package analysis

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

var (
	catOnce sync.Once
	cat     *catalogue.Catalogue
	catErr  error
)

func testCatalogue(t testing.TB) *catalogue.Catalogue {
	t.Helper()
	catOnce.Do(func() { cat, catErr = catalogue.LoadEmbedded() })
	if catErr != nil {
		t.Fatal(catErr)
	}
	return cat
}

// analyse reads a design and analyses it.
func analyse(t testing.TB, src string) (*catalogue.Resolution, *Report) {
	t.Helper()
	c := testCatalogue(t)
	d, errs := c.ReadDesign("d.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatalf("design: %v", errs)
	}
	return Resolve(c, d)
}

func entry(t *testing.T, r *Report, node string) Entry {
	t.Helper()
	for _, e := range r.Entries {
		if e.Node == node {
			return e
		}
	}
	t.Fatalf("no entry %s among %+v", node, r.Entries)
	return Entry{}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-4 }

// The availability of each entry, computed by hand from the SLAs the
// catalogue pins (HTTP API 99.95, Lambda 99.95, DynamoDB 99.99, SQS 99.9,
// RDS Multi-AZ 99.95, Single-AZ 99.5).
func TestEntryAvailability(t *testing.T) {
	for _, tc := range []struct {
		name, design, entry string
		want                float64 // percent
		bound               bool
		factors             []string // node:source
	}{
		{
			name: "serial request path",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: fn, component: aws-lambda}
  - {id: db, component: aws-dynamodb}
edges:
  - {from: api, to: fn}
  - {from: fn, to: db}
`,
			entry: "api", want: 99.95 * 99.95 * 99.99 / 1e4, // 99.890015
			factors: []string{"api:sla", "fn:sla", "db:sla"},
		},
		{
			name: "an event counts its broker, not the consumer behind it",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: fn, component: aws-lambda}
  - {id: db, component: aws-dynamodb}
  - {id: q, component: aws-sqs}
  - {id: worker, component: aws-lambda}
  - {id: store, component: aws-rds-postgresql}
edges:
  - {from: api, to: fn}
  - {from: fn, to: db}
  - {from: fn, to: q, flow: event}
  - {from: q, to: worker}
  - {from: worker, to: store}
`,
			entry: "api", want: 99.95 * 99.95 * 99.99 * 99.9 / 1e6, // 99.790145
			factors: []string{"api:sla", "fn:sla", "db:sla", "q:sla"},
		},
		{
			name: "a client is the entry but its own availability is not counted",
			design: `nodes:
  - {id: browser, component: client}
  - {id: api, component: aws-http-api}
  - {id: fn, component: aws-lambda}
edges:
  - {from: browser, to: api}
  - {from: api, to: fn}
`,
			entry: "browser", want: 99.95 * 99.95 / 1e2,
			factors: []string{"browser:outside", "api:sla", "fn:sla"},
		},
		{
			name: "a cycle counts each node once",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: a, component: aws-lambda}
  - {id: b, component: aws-lambda}
edges:
  - {from: api, to: a}
  - {from: a, to: b}
  - {from: b, to: a}
`,
			entry: "api", want: 99.95 * 99.95 * 99.95 / 1e4,
			factors: []string{"api:sla", "a:sla", "b:sla"},
		},
		{
			name: "an unknown SLA makes a bound",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: fn, component: aws-lambda}
  - {id: k, component: kafka}
edges:
  - {from: api, to: fn}
  - {from: fn, to: k, flow: event}
`,
			entry: "api", want: 99.95 * 99.95 / 100, bound: true,
			factors: []string{"api:sla", "fn:sla", "k:unknown"},
		},
		{
			name: "an assumed figure",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: k, component: kafka, assume: {availability: 99.5}}
edges:
  - {from: api, to: k, flow: event}
`,
			entry: "api", want: 99.95 * 99.5 / 100,
			factors: []string{"api:sla", "k:assumed"},
		},
		{
			name: "the SLA follows the configuration",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: db, component: aws-rds-postgresql, props: {highAvailability: true}}
edges:
  - {from: api, to: db}
`,
			entry: "api", want: 99.95 * 99.95 / 100,
			factors: []string{"api:sla", "db:sla"},
		},
		{
			name: "two replicas across zones compose in parallel",
			design: `groups:
  - {id: eu, boundary: region, props: {provider: aws, region: eu-west-1}}
  - {id: a, boundary: zone, in: eu}
  - {id: b, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: db1, component: aws-rds-postgresql, in: a}
  - {id: db2, component: aws-rds-postgresql, in: b, replicaOf: db1}
edges:
  - {from: api, to: db1}
  - {from: api, to: db2}
`,
			// 1 - (1 - 0.995)^2 = 0.999975
			entry: "api", want: 99.95 * (1 - 0.005*0.005),
			factors: []string{"api:sla", ":redundant"},
		},
		{
			name: "what every replica needs is needed in series",
			design: `nodes:
  - {id: api, component: aws-http-api}
  - {id: east, component: aws-lambda}
  - {id: west, component: aws-lambda, replicaOf: east}
  - {id: db, component: aws-dynamodb}
edges:
  - {from: api, to: east}
  - {from: api, to: west}
  - {from: east, to: db}
  - {from: west, to: db}
`,
			// api × db × (1 - (1 - 0.9995)^2)
			entry: "api", want: 99.95 * 99.99 / 100 * (1 - 0.0005*0.0005),
			factors: []string{"api:sla", "db:sla", ":redundant"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r := analyse(t, tc.design)
			e := entry(t, r, tc.entry)
			if !near(e.Availability, tc.want) || e.Bound != tc.bound {
				t.Errorf("availability %v (bound %v), want %v (bound %v): %s", e.Availability, e.Bound, tc.want, tc.bound, e.Describe())
			}
			if !near(e.DowntimeMinutesPerMonth, (100-tc.want)/100*MinutesPerMonth) {
				t.Errorf("downtime %v minutes, want %v", e.DowntimeMinutesPerMonth, (100-tc.want)/100*MinutesPerMonth)
			}
			var got []string
			for _, f := range e.Factors {
				got = append(got, f.Node+":"+f.Source)
			}
			if !slices.Equal(got, tc.factors) {
				t.Errorf("factors %v, want %v", got, tc.factors)
			}
			for _, f := range e.Factors {
				if f.Source == SourceSLA && !strings.HasPrefix(f.Docs, "https://") {
					t.Errorf("factor %s has no SLA link", f.Node)
				}
			}
		})
	}
}

func TestEntries(t *testing.T) {
	_, r := analyse(t, `nodes:
  - {id: api, component: aws-http-api}
  - {id: fn, component: aws-lambda}
  - {id: cron, component: aws-lambda}
  - {id: db, component: aws-dynamodb}
  - {id: alone, component: aws-s3}
  - {id: admin, component: aws-lambda, entry: true}
edges:
  - {from: api, to: fn}
  - {from: fn, to: db}
  - {from: cron, to: db}
  - {from: admin, to: fn}
`)
	var got []string
	for _, e := range r.Entries {
		got = append(got, e.Node+" ("+e.Why+")")
	}
	want := []string{"api (nothing flows into it)", "cron (nothing flows into it)", "admin (marked entry)"}
	if !slices.Equal(got, want) {
		t.Errorf("entries %v, want %v", got, want)
	}
}

func TestSinglePointsOfFailure(t *testing.T) {
	_, r := analyse(t, `groups:
  - {id: eu, boundary: region, props: {provider: aws, region: eu-west-1}}
  - {id: a, boundary: zone, in: eu}
  - {id: b, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: fn, component: aws-lambda, in: eu}
  - {id: db, component: aws-rds-postgresql, in: a}
  - {id: cache1, component: aws-memorydb, in: a, props: {replication: true}}
  - {id: cache2, component: aws-memorydb, in: b, replicaOf: cache1, props: {replication: true}}
edges:
  - {from: api, to: fn}
  - {from: fn, to: db}
  - {from: fn, to: cache1}
  - {from: fn, to: cache2}
`)
	var got []string
	for _, s := range r.SPOFs {
		got = append(got, s.Node+s.Group+"→"+strings.Join(s.Cuts, ","))
	}
	// db is pinned to zone a with no standby; the zone takes it; the region
	// takes everything; zone b holds only a cache replica.
	want := []string{"db→api", "eu→api", "a→api"}
	if !slices.Equal(got, want) {
		t.Errorf("SPOFs %v, want %v", got, want)
	}
	if !strings.Contains(r.SPOFs[0].Because, "zone a") {
		t.Errorf("because %q", r.SPOFs[0].Because)
	}
	l, ok := r.Loss("a")
	if !ok || !slices.Equal(l.Nodes, []string{"db", "cache1"}) || !slices.Equal(l.Cuts, []string{"api"}) || !slices.Equal(l.DataAtRisk, []string{"db"}) {
		t.Errorf("loss of zone a: %+v", l)
	}
	l, _ = r.Loss("b")
	if len(l.Cuts) != 0 || len(l.DataAtRisk) != 0 {
		t.Errorf("loss of zone b: %+v (cache1 holds the data and serves)", l)
	}
	if _, ok := r.Loss("nowhere"); ok {
		t.Error("a group the design does not have has a loss")
	}
}

func TestSettingsSinglePoint(t *testing.T) {
	_, r := analyse(t, `nodes:
  - {id: api, component: aws-http-api}
  - {id: db, component: aws-rds-postgresql}
  - {id: ha, component: aws-rds-postgresql, props: {highAvailability: true}}
edges:
  - {from: api, to: db}
  - {from: api, to: ha}
`)
	if len(r.SPOFs) != 1 || r.SPOFs[0].Node != "db" || !strings.Contains(r.SPOFs[0].Because, "highAvailability false") {
		t.Errorf("SPOFs %+v, want db alone (no standby)", r.SPOFs)
	}
}

// Search engines and virtual machines are single points by their settings:
// one copy of each shard, one data node, one instance.
func TestNewKindsSettingsSinglePoint(t *testing.T) {
	_, r := analyse(t, `nodes:
  - {id: api, component: aws-http-api}
  - {id: idx, component: search, props: {replicas: 0, dataNodes: 3}}
  - {id: one, component: search, props: {replicas: 1, dataNodes: 1}}
  - {id: ok, component: search, props: {replicas: 1, dataNodes: 2}}
  - {id: vm, component: compute-instance}
  - {id: vms, component: compute-instance, props: {instances: 3}}
edges:
  - {from: api, to: idx}
  - {from: api, to: one}
  - {from: api, to: ok}
  - {from: api, to: vm}
  - {from: api, to: vms}
`)
	got := map[string]string{}
	for _, s := range r.SPOFs {
		got[s.Node] = s.Because
	}
	want := map[string]string{"idx": "replicas 0", "one": "dataNodes 1", "vm": "instances 1"}
	if len(got) != len(want) {
		t.Errorf("SPOFs %v, want %v", got, want)
	}
	for n, w := range want {
		if !strings.Contains(got[n], w) {
			t.Errorf("SPOF %s: %q, want it to say %q", n, got[n], w)
		}
	}
}

// An entry that reaches only nodes without figures says nothing, even
// though its client counts as 100 %.
func TestClientAloneIsNoFigure(t *testing.T) {
	_, r := analyse(t, `nodes:
  - {id: browser, component: client}
  - {id: app, component: service}
edges:
  - {from: browser, to: app}
`)
	e := entry(t, r, "browser")
	if !e.Bound || !e.NoFigure() {
		t.Errorf("entry %+v: want a bound with no figure", e)
	}
	if strings.Contains(e.Describe(), "browser 100") {
		t.Errorf("derivation %q counts the client", e.Describe())
	}
}

func TestDelivery(t *testing.T) {
	for _, tc := range []struct {
		name, design, sink, delivery string
		dup, loss                    bool
		because                      string
	}{
		{
			name: "at-least-once into a handler that is not idempotent",
			design: `nodes:
  - {id: k, component: kinesis}
  - {id: process-orders, component: aws-lambda}
  - {id: orders-db, component: aws-dynamodb}
edges:
  - {from: k, to: process-orders}
  - {from: process-orders, to: orders-db}
`,
			sink: "orders-db", delivery: "at-least-once", dup: true,
			because: "orders-db may see duplicates: k delivers at least once and process-orders is not idempotent (idempotentHandler false)",
		},
		{
			name: "an idempotent handler stops duplicates",
			design: `nodes:
  - {id: q, component: aws-sqs}
  - {id: fn, component: aws-lambda, props: {idempotentHandler: true}}
  - {id: db, component: aws-dynamodb}
edges:
  - {from: q, to: fn}
  - {from: fn, to: db}
`,
			sink: "db", delivery: "at-least-once", dup: false,
			because: "duplicates stop at fn, whose handler is idempotent",
		},
		{
			name: "exactly once only where every hop provides it",
			design: `nodes:
  - {id: k, component: kafka, props: {delivery: exactly-once}}
  - {id: svc, component: service}
edges:
  - {from: k, to: svc}
`,
			sink: "svc", delivery: "exactly-once",
			because: "every hop delivers exactly once",
		},
		{
			name: "at most once loses",
			design: `nodes:
  - {id: k, component: kafka, props: {delivery: at-most-once}}
  - {id: svc, component: service}
edges:
  - {from: k, to: svc}
`,
			sink: "svc", delivery: "at-most-once", loss: true,
			because: "svc may miss events: k delivers at most once",
		},
		{
			name: "an asynchronous invocation retried",
			design: `nodes:
  - {id: up, component: aws-lambda}
  - {id: down, component: aws-lambda}
edges:
  - {from: up, to: down, flow: event}
`,
			sink: "down", delivery: "at-least-once", dup: true,
			because: "down may see duplicates: down retries failed asynchronous invocations",
		},
		{
			name: "a hop with no stated guarantee",
			design: `nodes:
  - {id: s3, component: aws-s3}
  - {id: svc, component: service}
edges:
  - {from: s3, to: svc, flow: event}
`,
			sink: "svc", delivery: "unknown",
			because: "the event from s3 to svc has no stated delivery guarantee",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, r := analyse(t, tc.design)
			i := slices.IndexFunc(r.Sinks, func(s Sink) bool { return s.Node == tc.sink })
			if i < 0 {
				t.Fatalf("no sink %s among %+v", tc.sink, r.Sinks)
			}
			s := r.Sinks[i]
			if s.Delivery != tc.delivery || s.DuplicatesPossible != tc.dup || s.LossPossible != tc.loss || s.Because != tc.because {
				t.Errorf("got %+v\nwant delivery %s dup %v loss %v because %q", s, tc.delivery, tc.dup, tc.loss, tc.because)
			}
		})
	}
}

func TestDurability(t *testing.T) {
	_, r := analyse(t, `nodes:
  - {id: k3, component: kafka, props: {replicationFactor: 3, minInsyncReplicas: 2, acks: all}}
  - {id: k1, component: kafka, props: {replicationFactor: 1, acks: all, minInsyncReplicas: 1}}
  - {id: kl, component: kafka, props: {replicationFactor: 3, acks: leader}}
  - {id: nats3, component: nats-jetstream, props: {replicationFactor: 3}}
  - {id: nats1, component: nats-jetstream}
  - {id: sqs, component: aws-sqs}
  - {id: rds, component: aws-rds-postgresql}
  - {id: rdsha, component: aws-rds-postgresql, props: {highAvailability: true}}
  - {id: fn, component: aws-lambda}
`)
	want := map[string]string{
		"k3": "1 node", "k1": "0 node", "kl": "0 node", "nats3": "1 node", "nats1": "0 node",
		"sqs": "1 zone", "rds": "unknown", "rdsha": "1 zone",
	}
	got := map[string]string{}
	for _, d := range r.Durability {
		if d.FailuresTolerated == nil {
			got[d.Node] = "unknown"
		} else {
			got[d.Node] = strings.TrimSpace(strings.Join([]string{strconv.Itoa(*d.FailuresTolerated), d.Of}, " "))
		}
		if d.Because == "" {
			t.Errorf("%s has no reason", d.Node)
		}
	}
	for node, w := range want {
		if got[node] != w {
			t.Errorf("%s tolerates %q, want %q", node, got[node], w)
		}
	}
	if _, ok := got["fn"]; ok {
		t.Error("a function is not stateful")
	}
}

func TestObjectives(t *testing.T) {
	res, r := analyse(t, `objectives: {availability: 99.95}
nodes:
  - {id: api, component: aws-http-api}
  - {id: fn, component: aws-lambda}
  - {id: db, component: aws-dynamodb}
  - {id: lax, component: aws-http-api, objectives: {availability: 99.9}}
  - {id: k, component: kafka, durability: {failuresTolerated: 1}, props: {replicationFactor: 1, acks: all, minInsyncReplicas: 1}}
  - {id: sqs, component: aws-sqs, durability: {failuresTolerated: 1}}
edges:
  - {from: api, to: fn}
  - {from: fn, to: db}
  - {from: lax, to: db}
`)
	var got []string
	for _, o := range r.Objectives {
		got = append(got, o.Target+" "+o.Measure+" met="+map[bool]string{true: "yes", false: "no"}[o.Met])
	}
	want := []string{"api availability met=no", "lax availability met=yes", "k failuresTolerated met=no", "sqs failuresTolerated met=yes"}
	if !slices.Equal(got, want) {
		t.Errorf("objectives %v, want %v", got, want)
	}
	var rules []string
	for _, v := range res.Violations {
		if _, builtin := catalogue.BuiltinRule(v.Rule); builtin && strings.HasSuffix(v.Rule, "-objective") {
			rules = append(rules, v.Rule+"@"+v.Node+":"+string(v.Severity))
		}
	}
	if want := []string{"availability-objective@api:error", "durability-objective@k:error"}; !slices.Equal(rules, want) {
		t.Errorf("violations %v, want %v", rules, want)
	}
	for _, v := range res.Violations {
		if v.Rule == catalogue.RuleAvailabilityObjective && (!strings.Contains(v.Message, "99.89") || !strings.Contains(v.Message, "api 99.95 × fn 99.95 × db 99.99") || v.Docs == "") {
			t.Errorf("message %q docs %q", v.Message, v.Docs)
		}
	}
}

func TestObjectiveUnknownIsAWarningAndSuppressible(t *testing.T) {
	res, _ := analyse(t, `nodes:
  - {id: api, component: aws-http-api, objectives: {availability: 99.9}}
  - {id: k, component: kafka}
edges:
  - {from: api, to: k, flow: event}
suppress:
  - {rule: availability-objective, node: api, reason: "we run kafka at 99.99 and say so elsewhere"}
`)
	var found bool
	for _, v := range res.Violations {
		if v.Rule == catalogue.RuleAvailabilityObjective {
			found = true
			if v.Severity != catalogue.SeverityWarning || !v.Suppressed || !strings.Contains(v.Message, "cannot be shown") {
				t.Errorf("%+v", v)
			}
		}
		if v.Rule == catalogue.RuleUnusedSuppression {
			t.Errorf("the suppression was not used: %s", v.Message)
		}
	}
	if !found {
		t.Error("no availability-objective violation")
	}
}

func BenchmarkAnalyze1000(b *testing.B) {
	c := testCatalogue(b)
	d := syntheticDesign(c, 1000)
	res := c.Resolve(d)
	b.ReportAllocs()
	for b.Loop() {
		Analyze(c, d, res)
	}
}

// syntheticDesign is the benchmark's design: n nodes cycling through every
// component, each connected to the next, in 10 regions of 5 zones, with
// every tenth node a replica of the one before, which their caller reaches
// both of.
func syntheticDesign(c *catalogue.Catalogue, n int) *catalogue.Design {
	ids := c.ComponentIDs()
	d := &catalogue.Design{}
	for r := range 10 {
		region := "r" + strconv.Itoa(r)
		d.Groups = append(d.Groups, catalogue.Group{ID: region, Boundary: "region"})
		for z := range 5 {
			d.Groups = append(d.Groups, catalogue.Group{ID: region + "z" + strconv.Itoa(z), Boundary: "zone", In: region})
		}
	}
	for i := range n {
		node := catalogue.Node{ID: "n" + strconv.Itoa(i), Component: ids[i%len(ids)], In: d.Groups[(i%10)*6+1+(i/10)%5].ID}
		if i%10 == 9 {
			node.ReplicaOf = "n" + strconv.Itoa(i-1)
		}
		d.Nodes = append(d.Nodes, node)
		if i > 0 {
			d.Edges = append(d.Edges, catalogue.Edge{From: "n" + strconv.Itoa(i-1), To: node.ID})
		}
		if i%10 == 9 { // the replica's caller reaches both copies
			d.Edges = append(d.Edges, catalogue.Edge{From: "n" + strconv.Itoa(i-2), To: node.ID})
		}
	}
	return d
}

// A caller that reaches a replica needed anyway has what it needs from the
// set, whichever edge the walk takes first.
func TestReplicaNeededAnywayWhateverTheOrder(t *testing.T) {
	for _, edges := range []string{
		"  - {from: e, to: v}\n  - {from: e, to: u}\n  - {from: v, to: a1}\n  - {from: u, to: a1}\n  - {from: u, to: a2}\n",
		"  - {from: e, to: u}\n  - {from: e, to: v}\n  - {from: u, to: a2}\n  - {from: u, to: a1}\n  - {from: v, to: a1}\n",
	} {
		_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: zb, boundary: zone, in: eu}
nodes:
  - {id: e, component: aws-http-api}
  - {id: v, component: aws-lambda}
  - {id: u, component: aws-lambda}
  - {id: a1, component: aws-dynamodb}
  - {id: a2, component: aws-dynamodb, replicaOf: a1, in: zb}
edges:
`+edges)
		if e := entry(t, r, "e"); !near(e.Availability, 99.95*99.95*99.95*99.99/1e6) {
			t.Errorf("%s: %v (%s)", edges, e.Availability, e.Describe())
		}
		for _, s := range r.SPOFs {
			if s.Node == "a2" || s.Group == "zb" {
				t.Errorf("a2 is not needed, yet %+v", s)
			}
		}
	}
}

// Replicas that share a replica choice further down: the shared choice
// counts once (inclusion and exclusion), not once per branch.
func TestSharedChoiceCountsOnce(t *testing.T) {
	_, r := analyse(t, `nodes:
  - {id: api, component: aws-http-api}
  - {id: a1, component: service, assume: {availability: 99}}
  - {id: a2, component: service, assume: {availability: 99}, replicaOf: a1}
  - {id: r1, component: service, assume: {availability: 98}}
  - {id: r2, component: service, assume: {availability: 98}, replicaOf: r1}
edges:
  - {from: api, to: a1}
  - {from: api, to: a2}
  - {from: a1, to: r1}
  - {from: a1, to: r2}
  - {from: a2, to: r1}
  - {from: a2, to: r2}
`)
	// api × (1 − 0.01²) × (1 − 0.02²)
	want := 99.95 * (1 - 0.0001) * (1 - 0.0004)
	if e := entry(t, r, "api"); !near(e.Availability, want) {
		t.Errorf("%v, want %v: %s", e.Availability, want, e.Describe())
	}
}

// A zone's loss names what it takes that the cut entries need: the cache
// there, not the worker whose replica in the other zone serves.
func TestLossNamesWhatCuts(t *testing.T) {
	_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: a, boundary: zone, in: eu}
  - {id: b, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: wa, component: service, in: a}
  - {id: wb, component: service, in: b, replicaOf: wa}
  - {id: cache, component: aws-memorydb, in: a, props: {replication: true}}
edges:
  - {from: api, to: wa}
  - {from: api, to: wb}
  - {from: wa, to: cache}
  - {from: wb, to: cache}
`)
	i := slices.IndexFunc(r.SPOFs, func(s SPOF) bool { return s.Group == "a" })
	if i < 0 || !strings.Contains(r.SPOFs[i].Because, "needs cache there") {
		t.Fatalf("SPOFs %+v", r.SPOFs)
	}
}

// A consumer that only reads a secret and writes a log is where its events
// end.
func TestSinkPastSecretsAndLogs(t *testing.T) {
	_, r := analyse(t, `nodes:
  - {id: q, component: aws-sqs}
  - {id: worker, component: aws-lambda}
  - {id: key, component: aws-secrets-manager}
  - {id: logs, component: aws-cloudwatch}
edges:
  - {from: q, to: worker}
  - {from: worker, to: key}
  - {from: worker, to: logs}
`)
	if len(r.Sinks) != 1 || r.Sinks[0].Node != "worker" {
		t.Errorf("sinks %+v, want worker", r.Sinks)
	}
}

// Many entries over one long chain spend one budget: the rest are counted
// as not analysed rather than walked.
func TestManyEntriesOverALongChain(t *testing.T) {
	c := testCatalogue(t)
	d := &catalogue.Design{}
	const chain, entries = 3000, 3000
	for i := range chain {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: "c" + strconv.Itoa(i), Component: "aws-lambda"})
		if i > 0 {
			d.Edges = append(d.Edges, catalogue.Edge{From: "c" + strconv.Itoa(i-1), To: "c" + strconv.Itoa(i)})
		}
	}
	for i := range entries {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: "e" + strconv.Itoa(i), Component: "aws-http-api"})
		d.Edges = append(d.Edges, catalogue.Edge{From: "e" + strconv.Itoa(i), To: "c0"})
	}
	_, r := Resolve(c, d)
	if r.Skipped == 0 || len(r.Entries)+r.Skipped != entries {
		t.Errorf("%d entries analysed, %d skipped", len(r.Entries), r.Skipped)
	}
}

// A long chain's one-line derivation names its first factors and how many
// more, so that a message about it stays a sentence.
func TestDescribeALongChain(t *testing.T) {
	var b strings.Builder
	b.WriteString("nodes:\n")
	for i := range 20 {
		b.WriteString("  - {id: n" + strconv.Itoa(i) + ", component: aws-lambda}\n")
	}
	b.WriteString("edges:\n")
	for i := 1; i < 20; i++ {
		b.WriteString("  - {from: n" + strconv.Itoa(i-1) + ", to: n" + strconv.Itoa(i) + "}\n")
	}
	_, r := analyse(t, b.String())
	if d := entry(t, r, "n0").Describe(); !strings.HasSuffix(d, "n11 99.95 × … (8 more)") {
		t.Errorf("%s", d)
	}
}
