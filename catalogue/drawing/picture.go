package drawing

import (
	"fmt"
	"html"
	"math"
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
	// Title draws the design's name (else its id) at the top.
	Title bool
	// Legend draws, at the bottom, how each flow the design's edges carry
	// is drawn.
	Legend bool
	// Worst is the worst severity of a node's problems ("" for none); nil
	// draws every node as one without problems.
	Worst func(id string) catalogue.Severity
}

// colours are a picture's colours, the stylesheet's of one theme
// (web/designer.css).
type colours struct {
	canvas, paper, ink, muted, nodeStroke, edge, noteFill, noteStroke, chipBg, chipInk string
	severity                                                                           map[catalogue.Severity]string
	frameBand                                                                          paint
	// frames are each boundary's frame, "" for any other's.
	frames map[string]frameStyle
}

// paint is a colour and its opacity.
type paint struct {
	colour  string
	opacity float64
}

// frameStyle is how a boundary's frame is drawn: its line, dashed or not,
// and its inside.
type frameStyle struct {
	stroke string
	width  float64
	dash   string
	fill   paint
}

var (
	lightColours = colours{"#ffffff", "#ffffff", "#1b2430", "#5b6675", "#8795a8", "#5b6675", "#fff6cc", "#c9a227", "#e3eaf3", "#1f4e79",
		map[catalogue.Severity]string{catalogue.SeverityError: "#b3261e", catalogue.SeverityWarning: "#8a5a00", catalogue.SeverityInfo: "#285e9e"},
		paint{"#1f4e79", 0.10},
		map[string]frameStyle{
			"":            {"#8795a8", 1.5, "", paint{"#1f4e79", 0.04}}, // the node stroke: 3:1 on white
			"region":      {"#1f4e79", 2, "", paint{"#1f4e79", 0.04}},
			"zone":        {"#3d7ab8", 1.5, "6 4", paint{"#3d7ab8", 0.05}},
			"network":     {"#2e7d4f", 1.5, "", paint{"#2e7d4f", 0.04}},
			"subnet":      {"#2e7d4f", 1.5, "3 3", paint{"#1f4e79", 0.04}},
			"account":     {"#6b4fa0", 1.5, "", paint{"#1f4e79", 0.04}},
			"cluster":     {"#a0522d", 1.5, "", paint{"#1f4e79", 0.04}},
			"on-premises": {"#555555", 1.5, "", paint{"#000000", 0.03}},
			"internet":    {"#b3261e", 1.5, "2 3", paint{"#b3261e", 0.03}},
		}}
	darkColours = colours{"#11151a", "#1e242c", "#e6e9ef", "#a9b3c1", "#738094", "#9aa5b4", "#3a3420", "#a08a3c", "#2c3a4b", "#cfe0f5",
		map[catalogue.Severity]string{catalogue.SeverityError: "#f28b82", catalogue.SeverityWarning: "#e2b45a", catalogue.SeverityInfo: "#8ab4f8"},
		paint{"#8cbcec", 0.15},
		map[string]frameStyle{
			"":            {"#66748a", 1.5, "", paint{"#8cbcec", 0.05}},
			"region":      {"#8cbcec", 2, "", paint{"#8cbcec", 0.05}},
			"zone":        {"#6fa3d8", 1.5, "6 4", paint{"#6fa3d8", 0.06}},
			"network":     {"#6cc28f", 1.5, "", paint{"#6cc28f", 0.05}},
			"subnet":      {"#6cc28f", 1.5, "3 3", paint{"#8cbcec", 0.05}},
			"account":     {"#b39ddb", 1.5, "", paint{"#8cbcec", 0.05}},
			"cluster":     {"#e0a070", 1.5, "", paint{"#8cbcec", 0.05}},
			"on-premises": {"#9e9e9e", 1.5, "", paint{"#ffffff", 0.03}},
			"internet":    {"#f28b82", 1.5, "2 3", paint{"#f28b82", 0.04}},
		}}
)

// frame is how the frame of a group of boundary b is drawn.
func (c colours) frame(b string) frameStyle {
	if s, ok := c.frames[b]; ok {
		return s
	}
	return c.frames[""]
}

// flowDash is how each flow's line is dashed, as the stylesheet dashes it
// (request solid).
var flowDash = map[catalogue.Flow]string{
	catalogue.FlowEvent:       ` stroke-dasharray="8 5"`,
	catalogue.FlowData:        ` stroke-dasharray="2 4"`,
	catalogue.FlowReplication: ` stroke-dasharray="10 4 2 4"`,
}

// A picture's margin round what it draws, and its title.
const (
	pictureMargin  = 20
	TitlePicturePx = 20  // the title's font size
	titleBand      = 40  // the room the title takes above the drawing
	titleMax       = 640 // how wide a title may widen a narrow picture
)

// Picture draws design d as a standalone SVG document, as the editor's
// canvas draws it (frames with their boundary's icon, the same routes,
// labels, each node's kind icon and provider chip, notes), in the product
// names of catalogue cat, with the design's name above it and the legend of
// its flows below it when opt asks. Text from the design is escaped. The
// editor's Export picture, the embed protocol's SVG export and `designer
// render` all draw with it.
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
	// The routes, as the canvas finds them (one geometry for both).
	geo := GeometryOf(nil, d, func(string) bool { return false })
	geo.BoundaryName = BoundaryNames(cat)
	pos, frames := geo.Pos, geo.Frames
	geo.Prepare(allOf(len(geo.Shown)))
	routes := make([][]Point, len(geo.Shown))
	box, ok := ContentBounds(d)
	if !ok {
		box = NodeBox(0, 0)
	}
	var used []catalogue.Flow // the flows drawn, for the legend
	for k := range geo.Shown {
		routes[k] = geo.Route(k)
		for _, p := range routes[k] { // a route round the side of the drawing
			box = Rect{math.Min(box.X0, p.X-4), math.Min(box.Y0, p.Y-4), math.Max(box.X1, p.X+4), math.Max(box.Y1, p.Y+4)}
		}
		e := d.Edges[geo.Shown[k]]
		if flow, _ := catalogue.EdgeFlow(e, kindOf(e.From), kindOf(e.To)); !slices.Contains(used, flow) {
			used = append(used, flow)
		}
	}

	// The page: the drawing, the title's band above it and the legend's
	// below, each as wide as the widest.
	title := ""
	if opt.Title {
		title = d.Name
		if title == "" {
			title = d.ID
		}
	}
	w := box.X1 - box.X0
	if title != "" {
		w = max(w, min(TextWidth(title, TitlePicturePx, true), titleMax))
	}
	var legend []legendEntry
	if opt.Legend {
		legend = legendOf(used, w)
	}
	top := box.Y0 - pictureMargin
	if title != "" {
		top -= titleBand
	}
	x0, y0 := box.X0-pictureMargin, top
	h := box.Y1 + pictureMargin - top
	if len(legend) > 0 {
		h += legendHeight(legend) + 8
	}
	w += 2 * pictureMargin
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%g %g %g %g" width="%g" height="%g" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">`, x0, y0, w, h, w, h)
	if title != "" {
		fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString(title))
	}
	fmt.Fprintf(&b, `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="%s"/></marker><clipPath id="clip-note" clipPathUnits="userSpaceOnUse"><rect width="190" height="1000"/></clipPath></defs>`, c.edge)
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s"/>`, x0, y0, w, h, c.canvas)
	if title != "" {
		fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="%d" font-weight="700" fill="%s">%s</text>`, x0+pictureMargin, y0+pictureMargin+TitlePicturePx-4, TitlePicturePx, c.ink, html.EscapeString(Fit(title, TitlePicturePx, true, w-2*pictureMargin)))
	}
	drawFrames(&b, cat, d, frames, c)
	var labels strings.Builder // drawn above the nodes
	place := NewEdgeLabels(geo.Router, routes)
	for k, i := range geo.Shown {
		e := d.Edges[i]
		pts := routes[k]
		// Each flow drawn as the canvas draws it (see the stylesheet).
		flow, _ := catalogue.EdgeFlow(e, kindOf(e.From), kindOf(e.To))
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"%s marker-end="url(#arrow)"/>`, PathData(pts), c.edge, flowDash[flow])
		if e.Label != "" {
			at := place.Place(k, e.Label, 11)
			fmt.Fprintf(&labels, `<text x="%g" y="%g" font-size="11" text-anchor="middle" dominant-baseline="central" fill="%s" stroke="%s" stroke-width="5" stroke-linejoin="round" paint-order="stroke">%s</text>`, at.X, at.Y, c.ink, c.canvas, html.EscapeString(e.Label))
		}
	}
	for i := range d.Nodes {
		drawNode(&b, cat, &d.Nodes[i], pos[d.Nodes[i].ID], c, opt)
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
	if len(legend) > 0 {
		drawLegend(&b, legend, x0+pictureMargin, box.Y1+pictureMargin, c)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// allOf is 0, 1, … n-1.
func allOf(n int) []int {
	ks := make([]int, n)
	for k := range ks {
		ks[k] = k
	}
	return ks
}

// drawFrames draws the groups' frames, outer first, each in its boundary's
// style with its label on a band at the top after the boundary's icon, as
// the canvas draws them: shortened to the frame, whole in the tooltip.
func drawFrames(b *strings.Builder, cat *catalogue.Catalogue, d *catalogue.Design, frames map[string]GroupFrame, c colours) {
	groups := slices.Clone(d.Groups)
	slices.SortStableFunc(groups, func(a, z catalogue.Group) int { return frames[a.ID].Depth - frames[z.ID].Depth })
	for _, g := range groups {
		f := frames[g.ID]
		st := c.frame(g.Boundary)
		fw := f.Box.X1 - f.Box.X0
		dash := ""
		if st.dash != "" {
			dash = ` stroke-dasharray="` + st.dash + `"`
		}
		name := g.Boundary
		if bd := cat.Boundaries[g.Boundary]; bd != nil {
			name = bd.Name
		}
		label := FrameLabel(name, g)
		fmt.Fprintf(b, `<g><title>%s</title>`, html.EscapeString(label))
		fmt.Fprintf(b, `<rect x="%g" y="%g" width="%g" height="%g" rx="8" fill="%s" fill-opacity="%g" stroke="%s" stroke-width="%g"%s/>`, f.Box.X0, f.Box.Y0, fw, f.Box.Y1-f.Box.Y0, st.fill.colour, st.fill.opacity, st.stroke, st.width, dash)
		fmt.Fprintf(b, `<rect x="%g" y="%g" width="%g" height="%d" rx="8" fill="%s" fill-opacity="%g"/>`, f.Box.X0, f.Box.Y0, fw, GroupLabel, c.frameBand.colour, c.frameBand.opacity)
		if fw >= FrameLabelX {
			b.WriteString(IconSVG(BoundaryIcon(g.Boundary), f.Box.X0+6, f.Box.Y0+3, 16, c.ink))
		}
		fmt.Fprintf(b, `<text x="%g" y="%g" font-size="%d" font-weight="600" fill="%s">%s</text></g>`, f.Box.X0+FrameLabelX, f.Box.Y0+15, FrameLabelPx, c.ink, html.EscapeString(FitFrameLabel(label, fw, FrameLabelX, FrameLabelPx)))
	}
}

// drawNode draws node n at p as the canvas draws it: its box (a stack for
// several instances), its lines cut to their room with an ellipsis and
// whole in the tooltip, its provider's chip, its kind's icon and, when opt
// asks, its worst problem's badge.
func drawNode(b *strings.Builder, cat *catalogue.Catalogue, n *catalogue.Node, p [2]float64, c colours, opt PictureOptions) {
	comp := cat.Components[n.Component]
	var worst catalogue.Severity
	if opt.Worst != nil {
		worst = opt.Worst(n.ID)
	}
	stroke := c.nodeStroke
	if sc := c.severity[worst]; sc != "" && worst != catalogue.SeverityInfo {
		stroke = sc
	}
	text := WordsOf(cat, n).Layout(comp != nil)
	fmt.Fprintf(b, `<g transform="translate(%g %g)"><title>%s</title>`, p[0], p[1], html.EscapeString(text.Full))
	if Spread(n) > 0 { // several instances: a stack, as the canvas draws it
		for k := 2; k >= 1; k-- {
			fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="%s" stroke="%s" stroke-width="1"/>`, k*StackOffset, k*StackOffset, NodeWidth, NodeHeight, c.paper, c.nodeStroke)
		}
	}
	fmt.Fprintf(b, `<rect width="%d" height="%d" rx="8" fill="%s" stroke="%s" stroke-width="1.5"/>`, NodeWidth, NodeHeight, c.paper, stroke)
	fmt.Fprintf(b, `<text x="%d" y="22" font-size="%d" font-weight="700" fill="%s">%s</text>`, TextX, TitlePx, c.ink, html.EscapeString(text.Title))
	ys := NameLineY[:]
	if len(text.Name) == 1 {
		ys = []float64{42}
	}
	for k, line := range text.Name {
		fmt.Fprintf(b, `<text x="%d" y="%g" font-size="%d" fill="%s">%s</text>`, TextX, ys[k], NamePx, c.ink, html.EscapeString(line))
	}
	if text.Kind != "" {
		fmt.Fprintf(b, `<text x="%d" y="60" font-size="%d" fill="%s">%s</text>`, TextX, KindPx, c.muted, html.EscapeString(text.Kind))
	}
	if text.Chip != "" { // the canvas's chip
		fmt.Fprintf(b, `<rect x="%g" y="49" width="%g" height="15" rx="7.5" fill="%s"/><text x="%g" y="60" font-size="%d" font-weight="600" text-anchor="middle" fill="%s">%s</text>`, text.ChipX, text.ChipW, c.chipBg, text.ChipX+text.ChipW/2, ChipPx, c.chipInk, html.EscapeString(text.Chip))
	}
	if comp != nil {
		b.WriteString(IconSVG(KindIcon(comp.Kind), NodeWidth-28, NodeHeight-27, 20, c.muted))
	}
	if opt.Badges && worst != "" {
		fmt.Fprintf(b, `<g transform="translate(%d 14)"><circle r="10" fill="%s"/><path d="%s" fill="%s"/></g>`, NodeWidth-14, c.severity[worst], BadgeShape(worst), c.paper)
	}
	b.WriteString(`</g>`)
}
