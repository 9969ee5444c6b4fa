package app

import (
	"fmt"
	"github.com/archdesigner/designer/catalogue/drawing"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/examples"
)

const svgNS = "http://www.w3.org/2000/svg"

// Canvas draws the design as SVG and turns pointer and keyboard input into
// store actions. Dragging moves the SVG directly on every pointermove (no
// render) and commits the position once, on pointerup. The viewport's pan and
// zoom live in the DOM transform of the #viewport group, which go-app never
// renders.
//
// Chromium lays out every SVG text again whenever anything in the SVG moves,
// so the canvas draws only the nodes and edges in and around the view (and
// no text when zoomed out too far to read it): a drag then costs the same in
// a design of 1,000 nodes as in one of 10. Every node stays reachable through
// "Go to node" and the Problems list.
type Canvas struct {
	app.Compo
	Store   *Store
	Version int
	// Platform keeps the view across reloads (nil when prerendering; unused
	// when embedded, where the host owns what is stored).
	Platform Platform

	ctx           app.Context
	view          drawing.Viewport
	width, height float64      // the SVG's size in pixels
	revealAsked   bool         // the store asked to bring the selection into view (see Changed.Reveal)
	openedAsked   bool         // a design was opened since the last render (see Changed.Opened)
	openedBefore  bool         // one was opened while this canvas was shown
	settle        atomic.Int64 // counts view changes, to re-render once they stop
	drag          *drag
	listeners     []func()
	dragOff       []func()
	examples      []examples.Example // read when an empty canvas first offers them
	menu          *ContextMenu
	picture       *PictureDialog
	comparison    *ComparisonPanel
	tidy          *TidyDialog
	snapOn        bool // Snap to grid
	minimap       *Minimap
	geo           *drawing.Geometry // where the last render drew the design
}

// translate is an SVG translate(x y), numbers as %g writes them (on every
// pointermove of a drag, so without fmt).
func translate(x, y float64) string {
	b := append(make([]byte, 0, 32), "translate("...)
	b = append(strconv.AppendFloat(b, x, 'g', -1, 64), ' ')
	return string(append(strconv.AppendFloat(b, y, 'g', -1, 64), ')'))
}

// drag is a gesture in progress with the DOM it patches: the dragged node
// or the viewport group, and the edges that follow a dragged node.
type drag struct {
	gesture
	elem  app.Value
	edges []edgeEnd
	route drawing.Router // the other nodes, which the edges route round
	held  []heldElement  // what a group drag moves, and the notes on a dragged node
	note  noteDrag       // a dragged note
	ids   []string       // the nodes a drag of many moves
}

// band is the rubber band's box, from where it began to where the pointer
// is.
func (d *drag) band() drawing.Rect {
	return drawing.Rect{X0: min(d.origX, d.x), Y0: min(d.origY, d.y), X1: max(d.origX, d.x), Y1: max(d.origY, d.y)}
}

// startMultiDrag begins a drag of the selected nodes ids: they, the notes
// on them and the edges among them move whole; the edges to the others
// re-route as they go.
func (c *Canvas) startMultiDrag(d *drag, ids []string) {
	moving := make(map[string]bool, len(ids))
	for _, id := range ids {
		moving[id] = true
	}
	d.kind, d.ids = gestureNodes, ids
	for _, id := range ids {
		d.held = append(d.held, held("node-"+id)...)
	}
	var inner []int
	d.edges, d.route, inner = c.edgesOfSet(moving)
	for _, i := range inner {
		d.held = append(d.held, held("edge-label-"+strconv.Itoa(i))...)
		if el := app.Window().Get("document").Call("querySelector", `g[data-edge="`+strconv.Itoa(i)+`"]`); el.Truthy() {
			d.held = append(d.held, heldElement{elem: el})
		}
	}
	if len(c.Store.Design().Notes) > 0 {
		d.held = append(d.held, c.noteElements(moving)...)
	}
}

// nodesIn are the nodes drawn (not inside a collapsed group) whose boxes
// meet r.
func (c *Canvas) nodesIn(r drawing.Rect) []string {
	s := c.Store
	d := s.Design()
	var hiddenIn map[string]string
	if len(d.Groups) > 0 {
		hiddenIn = drawing.CollapsedIn(d, s.Collapsed)
	}
	var out []string
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if hiddenIn[n.ID] != "" {
			continue
		}
		x, y := drawing.Position(n, i)
		if r.Meets(x, y, x+drawing.NodeWidth, y+drawing.NodeHeight) {
			out = append(out, n.ID)
		}
	}
	return out
}

// edgeEnd is an edge touching the dragged node, with its other end fixed.
type edgeEnd struct {
	line, hit, label app.Value
	from             bool          // the dragged node is the edge's from end
	other            drawing.Rect  // the other end's box
	otherPort        drawing.Point // where the edge met it, as drawn
	otherSide        drawing.Side  // on which side
	labelLen         int           // the label's length in characters
	labelPx          float64       // and its font size
	base             [2]float64    // where the moving end's node was drawn when the drag began
}

// OnInit sets the first view, before the first render.
func (c *Canvas) OnInit() {
	c.view = drawing.Viewport{Scale: 1}
	// Until the SVG is measured, assume a large screen, so nothing that will
	// be in view is left out of the first render.
	c.width, c.height = 1600, 1000
	c.menu = newContextMenu(c.Store)
	c.tidy = newTidyDialog(c.Store, c.Platform, c.fit)
	c.picture = newPictureDialog(c.Store, c.Platform)
	c.minimap = newMinimap(c.Store, c.Platform, c.centreOn)
	c.comparison = newComparisonPanel(c.Store)
}

// OnMount applies the view and listens for wheel zoom and for the canvas's
// size. The size comes from a ResizeObserver, after the browser's own layout:
// measuring here would force a layout in the middle of the first render.
func (c *Canvas) OnMount(ctx app.Context) {
	c.ctx = ctx
	c.restoreSnap()
	c.applyView()
	svg := app.Window().GetElementByID("canvas-svg")
	if !svg.Truthy() {
		return
	}
	c.listen(svg, "wheel", c.onWheel, map[string]any{"passive": false})
	// Capturing, so that it runs before go-app queues onPointerDown.
	c.listen(svg, "pointerdown", func(app.Value) { commitField() }, map[string]any{"capture": true})
	c.listeners = append(c.listeners, listenPickers(app.Window().GetElementByID("canvas"), c.Store.Design, func() string { return "" }, c.onPicked))
	c.listeners = append(c.listeners, c.Store.Subscribe(func(_ *Store, ch Changed) {
		c.revealAsked = c.revealAsked || ch.Reveal
		c.openedAsked = c.openedAsked || ch.Opened
	}))
	measured := false
	c.listeners = append(c.listeners, observeSize(app.Window().GetElementByID("canvas-area"), func(w, h float64) {
		if w <= 0 || h <= 0 {
			return
		}
		c.width, c.height = w, h
		sizeSVG(svg, w, h)
		if measured {
			c.applyView() // the store's view and the minimap's rectangle
			c.viewChanged()
			return
		}
		measured = true
		// A design restored at start-up is shown as it was left, or fitted
		// when that view shows none of it, not at wherever the origin
		// happens to be.
		// data-viewed marks the first view set: what is on screen from
		// then on stays where it is until the user moves it (the browser
		// tests wait for it, since the first measurement may come late).
		viewed := func() { svg.Get("dataset").Set("viewed", "true") }
		switch {
		case len(c.Store.Design().Nodes) == 0:
			c.applyView()
			viewed()
		case c.restoreView():
			c.applyView()
			c.viewChanged()
			viewed()
		default:
			ctx.Dispatch(func(app.Context) { c.fit(); viewed() })
		}
	}))
}

// sizeSVG gives the SVG its area's size in pixels. Sized in percent, the
// SVG's every change (a node dragged one pixel) made Chromium lay out every
// text in it again: 5.7 ms a pointermove with 42 nodes in view, against
// 1.4 ms sized in pixels. Its style object is set, which the page's content
// security policy allows where it refuses a style attribute.
func sizeSVG(svg app.Value, w, h float64) {
	style := svg.Get("style")
	style.Set("width", strconv.FormatFloat(w, 'f', -1, 64)+"px")
	style.Set("height", strconv.FormatFloat(h, 'f', -1, 64)+"px")
}

func (c *Canvas) listen(target app.Value, event string, h func(app.Value), options map[string]any) {
	c.listeners = append(c.listeners, listen(target, event, h, options))
}

// viewChanged re-renders, once the view has stopped changing for a moment,
// so that what came into view is drawn.
func (c *Canvas) viewChanged() {
	if c.ctx == nil {
		return
	}
	n := c.settle.Add(1)
	c.ctx.Async(func() {
		time.Sleep(120 * time.Millisecond)
		if c.settle.Load() == n {
			c.ctx.Dispatch(func(app.Context) { c.saveView() })
		}
	})
}

// keepsView reports whether the canvas keeps its view (and its parts their
// choices) across reloads: in the browser (p is nil when prerendering), and
// neither embedded nor showing a share link's design.
func keepsView(p Platform, s *Store) bool {
	return p != nil && app.Window().URL().Query().Get("embed") != "1" && !s.Shared()
}

// saveView stores the view, for a reload to show what was shown. A failure
// is not worth a word: the next load fits the design instead.
func (c *Canvas) saveView() {
	if keepsView(c.Platform, c.Store) {
		_ = c.Platform.Store(keyView, c.view.String())
	}
}

// restoreView takes the stored view, if there is one that shows some of
// the design at a zoom its labels can be read at.
func (c *Canvas) restoreView() bool {
	if !keepsView(c.Platform, c.Store) {
		return false
	}
	saved, ok, err := c.Platform.Load(keyView)
	if err != nil || !ok {
		return false
	}
	v, ok := drawing.ParseViewport(saved)
	if !ok || v.Labels() == drawing.LabelsNone {
		return false
	}
	x0, y0 := v.ToCanvas(0, 0)
	x1, y1 := v.ToCanvas(c.width, c.height)
	view := drawing.Rect{X0: x0, Y0: y0, X1: x1, Y1: y1}
	d := c.Store.Design()
	for i := range d.Nodes {
		x, y := drawing.Position(&d.Nodes[i], i)
		if view.Meets(x, y, x+drawing.NodeWidth, y+drawing.NodeHeight) {
			c.view = v
			return true
		}
	}
	return false
}

// OnDismount releases listeners.
func (c *Canvas) OnDismount() {
	c.endGesture(c.ctx, nil, false)
	for _, off := range c.listeners {
		off()
	}
	c.listeners = nil
}

// OnUpdate brings the selected node into view when the Problems list asks.
func (c *Canvas) OnUpdate(ctx app.Context) {
	c.menu.Update() // the parts drawn from the store, which the canvas's render leaves as they are
	c.tidy.Update()
	c.picture.Update()
	c.comparison.Update()
	c.minimap.refresh()
	if c.openedAsked {
		c.openedAsked = false
		ctx.Defer(func(app.Context) { c.showOpened() })
	}
	if c.revealAsked {
		c.revealAsked = false
		ctx.Defer(func(app.Context) {
			if sel := c.Store.Selection(); sel.Node != "" {
				c.reveal(sel.Node)
			} else if sel.Edge >= 0 && sel.Edge < len(c.Store.Design().Edges) {
				c.revealEdge(sel.Edge)
			}
		})
	}
}

// showOpened shows a design just opened: the saved design at start-up as
// it was left (see restoreView), or fitted; another design opened in its
// place, whole. Before the canvas is measured, the measurement does it.
func (c *Canvas) showOpened() {
	first := !c.openedBefore
	c.openedBefore = true
	if c.width <= 0 || c.height <= 0 {
		return
	}
	if first && c.restoreView() {
		c.applyView()
		c.viewChanged()
		return
	}
	c.fit()
}

// applyView sets the view on the drawing's viewport group, and tells the
// store and the minimap what is in view.
func (c *Canvas) applyView() {
	x0, y0 := c.view.ToCanvas(0, 0)
	x1, y1 := c.view.ToCanvas(c.width, c.height)
	if c.width > 0 && c.height > 0 {
		c.Store.SetView(x0, y0, x1, y1)
	}
	if g := app.Window().GetElementByID("viewport"); g.Truthy() {
		g.Call("setAttribute", "transform", c.view.Transform())
	}
	c.minimap.placeView(drawing.Rect{X0: x0, Y0: y0, X1: x1, Y1: y1})
}

// Render draws the canvas: its buttons, the edges, then the nodes.
func (c *Canvas) Render() app.UI {
	s := c.Store
	d := s.Design()
	c.geo = drawing.GeometryOf(c.geo, d, s.Collapsed)
	geo := c.geo
	pos, frames, hiddenIn := geo.Pos, geo.Frames, geo.HiddenIn
	drawn := c.view.Drawn(c.width, c.height)
	groups := c.renderGroups(d, frames, hiddenIn)
	var edges, edgeLabels []app.UI
	var inView []int
	for k := range geo.Shown {
		a, b := geo.Pairs[k][0], geo.Pairs[k][1]
		// The box around both ends: an edge between two nodes out of view
		// may still cross it.
		if drawn.Meets(min(a.X0, b.X0), min(a.Y0, b.Y0), max(a.X1, b.X1), max(a.Y1, b.Y1)) {
			inView = append(inView, k)
		}
	}
	geo.Prepare(inView)
	for _, k := range inView {
		i := geo.Shown[k]
		edge, label := c.renderEdge(geo.Route(k), i, d.Edges[i])
		edges = append(edges, edge)
		if label != nil {
			edgeLabels = append(edgeLabels, label)
		}
	}
	var nodes []app.UI
	labels := c.view.Labels()
	for i := range d.Nodes {
		p := geo.XY[i]
		if !drawn.Meets(p[0], p[1], p[0]+drawing.NodeWidth, p[1]+drawing.NodeHeight) || hiddenIn[d.Nodes[i].ID] != "" {
			continue
		}
		nodes = append(nodes, c.renderNode(&d.Nodes[i], p, labels))
	}
	var notes []app.UI
	if len(d.Notes) > 0 {
		notes = c.renderNotes(d, drawing.NewNoteLayout(d, pos, frames, hiddenIn), drawn, labels)
	}
	var offer app.UI
	if len(d.Nodes) == 0 && !s.ReadOnly() {
		offer = c.renderExamples()
	}
	return app.Section().ID("canvas").Aria("label", "Canvas").Attr("tabindex", "-1").Body(
		app.Div().Class("canvas-tools").Body(
			app.Button().Text("Fit").Title("Show the design at a zoom its labels can be read at (from its top-left corner when it is larger)").OnClick(func(app.Context, app.Event) { c.fit() }),
			app.Button().Text("Zoom in").OnClick(func(app.Context, app.Event) { c.zoomBy(1.25) }),
			app.Button().Text("Zoom out").OnClick(func(app.Context, app.Event) { c.zoomBy(0.8) }),
			button(s.ReadOnly()).Text("Add note").Title("Add a note in the middle of the view").OnClick(func(app.Context, app.Event) { addNote(s, "") }),
			app.Button().ID("export-picture").Text("Export picture").Aria("expanded", strconv.FormatBool(c.picture.isOpen())).
				Title("An SVG or PNG of the design, which carries the design").
				OnClick(func(app.Context, app.Event) {
					if c.picture.isOpen() {
						c.picture.close()
						return
					}
					c.tidy.drop()
					c.picture.open()
				}),
			app.If(len(d.Nodes) > 0, button(s.ReadOnly()).ID("tidy-up").Text("Tidy up").Aria("expanded", strconv.FormatBool(c.tidy.isOpen())).
				Title("Lay out the new nodes beside what they connect to, the selection, or the whole design").
				OnClick(func(app.Context, app.Event) {
					if c.tidy.isOpen() {
						c.tidy.close()
						return
					}
					c.picture.drop()
					c.tidy.open()
				})),
			app.Label().Class("button").For("compare-file").Text("Compare with…").
				Title("Mark on the canvas what differs from a design file (an older version, say), without changing the design"),
			app.Input().ID("compare-file").Type("file").Accept(".yaml,.yml,application/yaml,text/yaml,.svg,image/svg+xml,.png,image/png").
				Class("visually-hidden").OnChange(c.onCompareFile),
			c.renderViewTools(),
			app.If(len(d.Nodes) > 0, app.Button().Text("Minimap").Aria("pressed", strconv.FormatBool(c.minimap.isShown())).
				Title("A map of the whole design: click or drag it to move the view").
				OnClick(func(app.Context, app.Event) { c.minimap.toggle() })),
			app.If(len(d.Nodes) > 0, app.Span().Class("picker").Body(renderPicker("goto-node", "Go to node", "node id")...)),
			offer,
			app.If(len(d.Nodes) == 0,
				app.Span().Class("hint").Text("Add a component from the palette, import a design, or paste YAML."),
			),
		),
		// The SVG sits in an area of its own, which is what is measured:
		// the SVG is then given the area's size in pixels (see sizeSVG).
		app.Div().ID("canvas-area").Body(svg("svg").ID("canvas-svg").Attr("role", "group").Aria("label", "Design canvas").
			DataSet("labels", [...]string{"none", "summary", "full"}[labels]).
			On("pointerdown", c.onPointerDown).
			On("keydown", c.onKeyDown).
			On("contextmenu", c.menu.onContextMenu).
			Body(
				app.Raw(arrowDefs),
				svg("rect").DataSet("part", "background").Attr("x", "-100000").Attr("y", "-100000").
					Attr("width", "200000").Attr("height", "200000"),
				svg("g").ID("viewport").Body(
					svg("g").DataSet("layer", "groups").Body(groups...),
					svg("g").DataSet("layer", "edges").Body(edges...),
					svg("g").DataSet("layer", "nodes").Body(nodes...),
					c.renderGhosts(),
					svg("g").DataSet("layer", "notes").Body(notes...),
					svg("g").DataSet("layer", "labels").Aria("hidden", "true").Body(edgeLabels...),
					svg("line").ID("connect-preview").DataSet("active", "false").Aria("hidden", "true"),
					svg("rect").ID("rubber-band").DataSet("active", "false").Aria("hidden", "true"),
				),
			)),
		// Text when there are no edges, for the parts after it to keep
		// their places: go-app matches children by position, and would
		// mount them anew.
		app.If(len(d.Edges) > 0, app.Raw(flowLegend)).Else(app.Text("")),
		c.menu,
		c.comparison,
		c.picture,
		c.tidy,
		c.minimap,
	)
}

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
	// The clips of a node's text, in the node's own coordinates: clear of
	// the badge (top right) and of the connector (right side).
	`<clipPath id="clip-node-top" clipPathUnits="userSpaceOnUse"><rect width="150" height="72"></rect></clipPath>` +
	`<clipPath id="clip-node-text" clipPathUnits="userSpaceOnUse"><rect width="162" height="72"></rect></clipPath>` +
	// A note's text, inside its padding.
	`<clipPath id="clip-note" clipPathUnits="userSpaceOnUse"><rect width="190" height="1000"></rect></clipPath>` +
	`</defs></svg>`

// svg creates an element in the SVG namespace; go-app needs it on every one.
func svg(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// renderExamples offers the example designs, on an empty canvas.
func (c *Canvas) renderExamples() app.UI {
	if c.examples == nil {
		c.examples = examples.All()
	}
	list := c.examples
	return app.Span().Class("examples").Body(
		app.Label().For("open-example").Text("Open example"),
		app.Select().ID("open-example").OnChange(c.onExample).Body(
			option("", "—", true),
			app.Range(list).Slice(func(i int) app.UI { return option(list[i].File, list[i].Name, false) }),
		),
	)
}

// onExample opens the example chosen in "Open example" and shows it whole.
func (c *Canvas) onExample(ctx app.Context, e app.Event) {
	file := ctx.JSSrc().Get("value").String()
	for _, ex := range c.examples {
		if ex.File == file {
			if err := c.Store.Import(ex.File, ex.Data); err != nil {
				c.Store.Report(err)
				return
			}
			c.fit()
			return
		}
	}
}

// onPicked handles a node picked in the canvas's picker, Go to node: it is
// selected and shown, or the status says there is no such node.
func (c *Canvas) onPicked(picker, id string) {
	if picker != "goto-node" {
		return
	}
	if c.Store.Node(id) == nil {
		// Enter on a highlighted suggestion may come before the browser
		// puts the suggestion in the field: say so only if it did not.
		ctx := c.ctx
		ctx.Async(func() {
			time.Sleep(100 * time.Millisecond)
			ctx.Emit(func() {
				if pickerValue("goto-node") == id {
					c.Store.Report(fmt.Errorf("no node has the id %q", id))
				}
			})
		})
		return
	}
	c.ctx.Emit(func() {
		clearPicker("goto-node")
		c.Store.Reveal(id)
	})
}

func (c *Canvas) renderNode(n *catalogue.Node, p [2]float64, labels drawing.LabelMode) app.UI {
	s := c.Store
	comp := s.Catalogue().Components[n.Component]
	name, kind, provider := n.Component, "", ""
	if comp != nil {
		kind = comp.Kind
		if k := s.Catalogue().Kinds[comp.Kind]; k != nil && k.Name != "" {
			kind = k.Name
		}
		name = comp.Name
		// A cloud's products carry its id as a chip; open-source and
		// vendor-neutral ones ("default") none.
		if comp.Provider != "default" {
			provider = comp.Provider
		}
	}
	// A node with a display name shows it first, and its id on the last
	// line, with the kind.
	title := n.ID
	if n.Name != "" {
		title = n.Name
		kind = strings.TrimSuffix(n.ID+" · "+kind, " · ")
	}
	// The name holds the text drawn, in order (label in name, WCAG 2.5.3).
	label := title + ", " + name
	for _, part := range []string{kind, provider} {
		if part != "" {
			label += ", " + part
		}
	}
	worst := s.Worst(n.ID)
	if count := len(s.Violations(n.ID)); count > 0 {
		label += fmt.Sprintf(", %d %s", count, plural(count, "problem"))
	}
	change := ""
	if cmp := s.Comparison(); cmp != nil {
		if change = cmp.Nodes[n.ID]; change != "" {
			label += ", " + change + " since " + cmp.Name
		}
	}
	g := svg("g").ID("node-"+n.ID).DataSet("node", n.ID).DataSet("diff", change).
		Attr("transform", translate(p[0], p[1])).
		Attr("tabindex", "0").Attr("role", "button").Aria("label", label).
		DataSet("selected", strconv.FormatBool(s.IsSelected(n.ID))).
		DataSet("severity", string(worst)).
		DataSet("spof", strconv.FormatBool(s.SPOF(n.ID))).
		DataSet("lost", strconv.FormatBool(s.Lost(n.ID))).
		Aria("description", nodeDescription(s, n.ID))
	body := []app.UI{
		svg("rect").DataSet("part", "box").Attr("width", drawing.NodeWidth).Attr("height", drawing.NodeHeight).Attr("rx", "8"),
	}
	// Text is clipped to the box by the stylesheet (by its drawn width) and
	// never takes a click: the connector, drawn last, is always reachable.
	// The text is in the accessible name, which says more (and the
	// children of a button are presentational: not read twice). Nothing is
	// cut to a number of characters (an id is at most 64, a display name at
	// most the design's text limit): the clip shortens what is drawn. Each
	// line ends in a space, for the lines to read as words when taken
	// together.
	switch labels {
	case drawing.LabelsFull:
		body = append(body,
			svg("text").DataSet("part", "id").Attr("x", "12").Attr("y", "22").Text(title+" "),
			svg("text").DataSet("part", "name").Attr("x", "12").Attr("y", "42").Text(name+" "),
		)
		if provider == "" {
			body = append(body, svg("text").DataSet("part", "kind").Attr("x", "12").Attr("y", "60").Text(kind))
			break
		}
		// The chip ends before the icon, as wide as its text is likely
		// to be (the text is centred in it, so a wider font only eats
		// its padding); the kind is clipped where the chip begins (a
		// nested svg clips what it holds to its box).
		w := float64(drawing.ChipChar*len([]rune(provider)) + 2*drawing.ChipPad)
		x := drawing.NodeWidth - 32 - w
		body = append(body,
			svg("svg").Attr("y", "46").Attr("width", x-4).Attr("height", "18").Body(
				svg("text").DataSet("part", "kind").Attr("x", "12").Attr("y", "14").Text(kind+" "),
			),
			svg("rect").DataSet("part", "chip").Attr("x", x).Attr("y", "49").Attr("width", w).Attr("height", "15").Attr("rx", "7.5"),
			svg("text").DataSet("part", "chip-text").Attr("x", x+w/2).Attr("y", "60").Attr("text-anchor", "middle").Text(provider),
		)
	case drawing.LabelsSummary:
		body = append(body,
			svg("text").DataSet("part", "summary").Attr("x", "12").Attr("y", "31").Text(title+" "),
			svg("text").DataSet("part", "summary-name").Attr("x", "12").Attr("y", "57").Text(name),
		)
	}
	if comp != nil && labels != drawing.LabelsNone {
		body = append(body, svgIcon(kindIcon(comp.Kind), drawing.NodeWidth-28, drawing.NodeHeight-27, 20))
	}
	if worst != "" {
		body = append(body, badge(worst, drawing.NodeWidth-14, 14))
	}
	// The connector: a dot on the right side, large enough to take the
	// pointer (it shows only while the pointer is on the node).
	body = append(body, svg("circle").DataSet("connector", n.ID).Attr("cx", drawing.NodeWidth).Attr("cy", drawing.NodeHeight/2).Attr("r", "9"))
	return g.Body(body...)
}

// nodeDescription says what the analysis marks on a node: a single point
// of failure, or taken by the group shown failing.
func nodeDescription(s *Store, id string) string {
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
			// The label is clipped to its frame (a nested svg clips what
			// it holds to its box).
			svg("svg").Attr("x", f.Box.X0).Attr("y", f.Box.Y0).Attr("width", f.Box.X1-f.Box.X0).Attr("height", drawing.GroupLabel).Body(
				svgIcon(boundaryIcon(g.Boundary), 6, 3, 16),
				svg("text").DataSet("part", "group-text").Attr("x", "26").Attr("y", "15").Text(truncate(label, 60)),
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
	body := []app.UI{
		svg("rect").DataSet("part", "box").Attr("width", drawing.NodeWidth).Attr("height", drawing.NodeHeight).Attr("rx", "8"),
		svg("rect").DataSet("part", "group-label").Attr("width", drawing.NodeWidth).Attr("height", drawing.GroupLabel).Attr("rx", "8"),
		svgIcon(boundaryIcon(g.Boundary), 6, 3, 16),
		svg("text").DataSet("part", "group-text").Attr("x", "26").Attr("y", "15").Text(name + " "),
		svg("text").DataSet("part", "name").Attr("x", "12").Attr("y", "42").Text(title + " "),
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

// renderEdge draws edge i between node boxes from and to, between the
// ports given, routed round the other nodes, and its label (nil without one), which the canvas
// draws above the nodes.
func (c *Canvas) renderEdge(pts []drawing.Point, i int, e catalogue.Edge) (edge, label app.UI) {
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
		name += fmt.Sprintf(", %d %s", len(vs), plural(len(vs), "problem"))
	}
	change := ""
	if cmp := c.Store.Comparison(); cmp != nil {
		if change = cmp.Edges[i]; change != "" {
			name += ", " + change + " since " + cmp.Name
		}
	}
	if e.Label != "" && c.view.Scale >= drawing.TextScale {
		text := truncate(e.Label, 40)
		at := c.geo.Router.LabelSpot(pts, len([]rune(text)), labelPx(c.view.Labels()))
		label = svg("text").ID("edge-label-"+idx).DataSet("part", "label").DataSet("severity", string(worst)).
			Attr("text-anchor", "middle").Attr("x", at.X).Attr("y", at.Y).Text(text)
	}
	return svg("g").DataSet("edge", idx).DataSet("diff", change).Attr("tabindex", "0").Attr("role", "button").Aria("label", name).
		Aria("description", string(flow)+" flow").DataSet("flow", string(flow)).DataSet("severity", string(worst)).
		DataSet("selected", strconv.FormatBool(c.Store.Selection().Edge == i)).Body(
		svg("path").ID("edge-hit-"+idx).DataSet("part", "hit").Attr("d", path),
		svg("path").ID("edge-"+idx).DataSet("part", "line").Attr("marker-end", "url(#arrow)").Attr("d", path),
	), label
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

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// truncate shortens s to n runes for display; the full text stays in the
// accessible name and the inspector.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// closest returns the element at or above target matching selector.
func closest(target app.Value, selector string) app.Value {
	if !target.Truthy() || target.Get("closest").IsUndefined() {
		return app.Null()
	}
	return target.Call("closest", selector)
}

func (c *Canvas) onPointerDown(ctx app.Context, e app.Event) {
	if e.Get("button").Int() != 0 {
		return
	}
	c.menu.close(false)
	target := e.Get("target")
	s := c.Store
	d := &drag{gesture: gesture{startX: e.Get("clientX").Float(), startY: e.Get("clientY").Float()}}
	switch {
	case closest(target, "[data-connector]").Truthy():
		d.kind, d.node = gestureConnect, closest(target, "[data-connector]").Get("dataset").Get("connector").String()
	case closest(target, "g[data-node]").Truthy():
		id := closest(target, "g[data-node]").Get("dataset").Get("node").String()
		if e.Get("shiftKey").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
			s.ToggleNode(id)
			return
		}
		if many := s.SelectedNodes(); len(many) > 1 && s.IsSelected(id) {
			d.node = id
			c.startMultiDrag(d, many)
			break
		}
		s.Select(id)
		x, y, _ := s.Position(id)
		d.kind, d.node, d.origX, d.origY, d.x, d.y = gestureNode, id, x, y, x, y
		d.elem = app.Window().GetElementByID("node-" + id)
		d.edges, d.route = c.edgesOf(id)
		if len(s.Design().Notes) > 0 {
			d.held = c.noteElements(map[string]bool{id: true})
		}
	case closest(target, "[data-edge]").Truthy():
		i, _ := strconv.Atoi(closest(target, "[data-edge]").Get("dataset").Get("edge").String())
		s.SelectEdge(i)
		return
	case closest(target, "g[data-note]").Truthy():
		i, _ := strconv.Atoi(closest(target, "g[data-note]").Get("dataset").Get("note").String())
		s.SelectNote(i)
		box, ok := s.NoteBox(i)
		if !ok {
			return
		}
		d.kind, d.origX, d.origY, d.x, d.y = gestureNote, box.X0, box.Y0, box.X0, box.Y0
		d.elem = app.Window().GetElementByID("note-" + strconv.Itoa(i))
		d.note = noteDrag{index: i, line: app.Window().GetElementByID("note-line-" + strconv.Itoa(i)), height: box.Y1 - box.Y0}
		d.note.anchor, d.note.on = s.notes().Anchor(s.Note(i).On)
	case closest(target, "[data-group]").Truthy():
		g := closest(target, "[data-group]")
		id := g.Get("dataset").Get("group").String()
		s.SelectGroup(id)
		if g.Get("dataset").Get("collapsed").String() == "true" {
			return
		}
		d.kind, d.node = gestureGroup, id
		d.held = c.heldElements(id)
		// Snap to grid puts the frame's corner on the grid.
		if f, ok := drawing.GroupFrames(s.Design(), drawing.NodePositions(s.Design()))[id]; ok {
			d.origX, d.origY = f.Box.X0, f.Box.Y0
		}
	case e.Get("shiftKey").Bool():
		// Shift on the background draws a rubber band.
		x, y := c.toCanvas(d.startX, d.startY)
		d.kind, d.origX, d.origY, d.x, d.y = gestureBand, x, y, x, y
		d.elem = app.Window().GetElementByID("rubber-band")
	default:
		s.Select("")
		d.kind, d.origX, d.origY, d.x, d.y = gesturePan, c.view.X, c.view.Y, c.view.X, c.view.Y
		d.elem = app.Window().GetElementByID("viewport")
	}
	ctx.JSSrc().Call("setPointerCapture", e.Get("pointerId"))
	c.drag = d
	c.onDrag("pointermove", func(ev app.Value) { c.onPointerMove(ev) })
	c.onDrag("pointerup", func(ev app.Value) { c.endGesture(ctx, ev, true) })
	c.onDrag("pointercancel", func(ev app.Value) { c.endGesture(ctx, ev, false) })
}

// commitField has a text field being edited (the inspector's) send its
// change now, while it is drawn: a press on the canvas may change the
// selection, and the render that follows removes the field before the
// browser's blur would have sent it. It runs in a capturing listener, not in
// onPointerDown: go-app queues each handler, and a frame may render between
// two of them, so the change must be queued before the press's handler is
// (from within that handler, a render could come first and drop the change
// of a field no longer mounted; under load it did).
func commitField() {
	el := app.Window().Get("document").Get("activeElement")
	if !el.Truthy() {
		return
	}
	switch strings.ToLower(el.Get("tagName").String()) {
	case "input", "textarea":
		el.Call("blur")
	}
}

// onDrag listens on the window for the rest of a gesture, without renders.
func (c *Canvas) onDrag(event string, h func(app.Value)) {
	c.dragOff = append(c.dragOff, listen(app.Window(), event, h, nil))
}

// edgesOf collects the edges touching node id with their fixed other ends,
// and a router over every other node's box, for the edges to keep routing
// round them while id moves.
func (c *Canvas) edgesOf(id string) ([]edgeEnd, drawing.Router) {
	ends, rt, _ := c.edgesOfSet(map[string]bool{id: true})
	return ends, rt
}

// edgesOfSet collects the edges with one end among the nodes moving, with
// that end's node where it was drawn and the other end fixed; a router over
// every other node's box; and the edges with both ends moving, which move
// with them whole.
func (c *Canvas) edgesOfSet(moving map[string]bool) ([]edgeEnd, drawing.Router, []int) {
	s := c.Store
	d := s.Design()
	var out []edgeEnd
	var inner []int
	pos := drawing.NodePositions(d)
	// An end inside a collapsed group is drawn at the group's box.
	var hiddenIn map[string]string
	var frames map[string]drawing.GroupFrame
	if len(d.Groups) > 0 {
		if hiddenIn = drawing.CollapsedIn(d, s.Collapsed); len(hiddenIn) > 0 {
			frames = drawing.GroupFrames(d, pos)
		}
	}
	at := func(n string) [2]float64 {
		if g := hiddenIn[n]; g != "" {
			return [2]float64{frames[g].Box.X0, frames[g].Box.Y0}
		}
		return pos[n]
	}
	shown, pairs, ports := drawing.LayoutEdges(d, at, hiddenIn)
	w := app.Window()
	for k, i := range shown {
		e := d.Edges[i]
		from, to := moving[e.From], moving[e.To]
		if from && to {
			inner = append(inner, i)
			continue
		}
		if !from && !to {
			continue
		}
		idx := strconv.Itoa(i)
		end := edgeEnd{
			line: w.GetElementByID("edge-" + idx), hit: w.GetElementByID("edge-hit-" + idx), label: w.GetElementByID("edge-label-" + idx),
			from: from, labelLen: len([]rune(truncate(e.Label, 40))), labelPx: labelPx(c.view.Labels()),
		}
		pl := drawing.PlanFor(pairs[k][0], pairs[k][1])
		if end.from {
			end.other, end.otherPort, end.otherSide, end.base = pairs[k][1], ports[k][1], pl.In, at(e.From)
		} else {
			end.other, end.otherPort, end.otherSide, end.base = pairs[k][0], ports[k][0], pl.Out, at(e.To)
		}
		out = append(out, end)
	}
	if len(out) == 0 {
		return nil, drawing.Router{}, inner
	}
	for id := range moving {
		delete(pos, id)
	}
	kept := *d
	kept.Nodes = slices.DeleteFunc(slices.Clone(d.Nodes), func(n catalogue.Node) bool { return moving[n.ID] })
	return out, drawing.Router{Ix: drawing.NewBoxIndex(drawing.DrawnBoxes(&kept, pos, frames, hiddenIn))}, inner
}

func (c *Canvas) onPointerMove(ev app.Value) {
	d := c.drag
	if d == nil {
		return
	}
	d.move(ev.Get("clientX").Float(), ev.Get("clientY").Float(), c.view.Scale)
	c.snapDrag(&d.gesture)
	switch d.kind {
	case gestureNode:
		d.elem.Call("setAttribute", "transform", translate(d.x, d.y))
		for _, e := range d.edges {
			moveEdge(d.route, e, d.x, d.y)
		}
		for _, h := range d.held {
			h.shift(d.x-d.origX, d.y-d.origY)
		}
	case gestureNote:
		d.elem.Call("setAttribute", "transform", translate(d.x, d.y))
		d.note.moveTether(d.x, d.y)
	case gestureNodes:
		for _, h := range d.held {
			h.shift(d.x, d.y)
		}
		for _, e := range d.edges {
			moveEdge(d.route, e, e.base[0]+d.x, e.base[1]+d.y)
		}
	case gestureBand:
		d.x, d.y = c.toCanvas(ev.Get("clientX").Float(), ev.Get("clientY").Float())
		b := d.band()
		for k, v := range map[string]float64{"x": b.X0, "y": b.Y0, "width": b.X1 - b.X0, "height": b.Y1 - b.Y0} {
			d.elem.Call("setAttribute", k, v)
		}
		d.elem.Call("setAttribute", "data-active", "true")
	case gesturePan:
		d.elem.Call("setAttribute", "transform", drawing.Viewport{X: d.x, Y: d.y, Scale: c.view.Scale}.Transform())
	case gestureGroup:
		for _, h := range d.held {
			h.shift(d.x, d.y)
		}
	case gestureConnect:
		line := app.Window().GetElementByID("connect-preview")
		fx, fy, _ := c.Store.Position(d.node)
		x, y := c.toCanvas(ev.Get("clientX").Float(), ev.Get("clientY").Float())
		for k, v := range map[string]float64{"x1": fx + drawing.NodeWidth, "y1": fy + drawing.NodeHeight/2, "x2": x, "y2": y} {
			line.Call("setAttribute", k, v)
		}
		line.Call("setAttribute", "data-active", "true")
	}
}

// moveEdge redraws an edge whose dragged end is at node position x, y.
func moveEdge(rt drawing.Router, e edgeEnd, x, y float64) {
	// The other end keeps its port while the edge still meets it on the
	// same side; the dragged end meets its node in the middle of a side.
	moved := drawing.NodeBox(x, y)
	s, t := moved, e.other
	if !e.from {
		s, t = e.other, moved
	}
	pl := drawing.PlanFor(s, t)
	sp, tp := drawing.Port(s, pl.Out, 0.5), drawing.Port(t, pl.In, 0.5)
	switch {
	case e.from && pl.In == e.otherSide:
		tp = e.otherPort
	case !e.from && pl.Out == e.otherSide:
		sp = e.otherPort
	}
	pts := rt.RouteAt(s, t, sp, tp)
	path := drawing.PathData(pts)
	for _, l := range []app.Value{e.line, e.hit} {
		if l.Truthy() {
			l.Call("setAttribute", "d", path)
		}
	}
	if e.label.Truthy() {
		at := rt.LabelSpot(pts, e.labelLen, e.labelPx, moved)
		e.label.Call("setAttribute", "x", at.X)
		e.label.Call("setAttribute", "y", at.Y)
	}
}

// endGesture ends the gesture in progress, committed (pointerup) or not
// (pointercancel), and carries out its ending. What changes the store is
// emitted, for the editor and every panel to draw it (a dispatch would
// update the canvas alone).
func (c *Canvas) endGesture(ctx app.Context, ev app.Value, commit bool) {
	for _, off := range c.dragOff {
		off()
	}
	d := c.drag
	c.dragOff, c.drag = nil, nil
	if d == nil {
		return
	}
	switch d.kind {
	case gestureConnect:
		app.Window().GetElementByID("connect-preview").Call("setAttribute", "data-active", "false")
	case gestureBand: // however it ends, a cancel included
		d.elem.Call("setAttribute", "data-active", "false")
	}
	switch d.end(commit) {
	case endMoveNode:
		for _, h := range d.held {
			h.restore()
		}
		ctx.Emit(func() { c.Store.Report(c.dropNode(d.node, d.x, d.y)) })
	case endRestore:
		c.restoreNode(d)
	case endMoveNote:
		// Back to what go-app drew, which the move's render then updates
		// (and a refused move leaves as it was).
		d.elem.Call("setAttribute", "transform", translate(d.origX, d.origY))
		d.note.moveTether(d.origX, d.origY)
		ctx.Emit(func() { c.Store.Report(c.Store.MoveNote(d.note.index, d.x, d.y)) })
	case endRestoreNote:
		d.elem.Call("setAttribute", "transform", translate(d.origX, d.origY))
		d.note.moveTether(d.origX, d.origY)
	case endMoveNodes, endRestoreNodes:
		for _, h := range d.held {
			h.restore()
		}
		for _, e := range d.edges {
			moveEdge(d.route, e, e.base[0], e.base[1])
		}
		switch {
		case d.end(commit) == endMoveNodes:
			ids := d.ids
			ctx.Emit(func() { c.Store.Report(c.Store.MoveNodes(ids, d.x, d.y)) })
		case commit && !d.moved: // a click on one of them selects it alone
			ctx.Emit(func() { c.Store.Select(d.node) })
		}
	case endBand:
		ctx.Emit(func() { c.Store.SelectNodes(c.nodesIn(d.band())) })
	case endMoveGroup:
		// Back to what go-app drew, which the move's render then updates.
		for _, h := range d.held {
			h.restore()
		}
		ctx.Emit(func() { c.Store.Report(c.Store.MoveGroup(d.node, d.x, d.y)) })
	case endRestoreGroup:
		for _, h := range d.held {
			h.restore()
		}
	case endKeepView:
		c.view.X, c.view.Y = d.x, d.y
		c.applyView() // the store's view and the minimap's rectangle
		c.viewChanged()
	case endResetView:
		c.applyView()
	case endConnect:
		hit := app.Window().Get("document").Call("elementFromPoint", ev.Get("clientX"), ev.Get("clientY"))
		if target := closest(hit, "g[data-node]"); target.Truthy() {
			if to := target.Get("dataset").Get("node").String(); to != d.node {
				ctx.Emit(func() { c.Store.Report(c.Store.Connect(d.node, to)) })
			}
		}
	}
}

// dropNode moves a dragged node to x, y, and into the innermost group frame
// it is dropped in (as drawn when the drag began), or out of every group when
// dropped outside them: one undoable step.
func (c *Canvas) dropNode(id string, x, y float64) error {
	s := c.Store
	d := s.Design()
	n := s.Node(id)
	if n == nil || len(d.Groups) == 0 {
		return s.MoveNode(id, x, y)
	}
	return s.MoveNodeInto(id, x, y, drawing.DropTarget(d, x+drawing.NodeWidth/2, y+drawing.NodeHeight/2, s.Collapsed))
}

// heldElement is an element a group drag moves, and the transform it had,
// which the drag appends to and puts back when it ends (go-app's view of
// the element never sees the drag's).
type heldElement struct {
	elem app.Value
	orig string
}

// shift moves a held element by dx, dy from where it was drawn.
func (h heldElement) shift(dx, dy float64) {
	h.elem.Call("setAttribute", "transform", strings.TrimSpace(h.orig+" "+translate(dx, dy)))
}

// restore puts back the transform the element had.
func (h heldElement) restore() {
	if h.orig == "" {
		h.elem.Call("removeAttribute", "transform")
		return
	}
	h.elem.Call("setAttribute", "transform", h.orig)
}

// heldElements are the elements that move with group id: its frame, the
// frames of the groups inside it, the nodes they hold, and the notes on
// any of them.
func (c *Canvas) heldElements(id string) []heldElement {
	d := c.Store.Design()
	inside := map[string]bool{id: true}
	for changed := true; changed; { // the groups inside, however deep
		changed = false
		for _, g := range d.Groups {
			if !inside[g.ID] && inside[g.In] {
				inside[g.ID], changed = true, true
			}
		}
	}
	var out []heldElement
	nodes := map[string]bool{}
	for _, g := range d.Groups {
		if inside[g.ID] {
			out = append(out, held("group-"+g.ID)...)
		}
	}
	for i := range d.Nodes {
		if inside[d.Nodes[i].In] {
			out = append(out, held("node-"+d.Nodes[i].ID)...)
			nodes[d.Nodes[i].ID] = true
		}
	}
	if len(d.Notes) > 0 {
		maps.Copy(nodes, inside)
		out = append(out, c.noteElements(nodes)...)
	}
	return out
}

// restoreNode puts a node the user dragged back where the design has it.
func (c *Canvas) restoreNode(d *drag) {
	d.elem.Call("setAttribute", "transform", translate(d.origX, d.origY))
	for _, e := range d.edges {
		moveEdge(d.route, e, d.origX, d.origY)
	}
	for _, h := range d.held {
		h.restore()
	}
}

// arrowStep is how far an arrow key moves what is focused (Shift: further;
// a grid's step with Snap to grid on), or false for another key.
func (c *Canvas) arrowStep(e app.Event) ([2]float64, bool) {
	step := 10.0
	if c.snapOn {
		step = snapStep
	}
	if e.Get("shiftKey").Bool() {
		step *= 5
	}
	v, ok := map[string][2]float64{"ArrowLeft": {-step, 0}, "ArrowRight": {step, 0}, "ArrowUp": {0, -step}, "ArrowDown": {0, step}}[e.Get("key").String()]
	return v, ok
}

// onKeyDown moves the focused node (all those selected, when it is one of
// them), group or note with the arrow keys (Shift: further); Enter or Space
// selects, and with Shift or Ctrl adds to the selection or takes out.
func (c *Canvas) onKeyDown(ctx app.Context, e app.Event) {
	if c.menu.openFromKey(ctx, e) {
		return
	}
	node := closest(e.Get("target"), "g[data-node]")
	edge := closest(e.Get("target"), "[data-edge]")
	key := e.Get("key").String()
	s := c.Store
	switch {
	case node.Truthy():
		id := node.Get("dataset").Get("node").String()
		if v, ok := c.arrowStep(e); ok {
			e.PreventDefault()
			if many := s.SelectedNodes(); len(many) > 1 && s.IsSelected(id) {
				s.Report(s.MoveNodes(many, v[0], v[1]))
			} else {
				x, y, _ := s.Position(id)
				x, y = x+v[0], y+v[1]
				if c.snapOn { // onto the grid, if it was off it
					x, y = snap(x), snap(y)
				}
				s.Report(s.MoveNode(id, x, y))
				s.Select(id)
			}
			ctx.Defer(func(app.Context) { app.Window().GetElementByID("node-" + id).Call("focus") })
			return
		}
		if key == "Enter" || key == " " {
			e.PreventDefault()
			if e.Get("shiftKey").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
				s.ToggleNode(id) // add it to the selection, or take it out
				return
			}
			s.Select(id)
		}
	case closest(e.Get("target"), "[data-group]").Truthy():
		id := closest(e.Get("target"), "[data-group]").Get("dataset").Get("group").String()
		if v, ok := c.arrowStep(e); ok {
			e.PreventDefault()
			s.Report(s.MoveGroup(id, v[0], v[1]))
			s.SelectGroup(id)
			ctx.Defer(func(app.Context) { app.Window().GetElementByID("group-" + id).Call("focus") })
			return
		}
		if key == "Enter" || key == " " {
			e.PreventDefault()
			s.SelectGroup(id)
		}
	case closest(e.Get("target"), "g[data-note]").Truthy():
		i, _ := strconv.Atoi(closest(e.Get("target"), "g[data-note]").Get("dataset").Get("note").String())
		if v, ok := c.arrowStep(e); ok {
			e.PreventDefault()
			if box, ok := s.NoteBox(i); ok {
				s.Report(s.MoveNote(i, box.X0+v[0], box.Y0+v[1]))
			}
			s.SelectNote(i)
			ctx.Defer(func(app.Context) { app.Window().GetElementByID("note-" + strconv.Itoa(i)).Call("focus") })
			return
		}
		if key == "Enter" || key == " " {
			e.PreventDefault()
			s.SelectNote(i)
		}
	case edge.Truthy() && (key == "Enter" || key == " "):
		e.PreventDefault()
		i, _ := strconv.Atoi(edge.Get("dataset").Get("edge").String())
		s.SelectEdge(i)
	}
}

// toCanvas converts client coordinates to canvas coordinates.
func (c *Canvas) toCanvas(clientX, clientY float64) (float64, float64) {
	rect := app.Window().GetElementByID("canvas-svg").Call("getBoundingClientRect")
	return c.view.ToCanvas(clientX-rect.Get("left").Float(), clientY-rect.Get("top").Float())
}

// onWheel pans with the wheel or a two-finger swipe, and zooms around the
// pointer with Ctrl or ⌘ held, as a trackpad's pinch reports itself
// (Chromium, Firefox and Safari send a pinch as a wheel with ctrlKey).
func (c *Canvas) onWheel(ev app.Value) {
	ev.Call("preventDefault")
	dx, dy := ev.Get("deltaX").Float(), ev.Get("deltaY").Float()
	if ev.Get("deltaMode").Int() == 1 { // lines, not pixels
		dx, dy = dx*16, dy*16
	}
	if ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() {
		rect := app.Window().GetElementByID("canvas-svg").Call("getBoundingClientRect")
		px, py := ev.Get("clientX").Float()-rect.Get("left").Float(), ev.Get("clientY").Float()-rect.Get("top").Float()
		// A pinch sends small deltas, often; a Ctrl+wheel notch about 100,
		// which zooms by about a fifth.
		rate := 0.01
		if math.Abs(dy) >= 50 {
			rate = 0.002
		}
		c.zoomAt(math.Exp(-math.Max(-100, math.Min(100, dy))*rate), px, py)
		return
	}
	c.view.X, c.view.Y = c.view.X-dx, c.view.Y-dy
	c.applyView()
	c.viewChanged()
}

// zoomBy zooms around the middle of the canvas.
func (c *Canvas) zoomBy(factor float64) {
	w, h := c.size()
	c.zoomAt(factor, w/2, h/2)
}

func (c *Canvas) zoomAt(factor, px, py float64) {
	c.view = c.view.ZoomedAt(factor, px, py)
	c.applyView()
	c.viewChanged()
}

// size is the canvas's size in pixels, as last laid out.
func (c *Canvas) size() (float64, float64) {
	return c.width, c.height
}

// fit shows every node and group at a zoom their labels can be read at, or
// the design from its top-left corner when it is too large for that (see
// fitting).
func (c *Canvas) fit() {
	b, ok := drawing.ContentBounds(c.Store.Design())
	if !ok {
		c.view = drawing.Viewport{Scale: 1}
		c.applyView()
		return
	}
	w, h := c.size()
	c.view = drawing.Fitting(b, w, h)
	c.applyView()
	c.viewChanged()
}

// reveal centres the view on node id and focuses it.
// revealEdge centres the view between an edge's ends and focuses it.
func (c *Canvas) revealEdge(i int) {
	e := c.Store.Design().Edges[i]
	x1, y1, ok1 := c.Store.Position(e.From)
	x2, y2, ok2 := c.Store.Position(e.To)
	if ok1 && ok2 {
		c.centreAndFocus((x1+x2)/2, (y1+y2)/2, func() app.Value {
			return app.Window().Get("document").Call("querySelector", `g[data-edge="`+strconv.Itoa(i)+`"]`)
		})
	}
}

// reveal centres the view on node id and focuses it.
func (c *Canvas) reveal(id string) {
	if x, y, ok := c.Store.Position(id); ok {
		c.centreAndFocus(x, y, func() app.Value { return app.Window().GetElementByID("node-" + id) })
	}
}

// centreOn centres the view on canvas point (x, y).
func (c *Canvas) centreOn(x, y float64) {
	w, h := c.size()
	c.view = c.view.CentredOn(x, y, w, h)
	c.applyView()
	c.viewChanged()
}

// centreAndFocus centres the view on a node box at (x, y), draws what is
// now in view, then focuses the element find returns.
func (c *Canvas) centreAndFocus(x, y float64, find func() app.Value) {
	c.centreOn(x+drawing.NodeWidth/2, y+drawing.NodeHeight/2)
	c.ctx.Dispatch(func(ctx app.Context) {
		ctx.Defer(func(app.Context) {
			if el := find(); el.Truthy() {
				el.Call("focus", map[string]any{"preventScroll": true})
			}
		})
	})
}
