package export

import (
	"bytes"
	"encoding/xml"
	"fmt"

	"github.com/archdesigner/designer/catalogue"
)

// drawio writes an uncompressed draw.io file (mxfile): one page whose
// cells are the groups, as containers nested as in the design; the nodes,
// at their canvas positions, inside their groups (mxGraph places a child
// relative to its parent); and the edges, joined to their nodes, dashed for
// an event, thick for data, arrowed both ways for replication. Labels are
// plain text (html=0), so nothing in them is read as markup.
func drawio(m *model) []byte {
	var b bytes.Buffer
	b.WriteString(`<mxfile host="designer" type="device">` + "\n")
	fmt.Fprintf(&b, `  <diagram id="design" name="%s">`+"\n", attr(m.name))
	b.WriteString(`    <mxGraphModel grid="1" gridSize="10" guides="1" tooltips="1" connect="1" arrows="1" fold="1" page="0" pageScale="1" math="0" shadow="0">` + "\n")
	b.WriteString("      <root>\n")
	b.WriteString(`        <mxCell id="0"/>` + "\n")
	b.WriteString(`        <mxCell id="1" parent="0"/>` + "\n")
	// Groups in the order eachGroup opens them: a parent before its children.
	m.eachGroup(func(g, _ int) {
		gr := m.groups[g]
		parent, px, py := "1", 0.0, 0.0
		if gr.parent >= 0 {
			p := m.groups[gr.parent]
			parent, px, py = p.key, p.x0, p.y0
		}
		fmt.Fprintf(&b, `        <mxCell id="%s" value="%s" style="swimlane;container=1;collapsible=0;html=0;startSize=%g;rounded=1;fillColor=none;dashed=1;" vertex="1" parent="%s">`+"\n",
			gr.key, attr(groupTitle(gr)), m.geo.GroupLabel, parent)
		fmt.Fprintf(&b, `          <mxGeometry x="%g" y="%g" width="%g" height="%g" as="geometry"/>`+"\n", gr.x0-px, gr.y0-py, gr.x1-gr.x0, gr.y1-gr.y0)
		b.WriteString("        </mxCell>\n")
	}, func(int, int) {}, func(int, int) {})
	for _, nd := range m.nodes {
		parent, px, py := "1", 0.0, 0.0
		if nd.group >= 0 {
			g := m.groups[nd.group]
			parent, px, py = g.key, g.x0, g.y0
		}
		fmt.Fprintf(&b, `        <mxCell id="%s" value="%s" style="%swhiteSpace=wrap;html=0;strokeColor=%s;" vertex="1" parent="%s">`+"\n",
			nd.key, attr(nd.label+"\n"+nd.product), drawioShape(nd.kind), kindColour(nd.kind), parent)
		fmt.Fprintf(&b, `          <mxGeometry x="%g" y="%g" width="%g" height="%g" as="geometry"/>`+"\n", nd.x-px, nd.y-py, m.geo.NodeW, m.geo.NodeH)
		b.WriteString("        </mxCell>\n")
	}
	for k, e := range m.edges {
		style := "endArrow=classic;html=0;"
		switch e.flow {
		case catalogue.FlowEvent:
			style += "dashed=1;"
		case catalogue.FlowData:
			style += "strokeWidth=2;"
		case catalogue.FlowReplication:
			style += "startArrow=classic;dashed=1;"
		}
		fmt.Fprintf(&b, `        <mxCell id="e_%d" value="%s" style="%s" edge="1" parent="1" source="%s" target="%s">`+"\n",
			k+1, attr(e.label), style, m.nodes[e.from].key, m.nodes[e.to].key)
		b.WriteString(`          <mxGeometry relative="1" as="geometry"/>` + "\n")
		b.WriteString("        </mxCell>\n")
	}
	b.WriteString("      </root>\n    </mxGraphModel>\n  </diagram>\n</mxfile>\n")
	return b.Bytes()
}

// drawioShape is the style that draws a kind's shape.
func drawioShape(kind string) string {
	switch d2Shape(kind) {
	case "cylinder":
		return "shape=cylinder3;boundedLbl=1;size=10;"
	case "queue":
		return "shape=process;"
	case "person":
		return "ellipse;"
	case "cloud":
		return "ellipse;shape=cloud;"
	}
	return "rounded=1;"
}

// attr is text as an XML attribute's value, every character XML would
// read (quotes, <, &, line breaks) as a reference.
func attr(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(dropControls(s)))
	return b.String()
}

// dropControls removes the control characters XML 1.0 cannot hold, keeping
// line breaks and tabs.
func dropControls(s string) string {
	out := []rune{}
	for _, r := range s {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0xfffe || r == 0xffff {
			continue
		}
		out = append(out, r)
	}
	return string(out)
}
