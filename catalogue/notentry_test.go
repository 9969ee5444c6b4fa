package catalogue

import (
	"strings"
	"testing"
)

// `entry: false` says callers never come in at a node, and reads back as
// it was written, through YAML and JSON alike; `entry: true` and no entry
// read as before.
func TestEntryFalseRoundTrips(t *testing.T) {
	cat := mustDefault(t)
	src := "nodes:\n" +
		"  - {id: \"api\", component: \"service\", entry: true}\n" +
		"  - {id: \"worker\", component: \"service\", entry: false}\n" +
		"  - {id: \"db\", component: \"postgresql\"}\n"
	d, errs := cat.ReadDesign("d.yaml", []byte(src))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct {
		id              string
		entry, notEntry bool
	}{{"api", true, false}, {"worker", false, true}, {"db", false, false}} {
		var n *Node
		for i := range d.Nodes {
			if d.Nodes[i].ID == c.id {
				n = &d.Nodes[i]
			}
		}
		if n == nil || n.Entry != c.entry || n.NotEntry != c.notEntry {
			t.Errorf("%s: %+v, want Entry %v NotEntry %v", c.id, n, c.entry, c.notEntry)
		}
	}
	yaml := string(EncodeDesignYAML(d))
	if !strings.Contains(yaml, "  - id: \"worker\"\n    component: \"service\"\n    entry: false\n") {
		t.Errorf("the YAML lost entry: false:\n%s", yaml)
	}
	if strings.Count(yaml, "entry:") != 2 {
		t.Errorf("the YAML writes entry %d times, want 2:\n%s", strings.Count(yaml, "entry:"), yaml)
	}
	json := string(EncodeDesignJSON(d))
	if !strings.Contains(json, `"id":"worker","component":"service","entry":false`) || strings.Count(json, `"entry"`) != 2 {
		t.Errorf("the JSON: %s", json)
	}
	for name, text := range map[string]string{"yaml": yaml, "json": json} {
		back, errs := cat.ReadDesign("back."+name, []byte(text))
		if len(errs) > 0 {
			t.Fatalf("%s: %v", name, errs)
		}
		if got := string(EncodeDesignYAML(back)); got != yaml {
			t.Errorf("%s does not read back:\n%s", name, got)
		}
	}
}
