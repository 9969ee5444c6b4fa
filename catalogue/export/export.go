// Package export writes a design in the text formats of the diagram tools
// people already use: Mermaid, D2, Structurizr DSL and draw.io. The editor's
// toolbar, the embed protocol's export action and `designer export` all
// call Write, so the three give the same file.
//
// Every format gets the same picture of the design: its nodes (named as the
// canvas names them, with their product), its groups as containers nested as
// in the design, and its edges with what they carry (request, event, data or
// replication) and their label or protocol. Ids are rewritten into each
// format's identifier syntax (n_ for nodes, g_ for groups, letters, digits
// and _ only, unique), and every label is escaped for its format, so no
// text in a design can end a string or start a statement.
package export

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/layout"
)

// Format is one export format.
type Format struct {
	// ID is how the CLI's -f, the embed protocol and the toolbar name it.
	ID string
	// Name is what the editor shows ("Mermaid").
	Name string
	// Ext is the file name's extension, with its dot.
	Ext string
	// MediaType is the file's media type, for a download.
	MediaType string
	write     func(*model) []byte
}

var formats = []Format{
	{ID: "mermaid", Name: "Mermaid", Ext: ".mmd", MediaType: "text/vnd.mermaid", write: mermaid},
	{ID: "d2", Name: "D2", Ext: ".d2", MediaType: "text/plain", write: d2},
	{ID: "structurizr", Name: "Structurizr DSL", Ext: ".dsl", MediaType: "text/plain", write: structurizr},
	{ID: "drawio", Name: "draw.io", Ext: ".drawio", MediaType: "application/vnd.jgraph.mxfile", write: drawio},
}

// Formats lists the export formats, in the order the editor offers them.
func Formats() []Format { return slices.Clone(formats) }

// IDs are the formats' ids, for messages ("use mermaid, d2, …").
func IDs() []string {
	ids := make([]string, len(formats))
	for i, f := range formats {
		ids[i] = f.ID
	}
	return ids
}

// Lookup returns the format of an id.
func Lookup(id string) (Format, bool) {
	for _, f := range formats {
		if f.ID == id {
			return f, true
		}
	}
	return Format{}, false
}

// Write returns design d, checked against cat, in format id. Nodes without
// a position are placed as the editor's layout places them, with the
// canvas's geometry geo (draw.io is the one format that keeps positions).
func Write(id string, cat *catalogue.Catalogue, d *catalogue.Design, geo layout.Geometry) ([]byte, error) {
	f, ok := Lookup(id)
	if !ok {
		return nil, fmt.Errorf("no export format %q; use %s", id, strings.Join(IDs(), ", "))
	}
	return f.write(build(cat, d, geo)), nil
}

// model is the design as every format draws it.
type model struct {
	name, description string
	nodes             []mnode
	groups            []mgroup
	edges             []medge
	geo               layout.Geometry
	// top are the groups in no group; ungrouped the nodes in none.
	top, ungrouped []int
}

type mnode struct {
	id, key        string // the design's id; the format's identifier
	label, product string // the canvas's name; the product's
	component      string
	kind, provider string
	group          int // index in groups, or -1
	entry          bool
	x, y           float64
}

type mgroup struct {
	id, key, label, boundary string
	parent                   int
	groups, nodes            []int // what it holds directly
	x0, y0, x1, y1           float64
}

type medge struct {
	from, to     int
	flow         catalogue.Flow
	label        string
	description  string // the flow and protocol, for formats with room for both
	protocol     string
	fromG, toG   bool
	fromID, toID string
}

// build lays out what has no position and gathers what the formats draw.
func build(cat *catalogue.Catalogue, d *catalogue.Design, geo layout.Geometry) *model {
	m := &model{name: d.Name, description: d.Description, geo: geo}
	if m.name == "" {
		m.name = d.ID
	}
	if m.name == "" {
		m.name = "Design"
	}
	var at []catalogue.Point
	for i := range d.Nodes {
		if d.Nodes[i].Position == nil {
			at = layout.Arrange(d, layout.Options{Geometry: geo})
			break
		}
	}
	used := map[string]bool{}
	groupIndex := map[string]int{}
	for i, g := range d.Groups {
		groupIndex[g.ID] = i
		label := g.Name
		if label == "" {
			label = g.ID
		}
		m.groups = append(m.groups, mgroup{id: g.ID, key: identifier("g_", g.ID, used), label: label, boundary: g.Boundary, parent: -1})
	}
	for i, g := range d.Groups {
		if p, ok := groupIndex[g.In]; ok && g.In != "" {
			m.groups[i].parent = p
			m.groups[p].groups = append(m.groups[p].groups, i)
		} else {
			m.top = append(m.top, i)
		}
	}
	nodeIndex := map[string]int{}
	for i, n := range d.Nodes {
		nodeIndex[n.ID] = i
		mn := mnode{id: n.ID, key: identifier("n_", n.ID, used), label: n.Name, component: n.Component, group: -1, entry: n.Entry}
		if mn.label == "" {
			mn.label = n.ID
		}
		if c := cat.Components[n.Component]; c != nil {
			mn.kind, mn.provider, mn.product = c.Kind, c.Provider, c.Name
		}
		if mn.product == "" {
			mn.product = n.Component
		}
		switch {
		case n.Position != nil:
			mn.x, mn.y = n.Position.X, n.Position.Y
		case i < len(at):
			mn.x, mn.y = at[i].X, at[i].Y
		}
		if g, ok := groupIndex[n.In]; ok && n.In != "" {
			mn.group = g
			m.groups[g].nodes = append(m.groups[g].nodes, i)
		} else {
			m.ungrouped = append(m.ungrouped, i)
		}
		m.nodes = append(m.nodes, mn)
	}
	for _, e := range d.Edges {
		from, okf := nodeIndex[e.From]
		to, okt := nodeIndex[e.To]
		if !okf || !okt {
			continue // a checked design has none; an unchecked one is not drawn wrong
		}
		var fk, tk *catalogue.Kind
		if c := cat.Components[d.Nodes[from].Component]; c != nil {
			fk = cat.Kinds[c.Kind]
		}
		if c := cat.Components[d.Nodes[to].Component]; c != nil {
			tk = cat.Kinds[c.Kind]
		}
		flow, _ := catalogue.EdgeFlow(e, fk, tk)
		label := e.Label
		if label == "" {
			label = e.Protocol
		}
		desc := string(flow)
		if e.Protocol != "" {
			desc += ", " + e.Protocol
		}
		m.edges = append(m.edges, medge{from: from, to: to, flow: flow, label: label, description: desc, protocol: e.Protocol})
	}
	m.frames()
	return m
}

// frames sets each group's box: around what it holds, padded as the
// canvas pads it, inner groups first. A group that holds nothing gets a
// node's size at the origin.
func (m *model) frames() {
	var frame func(i int)
	frame = func(i int) {
		g := &m.groups[i]
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, c := range g.groups {
			frame(c)
			cg := m.groups[c]
			x0, y0, x1, y1 = min(x0, cg.x0), min(y0, cg.y0), max(x1, cg.x1), max(y1, cg.y1)
		}
		for _, n := range g.nodes {
			nd := m.nodes[n]
			x0, y0, x1, y1 = min(x0, nd.x), min(y0, nd.y), max(x1, nd.x+m.geo.NodeW), max(y1, nd.y+m.geo.NodeH)
		}
		if math.IsInf(x0, 1) {
			x0, y0, x1, y1 = m.geo.Origin, m.geo.Origin, m.geo.Origin+m.geo.NodeW, m.geo.Origin+m.geo.NodeH
		}
		g.x0, g.y0 = x0-m.geo.GroupPad, y0-m.geo.GroupPad-m.geo.GroupLabel
		g.x1, g.y1 = x1+m.geo.GroupPad, y1+m.geo.GroupPad
	}
	for _, t := range m.top {
		frame(t)
	}
}

// identifier is id in the formats' common identifier syntax: prefix, then
// letters, digits and _ (every other character as _), made unique among
// used regardless of case (Structurizr's identifiers ignore it).
func identifier(prefix, id string, used map[string]bool) string {
	var b strings.Builder
	b.WriteString(prefix)
	for _, r := range id {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	key := b.String()
	for k := 2; used[strings.ToLower(key)]; k++ {
		key = fmt.Sprintf("%s_%d", b.String(), k)
	}
	used[strings.ToLower(key)] = true
	return key
}

// oneLine is text with its line breaks and tabs as spaces, for formats
// whose strings hold one line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
}

// eachGroup visits the groups depth first, from the top, calling open
// before and close after each group's contents.
func (m *model) eachGroup(open func(g int, depth int), node func(n int, depth int), close func(g int, depth int)) {
	var walk func(g, depth int)
	walk = func(g, depth int) {
		open(g, depth)
		for _, c := range m.groups[g].groups {
			walk(c, depth+1)
		}
		for _, n := range m.groups[g].nodes {
			node(n, depth+1)
		}
		close(g, depth)
	}
	for _, t := range m.top {
		walk(t, 0)
	}
}
