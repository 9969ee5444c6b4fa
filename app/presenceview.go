package app

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/drawing"
)

// PresenceLayer draws the others on the canvas: each one's pointer, an
// arrow in their colour with their name, and an outline in their colour
// around what they selected, with their name. It is an SVG of its own over
// the canvas's, with the canvas's view (pan and zoom) on its viewport
// group, so it draws in design coordinates, and a pointer moving makes
// Chromium lay out and paint this small SVG again, not the design's (every
// text of which it lays out again when anything in it moves). Pointers and
// tags keep their size on screen whatever the zoom, as in Figma and tldraw.
// It renders on its own as presence arrives (see presence.dispatch), and
// with the canvas when the design changes.
type PresenceLayer struct {
	app.Compo
	p     *presence                            // nil when the session has none (prerendering)
	box   func(id string) (drawing.Rect, bool) // where the canvas drew a node or a group
	view  string                               // the canvas's view, as its viewport's transform
	scale float64                              // the view's zoom
	ctx   app.Context
}

// newPresenceLayer is the canvas's presence layer for p; box says where a
// node or group id is drawn.
func newPresenceLayer(p *presence, box func(id string) (drawing.Rect, bool)) *PresenceLayer {
	return &PresenceLayer{p: p, box: box, scale: 1}
}

// OnMount makes the layer the way presence reaches the UI goroutine.
func (v *PresenceLayer) OnMount(ctx app.Context) {
	v.ctx = ctx
	if v.p != nil {
		v.p.mu.Lock()
		v.p.layer = v
		v.p.mu.Unlock()
	}
}

// OnDismount lets presence go through the session until a layer mounts.
func (v *PresenceLayer) OnDismount() {
	if v.p != nil {
		v.p.mu.Lock()
		if v.p.layer == v {
			v.p.layer = nil
		}
		v.p.mu.Unlock()
	}
}

// setView takes the canvas's view: its transform goes on the viewport
// group at once, as the canvas's own does; a new zoom draws the pointers
// and tags again at their size on screen.
func (v *PresenceLayer) setView(transform string, scale float64) {
	v.view = transform
	if !v.Mounted() {
		v.scale = scale
		return
	}
	if g := app.Window().GetElementByID("presence-viewport"); g.Truthy() {
		g.Call("setAttribute", "transform", transform)
	}
	if scale > 0 && scale != v.scale {
		v.scale = scale
		if v.p.anyone() {
			v.Update()
		}
	}
}

// movePointer moves the pointer of session to at on the canvas, without a
// render, and reports whether it was drawn to be moved. The layer's next
// render draws it where it now is, so go-app's memory of the attribute
// never disagrees with the page for long.
func (v *PresenceLayer) movePointer(session string, at presencePoint) bool {
	if !v.Mounted() {
		return false
	}
	g := app.Window().GetElementByID(pointerID(session))
	if !g.Truthy() {
		return false
	}
	g.Call("setAttribute", "transform", pointerTransform(at, v.scale))
	return true
}

func pointerID(session string) string { return "presence-pointer-" + session }

// pointerTransform places a pointer at at, at its size on screen at zoom
// scale.
func pointerTransform(at presencePoint, scale float64) string {
	return "translate(" + num(at.X) + " " + num(at.Y) + ") scale(" + strconv.FormatFloat(1/scale, 'g', 4, 64) + ")"
}

// maxOutlines is the most outlines drawn for one person's selection.
const maxOutlines = 100

// Render draws each other tab's selection, then the pointers over them.
// Its elements are the same with nobody here: the viewport group is never
// replaced, and keeps the transform setView gave it.
func (v *PresenceLayer) Render() app.UI {
	viewport := svg("g").ID("presence-viewport").DataSet("layer", "presence")
	if v.view != "" {
		viewport = viewport.Attr("transform", v.view)
	}
	layer := func(outlines, pointers []app.UI) app.UI {
		return svg("svg").ID("presence-svg").Aria("hidden", "true").Body(
			viewport.Body(svg("g").Body(outlines...), svg("g").Body(pointers...)))
	}
	if v.p == nil {
		return layer(nil, nil)
	}
	v.p.mu.Lock()
	defer v.p.mu.Unlock()
	k := strconv.FormatFloat(1/v.scale, 'g', 4, 64)
	var outlines, pointers []app.UI
	for _, pr := range v.p.room.peers {
		drawn := 0
		for _, id := range pr.Selection {
			b, ok := v.box(id)
			if !ok || drawn == maxOutlines {
				continue
			}
			drawn++
			const pad = 4
			outlines = append(outlines, svg("g").DataSet("part", "presence-selection").DataSet("session", pr.Session).DataSet("id", id).Body(
				svg("rect").DataSet("part", "presence-outline").Attr("x", b.X0-pad).Attr("y", b.Y0-pad).
					Attr("width", b.X1-b.X0+2*pad).Attr("height", b.Y1-b.Y0+2*pad).Attr("rx", "10").Attr("stroke", pr.Colour),
				svg("g").Attr("transform", "translate("+num(b.X0-pad)+" "+num(b.Y0-pad)+") scale("+k+")").Body(
					nameTag(pr.Name, pr.Colour, 0, -18)),
			))
		}
		if pr.Pointer != nil {
			pointers = append(pointers, svg("g").ID(pointerID(pr.Session)).DataSet("part", "presence-pointer").DataSet("session", pr.Session).
				Attr("transform", pointerTransform(*pr.Pointer, v.scale)).Body(
				svg("path").DataSet("part", "presence-arrow").Attr("d", "M0 0 L0 17 L4.6 12.6 L7.8 19.6 L10.6 18.4 L7.5 11.5 L13.5 11.5 Z").Attr("fill", pr.Colour),
				nameTag(pr.Name, pr.Colour, 12, 18),
			))
		}
	}
	return layer(outlines, pointers)
}

// nameTag is a name on a tag of colour, its top-left corner at (x, y).
func nameTag(name, colour string, x, y float64) app.UI {
	name = truncate(name, 24)
	w := float64(len([]rune(name)))*6.6 + 12 // about the width of 11px bold text
	return svg("g").DataSet("part", "presence-tag").Body(
		svg("rect").Attr("x", x).Attr("y", y).Attr("width", w).Attr("height", 18).Attr("rx", "4").Attr("fill", colour),
		svg("text").DataSet("part", "presence-name").Attr("x", x+6).Attr("y", y+13).Text(name),
	)
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// presenceBox is where the canvas last drew node or group id: a node
// inside a collapsed group is that group's box.
func (c *Canvas) presenceBox(id string) (drawing.Rect, bool) {
	geo := c.geo
	if geo == nil {
		return drawing.Rect{}, false
	}
	if top := geo.HiddenIn[id]; top != "" {
		if f, ok := geo.Frames[top]; ok {
			return drawing.NodeBox(f.Box.X0, f.Box.Y0), true
		}
	}
	if p, ok := geo.Pos[id]; ok {
		return drawing.NodeBox(p[0], p[1]), true
	}
	if f, ok := geo.Frames[id]; ok {
		return f.Box, true
	}
	return drawing.Rect{}, false
}

// PresenceBadges is the toolbar's "who is here": a coloured initial for
// each other tab on the live design, up to five, then "+N". Its name lists
// them all ("Here: Ada, Bob"), and as a status it tells a screen reader
// who comes and goes.
type PresenceBadges struct {
	app.Compo
	p *presence
}

// maxBadges is the most initials shown; the rest are counted.
const maxBadges = 5

// OnMount lets presence render the badges when who is here changes.
func (b *PresenceBadges) OnMount(app.Context) {
	if b.p != nil {
		b.p.mu.Lock()
		b.p.badges = b
		b.p.mu.Unlock()
	}
}

// OnDismount stops that.
func (b *PresenceBadges) OnDismount() {
	if b.p != nil {
		b.p.mu.Lock()
		if b.p.badges == b {
			b.p.badges = nil
		}
		b.p.mu.Unlock()
	}
}

// Render draws the initials; with nobody else here, a status that says so,
// and nothing when no design is live.
func (b *PresenceBadges) Render() app.UI {
	here := app.Div().ID("presence")
	if b.p == nil || !b.p.live() {
		return here.DataSet("empty", "true")
	}
	here = here.Role("status")
	b.p.mu.Lock()
	peers := slices.Clone(b.p.room.peers)
	b.p.mu.Unlock()
	if len(peers) == 0 {
		return here.DataSet("empty", "true").Aria("label", "Only you here")
	}
	names := make([]string, len(peers))
	for i, pr := range peers {
		names[i] = pr.Name
		if pr.Mine {
			names[i] += " (your other tab)"
		}
	}
	label := "Here: " + strings.Join(names, ", ")
	shown := make([]app.UI, 0, maxBadges+1)
	for i, pr := range peers {
		if i == maxBadges {
			shown = append(shown, app.Span().Class("presence-more").Text("+"+strconv.Itoa(len(peers)-maxBadges)))
			break
		}
		initial := "?"
		if r := []rune(pr.Name); len(r) > 0 {
			initial = strings.ToUpper(string(r[:1]))
		}
		shown = append(shown, svg("svg").Attr("width", "24").Attr("height", "24").Attr("viewBox", "0 0 24 24").Body(
			svg("circle").Attr("cx", "12").Attr("cy", "12").Attr("r", "11").Attr("fill", pr.Colour),
			svg("text").Attr("x", "12").Attr("y", "16.5").Attr("text-anchor", "middle").Text(initial),
		))
	}
	return here.DataSet("empty", "false").Aria("label", label).Title(label).Body(
		app.Span().Class("visually-hidden").Text(label),
		app.Span().Class("presence-people").Aria("hidden", "true").Body(shown...),
	)
}
