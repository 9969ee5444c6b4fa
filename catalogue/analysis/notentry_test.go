package analysis

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// A node marked `entry: false` is not an entry point though nothing flows
// into it (a worker that only consumes); unmarked, the same node is.
func TestEntryFalseIsNoEntry(t *testing.T) {
	const design = "nodes:\n" +
		"  - {id: \"web\", component: \"service\", entry: true}\n" +
		"  - {id: \"worker\", component: \"service\"ENTRY}\n" +
		"  - {id: \"db\", component: \"postgresql\"}\n" +
		"edges:\n  - {from: \"web\", to: \"db\"}\n  - {from: \"worker\", to: \"db\"}\n"
	for _, c := range []struct {
		mark   string
		worker bool
	}{{"", true}, {", entry: false", false}, {", entry: true", true}} {
		_, r := analyse(t, strings.Replace(design, "ENTRY", c.mark, 1))
		got := map[string]bool{}
		for _, e := range r.Entries {
			got[e.Node] = true
		}
		if !got["web"] || got["worker"] != c.worker || len(got) != map[bool]int{true: 2, false: 1}[c.worker] {
			t.Errorf("worker%s: entries %v", c.mark, got)
		}
	}
}

// A change of `entry: false` alone is one the analysis reads again.
func TestEntryFalseChangesTheAnalysis(t *testing.T) {
	c := testCatalogue(t)
	read := func(src string) *catalogue.Design {
		d, errs := c.ReadDesign("d.yaml", []byte(src))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		return d
	}
	const design = "nodes:\n  - {id: \"worker\", component: \"service\"ENTRY}\n  - {id: \"db\", component: \"postgresql\"}\nedges:\n  - {from: \"worker\", to: \"db\"}\n"
	before, after := read(strings.Replace(design, "ENTRY", "", 1)), read(strings.Replace(design, "ENTRY", ", entry: false", 1))
	_, r := Resolve(c, before)
	if r.unchangedBy(before, after) {
		t.Error("entry: false taken as no change")
	}
}
