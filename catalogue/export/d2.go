package export

import (
	"fmt"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// d2 writes a D2 diagram, left to right: a container per group, nested as
// in the design; a shape per node by its kind (cylinder, queue, person,
// cloud); a connection per edge, dashed for an event, thick for data, both
// ways for replication, labelled.
func d2(m *model) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", oneLine(m.name))
	b.WriteString("direction: right\n")
	node := func(n, depth int) {
		nd := m.nodes[n]
		fmt.Fprintf(&b, "%s%s: %s", indent(depth), nd.key, d2String(nd.label+"\n"+nd.product))
		if shape := d2Shape(nd.kind); shape != "" {
			fmt.Fprintf(&b, " {shape: %s}", shape)
		}
		b.WriteString("\n")
	}
	m.eachGroup(func(g, depth int) {
		gr := m.groups[g]
		fmt.Fprintf(&b, "%s%s: %s {\n", indent(depth), gr.key, d2String(groupTitle(gr)))
	}, node, func(g, depth int) {
		fmt.Fprintf(&b, "%s}\n", indent(depth))
	})
	for _, n := range m.ungrouped {
		node(n, 0)
	}
	for _, e := range m.edges {
		arrow := "->"
		if e.flow == catalogue.FlowReplication {
			arrow = "<->"
		}
		fmt.Fprintf(&b, "%s %s %s", m.path(e.from), arrow, m.path(e.to))
		if e.label != "" {
			fmt.Fprintf(&b, ": %s", d2String(e.label))
		}
		switch e.flow {
		case catalogue.FlowEvent:
			b.WriteString(" {style.stroke-dash: 4}")
		case catalogue.FlowData:
			b.WriteString(" {style.stroke-width: 3}")
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// path is a node's key from the diagram's root, through its groups.
func (m *model) path(n int) string {
	parts := []string{m.nodes[n].key}
	for g := m.nodes[n].group; g >= 0; g = m.groups[g].parent {
		parts = append(parts, m.groups[g].key)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, ".")
}

// d2Shape is the D2 shape of a kind, or "" for a rectangle.
func d2Shape(kind string) string {
	switch kind {
	case "relational-database", "nosql-database", "data-warehouse", "cache", "search", "object-storage":
		return "cylinder"
	case "queue", "stream", "event-bus", "notification":
		return "queue"
	case "client":
		return "person"
	case "cdn", "dns":
		return "cloud"
	}
	return ""
}

// d2String is text as a D2 double-quoted string: a backslash, a quote and
// a $ (which would start a substitution) escaped, a line break as \n, other
// control characters dropped.
// d2Escaper is made once: a replacer builds its tables when first used.
var d2Escaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`)

func d2String(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteString(`\n`)
		}
		b.WriteString(d2Escaper.Replace(oneLine(line)))
	}
	b.WriteByte('"')
	return b.String()
}
