package state

import (
	"testing"

	"github.com/archdesigner/designer/app/state/statetest"
)

// A design read in steps reads as Read and Open read it at once: the same
// design, text and errors; each step is labelled with what it reads; and
// nothing changes in the store until the one commit that applies it, so a
// reading dropped half-way leaves the design as it was.
func TestReadingInSteps(t *testing.T) {
	chain := statetest.Chain(1200, []string{"kafka", "redpanda"})
	for _, c := range []struct {
		name, file string
		data       []byte
		steps      int      // steps done before it ends
		labels     []string // the labels seen before each step, and the commit's
		err        string
	}{
		{"good", "chain.yaml", chain, 3, []string{"Reading chain.yaml (", "Checking 1,200 nodes", "Laying out 1,200 nodes", "Resolving and drawing 1,200 nodes"}, ""},
		{"unparsable", "bad.yaml", []byte("nodes: [\n"), 0, []string{"Reading bad.yaml (9 bytes)"}, "bad.yaml:"},
		{"unknown component", "bad.yaml", []byte("nodes:\n  - { id: \"a\", component: \"kafak\" }\n"), 1, []string{"Reading bad.yaml (", "Checking 1 node"},
			"bad.yaml:2:27: nodes[0].component: unknown component `kafak`; did you mean `kafka`?"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newStore(t)
			mustAdd(t, s, "kafka")
			before, design := string(s.Export()), s.Design()
			r := s.Reading(c.file, c.data, true)
			var labels []string
			for {
				labels = append(labels, r.Label())
				if !r.Next() {
					break
				}
			}
			if last := r.Label(); last != "" {
				labels = append(labels, last) // the commit's
			}
			if r.Step() != c.steps {
				t.Errorf("ended after %d steps, want %d", r.Step(), c.steps)
			}
			if len(labels) < len(c.labels) {
				t.Fatalf("labels %q, want %q", labels, c.labels)
			}
			for i, want := range c.labels {
				if len(labels[i]) < len(want) || labels[i][:len(want)] != want {
					t.Errorf("label %d %q, want %q…", i, labels[i], want)
				}
			}
			if s.Design() != design || string(s.Export()) != before {
				t.Fatal("reading changed the design before it was applied")
			}
			d, text, _, err := s.ReadResult(r)
			wd, wtext, _, werr := s.Read(c.file, c.data)
			if (err == nil) != (c.err == "") || (err != nil && (err.Error() != werr.Error() || len(err.Error()) < len(c.err) || err.Error()[:len(c.err)] != c.err)) {
				t.Fatalf("error %v, want %q (Read's %v)", err, c.err, werr)
			}
			if err != nil {
				if s.OpenRead(r) == nil || string(s.Export()) != before {
					t.Error("opening a design that failed to read changed the design")
				}
				return
			}
			if text != wtext || len(d.Nodes) != len(wd.Nodes) || *d.Nodes[7].Position != *wd.Nodes[7].Position {
				t.Error("read in steps differently from Read")
			}
			if err := s.OpenRead(r); err != nil {
				t.Fatal(err)
			}
			if string(s.Export()) != wtext {
				t.Error("the design opened is not the one read")
			}
		})
	}
}
