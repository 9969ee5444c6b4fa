package diff

import (
	"fmt"
	"slices"
	"strings"
)

// Section is a part of the report for people: its title (Design, Nodes,
// Edges, Groups, Violations, Analysis) and its lines. A line starts with +,
// - or ~ for what was added, removed or changed, and a line that says more
// of the one before it is indented by four spaces.
type Section struct {
	Title string
	Lines []string
}

// Sections are the report for people, as `designer diff` prints it and the
// editor's Compare with… lists it; a section with nothing to say is left
// out.
func (r *Report) Sections() (sections []Section) {
	section := func(name string, ls []string) {
		if len(ls) > 0 {
			sections = append(sections, Section{name, ls})
		}
	}
	var ls []string
	for _, f := range r.Design {
		ls = append(ls, f.String())
	}
	section("Design", ls)
	ls = nil
	for _, c := range r.Nodes {
		switch c.Change {
		case Added:
			ls = append(ls, "+ "+c.ID+" ("+c.Component+") added")
		case Removed:
			ls = append(ls, "- "+c.ID+" ("+c.Component+") removed")
		case Renamed:
			ls = append(ls, "~ "+c.Was+" renamed to "+c.ID+" ("+c.Component+")")
		default:
			ls = append(ls, "~ "+c.ID+" ("+c.Component+") changed")
		}
		for _, f := range c.Fields {
			ls = append(ls, "    "+f.String())
		}
		for _, p := range c.Properties {
			ls = append(ls, "    "+p.String())
		}
	}
	section("Nodes", ls)
	ls = nil
	for _, c := range r.Edges {
		ls = append(ls, fmt.Sprintf("%s %s -> %s (%s) %s", sign(c.Change), c.From, c.To, c.Flow, c.Change))
		for _, f := range c.Fields {
			ls = append(ls, "    "+f.String())
		}
	}
	section("Edges", ls)
	ls = nil
	for _, c := range r.Groups {
		ls = append(ls, fmt.Sprintf("%s %s (%s) %s", sign(c.Change), c.ID, c.Boundary, c.Change))
		for _, f := range c.Fields {
			ls = append(ls, "    "+f.String())
		}
	}
	section("Groups", ls)
	ls = nil
	for _, f := range r.Findings {
		ls = append(ls, fmt.Sprintf("%s %s: %s: %s (rule %s)", f.Change, f.Severity, f.Where, f.Message, f.Rule))
	}
	section("Violations", ls)
	ls = nil
	for _, a := range r.Analysis {
		t := a.Text
		if a.Worse {
			t += " (worse)"
		}
		ls = append(ls, t)
	}
	section("Analysis", ls)
	return sections
}

// String is the field's change as the report says it: "name: old → new",
// "(none)" for a value that is not there.
func (f Field) String() string {
	return f.Name + ": " + orNone(f.Old) + " → " + orNone(f.New)
}

// String is the property's change with both sources:
// "timeoutSeconds: 10 (design) → 60 (design)".
func (p PropertyChange) String() string {
	return fmt.Sprintf("%s: %s (%s) → %s (%s)", p.Name, p.Old, p.OldSource, p.New, p.NewSource)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return quoteIfPadded(s)
}

// quoteIfPadded quotes a value with spaces at its ends, which
// would otherwise not show.
func quoteIfPadded(s string) string {
	if strings.TrimSpace(s) != s {
		return fmt.Sprintf("%q", s)
	}
	return s
}

// sign marks a line by its change: + added, - removed, ~ otherwise.
func sign(change string) string {
	switch change {
	case Added:
		return "+"
	case Removed:
		return "-"
	}
	return "~"
}

// Summary says in one line what changed ("2 nodes added, 1 changed; 1 edge
// removed; 1 problem fixed"), or "no semantic change".
func (r *Report) Summary() string {
	var parts []string
	tally := func(noun string, changes []string) {
		counts := map[string]int{}
		var order []string
		for _, c := range changes {
			if counts[c] == 0 {
				order = append(order, c)
			}
			counts[c]++
		}
		slices.SortFunc(order, func(a, b string) int { return summaryOrder[a] - summaryOrder[b] })
		var words []string
		for i, c := range order {
			if i == 0 {
				n := counts[c]
				words = append(words, fmt.Sprintf("%d %s %s", n, plural(n, noun), c))
				continue
			}
			words = append(words, fmt.Sprintf("%d %s", counts[c], c))
		}
		if len(words) > 0 {
			parts = append(parts, strings.Join(words, ", "))
		}
	}
	var nodes, edges, groups, findings []string
	for _, c := range r.Nodes {
		nodes = append(nodes, c.Change)
	}
	for _, c := range r.Edges {
		edges = append(edges, c.Change)
	}
	for _, c := range r.Groups {
		groups = append(groups, c.Change)
	}
	for _, c := range r.Findings {
		findings = append(findings, c.Change)
	}
	tally("node", nodes)
	tally("edge", edges)
	tally("group", groups)
	tally("problem", findings)
	if len(r.Design) > 0 {
		parts = append(parts, fmt.Sprintf("the design's %s changed", r.Design[0].Name))
	}
	if len(parts) == 0 {
		return "no semantic change"
	}
	return strings.Join(parts, "; ")
}

var summaryOrder = map[string]int{Added: 0, Removed: 1, Renamed: 2, Changed: 3, "introduced": 4, "fixed": 5}

func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
