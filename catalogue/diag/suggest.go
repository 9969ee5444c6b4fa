package diag

import (
	"strings"
)

// MaxHintWord is the longest word that gets a hint: longer than any id or
// name the catalogue has, so anything longer is no typo of one.
const MaxHintWord = 128

// Nearest returns the candidate closest to word, or "" when none is close
// enough to be a likely typo or a near name: a candidate that word begins,
// one within an edit distance of a third of word's length (at least 1), or
// one that shares word's stem (word inside it, or the first two thirds of
// word and at least 5 characters at its start: `replicas` and
// `replicationFactor`), which ranks after the typos. Words shorter than 3
// characters get no suggestion (anything would be "close"), nor do words
// longer than MaxHintWord or with characters no id or name has.
//
// Its cost is linear in the candidates' total length, times at most the
// word's length for the few candidates of a length close to the word's.
func Nearest(word string, candidates []string) string {
	if len(word) < 3 || len(word) > MaxHintWord || !hintable(word) {
		return ""
	}
	limit := max(1, len(word)/3)
	best, bestDist := "", limit+1
	lw := strings.ToLower(word)
	var rows [3][]int
	for _, c := range candidates {
		if len(c) > MaxHintWord || c == word {
			continue // an exact match is no near miss
		}
		lc := strings.ToLower(c)
		d := limit + 1
		if diff := len(lc) - len(lw); diff <= limit && -diff <= limit {
			d = boundedDistance(lw, lc, limit, &rows)
		}
		switch {
		case strings.HasPrefix(c, word):
			d = min(d, 1)
		case len(lw) >= 4 && (strings.Contains(lc, lw) || commonPrefix(lw, lc) >= max(5, 2*len(lw)/3)):
			d = min(d, limit)
		}
		if d < bestDist || (d == bestDist && c < best) {
			best, bestDist = c, d
		}
	}
	return best
}

// hintable reports whether word could be a misspelt id, key or name: ASCII
// letters, digits, hyphens, underscores, dots and spaces.
func hintable(word string) bool {
	for i := 0; i < len(word); i++ {
		c := word[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ' ') {
			return false
		}
	}
	return true
}

// DidYouMean formats the nearest candidate as a hint, or returns "".
func DidYouMean(word string, candidates []string) string {
	if n := Nearest(word, candidates); n != "" {
		return "; did you mean `" + n + "`?"
	}
	return ""
}

// Hints gives "did you mean" hints within a budget, so that a file with
// thousands of unknown names checks as fast as one with a few: each hint
// spends one unit per candidate, and once the budget is spent the messages
// come without hints. One Hints serves one file. A nil *Hints has no budget
// (for the catalogue's own files, whose size the project controls).
type Hints struct{ left int }

// HintBudget is a file's budget: a hint among 50,000 node ids costs 50,000,
// one among a component's properties a few dozen.
const HintBudget = 200_000

// NewHints returns hints with a budget of units.
func NewHints(units int) *Hints { return &Hints{left: units} }

// DidYouMean is the package's DidYouMean while the budget lasts.
func (h *Hints) DidYouMean(word string, candidates []string) string {
	if h == nil {
		return DidYouMean(word, candidates)
	}
	if h.left < len(candidates) || len(word) < 3 {
		return ""
	}
	h.left -= len(candidates)
	return DidYouMean(word, candidates)
}

// boundedDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and swaps of neighbours each cost 1,
// by bytes, which is enough for the ASCII ids the catalogue uses), or limit+1
// when it is more than limit. It computes only the band of cells within limit
// of the diagonal, in three reused rows, and stops when a row exceeds limit.
func boundedDistance(a, b string, limit int, rows *[3][]int) int {
	n := len(b) + 1
	for k := range rows {
		if cap(rows[k]) < n {
			rows[k] = make([]int, n)
		}
		rows[k] = rows[k][:n]
	}
	prev2, prev, cur := rows[0], rows[1], rows[2]
	far := limit + 1
	for j := range prev {
		prev[j] = min(j, far)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		for j := range cur {
			cur[j] = far
		}
		if i <= limit {
			cur[0] = i
		}
		rowMin := cur[0]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			d = min(d, far)
			cur[j] = d
			rowMin = min(rowMin, d)
		}
		if rowMin > limit {
			return far
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], far)
}

// commonPrefix is the length of the longest prefix a and b share.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
