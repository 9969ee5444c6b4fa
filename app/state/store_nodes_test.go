package state

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

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
