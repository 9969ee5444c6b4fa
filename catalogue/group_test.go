package catalogue

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The issue's own example: groups nest, nodes sit in them and inherit what
// they say, each value with the group that says it.
const placedDesign = `groups:
  - { id: eu, boundary: region, props: { provider: aws, region: eu-west-1 } }
  - { id: eu-a, boundary: zone, in: eu, props: { zone: eu-west-1a } }
  - { id: vpc, boundary: network, in: eu, name: "Orders VPC" }
  - { id: private-a, boundary: subnet, in: vpc }
nodes:
  - { id: orders-db, component: aws-rds-postgresql, in: eu-a }
  - { id: api, component: aws-http-api, in: eu }
  - { id: orders-fn, component: aws-lambda, in: private-a }
  - { id: outside, component: kafka }
edges:
  - { from: api, to: orders-fn, flow: request, protocol: https, label: "POST /orders" }
`

func TestPlacement(t *testing.T) {
	cat := mustDefault(t)
	d, errs := cat.ReadDesign("p.yaml", []byte(placedDesign))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	res := cat.Resolve(d)
	placed := map[string]string{}
	for _, n := range res.Nodes {
		var parts []string
		for _, v := range n.PlacedValues() {
			parts = append(parts, v.Name+"="+v.Value.Text()+"("+string(v.Source)+" "+v.Group+")")
		}
		placed[n.ID] = strings.Join(n.Placement(), ">") + " " + strings.Join(parts, " ")
	}
	want := map[string]string{
		"orders-db": "eu>eu-a provider=aws(group eu) region=eu-west-1(group eu) zone=eu-west-1a(group eu-a)",
		"api":       "eu provider=aws(group eu) region=eu-west-1(group eu)",
		"orders-fn": "eu>vpc>private-a provider=aws(group eu) public=false(group private-a) region=eu-west-1(group eu)",
		"outside":   " ",
	}
	if !reflect.DeepEqual(placed, want) {
		t.Errorf("got  %v\nwant %v", placed, want)
	}
	// A group's own values are design-sourced, its boundary's defaults kind.
	for _, g := range res.Groups {
		if g.ID == "private-a" {
			if len(g.Values) != 3 || g.Values[1].Name != "public" || g.Values[1].Source != SourceKind {
				t.Errorf("private-a %+v", g.Values)
			}
		}
	}
	for _, v := range res.Violations {
		if v.Rule == RulePlacementProvider {
			t.Errorf("aws products in an aws region: %+v", v)
		}
	}
	assertRoundTrip(t, d)
}

// A product placed in another provider's region is an error.
func TestPlacementProvider(t *testing.T) {
	cat := mustDefault(t)
	res := evaluate(t, cat, "x.yaml", []byte("groups: [{ id: eu, boundary: region, props: { provider: aws } }]\nnodes:\n  - { id: bus, component: azure-service-bus, in: eu }\n  - { id: k, component: kafka, in: eu }\n"))
	var got []string
	for _, v := range res.Violations {
		if v.Rule == RulePlacementProvider {
			got = append(got, v.Node+": "+v.Message)
		}
	}
	if len(got) != 1 || got[0] != "bus: azure-service-bus is a azure product, but it sits in eu, which is aws's; place it in a azure group or choose a aws product" {
		t.Errorf("%q", got)
	}
}

// Where groups and nodes sit is checked, each problem where it is written.
func TestGroupErrors(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct{ src, want string }{
		{"groups: [{ id: a, boundary: region, in: nowhere }]\nnodes: []\n", "p.yaml:1:41: groups[0].in: no group has the id `nowhere`"},
		{"groups: [{ id: a, boundary: region, in: b }, { id: b, boundary: account, in: a }]\nnodes: []\n", "groups[0].in: `a` sits in itself (through b)"},
		{"groups: [{ id: a, boundary: region }]\nnodes: [{ id: n, component: kafka, in: aa }]\n", "p.yaml:2:40: nodes[0].in: no group has the id `aa`"},
		{"groups: [{ id: a, boundary: region }, { id: a, boundary: region }]\nnodes: []\n", "groups[1].id: `a` is already the id of groups[0]"},
		{"groups: [{ id: kafka, boundary: region }]\nnodes: [{ id: kafka, component: kafka }]\n", "groups[0].id: `kafka` is also the id of nodes[0]"},
		{"groups: [{ id: a, boundary: regoin }]\nnodes: []\n", "p.yaml:1:29: groups[0].boundary: unknown boundary `regoin`; did you mean `region`?"},
		{"groups: [{ id: a, boundary: zone }]\nnodes: []\n", "groups[0]: a zone sits in a region, network group, not at the top level"},
		{"groups: [{ id: acct, boundary: account }, { id: z, boundary: zone, in: acct }]\nnodes: []\n", "groups[1]: a zone sits in a region, network group, not in acct, a account"},
		{"groups: [{ id: a, boundary: region, props: { regoin: x } }]\nnodes: []\n", "groups[0].props.regoin: boundary `region` has no property `regoin`; did you mean `region`?"},
		{"groups: [{ id: a, boundary: subnet, in: b, props: { public: \"yes\" } }, { id: b, boundary: network }]\nnodes: []\n", "groups[0].props.public: \"yes\" is a string; public is a boolean"},
		{"groups: [{ id: a, boundary: region, props: { provider: amazon } }]\nnodes: []\n", "groups[0].props.provider: unknown provider `amazon`"},
	} {
		_, errs := cat.ReadDesign("p.yaml", []byte(tc.src))
		if len(errs) == 0 || !strings.Contains(errs.Lines()[0], tc.want) {
			t.Errorf("%s\ngot  %v\nwant %q", tc.src, errs, tc.want)
		}
	}
}

// A design may require its nodes to stay in some regions: each node placed
// in another is an error; one placed in no region is not judged.
func TestDataResidency(t *testing.T) {
	cat := mustDefault(t)
	src := `constraints:
  regions: ["eu-west-1", "eu-central-1"]
groups:
  - { id: eu, boundary: region, props: { provider: aws, region: eu-west-1 } }
  - { id: us, boundary: region, props: { provider: aws, region: us-east-1 } }
nodes:
  - { id: orders, component: aws-dynamodb, in: eu }
  - { id: backup, component: aws-s3, in: us }
  - { id: loose, component: aws-sqs }
`
	d, errs := cat.ReadDesign("r.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var got []string
	for _, v := range cat.Resolve(d).Violations {
		if v.Rule == RuleDataResidency {
			got = append(got, v.Message)
		}
	}
	if len(got) != 1 || got[0] != "backup sits in us-east-1 (group us), outside the regions the design allows (eu-west-1, eu-central-1); place it in one of them" {
		t.Errorf("%q", got)
	}
	assertRoundTrip(t, d)
}

// Deep chains and long cycles are checked in one pass over the groups, and
// a chain's placement is made when asked for.
func TestDeepGroupChains(t *testing.T) {
	var b strings.Builder
	b.WriteString("groups:\n  - { id: g-0, boundary: account }\n")
	for i := 1; i < 5000; i++ {
		b.WriteString("  - { id: g-" + itoa(i) + ", boundary: account, in: g-" + itoa(i-1) + " }\n")
	}
	b.WriteString("nodes: [{ id: n, component: kafka, in: g-4999 }]\n")
	d, errs := ParseDesign("deep.yaml", []byte(b.String()))
	for _, e := range errs {
		if e.Code == "cycle" {
			t.Fatalf("a chain reported as a cycle: %v", e)
		}
	}
	cat := mustDefault(t)
	res := cat.Resolve(d)
	if got := res.Nodes[0].Placement(); len(got) != 5000 || got[0] != "g-0" || got[4999] != "g-4999" {
		t.Errorf("placement of %d groups, from %v", len(got), got[:2])
	}
	// Every group of a ring is in a cycle; one report per ring.
	ring := "groups:\n  - { id: a, boundary: account, in: c }\n  - { id: b, boundary: account, in: a }\n  - { id: c, boundary: account, in: b }\n  - { id: d, boundary: account, in: a }\nnodes: []\n"
	_, errs = ParseDesign("ring.yaml", []byte(ring))
	cycles := 0
	for _, e := range errs {
		if e.Code == "cycle" {
			cycles++
		}
	}
	if cycles != 1 {
		t.Errorf("%d cycle reports for one ring: %v", cycles, errs)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// A vendor-neutral product runs where it is placed: self-run Kafka in an AWS
// region talking to an Azure product crosses providers.
func TestProviderByPlacement(t *testing.T) {
	cat := mustDefault(t)
	res := evaluate(t, cat, "x.yaml", []byte("groups: [{ id: eu, boundary: region, props: { provider: aws } }]\nnodes:\n  - { id: k, component: kafka, in: eu }\n  - { id: bus, component: azure-service-bus }\n  - { id: other, component: kafka }\nedges:\n  - { from: k, to: bus }\n  - { from: other, to: bus }\n"))
	var got []string
	for _, v := range res.Violations {
		if v.Rule == "cross-provider-connection" {
			got = append(got, v.Edge.From+": "+v.Message)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "k: k (aws) talks to bus (azure)") {
		t.Errorf("%q", got)
	}
}

// A design names at most MaxRegions allowed regions.
func TestTooManyRegions(t *testing.T) {
	var b strings.Builder
	b.WriteString("constraints:\n  regions: [")
	for i := 0; i <= MaxRegions; i++ {
		b.WriteString("r" + itoa(i) + ", ")
	}
	b.WriteString("x]\nnodes: []\n")
	_, errs := ParseDesign("r.yaml", []byte(b.String()))
	if len(errs) != 1 || errs[0].Code != "too-large" {
		t.Errorf("%v", errs)
	}
}

// A node pinned to one zone is warned about unless the design gives it a
// replica (replicaOf) elsewhere: rules read the count as design.replicas.
func TestReplicasAnswerSingleZone(t *testing.T) {
	cat := mustDefault(t)
	src := `groups:
  - { id: eu, boundary: region, props: { provider: aws, region: eu-west-1 } }
  - { id: a, boundary: zone, in: eu, props: { zone: eu-west-1a } }
  - { id: b, boundary: zone, in: eu, props: { zone: eu-west-1b } }
nodes:
  - { id: alone, component: service, in: a }
  - { id: w1, component: service, in: a }
  - { id: w2, component: service, in: b, replicaOf: w3 }
  - { id: w3, component: service, in: b, replicaOf: w1 }
  - { id: s1, component: service, in: a }
  - { id: s2, component: service, in: a, replicaOf: s1 }
`
	d, errs := cat.ReadDesign("r.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var got []string
	for _, v := range cat.Resolve(d).Violations {
		if v.Rule == "single-zone-placement" {
			got = append(got, v.Node)
		}
	}
	// s1 and s2 are copies in one zone: that zone's loss takes both.
	if !slices.Equal(got, []string{"alone", "s1", "s2"}) {
		t.Errorf("single-zone-placement on %v, want alone, s1 and s2", got)
	}
	assertRoundTrip(t, d)
}

func TestReplicaOfErrors(t *testing.T) {
	cat := mustDefault(t)
	for src, want := range map[string]string{
		"nodes:\n  - { id: a, component: service, replicaOf: a }\n":                         "nodes[0].replicaOf: `a` is the node itself",
		"nodes:\n  - { id: a, component: service, replicaOf: bee }\n":                       "nodes[0].replicaOf: no node has the id `bee`",
		"nodes:\n  - { id: a, component: service, replicaOf: 3 }\n":                         "nodes[0].replicaOf: expected a string",
		"nodes:\n  - { id: a, component: service, assume: {} }\n":                           "nodes[0].assume: state `availability`",
		"nodes:\n  - { id: a, component: service, assume: {availability: 120} }\n":          "is not a percentage above 0 and at most 100",
		"nodes:\n  - { id: a, component: service, objectives: {availability: 99.99999} }\n": "at most four decimals",
		"nodes:\n  - { id: a, component: service, durability: {failuresTolerated: 0} }\n":   "is not between 1 and 100",
		"nodes:\n  - { id: a, component: service, durability: {} }\n":                       "`failuresTolerated` is required",
		"objectives: {}\nnodes: []\n":                                                       "objectives: state `availability`",
		"objectives: {availability: \"high\"}\nnodes: []\n":                                 "objectives.availability: expected a number",
		"nodes:\n  - { id: a, component: service, entry: yes }\n":                           "nodes[0].entry",
	} {
		_, errs := cat.ReadDesign("r.yaml", []byte(src))
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), want) {
			t.Errorf("%s: got %v, want %q", src, errs, want)
		}
	}
}

// An empty group's kept position is read, written in YAML and JSON, and
// read back.
func TestGroupPosition(t *testing.T) {
	d, errs := ParseDesign("d.yaml", []byte("groups:\n  - { id: eu, boundary: region, position: { x: 300, y: -40 } }\nnodes: []\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if p := d.Groups[0].Position; p == nil || *p != (Point{X: 300, Y: -40}) {
		t.Fatalf("position %+v", p)
	}
	assertRoundTrip(t, d)
	if y := string(EncodeDesignYAML(d)); !strings.Contains(y, "  - {id: \"eu\", boundary: \"region\", position: {x: 300, y: -40}}\n") {
		t.Errorf("YAML:\n%s", y)
	}
	j := EncodeDesignJSON(d)
	if !strings.Contains(string(j), `"groups":[{"id":"eu","boundary":"region","position":{"x":300,"y":-40}}]`) {
		t.Errorf("JSON: %s", j)
	}
	if back, errs := ParseDesign("d.json", j); len(errs) > 0 || !reflect.DeepEqual(back.Groups, d.Groups) {
		t.Errorf("JSON read back: %v %+v", errs, back.Groups)
	}
	if _, errs := ParseDesign("d.yaml", []byte("groups:\n  - { id: eu, boundary: region, position: { x: 1 } }\nnodes: []\n")); len(errs) == 0 {
		t.Error("a position without y is read")
	}
}
