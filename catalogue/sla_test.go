package catalogue

import (
	"strings"
	"testing"
	"testing/fstest"
)

// withSLA is the base catalogue with body as its queue component's `sla:`.
func withSLA(body string) fstest.MapFS {
	files := baseFiles()
	src := string(files["components/queue.yaml"].Data) + "sla:\n" + body
	files["components/queue.yaml"] = &fstest.MapFile{Data: []byte(src)}
	return files
}

// An SLA's `zones` is read as the number of zones a region-level SLA needs;
// SLAIn takes the first SLA whose settings hold and whose zones are met, and
// DescribeSLA says the condition in words.
func TestSLAZones(t *testing.T) {
	c, err := Load(Layer{Name: "cat", FS: withSLA(`  - uptime: 99.99
    zones: 2
    docs: "https://example.org/sla"
  - uptime: 99.9
    when: {fifo: false}
    zones: 3
    docs: "https://example.org/sla"
  - uptime: 99.5
    docs: "https://example.org/sla"
    note: "each instance"
`)})
	if err != nil {
		t.Fatal(err)
	}
	comp := c.Components["queue"]
	if len(comp.SLA) != 3 || comp.SLA[0].Zones != 2 || comp.SLA[1].Zones != 3 || comp.SLA[2].Zones != 0 {
		t.Fatalf("SLA = %+v", comp.SLA)
	}
	d, errs := ParseDesign("d.yaml", []byte("nodes:\n  - { id: q, component: queue }\n"))
	if len(errs) == 0 {
		errs = c.Check(d)
	}
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	n := &c.Resolve(d).Nodes[0]
	for _, tc := range []struct {
		zones int
		want  float64
	}{{0, 99.5}, {1, 99.5}, {2, 99.99}, {3, 99.99}, {10, 99.99}} {
		if got := comp.SLAIn(n, tc.zones); got == nil || got.Uptime != tc.want {
			t.Errorf("SLAIn(%d zones) = %+v, want %v", tc.zones, got, tc.want)
		}
	}
	if got := comp.SLAFor(n); got == nil || got.Uptime != 99.5 {
		t.Errorf("SLAFor of a node without multiZone = %+v, want the one-zone 99.5", got)
	}
	for i, want := range []string{"in two or more zones", "fifo false, in three or more zones", ""} {
		if got := DescribeSLA(&comp.SLA[i]); got != want {
			t.Errorf("DescribeSLA(sla[%d]) = %q, want %q", i, got, want)
		}
	}
	if got := DescribeSLA(&SLA{Zones: 12}); got != "in 12 or more zones" {
		t.Errorf("DescribeSLA of 12 zones = %q", got)
	}
}

// A `zones` that is not an integer from 2 to 10 is refused at its position,
// with what it should be.
func TestSLAZonesRefused(t *testing.T) {
	head := "  - uptime: 99.99\n    docs: \"https://example.org/sla\"\n    zones: "
	for _, tc := range []struct {
		name, value, want string
	}{
		{"one zone", "1", "cat/components/queue.yaml:12:12: [out-of-range] sla[0].zones: 1 is not between 2 and 10: the number of availability zones the product must run in for the SLA to apply (2 for \"two or more zones\"); leave it out for an SLA with no zone condition"},
		{"eleven zones", "11", "cat/components/queue.yaml:12:12: [out-of-range] sla[0].zones: 11 is not between 2 and 10"},
		{"a word", "two", "cat/components/queue.yaml:12:12: [wrong-type] sla[0].zones"},
		{"a fraction", "2.5", "cat/components/queue.yaml:12:12: [wrong-type] sla[0].zones"},
		{"a boolean", "true", "cat/components/queue.yaml:12:12: [wrong-type] sla[0].zones"},
		{"a list", "[2]", "cat/components/queue.yaml:12:12: [wrong-type] sla[0].zones"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(Layer{Name: "cat", FS: withSLA(head + tc.value + "\n")})
			list, _ := err.(ErrorList)
			if len(list) != 1 {
				t.Fatalf("%d problems, want 1: %v", len(list), err)
			}
			got := list[0].Pos.String() + ": [" + string(list[0].Code) + "] " + list[0].Msg
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got\n%s\nwant it to start with\n%s", got, tc.want)
			}
		})
	}
}

// slaCase is a configuration of a product and the uptime its SLA gives it
// (0: no SLA covers it) when the node, or its pool, runs in zones zones.
type slaCase struct {
	component, props string
	zones            int
	want             float64
}

// slaCases are, for every product whose SLA depends on its configuration,
// the configurations its SLA page names and the uptime each gets.
var slaCases = []slaCase{
	// Amazon Compute SLA: Region-Level 99.99 with instances in two or more
	// AZs, Instance-Level 99.5 for each instance; ECS and Fargate have only
	// the Region-Level SLA.
	{"aws-ec2", "{}", 1, 99.5},
	{"aws-ec2", "{ multiZone: true }", 1, 99.5},
	{"aws-ec2", "{}", 2, 99.99},
	{"aws-ec2", "{ instances: 3 }", 3, 99.99},
	{"aws-ec2-auto-scaling", "{}", 1, 99.5},
	{"aws-ec2-auto-scaling", "{}", 2, 99.99},
	{"aws-ecs", "{}", 1, 0},
	{"aws-ecs", "{ serverlessNodes: true }", 2, 99.99},
	{"azure-virtual-machines", "{}", 1, 0}, // by its disks, which the kind cannot state
	{"azure-virtual-machines", "{}", 2, 99.99},
	{"gcp-compute-engine", "{}", 1, 99.9},
	{"gcp-compute-engine", "{}", 2, 99.99},
	{"gcp-managed-instance-groups", "{}", 1, 99.9},
	{"gcp-managed-instance-groups", "{}", 3, 99.99},
	// MemoryDB and ElastiCache: a Multi-AZ configuration 99.99, replicas in
	// one zone 99.5.
	{"aws-memorydb", "{}", 1, 99.5},
	{"aws-memorydb", "{ replication: true }", 1, 99.5},
	{"aws-memorydb", "{ replication: true, multiZone: true }", 1, 99.99},
	{"aws-elasticache-valkey", "{}", 1, 99.5},
	{"aws-elasticache-valkey", "{ replication: true }", 1, 99.5},
	{"aws-elasticache-valkey", "{ replication: true, multiZone: true }", 1, 99.99},
	// Cloud Storage: the bucket's location type.
	{"gcp-cloud-storage", "{}", 1, 99.9},
	{"gcp-cloud-storage", "{ replication: true }", 1, 99.9},
	{"gcp-cloud-storage", "{ redundancy: region }", 1, 99.9},
	{"gcp-cloud-storage", "{ redundancy: multi-region }", 1, 99.95},
	// GKE: a regional control plane 99.95, a zonal one 99.5, whatever the
	// nodes' zones.
	{"gcp-gke", "{}", 1, 99.5},
	{"gcp-gke", "{ multiZone: true }", 2, 99.5},
	{"gcp-gke", "{ controlPlane: zonal }", 1, 99.5},
	{"gcp-gke", "{ controlPlane: regional }", 1, 99.95},
	// Bigtable: multi-cluster routing over a replicated instance.
	{"gcp-bigtable", "{}", 1, 99.9},
	{"gcp-bigtable", "{ multiRegion: true }", 1, 99.9},
	{"gcp-bigtable", "{ multiClusterRouting: true }", 1, 99.9},
	{"gcp-bigtable", "{ multiClusterRouting: true, multiZone: true }", 1, 99.99},
	{"gcp-bigtable", "{ multiClusterRouting: true, multiRegion: true }", 1, 99.99},
	// The products already keyed on the configuration their page names.
	{"aws-rds-postgresql", "{}", 1, 99.5},
	{"aws-rds-postgresql", "{ highAvailability: true }", 1, 99.95},
	{"aws-aurora-postgresql", "{}", 1, 99.9},
	{"aws-aurora-postgresql", "{ highAvailability: true, multiZone: true }", 1, 99.99},
	{"aws-dynamodb", "{}", 1, 99.99},
	{"aws-dynamodb", "{ multiRegion: true }", 1, 99.999},
	{"aws-redshift", "{}", 1, 99.9},
	{"aws-redshift", "{ multiZone: true }", 1, 99.99},
	{"aws-eks", "{}", 1, 99.95},
	{"azure-aks", "{}", 1, 0},
	{"azure-aks", "{ controlPlaneSla: true }", 1, 99.9},
	{"azure-aks", "{ controlPlaneSla: true, multiZone: true }", 1, 99.95},
	{"azure-cosmos-db", "{}", 1, 99.99},
	{"azure-cosmos-db", "{ multiRegion: true }", 1, 99.99},
	{"azure-cosmos-db", "{ multiRegion: true, multiRegionWrites: true }", 1, 99.999},
	{"azure-database-for-postgresql", "{}", 1, 0},
	{"azure-database-for-postgresql", "{ highAvailability: true }", 1, 99.95},
	{"azure-database-for-postgresql", "{ highAvailability: true, multiZone: true }", 1, 99.99},
	{"azure-managed-redis", "{}", 1, 99.9},
	{"alibaba-elasticsearch", "{}", 1, 99.9},
	{"alibaba-elasticsearch", "{ multiZone: true }", 1, 99.95},
	{"gcp-cloud-sql-postgresql", "{}", 1, 0},
	{"gcp-cloud-sql-postgresql", "{ highAvailability: true }", 1, 99.95},
	{"gcp-firestore", "{}", 1, 99.99},
	{"gcp-firestore", "{ multiRegion: true }", 1, 99.999},
	{"gcp-memorystore-redis", "{}", 1, 0},
	{"gcp-memorystore-redis", "{ replication: true }", 1, 99.9},
}

// Each product with a conditional SLA gives each configuration the uptime
// its SLA page states for it, and the table covers every such product.
func TestSLAByConfiguration(t *testing.T) {
	cat := mustDefault(t)
	covered := map[string]bool{}
	for _, tc := range slaCases {
		covered[tc.component] = true
		t.Run(tc.component+" "+tc.props, func(t *testing.T) {
			comp := cat.Components[tc.component]
			if comp == nil {
				t.Fatalf("no component %s", tc.component)
			}
			res := evaluate(t, cat, "d.yaml", []byte("nodes:\n  - { id: n, component: "+tc.component+", props: "+tc.props+" }\n"))
			got := comp.SLAIn(&res.Nodes[0], tc.zones)
			switch {
			case tc.want == 0 && got != nil:
				t.Errorf("in %d zones: SLA %v (%s), want none", tc.zones, got.Uptime, DescribeSLA(got))
			case tc.want != 0 && got == nil:
				t.Errorf("in %d zones: no SLA, want %v", tc.zones, tc.want)
			case tc.want != 0 && got.Uptime != tc.want:
				t.Errorf("in %d zones: SLA %v (%s), want %v", tc.zones, got.Uptime, DescribeSLA(got), tc.want)
			}
		})
	}
	for _, id := range cat.ComponentIDs() {
		conditional := false
		for _, s := range cat.Components[id].SLA {
			conditional = conditional || len(s.When) > 0 || s.Zones > 0
		}
		if conditional && !covered[id] {
			t.Errorf("%s has a conditional SLA and no case in slaCases", id)
		}
	}
}

// A component's guarantees read the properties their conditions name, and
// multiZone where an SLA needs zones (SLAFor counts zones from it).
func TestGuaranteesRead(t *testing.T) {
	cat := mustDefault(t)
	for _, tc := range []struct {
		component, property string
		want                bool
	}{
		{"aws-ec2", "multiZone", true},
		{"aws-ec2", "instances", false},
		{"aws-ecs", "multiZone", true},
		{"aws-rds-postgresql", "highAvailability", true},
		{"aws-rds-postgresql", "multiZone", false},
		{"gcp-gke", "controlPlane", true},
		{"gcp-gke", "multiZone", false},
		{"gcp-bigtable", "multiClusterRouting", true},
		{"aws-memorydb", "multiZone", true},
		{"nats-jetstream", "multiZone", false},
	} {
		if got := cat.Components[tc.component].GuaranteesRead(tc.property); got != tc.want {
			t.Errorf("%s reads %s: %v, want %v", tc.component, tc.property, got, tc.want)
		}
	}
}
