package catalogue

import (
	"testing"
	"testing/fstest"
)

// FuzzLoadComponent loads the small fixture catalogue with arbitrary bytes as
// one component file: loading must never panic, and what loads must resolve.
func FuzzLoadComponent(f *testing.F) {
	f.Add(baseFiles()["components/queue.yaml"].Data)
	f.Add([]byte("schemaVersion: \"1\"\ntype: \"component\"\nid: \"queue\"\nkind: \"queue\"\nprovider: \"default\"\ndocs: \"https://x.test\"\nproperties:\n  fifo:\n    type: \"boolean\"\n    default: true\n"))
	f.Add([]byte("{a: [b, {c: *d}], &d e: f}"))
	// Property names that are not names, empty enum values, tagged keys.
	f.Add([]byte("schemaVersion: \"1\"\ntype: \"component\"\nid: \"queue\"\nkind: \"queue\"\nprovider: \"default\"\ndocs: \"https://x.test\"\nproperties:\n  \"a b\":\n    type: \"enum\"\n    values: [\"\", \"x\"]\n  \"{node}\":\n    type: \"integer\"\n    default: 012\n  !t k:\n    type: \"boolean\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		files := baseFiles()
		files["components/queue.yaml"] = &fstest.MapFile{Data: data}
		cat, err := Load(Layer{Name: "cat", FS: files})
		if err != nil {
			return
		}
		d := &Design{Nodes: []Node{{ID: "q", Component: "queue"}}}
		if errs := cat.Check(d); len(errs) == 0 {
			cat.Resolve(d)
		}
	})
}

// FuzzRule loads the fixture with arbitrary bytes as a rule and runs what
// loads on designs that set, unset and vary every property: type-checking
// must catch every rule that could fail at evaluation.
func FuzzRule(f *testing.F) {
	f.Add(baseFiles()["rules/fifo-once.yaml"].Data)
	f.Add([]byte(fifoChain))
	// Empty lists, too many placeholders.
	f.Add([]byte("schemaVersion: \"1\"\ntype: \"rule\"\nid: \"fifo-once\"\nname: \"n\"\nseverity: \"info\"\nselect: { kinds: [\"queue\"] }\nassert: { prop: \"delivery\", op: \"notIn\", value: [] }\nmessage: \"{node}{node}{node}{node}{node}{node}{node}{node}{node}\"\ndocs: \"https://x.test\"\n"))
	f.Add([]byte("schemaVersion: \"1\"\ntype: \"rule\"\nid: \"fifo-once\"\nname: \"n\"\nseverity: \"info\"\nselect: { components: [\"queue\"] }\nassert: { any: [ { prop: \"retentionDays\", op: \"gte\", value: 3 }, { prop: \"delivery\", op: \"unset\" } ] }\nmessage: \"{retentionDays} {node}\"\ndocs: \"https://x.test\"\n"))
	designs := []*Design{
		{Nodes: []Node{{ID: "a", Component: "queue"}}},
		{Nodes: []Node{
			{ID: "a", Component: "queue", Props: map[string]Value{"fifo": BoolValue(true), "retentionDays": IntValue(14), "delivery": StringValue("at-most-once")}},
			{ID: "b", Component: "queue", Props: map[string]Value{"retentionDays": IntValue(1)}},
		}, Edges: []Edge{{From: "a", To: "b", Label: "x"}, {From: "b", To: "a"}}},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		files := baseFiles()
		files["rules/fifo-once.yaml"] = &fstest.MapFile{Data: data}
		cat, err := Load(Layer{Name: "cat", FS: files})
		if err != nil {
			return
		}
		for _, d := range designs {
			res := cat.Resolve(d)
			for _, v := range res.Violations {
				if v.Rule == "" || v.Node == "" || v.Severity.Rank() == 0 {
					t.Fatalf("incomplete violation %+v", v)
				}
			}
		}
	})
}
