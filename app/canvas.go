package app

import (
	"strconv"
	"sync/atomic"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// Canvas draws the design as SVG and turns pointer and keyboard input into
// store actions. Dragging moves the SVG directly on every pointermove (no
// render) and commits the position once, on pointerup (see canvasGestures).
// The viewport's pan and zoom live in the DOM transform of the #viewport
// group, which go-app never renders.
//
// Chromium lays out every SVG text again whenever anything in the SVG moves,
// so the canvas draws only the nodes and edges in and around the view (and
// no text when zoomed out too far to read it): a drag then costs the same in
// a design of 1,000 nodes as in one of 10. Every node stays reachable through
// "Go to node" and the Problems list.
//
// Its parts with a state of their own are components it makes once and
// keeps: the context menu, the Tidy up and Export picture dialogs, the
// Comparison and the minimap. Its render leaves them as they are (go-app
// does not render again a component given as the same value), so it renders
// them again itself when the store changes (OnUpdate), and they render
// themselves when they open or close.
type Canvas struct {
	app.Compo
	Store   *state.Store
	Version int
	// Platform keeps the view across reloads (nil when prerendering; unused
	// when embedded, where the host owns what is stored).
	Platform Platform
	// ViewKey is the storage key of the open design's view (see viewKey):
	// each design is shown as it was last left.
	ViewKey string
	// Presence is the session's presence on a live design, which the
	// canvas shows (the others) and tells (this tab's pointer); nil for
	// none.
	Presence *presence

	ctx           app.Context
	view          drawing.Viewport
	width, height float64              // the SVG's size in pixels
	geo           *drawing.Geometry    // where the last render drew the design
	geoCat        *catalogue.Catalogue // the catalogue geo's frame labels were named from
	labels        drawing.LabelCache   // the nodes' names laid out, kept across renders
	snapOn        bool                 // Snap to grid
	revealAsked   bool                 // the store asked to bring the selection into view (see Changed.Reveal)
	openedAsked   bool                 // a design was opened since the last render (see Changed.Opened)
	settle        atomic.Int64         // counts view changes, to re-render once they stop
	gestures      canvasGestures       // the pointer gesture in progress
	listeners     []func()             // released on dismount

	menu       *ContextMenu
	tidy       *TidyDialog
	picture    *PictureDialog
	comparison *ComparisonPanel
	minimap    *Minimap
	welcome    *Welcome      // what an empty canvas offers
	tip        *FirstNodeTip // the first node's tip
	here       *PresenceLayer
	// hovering says the pointer is over the canvas, at hoverX, hoverY
	// (client coordinates): a pan or zoom moves it in the design.
	hovering       bool
	hoverX, hoverY float64
}

// OnInit sets the first view and makes the canvas's parts, before the first
// render.
func (c *Canvas) OnInit() {
	c.view = drawing.Viewport{Scale: 1}
	// Until the SVG is measured, assume a large screen, so nothing that will
	// be in view is left out of the first render.
	c.width, c.height = 1600, 1000
	c.gestures = canvasGestures{c: c}
	c.menu = newContextMenu(c.Store)
	c.tidy = newTidyDialog(c.Store, c.Platform, c.fit)
	c.picture = newPictureDialog(c.Store, c.Platform)
	c.minimap = newMinimap(c.Store, c.Platform, c.centreOn)
	c.comparison = newComparisonPanel(c.Store)
	c.welcome, c.tip = newWelcome(c.Store, c.fit), newFirstNodeTip(c.Store, c.Platform)
	c.here = newPresenceLayer(c.Presence, c.presenceBox)
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
	// Where this tab's pointer is, for the others on a live design.
	c.listen(svg, "pointermove", c.onHover, map[string]any{"passive": true})
	c.listen(svg, "pointerleave", func(app.Value) {
		c.hovering = false
		c.Presence.hover(nil)
	}, nil)
	c.listeners = append(c.listeners, listenPickers(app.Window().GetElementByID("canvas"), c.Store.Design, func() string { return "" }, c.onPicked))
	c.listeners = append(c.listeners, c.Store.Subscribe(func(_ *state.Store, ch state.Changed) {
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
			// Kept too: nodes added to an empty design land in this view,
			// which a reload is to show again, not fit.
			c.applyView()
			c.viewChanged()
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

// listen adds a listener that the canvas releases on dismount.
func (c *Canvas) listen(target app.Value, event string, h func(app.Value), options map[string]any) {
	c.listeners = append(c.listeners, listen(target, event, h, options))
}

// OnDismount releases listeners.
func (c *Canvas) OnDismount() {
	c.gestures.end(c.ctx, nil, false)
	for _, off := range c.listeners {
		off()
	}
	c.listeners = nil
}

// OnUpdate renders the canvas's parts again for the store's change, shows
// a design just opened, and brings the selection into view when the store
// asks (the Problems list, Go to node).
func (c *Canvas) OnUpdate(ctx app.Context) {
	c.menu.Update()
	c.tidy.Update()
	c.picture.Update()
	c.comparison.Update()
	c.minimap.refresh()
	c.welcome.Update()
	if c.Presence.anyone() && c.here.Mounted() {
		c.here.Update() // the boxes the others selected are where this render draws them
	}
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

// showOpened shows a design just opened as it was last left (see
// restoreView), or fitted when it has no view kept. Before the canvas is
// measured, the measurement does it.
func (c *Canvas) showOpened() {
	// What was open on the design before goes with it.
	c.gestures.end(c.ctx, nil, false)
	c.tidy.drop()
	c.picture.drop()
	if c.width <= 0 || c.height <= 0 {
		return
	}
	if c.restoreView() {
		c.applyView()
		c.viewChanged()
		return
	}
	c.fit()
}

// Render draws the canvas: its buttons, the edges, then the nodes.
func (c *Canvas) Render() app.UI {
	s := c.Store
	d := s.Design()
	if c.geoCat != s.Catalogue() { // the frames' labels are the catalogue's names
		c.geo, c.geoCat = nil, s.Catalogue()
	}
	c.geo = drawing.GeometryOf(c.geo, d, s.Collapsed)
	geo := c.geo
	if geo.BoundaryName == nil {
		geo.BoundaryName = drawing.BoundaryNames(s.Catalogue())
	}
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
	routes := make([][]drawing.Point, len(inView))
	for j, k := range inView {
		routes[j] = geo.Route(k)
	}
	// The labels are placed together, each clear of those before it.
	place := drawing.NewEdgeLabels(geo.Router, routes)
	var heads map[string][]drawing.Head // the arrowheads ending on each node, for its connector to keep off
	for j, k := range inView {
		i := geo.Shown[k]
		if pts, to := routes[j], geo.Pairs[k][1]; len(pts) >= 2 {
			if heads == nil {
				heads = map[string][]drawing.Head{}
			}
			at := func(p drawing.Point) drawing.Point { return drawing.Point{X: p.X - to.X0, Y: p.Y - to.Y0} }
			heads[d.Edges[i].To] = append(heads[d.Edges[i].To], drawing.Head{Tip: at(pts[len(pts)-1]), From: at(pts[len(pts)-2])})
		}
		edge, label := c.renderEdge(routes[j], place, j, i, d.Edges[i])
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
		nodes = append(nodes, c.renderNode(&d.Nodes[i], p, labels, heads[d.Nodes[i].ID]))
	}
	var notes []app.UI
	if len(d.Notes) > 0 {
		notes = c.renderNotes(d, drawing.NewNoteLayout(d, pos, frames, hiddenIn), drawn, labels)
	}
	return app.Section().ID("canvas").Aria("label", "Canvas").Attr("tabindex", "-1").Body(
		c.renderTools(),
		// The SVG sits in an area of its own, which is what is measured:
		// the SVG is then given the area's size in pixels (see sizeSVG).
		app.Div().ID("canvas-area").Body(svg("svg").ID("canvas-svg").Attr("role", "group").Aria("label", "Design canvas").
			DataSet("labels", [...]string{"none", "summary", "full"}[labels]).
			On("pointerdown", c.gestures.onPointerDown).
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
					ghosts(s.Comparison()),
					svg("g").DataSet("layer", "notes").Body(notes...),
					svg("g").DataSet("layer", "labels").Aria("hidden", "true").Body(edgeLabels...),
					svg("line").ID("connect-preview").DataSet("active", "false").Aria("hidden", "true"),
					svg("rect").ID("rubber-band").DataSet("active", "false").Aria("hidden", "true"),
				),
			), c.welcome, c.here),
		// Text when there are no edges, for the parts after it to keep
		// their places: go-app matches children by position, and would
		// mount them anew.
		app.If(len(d.Edges) > 0, app.Raw(flowLegend)).Else(app.Text("")),
		c.menu,
		c.comparison,
		c.picture,
		c.tidy,
		c.minimap,
		c.tip,
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
