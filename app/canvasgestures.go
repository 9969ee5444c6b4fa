package app

import (
	"maps"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// canvasGestures is the canvas's pointer gestures: what a press on the
// drawing begins (a drag of a node, of the selected nodes, of a group or of
// a note; a connection drawn from a node; a rubber band; a pan), the DOM it
// patches on every pointermove without a render, and what its end commits
// to the store. It holds the gesture in progress; the canvas owns the view
// it pans and reads.
type canvasGestures struct {
	c    *Canvas
	drag *drag
	off  []func() // the window's listeners for the rest of the gesture
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
	drop  dropAim        // the frame a dragged node would join
}

// dropAim is the frame under the pointer while a node is dragged: the
// group it joins where released, marked on the canvas (data-drop-target)
// as it goes.
type dropAim struct {
	frames drawing.DropFrames // the open frames, as drawn when the drag began
	x, y   float64            // the pointer, in canvas coordinates
	group  string             // the group whose frame holds it, or ""
}

// aim follows the pointer to canvas point x, y, moving the mark to the
// frame it is in.
func (a *dropAim) aim(x, y float64) {
	a.x, a.y = x, y
	if g := a.frames.At(x, y); g != a.group {
		markDropTarget(a.group, false)
		markDropTarget(g, true)
		a.group = g
	}
}

// clear takes the mark off the frame aimed at.
func (a *dropAim) clear() {
	markDropTarget(a.group, false)
}

// markDropTarget marks group id's frame as where a drop goes, or not.
func markDropTarget(id string, on bool) {
	if id == "" {
		return
	}
	if el := app.Window().GetElementByID("group-" + id); el.Truthy() {
		if on {
			el.Call("setAttribute", "data-drop-target", "true")
		} else {
			el.Call("removeAttribute", "data-drop-target")
		}
	}
}

// band is the rubber band's box, from where it began to where the pointer
// is.
func (d *drag) band() drawing.Rect {
	return drawing.Rect{X0: min(d.origX, d.x), Y0: min(d.origY, d.y), X1: max(d.origX, d.x), Y1: max(d.origY, d.y)}
}

// onPointerDown begins what a press of the main button on the drawing asks
// for, selecting what it is on, and follows the pointer through the
// window's listeners until it is released.
func (g *canvasGestures) onPointerDown(ctx app.Context, e app.Event) {
	c := g.c
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
			g.startMultiDrag(d, many)
			break
		}
		s.Select(id)
		x, y, _ := s.Position(id)
		d.kind, d.node, d.origX, d.origY, d.x, d.y = gestureNode, id, x, y, x, y
		d.elem = app.Window().GetElementByID("node-" + id)
		d.edges, d.route = g.edgesOf(id)
		if len(s.Design().Groups) > 0 {
			d.drop.frames = drawing.NewDropFrames(s.Design(), s.Collapsed)
		}
		if len(s.Design().Notes) > 0 {
			d.held = noteElements(s.Design(), map[string]bool{id: true})
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
		d.note.anchor, d.note.on = s.NoteLayout().Anchor(s.Note(i).On)
	case closest(target, "[data-group]").Truthy():
		g := closest(target, "[data-group]")
		id := g.Get("dataset").Get("group").String()
		s.SelectGroup(id)
		if g.Get("dataset").Get("collapsed").String() == "true" {
			return
		}
		d.kind, d.node = gestureGroup, id
		d.held = heldElements(s.Design(), id)
		// It may be dropped in any frame but its own and those inside it.
		d.drop.frames = drawing.NewDropFrames(s.Design(), s.Collapsed).Without(drawing.GroupsWithin(s.Design(), id))
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
	g.drag = d
	g.listen("pointermove", func(ev app.Value) { g.move(ev) })
	g.listen("pointerup", func(ev app.Value) { g.end(ctx, ev, true) })
	g.listen("pointercancel", func(ev app.Value) { g.end(ctx, ev, false) })
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

// listen listens on the window for the rest of a gesture, without renders.
func (g *canvasGestures) listen(event string, h func(app.Value)) {
	g.off = append(g.off, listen(app.Window(), event, h, nil))
}

// move follows the pointer with what the gesture moves, patching the DOM.
func (g *canvasGestures) move(ev app.Value) {
	c := g.c
	d := g.drag
	if d == nil {
		return
	}
	d.move(ev.Get("clientX").Float(), ev.Get("clientY").Float(), c.view.Scale)
	g.snapToGrid(&d.gesture)
	switch d.kind {
	case gestureNode:
		d.elem.Call("setAttribute", "transform", translate(d.x, d.y))
		for _, e := range d.edges {
			moveEdge(d.route, e, d.x, d.y)
		}
		for _, h := range d.held {
			h.shift(d.x-d.origX, d.y-d.origY)
		}
		if d.moved {
			d.drop.aim(c.toCanvas(ev.Get("clientX").Float(), ev.Get("clientY").Float()))
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
		if d.moved {
			d.drop.aim(c.toCanvas(ev.Get("clientX").Float(), ev.Get("clientY").Float()))
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
		if d.moved {
			d.drop.aim(c.toCanvas(ev.Get("clientX").Float(), ev.Get("clientY").Float()))
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
		at := rt.LabelSpot(pts, e.labelText, e.labelPx, moved)
		e.label.Call("setAttribute", "x", at.X)
		e.label.Call("setAttribute", "y", at.Y)
	}
}

// end ends the gesture in progress, committed (pointerup) or not
// (pointercancel), and carries out its ending. What changes the store is
// emitted, for the editor and every panel to draw it (a dispatch would
// update the canvas alone).
func (g *canvasGestures) end(ctx app.Context, ev app.Value, commit bool) {
	c := g.c
	for _, off := range g.off {
		off()
	}
	d := g.drag
	g.off, g.drag = nil, nil
	if d == nil {
		return
	}
	switch d.kind {
	case gestureNode, gestureNodes, gestureGroup:
		d.drop.clear()
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
		ctx.Emit(func() { c.Store.Report(dropNode(c.Store, d.node, d.x, d.y, d.drop)) })
	case endRestore:
		d.restoreNode()
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
			e.restore()
		}
		switch {
		case d.end(commit) == endMoveNodes:
			ctx.Emit(func() { c.Store.Report(dropNodes(c.Store, d)) })
		case commit && !d.moved: // a click on one of them selects it alone
			ctx.Emit(func() { c.Store.Select(d.node) })
		}
	case endBand:
		ctx.Emit(func() { c.Store.SelectNodes(nodesIn(c.Store, d.band())) })
	case endMoveGroup:
		// Back to what go-app drew, which the move's render then updates.
		for _, h := range d.held {
			h.restore()
		}
		ctx.Emit(func() { c.Store.Report(c.Store.MoveGroupInto(d.node, d.x, d.y, d.drop.group)) })
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
// the pointer is released in (as drawn when the drag began: the frame
// marked), or out of every group when released outside them: one undoable
// step.
func dropNode(s *state.Store, id string, x, y float64, at dropAim) error {
	if s.Node(id) == nil || len(s.Design().Groups) == 0 {
		return s.MoveNode(id, x, y)
	}
	return s.MoveNodeInto(id, x, y, at.group)
}

// dropNodes moves the selected nodes a drag carried by d.x, d.y, each
// into the innermost frame it is released in (as drawn when the drag
// began): the one held, the frame under the pointer, as a node dragged
// alone; each other, the frame under its middle; none, out of every group.
// One undoable step.
func dropNodes(s *state.Store, d *drag) error {
	if len(s.Design().Groups) == 0 {
		return s.MoveNodes(d.ids, d.x, d.y)
	}
	into := make(map[string]string, len(d.ids))
	for _, id := range d.ids {
		if id == d.node {
			into[id] = d.drop.group
			continue
		}
		if x, y, ok := s.Position(id); ok {
			cx, cy := drawing.Centre(x+d.x, y+d.y)
			into[id] = d.drop.frames.At(cx, cy)
		}
	}
	return s.MoveNodesInto(d.ids, d.x, d.y, into)
}

// startMultiDrag begins a drag of the selected nodes ids: they, the notes
// on them and the edges among them move whole; the edges to the others
// re-route as they go.
func (g *canvasGestures) startMultiDrag(d *drag, ids []string) {
	moving := make(map[string]bool, len(ids))
	for _, id := range ids {
		moving[id] = true
	}
	d.kind, d.ids = gestureNodes, ids
	if design := g.c.Store.Design(); len(design.Groups) > 0 {
		d.drop.frames = drawing.NewDropFrames(design, g.c.Store.Collapsed)
	}
	for _, id := range ids {
		d.held = append(d.held, held("node-"+id)...)
	}
	var inner []int
	d.edges, d.route, inner = g.edgesOfSet(moving)
	for _, i := range inner {
		d.held = append(d.held, held("edge-label-"+strconv.Itoa(i))...)
		if el := app.Window().Get("document").Call("querySelector", `g[data-edge="`+strconv.Itoa(i)+`"]`); el.Truthy() {
			d.held = append(d.held, heldElement{elem: el})
		}
	}
	if design := g.c.Store.Design(); len(design.Notes) > 0 {
		d.held = append(d.held, noteElements(design, moving)...)
	}
}

// nodesIn are the nodes drawn (not inside a collapsed group) whose boxes
// meet r.
func nodesIn(s *state.Store, r drawing.Rect) []string {
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
	labelText        string        // the label as drawn
	labelPx          float64       // and its font size
	base             [2]float64    // where the moving end's node was drawn when the drag began
	// As drawn when the drag began, to put back when it moved nothing:
	// the path, and the label's place.
	drawnPath    string
	drawnLabelXY [2]string
}

// restore puts the edge back as it was drawn when the drag began (its
// ports spread with the others', its label placed among the others'),
// rather than routed again from the middle of a side.
func (e edgeEnd) restore() {
	for _, l := range []app.Value{e.line, e.hit} {
		if l.Truthy() && e.drawnPath != "" {
			l.Call("setAttribute", "d", e.drawnPath)
		}
	}
	if e.label.Truthy() && e.drawnLabelXY[0] != "" {
		e.label.Call("setAttribute", "x", e.drawnLabelXY[0])
		e.label.Call("setAttribute", "y", e.drawnLabelXY[1])
	}
}

// attr is an element's attribute, or "" when it has none (or there is no
// element).
func attr(el app.Value, name string) string {
	if !el.Truthy() {
		return ""
	}
	if v := el.Call("getAttribute", name); v.Truthy() {
		return v.String()
	}
	return ""
}

// edgesOf collects the edges touching node id with their fixed other ends,
// and a router over every other node's box, for the edges to keep routing
// round them while id moves.
func (g *canvasGestures) edgesOf(id string) ([]edgeEnd, drawing.Router) {
	ends, rt, _ := g.edgesOfSet(map[string]bool{id: true})
	return ends, rt
}

// edgesOfSet collects the edges with one end among the nodes moving, with
// that end's node where it was drawn and the other end fixed; a router over
// every other node's box; and the edges with both ends moving, which move
// with them whole.
func (g *canvasGestures) edgesOfSet(moving map[string]bool) ([]edgeEnd, drawing.Router, []int) {
	c := g.c
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
			from: from, labelText: truncate(e.Label, 40), labelPx: labelPx(c.view.Labels()),
		}
		end.drawnPath = attr(end.line, "d")
		end.drawnLabelXY = [2]string{attr(end.label, "x"), attr(end.label, "y")}
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
	return out, dragRouter(d, moving, hiddenIn), inner
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
func heldElements(d *catalogue.Design, id string) []heldElement {
	inside := drawing.GroupsWithin(d, id)
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
		out = append(out, noteElements(d, nodes)...)
	}
	return out
}

// restoreNode puts a node the user dragged back where the design has it.
func (d *drag) restoreNode() {
	d.elem.Call("setAttribute", "transform", translate(d.origX, d.origY))
	for _, e := range d.edges {
		e.restore()
	}
	for _, h := range d.held {
		h.restore()
	}
}

// snapToGrid puts what a drag moves on the grid: a node or a note at its
// corner; a group or several nodes by the one dragged (their offset keeps
// the others where they are relative to it).
func (g *canvasGestures) snapToGrid(d *gesture) {
	c := g.c
	if !c.snapOn {
		return
	}
	switch d.kind {
	case gestureNode, gestureNote:
		d.x, d.y = snap(d.x), snap(d.y)
	case gestureNodes:
		if x, y, ok := c.Store.Position(d.node); ok {
			d.x, d.y = snap(x+d.x)-x, snap(y+d.y)-y
		}
	case gestureGroup: // its frame's corner, recorded at the press
		d.x, d.y = snap(d.origX+d.x)-d.origX, snap(d.origY+d.y)-d.origY
	}
}
