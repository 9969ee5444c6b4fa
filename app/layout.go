package app

import (
	"math"

	"github.com/archdesigner/designer/catalogue"
)

// Node geometry on the canvas, shared by the canvas, the SVG export and the
// store's placement of new nodes.
const (
	NodeWidth  = 180
	NodeHeight = 72
	gridX      = 220 // a grid cell: a node and the space to its right
	gridY      = 120
	gridOrigin = 40 // the first cell's top-left corner
	gridCols   = 5  // cells per row
)

// rect is a box in canvas coordinates.
type rect struct{ X0, Y0, X1, Y1 float64 }

// cell is the top-left corner of grid cell i, row by row.
func cell(i int) (float64, float64) {
	return float64(gridOrigin + (i%gridCols)*gridX), float64(gridOrigin + (i/gridCols)*gridY)
}

// position returns where node i is drawn: its position, or a grid cell for
// nodes imported without one.
func position(n *catalogue.Node, i int) (float64, float64) {
	if n.Position != nil {
		return n.Position.X, n.Position.Y
	}
	return cell(i)
}

// nodeBox is the box of a node drawn at x, y.
func nodeBox(x, y float64) rect { return rect{x, y, x + NodeWidth, y + NodeHeight} }

// designBounds is the box around every node of d, and false for a design
// without nodes.
func designBounds(d *catalogue.Design) (rect, bool) {
	if len(d.Nodes) == 0 {
		return rect{}, false
	}
	r := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for i := range d.Nodes {
		b := nodeBox(position(&d.Nodes[i], i))
		r = rect{math.Min(r.X0, b.X0), math.Min(r.Y0, b.Y0), math.Max(r.X1, b.X1), math.Max(r.Y1, b.Y1)}
	}
	return r, true
}

// edgeLine is where an edge between nodes drawn at from and to runs: from
// the middle of the first's right side to the middle of the second's left.
func edgeLine(fromX, fromY, toX, toY float64) (x1, y1, x2, y2 float64) {
	return fromX + NodeWidth, fromY + NodeHeight/2, toX, toY + NodeHeight/2
}

// labelAnchor is where an edge's label sits: above the line's middle.
func labelAnchor(x1, y1, x2, y2 float64) (float64, float64) {
	return (x1 + x2) / 2, (y1+y2)/2 - 6
}

// freeSpot returns the first grid cell, row by row, that no node overlaps.
func freeSpot(d *catalogue.Design) (float64, float64) {
	taken := map[[2]int]bool{}
	for _, n := range d.Nodes {
		if n.Position == nil {
			continue
		}
		// Mark every cell the node's box touches.
		for _, x := range []float64{n.Position.X, n.Position.X + NodeWidth - 1} {
			for _, y := range []float64{n.Position.Y, n.Position.Y + NodeHeight - 1} {
				taken[[2]int{floorDiv(x-gridOrigin, gridX), floorDiv(y-gridOrigin, gridY)}] = true
			}
		}
	}
	for i := 0; ; i++ {
		if !taken[[2]int{i % gridCols, i / gridCols}] {
			return cell(i)
		}
	}
}

// floorDiv is v divided by step, rounded down.
func floorDiv(v float64, step int) int {
	return int(math.Floor(v / float64(step)))
}
