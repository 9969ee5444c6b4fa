package state

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

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
