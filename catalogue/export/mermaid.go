package export

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// mermaid writes a flowchart, left to right: a subgraph per group, nested
// as in the design; a node per node, shaped by its kind (a cylinder for a
// database, a subroutine box for a queue or stream, a stadium for a
// client); an edge per edge, drawn by its flow (--> request, -.-> event,
// ==> data, <--> replication) with its label; and a class per kind
// (kind_database…), coloured, that a page can restyle.
func mermaid(m *model) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: %s\n---\n", mermaidTitle(m.name))
	b.WriteString("flowchart LR\n")
	node := func(n, depth int) {
		nd := m.nodes[n]
		open, close := mermaidShape(nd.kind)
		fmt.Fprintf(&b, "%s%s%s\"%s<br/><small>%s</small>\"%s\n", indent(depth+1), nd.key, open, mermaidText(nd.label), mermaidText(nd.product), close)
	}
	m.eachGroup(func(g, depth int) {
		gr := m.groups[g]
		fmt.Fprintf(&b, "%ssubgraph %s[\"%s\"]\n", indent(depth+1), gr.key, mermaidText(groupTitle(gr)))
	}, node, func(g, depth int) {
		fmt.Fprintf(&b, "%send\n", indent(depth+1))
	})
	for _, n := range m.ungrouped {
		node(n, 0)
	}
	for _, e := range m.edges {
		arrow := map[catalogue.Flow]string{catalogue.FlowEvent: "-.->", catalogue.FlowData: "==>", catalogue.FlowReplication: "<-->"}[e.flow]
		if arrow == "" {
			arrow = "-->"
		}
		from, to := m.nodes[e.from].key, m.nodes[e.to].key
		if e.label != "" {
			fmt.Fprintf(&b, "  %s %s|\"%s\"| %s\n", from, arrow, mermaidText(e.label), to)
		} else {
			fmt.Fprintf(&b, "  %s %s %s\n", from, arrow, to)
		}
	}
	byKind := map[string][]string{}
	for _, nd := range m.nodes {
		if nd.kind != "" {
			byKind[nd.kind] = append(byKind[nd.kind], nd.key)
		}
	}
	kinds := make([]string, 0, len(byKind))
	for k := range byKind {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		class := "kind_" + strings.ReplaceAll(k, "-", "_")
		fmt.Fprintf(&b, "  classDef %s stroke:%s,stroke-width:2px\n", class, kindColour(k))
		fmt.Fprintf(&b, "  class %s %s\n", strings.Join(byKind[k], ","), class)
	}
	return []byte(b.String())
}

// groupTitle is a group's name with its boundary ("eu-west-1 (region)").
func groupTitle(g mgroup) string {
	if g.boundary == "" {
		return g.label
	}
	return g.label + " (" + g.boundary + ")"
}

func indent(depth int) string { return strings.Repeat("  ", depth) }

// mermaidShape is the bracket pair of a kind's node shape.
func mermaidShape(kind string) (string, string) {
	switch kind {
	case "relational-database", "nosql-database", "data-warehouse", "cache", "search", "object-storage":
		return "[(", ")]"
	case "queue", "stream", "event-bus", "notification":
		return "[[", "]]"
	case "client":
		return "([", "])"
	case "cdn", "dns", "waf", "load-balancer", "api-gateway":
		return "{{", "}}"
	}
	return "[", "]"
}

// mermaidText is text inside a quoted Mermaid label: every character that
// could end the string or be read as markup, an entity or a comment (",
// #, <, >, &, %, and more) as Mermaid's numeric entity code (#34;), and
// line breaks as spaces.
func mermaidText(s string) string {
	var b strings.Builder
	for _, r := range oneLine(s) {
		switch r {
		case '"', '#', '<', '>', '&', '`', ';', '|', '\\', '%':
			fmt.Fprintf(&b, "#%d;", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mermaidTitle is the front matter's title, a YAML double-quoted string.
func mermaidTitle(s string) string {
	return `"` + titleEscaper.Replace(oneLine(s)) + `"`
}

var titleEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// kindColour is a stroke colour per kind, the same in every export.
func kindColour(kind string) string {
	palette := []string{"#2563eb", "#16a34a", "#d97706", "#9333ea", "#dc2626", "#0891b2", "#65a30d", "#db2777"}
	h := fnv.New32a()
	h.Write([]byte(kind))
	return palette[h.Sum32()%uint32(len(palette))]
}
