package catalogue

import (
	"fmt"
	"strings"
	"testing"
)

// A suppression marks the violations it matches, with its reason; they no
// longer count, and one that matches nothing is reported where it is written.
func TestSuppressions(t *testing.T) {
	cat := mustDefault(t)
	src := `nodes:
  - { id: "api", component: "aws-http-api" }
  - { id: "fn", component: "aws-lambda", props: { timeoutSeconds: 60 } }
  - { id: "jobs", component: "aws-sqs" }
edges:
  - { from: "api", to: "fn" }
suppress:
  - { rule: "api-gateway-public-needs-auth", node: "api", reason: "A public read-only price list." }
  - { rule: "gateway-timeout-shorter-than-function", node: "fn", reason: "Long calls go through the async path." }
  - { rule: "queue-dead-letter-queue-configured", reason: "Messages expire after an hour by design." }
  - { rule: "cdn-https-only", reason: "There was a CDN once." }
`
	d, errs := cat.ReadDesign("s.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	res := cat.Resolve(d)
	suppressed := map[string]string{}
	var unused []Violation
	for _, v := range res.Violations {
		if v.Suppressed {
			suppressed[v.Rule] = v.Reason
		}
		if v.Rule == RuleUnusedSuppression {
			unused = append(unused, v)
		}
	}
	for rule, reason := range map[string]string{
		"api-gateway-public-needs-auth":         "A public read-only price list.",
		"gateway-timeout-shorter-than-function": "Long calls go through the async path.", // names the edge's far end
		"queue-dead-letter-queue-configured":    "Messages expire after an hour by design.",
	} {
		if suppressed[rule] != reason {
			t.Errorf("%s: suppressed with %q, want %q", rule, suppressed[rule], reason)
		}
	}
	if len(unused) != 1 || unused[0].Severity != SeverityInfo || !strings.Contains(unused[0].Message, "cdn-https-only") {
		t.Fatalf("unused suppressions: %+v", unused)
	}
	if got := d.PosOf(unused[0]).String(); got != "s.yaml:11:5" {
		t.Errorf("unused suppression at %s, want s.yaml:11:5", got)
	}
	for _, v := range res.Violations {
		if !v.Suppressed && v.Rule != RuleUnusedSuppression && v.Rule != "api-gateway-public-rate-limiting" {
			t.Errorf("not suppressed: %+v", v)
		}
	}
	if w := res.Worst(); w != SeverityInfo {
		t.Errorf("worst %q: suppressed violations count", w)
	}
}

// A suppression naming a rule the catalogue does not have (a typo, or a rule
// a catalogue update removed) leaves the design readable: it is a warning,
// with the near miss, where the suppression is written.
func TestSuppressionOfAnUnknownRule(t *testing.T) {
	cat := mustDefault(t)
	d, errs := cat.ReadDesign("t.yaml", []byte("nodes: [{ id: \"jobs\", component: \"aws-sqs\" }]\nsuppress:\n  - { rule: \"queue-dead-letter-queue-configurd\", node: \"jobs\", reason: \"A typo.\" }\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, v := range cat.Resolve(d).Violations {
		if v.Rule == RuleUnusedSuppression {
			if v.Severity != SeverityWarning || !strings.Contains(v.Message, "which this catalogue does not have; did you mean `queue-dead-letter-queue-configured`?") {
				t.Errorf("%+v", v)
			}
			if got := d.PosOf(v).String(); got != "t.yaml:3:5" {
				t.Errorf("at %s", got)
			}
			return
		}
	}
	t.Error("not reported")
}

// A suppression without a reason, or naming a node that does not exist, is
// refused with its position.
func TestSuppressionErrors(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct{ src, want string }{
		{`suppress: [{ rule: "limit" }]`, "d.yaml:2:12: suppress[0]: `reason` is required"},
		{`suppress: [{ rule: "limit", reason: " " }]`, "d.yaml:2:37: suppress[0].reason: must not be empty"},
		{`suppress: [{ rule: "limit", node: "fnn", reason: "x" }]`, "d.yaml:2:35: suppress[0].node: no node has the id `fnn`; did you mean `fn`?"},
		{`suppress: [{ rule: "limit", reason: "x" }, { rule: "limit", reason: "y" }]`, "already acknowledges rule `limit`"},
		{`suppress: { rule: "limit", reason: "x" }`, "suppress: expected a list of suppressions"},
	} {
		_, errs := cat.ReadDesign("d.yaml", []byte("nodes: [{ id: \"fn\", component: \"aws-lambda\" }]\n"+tc.src+"\n"))
		if len(errs) == 0 || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.src, errs, tc.want)
		}
	}
}

// manySuppressed is a design of n kafka nodes, each breaking
// stream-durable-acks-need-replicas, with one suppression per node.
func manySuppressed(n int) *Design {
	d := &Design{}
	for i := range n {
		id := fmt.Sprintf("k-%d", i)
		d.Nodes = append(d.Nodes, Node{ID: id, Component: "kafka"})
		d.Suppress = append(d.Suppress, Suppression{Rule: "stream-durable-acks-need-replicas", Node: id, Reason: "sandbox"})
	}
	return d
}

// Suppressions are found by rule and node, so a suppression per node is
// as cheap as one (BenchmarkResolveSuppressed measures it).
func TestManySuppressions(t *testing.T) {
	cat := mustDefault(t)
	res := cat.Resolve(manySuppressed(2000))
	n := 0
	for _, v := range res.Violations {
		if v.Rule == "stream-durable-acks-need-replicas" {
			n++
			if !v.Suppressed {
				t.Fatalf("not suppressed: %+v", v)
			}
		}
		if v.Rule == RuleUnusedSuppression {
			t.Fatalf("unused: %+v", v)
		}
	}
	if n != 2000 {
		t.Errorf("%d violations, want 2000", n)
	}
}

func BenchmarkResolveSuppressed(b *testing.B) {
	cat := mustDefault(b)
	d := manySuppressed(MaxNodes)
	b.ReportAllocs()
	for b.Loop() {
		cat.Resolve(d)
	}
}
