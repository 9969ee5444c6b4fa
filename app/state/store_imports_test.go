package state

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// A bad import is refused with positions and changes nothing; a good one
// replaces the design and can be undone.
func TestImport(t *testing.T) {
	s := newStore(t)
	mustAdd(t, s, "kafka")
	before := string(s.Export())
	err := s.Import("bad.yaml", []byte("nodes:\n  - { id: \"a\", component: \"kafak\" }\n"))
	if err == nil || err.Error() != "bad.yaml:2:27: nodes[0].component: unknown component `kafak`; did you mean `kafka`?" {
		t.Errorf("error %v", err)
	}
	if string(s.Export()) != before {
		t.Error("a failed import changed the design")
	}
	if err := s.Import("good.yaml", []byte("nodes:\n  - { id: \"nats-jetstream\", component: \"nats-jetstream\" }\n")); err != nil {
		t.Fatal(err)
	}
	if len(s.Design().Nodes) != 1 || s.Design().Nodes[0].ID != "nats-jetstream" {
		t.Errorf("imported %+v", s.Design().Nodes)
	}
	s.Undo()
	if string(s.Export()) != before {
		t.Error("undo of an import did not restore the design")
	}
}

// The export reads back to the same design (the CLI's parser and checker).
func TestExportRoundTrips(t *testing.T) {
	s := newStore(t)
	a := mustAdd(t, s, "kafka")
	b := mustAdd(t, s, "nats-jetstream")
	s.SetProp(a, "partitions", catalogue.IntValue(12))
	s.Connect(a, b)
	s.MoveNode(b, 12.5, -3)
	out := s.Export()
	other := newStore(t)
	if err := other.Import("export.yaml", out); err != nil {
		t.Fatal(err)
	}
	if string(other.Export()) != string(out) {
		t.Errorf("round trip differs:\n%s\n---\n%s", out, other.Export())
	}
}

func TestExportName(t *testing.T) {
	s := newStore(t)
	for _, tc := range []struct{ id, name, want string }{
		{"", "", "design.yaml"},
		{"checkout", "Ignored", "checkout.yaml"},
		{"", "Checkout flow / v2 <draft>", "checkout-flow-v2-draft.yaml"},
		{"", "../../etc/passwd", "etc-passwd.yaml"},
		{"", "  Ünïcode -- Café  ", "n-code-caf.yaml"},
		{"", "日本", "design.yaml"},
	} {
		s.Design().ID, s.Design().Name = tc.id, tc.name
		if got := s.ExportName(); got != tc.want {
			t.Errorf("ExportName(%q, %q) = %q, want %q", tc.id, tc.name, got, tc.want)
		}
	}
}

// Pasting adds a fragment: taken ids are renamed with their references, the
// fragment's layout is kept to the right of the design, and it is one
// undoable step; a fragment the catalogue refuses changes nothing.
func TestPaste(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte("nodes:\n  - {id: kafka, component: kafka, position: {x: 0, y: 0}}\n")); err != nil {
		t.Fatal(err)
	}
	frag := `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: kafka, component: kafka, in: eu, position: {x: 500, y: 300}}
  - {id: fn, component: aws-lambda, replicaOf: kafka, position: {x: 700, y: 300}}
edges:
  - {from: kafka, to: fn}
suppress:
  - {rule: stream-min-insync-within-replication, node: kafka, reason: "test"}
  - {rule: limit, reason: "every node"}
`
	if err := s.Paste("p.yaml", []byte(frag)); err != nil {
		t.Fatal(err)
	}
	d := s.Design()
	if len(d.Nodes) != 3 || d.Nodes[1].ID != "kafka-2" || d.Nodes[1].In != "eu" || d.Nodes[2].ReplicaOf != "kafka-2" {
		t.Fatalf("nodes %+v", d.Nodes)
	}
	if e := d.Edges[0]; e.From != "kafka-2" || e.To != "fn" {
		t.Errorf("edge %+v", e)
	}
	if len(d.Suppress) != 1 || d.Suppress[0].Node != "kafka-2" {
		t.Errorf("suppressions %+v", d.Suppress)
	}
	if p1, p2 := d.Nodes[1].Position, d.Nodes[2].Position; p1.X < drawing.NodeWidth || p2.X-p1.X != 200 || p2.Y != p1.Y {
		t.Errorf("positions %+v %+v", p1, p2)
	}
	if !strings.Contains(s.Notice().Text, "kafka → kafka-2") {
		t.Errorf("notice %q", s.Notice().Text)
	}
	if _, errs := s.Catalogue().ReadDesign("x.yaml", s.Export()); len(errs) > 0 {
		t.Errorf("the result does not read back: %v", errs)
	}
	s.Undo()
	if len(s.Design().Nodes) != 1 {
		t.Errorf("undo left %d nodes", len(s.Design().Nodes))
	}
	if err := s.Paste("p.yaml", []byte("nodes:\n  - {id: x, component: kafak}\n")); err == nil || len(s.Design().Nodes) != 1 {
		t.Errorf("a bad fragment: %v, %d nodes", err, len(s.Design().Nodes))
	}
}

// A pasted edge may join the fragment to the design: an end names the
// fragment's node of that id (renamed with it when its id is taken), else
// the design's; an end that names neither is refused at its place, and the
// design is unchanged. One undo takes the whole paste away.
func TestPasteConnectsToTheDesign(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte("nodes:\n  - {id: api, component: aws-api-gateway}\n  - {id: new, component: kafka}\n")); err != nil {
		t.Fatal(err)
	}
	frag := "nodes: [{id: new, component: aws-lambda}]\nedges: [{from: new, to: api}, {from: api, to: new}]\n"
	if err := s.Paste("p.yaml", []byte(frag)); err != nil {
		t.Fatal(err)
	}
	d := s.Design()
	if len(d.Nodes) != 3 || d.Nodes[2].ID != "new-2" || d.Nodes[2].Component != "aws-lambda" {
		t.Fatalf("nodes %+v", d.Nodes)
	}
	if got := fmt.Sprint(d.Edges); got != fmt.Sprint([]catalogue.Edge{{From: "new-2", To: "api"}, {From: "api", To: "new-2"}}) {
		t.Errorf("edges %s", got)
	}
	s.Undo()
	if len(s.Design().Nodes) != 2 || len(s.Design().Edges) != 0 {
		t.Errorf("undo left %d nodes, %d edges", len(s.Design().Nodes), len(s.Design().Edges))
	}
	err := s.Paste("p.yaml", []byte("nodes: [{id: fn, component: aws-lambda}]\nedges: [{from: fn, to: nowhere}]\n"))
	if err == nil || !strings.Contains(err.Error(), "p.yaml:2:24: edges[0].to: no node has the id `nowhere`") || len(s.Design().Nodes) != 2 {
		t.Errorf("an edge to no node: %v, %d nodes", err, len(s.Design().Nodes))
	}
}

// A pasted fragment of edges alone joins the design's nodes; an edge the
// design has is left out, and a fragment of nothing new is refused with the
// design unchanged; a pasted note may be on the design's node or group.
func TestPasteEdgesAndNotesOnTheDesign(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte("groups: [{id: eu, boundary: region}]\nnodes:\n  - {id: api, component: aws-api-gateway, in: eu}\n  - {id: fn, component: aws-lambda, in: eu}\n")); err != nil {
		t.Fatal(err)
	}
	if err := s.Paste("p.yaml", []byte("edges: [{from: api, to: fn}]\n")); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(s.Design().Edges); got != fmt.Sprint([]catalogue.Edge{{From: "api", To: "fn"}}) {
		t.Fatalf("edges %s", got)
	}
	// Again: nothing new, refused, unchanged.
	err := s.Paste("p.yaml", []byte("edges: [{from: api, to: fn}]\n"))
	if err == nil || !strings.Contains(err.Error(), "already has every edge pasted (api → fn)") || len(s.Design().Edges) != 1 {
		t.Errorf("a repeated edge: %v, %d edges", err, len(s.Design().Edges))
	}
	// With a node, the repeated edge is left out and said.
	if err := s.Paste("p.yaml", []byte("nodes: [{id: db, component: aws-dynamodb}]\nedges: [{from: api, to: fn}, {from: fn, to: db}]\n")); err != nil {
		t.Fatal(err)
	}
	if n := s.Notice(); !strings.Contains(n.Text, "Already connected, left out: api → fn") || len(s.Design().Edges) != 2 {
		t.Errorf("notice %+v, %d edges", n, len(s.Design().Edges))
	}
	// Notes on the design's node and group.
	if err := s.Paste("p.yaml", []byte("notes: [{text: hot path, on: api}, {text: one region, on: eu}]\n")); err != nil {
		t.Fatal(err)
	}
	notes := s.Design().Notes
	if len(notes) != 2 || notes[0].On != "api" || notes[1].On != "eu" {
		t.Errorf("notes %+v", notes)
	}
	if err := s.Paste("p.yaml", []byte("nodes: []\n")); err == nil || !strings.Contains(err.Error(), "nothing") && !strings.Contains(err.Error(), "no node, group, edge or note") {
		t.Errorf("an empty fragment: %v", err)
	}
}

// Exports take the name the user gave the design over its own id and name,
// in the file's name and in the name the exporters write.
func TestExportNameTakesTheTitle(t *testing.T) {
	s := newStore(t)
	s.Design().ID, s.Design().Name = "design", "Design"
	if got, title := s.ExportName(), s.Titled().Name; got != "design.yaml" || title != "Design" {
		t.Errorf("with no title: %q, %q", got, title)
	}
	s.SetTitle("Photo sharing")
	if got, title := s.ExportName(), s.Titled().Name; got != "photo-sharing.yaml" || title != "Photo sharing" {
		t.Errorf("titled: %q, %q", got, title)
	}
	if s.Design().Name != "Design" {
		t.Errorf("the title changed the design's own name to %q", s.Design().Name)
	}
}
