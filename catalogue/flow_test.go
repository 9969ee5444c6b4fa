package catalogue

import (
	"strings"
	"testing"
)

// An edge carries the flow the design gives it, else what the kinds it
// joins say: out of a stream or queue an event, into a store data, else a
// request.
func TestEdgeFlows(t *testing.T) {
	cat := mustDefault(t)
	src := `nodes:
  - { id: "api", component: "aws-http-api" }
  - { id: "fn", component: "aws-lambda" }
  - { id: "orders", component: "aws-dynamodb" }
  - { id: "events", component: "kafka" }
  - { id: "jobs", component: "aws-sqs" }
  - { id: "bucket", component: "aws-s3" }
edges:
  - { from: "api", to: "fn" }
  - { from: "fn", to: "orders" }
  - { from: "fn", to: "events" }
  - { from: "events", to: "fn" }
  - { from: "jobs", to: "orders" }
  - { from: "bucket", to: "fn" }
  - { from: "orders", to: "bucket", flow: "replication", protocol: "https" }
`
	d, errs := cat.ReadDesign("f.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var got []string
	for _, e := range cat.Resolve(d).Edges {
		de := d.Edges[e.Edge]
		got = append(got, de.From+"→"+de.To+" "+string(e.Flow)+" ("+string(e.FlowSource)+")"+de.Protocol)
	}
	want := []string{
		"api→fn request (kind)",
		"fn→orders data (kind)",
		"fn→events event (kind)",
		"events→fn event (kind)",
		"jobs→orders event (kind)",
		"bucket→fn event (kind)",
		"orders→bucket replication (design)https",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A flow that is not one, or a protocol the catalogue does not list, is
// refused where it is written; so is a rule comparing the edge's flow or
// protocol with one.
func TestFlowAndProtocolErrors(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct{ src, want string }{
		{`edges: [{ from: "a", to: "b", flow: "evnt" }]`, "d.yaml:3:37: edges[0].flow: `evnt` is not a flow; use one of request, event, data, replication; did you mean `event`?"},
		{`edges: [{ from: "a", to: "b", protocol: "htps" }]`, "d.yaml:3:41: edges[0].protocol: `htps` is not one of the catalogue's protocols"},
	} {
		_, errs := cat.ReadDesign("d.yaml", []byte("nodes: [{ id: \"a\", component: \"kafka\" }, { id: \"b\", component: \"aws-lambda\" }]\n\n"+tc.src+"\n"))
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.src, errs, tc.want)
		}
	}
	rule := "schemaVersion: \"1\"\ntype: rule\nid: r\nname: r\nseverity: info\nconnection: { from: {}, to: {} }\nassert: { prop: \"%s\", op: \"equals\", value: \"%s\" }\nmessage: m\ndocs: https://example.com/\n"
	for _, tc := range []struct{ prop, value, want string }{
		{"flow", "evnt", "value: `evnt` is not a flow; use one of request, event, data, replication; did you mean `event`?"},
		{"protocol", "htps", "value: `htps` is not a protocol"},
	} {
		overlay := Files{"rules/r.yaml": strings.ReplaceAll(strings.Replace(strings.Replace(rule, "%s", tc.prop, 1), "%s", tc.value, 1), "%%", "%")}
		_, err := Load(Layer{Name: "catalogue", FS: Embedded()}, Layer{Name: "overlay", FS: overlay})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: %v", tc.prop, tc.value, err)
		}
	}
}

// A rule whose condition needs a placed value is skipped on designs without
// groups, where it could not fire; others never are.
func TestRulesThatNeedPlacement(t *testing.T) {
	cat := mustDefault(t)
	cat.linkRules()
	for id, want := range map[string]bool{
		"cross-region-connection":                        true,
		"single-zone-placement":                          true,
		"datastore-in-public-subnet":                     true,
		"public-to-datastore":                            true,
		"stream-durable-acks-need-replicas":              false,
		"cross-provider-connection":                      false,
		"function-async-retries-need-idempotent-handler": false,
	} {
		if got := cat.Rules[id].placed; got != want {
			t.Errorf("%s: placed %v, want %v", id, got, want)
		}
	}
}

// A rule is skipped without groups only when it could not fire there: an
// assert that a placed value is set fires on every unplaced node.
func TestPlacementSkipsOnlyWhatCannotFire(t *testing.T) {
	for _, tc := range []struct {
		when, assert string
		want         bool
	}{
		{"", `{ prop: "placed.region", op: "set" }`, false},
		{"", `{ prop: "placed.region", op: "equals", value: "x" }`, true},
		{"", `{ all: [{ prop: "placed.region", op: "set" }, { prop: "partitions", op: "gte", value: 2 }] }`, false},
		{"", `{ any: [{ prop: "placed.region", op: "equals", value: "x" }, { prop: "partitions", op: "gte", value: 2 }] }`, true},
		{`{ prop: "placed.zone", op: "set" }`, `{ prop: "partitions", op: "gte", value: 2 }`, true},
		{`{ prop: "placed.zone", op: "unset" }`, `{ prop: "partitions", op: "gte", value: 2 }`, false},
		{`{ any: [{ prop: "placed.zone", op: "set" }, { prop: "partitions", op: "set" }] }`, `{ prop: "partitions", op: "gte", value: 2 }`, false},
	} {
		src := "schemaVersion: \"1\"\ntype: rule\nid: r\nname: r\nseverity: info\nselect: { kinds: [stream] }\n"
		if tc.when != "" {
			src += "when: " + tc.when + "\n"
		}
		src += "assert: " + tc.assert + "\nmessage: m\ndocs: https://example.com/\n"
		cat, err := Load(Layer{Name: "catalogue", FS: Embedded()}, Layer{Name: "overlay", FS: Files{"rules/r.yaml": src}})
		if err != nil {
			t.Fatal(err)
		}
		cat.linkRules()
		if got := cat.Rules["r"].placed; got != tc.want {
			t.Errorf("when %s assert %s: skipped %v, want %v", tc.when, tc.assert, got, tc.want)
		}
	}
}
