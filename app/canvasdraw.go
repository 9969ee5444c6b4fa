package app

import (
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

const svgNS = "http://www.w3.org/2000/svg"

// svg creates an element in the SVG namespace; go-app needs it on every one.
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// flowLegend says how each flow is drawn, as one piece of markup.
const flowLegend = `<div class="flow-legend" role="note" aria-label="Flows">` +
	`<span><svg width="28" height="8" aria-hidden="true"><line x1="0" y1="4" x2="28" y2="4" data-flow="request"></line></svg>request</span>` +
	`<span><svg width="28" height="8" aria-hidden="true"><line x1="0" y1="4" x2="28" y2="4" data-flow="event"></line></svg>event</span>` +
	`<span><svg width="28" height="8" aria-hidden="true"><line x1="0" y1="4" x2="28" y2="4" data-flow="data"></line></svg>data</span>` +
	`<span><svg width="28" height="8" aria-hidden="true"><line x1="0" y1="4" x2="28" y2="4" data-flow="replication"></line></svg>replication</span>` +
	`</div>`

// arrowDefs is the edges' arrowhead as one piece of markup (go-app makes
// every element and attribute a call into JavaScript): a nested svg of no
// size, whose marker url(#arrow) finds anywhere in the page. Raw HTML must
// have one root, and an <svg> root makes the parser create SVG elements.
const arrowDefs = `<svg width="0" height="0" aria-hidden="true" focusable="false"><defs>` +
	`<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">` +
	`<path data-part="arrow" d="M 0 0 L 10 5 L 0 10 z"></path></marker>` +
	// A note's text, inside its padding.
	`<clipPath id="clip-note" clipPathUnits="userSpaceOnUse"><rect width="190" height="1000"></rect></clipPath>` +
	`</defs></svg>`

// renderNode draws node n at p, its text as labels says, and its connector
// clear of heads, the arrowheads ending on it: as a part, which go-app
// draws again only when what it shows changed.
func (c *Canvas) renderNode(n *catalogue.Node, p [2]float64, labels drawing.LabelMode, heads []drawing.Head) app.UI {
	s := c.Store
	comp := s.Catalogue().Components[n.Component]
	v := &nodeView{ID: n.ID, X: p[0], Y: p[1], Labels: labels, Spread: drawing.Spread(n), Dot: drawing.Connector(heads)}
	v.Words = drawing.WordsOf(s.Catalogue(), n)
	title, name, kind, provider := v.Words.Title, v.Words.Name, v.Words.Kind, v.Words.Provider
	// The name holds the text drawn, in order (label in name, WCAG 2.5.3):
	// the kind after the provider when a long product name takes the kind
	// line's place, for what is drawn to read as a part of it.
	v.Text = c.labels.Layout(v.Words, comp != nil)
	parts := []string{kind, provider}
	if v.Text.Kind == "" && labels == drawing.LabelsFull {
		parts = []string{provider, kind}
	}
	label := title + ", " + name
	for _, part := range parts {
		if part != "" {
			label += ", " + part
		}
	}
	if v.Spread > 0 {
		label += ", runs in " + strconv.Itoa(v.Spread) + " zones"
	}
	v.Severity = s.Worst(n.ID)
	if count := len(s.Violations(n.ID)); count > 0 {
		label += ", " + strconv.Itoa(count) + " " + plural(count, "problem")
	}
	if cmp := s.Comparison(); cmp != nil {
		if v.Diff = cmp.Nodes[n.ID]; v.Diff != "" {
			label += ", " + v.Diff + " since " + cmp.Name
		}
	}
	v.Label = label
	v.Selected, v.SPOF, v.Lost = s.IsSelected(n.ID), s.SPOF(n.ID), s.Lost(n.ID)
	v.Description = nodeDescription(s, n.ID)
	if labels == drawing.LabelsSummary {
		v.Summary[0], v.Summary[1] = c.labels.Summary(title, name)
	}
	if comp != nil && labels != drawing.LabelsNone {
		v.Icon = kindIcon(comp.Kind)
	}
	return &part{View: v}
}

// nodeView is everything a node's box shows, worked out by the canvas.
type nodeView struct {
	ID          string
	X, Y        float64
	Labels      drawing.LabelMode
	Words       drawing.NodeWords // what the box says, whole
	Text        drawing.NodeText  // the full labels, laid out
	Summary     [2]string         // the summary's two lines, when Labels is summary
	Label       string            // the accessible name
	Description string
	Diff        string // the change since the compared file
	Severity    catalogue.Severity
	Selected    bool
	SPOF, Lost  bool
	Spread      int    // the zones it runs in, drawn as a stack; 0 for one
	Icon        string // the kind's icon; none when the product is unknown or no labels are drawn
	Dot         drawing.Point
}

// render draws the box.
func (v *nodeView) render() app.UI {
	g := svg("g").ID("node-"+v.ID).DataSet("node", v.ID).DataSet("diff", v.Diff).
		Attr("transform", translate(v.X, v.Y)).
		Attr("tabindex", "0").Attr("role", "button").Aria("label", v.Label).
		DataSet("selected", strconv.FormatBool(v.Selected)).
		DataSet("severity", string(v.Severity)).
		DataSet("spof", strconv.FormatBool(v.SPOF)).
		DataSet("lost", strconv.FormatBool(v.Lost)).
		Aria("description", v.Description)
	text, words := v.Text, v.Words
	// The tooltip holds every line whole (first, for every browser to find
	// it).
	body := append(make([]app.UI, 0, 12), svg("title").Aria("hidden", "true").Text(text.Full))
	if v.Spread > 0 {
		// It runs in several zones: drawn as a stack of instances.
		for j := 2; j >= 1; j-- {
			body = append(body, svg("rect").DataSet("part", "stack").Attr("x", j*drawing.StackOffset).Attr("y", j*drawing.StackOffset).
				Attr("width", drawing.NodeWidth).Attr("height", drawing.NodeHeight).Attr("rx", "8"))
		}
	}
	body = append(body, svg("rect").DataSet("part", "box").Attr("width", drawing.NodeWidth).Attr("height", drawing.NodeHeight).Attr("rx", "8"))
	// Text never takes a click: the connector, drawn last, is always
	// reachable. Each line is cut to its room by the drawing's measure of
	// the font, with an ellipsis where it is cut; the tooltip holds every
	// line whole, and the accessible name says it all too (the children of
	// a button are presentational: not read twice). Each line ends in a
	// space, for the lines to read as words when taken together.
	switch v.Labels {
	case drawing.LabelsFull:
		body = cutLine(body, "id", 22, text.Title, words.Title, drawing.TitlePx, true)
		switch len(text.Name) {
		case 1:
			body = cutLine(body, "name", 42, text.Name[0], words.Name, drawing.NamePx, false)
		case 2:
			body = cutLine(body, "name", drawing.NameLineY[0], text.Name[0], text.Name[0], drawing.NamePx, false)
			rest := strings.TrimSpace(strings.TrimPrefix(words.Name, strings.TrimSuffix(text.Name[0], drawing.Ellipsis)))
			body = cutLine(body, "name", drawing.NameLineY[1], text.Name[1], rest, drawing.NamePx, false)
		}
		if text.Kind != "" {
			body = cutLine(body, "kind", 60, text.Kind, words.Kind, drawing.KindPx, false)
		}
		if text.Chip != "" {
			body = append(body,
				svg("rect").DataSet("part", "chip").Attr("x", text.ChipX).Attr("y", "49").Attr("width", text.ChipW).Attr("height", "15").Attr("rx", "7.5"),
				svg("text").DataSet("part", "chip-text").Attr("x", text.ChipX+text.ChipW/2).Attr("y", "60").Attr("text-anchor", "middle").Text(text.Chip),
			)
		}
	case drawing.LabelsSummary:
		body = cutLine(body, "summary", 31, v.Summary[0], words.Title, drawing.SummaryTitlePx, true)
		body = cutLine(body, "summary-name", 57, v.Summary[1], words.Name, drawing.SummaryNamePx, false)
	}
	if v.Icon != "" {
		body = append(body, svgIcon(v.Icon, drawing.NodeWidth-28, drawing.NodeHeight-27, 20))
	}
	if v.Severity != "" {
		body = append(body, badge(v.Severity, drawing.NodeWidth-14, 14))
	}
	// The connector: a dot on the right side, large enough to take the
	// pointer (it shows only while the pointer is on the node), moved off
	// the arrowheads that end there.
	body = append(body, svg("circle").DataSet("connector", v.ID).Attr("cx", v.Dot.X).Attr("cy", v.Dot.Y).Attr("r", drawing.ConnectorR))
	return g.Body(body...)
}

// cutLine appends to body one line of a node's box, part (its data-part)
// at baseline y: shown, as the drawing cut it to its room, whole when it was not cut or
// was cut between words. Cut inside a word (an id without spaces), it draws
// whole, the text clipped where the cut falls, and the ellipsis after it:
// a word cut in two reads as another word, to a speech user saying what
// is shown and to a checker of label-in-name (axe compares whole words of
// the text with the accessible name, which holds every word whole). Each
// line ends in a space, for the lines to read as words when taken
// together.
func cutLine(body []app.UI, part string, y float64, shown, whole string, px float64, bold bool) []app.UI {
	prefix, cut := strings.CutSuffix(shown, drawing.Ellipsis)
	if !cut || !strings.HasPrefix(whole, prefix) || len(whole) > len(prefix) && whole[len(prefix)] == ' ' {
		return append(body, svg("text").DataSet("part", part).Attr("x", drawing.TextX).Attr("y", y).Text(shown+" "))
	}
	w := drawing.TextWidth(prefix, px, bold)
	ellipsis := svg("text").DataSet("part", "ellipsis").Aria("hidden", "true").Attr("x", drawing.TextX+w).Attr("y", y).Attr("font-size", px).Text(drawing.Ellipsis)
	if bold {
		ellipsis = ellipsis.Attr("font-weight", "700")
	}
	return append(body,
		svg("svg").DataSet("clip", part).Attr("width", drawing.TextX+w).Attr("height", drawing.NodeHeight).Body(
			svg("text").DataSet("part", part).Attr("x", drawing.TextX).Attr("y", y).Text(whole+" "),
		),
		ellipsis,
	)
}

// nodeDescription says what the analysis marks on a node: a single point
// of failure, or taken by the group shown failing.
func nodeDescription(s *state.Store, id string) string {
	var parts []string
	if s.SPOF(id) {
		parts = append(parts, "single point of failure")
	}
	if s.Lost(id) {
		parts = append(parts, "lost while "+s.Failing()+" fails")
	}
	return strings.Join(parts, "; ")
}

// renderGroups draws the design's groups as labelled frames behind the
// nodes, outer groups first, each styled by its boundary (data-boundary).
// A frame's label selects the group; the frame's inside lets clicks through
// to the canvas, so that panning still works inside a region.
func (c *Canvas) renderGroups(d *catalogue.Design, frames map[string]drawing.GroupFrame, hiddenIn map[string]string) []app.UI {
	if len(d.Groups) == 0 {
		return nil
	}
	order := make([]int, len(d.Groups))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return frames[d.Groups[order[a]].ID].Depth < frames[d.Groups[order[b]].ID].Depth })
	out := make([]app.UI, 0, len(d.Groups))
	px := float64(drawing.FrameLabelPx) // the stylesheet's, zoomed out too
	if c.view.Labels() == drawing.LabelsSummary {
		px = 17
	}
	for _, i := range order {
		g := d.Groups[i]
		f := frames[g.ID]
		name := g.Boundary
		if b := c.Store.Catalogue().Boundaries[g.Boundary]; b != nil {
			name = b.Name
		}
		if hiddenIn[g.ID] != "" && hiddenIn[g.ID] != g.ID {
			continue // inside a collapsed group
		}
		if hiddenIn[g.ID] == g.ID {
			out = append(out, c.renderCollapsed(d, g, name, f, hiddenIn))
			continue
		}
		label := drawing.FrameLabel(name, g)
		// The name is the drawn label, and the id when the label shows the
		// group's name instead, for two groups never to share a name.
		accName := label
		if g.Name != "" {
			accName += " (" + g.ID + ")"
		}
		out = append(out, svg("g").ID("group-"+g.ID).DataSet("group", g.ID).DataSet("boundary", g.Boundary).
			DataSet("selected", strconv.FormatBool(c.Store.Selection().Group == g.ID)).
			Attr("tabindex", "0").Attr("role", "button").Aria("label", accName).Body(
			svg("rect").DataSet("part", "frame").Attr("x", f.Box.X0).Attr("y", f.Box.Y0).
				Attr("width", f.Box.X1-f.Box.X0).Attr("height", f.Box.Y1-f.Box.Y0).Attr("rx", "8"),
			svg("rect").DataSet("part", "group-label").Attr("x", f.Box.X0).Attr("y", f.Box.Y0).
				Attr("width", f.Box.X1-f.Box.X0).Attr("height", drawing.GroupLabel).Attr("rx", "8"),
			// The label is shortened to its frame, with an ellipsis, and
			// whole in the tooltip (a nested svg still holds the icon to
			// a frame narrower than it).
			svg("title").Text(accName),
			svg("svg").Attr("x", f.Box.X0).Attr("y", f.Box.Y0).Attr("width", f.Box.X1-f.Box.X0).Attr("height", drawing.GroupLabel).Body(
				svgIcon(boundaryIcon(g.Boundary), 6, 3, 16),
				svg("text").DataSet("part", "group-text").Attr("x", drawing.FrameLabelX).Attr("y", "15").
					Text(drawing.FitFrameLabel(label, f.Box.X1-f.Box.X0, drawing.FrameLabelX, px)),
			),
		))
	}
	return out
}

// renderCollapsed draws a collapsed group as one box: its name, how many
// nodes it holds and the worst of their problems.
func (c *Canvas) renderCollapsed(d *catalogue.Design, g catalogue.Group, name string, f drawing.GroupFrame, hiddenIn map[string]string) app.UI {
	s := c.Store
	count := 0
	var worst catalogue.Severity
	for _, n := range d.Nodes {
		if hiddenIn[n.ID] == g.ID {
			count++
			if w := s.Worst(n.ID); w.Rank() > worst.Rank() {
				worst = w
			}
		}
	}
	title := g.ID
	if g.Name != "" {
		title = g.Name
	}
	// The name holds the text drawn, in order (label in name).
	label := name + " · " + title + ", " + strconv.Itoa(count) + " " + plural(count, "node") + ", collapsed"
	if g.Name != "" {
		label += " (" + g.ID + ")"
	}
	// Each line shortened to the box, beside the badge, and whole in the
	// tooltip.
	body := []app.UI{
		svg("title").Text(name + " · " + title),
		svg("rect").DataSet("part", "box").Attr("width", drawing.NodeWidth).Attr("height", drawing.NodeHeight).Attr("rx", "8"),
		svg("rect").DataSet("part", "group-label").Attr("width", drawing.NodeWidth).Attr("height", drawing.GroupLabel).Attr("rx", "8"),
		svgIcon(boundaryIcon(g.Boundary), 6, 3, 16),
		svg("text").DataSet("part", "group-text").Attr("x", drawing.FrameLabelX).Attr("y", "15").
			Text(drawing.FitFrameLabel(name, drawing.NodeWidth, drawing.FrameLabelX, drawing.FrameLabelPx) + " "),
		svg("text").DataSet("part", "name").Attr("x", drawing.TextX).Attr("y", "42").
			Text(drawing.Fit(title, drawing.NamePx, false, drawing.TitleEnd-drawing.TextX) + " "),
		svg("text").DataSet("part", "kind").Attr("x", "12").Attr("y", "60").Text(strconv.Itoa(count) + " " + plural(count, "node")),
	}
	if worst != "" {
		body = append(body, badge(worst, drawing.NodeWidth-14, 38))
	}
	return svg("g").ID("group-"+g.ID).DataSet("group", g.ID).DataSet("boundary", g.Boundary).DataSet("collapsed", "true").
		DataSet("selected", strconv.FormatBool(s.Selection().Group == g.ID)).DataSet("severity", string(worst)).
		Attr("transform", translate(f.Box.X0, f.Box.Y0)).
		Attr("tabindex", "0").Attr("role", "button").Aria("label", label).Body(body...)
}

// renderEdge draws edge i along its route pts, route j of place, and its
// label (nil without one), placed by place clear of the labels before it,
// which the canvas draws above the nodes.
func (c *Canvas) renderEdge(pts []drawing.Point, place *drawing.EdgeLabels, j, i int, e catalogue.Edge) (edge, label app.UI) {
	path := drawing.PathData(pts)
	idx := strconv.Itoa(i)
	name := "Connection from " + e.From + " to " + e.To
	if e.Label != "" {
		name += ": " + e.Label
	}
	flow, _ := c.Store.EdgeFlow(i)
	var worst catalogue.Severity
	if vs := c.Store.EdgeViolations(i); len(vs) > 0 {
		worst = vs[0].Severity
		name += ", " + strconv.Itoa(len(vs)) + " " + plural(len(vs), "problem")
	}
	change := ""
	if cmp := c.Store.Comparison(); cmp != nil {
		if change = cmp.Edges[i]; change != "" {
			name += ", " + change + " since " + cmp.Name
		}
	}
	if e.Label != "" && c.view.Scale >= drawing.TextScale {
		text := truncate(e.Label, 40)
		at := place.Place(j, text, labelPx(c.view.Labels()))
		label = svg("text").ID("edge-label-"+idx).DataSet("part", "label").DataSet("severity", string(worst)).
			Attr("text-anchor", "middle").Attr("x", at.X).Attr("y", at.Y).Text(text)
	}
	return &part{View: &edgeView{Index: i, Path: path, Name: name, Flow: flow, Severity: worst, Diff: change,
		Selected: c.Store.Selection().Edge == i}}, label
}

// edgeView is everything an edge's line shows, worked out by the canvas.
type edgeView struct {
	Index    int    // in the design's edges
	Path     string // the route, as SVG path data
	Name     string // the accessible name
	Flow     catalogue.Flow
	Severity catalogue.Severity
	Diff     string // the change since the compared file
	Selected bool
}

// render draws the line, and the wider path that takes the pointer.
func (v *edgeView) render() app.UI {
	idx := strconv.Itoa(v.Index)
	return svg("g").DataSet("edge", idx).DataSet("diff", v.Diff).Attr("tabindex", "0").Attr("role", "button").Aria("label", v.Name).
		Aria("description", string(v.Flow)+" flow").DataSet("flow", string(v.Flow)).DataSet("severity", string(v.Severity)).
		DataSet("selected", strconv.FormatBool(v.Selected)).Body(
		svg("path").ID("edge-hit-"+idx).DataSet("part", "hit").Attr("d", v.Path),
		svg("path").ID("edge-"+idx).DataSet("part", "line").Attr("marker-end", "url(#arrow)").Attr("d", v.Path),
	)
}

// ghosts draws what the compared file has and the design no longer does:
// its groups' frames and its nodes, dashed and faded where the file put
// them, and its edges as dashed lines. The list (ComparisonPanel) says the
// same in words, so the drawing is hidden from assistive technology.
func ghosts(cmp *state.Comparison) app.UI {
	if cmp == nil || len(cmp.Ghosts)+len(cmp.GhostEdges)+len(cmp.GhostGroups) == 0 {
		return nil
	}
	var parts []app.UI
	for _, g := range cmp.GhostGroups {
		parts = append(parts, svg("g").DataSet("ghost-group", g.ID).Body(
			svg("rect").DataSet("part", "frame").Attr("x", g.X0).Attr("y", g.Y0).
				Attr("width", g.X1-g.X0).Attr("height", g.Y1-g.Y0).Attr("rx", "10"),
			svg("text").DataSet("part", "ghost-label").Attr("x", g.X0+8).Attr("y", g.Y0+15).
				Text(drawing.FitFrameLabel(g.ID+" ("+g.Boundary+") removed", g.X1-g.X0, 8, drawing.FrameLabelPx)),
		))
	}
	for _, e := range cmp.GhostEdges {
		parts = append(parts, svg("line").DataSet("part", "ghost-edge").
			Attr("x1", e[0].X+drawing.NodeWidth/2).Attr("y1", e[0].Y+drawing.NodeHeight/2).
			Attr("x2", e[1].X+drawing.NodeWidth/2).Attr("y2", e[1].Y+drawing.NodeHeight/2))
	}
	for _, g := range cmp.Ghosts {
		parts = append(parts, svg("g").DataSet("ghost", g.ID).Attr("transform", translate(g.At.X, g.At.Y)).Body(
			svg("rect").DataSet("part", "box").Attr("width", drawing.NodeWidth).Attr("height", drawing.NodeHeight).Attr("rx", "8"),
			svg("text").DataSet("part", "id").Attr("x", drawing.TextX).Attr("y", "22").Text(drawing.Fit(g.ID, drawing.TitlePx, true, drawing.NodeWidth-2*drawing.TextX)+" "),
			svg("text").DataSet("part", "name").Attr("x", "12").Attr("y", "42").Text("removed"),
		))
	}
	return svg("g").DataSet("layer", "ghosts").Aria("hidden", "true").Body(parts...)
}

// labelPx is the font size of edge labels (the stylesheet's) at a zoom
// that draws labels as mode says.
func labelPx(mode drawing.LabelMode) float64 {
	if mode == drawing.LabelsSummary {
		return 16
	}
	return 11
}

// badge is the mark of the worst problem, centred on (x, y): a disc in the
// severity's colour with a shape that tells the severities apart without
// colour (error "!", warning a triangle, info "i"), drawn rather than set in
// a font, which may lack the glyph.
func badge(s catalogue.Severity, x, y float64) app.UI {
	return svg("g").DataSet("part", "badge").DataSet("severity", string(s)).Aria("hidden", "true").
		Attr("transform", translate(x, y)).Body(
		svg("circle").Attr("r", "10"),
		svg("path").Attr("d", drawing.BadgeShape(s)),
	)
}

// translate is an SVG translate(x y), numbers as %g writes them (on every
// pointermove of a drag, so without fmt).
func translate(x, y float64) string {
	b := append(make([]byte, 0, 32), "translate("...)
	b = append(strconv.AppendFloat(b, x, 'g', -1, 64), ' ')
	return string(append(strconv.AppendFloat(b, y, 'g', -1, 64), ')'))
}
