package app

import (
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// DesignSVG draws the whole design as a standalone SVG document (the embed
// protocol's SVG export): every group, node, edge and note, whatever the canvas
// shows. Text from the design is escaped.
func DesignSVG(s *Store) string {
	d := s.Design()
	pos := nodePositions(d)
	box, ok := contentBounds(d)
	if !ok {
		box = nodeBox(0, 0)
	}
	const margin = 20
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%g %g %g %g" font-family="sans-serif">`,
		box.X0-margin, box.Y0-margin, box.X1-box.X0+2*margin, box.Y1-box.Y0+2*margin)
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#5b6675"/></marker><clipPath id="clip" clipPathUnits="userSpaceOnUse"><rect width="162" height="72"/></clipPath><clipPath id="clip-note" clipPathUnits="userSpaceOnUse"><rect width="190" height="1000"/></clipPath></defs>`)
	frames := groupFrames(d, pos)
	groups := slices.Clone(d.Groups)
	slices.SortStableFunc(groups, func(a, z catalogue.Group) int { return frames[a.ID].depth - frames[z.ID].depth }) // outer first
	for _, g := range groups {
		f := frames[g.ID]
		fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" rx="8" fill="#1f4e79" fill-opacity="0.04" stroke="#8a97a8" stroke-width="1.5"/>`, f.box.X0, f.box.Y0, f.box.X1-f.box.X0, f.box.Y1-f.box.Y0)
		fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="12" font-weight="600" fill="#1b2430">%s · %s</text>`, f.box.X0+10, f.box.Y0+15, html.EscapeString(g.Boundary), html.EscapeString(g.ID))
	}
	rt := router{ix: newBoxIndex(drawnBoxes(d, pos, frames, nil))}
	var labels strings.Builder // drawn above the nodes
	shown, pairs, ports := layoutEdges(d, func(id string) [2]float64 { return pos[id] }, nil)
	for k, i := range shown {
		e := d.Edges[i]
		pts := rt.routeAt(pairs[k][0], pairs[k][1], ports[k][0], ports[k][1])
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="#5b6675" stroke-width="2" marker-end="url(#arrow)"/>`, pathData(pts))
		if e.Label != "" {
			at := rt.labelSpot(pts, len([]rune(e.Label)), 11)
			fmt.Fprintf(&labels, `<text x="%g" y="%g" font-size="11" text-anchor="middle" dominant-baseline="central" fill="#5b6675" stroke="#fff" stroke-width="4" paint-order="stroke">%s</text>`, at.X, at.Y, html.EscapeString(e.Label))
		}
	}
	for i := range d.Nodes {
		n := &d.Nodes[i]
		p := pos[n.ID]
		name, provider := n.Component, ""
		if comp := s.Catalogue().Components[n.Component]; comp != nil {
			name = comp.Name
			if comp.Provider != "default" {
				provider = comp.Provider
			}
		}
		stroke := map[catalogue.Severity]string{catalogue.SeverityError: "#b3261e", catalogue.SeverityWarning: "#c58a00"}[s.Worst(n.ID)]
		if stroke == "" {
			stroke = "#8795a8"
		}
		fmt.Fprintf(&b, `<g transform="translate(%g %g)"><rect width="%d" height="%d" rx="8" fill="#fff" stroke="%s" stroke-width="1.5"/>`, p[0], p[1], NodeWidth, NodeHeight, stroke)
		// As the canvas draws it: the display name first (and the id below)
		// or the id, clipped to the box.
		title, sub := n.ID, ""
		if n.Name != "" {
			title, sub = n.Name, n.ID
		}
		fmt.Fprintf(&b, `<text x="12" y="22" font-size="13" font-weight="700" clip-path="url(#clip)">%s</text><text x="12" y="42" font-size="12" clip-path="url(#clip)">%s</text>`,
			html.EscapeString(title), html.EscapeString(name))
		// The last line, clipped where the provider's chip begins.
		chipX := float64(NodeWidth - 12)
		if provider != "" {
			chipX -= float64(chipChar*len([]rune(provider)) + 2*chipPad)
		}
		if sub != "" {
			fmt.Fprintf(&b, `<svg y="46" width="%g" height="18"><text x="12" y="14" font-size="11" fill="#5b6675">%s</text></svg>`, chipX-4, html.EscapeString(sub))
		}
		if provider != "" { // the canvas's chip
			x, w := chipX, float64(NodeWidth-12)-chipX
			fmt.Fprintf(&b, `<rect x="%g" y="49" width="%g" height="15" rx="7.5" fill="#e3eaf3"/><text x="%g" y="60" font-size="10" font-weight="600" text-anchor="middle" fill="#1f4e79">%s</text>`, x, w, x+w/2, html.EscapeString(provider))
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(labels.String())
	if len(d.Notes) > 0 {
		nl := newNoteLayout(d, pos, frames, nil)
		for i, r := range nl.boxes() {
			note := d.Notes[i]
			if a, ok := nl.anchor(note.On); ok {
				if p, q, ok := tether(r, a); ok {
					fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#c9a227" stroke-width="1.5" stroke-dasharray="2 3"/>`, p.X, p.Y, q.X, q.Y)
				}
			}
			fmt.Fprintf(&b, `<g transform="translate(%g %g)"><rect width="%d" height="%g" rx="4" fill="#fff6cc" stroke="#c9a227"/><text font-size="13" fill="#1b2430" clip-path="url(#clip-note)">`, r.X0, r.Y0, NoteWidth, r.Y1-r.Y0)
			for k, line := range noteLines(note.Text) {
				fmt.Fprintf(&b, `<tspan x="%d" y="%d">%s</tspan>`, notePad, notePad+13+k*noteLine, html.EscapeString(line))
			}
			b.WriteString(`</text></g>`)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}
