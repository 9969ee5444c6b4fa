package app

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// A picker suggests the nodes whose id or name starts with what was typed,
// then those that contain it, in design order, at most maxSuggestions, the
// skipped node left out and names escaped.
func TestSuggestions(t *testing.T) {
	d := &catalogue.Design{Nodes: []catalogue.Node{
		{ID: "api"}, {ID: "orders-db", Name: "Orders <DB>"}, {ID: "db"}, {ID: "cache-db"}, {ID: "queue"},
	}}
	for _, c := range []struct {
		typed, skip string
		want        []string
	}{
		{"", "", []string{"api", "orders-db", "db", "cache-db", "queue"}},
		{"db", "", []string{"db", "orders-db", "cache-db"}},
		{"DB", "db", []string{"orders-db", "cache-db"}},
		{"ord", "", []string{"orders-db"}},
		{"orders <", "", []string{"orders-db"}},
		{"zz", "", nil},
	} {
		html := suggestions(d, c.typed, c.skip)
		var got []string
		for _, part := range strings.Split(html, `<option value="`)[1:] {
			got = append(got, part[:strings.IndexByte(part, '"')])
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("typed %q: %v, want %v", c.typed, got, c.want)
		}
		if strings.Contains(html, "<DB>") {
			t.Errorf("a name is not escaped: %s", html)
		}
	}
	var many catalogue.Design
	for i := range 200 {
		many.Nodes = append(many.Nodes, catalogue.Node{ID: fmt.Sprintf("n-%d", i)})
	}
	if got := strings.Count(suggestions(&many, "n", ""), "<option"); got != maxSuggestions {
		t.Errorf("%d suggestions of 200 matches, want %d", got, maxSuggestions)
	}
}

// Enter in a picker takes the node of the id typed, else its first
// suggestion, never the node skipped.
func TestPickedNode(t *testing.T) {
	d := &catalogue.Design{Nodes: []catalogue.Node{
		{ID: "api-gw"}, {ID: "api"}, {ID: "orders-db", Name: "Orders"}, {ID: "db"},
	}}
	for _, c := range []struct{ typed, skip, want string }{
		{"api", "", "api"},
		{" api ", "", "api"},
		{"ap", "", "api-gw"},
		{"ap", "api-gw", "api"},
		{"orders", "", "orders-db"},
		{"b", "", "orders-db"},
		{"db", "db", "orders-db"},
		{"zz", "", ""},
		{"", "", ""},
	} {
		if got := pickedNode(d, c.typed, c.skip); got != c.want {
			t.Errorf("typed %q, skip %q: %q, want %q", c.typed, c.skip, got, c.want)
		}
	}
}
