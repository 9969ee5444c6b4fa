package catalogue

import (
	"strings"
	"testing"
	"testing/fstest"
)

// withRecovery is the base catalogue with body (a `recovery:` section) at
// the end of its queue component.
func withRecovery(body string) fstest.MapFS {
	files := baseFiles()
	src := string(files["components/queue.yaml"].Data) + body
	files["components/queue.yaml"] = &fstest.MapFile{Data: []byte(src)}
	return files
}

// A component's recovery facts load with their figures, docs and
// configuration; a figure left out is unknown (nil); RecoveryFor picks the
// first that matches the failure and the node's settings.
func TestComponentRecovery(t *testing.T) {
	c, err := Load(Layer{Name: "cat", FS: withRecovery(`recovery:
  - of: zone
    when: {fifo: true}
    rtoSeconds: 120
    rpoSeconds: 0
    docs: "https://example.org/failover"
    note: "failover typically completes within 60–120 seconds"
  - of: zone
    rpoSeconds: 0
    docs: "https://example.org/replication"
  - of: region
    docs: "https://example.org/region"
    note: "no figure"
`)})
	if err != nil {
		t.Fatal(err)
	}
	comp := c.Components["queue"]
	if len(comp.Recovery) != 3 {
		t.Fatalf("Recovery = %+v", comp.Recovery)
	}
	r := comp.Recovery[0]
	if r.Of != "zone" || r.RTOSeconds == nil || *r.RTOSeconds != 120 || r.RPOSeconds == nil || *r.RPOSeconds != 0 ||
		r.Docs != "https://example.org/failover" || !strings.Contains(r.Note, "60–120") || len(r.When) != 1 || r.Pos.Line != 10 {
		t.Errorf("recovery[0] = %+v", r)
	}
	if r := comp.Recovery[1]; r.RTOSeconds != nil || r.RPOSeconds == nil {
		t.Errorf("recovery[1]: a figure left out is not nil: %+v", r)
	}
	node := func(fifo bool) *ResolvedNode {
		res := c.Resolve(&Design{Nodes: []Node{{ID: "q", Component: "queue", Props: map[string]Value{"fifo": BoolValue(fifo)}}}})
		return &res.Nodes[0]
	}
	if got := comp.RecoveryFor(node(true), "zone"); got != &comp.Recovery[0] {
		t.Errorf("fifo true, zone: %+v", got)
	}
	if got := comp.RecoveryFor(node(false), "zone"); got != &comp.Recovery[1] {
		t.Errorf("fifo false, zone: %+v", got)
	}
	if got := comp.RecoveryFor(node(false), "region"); got != &comp.Recovery[2] {
		t.Errorf("region: %+v", got)
	}
	if got := comp.RecoveryFor(node(false), "node"); got != nil {
		t.Errorf("node: %+v, want none", got)
	}
}

// A broken recovery fact is refused at its position, with a code, saying
// what is wrong and what would be right.
func TestComponentRecoveryErrors(t *testing.T) {
	cases := []struct {
		name, body, want string
	}{
		{"no docs", "recovery:\n  - { of: zone, rtoSeconds: 60 }\n", "cat/components/queue.yaml:10:5: recovery[0]: `docs` is required: the official page that states the failover and replication figures"},
		{"no of", "recovery:\n  - { rtoSeconds: 60, docs: \"https://example.org/x\" }\n", "cat/components/queue.yaml:10:5: recovery[0]: `of` is required: what is lost (node, zone, region)"},
		{"bad of", "recovery:\n  - { of: zome, docs: \"https://example.org/x\" }\n", "cat/components/queue.yaml:10:11: recovery[0].of: `zome` is not one of node, zone, region; did you mean `zone`?"},
		{"negative seconds", "recovery:\n  - { of: zone, rtoSeconds: -1, docs: \"https://example.org/x\" }\n", "cat/components/queue.yaml:10:29: recovery[0].rtoSeconds: -1 is not between 0 and 31536000: write how long until it serves again in seconds, or leave it out where no document states it"},
		{"seconds as text", "recovery:\n  - { of: zone, rpoSeconds: \"1s\", docs: \"https://example.org/x\" }\n", "cat/components/queue.yaml:10:29: recovery[0].rpoSeconds: expected an integer, found the string \"1s\""},
		{"fraction of a second", "recovery:\n  - { of: zone, rpoSeconds: 0.5, docs: \"https://example.org/x\" }\n", "cat/components/queue.yaml:10:29: recovery[0].rpoSeconds: expected an integer, found the number 0.5"},
		{"when names no property", "recovery:\n  - { of: zone, when: {fifoo: true}, docs: \"https://example.org/x\" }\n", "cat/components/queue.yaml:10:24: recovery[0].when: queue has no property `fifoo`; did you mean `fifo`?"},
		{"unknown key", "recovery:\n  - { of: zone, rto: 60, docs: \"https://example.org/x\" }\n", "cat/components/queue.yaml:10:17: recovery[0]: unknown key `rto`; did you mean `rtoSeconds`? (allowed: of, when, rtoSeconds, rpoSeconds, docs, note)"},
		{"not a list", "recovery: {of: zone}\n", "cat/components/queue.yaml:9:11: recovery: expected a list of facts, each { of, when, rtoSeconds, rpoSeconds, docs, note }, found a mapping"},
		{"docs not https", "recovery:\n  - { of: zone, docs: \"example.org\" }\n", "cat/components/queue.yaml:10:23: recovery[0].docs: \"example.org\" is not an absolute https URL to the official documentation"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(Layer{Name: "cat", FS: withRecovery(tc.body)})
			if err == nil {
				t.Fatal("loaded without error")
			}
			list := err.(ErrorList)
			for _, e := range list {
				if e.Code == "" {
					t.Errorf("no code: %s", e)
				}
			}
			if got := strings.Join(list.Lines(), "\n"); got != tc.want {
				t.Errorf("errors:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// A snapshot carries the recovery facts.
func TestSnapshotKeepsRecovery(t *testing.T) {
	files := withRecovery("recovery:\n  - { of: zone, when: {fifo: true}, rtoSeconds: 120, docs: \"https://example.org/x\", note: \"n\" }\n")
	c, err := Load(Layer{Name: "cat", FS: files})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := c.Snapshot(files)
	if err != nil {
		t.Fatal(err)
	}
	back, err := LoadSnapshot(string(snap), files)
	if err != nil {
		t.Fatal(err)
	}
	got := back.Components["queue"].Recovery
	if len(got) != 1 || got[0].Of != "zone" || *got[0].RTOSeconds != 120 || got[0].RPOSeconds != nil || got[0].Note != "n" || len(got[0].When) != 1 || got[0].Pos != c.Components["queue"].Recovery[0].Pos {
		t.Errorf("after a snapshot: %+v", got)
	}
}

// The catalogue's recovery facts give, for each product and configuration,
// the figures its page states, and none where it states none; every fact
// quotes its page in its note.
func TestEmbeddedRecovery(t *testing.T) {
	cat := mustDefault(t)
	unknown := int64(-1)
	cases := []struct {
		component string
		props     map[string]Value
		of        string
		rto, rpo  int64 // -1: not stated
		docs      string
	}{
		{"aws-rds-postgresql", map[string]Value{"highAvailability": BoolValue(true)}, "zone", 120, 0, "Concepts.MultiAZ.Failover"},
		{"aws-aurora-postgresql", map[string]Value{"highAvailability": BoolValue(true), "multiZone": BoolValue(true)}, "zone", 60, 0, "Concepts.AuroraHighAvailability"},
		{"aws-aurora-postgresql", nil, "zone", unknown, 0, "Concepts.AuroraHighAvailability"},
		{"aws-aurora-postgresql", nil, "region", unknown, unknown, "aurora-global-database-disaster-recovery"},
		{"aws-dynamodb", nil, "zone", 0, 0, "dynamodb-global-tables/overview"},
		{"aws-dynamodb", map[string]Value{"multiRegion": BoolValue(true)}, "region", unknown, 1, "V2globaltables_HowItWorks"},
		{"azure-database-for-postgresql", map[string]Value{"highAvailability": BoolValue(true), "multiZone": BoolValue(true)}, "zone", 120, 0, "concepts-high-availability"},
		{"azure-cosmos-db", map[string]Value{"multiZone": BoolValue(true)}, "zone", 0, 0, "reliability-cosmos-db-nosql"},
		{"azure-cosmos-db", map[string]Value{"multiRegion": BoolValue(true), "consistency": StringValue("strong")}, "region", unknown, 0, "reliability-cosmos-db-nosql"},
		{"azure-cosmos-db", map[string]Value{"multiRegion": BoolValue(true), "consistency": StringValue("eventual")}, "region", unknown, 900, "reliability-cosmos-db-nosql"},
		{"azure-cosmos-db", map[string]Value{"multiRegion": BoolValue(true)}, "region", unknown, unknown, "reliability-cosmos-db-nosql"},
		{"azure-blob-storage", map[string]Value{"redundancy": StringValue("region")}, "zone", 0, 0, "storage-redundancy"},
		{"azure-blob-storage", map[string]Value{"redundancy": StringValue("multi-region")}, "region", unknown, 900, "storage-redundancy"},
		{"aws-s3", nil, "zone", 0, 0, "s3/storage-classes"},
		{"gcp-cloud-sql-postgresql", map[string]Value{"highAvailability": BoolValue(true)}, "zone", unknown, 0, "high-availability"},
		{"aws-memorydb", nil, "zone", unknown, 0, "autofailover"},
		{"gcp-cloud-storage", nil, "zone", unknown, 0, "availability-durability"},
		{"aws-elasticache-valkey", map[string]Value{"multiZone": BoolValue(true)}, "zone", unknown, unknown, "AutoFailover"},
		{"kafka", nil, "zone", unknown, unknown, "design_replicatedlog"},
		{"aws-msk", nil, "zone", unknown, unknown, "design_replicatedlog"},
	}
	figure := func(p *int64) int64 {
		if p == nil {
			return unknown
		}
		return *p
	}
	for _, tc := range cases {
		res := cat.Resolve(&Design{Nodes: []Node{{ID: "n", Component: tc.component, Props: tc.props}}})
		got := cat.Components[tc.component].RecoveryFor(&res.Nodes[0], tc.of)
		if got == nil {
			t.Errorf("%s %v, %s: no recovery fact", tc.component, tc.props, tc.of)
			continue
		}
		if figure(got.RTOSeconds) != tc.rto || figure(got.RPOSeconds) != tc.rpo || !strings.Contains(got.Docs, tc.docs) {
			t.Errorf("%s %v, %s: RTO %d RPO %d from %s; want %d, %d from …%s…", tc.component, tc.props, tc.of, figure(got.RTOSeconds), figure(got.RPOSeconds), got.Docs, tc.rto, tc.rpo, tc.docs)
		}
	}
	// Configurations the pages give nothing for have no fact.
	for _, tc := range []struct {
		component string
		props     map[string]Value
		of        string
	}{
		{"aws-rds-postgresql", map[string]Value{"highAvailability": BoolValue(false)}, "zone"},
		{"aws-dynamodb", nil, "region"},
		{"aws-s3", map[string]Value{"redundancy": StringValue("zone")}, "zone"},
	} {
		res := cat.Resolve(&Design{Nodes: []Node{{ID: "n", Component: tc.component, Props: tc.props}}})
		if got := cat.Components[tc.component].RecoveryFor(&res.Nodes[0], tc.of); got != nil {
			t.Errorf("%s %v, %s: %+v, want none", tc.component, tc.props, tc.of, got)
		}
	}
	for _, id := range cat.ComponentIDs() {
		for _, r := range cat.Components[id].Recovery {
			if r.Note == "" {
				t.Errorf("%s:%d: a recovery fact without the docs' words in its note", id, r.Pos.Line)
			}
		}
	}
}
