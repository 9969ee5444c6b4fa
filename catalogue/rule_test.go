package catalogue

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// evaluate parses, checks and resolves a design, failing the test on errors.
func evaluate(t testing.TB, cat *Catalogue, name string, data []byte) *Resolution {
	t.Helper()
	d, errs := ParseDesign(name, data)
	if len(errs) == 0 {
		errs = cat.Check(d)
	}
	if len(errs) > 0 {
		t.Fatalf("%s: %v", name, errs)
	}
	return cat.Resolve(d)
}

// Every rule has a design that breaks it and one that keeps it, under
// testdata/rules/<rule id>/.
func TestEveryRuleHasViolatingAndPassingDesigns(t *testing.T) {
	cat := mustDefault(t)
	for _, id := range cat.RuleIDs() {
		t.Run(id, func(t *testing.T) {
			for _, tc := range []struct {
				file   string
				breaks bool
			}{{"violating.yaml", true}, {"passing.yaml", false}} {
				path := filepath.Join("testdata", "rules", id, tc.file)
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("every rule needs %s: %v", path, err)
				}
				broke := false
				for _, v := range evaluate(t, cat, path, data).Violations {
					if v.Rule == id {
						broke = true
						if v.Message == "" || v.Node == "" || v.Property == "" || v.Severity != cat.Rules[id].Severity {
							t.Errorf("%s: incomplete violation %+v", path, v)
						}
					}
				}
				if broke != tc.breaks {
					t.Errorf("%s: breaks %s = %v, want %v", path, id, broke, tc.breaks)
				}
				if tc.breaks {
					checkFixesClear(t, cat, path, data, id)
				}
			}
		})
	}
	dirs, _ := os.ReadDir(filepath.Join("testdata", "rules"))
	for _, d := range dirs {
		if _, ok := cat.Rules[d.Name()]; !ok {
			t.Errorf("testdata/rules/%s names no rule", d.Name())
		}
	}
}

// Conditions use three-valued logic: a comparison with an unset property
// proves nothing, so the rule does not fire.
func TestUnsetPropertiesDoNotFire(t *testing.T) {
	cat := mustDefault(t)
	// The generic stream leaves minInsyncReplicas and replicationFactor unset.
	res := evaluate(t, cat, "unset.yaml", []byte(`nodes: [{ id: "s", component: "stream", props: { minInsyncReplicas: 3 } }]`))
	for _, v := range res.Violations {
		if v.Rule == "stream-min-insync-within-replication" {
			t.Errorf("fired with replicationFactor unset: %+v", v)
		}
	}
}

func TestRuleMessageInterpolation(t *testing.T) {
	cat := mustDefault(t)
	res := evaluate(t, cat, "m.yaml", []byte(`nodes: [{ id: "orders", component: "kafka", props: { replicationFactor: 2, minInsyncReplicas: 3 } }]`))
	want := Violation{
		Rule: "stream-min-insync-within-replication", Severity: SeverityError, Node: "orders", Property: "minInsyncReplicas",
		Message: "minInsyncReplicas 3 is more than replicationFactor 2, so every acks=all write fails with NotEnoughReplicas; lower minInsyncReplicas or add replicas.",
		Docs:    cat.Rules["stream-min-insync-within-replication"].Docs,
		Fixes:   []Fix{{Node: "orders", Set: []Setting{{"minInsyncReplicas", IntValue(2)}}}, {Node: "orders", Set: []Setting{{"replicationFactor", IntValue(3)}}}},
	}
	for _, v := range res.Violations {
		if v.Rule == want.Rule {
			if !reflect.DeepEqual(v, want) {
				t.Errorf("got %+v\nwant %+v", v, want)
			}
			return
		}
	}
	t.Errorf("no violation of %s in %+v", want.Rule, res.Violations)
}

// checkFixesClear applies each fix of each violation of rule in a design,
// one at a time, and checks that it clears that violation and breaks no
// limit: a fix that leaves the problem, or makes another, is no fix.
func checkFixesClear(t *testing.T, cat *Catalogue, path string, data []byte, rule string) {
	t.Helper()
	for _, v := range evaluate(t, cat, path, data).Violations {
		if v.Rule != rule {
			continue
		}
		if len(cat.Rules[rule].Fixes) > 0 && len(v.Fixes) == 0 {
			t.Errorf("%s: rule %s declares fixes but none is offered for %+v", path, rule, v)
		}
		for _, f := range v.Fixes {
			d, errs := cat.ReadDesign(path, data)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			if !f.Apply(d) {
				t.Errorf("%s: %s: no node %s", path, f.Label(), f.Node)
				continue
			}
			for _, after := range cat.Resolve(d).Violations {
				if after.Rule == rule && after.Node == v.Node && reflect.DeepEqual(after.Edge, v.Edge) {
					t.Errorf("%s: %s leaves %s: %s", path, f.Label(), rule, after.Message)
				}
				if after.Rule == RuleLimit && after.Node == f.Node {
					t.Errorf("%s: %s breaks a limit: %s", path, f.Label(), after.Message)
				}
			}
		}
	}
}

// A connection rule is listed among the rules that apply to a component
// only when an end that names something selects it: an end open to any
// component ({}) concerns no component in particular (issue 38: a generic
// service listed the Cloud Run functions timeout rule). A rule open at both
// ends concerns every component.
func TestConnectionRulesForSkipsOpenEnds(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct {
		component, rule string
		want            bool
	}{
		{"service", "cloud-run-functions-event-timeout", false},
		{"service", "function-async-retries-need-idempotent-handler", false},
		{"service", "public-to-datastore", false},
		{"service", "cross-provider-connection", true},
		{"service", "autoscaled-service-to-database-needs-pooling", true},
		{"gcp-cloud-run-functions", "cloud-run-functions-event-timeout", true},
		{"postgresql", "public-to-datastore", true},
	} {
		got := false
		for _, r := range cat.AllRulesFor(tc.component) {
			got = got || r.ID == tc.rule
		}
		if got != tc.want {
			t.Errorf("rules for %s list %s: %v, want %v", tc.component, tc.rule, got, tc.want)
		}
	}
}

// A rule that asks for one property to equal a value offers the fix that
// sets it (issue 38: the idempotency warnings offered none, though the fix is
// one property). A value read from where the node is placed is not the
// node's to set, and single-zone-placement's fix is to move the node too.
func TestOnePropertyRulesOfferTheFix(t *testing.T) {
	cat := mustDefault(t)
	for _, id := range cat.RuleIDs() {
		r := cat.Rules[id]
		a := r.Assert
		if a.Op != OpEquals || a.Ref != "" || len(r.Fixes) > 0 || id == "single-zone-placement" {
			continue
		}
		prop := a.Prop
		if _, name, ok := splitEnd(prop); ok && r.IsConnection() {
			prop = name
		}
		if isPlaced(prop) {
			continue
		}
		t.Errorf("rule %s asserts %s equals %s but offers no fix that sets it", id, a.Prop, a.Value.Text())
	}
}

// Issue 38, item 5: each rule fires where its claim is true of the design
// and stays silent where it is not.
func TestRulesFireWhereTheirClaimHolds(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct {
		name, design, rule string
		fires              bool
	}{
		// Cloudflare answers a proxied record with its own addresses and fails
		// over at its edge, so the record's TTL does not delay a failover.
		{"proxied cloudflare", oneNode("cloudflare-dns", "healthChecks: true"), "dns-health-checked-short-ttl", false},
		{"dns-only cloudflare", oneNode("cloudflare-dns", "healthChecks: true, proxied: false"), "dns-health-checked-short-ttl", true},
		{"route 53", oneNode("aws-route53", "healthChecks: true, recordTtlSeconds: 300"), "dns-health-checked-short-ttl", true},
		// Azure DNS has no failover routing: its limit says so, with Traffic
		// Manager as the way; the rule's fix would set what it lacks.
		{"azure dns failover", oneNode("azure-dns", `routingPolicy: "failover"`), "dns-failover-needs-health-checks", false},
		{"azure dns failover limit", oneNode("azure-dns", `routingPolicy: "failover"`), RuleLimit, true},
		{"route 53 failover", oneNode("aws-route53", `routingPolicy: "failover", healthChecks: false`), "dns-failover-needs-health-checks", true},
		// Temporal and Logic Apps retry steps by default.
		{"temporal", twoNodes("temporal", "", "aws-lambda", "idempotentHandler: false"), "workflow-at-least-once-needs-idempotent-steps", true},
		{"logic apps", twoNodes("azure-logic-apps", "", "azure-functions", "idempotentHandler: false"), "workflow-at-least-once-needs-idempotent-steps", true},
		{"step functions standard", twoNodes("aws-step-functions", "", "aws-lambda", "idempotentHandler: false"), "workflow-at-least-once-needs-idempotent-steps", false},
		// A mobile app straight to MongoDB or DynamoDB holds shared
		// credentials; Firestore and Algolia are built for it.
		{"app to mongodb", twoNodes("mobile-app", "", "mongodb", ""), "client-to-datastore", true},
		{"app to dynamodb", twoNodes("mobile-app", "", "aws-dynamodb", ""), "client-to-datastore", true},
		{"app to firestore", twoNodes("mobile-app", "", "gcp-firestore", ""), "client-to-datastore", false},
		{"app to algolia", twoNodes("web-browser", "", "algolia", ""), "client-to-datastore", false},
		{"app to postgres", twoNodes("web-browser", "", "postgresql", ""), "client-to-datastore", true},
		// A replicated cache with its replicas in the primary's zone.
		{"elasticache one zone", oneNode("aws-elasticache-valkey", "replication: true, multiZone: false"), "cache-replication-needs-multi-zone", true},
		{"elasticache multi-az", oneNode("aws-elasticache-valkey", "replication: true, multiZone: true"), "cache-replication-needs-multi-zone", false},
		{"redis unreplicated", oneNode("redis", "replication: false"), "cache-replication-needs-multi-zone", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fired := false
			for _, v := range evaluate(t, cat, tc.name+".yaml", []byte(tc.design)).Violations {
				fired = fired || v.Rule == tc.rule
			}
			if fired != tc.fires {
				t.Errorf("%s fires: %v, want %v", tc.rule, fired, tc.fires)
			}
		})
	}
}

// oneNode is a design of one node of comp with props (YAML flow mapping
// entries); twoNodes, of an edge from a node of one to a node of the other.
func oneNode(comp, props string) string {
	return `nodes: [{ id: "a", component: "` + comp + `", props: {` + props + `} }]`
}

func twoNodes(from, fromProps, to, toProps string) string {
	return `nodes: [{ id: "a", component: "` + from + `", props: {` + fromProps + `} }, { id: "b", component: "` + to + `", props: {` + toProps + `} }]
edges: [{ from: "a", to: "b" }]`
}

// A rule does not apply to a product whose limits rule its premise out: the
// limit speaks when a design asks for what the product lacks (issue 38:
// the DNS failover rule fired on Azure DNS, which has no failover routing,
// offering a fix Azure DNS cannot take).
func TestRulesSkipProductsWhoseLimitsRuleOutTheirPremise(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct {
		component, rule string
		want            bool
	}{
		{"azure-dns", "dns-failover-needs-health-checks", false},
		{"azure-dns", "dns-health-checked-short-ttl", false},
		{"aws-route53", "dns-failover-needs-health-checks", true},
		{"memcached", "cache-replication-needs-multi-zone", false},
		{"memcached", "cache-primary-store-needs-replication", true}, // its premise, primaryStore, is the design's
		{"redis", "cache-replication-needs-multi-zone", true},
	} {
		got := false
		for _, r := range cat.AllRulesFor(tc.component) {
			got = got || r.ID == tc.rule
		}
		if got != tc.want {
			t.Errorf("rules for %s list %s: %v, want %v", tc.component, tc.rule, got, tc.want)
		}
	}
}
