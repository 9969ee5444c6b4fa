package catalogue

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// defaultsGolden lists what the checker says about every product left at
// its documented defaults, each line with the reason it is true of that
// design. A rule that fires on defaults claims the product's docs call the
// default unsafe; this file is where that claim is reviewed.
const defaultsGolden = "testdata/defaults.golden"

// Every product alone with its defaults, and one pair of defaults per
// connection rule, raises exactly the violations in testdata/defaults.golden,
// each justified there. -update rewrites the list, keeping the reasons it
// has and marking new lines "TODO", which fails until someone writes why.
func TestDefaultsRaiseOnlyJustifiedViolations(t *testing.T) {
	cat := mustDefault(t)
	var got []string
	for _, id := range cat.ComponentIDs() {
		d := &Design{Nodes: []Node{{ID: id, Component: id}}}
		for _, v := range cat.Resolve(d).Violations {
			got = append(got, id+" "+v.Rule+" "+string(v.Severity))
		}
	}
	for _, id := range cat.RuleIDs() {
		r := cat.Rules[id]
		if !r.IsConnection() {
			continue
		}
		from, to := defaultPair(cat, r)
		if from == "" {
			t.Errorf("rule %s: no pair of products to try", r.ID)
			continue
		}
		d := &Design{Nodes: []Node{{ID: from, Component: from}, {ID: to, Component: to}}, Edges: []Edge{{From: from, To: to}}}
		for _, v := range cat.Resolve(d).Violations {
			if v.Edge != nil {
				got = append(got, from+"→"+to+" "+v.Rule+" "+string(v.Severity))
			}
		}
	}
	got = slices.Compact(slices.Sorted(slices.Values(got)))

	reasons := map[string]string{}
	data, err := os.ReadFile(defaultsGolden)
	if err != nil && !*update {
		t.Fatal(err)
	}
	var header []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "#") || line == "" {
			if len(reasons) == 0 && line != "" {
				header = append(header, line)
			}
			continue
		}
		key, why, _ := strings.Cut(line, " — ")
		reasons[key] = why
	}
	if *update {
		var b strings.Builder
		for _, h := range header {
			b.WriteString(h + "\n")
		}
		for _, key := range got {
			why := reasons[key]
			if why == "" {
				why = "TODO"
			}
			b.WriteString(key + " — " + why + "\n")
		}
		if err := os.WriteFile(defaultsGolden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, key := range got {
		why, ok := reasons[key]
		switch {
		case !ok:
			t.Errorf("defaults raise %s, which %s does not list (run with -update and say why it is true)", key, defaultsGolden)
		case strings.TrimSpace(why) == "" || why == "TODO":
			t.Errorf("%s: %s has no reason", defaultsGolden, key)
		}
	}
	for key := range reasons {
		if !slices.Contains(got, key) {
			t.Errorf("%s lists %s, which defaults no longer raise (run with -update)", defaultsGolden, key)
		}
	}
	t.Logf("%d violations on defaults", len(got))
}

// defaultPair is the pair of products a connection rule is tried on: the
// first of each end's selection, by id, that is a product rather than a
// kind's generic component (which pins nothing, so raises nothing).
func defaultPair(cat *Catalogue, r *Rule) (from, to string) {
	pick := func(sel Selector, not string) string {
		for _, id := range cat.ComponentIDs() {
			c := cat.Components[id]
			if id != c.Kind && id != not && sel.Selects(c, cat.Kinds[c.Kind]) {
				return id
			}
		}
		return ""
	}
	from = pick(r.Connection.From, "")
	to = pick(r.Connection.To, from)
	if to == "" {
		return "", ""
	}
	return from, to
}
