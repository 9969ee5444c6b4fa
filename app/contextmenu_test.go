package app

import (
	"strings"
	"testing"
)

// A node's menu says what its entry items do: unmarking an entry point
// only takes its mark away (a node nothing flows into stays one), and
// Never an entry point states `entry: false`; each state offers the
// others.
func TestContextMenuEntryItems(t *testing.T) {
	s := newStore(t)
	if err := s.Import("d.yaml", []byte("nodes:\n  - {id: \"worker\", component: \"service\"}\n")); err != nil {
		t.Fatal(err)
	}
	m := newContextMenu(s)
	labels := func() string {
		_, items := m.items(&menuTarget{node: "worker", edge: -1})
		var out []string
		for _, it := range items[:2] {
			out = append(out, it.label)
		}
		return strings.Join(out, ", ")
	}
	choose := func(label string) {
		t.Helper()
		_, items := m.items(&menuTarget{node: "worker", edge: -1})
		for _, it := range items {
			if it.label == label {
				if err := it.act(); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("no item %q", label)
	}
	for _, step := range []struct{ choose, want, yaml string }{
		{"", "Mark as entry point, Never an entry point", ""},
		{"Mark as entry point", "Unmark entry point, Never an entry point", "entry: true"},
		{"Unmark entry point", "Mark as entry point, Never an entry point", ""},
		{"Never an entry point", "Mark as entry point, Unmark never an entry point", "entry: false"},
		{"Unmark never an entry point", "Mark as entry point, Never an entry point", ""},
		{"Never an entry point", "Mark as entry point, Unmark never an entry point", "entry: false"},
		{"Mark as entry point", "Unmark entry point, Never an entry point", "entry: true"},
	} {
		if step.choose != "" {
			choose(step.choose)
		}
		out := string(s.Export())
		if got := labels(); got != step.want || (step.yaml == "") == strings.Contains(out, "entry:") || !strings.Contains(out, step.yaml) {
			t.Errorf("after %q: %s, want %s; design:\n%s", step.choose, got, step.want, out)
		}
	}
}
