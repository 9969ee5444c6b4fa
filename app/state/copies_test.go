package state

import (
	"slices"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue/analysis"
)

const zonesDesign = `groups:
  - {id: eu, boundary: region, props: {provider: aws, region: eu-west-1}}
  - {id: az-a, boundary: zone, in: eu, props: {zone: eu-west-1a}}
  - {id: az-b, boundary: zone, in: eu, props: {zone: eu-west-1b}}
  - {id: az-c, boundary: zone, in: eu, props: {zone: eu-west-1c}}
nodes:
  - {id: alb, component: aws-alb, in: eu}
  - {id: app-a, component: aws-ecs, in: az-a}
  - {id: app-b, component: aws-ecs, in: az-b}
  - {id: asg, component: aws-ec2-auto-scaling, in: eu, props: {instances: 3}}
edges:
  - {from: alb, to: app-a}
  - {from: alb, to: app-b}
  - {from: alb, to: asg, flow: data}
`

// Not a copy states notReplica: the analysis counts the node apart, which
// makes each a single point of failure again; clearing it, or naming a
// replica, counts them together again. Each is one undoable step.
func TestSetNotReplica(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(zonesDesign)); err != nil {
		t.Fatal(err)
	}
	spof := func(id string) bool {
		return slices.ContainsFunc(s.Analysis().SPOFs, func(sp analysis.SPOF) bool { return sp.Node == id })
	}
	if got := s.Analysis().CopiesOf("app-b"); len(got) != 1 || spof("app-b") {
		t.Fatalf("copies of app-b %+v, a SPOF: %v", got, spof("app-b"))
	}
	if err := s.SetNotReplica("app-b", true); err != nil {
		t.Fatal(err)
	}
	if !s.Node("app-b").NotReplica || !spof("app-b") || !strings.Contains(string(s.Export()), "    notReplica: true\n") {
		t.Errorf("set apart: %+v, SPOF %v\n%s", s.Node("app-b"), spof("app-b"), s.Export())
	}
	s.Undo()
	if s.Node("app-b").NotReplica || spof("app-b") {
		t.Error("undo kept notReplica")
	}
	s.Redo()
	if err := s.SetReplicaOf("app-b", "app-a"); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("app-b"); n.NotReplica || n.ReplicaOf != "app-a" {
		t.Errorf("a replica named: %+v", n)
	}
	if err := s.SetNotReplica("app-b", true); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("app-b"); !n.NotReplica || n.ReplicaOf != "" {
		t.Errorf("set apart again: %+v", n)
	}
	if err := s.SetNotReplica("nobody", true); err == nil {
		t.Error("a node that is not there")
	}
}

// Zones ticked in the inspector: the node runs in them, and a zone's loss
// takes a share of it; renaming a zone renames it there, deleting it takes
// it out, moving the node into a zone it does not list makes it run there
// only, and copying it brings its zones along.
func TestSetZones(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(zonesDesign)); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]string{{"nowhere"}, {"eu"}, {"az-a", "az-a"}} {
		if err := s.SetZones("asg", bad); err == nil {
			t.Errorf("zones %v accepted", bad)
		}
	}
	if err := s.SetZones("asg", []string{"az-a", "az-b", "az-c"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(s.Export()), "    zones: [\"az-a\", \"az-b\", \"az-c\"]\n") {
		t.Errorf("not saved:\n%s", s.Export())
	}
	if l, _ := s.Analysis().Loss("az-a"); !slices.Contains(l.Shares, "asg") || slices.Contains(l.Nodes, "asg") {
		t.Errorf("losing az-a: %+v", l)
	}
	if err := s.RenameGroup("az-b", "zone-b"); err != nil {
		t.Fatal(err)
	}
	if got := s.Node("asg").Zones; !slices.Equal(got, []string{"az-a", "zone-b", "az-c"}) {
		t.Errorf("renamed: %v", got)
	}
	if err := s.DeleteGroup("az-c"); err != nil {
		t.Fatal(err)
	}
	if got := s.Node("asg").Zones; !slices.Equal(got, []string{"az-a", "zone-b"}) {
		t.Errorf("deleted: %v", got)
	}
	// Copied and pasted: the fragment reads back, zones and all.
	if err := s.Paste("clip.yaml", s.Fragment([]string{"asg"})); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("asg-2"); n == nil || !slices.Equal(n.Zones, []string{"az-a", "zone-b"}) {
		t.Errorf("pasted: %+v", n)
	}
	if err := s.MoveToGroup("asg", "az-a"); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("asg"); n.In != "az-a" || !slices.Equal(n.Zones, []string{"az-a", "zone-b"}) {
		t.Errorf("moved into a zone it lists: %+v", n)
	}
	if err := s.SetZones("asg", nil); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("asg"); n.Zones != nil {
		t.Errorf("zones cleared: %+v", n)
	}
	if err := s.SetZones("asg", []string{"zone-b"}); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("asg"); !slices.Equal(n.Zones, []string{"az-a", "zone-b"}) {
		t.Errorf("a node drawn in a zone runs there too: %+v", n)
	}
	if err := s.MoveToGroup("asg", "az-c"); err == nil {
		t.Error("moved into a deleted zone")
	}
	if err := s.MoveToGroup("asg", "eu"); err != nil {
		t.Fatal(err)
	}
	if err := s.MoveToGroup("asg", "zone-b"); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("asg"); n.In != "zone-b" || !slices.Equal(n.Zones, []string{"az-a", "zone-b"}) {
		t.Errorf("moved into a zone it lists: %+v", n)
	}
	if err := s.MoveToGroup("asg", "eu"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetZones("asg", []string{"az-a"}); err != nil {
		t.Fatal(err)
	}
	if err := s.MoveToGroup("asg", "zone-b"); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("asg"); n.In != "zone-b" || n.Zones != nil {
		t.Errorf("moved into a zone it does not list: %+v", n)
	}
	// Every state the edits left reads back without a problem.
	if _, errs := s.Catalogue().ReadDesign("d.yaml", s.Export()); len(errs) > 0 {
		t.Errorf("the design no longer reads: %v", errs)
	}
}

// A zone added around a node that runs in several zones holds it: the node
// runs only there now, and the design still reads. Deleting one of a
// node's two zones leaves it in the other, which the analysis reads as its
// zone.
func TestZonesFollowGroupEdits(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte(zonesDesign)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetZones("asg", []string{"az-a", "az-b"}); err != nil {
		t.Fatal(err)
	}
	s.SelectNodes([]string{"asg"})
	id, err := s.AddGroup("zone")
	if err != nil {
		t.Fatal(err)
	}
	if n := s.Node("asg"); n.In != id || n.Zones != nil {
		t.Errorf("wrapped in a new zone: %+v", n)
	}
	if _, errs := s.Catalogue().ReadDesign("d.yaml", s.Export()); len(errs) > 0 {
		t.Errorf("the design no longer reads: %v", errs)
	}
	s.Undo()
	if err := s.DeleteGroup("az-a"); err != nil {
		t.Fatal(err)
	}
	if n := s.Node("asg"); !slices.Equal(n.Zones, []string{"az-b"}) {
		t.Fatalf("one zone deleted: %+v", n)
	}
	if l, _ := s.Analysis().Loss("az-b"); !slices.Contains(l.Nodes, "asg") {
		t.Errorf("the zone it names alone takes it: %+v", l)
	}
	// The store holds an edit to what the catalogue refuses: a zone of
	// another region.
	if err := s.Paste("r.yaml", []byte("groups:\n  - {id: us, boundary: region}\n  - {id: us-a, boundary: zone, in: us}\nnodes: []\n")); err != nil {
		t.Fatal(err)
	}
	if err := s.SetZones("asg", []string{"az-b", "us-a"}); err == nil || !strings.Contains(err.Error(), "is not in region eu") {
		t.Errorf("a zone of another region: %v", err)
	}
}
