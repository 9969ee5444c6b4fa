package app

import (
	"fmt"
	"github.com/archdesigner/designer/catalogue/drawing"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/archdesigner/designer/catalogue"
)

// embedded is the embedded catalogue, loaded once for the tests that only
// read it.
var embedded = sync.OnceValues(func() (*catalogue.Catalogue, error) { return catalogue.LoadEmbedded() })

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

// New nodes take the component id, then -2, -3…, at a free spot, selected.
func TestAddNodeIDsSpotsAndSelection(t *testing.T) {
	s := newStore(t)
	ids := []string{mustAdd(t, s, "kafka"), mustAdd(t, s, "kafka"), mustAdd(t, s, "nats-jetstream"), mustAdd(t, s, "kafka")}
	if strings.Join(ids, ",") != "kafka,kafka-2,nats-jetstream,kafka-3" {
		t.Errorf("ids %v", ids)
	}
	if s.Selection().Node != "kafka-3" {
		t.Errorf("selection %+v", s.Selection())
	}
	seen := map[catalogue.Point]bool{}
	for _, n := range s.Design().Nodes {
		if n.Position == nil || seen[*n.Position] {
			t.Errorf("node %s has no free spot: %+v", n.ID, n.Position)
			continue
		}
		seen[*n.Position] = true
	}
	// A node moved onto the next free cell pushes new nodes further.
	if err := s.MoveNode("kafka", 40+4*drawing.GridX, 40); err != nil {
		t.Fatal(err)
	}
	id := mustAdd(t, s, "stream")
	if p := s.Node(id).Position; *p != (catalogue.Point{X: 40, Y: 40}) {
		t.Errorf("free spot %+v, want the cell kafka left", p)
	}
}

// Overrides change the source to design; a wrong value changes nothing; reset
// goes back to the inherited value.
func TestSetPropAndReset(t *testing.T) {
	s := newStore(t)
	id := mustAdd(t, s, "nats-jetstream")
	source := func(prop string) catalogue.Source {
		p, _ := s.Resolved(id).Get(prop)
		return p.Source
	}
	if source("replicationFactor") != catalogue.SourceComponent {
		t.Fatalf("replicationFactor from %s", source("replicationFactor"))
	}
	if err := s.SetProp(id, "replicationFactor", catalogue.IntValue(3)); err != nil {
		t.Fatal(err)
	}
	if source("replicationFactor") != catalogue.SourceDesign {
		t.Errorf("after override: %s", source("replicationFactor"))
	}
	before, version := s.Design(), s.Version()
	err := s.SetProp(id, "acks", catalogue.StringValue("most"))
	if err == nil || !strings.Contains(err.Error(), "`most` is not one of none, leader, quorum, all") {
		t.Errorf("bad value: %v", err)
	}
	if s.Design() != before || s.Version() != version {
		t.Error("a refused edit changed the design")
	}
	if err := s.ResetProp(id, "replicationFactor"); err != nil {
		t.Fatal(err)
	}
	if source("replicationFactor") != catalogue.SourceComponent || s.Node(id).Props != nil {
		t.Errorf("after reset: %s %v", source("replicationFactor"), s.Node(id).Props)
	}
}

// Problems update with every change.
func TestViolationsFollowChanges(t *testing.T) {
	s := newStore(t)
	id := mustAdd(t, s, "kafka")
	// Kafka's defaults (acks all, one replica) are durable in name only.
	if s.Worst(id) != catalogue.SeverityWarning {
		t.Fatalf("fresh kafka: %+v", s.Resolution().Violations)
	}
	s.SetProp(id, "minInsyncReplicas", catalogue.IntValue(3))
	if s.Worst(id) != catalogue.SeverityError {
		t.Errorf("worst %q, want error: %+v", s.Worst(id), s.Violations(id))
	}
	s.SetProp(id, "replicationFactor", catalogue.IntValue(3))
	if s.Worst(id) != "" {
		t.Errorf("fixed design still has %+v", s.Violations(id))
	}
}

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

func TestRenameKeepsEdgesAndSelection(t *testing.T) {
	s := newStore(t)
	a, b := mustAdd(t, s, "kafka"), mustAdd(t, s, "redpanda")
	s.Connect(a, b)
	s.Select(a)
	if err := s.RenameNode(a, "orders"); err != nil {
		t.Fatal(err)
	}
	if e := s.Design().Edges[0]; e.From != "orders" || e.To != b || s.Selection().Node != "orders" {
		t.Errorf("edge %+v selection %+v", e, s.Selection())
	}
	for _, bad := range []string{"Orders", "redpanda", "", "a--b"} {
		if err := s.RenameNode("orders", bad); err == nil {
			t.Errorf("rename to %q accepted", bad)
		}
	}
}

func TestSwapComponentKeepsWhatApplies(t *testing.T) {
	s := newStore(t)
	id := mustAdd(t, s, "kafka")
	s.SetProp(id, "replicationFactor", catalogue.IntValue(3))
	s.SetProp(id, "retentionPolicy", catalogue.StringValue("limits"))
	if err := s.SwapComponent(id, "nats-jetstream"); err != nil {
		t.Fatal(err)
	}
	if n := s.Node(id); n.Component != "nats-jetstream" || len(n.Props) != 2 {
		t.Errorf("node %+v", n)
	}
	if err := s.SwapComponent(id, "nonexistent"); err == nil {
		t.Error("swap to an unknown component accepted")
	}
}

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

func TestParseInput(t *testing.T) {
	if v, err := ParseInput(catalogue.TypeInteger, " 12 "); err != nil || v.Int() != 12 {
		t.Errorf("integer: %v %v", v, err)
	}
	if _, err := ParseInput(catalogue.TypeInteger, "1.5"); err == nil {
		t.Error("1.5 accepted as an integer")
	}
	if v, _ := ParseInput(catalogue.TypeBoolean, "true"); !v.Bool() {
		t.Error("boolean")
	}
}

// The palette's filters are one piece of escaped HTML, kept while the
// catalogue's kinds and providers stay the same (and with them the user's
// choice), made again, at "All", when they change.
func TestPaletteFilters(t *testing.T) {
	s := newStore(t)
	p := &Palette{Store: s}
	first := p.filtersHTML(s.Catalogue())
	if !strings.Contains(first, `<option value="aws">Amazon Web Services</option>`) {
		t.Fatalf("no aws option in %s", first)
	}
	p.kind, p.provider = "stream", "aws"

	same, err := catalogue.Load(catalogue.Layer{Name: "catalogue", FS: catalogue.Embedded()})
	if err != nil {
		t.Fatal(err)
	}
	if p.filtersHTML(same) != first || p.kind != "stream" || p.provider != "aws" {
		t.Error("an equal catalogue redrew the filters or dropped the choice")
	}

	overlay := fstest.MapFS{"providers.yaml": &fstest.MapFile{Data: []byte(
		"schemaVersion: \"1\"\ntype: \"providers\"\nproviders:\n  aws:\n    name: \"<b>AWS & co\\\"</b>\"\n")}}
	other, err := catalogue.Load(catalogue.Layer{Name: "catalogue", FS: catalogue.Embedded()}, catalogue.Layer{Name: "org", FS: overlay})
	if err != nil {
		t.Fatal(err)
	}
	got := p.filtersHTML(other)
	if !strings.Contains(got, `<option value="aws">&lt;b&gt;AWS &amp; co&#34;&lt;/b&gt;</option>`) || strings.Contains(got, "<b>") {
		t.Errorf("catalogue text not escaped: %s", got)
	}
	if p.kind != "" || p.provider != "" {
		t.Error("new filters kept the old choice")
	}
}

func mustEmbedded(t *testing.T) *catalogue.Catalogue {
	t.Helper()
	cat, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	return cat
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

// violationOf returns the unsuppressed violation of rule on node, or nil.
func violationOf(s *Store, rule, node string) *catalogue.Violation {
	for _, v := range s.Resolution().Violations {
		if v.Rule == rule && v.Node == node && !v.Suppressed {
			return &v
		}
	}
	return nil
}

// A fix clears its violation in one step, and Undo brings it back.
func TestApplyFixIsOneUndoableStep(t *testing.T) {
	s := newStore(t)
	id := mustAdd(t, s, "kafka")
	v := violationOf(s, "stream-durable-acks-need-replicas", id)
	if v == nil || len(v.Fixes) == 0 || v.Fixes[0].Label() != "Fix: set replicationFactor to 3 and minInsyncReplicas to 2 on kafka" {
		t.Fatalf("violation %+v", v)
	}
	if err := s.ApplyFix(v.Fixes[0]); err != nil {
		t.Fatal(err)
	}
	if violationOf(s, "stream-durable-acks-need-replicas", id) != nil {
		t.Error("the fix left the violation")
	}
	if p, _ := s.Resolved(id).Get("replicationFactor"); p.Value != catalogue.IntValue(3) || p.Source != catalogue.SourceDesign {
		t.Errorf("replicationFactor %+v", p)
	}
	if !s.Undo() || violationOf(s, "stream-durable-acks-need-replicas", id) == nil {
		t.Error("Undo did not bring the violation back")
	}
}

// Suppressing needs a reason; it hides the violation from the counts and
// badges, is undoable, follows a renamed node and goes with a deleted one.
func TestSuppressAndUnsuppress(t *testing.T) {
	s := newStore(t)
	id := mustAdd(t, s, "kafka")
	const rule = "stream-durable-acks-need-replicas"
	if err := s.Suppress(rule, id, "  "); err == nil {
		t.Error("a blank reason was accepted")
	}
	if err := s.Suppress(rule, id, "A dev sandbox."); err != nil {
		t.Fatal(err)
	}
	if violationOf(s, rule, id) != nil || len(s.Violations(id)) != 0 || s.Resolution().Worst() != "" {
		t.Errorf("still counted: %v", s.Violations(id))
	}
	if err := s.Suppress(rule, id, "Again."); err == nil {
		t.Error("suppressed twice")
	}
	if err := s.RenameNode(id, "events"); err != nil {
		t.Fatal(err)
	}
	if got := s.Design().Suppress; len(got) != 1 || got[0].Node != "events" {
		t.Errorf("after rename %+v", got)
	}
	if !strings.Contains(string(s.Export()), "suppress:\n  - {rule: \"stream-durable-acks-need-replicas\", node: \"events\", reason: \"A dev sandbox.\"}\n") {
		t.Errorf("export:\n%s", s.Export())
	}
	if err := s.Unsuppress(rule, "events"); err != nil {
		t.Fatal(err)
	}
	if violationOf(s, rule, "events") == nil {
		t.Error("unsuppressed, but the violation is gone")
	}
	s.Undo()
	if violationOf(s, rule, "events") != nil {
		t.Error("Undo did not restore the suppression")
	}
	if err := s.DeleteNode("events"); err != nil {
		t.Fatal(err)
	}
	if len(s.Design().Suppress) != 0 {
		t.Errorf("the deleted node's suppression stays: %+v", s.Design().Suppress)
	}
	s.Undo()
	if len(s.Design().Suppress) != 1 {
		t.Error("Undo did not bring the suppression back with the node")
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

// A design with groups keeps them, and where its nodes sit, through edits.
func TestGroupsSurviveEdits(t *testing.T) {
	s := newStore(t)
	src := "groups:\n  - { id: eu, boundary: region, props: { provider: aws } }\nnodes:\n  - { id: fn, component: aws-lambda, in: eu }\n"
	if err := s.Import("d.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetProp("fn", "timeoutSeconds", catalogue.IntValue(10)); err != nil {
		t.Fatal(err)
	}
	mustAdd(t, s, "kafka")
	if err := s.RenameNode("fn", "orders-fn"); err != nil {
		t.Fatal(err)
	}
	out := string(s.Export())
	for _, want := range []string{"groups:\n  - {id: \"eu\", boundary: \"region\", props: {provider: \"aws\"}}\n", "  - id: \"orders-fn\"\n    component: \"aws-lambda\"\n    in: \"eu\"\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("export lacks %q:\n%s", want, out)
		}
	}
	if n := s.Resolved("orders-fn"); len(n.Placement()) != 1 || n.Placement()[0] != "eu" {
		t.Errorf("placement %v", n.Placement())
	}
}

// Groups are added where their boundary may sit (a zone in the selected
// region), nodes move between them and inherit what they say, and deleting
// a group gives what it held to its parent; each one undoable step.
func TestGroupEditing(t *testing.T) {
	s := newStore(t)
	if _, err := s.AddGroup("zone"); err == nil {
		t.Error("a zone with no region to sit in was added")
	}
	region, err := s.AddGroup("region")
	if err != nil || region != "region" || s.Selection().Group != "region" {
		t.Fatalf("region %q %v, selection %+v", region, err, s.Selection())
	}
	if err := s.SetGroupProp(region, "region", catalogue.StringValue("eu-west-1")); err != nil {
		t.Fatal(err)
	}
	if err := s.SetGroupProp(region, "regoin", catalogue.StringValue("x")); err == nil {
		t.Error("a value the boundary lacks was accepted")
	}
	a, _ := s.AddGroup("zone")
	s.SelectGroup(region)
	b, _ := s.AddGroup("zone")
	if a != "zone" || b != "zone-2" || s.Group(b).In != region {
		t.Fatalf("zones %q %q in %q", a, b, s.Group(b).In)
	}
	s.SetGroupProp(a, "zone", catalogue.StringValue("eu-west-1a"))
	s.SetGroupProp(b, "zone", catalogue.StringValue("eu-west-1b"))
	id := mustAdd(t, s, "kafka")
	zoneOf := func() string {
		v, _ := s.Resolved(id).PlacedValue("zone")
		return v.Value.Str() + "@" + v.Group
	}
	if err := s.MoveToGroup(id, a); err != nil {
		t.Fatal(err)
	}
	if got := zoneOf(); got != "eu-west-1a@zone" {
		t.Errorf("zone %s", got)
	}
	s.MoveToGroup(id, b)
	if got := zoneOf(); got != "eu-west-1b@zone-2" {
		t.Errorf("after the move: %s", got)
	}
	s.Undo()
	if got := zoneOf(); got != "eu-west-1a@zone" {
		t.Errorf("after Undo: %s", got)
	}
	if err := s.DeleteGroup(a); err != nil {
		t.Fatal(err)
	}
	if n := s.Node(id); n.In != region {
		t.Errorf("after deleting its zone the node is in %q", n.In)
	}
	if err := s.DeleteGroup(region); err == nil {
		t.Error("deleting the region left zone-2 at the top level")
	}
	d, errs := s.Catalogue().ReadDesign("e.yaml", s.Export())
	if len(errs) > 0 || string(catalogue.EncodeDesignYAML(d)) != string(s.Export()) {
		t.Errorf("the export does not read back the same: %v\n%s", errs, s.Export())
	}
}

// Collapsing is a view of the design: not an edit, not undone, forgotten
// with the group; revealing a node inside opens what holds it.
func TestCollapse(t *testing.T) {
	s := newStore(t)
	region, _ := s.AddGroup("region")
	id := mustAdd(t, s, "kafka")
	s.MoveToGroup(id, region)
	before := len(s.Export())
	s.SetCollapsed(region, true)
	if !s.Collapsed(region) || len(s.Export()) != before || !s.CanUndo() {
		t.Fatal("collapsing changed the design")
	}
	s.Reveal(id)
	if s.Collapsed(region) {
		t.Error("revealing a node kept its group collapsed")
	}
	s.SetCollapsed(region, true)
	if err := s.DeleteGroup(region); err != nil {
		t.Fatal(err)
	}
	if s.Collapsed(region) {
		t.Error("a deleted group is still collapsed")
	}
}

// A node cannot take a group's id, a group that holds zones cannot leave
// them stranded, and Delete removes a selected group.
func TestGroupRefusals(t *testing.T) {
	s := newStore(t)
	region, _ := s.AddGroup("region")
	zone, _ := s.AddGroup("zone")
	id := mustAdd(t, s, "kafka")
	if err := s.RenameNode(id, region); err == nil {
		t.Error("a node took a group's id")
	}
	if err := s.DeleteGroup(region); err == nil || !strings.Contains(err.Error(), "region holds zone, a zone, which cannot sit at the top level; move or delete zone first") {
		t.Errorf("deleting the region: %v", err)
	}
	s.SelectGroup(zone)
	if err := s.DeleteSelection(); err != nil || s.Group(zone) != nil {
		t.Errorf("Delete on a selected group: %v", err)
	}
	d, errs := s.Catalogue().ReadDesign("e.yaml", s.Export())
	if len(errs) > 0 || d == nil {
		t.Errorf("the design does not read back: %v", errs)
	}
}

// With a node selected, a new group goes around it, in the nearest group
// above it where its boundary may sit; a group's id can change, and what it
// holds follows.
func TestGroupAroundSelectionAndRename(t *testing.T) {
	s := newStore(t)
	region, _ := s.AddGroup("region")
	id := mustAdd(t, s, "kafka")
	s.MoveToGroup(id, region)
	s.Select(id)
	zone, err := s.AddGroup("zone")
	if err != nil {
		t.Fatal(err)
	}
	if g := s.Group(zone); g.In != region || s.Node(id).In != zone {
		t.Errorf("zone in %q, node in %q", g.In, s.Node(id).In)
	}
	// A subnet sits in a network or a zone: around the node, in its zone.
	s.Select(id)
	if _, err := s.AddGroup("subnet"); err != nil {
		t.Fatal(err)
	}
	if err := s.RenameGroup(region, "eu-west"); err != nil {
		t.Fatal(err)
	}
	if g := s.Group(zone); g.In != "eu-west" || s.Selection().Group != "eu-west" {
		t.Errorf("after the rename the zone sits in %q, selection %+v", g.In, s.Selection())
	}
	if err := s.RenameGroup("eu-west", id); err == nil {
		t.Error("a group took a node's id")
	}
	if n := s.Resolved(id); strings.Join(n.Placement(), ">") != "eu-west>zone>subnet" {
		t.Errorf("placement %v", n.Placement())
	}
}

// The analysis follows every edit, and its figures are set through the
// store as undoable steps, checked as designs write them.
func TestAnalysisFollowsEdits(t *testing.T) {
	s := newStore(t)
	api, fn := mustAdd(t, s, "aws-http-api"), mustAdd(t, s, "aws-lambda")
	if err := s.Connect(api, fn); err != nil {
		t.Fatal(err)
	}
	if r := s.Analysis(); len(r.Entries) != 1 || r.Entries[0].Availability != 99.900025 {
		t.Fatalf("entries %+v", r.Entries)
	}
	if err := s.SetDesignObjective("99.95"); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(s.Violations(api), func(v catalogue.Violation) bool { return v.Rule == catalogue.RuleAvailabilityObjective }) {
		t.Errorf("violations %+v", s.Violations(api))
	}
	for _, bad := range []struct{ which, text string }{{"assume", "101"}, {"objective", "high"}, {"durability", "0"}, {"assume", "99.99999"}} {
		if err := s.SetFigure(fn, bad.which, bad.text); err == nil {
			t.Errorf("%s %q was taken", bad.which, bad.text)
		}
	}
	if err := s.SetFigure(fn, "assume", "99.99 %"); err != nil || s.Node(fn).Assume.Availability != 99.99 {
		t.Fatalf("assume: %v %+v", err, s.Node(fn))
	}
	if f := s.Analysis().Entries[0].Factors[1]; f.Source != "assumed" || f.Value != 99.99 {
		t.Errorf("factor %+v", f)
	}
	s.Undo()
	if s.Node(fn).Assume.Availability != 0 {
		t.Error("undo kept the assumption")
	}
	if err := s.SetEntry(fn, true); err != nil || len(s.Analysis().Entries) != 2 {
		t.Errorf("entry: %v %+v", err, s.Analysis().Entries)
	}
}

// A replica's link follows renames, and survives the deletion of the node
// it named (the others stay replicas of each other).
func TestReplicasFollowRenameAndDelete(t *testing.T) {
	s := newStore(t)
	a, b, c := mustAdd(t, s, "service"), mustAdd(t, s, "service"), mustAdd(t, s, "service")
	for _, id := range []string{b, c} {
		if err := s.SetReplicaOf(id, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetReplicaOf(a, a); err == nil {
		t.Error("a node became its own replica")
	}
	if err := s.SetReplicaOf(a, "nobody"); err == nil {
		t.Error("a replica of nothing")
	}
	if err := s.RenameNode(a, "primary"); err != nil {
		t.Fatal(err)
	}
	if s.Node(b).ReplicaOf != "primary" || s.Node(c).ReplicaOf != "primary" {
		t.Errorf("after rename: %q %q", s.Node(b).ReplicaOf, s.Node(c).ReplicaOf)
	}
	if err := s.DeleteNode("primary"); err != nil {
		t.Fatal(err)
	}
	if s.Node(b).ReplicaOf != "" || s.Node(c).ReplicaOf != b {
		t.Errorf("after delete: %q %q", s.Node(b).ReplicaOf, s.Node(c).ReplicaOf)
	}
	if _, errs := s.Catalogue().ReadDesign("x.yaml", s.Export()); len(errs) > 0 {
		t.Errorf("the export does not read back: %v", errs)
	}
}

// Failing a group is a view: it marks what the group takes, and goes with
// the group.
func TestFailingAGroup(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(`groups:
  - {id: eu, boundary: region}
  - {id: a, boundary: zone, in: eu}
nodes:
  - {id: api, component: aws-http-api, in: eu}
  - {id: db, component: aws-rds-postgresql, in: a}
edges:
  - {from: api, to: db}
`)); err != nil {
		t.Fatal(err)
	}
	if !s.SPOF("db") || s.SPOF("api") {
		t.Errorf("SPOFs: db %v api %v", s.SPOF("db"), s.SPOF("api"))
	}
	before := s.Design()
	s.SetFailing("a")
	if !s.Lost("db") || s.Lost("api") || !s.Cut("api") {
		t.Errorf("failing a: lost db %v api %v, cut api %v", s.Lost("db"), s.Lost("api"), s.Cut("api"))
	}
	if s.Design() != before {
		t.Error("failing a group changed the design")
	}
	s.SetFailing("nowhere")
	if s.Failing() != "a" {
		t.Error("an unknown group replaced the failing one")
	}
	if err := s.MoveToGroup("db", "eu"); err != nil {
		t.Fatal(err)
	}
	if s.Lost("db") {
		t.Error("db left the zone but is still lost with it")
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

// New nodes land in view: near its middle, or beside the selected node when
// that is in view, never on another node; before the canvas reports a view,
// on the grid.
func TestNewNodesLandInView(t *testing.T) {
	s := newStore(t)
	s.SetView(1000, 1000, 2280, 1720)
	a := mustAdd(t, s, "kafka")
	pa := s.Node(a).Position
	if !s.view.Holds(drawing.NodeBox(pa.X, pa.Y)) {
		t.Fatalf("%s at %+v, outside the view", a, pa)
	}
	b := mustAdd(t, s, "kafka") // beside the selected a
	pb := s.Node(b).Position
	if pb.Y != pa.Y || pb.X <= pa.X || pb.X-pa.X > 2*drawing.GridX {
		t.Errorf("%s at %+v, not beside %s at %+v", b, pb, a, pa)
	}
	s.Select("")
	for range 20 {
		mustAdd(t, s, "kafka")
		s.Select("")
	}
	seen := map[catalogue.Point]bool{}
	for _, n := range s.Design().Nodes {
		if seen[*n.Position] {
			t.Errorf("two nodes at %+v", *n.Position)
		}
		seen[*n.Position] = true
	}
}

// A taken id of 64 characters gets a suffix that keeps it an id.
func TestFreeIDStaysAnID(t *testing.T) {
	long := strings.Repeat("a", 63) + "b"
	taken := func(id string) bool { return id == long || id == strings.Repeat("a", 62)+"-2" }
	if got := nextFreeID(long, taken); got != strings.Repeat("a", 62)+"-3" || !catalogue.ValidID(got) {
		t.Errorf("%q", got)
	}
	// A copy of a copy counts on.
	ids := map[string]bool{"kafka": true, "kafka-2": true, "kafka-3": true, "eu-west-1": true}
	for base, want := range map[string]string{"kafka-2": "kafka-4", "kafka": "kafka-4", "eu-west-1": "eu-west-1-2", "kafka-02": "kafka-02"} {
		if got := nextFreeID(base, func(id string) bool { return ids[id] }); got != want {
			t.Errorf("nextFreeID(%q) = %q, want %q", base, got, want)
		}
	}
}

// The store's share of a property edit (clone, check, resolve, analyse,
// index) at 1,000 and 10,000 nodes, of a property the analysis does not
// read (a function's timeout: the analysis is kept) and of one it does (a
// stream's replication factor: it runs again). The render and the
// autosave's encoding come on top, in the browser.
func BenchmarkSetProp(b *testing.B) {
	cat, err := embedded()
	if err != nil {
		b.Fatal(err)
	}
	comps := []string{"kafka", "redpanda", "nats-jetstream", "aws-lambda", "postgresql", "aws-sqs", "service"}
	for _, size := range []int{1000, 10000} {
		s := NewStore(cat)
		var y strings.Builder
		y.WriteString("nodes:\n")
		for i := range size {
			fmt.Fprintf(&y, "  - { id: \"n-%d\", component: %q, position: { x: %d, y: %d } }\n", i, comps[i%len(comps)], 40+(i%40)*220, 40+(i/40)*120)
		}
		y.WriteString("edges:\n")
		for i := 1; i < size; i++ {
			fmt.Fprintf(&y, "  - { from: \"n-%d\", to: \"n-%d\" }\n", i-1, i)
		}
		if err := s.Import("big.yaml", []byte(y.String())); err != nil {
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
