package diff

import (
	"strings"
	"testing"
)

// `entry: false` is a change of the node's entry, told apart from no
// entry stated and from `entry: true`.
func TestCompareEntryFalse(t *testing.T) {
	cat := load(t)
	worker := strings.Replace(base, "  - { id: db, component: aws-dynamodb }\n", "  - { id: db, component: aws-dynamodb }\n  - { id: worker, component: aws-lambda }\n", 1) + "  - { from: worker, to: db }\n"
	notEntry := strings.Replace(worker, "{ id: worker, component: aws-lambda }", "{ id: worker, component: aws-lambda, entry: false }", 1)
	entry := strings.Replace(worker, "{ id: worker, component: aws-lambda }", "{ id: worker, component: aws-lambda, entry: true }", 1)
	for _, c := range []struct{ name, old, new, want string }{
		{"stated", worker, notEntry, "node changed worker; entry:  -> false"},
		{"unstated", notEntry, worker, "node changed worker; entry: false -> "},
		{"turned", notEntry, entry, "node changed worker; entry: false -> true"},
		{"marked", worker, entry, "node changed worker; entry:  -> true"},
	} {
		got := summary(Compare(cat, design(t, cat, c.old), design(t, cat, c.new)))
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %s, want %q", c.name, got, c.want)
		}
	}
}
