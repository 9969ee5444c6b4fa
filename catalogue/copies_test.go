package catalogue

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// twoZones is a region with zones a, b and c, for the tests below.
const twoZones = `groups:
  - { id: eu, boundary: region, props: { provider: aws, region: eu-west-1 } }
  - { id: a, boundary: zone, in: eu, props: { zone: eu-west-1a } }
  - { id: b, boundary: zone, in: eu, props: { zone: eu-west-1b } }
  - { id: c, boundary: zone, in: eu, props: { zone: eu-west-1c } }
`

// Nodes of one component with the same callers and callees, over two zones
// or more, are copies; anything else that tells them apart is not.
func TestFindCopies(t *testing.T) {
	for _, tc := range []struct {
		name, nodes, edges string
		want               [][]string // the sets, by id
		why                string     // a set's reason holds this
	}{
		{
			name: "one per zone, same neighbours",
			nodes: `  - { id: lb, component: aws-alb, in: eu }
  - { id: app-a, component: service, in: a }
  - { id: app-b, component: service, in: b }
  - { id: db, component: aws-rds-postgresql, in: eu }
`,
			edges: `  - { from: lb, to: app-a }
  - { from: lb, to: app-b }
  - { from: app-b, to: db }
  - { from: app-a, to: db }
`,
			want: [][]string{{"app-a", "app-b"}},
			why:  "same component (service), same callers and callees, in zones a and b",
		},
		{
			name: "workers of one queue, three zones",
			nodes: `  - { id: q, component: aws-sqs, in: eu }
  - { id: w1, component: service, in: a }
  - { id: w2, component: service, in: b }
  - { id: w3, component: service, in: c }
  - { id: w4, component: service, in: c }
`,
			edges: `  - { from: q, to: w1, flow: event }
  - { from: q, to: w2, flow: event }
  - { from: q, to: w3, flow: event }
  - { from: q, to: w4, flow: event }
`,
			want: [][]string{{"w1", "w2", "w3", "w4"}},
			why:  "in zones a, b and c",
		},
		{
			name: "one zone: they fall together",
			nodes: `  - { id: lb, component: aws-alb, in: eu }
  - { id: app-a, component: service, in: a }
  - { id: app-b, component: service, in: a }
`,
			edges: "  - { from: lb, to: app-a }\n  - { from: lb, to: app-b }\n",
		},
		{
			name: "different callees: path routing",
			nodes: `  - { id: lb, component: aws-alb, in: eu }
  - { id: orders, component: service, in: a }
  - { id: users, component: service, in: b }
  - { id: odb, component: aws-rds-postgresql, in: eu }
  - { id: udb, component: aws-rds-postgresql, in: eu }
`,
			edges: `  - { from: lb, to: orders }
  - { from: lb, to: users }
  - { from: orders, to: odb }
  - { from: users, to: udb }
`,
		},
		{
			name: "different components",
			nodes: `  - { id: lb, component: aws-alb, in: eu }
  - { id: x, component: service, in: a }
  - { id: y, component: aws-ecs, in: b }
`,
			edges: "  - { from: lb, to: x }\n  - { from: lb, to: y }\n",
		},
		{
			name: "two stores of one product keep their own data",
			nodes: `  - { id: app, component: service, in: eu }
  - { id: orders-db, component: aws-rds-postgresql, in: a }
  - { id: users-db, component: aws-rds-postgresql, in: b }
`,
			edges: "  - { from: app, to: orders-db }\n  - { from: app, to: users-db }\n",
		},
		{
			name: "a node that says it runs in one zone",
			nodes: `  - { id: lb, component: aws-alb, in: eu }
  - { id: app-a, component: service, in: eu, zones: [a] }
  - { id: app-b, component: service, in: b }
`,
			edges: "  - { from: lb, to: app-a }\n  - { from: lb, to: app-b }\n",
			want:  [][]string{{"app-a", "app-b"}},
		},
		{
			name: "said apart",
			nodes: `  - { id: lb, component: aws-alb, in: eu }
  - { id: app-a, component: service, in: a }
  - { id: app-b, component: service, in: b, notReplica: true }
`,
			edges: "  - { from: lb, to: app-a }\n  - { from: lb, to: app-b }\n",
		},
		{
			name: "no neighbours: nothing to copy",
			nodes: `  - { id: app-a, component: service, in: a }
  - { id: app-b, component: service, in: b }
`,
		},
		{
			name: "stated sets stay as stated",
			nodes: `  - { id: lb, component: aws-alb, in: eu }
  - { id: app-a, component: service, in: a }
  - { id: app-b, component: service, in: b, replicaOf: app-a }
  - { id: app-c, component: service, in: c }
`,
			edges: "  - { from: lb, to: app-a }\n  - { from: lb, to: app-b }\n  - { from: lb, to: app-c }\n",
			want:  [][]string{{"app-a", "app-b"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := twoZones + "nodes:\n" + tc.nodes
			if tc.edges != "" {
				src += "edges:\n" + tc.edges
			}
			d, errs := ParseDesign("c.yaml", []byte(src))
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			c := mustDefault(t).FindCopies(d)
			var got [][]string
			var why []string
			if c != nil {
				for s, m := range c.Members {
					var ids []string
					for _, i := range m {
						ids = append(ids, d.Nodes[i].ID)
						if c.Set[i] != int32(s) {
							t.Errorf("%s is in set %d, listed in %d", d.Nodes[i].ID, c.Set[i], s)
						}
					}
					got = append(got, ids)
					why = append(why, c.Why[s])
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("sets %v, want %v", got, tc.want)
			}
			if tc.why != "" && !strings.Contains(why[0], tc.why) {
				t.Errorf("why %q, want it to say %q", why[0], tc.why)
			}
		})
	}
}

// Inferred copies answer the single-zone rule as stated ones do: a node
// with a copy in another zone does not fall with its zone.
func TestInferredCopiesAnswerSingleZone(t *testing.T) {
	cat := mustDefault(t)
	src := twoZones + `nodes:
  - { id: lb, component: aws-alb, in: eu }
  - { id: app-a, component: service, in: a }
  - { id: app-b, component: service, in: b }
  - { id: alone, component: service, in: a }
edges:
  - { from: lb, to: app-a }
  - { from: lb, to: app-b }
  - { from: lb, to: alone, flow: data }
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
	if !slices.Equal(got, []string{"alone"}) {
		t.Errorf("single-zone-placement on %v, want alone only", got)
	}
	// Saying the copies apart brings the warning back, and the
	// incremental resolver sees the edit.
	r := NewResolver(cat)
	r.Resolve(d, nil)
	d.Nodes[2].NotReplica = true
	got = got[:0]
	for _, v := range r.Resolve(d, nil).Violations {
		if v.Rule == "single-zone-placement" {
			got = append(got, v.Node)
		}
	}
	if !slices.Equal(got, []string{"app-a", "app-b", "alone"}) {
		t.Errorf("with notReplica: single-zone-placement on %v, want app-a, app-b, alone", got)
	}
}

// zones, notReplica: read, written and read back the same, in YAML and
// JSON; bad values are refused with where and what would be right.
func TestNodeZones(t *testing.T) {
	src := twoZones + `nodes:
  - id: asg
    component: aws-ec2
    in: eu
    zones: [a, b, c]
  - id: mig
    component: service
    in: eu
    zones: 3
  - id: app
    component: service
    in: a
    notReplica: true
`
	d, errs := ParseDesign("z.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if !slices.Equal(d.Nodes[0].Zones, []string{"a", "b", "c"}) || d.Nodes[1].ZoneCount != 3 || !d.Nodes[2].NotReplica {
		t.Fatalf("%+v", d.Nodes)
	}
	assertRoundTrip(t, d)
	back, errs := ParseDesign("z.json", EncodeDesignJSON(d))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	a, b := *d, *back
	a.Positions, b.Positions = nil, nil
	if !reflect.DeepEqual(a, b) {
		t.Errorf("JSON changed the design:\n%+v\n%+v", a, b)
	}
	for _, tc := range []struct{ node, want string }{
		{"{ id: x, component: service, in: eu, zones: [a, nowhere] }", "z.yaml:9:53: nodes[0].zones[1]: no group has the id `nowhere`"},
		{"{ id: x, component: service, in: eu, zones: [a, eu] }", "z.yaml:9:53: nodes[0].zones[1]: `eu` is a region, not a zone"},
		{"{ id: x, component: service, in: eu, zones: [a, a] }", "nodes[0].zones[1]: `a` is listed already (zones[0])"},
		{"{ id: x, component: service, in: eu, zones: [] }", "nodes[0].zones: the list is empty"},
		{"{ id: x, component: service, in: eu, zones: 0 }", "nodes[0].zones: 0 is not between 1 and 64"},
		{"{ id: x, component: service, in: eu, zones: 65 }", "nodes[0].zones: 65 is not between 1 and 64"},
		{"{ id: x, component: service, in: eu, zones: a }", "nodes[0].zones"},
		{"{ id: x, component: service, in: a, zones: 2 }", "nodes[0].zones: the node sits in zone a, so it runs there only"},
		{"{ id: x, component: service, in: a, zones: [b, c] }", "nodes[0].in: the node sits in zone a, which its zones (b, c) leave out"},
		{"{ id: x, component: service, in: net, zones: [b, c] }", "nodes[0].in: the node sits in zone a, which its zones (b, c) leave out"},
		{"{ id: y, component: service, in: us, zones: [a] }", "nodes[0].zones[0]: zone `a` is not in region us, where the node sits; list zones of its region"},
		{"{ id: x, component: service, replicaOf: y, notReplica: true }\n  - { id: y, component: service }", "nodes[0]: `replicaOf` says the node is a copy of y and `notReplica` that it is no copy; keep one"},
	} {
		_, errs := mustDefault(t).ReadDesign("z.yaml", []byte(twoZones+"  - { id: net, boundary: subnet, in: a }\n  - { id: us, boundary: region }\nnodes:\n  - "+tc.node+"\n"))
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.node, errs, tc.want)
		}
	}
}

// A node that says it runs in several zones does not fall with the one it
// is drawn in: the single-zone rule counts its other zones.
func TestNodeInSeveralZonesAnswersSingleZone(t *testing.T) {
	cat := mustDefault(t)
	d, errs := cat.ReadDesign("r.yaml", []byte(twoZones+`nodes:
  - { id: spread, component: service, in: a, zones: [a, b] }
  - { id: alone, component: service, in: a }
`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var got []string
	for _, v := range cat.Resolve(d).Violations {
		if v.Rule == "single-zone-placement" {
			got = append(got, v.Node)
		}
	}
	if !slices.Equal(got, []string{"alone"}) {
		t.Errorf("single-zone-placement on %v, want alone only", got)
	}
}
