package diag

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestNearest(t *testing.T) {
	candidates := []string{"kafka", "kinesis", "redpanda", "replicationFactor", "warning", "name", "a", "b", "deadLetterQueue", "retentionHours"}
	cases := []struct{ word, want string }{
		{"kafak", "kafka"},                   // swapped letters
		{"kafka2", "kafka"},                  // one extra
		{"replication", "replicationFactor"}, // a prefix
		{"warn", "warning"},
		{"nmae", "name"},
		{"redpand", "redpanda"},
		{"replicas", "replicationFactor"},  // the same stem
		{"letterqueue", "deadLetterQueue"}, // inside it
		{"retention", "retentionHours"},
		{"c", ""},         // too short to guess
		{"zookeeper", ""}, // nothing close
	}
	for _, tc := range cases {
		if got := Nearest(tc.word, candidates); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

// fullDistance is the plain optimal string alignment distance, for checking
// the banded one.
func fullDistance(a, b string) int {
	rows := make([][]int, len(a)+1)
	for i := range rows {
		rows[i] = make([]int, len(b)+1)
		rows[i][0] = i
	}
	for j := range rows[0] {
		rows[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(rows[i-1][j]+1, rows[i][j-1]+1, rows[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, rows[i-2][j-2]+1)
			}
			rows[i][j] = d
		}
	}
	return rows[len(a)][len(b)]
}

func TestBoundedDistance(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = "abcd"[rng.IntN(4)]
		}
		return string(b)
	}
	var rows [3][]int
	for range 20000 {
		a, b, limit := word(), word(), 1+rng.IntN(4)
		want := min(fullDistance(a, b), limit+1)
		if got := boundedDistance(a, b, limit, &rows); got != want {
			t.Fatalf("boundedDistance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
		}
	}
}

func TestHintsKeepToTheBudget(t *testing.T) {
	ids := []string{"kafka", "kinesis", "redpanda"}
	h := NewHints(7)
	if got := h.DidYouMean("kafak", ids); got != "; did you mean `kafka`?" {
		t.Errorf("first hint %q", got)
	}
	if got := h.DidYouMean("kafak", ids); got != "; did you mean `kafka`?" {
		t.Errorf("second hint %q", got)
	}
	if got := h.DidYouMean("kafak", ids); got != "" {
		t.Errorf("a hint beyond the budget: %q", got)
	}
	var unbudgeted *Hints
	for range 10 {
		if got := unbudgeted.DidYouMean("kafak", ids); got == "" {
			t.Fatal("nil hints gave none")
		}
	}
}

// A word as long as a file, or one no id could be, gets no hint and costs
// nothing like the product of the lengths.
func TestNoHintsForNonWords(t *testing.T) {
	for _, w := range []string{strings.Repeat("kafka", 1<<20), "kafka\x00", "kaf<ka", "kafkä"} {
		if got := Nearest(w, []string{"kafka"}); got != "" {
			t.Errorf("Nearest(%.20q…) = %q", w, got)
		}
	}
}
