package app

import (
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// geometry is where the canvas draws a design: each node's place, the
// groups' frames, what collapsed groups hide, and each edge's ends, ports
// and route. It depends only on the nodes' ids, places and groups, the
// groups, the edges' ends and which groups are collapsed, so a property edit,
// a rename of nothing drawn or a change of the selection keep it: the
// canvas works it out again only when one of those changed (see same), and
// routes only the edges it draws, once each.
type geometry struct {
	design    *catalogue.Design
	collapsed string // the collapsed groups, joined

	pos      map[string][2]float64
	frames   map[string]groupFrame
	hiddenIn map[string]string // node or group id → the collapsed group drawn in its place
	rt       router
	// shown are the indexes of the edges drawn, pairs the boxes each
	// joins, ports where it leaves and enters them.
	shown  []int
	pairs  [][2]rect
	ports  [][2]point
	routes map[int][]point // by edge index, once routed
}

// geometryOf returns the geometry of d with the groups collapsed says,
// reusing last when nothing it depends on changed.
func geometryOf(last *geometry, d *catalogue.Design, collapsed func(string) bool) *geometry {
	var key strings.Builder
	for _, g := range d.Groups {
		if collapsed(g.ID) {
			key.WriteString(g.ID)
			key.WriteByte(0)
		}
	}
	if last != nil && last.collapsed == key.String() && (last.design == d || sameGeometry(last.design, d)) {
		last.design = d
		return last
	}
	g := &geometry{design: d, collapsed: key.String(), pos: nodePositions(d), routes: map[int][]point{}}
	if len(d.Groups) > 0 {
		g.frames = groupFrames(d, g.pos)
		g.hiddenIn = collapsedIn(d, collapsed)
	}
	if len(d.Edges) > 0 {
		g.rt = router{ix: newBoxIndex(drawnBoxes(d, g.pos, g.frames, g.hiddenIn))}
		g.shown, g.pairs, g.ports = layoutEdges(d, g.at, g.hiddenIn)
	}
	return g
}

// at is where the box of node or group id is drawn: a node inside a
// collapsed group is drawn as the group's box, and edges to it attach there.
func (g *geometry) at(id string) [2]float64 {
	if c := g.hiddenIn[id]; c != "" {
		return [2]float64{g.frames[c].box.X0, g.frames[c].box.Y0}
	}
	return g.pos[id]
}

// route is the path of shown edge k.
func (g *geometry) route(k int) []point {
	i := g.shown[k]
	if pts, ok := g.routes[i]; ok {
		return pts
	}
	pts := g.rt.routeAt(g.pairs[k][0], g.pairs[k][1], g.ports[k][0], g.ports[k][1])
	g.routes[i] = pts
	return pts
}

// sameGeometry reports whether a and b draw the same: the same nodes in the
// same places and groups, the same groups and the same edges' ends.
// Designs share what an edit did not replace, so equal strings are mostly
// the same string, and comparing is cheap.
func sameGeometry(a, b *catalogue.Design) bool {
	if a == nil || len(a.Nodes) != len(b.Nodes) || len(a.Edges) != len(b.Edges) || len(a.Groups) != len(b.Groups) {
		return false
	}
	for i := range a.Nodes {
		m, n := &a.Nodes[i], &b.Nodes[i]
		if m.ID != n.ID || m.In != n.In || (m.Position == nil) != (n.Position == nil) ||
			(m.Position != nil && *m.Position != *n.Position) {
			return false
		}
	}
	for i := range a.Edges {
		if a.Edges[i].From != b.Edges[i].From || a.Edges[i].To != b.Edges[i].To {
			return false
		}
	}
	for i := range a.Groups {
		g, h := &a.Groups[i], &b.Groups[i]
		if g.ID != h.ID || g.In != h.In || g.Boundary != h.Boundary || g.Name != h.Name {
			return false
		}
	}
	return true
}
