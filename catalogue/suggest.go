package catalogue

import (
	"sort"
	"strings"
)

// nearest returns the candidate closest to word by edit distance, or "" when
// none is close enough to be a likely typo.
func nearest(word string, candidates []string) string {
	best, bestDist := "", len(word)/3+2
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(word), strings.ToLower(c)); d < bestDist || (d == bestDist && best != "" && c < best) {
			best, bestDist = c, d
		}
	}
	return best
}

// didYouMean formats the nearest candidate as a hint, or returns "".
func didYouMean(word string, candidates []string) string {
	if n := nearest(word, candidates); n != "" {
		return "; did you mean `" + n + "`?"
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b (by bytes, which is
// enough for the ASCII ids the catalogue uses).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
