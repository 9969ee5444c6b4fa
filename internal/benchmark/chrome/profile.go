package chrome

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"

	"github.com/chromedp/cdproto/profiler"
)

// Tally sums CPU profiles by function: the time spent in each function
// itself, and under it (inclusive).
type Tally struct {
	Self, Incl map[string]float64 // milliseconds
	Total      float64            // sampled, idle and "(program)" left out
	Profiles   int
}

// NewTally returns an empty tally.
func NewTally() *Tally {
	return &Tally{Self: map[string]float64{}, Incl: map[string]float64{}}
}

// Add adds profile p, counting only what runs under a function named under
// when under is not empty.
func (t *Tally) Add(p *profiler.Profile, under string) {
	t.Profiles++
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	counts := map[int64]float64{}
	for i, id := range p.Samples {
		counts[id] += float64(p.TimeDeltas[i]) / 1000
	}
	for id, ms := range counts {
		name := FunctionName(byID[id])
		if name == "(idle)" || name == "(program)" {
			t.Self[name] += ms
			continue
		}
		if under != "" {
			inside := false
			for cur, ok := id, true; ok; cur, ok = parent[cur] {
				if FunctionName(byID[cur]) == under {
					inside = true
				}
			}
			if !inside {
				continue
			}
		}
		t.Total += ms
		t.Self[name] += ms
		seen := map[string]bool{}
		for cur, ok := id, true; ok; cur, ok = parent[cur] {
			nm := FunctionName(byID[cur])
			if !seen[nm] {
				seen[nm] = true
				t.Incl[nm] += ms
			}
		}
	}
}

// FunctionName names a profile node's function, or its script when it has
// none.
func FunctionName(n *profiler.ProfileNode) string {
	f := n.CallFrame.FunctionName
	if f == "" {
		f = "(anon " + filepath.Base(n.CallFrame.URL) + ")"
	}
	return f
}

// Print writes the top functions of the tally, self then inclusive, each
// as milliseconds per profile.
func (t *Tally) Print(w io.Writer, top int) {
	for _, table := range []struct {
		title string
		m     map[string]float64
	}{{"self", t.Self}, {"inclusive", t.Incl}} {
		type kv struct {
			k string
			v float64
		}
		var s []kv
		for k, v := range table.m {
			s = append(s, kv{k, v})
		}
		sort.Slice(s, func(i, j int) bool { return s[i].v > s[j].v })
		fmt.Fprintf(w, "-- %s\n", table.title)
		for i := 0; i < len(s) && i < top; i++ {
			fmt.Fprintf(w, "%8.1f ms  %s\n", s[i].v/float64(max(1, t.Profiles)), s[i].k)
		}
	}
}
