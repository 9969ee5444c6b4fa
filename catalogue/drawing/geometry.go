package drawing

import (
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// Geometry is where the canvas draws a design: each node's place, the
// groups' frames, what collapsed groups hide, and each edge's ends, ports
// and route. It depends only on the nodes' ids, places and groups, the
// groups, the edges' ends and which groups are collapsed, so a property edit,
// a rename of nothing drawn or a change of the selection keep it: the
// canvas works it out again only when one of those changed (see same), and
// routes only the edges it draws, once each.
type Geometry struct {
	design    *catalogue.Design
	collapsed string // the collapsed groups, joined

	Pos      map[string][2]float64
	XY       [][2]float64 // each node's place, by index
	Frames   map[string]GroupFrame
	HiddenIn map[string]string // node or group id → the collapsed group drawn in its place
	// Shown are the indexes of the edges drawn, pairs the boxes each
	// joins. Their ports (where they leave and enter the boxes) and routes
	// are worked out when first drawn: a 10,000-edge design draws a few
	// dozen, and spreading every edge's ports was most of a redraw after a
	// node was added.
	Shown  []int
	Pairs  [][2]Rect
	ports  map[int][2]Point // by index into shown
	routes map[int][]Point  // by index into shown
	Router *Router          // made when first routing
	// BoundaryName is the name a frame's label gives its boundary (see
	// Obstacles), set before the first route; nil for the boundary's id.
	BoundaryName func(boundary string) string
}

// GeometryOf returns the geometry of d with the groups collapsed says,
// reusing last when nothing it depends on changed.
func GeometryOf(last *Geometry, d *catalogue.Design, collapsed func(string) bool) *Geometry {
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
	g := &Geometry{design: d, collapsed: key.String(), Pos: NodePositions(d), ports: map[int][2]Point{}, routes: map[int][]Point{}}
	g.XY = make([][2]float64, len(d.Nodes))
	for i := range d.Nodes {
		g.XY[i] = g.Pos[d.Nodes[i].ID]
	}
	if len(d.Groups) > 0 {
		g.Frames = GroupFrames(d, g.Pos)
		g.HiddenIn = CollapsedIn(d, collapsed)
	}
	if len(d.Edges) > 0 {
		g.Shown, g.Pairs = edgeBoxes(d, g.at, g.HiddenIn)
	}
	return g
}

// at is where the box of node or group id is drawn: a node inside a
// collapsed group is drawn as the group's box, and edges to it attach there.
func (g *Geometry) at(id string) [2]float64 {
	if c := g.HiddenIn[id]; c != "" {
		return [2]float64{g.Frames[c].Box.X0, g.Frames[c].Box.Y0}
	}
	return g.Pos[id]
}

// Route is the path of shown edge k.
func (g *Geometry) Route(k int) []Point {
	if pts, ok := g.routes[k]; ok {
		return pts
	}
	if g.Router == nil {
		d := g.design
		var borders []Rect
		for _, grp := range d.Groups { // in the design's order: the same routes every time
			if f, ok := g.Frames[grp.ID]; ok && g.HiddenIn[grp.ID] == "" {
				borders = append(borders, f.Box)
			}
		}
		g.Router = &Router{Ix: NewBoxIndex(Obstacles(d, g.Pos, g.Frames, g.HiddenIn, g.BoundaryName)), Drawn: NewDrawn(borders)}
	}
	ports := g.portsOf(k)
	pts := g.Router.RouteAt(g.Pairs[k][0], g.Pairs[k][1], ports[0], ports[1])
	g.Router.Drawn.Add(pts)
	g.routes[k] = pts
	return pts
}

// Prepare works out the ports of the shown edges ks at once (see spread):
// a port depends on the other edges at the same side of the same box, so
// the edges at either end's box are spread together, and the ports of ks,
// whose every edge at both ends is among them, are kept.
func (g *Geometry) Prepare(ks []int) {
	boxes := map[Rect]bool{}
	for _, k := range ks {
		if _, done := g.ports[k]; !done {
			boxes[g.Pairs[k][0]], boxes[g.Pairs[k][1]] = true, true
		}
	}
	if len(boxes) == 0 {
		return
	}
	var near []int
	var pairs [][2]Rect
	for k, pr := range g.Pairs {
		if boxes[pr[0]] || boxes[pr[1]] {
			near = append(near, k)
			pairs = append(pairs, pr)
		}
	}
	ports := spread(pairs)
	for j, k := range near {
		if boxes[g.Pairs[k][0]] && boxes[g.Pairs[k][1]] {
			g.ports[k] = ports[j]
		}
	}
}

// portsOf returns the ports of shown edge k.
func (g *Geometry) portsOf(k int) [2]Point {
	if p, ok := g.ports[k]; ok {
		return p
	}
	g.Prepare([]int{k})
	return g.ports[k]
}

// sameGeometry reports whether a and b draw the same: the same nodes in the
// same places and groups, the same groups (and an empty one's place), the
// same edges' ends and the same notes, which routes keep off.
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
		if g.ID != h.ID || g.In != h.In || g.Boundary != h.Boundary || g.Name != h.Name || !samePoint(g.Position, h.Position) {
			return false
		}
	}
	// Notes are obstacles the routes keep off.
	if len(a.Notes) != len(b.Notes) {
		return false
	}
	for i := range a.Notes {
		m, n := &a.Notes[i], &b.Notes[i]
		if m.On != n.On || m.Text != n.Text || !samePoint(m.Position, n.Position) {
			return false
		}
	}
	return true
}

// samePoint reports whether two optional points are the same.
func samePoint(a, b *catalogue.Point) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}
