package state

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/archdesigner/designer/app/state/statetest"
	"github.com/archdesigner/designer/catalogue"
)

// With DeferAnalysis, an edit of a large design that changes what the
// analysis reads commits before the analysis; the task it hands over
// completes the resolution and the analysis to exactly what a store that
// analyses at once has, a task of an edit overtaken by the next does
// nothing, and undo and redo stay exact.
func TestDeferAnalysisCompletesToTheSameResult(t *testing.T) {
	cat := statetest.Catalogue(t)
	comps := []string{"kafka", "redpanda", "nats-jetstream", "aws-lambda", "postgresql", "aws-sqs", "service"}
	design := statetest.Chain(deferAnalysisFrom, comps)
	now, later := NewStore(cat), NewStore(cat)
	var tasks []func()
	later.DeferAnalysis(func(run func()) { tasks = append(tasks, run) })
	analysed := 0
	later.Subscribe(func(_ *Store, c Changed) {
		if c.Analysed {
			analysed++
		}
	})
	same := func(step string) {
		t.Helper()
		if later.AnalysisPending() {
			t.Fatalf("%s: the analysis is still pending", step)
		}
		if !reflect.DeepEqual(later.Resolution(), now.Resolution()) {
			t.Fatalf("%s: the resolution differs from the store's that analyses at once", step)
		}
		if !reflect.DeepEqual(later.Analysis().SPOFs, now.Analysis().SPOFs) || !reflect.DeepEqual(later.Analysis().Durability, now.Analysis().Durability) {
			t.Fatalf("%s: the analysis differs from the store's that analyses at once", step)
		}
		for _, n := range now.Design().Nodes {
			if later.SPOF(n.ID) != now.SPOF(n.ID) || later.Worst(n.ID) != now.Worst(n.ID) {
				t.Fatalf("%s: node %s is marked otherwise", step, n.ID)
			}
		}
	}
	runAll := func() {
		for len(tasks) > 0 {
			run := tasks[0]
			tasks = tasks[1:]
			run()
		}
	}
	both := func(step string, edit func(s *Store) error) {
		t.Helper()
		for _, s := range []*Store{now, later} {
			if err := edit(s); err != nil {
				t.Fatalf("%s: %v", step, err)
			}
		}
	}
	both("import", func(s *Store) error { return s.Import("big.yaml", design) })
	if !later.AnalysisPending() || len(tasks) != 1 {
		t.Fatalf("import of %d nodes: pending %v, %d tasks; want the analysis deferred to one task", deferAnalysisFrom, later.AnalysisPending(), len(tasks))
	}
	if want := cat.ResolveWith(later.Design(), nil); !reflect.DeepEqual(later.Resolution(), want) {
		t.Fatal("pending: the resolution is not the catalogue's part of it")
	}
	runAll()
	same("import")
	if analysed != 1 {
		t.Fatalf("%d commits said analysed, want 1", analysed)
	}

	// Two edits the analysis reads, before either's task runs: the first
	// task does nothing, the second completes.
	both("replication", func(s *Store) error { return s.SetProp("n-497", "replicationFactor", catalogue.IntValue(1)) })
	both("add", func(s *Store) error { _, err := s.AddNode("kafka"); return err })
	if !later.AnalysisPending() || len(tasks) != 2 {
		t.Fatalf("two edits: pending %v, %d tasks", later.AnalysisPending(), len(tasks))
	}
	tasks[0]()
	if !later.AnalysisPending() || analysed != 1 {
		t.Fatal("the task of an overtaken edit analysed")
	}
	tasks = tasks[1:]
	runAll()
	same("add")

	for _, step := range []string{"undo", "undo", "redo", "undo"} {
		both(step, func(s *Store) error {
			if ok := (step == "undo" && s.Undo()) || (step == "redo" && s.Redo()); !ok {
				return errors.New("nothing to " + step)
			}
			return nil
		})
		if !reflect.DeepEqual(later.Design(), now.Design()) {
			t.Fatalf("%s: the designs differ", step)
		}
		runAll()
		same(step)
	}

	// An edit the analysis does not read needs none.
	both("timeout", func(s *Store) error { return s.SetProp("n-500", "timeoutSeconds", catalogue.IntValue(3)) })
	if later.AnalysisPending() || len(tasks) != 0 {
		t.Fatal("an edit the last analysis holds for deferred it")
	}
	same("timeout")
}

// Settle runs a pending analysis at once and commits it.
func TestSettleRunsThePendingAnalysis(t *testing.T) {
	cat := statetest.Catalogue(t)
	s := NewStore(cat)
	s.DeferAnalysis(func(func()) {}) // never run: only Settle analyses
	if err := s.Import("big.yaml", statetest.Chain(deferAnalysisFrom, []string{"kafka", "service"})); err != nil {
		t.Fatal(err)
	}
	if !s.AnalysisPending() {
		t.Fatal("not pending after the import")
	}
	v := s.Version()
	s.Settle()
	if s.AnalysisPending() || s.Version() == v {
		t.Fatalf("after Settle: pending %v, version %d (was %d)", s.AnalysisPending(), s.Version(), v)
	}
	if want := cat.ResolveWith(s.Design(), nil); len(s.Analysis().Entries) == 0 && reflect.DeepEqual(s.Resolution(), want) {
		t.Fatal("after Settle the design has no analysis")
	}
}

// BenchmarkEditBeforeAnalysis is what an edit costs the store before its
// frame can be drawn, with the analysis at once (now) and deferred (the
// editor's way, the deferred task left out): an edit the analysis reads
// (a stream's replication) and a node added then deleted, on
// browserbench's chain of 10,000 nodes (below deferAnalysisFrom nothing is
// deferred).
func BenchmarkEditBeforeAnalysis(b *testing.B) {
	cat := statetest.Catalogue(b)
	comps := []string{"kafka", "redpanda", "nats-jetstream", "aws-lambda", "postgresql", "aws-sqs", "service"}
	for _, size := range []int{10000} {
		for _, mode := range []string{"now", "deferred"} {
			s := NewStore(cat)
			if mode == "deferred" {
				s.DeferAnalysis(func(func()) {})
			}
			if err := s.Import("big.yaml", statetest.Chain(size, comps)); err != nil {
				b.Fatal(err)
			}
			s.Settle()
			b.Run(fmt.Sprintf("nodes=%d/%s/replication", size, mode), func(b *testing.B) {
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					n++
					if err := s.SetProp("n-497", "replicationFactor", catalogue.IntValue(int64(1+n%3))); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(fmt.Sprintf("nodes=%d/%s/add-delete", size, mode), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					id, err := s.AddNode("kafka")
					if err != nil {
						b.Fatal(err)
					}
					if err := s.DeleteNode(id); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// Another design opened in place (Open, as a restore or a design of
// Designs does) is analysed in its own commit: it has no analysis of its
// own to show meanwhile, and the previous design's would mark its nodes
// (by the same ids) with the other design's single points of failure.
func TestOpenedDesignIsNotShownWithThePreviousAnalysis(t *testing.T) {
	cat := statetest.Catalogue(t)
	first := statetest.Chain(deferAnalysisFrom, []string{"kafka", "service"})
	second := statetest.Chain(deferAnalysisFrom, []string{"service", "postgresql", "aws-sqs"})
	now, later := NewStore(cat), NewStore(cat)
	var tasks []func()
	later.DeferAnalysis(func(run func()) { tasks = append(tasks, run) })
	for _, s := range []*Store{now, later} {
		if err := s.Open("first.yaml", first); err != nil {
			t.Fatal(err)
		}
	}
	for _, run := range tasks {
		run()
	}
	tasks = nil
	for _, s := range []*Store{now, later} {
		if err := s.Open("second.yaml", second); err != nil {
			t.Fatal(err)
		}
	}
	if later.AnalysisPending() {
		t.Fatal("the design opened shows the previous design's analysis, said to be updating")
	}
	if !reflect.DeepEqual(later.Analysis().SPOFs, now.Analysis().SPOFs) {
		t.Fatal("the design opened has another analysis than its own")
	}
	for _, n := range now.Design().Nodes {
		if later.SPOF(n.ID) != now.SPOF(n.ID) || later.Worst(n.ID) != now.Worst(n.ID) {
			t.Fatalf("node %s is marked as the previous design's was", n.ID)
		}
	}
}
