package state

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/app/state/statetest"
	"github.com/archdesigner/designer/catalogue"
)

func newStore(t *testing.T) *Store {
	t.Helper()
	return NewStore(mustEmbedded(t))
}

func mustAdd(t *testing.T, s *Store, comp string) string {
	t.Helper()
	id, err := s.AddNode(comp)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

var mustEmbedded = statetest.Catalogue

func TestUndoRedo(t *testing.T) {
	s := newStore(t)
	mustAdd(t, s, "kafka")
	mustAdd(t, s, "redpanda")
	if err := s.Connect("kafka", "redpanda"); err != nil {
		t.Fatal(err)
	}
	exports := []string{string(s.Export())}
	s.Undo()
	exports = append(exports, string(s.Export()))
	if len(s.Design().Edges) != 0 {
		t.Error("undo kept the edge")
	}
	s.Undo()
	if len(s.Design().Nodes) != 1 {
		t.Error("second undo kept redpanda")
	}
	s.Redo()
	if string(s.Export()) != exports[1] {
		t.Error("redo differs")
	}
	s.Redo()
	if string(s.Export()) != exports[0] {
		t.Error("second redo differs")
	}
	if s.Redo() {
		t.Error("redo past the end")
	}
	s.Undo()
	mustAdd(t, s, "stream")
	if s.CanRedo() {
		t.Error("a new change must clear redo")
	}
}

// Undo after a refused action is no error: its notice is plain.
func TestUndoAfterRefusalIsNotAnError(t *testing.T) {
	s := newStore(t)
	mustAdd(t, s, "kafka")
	s.Report(s.SetProp("kafka", "acks", catalogue.StringValue("most")))
	if n := s.Notice(); !n.Error {
		t.Fatalf("the refusal is not an error: %+v", n)
	}
	s.Undo()
	if n := s.Notice(); n.Text != "Undone." || n.Error {
		t.Errorf("after undo: %+v, want a plain \"Undone.\"", n)
	}
	s.Redo()
	if n := s.Notice(); n.Text != "Redone." || n.Error {
		t.Errorf("after redo: %+v, want a plain \"Redone.\"", n)
	}
}

// Every change of the selection is reported, whatever made it: a click, the
// deletion of the selected node, undo, an import.
func TestSelectionChangesAreReported(t *testing.T) {
	s := newStore(t)
	var seen []string
	s.Subscribe(func(s *Store, c Changed) {
		if c.Selection {
			seen = append(seen, "node="+s.Selection().Node)
		}
	})
	mustAdd(t, s, "kafka") // selects kafka
	if err := s.DeleteSelection(); err != nil {
		t.Fatal(err)
	}
	s.Undo() // kafka is back, not selected
	s.Select("kafka")
	if err := s.Import("d.yaml", []byte("nodes: [{id: a, component: kafka}]\n")); err != nil {
		t.Fatal(err)
	}
	want := "node=kafka node= node=kafka node="
	if got := strings.Join(seen, " "); got != want {
		t.Errorf("reported %q, want %q", got, want)
	}
}

// The store's share of a property edit (clone, check, resolve, analyse,
// index) at 1,000 and 10,000 nodes, of a property the analysis does not
// read (a function's timeout: the analysis is kept) and of one it does (a
// stream's replication factor: it runs again). The render and the
// autosave's encoding come on top, in the browser.
func BenchmarkSetProp(b *testing.B) {
	cat := statetest.Catalogue(b)
	comps := []string{"kafka", "redpanda", "nats-jetstream", "aws-lambda", "postgresql", "aws-sqs", "service"}
	for _, size := range []int{1000, 10000} {
		s := NewStore(cat)
		if err := s.Import("big.yaml", statetest.Chain(size, comps)); err != nil {
			b.Fatal(err)
		}
		for _, edit := range []struct{ name, node, prop string }{
			{"timeout", "n-500", "timeoutSeconds"},        // aws-lambda
			{"replication", "n-497", "replicationFactor"}, // kafka
		} {
			b.Run(fmt.Sprintf("nodes=%d/%s", size, edit.name), func(b *testing.B) {
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					n++
					if err := s.SetProp(edit.node, edit.prop, catalogue.IntValue(int64(1+n%5))); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
