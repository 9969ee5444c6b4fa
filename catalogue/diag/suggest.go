package diag

import (
	"strings"
)

// Nearest returns the candidate closest to word, or "" when none is close
// enough to be a likely typo or a near name: a candidate that word begins,
// one within an edit distance of a third of word's length (at least 1), or
// one that shares word's stem (word inside it, or the first two thirds of
// word and at least 5 characters at its start: `replicas` and
// `replicationFactor`), which ranks after the typos. Words shorter than 3
// characters get no suggestion; anything would be "close".
func Nearest(word string, candidates []string) string {
	if len(word) < 3 {
		return ""
	}
	limit := max(1, len(word)/3)
	best, bestDist := "", limit+1
	lw := strings.ToLower(word)
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := editDistance(lw, lc)
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

// DidYouMean formats the nearest candidate as a hint, or returns "".
func DidYouMean(word string, candidates []string) string {
	if n := Nearest(word, candidates); n != "" {
		return "; did you mean `" + n + "`?"
	}
	return ""
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbours each cost 1
// (by bytes, which is enough for the ASCII ids the catalogue uses).
func editDistance(a, b string) int {
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

// commonPrefix is the length of the longest prefix a and b share.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
