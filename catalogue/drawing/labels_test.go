package drawing

import (
	"reflect"
	"sort"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// nodesOfEveryProduct is n nodes, each of the catalogue's products in turn,
// every third with a display name.
func nodesOfEveryProduct(tb testing.TB, n int) (*catalogue.Catalogue, []catalogue.Node) {
	tb.Helper()
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		tb.Fatal(err)
	}
	var comps []string
	for id := range cat.Components {
		comps = append(comps, id)
	}
	sort.Strings(comps)
	nodes := make([]catalogue.Node, n)
	for i := range nodes {
		nodes[i] = catalogue.Node{ID: "node-" + comps[i%len(comps)], Component: comps[i%len(comps)]}
		if i%3 == 0 {
			nodes[i].Name = "Orders service of the payments team " + comps[i%len(comps)]
		}
	}
	return cat, nodes
}

// A cached layout is the layout, at full size and zoomed out, also once
// the cache has started again.
func TestLabelCache(t *testing.T) {
	cat, nodes := nodesOfEveryProduct(t, labelCacheSize+100)
	var c LabelCache
	for round := 0; round < 2; round++ {
		for i := range nodes {
			w := WordsOf(cat, &nodes[i])
			icon := i%2 == 0
			if got, want := c.Layout(w, icon), w.Layout(icon); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: cached %+v, laid out %+v", nodes[i].ID, got, want)
			}
			top, bottom := c.Summary(w.Title, w.Name)
			if wt, wb := SummaryLabel(w.Title, w.Name); top != wt || bottom != wb {
				t.Fatalf("%s: cached summary %q %q, laid out %q %q", nodes[i].ID, top, bottom, wt, wb)
			}
		}
	}
	if len(c.full) > labelCacheSize || len(c.summary) > labelCacheSize {
		t.Errorf("the cache holds %d and %d layouts, past its bound %d", len(c.full), len(c.summary), labelCacheSize)
	}
}

// BenchmarkNodeLabels1000 lays out the names of 1,000 nodes (the
// catalogue's products in turn, a third with a display name), as a canvas
// drawing them all does on each render: measured each time, and through a
// LabelCache that has seen them.
func BenchmarkNodeLabels1000(b *testing.B) {
	cat, nodes := nodesOfEveryProduct(b, 1000)
	b.Run("layout", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range nodes {
				WordsOf(cat, &nodes[i]).Layout(true)
			}
		}
	})
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		var c LabelCache
		for b.Loop() {
			for i := range nodes {
				c.Layout(WordsOf(cat, &nodes[i]), true)
			}
		}
	})
}
