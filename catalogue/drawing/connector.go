package drawing

// A node's connector: the dot on its box a user drags from to connect it,
// shown while the pointer is on the node or it is selected. It sits on the
// middle of the right side, as in most editors, unless the head of an
// arrow that ends on the node is there: the canvas draws the dot above the
// edges, and it would hide where the arrow ends.

// ConnectorR is the connector's radius (it has a stroke of 2 px round it).
const ConnectorR = 9

// arrowLen and arrowHalf are the size of an edge's arrowhead: 8 stroke
// widths of 2 px long, and 8 px either side of its line.
const (
	arrowLen  = 16
	arrowHalf = 8
)

// Head is an arrowhead ending on a node: its tip, and a point its last run
// comes from, relative to the node box's top-left corner.
type Head struct{ Tip, From Point }

// Connector is where a node's connector sits, relative to its box's
// top-left corner, clear of the arrowheads heads ending on the node: the
// middle of the right side where that is clear; else the clear spot along
// the right side nearest it, then along the bottom, the top and the left;
// else just inside the right side, clear of any arrowhead arriving there
// (those lie outside the box).
func Connector(heads []Head) Point {
	if len(heads) == 0 {
		return Point{NodeWidth, NodeHeight / 2}
	}
	boxes := make([]Rect, len(heads))
	for i, h := range heads {
		back := towards(h.Tip, h.From, arrowLen)
		b := runOf(h.Tip, back)
		if h.Tip.Y == back.Y {
			b.Y0, b.Y1 = b.Y0-arrowHalf, b.Y1+arrowHalf
		} else {
			b.X0, b.X1 = b.X0-arrowHalf, b.X1+arrowHalf
		}
		boxes[i] = b
	}
	clear := func(c Point) bool {
		dot := Rect{c.X - ConnectorR - 2, c.Y - ConnectorR - 2, c.X + ConnectorR + 2, c.Y + ConnectorR + 2}
		for _, b := range boxes {
			if dot.X1 > b.X0 && dot.X0 < b.X1 && dot.Y1 > b.Y0 && dot.Y0 < b.Y1 {
				return false
			}
		}
		return true
	}
	// Along each side, from its middle outwards, the dot's middle at
	// least its size from the corners.
	for _, side := range []struct{ from, dir Point }{
		{Point{NodeWidth, NodeHeight / 2}, Point{0, 1}},
		{Point{NodeWidth / 2, NodeHeight}, Point{1, 0}},
		{Point{NodeWidth / 2, 0}, Point{1, 0}},
		{Point{0, NodeHeight / 2}, Point{0, 1}},
	} {
		half := float64(NodeHeight/2 - ConnectorR - 2)
		if side.dir.X != 0 {
			half = float64(NodeWidth/2 - ConnectorR - 2)
		}
		for off := 0.0; off <= half; off += 2 {
			for _, sign := range []float64{1, -1} {
				c := Point{side.from.X + sign*off*side.dir.X, side.from.Y + sign*off*side.dir.Y}
				if clear(c) {
					return c
				}
			}
		}
	}
	return Point{NodeWidth - ConnectorR - 2, NodeHeight / 2}
}
