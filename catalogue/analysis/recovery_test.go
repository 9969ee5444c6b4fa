package analysis

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// lossOf is the report's loss of group id.
func lossOf(t *testing.T, r *Report, id string) Loss {
	t.Helper()
	for _, l := range r.Losses {
		if l.Group == id {
			return l
		}
	}
	t.Fatalf("no loss of %s in %+v", id, r.Losses)
	return Loss{}
}

// seconds writes a figure, or "unknown".
func seconds(p *int64) string {
	if p == nil {
		return "unknown"
	}
	return strconv.FormatInt(*p, 10)
}

// A zone's loss says how each node that fails over recovers, from its
// product's documented failover with the link, and the loss's worst
// figures: a Multi-AZ RDS instance in the region (its primary may be in the
// zone) fails over in at most 120 s losing no acknowledged write. The same
// instance placed in the zone runs only there: it serves again when the
// zone does.
func TestRecoveryOfAZoneLoss(t *testing.T) {
	_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: a, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: fn, component: aws-lambda, in: a}
  - {id: rds-main, component: aws-rds-postgresql, in: eu, props: {highAvailability: true, multiZone: true}}
edges:
  - {from: api, to: fn}
  - {from: fn, to: rds-main}
`)
	l := lossOf(t, r, "a")
	if len(l.Recovery) != 1 {
		t.Fatalf("recovery %+v, want rds-main's alone (the function keeps no data and its product states no recovery)", l.Recovery)
	}
	rec := l.Recovery[0]
	if rec.Node != "rds-main" || seconds(rec.RTOSeconds) != "120" || seconds(rec.RPOSeconds) != "0" ||
		!strings.HasPrefix(rec.Docs, "https://docs.aws.amazon.com/AmazonRDS/") || !strings.Contains(rec.Note, "60–120") {
		t.Errorf("rds-main's recovery %+v", rec)
	}
	if seconds(l.RTOSeconds) != "120" || seconds(l.RPOSeconds) != "0" || l.UnknownRTO != "" || l.UnknownRPO != "" {
		t.Errorf("the loss's worst: RTO %s RPO %s (unknown at %q, %q), want 120 and 0", seconds(l.RTOSeconds), seconds(l.RPOSeconds), l.UnknownRTO, l.UnknownRPO)
	}
	b, _ := json.Marshal(l)
	for _, want := range []string{`"recovery":[{"node":"rds-main","rtoSeconds":120,"rpoSeconds":0,`, `"rtoSeconds":120,"rpoSeconds":0}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON %s lacks %s", b, want)
		}
	}
	_, r = analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: a, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: rds-main, component: aws-rds-postgresql, in: a, props: {highAvailability: true, multiZone: true}}
edges:
  - {from: api, to: rds-main}
`)
	l = lossOf(t, r, "a")
	if len(l.Recovery) != 1 || l.Recovery[0].RTOSeconds != nil || l.Recovery[0].Note != "it runs only in zone a, so it serves again when the zone does" || len(l.DataAtRisk) != 1 {
		t.Errorf("placed in the zone: %+v", l)
	}
}

// A stateful node the loss takes whose product documents no recovery for
// that failure is listed with unknown figures, and makes the loss's worst
// unknown, naming it; a node of a documented product in a configuration
// without a figure (a Single-AZ RDS instance) too.
func TestRecoveryUnknownWhereNoDocumentSays(t *testing.T) {
	_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: a, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: rds-main, component: aws-rds-postgresql, in: eu, props: {highAvailability: true, multiZone: true}}
  - {id: pg, component: postgresql, in: a}
  - {id: single, component: aws-rds-postgresql, in: a, props: {highAvailability: false}}
edges:
  - {from: api, to: rds-main}
  - {from: api, to: pg}
  - {from: api, to: single}
`)
	l := lossOf(t, r, "a")
	got := map[string]Recovery{}
	for _, rec := range l.Recovery {
		got[rec.Node] = rec
	}
	if len(got) != 3 {
		t.Fatalf("recovery %+v, want rds-main, pg and single", l.Recovery)
	}
	for _, id := range []string{"pg", "single"} {
		if rec := got[id]; rec.RTOSeconds != nil || rec.RPOSeconds != nil || rec.Docs != "" || rec.Note == "" {
			t.Errorf("%s: %+v, want unknown figures and a note saying no document states them", id, rec)
		}
	}
	if l.RTOSeconds != nil || l.RPOSeconds != nil || l.UnknownRTO != "pg" || l.UnknownRPO != "pg" {
		t.Errorf("the loss's worst: RTO %s RPO %s unknown at %q, %q; want unknown at pg", seconds(l.RTOSeconds), seconds(l.RPOSeconds), l.UnknownRTO, l.UnknownRPO)
	}
	b, _ := json.Marshal(l)
	if !strings.Contains(string(b), `"node":"pg","rtoSeconds":null,"rpoSeconds":null`) {
		t.Errorf("JSON %s does not say pg's figures are unknown (null)", b)
	}
}

// A region's loss takes a global table's replica there: DynamoDB documents
// its replication lag (the RPO) and no recovery time, which the
// application's shift of traffic decides; a table that is not global has no
// documented recovery from a region's loss.
func TestRecoveryOfARegionLossWithAGlobalTable(t *testing.T) {
	_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: a, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: orders, component: aws-dynamodb, in: eu, props: {multiRegion: true}}
  - {id: local, component: aws-dynamodb, in: a}
edges:
  - {from: api, to: orders}
  - {from: api, to: local}
`)
	l := lossOf(t, r, "eu")
	if len(l.Recovery) != 2 || l.Recovery[0].Node != "orders" || l.Recovery[1].Node != "local" {
		t.Fatalf("recovery %+v, want orders then local", l.Recovery)
	}
	orders := l.Recovery[0]
	if orders.RTOSeconds != nil || seconds(orders.RPOSeconds) != "1" || !strings.Contains(orders.Docs, "globaltables") {
		t.Errorf("orders: %+v, want RPO 1 s from the global tables page and no RTO", orders)
	}
	if local := l.Recovery[1]; local.RTOSeconds != nil || local.RPOSeconds != nil {
		t.Errorf("local: %+v, want unknown", local)
	}
	if l.UnknownRTO != "orders" || l.UnknownRPO != "local" {
		t.Errorf("unknown at %q, %q; want orders (no RTO) and local (no RPO)", l.UnknownRTO, l.UnknownRPO)
	}
	// The zone's loss, within: DynamoDB in the region rides through it;
	// the table placed in the zone runs only there.
	z := lossOf(t, r, "a")
	if len(z.Recovery) != 2 || z.Recovery[0].Node != "local" || z.Recovery[0].RTOSeconds != nil ||
		z.Recovery[1].Node != "orders" || seconds(z.Recovery[1].RTOSeconds) != "0" || seconds(z.Recovery[1].RPOSeconds) != "0" {
		t.Errorf("zone a: %+v, want local unknown (it runs only there), then orders with 0 and 0", z)
	}
}

// A loss that takes nothing stateful and no node with a documented recovery
// lists none, and has no figures: there is nothing to recover.
func TestRecoveryOfALossWithNothingToRecover(t *testing.T) {
	_, r := analyse(t, `groups:
  - {id: eu, boundary: region}
  - {id: a, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: fn, component: aws-lambda, in: a}
edges:
  - {from: api, to: fn}
`)
	l := lossOf(t, r, "a")
	if len(l.Recovery) != 0 || l.RTOSeconds != nil || l.UnknownRTO != "" {
		t.Errorf("loss %+v, want no recovery", l)
	}
	if b, _ := json.Marshal(l); !strings.Contains(string(b), `"recovery":[]`) {
		t.Errorf("JSON %s: recovery is not an empty list", b)
	}
}

// A property that only a recovery fact's condition names is one the
// analysis depends on, so that the Resolver does not keep a report an edit
// of it changes.
func TestRecoveryConditionsAreDependedOn(t *testing.T) {
	comp := &catalogue.Component{Recovery: []catalogue.Recovery{{Of: "zone", When: []catalogue.Setting{{Property: "persistence", Value: catalogue.BoolValue(true)}}}}}
	if !inConditions(comp, "persistence") {
		t.Error("persistence, named by a recovery fact's condition, is not depended on")
	}
	if inConditions(comp, "engine") {
		t.Error("engine, named by no condition, is depended on")
	}
}

// A region's stores in zones the design does not name fail over with each
// of its zones: each zone's loss lists at most maxRecoveryListed of them,
// counts the rest, and takes its worst figures over them all.
func TestRecoveryOfManyRegionalStores(t *testing.T) {
	var b strings.Builder
	b.WriteString("groups:\n  - {id: eu, boundary: region}\n  - {id: a, boundary: zone, in: eu}\n  - {id: b, boundary: zone, in: eu}\nnodes:\n  - {id: api, component: aws-http-api, in: eu}\n")
	for i := range 150 {
		b.WriteString("  - {id: t" + strconv.Itoa(i) + ", component: aws-dynamodb, in: eu}\n")
	}
	b.WriteString("  - {id: pg, component: aws-rds-postgresql, in: eu, props: {highAvailability: true, multiZone: true}}\nedges:\n  - {from: api, to: pg}\n")
	_, r := analyse(t, b.String())
	for _, id := range []string{"a", "b"} {
		l := lossOf(t, r, id)
		if len(l.Recovery) != maxRecoveryListed || l.MoreRecovery != 51 {
			t.Errorf("zone %s: %d listed, %d more; want %d and 51", id, len(l.Recovery), l.MoreRecovery, maxRecoveryListed)
		}
		// pg, past the list, fails over in 120 s: the worst of them all.
		if seconds(l.RTOSeconds) != "120" || seconds(l.RPOSeconds) != "0" {
			t.Errorf("zone %s: worst RTO %s RPO %s, want 120 and 0", id, seconds(l.RTOSeconds), seconds(l.RPOSeconds))
		}
	}
}
