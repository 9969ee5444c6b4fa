package state

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

func TestDeleteSelectionRemovesEdges(t *testing.T) {
	s := newStore(t)
	a, b, c := mustAdd(t, s, "kafka"), mustAdd(t, s, "redpanda"), mustAdd(t, s, "stream")
	s.Connect(a, b)
	s.Connect(b, c)
	s.Select(b)
	if err := s.DeleteSelection(); err != nil {
		t.Fatal(err)
	}
	if len(s.Design().Nodes) != 2 || len(s.Design().Edges) != 0 || s.Selection() != none() {
		t.Errorf("nodes %d edges %d selection %+v", len(s.Design().Nodes), len(s.Design().Edges), s.Selection())
	}
	if err := s.Connect(a, a); err == nil {
		t.Error("self-connection accepted")
	}
	s.Connect(a, c)
	if err := s.Connect(a, c); err == nil {
		t.Error("duplicate connection accepted")
	}
	s.SelectEdge(0)
	s.DeleteSelection()
	if len(s.Design().Edges) != 0 {
		t.Error("edge not deleted")
	}
}

// A label the design format could not read back is refused, and the design
// is left as it was: the editor never writes what it cannot import.
func TestEdgeLabelsStayReadable(t *testing.T) {
	s := newStore(t)
	a, _ := s.AddNode("kafka")
	b, _ := s.AddNode("aws-lambda")
	if err := s.Connect(a, b); err != nil {
		t.Fatal(err)
	}
	for _, label := range []string{strings.Repeat("x", 10001), "bell\x07", "esc\x1b[2J"} {
		before := string(s.Export())
		if err := s.SetEdgeLabel(0, label); err == nil || string(s.Export()) != before {
			t.Errorf("label %.20q: accepted (%v)", label, err)
		}
	}
	if err := s.SetEdgeLabel(0, "publishes\torders\n日本"); err != nil {
		t.Fatal(err)
	}
	if _, errs := s.Catalogue().ReadDesign("e.yaml", s.Export()); len(errs) > 0 {
		t.Errorf("the export does not read back: %v", errs)
	}
}

// An edge's flow comes from its kinds until set; setting it, or a protocol,
// is one undoable step, and a wrong one changes nothing.
func TestEdgeFlowAndProtocol(t *testing.T) {
	s := newStore(t)
	mustAdd(t, s, "kafka")
	mustAdd(t, s, "aws-lambda")
	if err := s.Connect("kafka", "aws-lambda"); err != nil {
		t.Fatal(err)
	}
	if f, src := s.EdgeFlow(0); f != catalogue.FlowEvent || src != catalogue.SourceKind {
		t.Errorf("flow %s (%s), want event from the kinds", f, src)
	}
	if err := s.SetEdgeFlow(0, catalogue.FlowRequest); err != nil {
		t.Fatal(err)
	}
	if f, src := s.EdgeFlow(0); f != catalogue.FlowRequest || src != catalogue.SourceDesign {
		t.Errorf("flow %s (%s) after setting it", f, src)
	}
	if err := s.SetEdgeFlow(0, "sometimes"); err == nil {
		t.Error("a flow that is not one was accepted")
	}
	if err := s.SetEdgeProtocol(0, "carrier-pigeon"); err == nil {
		t.Error("a protocol the catalogue lacks was accepted")
	}
	if err := s.SetEdgeProtocol(0, "kafka"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(s.Export()), `{from: "kafka", to: "aws-lambda", flow: "request", protocol: "kafka"}`) {
		t.Errorf("export:\n%s", s.Export())
	}
	s.Undo()
	s.Undo()
	if f, src := s.EdgeFlow(0); f != catalogue.FlowEvent || src != catalogue.SourceKind || s.Design().Edges[0].Protocol != "" {
		t.Errorf("after two undos: %s (%s) %q", f, src, s.Design().Edges[0].Protocol)
	}
}
