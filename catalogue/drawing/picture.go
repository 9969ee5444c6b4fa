package drawing

import (
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// PictureOptions say what a picture of a design shows (see Picture).
type PictureOptions struct {
	// Dark draws in the dark theme's colours, on its canvas.
	Dark bool
	// Badges draws each node's worst problem, as Worst tells it.
	Badges bool
	// Worst is the worst severity of a node's problems ("" for none); nil
	// draws every node as one without problems.
	Worst func(id string) catalogue.Severity
}

// colours are a picture's colours, the stylesheet's of one theme.
type colours struct {
	canvas, paper, ink, muted, nodeStroke, edge, frameStroke, frameFill, noteFill, noteStroke, chipBg, chipInk string
	severity                                                                                                   map[catalogue.Severity]string
}

var (
	lightColours = colours{"", "#fff", "#1b2430", "#5b6675", "#8795a8", "#5b6675", "#8a97a8", "#1f4e79", "#fff6cc", "#c9a227", "#e3eaf3", "#1f4e79",
		map[catalogue.Severity]string{catalogue.SeverityError: "#b3261e", catalogue.SeverityWarning: "#8a5a00", catalogue.SeverityInfo: "#285e9e"}}
	darkColours = colours{"#11151a", "#1e242c", "#e6e9ef", "#a9b3c1", "#738094", "#9aa5b4", "#66748a", "#8cbcec", "#3a3420", "#a08a3c", "#2c3a4b", "#cfe0f5",
		map[catalogue.Severity]string{catalogue.SeverityError: "#f28b82", catalogue.SeverityWarning: "#e2b45a", catalogue.SeverityInfo: "#8ab4f8"}}
)

// flowDash is how each flow's line is dashed, as the stylesheet dashes it
// (request solid).
var flowDash = map[catalogue.Flow]string{
	catalogue.FlowEvent:       ` stroke-dasharray="8 5"`,
	catalogue.FlowData:        ` stroke-dasharray="2 4"`,
	catalogue.FlowReplication: ` stroke-dasharray="10 4 2 4"`,
}

// pictureLabelX is where a frame's label starts in a picture, which draws
// no boundary icon before it.
const pictureLabelX = 10

// Picture draws design d as a standalone SVG document, as the editor's
// canvas draws it (frames, routes, labels, chips, notes), in the product
// names of catalogue cat. Text from the design is escaped. The editor's
// Export picture, the embed protocol's SVG export and `designer render` all
// draw with it.
func Picture(cat *catalogue.Catalogue, d *catalogue.Design, opt PictureOptions) string {
	components := make(map[string]string, len(d.Nodes))
	for _, n := range d.Nodes {
		components[n.ID] = n.Component
	}
	kindOf := func(id string) *catalogue.Kind {
		if comp := cat.Components[components[id]]; comp != nil {
			return cat.Kinds[comp.Kind]
		}
		return nil
	}
	c := lightColours
	if opt.Dark {
		c = darkColours
	}
	pos := NodePositions(d)
	box, ok := ContentBounds(d)
	if !ok {
		box = NodeBox(0, 0)
	}
	const margin = 20
	var b strings.Builder
	x0, y0, w, h := box.X0-margin, box.Y0-margin, box.X1-box.X0+2*margin, box.Y1-box.Y0+2*margin
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%g %g %g %g" width="%g" height="%g" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`, x0, y0, w, h, w, h)
	fmt.Fprintf(&b, `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="%s"/></marker><clipPath id="clip-note" clipPathUnits="userSpaceOnUse"><rect width="190" height="1000"/></clipPath></defs>`, c.edge)
	if c.canvas != "" {
		fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s"/>`, x0, y0, w, h, c.canvas)
	}
	frames := GroupFrames(d, pos)
	groups := slices.Clone(d.Groups)
	slices.SortStableFunc(groups, func(a, z catalogue.Group) int { return frames[a.ID].Depth - frames[z.ID].Depth }) // outer first
	for _, g := range groups {
		f := frames[g.ID]
		fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" rx="8" fill="%s" fill-opacity="0.05" stroke="%s" stroke-width="1.5"/>`, f.Box.X0, f.Box.Y0, f.Box.X1-f.Box.X0, f.Box.Y1-f.Box.Y0, c.frameFill, c.frameStroke)
		name := g.Boundary
		if bd := cat.Boundaries[g.Boundary]; bd != nil {
			name = bd.Name
		}
		// As the canvas labels it, shortened to the frame, whole in the
		// tooltip.
		label := FrameLabel(name, g)
		fmt.Fprintf(&b, `<g><title>%s</title><text x="%g" y="%g" font-size="%d" font-weight="600" fill="%s">%s</text></g>`, html.EscapeString(label), f.Box.X0+pictureLabelX, f.Box.Y0+15, FrameLabelPx, c.ink, html.EscapeString(FitFrameLabel(label, f.Box.X1-f.Box.X0, pictureLabelX, FrameLabelPx)))
	}
	rt := Router{Ix: NewBoxIndex(Obstacles(d, pos, frames, nil))}
	var labels strings.Builder // drawn above the nodes
	shown, pairs, ports := LayoutEdges(d, func(id string) [2]float64 { return pos[id] }, nil)
	for k, i := range shown {
		e := d.Edges[i]
		pts := rt.RouteAt(pairs[k][0], pairs[k][1], ports[k][0], ports[k][1])
		// Each flow drawn as the canvas draws it (see the stylesheet).
		flow, _ := catalogue.EdgeFlow(e, kindOf(e.From), kindOf(e.To))
		dash := flowDash[flow]
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"%s marker-end="url(#arrow)"/>`, PathData(pts), c.edge, dash)
		if e.Label != "" {
			at := rt.LabelSpot(pts, len([]rune(e.Label)), 11)
			halo := c.canvas
			if halo == "" {
				halo = "#fff"
			}
			fmt.Fprintf(&labels, `<text x="%g" y="%g" font-size="11" text-anchor="middle" dominant-baseline="central" fill="%s" stroke="%s" stroke-width="4" paint-order="stroke">%s</text>`, at.X, at.Y, c.muted, halo, html.EscapeString(e.Label))
		}
	}
	for i := range d.Nodes {
		n := &d.Nodes[i]
		p := pos[n.ID]
		var worst catalogue.Severity
		if opt.Worst != nil {
			worst = opt.Worst(n.ID)
		}
		stroke := c.nodeStroke
		if sc := c.severity[worst]; sc != "" && worst != catalogue.SeverityInfo {
			stroke = sc
		}
		// As the canvas draws it: each line cut to its room with an
		// ellipsis, whole in the tooltip. The picture has no icon for the
		// kind: the chip ends at the side.
		text := WordsOf(cat, n).Layout(false)
		fmt.Fprintf(&b, `<g transform="translate(%g %g)"><title>%s</title>`, p[0], p[1], html.EscapeString(text.Full))
		if Spread(n) > 0 { // several instances: a stack, as the canvas draws it
			for k := 2; k >= 1; k-- {
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="%s" stroke="%s" stroke-width="1"/>`, k*StackOffset, k*StackOffset, NodeWidth, NodeHeight, c.paper, c.nodeStroke)
			}
		}
		fmt.Fprintf(&b, `<rect width="%d" height="%d" rx="8" fill="%s" stroke="%s" stroke-width="1.5"/>`, NodeWidth, NodeHeight, c.paper, stroke)
		fmt.Fprintf(&b, `<text x="%d" y="22" font-size="%d" font-weight="700" fill="%s">%s</text>`, TextX, TitlePx, c.ink, html.EscapeString(text.Title))
		ys := NameLineY[:]
		if len(text.Name) == 1 {
			ys = []float64{42}
		}
		for k, line := range text.Name {
			fmt.Fprintf(&b, `<text x="%d" y="%g" font-size="%d" fill="%s">%s</text>`, TextX, ys[k], NamePx, c.ink, html.EscapeString(line))
		}
		if text.Kind != "" {
			fmt.Fprintf(&b, `<text x="%d" y="60" font-size="%d" fill="%s">%s</text>`, TextX, KindPx, c.muted, html.EscapeString(text.Kind))
		}
		if text.Chip != "" { // the canvas's chip
			fmt.Fprintf(&b, `<rect x="%g" y="49" width="%g" height="15" rx="7.5" fill="%s"/><text x="%g" y="60" font-size="%d" font-weight="600" text-anchor="middle" fill="%s">%s</text>`, text.ChipX, text.ChipW, c.chipBg, text.ChipX+text.ChipW/2, ChipPx, c.chipInk, html.EscapeString(text.Chip))
		}
		if opt.Badges && worst != "" {
			fmt.Fprintf(&b, `<g transform="translate(%d 14)"><circle r="10" fill="%s"/><path d="%s" fill="%s"/></g>`, NodeWidth-14, c.severity[worst], BadgeShape(worst), c.paper)
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(labels.String())
	if len(d.Notes) > 0 {
		nl := NewNoteLayout(d, pos, frames, nil)
		for i, r := range nl.Boxes() {
			note := d.Notes[i]
			if a, ok := nl.Anchor(note.On); ok {
				if p, q, ok := Tether(r, a); ok {
					fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="1.5" stroke-dasharray="2 3"/>`, p.X, p.Y, q.X, q.Y, c.noteStroke)
				}
			}
			fmt.Fprintf(&b, `<g transform="translate(%g %g)"><rect width="%d" height="%g" rx="4" fill="%s" stroke="%s"/><text font-size="13" fill="%s" clip-path="url(#clip-note)">`, r.X0, r.Y0, NoteWidth, r.Y1-r.Y0, c.noteFill, c.noteStroke, c.ink)
			for k, line := range NoteLines(note.Text) {
				fmt.Fprintf(&b, `<tspan x="%d" y="%d">%s</tspan>`, NotePad, NotePad+13+k*NoteLine, html.EscapeString(line))
			}
			b.WriteString(`</text></g>`)
		}
	}
	b.WriteString(`</svg>`)
	return b.String()
}
