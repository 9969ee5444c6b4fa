package state

import (
	"slices"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

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
