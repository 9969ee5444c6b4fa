package drawing

import (
	"math"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/layout"
)

// Node geometry on the canvas, shared by the canvas, the SVG export and the
// store's placement of new nodes.
const (
	NodeWidth  = 180
	NodeHeight = 72
	GridX      = 220 // a grid cell: a node and the space to its right
	gridY      = 120
	GridOrigin = 40 // the first cell's top-left corner
	gridCols   = 5  // cells per row
)

// LayoutGeometry is the canvas's geometry as the layout needs it: the
// editor's Tidy up and `designer layout` lay designs out alike.
func LayoutGeometry() layout.Geometry {
	return layout.Geometry{NodeW: NodeWidth, NodeH: NodeHeight, GroupPad: GroupPad, GroupLabel: GroupLabel, Origin: GridOrigin}
}

// Rect is a box in canvas coordinates.
type Rect struct{ X0, Y0, X1, Y1 float64 }

// cell is the top-left corner of grid cell i, row by row.
func cell(i int) (float64, float64) {
	return float64(GridOrigin + (i%gridCols)*GridX), float64(GridOrigin + (i/gridCols)*gridY)
}

// Position returns where node i is drawn: its position, or a grid cell for
// nodes imported without one.
func Position(n *catalogue.Node, i int) (float64, float64) {
	if n.Position != nil {
		return n.Position.X, n.Position.Y
	}
	return cell(i)
}

// NodeBox is the box of a node drawn at x, y.
func NodeBox(x, y float64) Rect { return Rect{x, y, x + NodeWidth, y + NodeHeight} }

// DesignBounds is the box around every node of d, and false for a design
// without nodes.
func DesignBounds(d *catalogue.Design) (Rect, bool) {
	if len(d.Nodes) == 0 {
		return Rect{}, false
	}
	r := Rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for i := range d.Nodes {
		b := NodeBox(Position(&d.Nodes[i], i))
		r = Rect{math.Min(r.X0, b.X0), math.Min(r.Y0, b.Y0), math.Max(r.X1, b.X1), math.Max(r.Y1, b.Y1)}
	}
	return r, true
}

// FreeSpot returns the first grid cell, row by row, that no node overlaps.
func FreeSpot(d *catalogue.Design) (float64, float64) {
	taken := takenCells(d)
	for i := 0; ; i++ {
		if !taken[[2]int{i % gridCols, i / gridCols}] {
			return cell(i)
		}
	}
}

// FreeSpotNear returns the free grid cell nearest canvas point (x, y), the
// top-left corner of a node box placed there, searching rings of cells
// around it (within 50 rings, then anywhere, as freeSpot does).
func FreeSpotNear(d *catalogue.Design, x, y float64) (float64, float64) {
	cx, cy := floorDiv(x-GridOrigin-NodeWidth/2, GridX), floorDiv(y-GridOrigin-NodeHeight/2, gridY)
	// Only the cells the rings reach: marking every node's took a
	// 10,000-node design tens of milliseconds per node added.
	taken := takenCellsWithin(d, cx-52, cy-52, cx+52, cy+52)
	for r := 0; r <= 50; r++ {
		// The ring at distance r, nearest the middle first within it.
		best, bestD := [2]int{}, math.Inf(1)
		for dx := -r; dx <= r; dx++ {
			for dy := -r; dy <= r; dy++ {
				if max(Abs(dx), Abs(dy)) != r || taken[[2]int{cx + dx, cy + dy}] {
					continue
				}
				if dist := float64(dx*dx*GridX*GridX + dy*dy*gridY*gridY); dist < bestD {
					best, bestD = [2]int{cx + dx, cy + dy}, dist
				}
			}
		}
		if !math.IsInf(bestD, 1) {
			return float64(GridOrigin + best[0]*GridX), float64(GridOrigin + best[1]*gridY)
		}
	}
	return FreeSpot(d)
}

// takenCells marks every grid cell a node's box touches.
func takenCells(d *catalogue.Design) map[[2]int]bool {
	return takenCellsWithin(d, math.MinInt/2, math.MinInt/2, math.MaxInt/2, math.MaxInt/2)
}

// takenCellsWithin marks the grid cells a node's box touches among those
// from column x0, row y0 to column x1, row y1, and maybe a few beside.
func takenCellsWithin(d *catalogue.Design, x0, y0, x1, y1 int) map[[2]int]bool {
	taken := map[[2]int]bool{}
	for i := range d.Nodes {
		px, py := Position(&d.Nodes[i], i)
		if c, r := floorDiv(px-GridOrigin, GridX), floorDiv(py-GridOrigin, gridY); c < x0-1 || c > x1+1 || r < y0-1 || r > y1+1 {
			continue
		}
		for _, x := range []float64{px, px + NodeWidth - 1} {
			for _, y := range []float64{py, py + NodeHeight - 1} {
				taken[[2]int{floorDiv(x-GridOrigin, GridX), floorDiv(y-GridOrigin, gridY)}] = true
			}
		}
	}
	return taken
}

func Abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// floorDiv is v divided by step, rounded down.
func floorDiv(v float64, step int) int {
	return int(math.Floor(v / float64(step)))
}

// Group frames: the space a group leaves around what it holds, and the band
// its label takes at the top.
const (
	GroupPad   = 16
	GroupLabel = 22
	EmptyW     = 200 // an empty group's frame: its width and height
	EmptyH     = 80
)

// GroupFrame is a group's frame on the canvas and how deep it is nested.
type GroupFrame struct {
	Box   Rect
	Depth int
}

// GroupFrames lays out the frames of d's groups: each around the nodes and
// groups it holds, padded, with room for its label; a group that holds
// nothing gets a frame of its own where its position puts it, or without
// one beside the design. pos gives each node's
// top-left corner.
func GroupFrames(d *catalogue.Design, pos map[string][2]float64) map[string]GroupFrame {
	frames := make(map[string]GroupFrame, len(d.Groups))
	if len(d.Groups) == 0 {
		return frames
	}
	children := map[string][]string{}
	for _, g := range d.Groups {
		if g.In != "" {
			children[g.In] = append(children[g.In], g.ID)
		}
	}
	positions := make(map[string]*catalogue.Point, len(d.Groups))
	for _, g := range d.Groups {
		positions[g.ID] = g.Position
	}
	members := map[string][]string{}
	for _, n := range d.Nodes {
		if n.In != "" {
			members[n.In] = append(members[n.In], n.ID)
		}
	}
	bounds, any := DesignBounds(d)
	nextEmpty := 0
	state := map[string]int8{}
	var frame func(id string, depth int) (Rect, bool)
	frame = func(id string, depth int) (Rect, bool) {
		if state[id] != 0 { // done, or a cycle the design check refuses
			f, ok := frames[id]
			return f.Box, ok
		}
		state[id] = 1
		var box Rect
		has := false
		grow := func(r Rect) {
			if !has {
				box, has = r, true
				return
			}
			box = Rect{math.Min(box.X0, r.X0), math.Min(box.Y0, r.Y0), math.Max(box.X1, r.X1), math.Max(box.Y1, r.Y1)}
		}
		for _, n := range members[id] {
			p := pos[n]
			grow(NodeBox(p[0], p[1]))
		}
		// An empty group placed nowhere, in a group that holds more, goes
		// under the rest of what that holds, once that is laid out (not
		// beside the design, where its parent's frame would reach over
		// other frames to hold it).
		var loose []string
		for _, c := range children[id] {
			if has && len(members[c]) == 0 && len(children[c]) == 0 && positions[c] == nil {
				loose = append(loose, c)
				continue
			}
			if r, ok := frame(c, depth+1); ok {
				grow(r)
			}
		}
		for _, c := range loose {
			y := box.Y1 + 2*GroupPad
			r := Rect{box.X0, y, box.X0 + EmptyW, y + EmptyH}
			frames[c], state[c] = GroupFrame{Box: r, Depth: depth + 1}, 2
			grow(r)
		}
		if has {
			box = Rect{box.X0 - GroupPad, box.Y0 - GroupPad - GroupLabel, box.X1 + GroupPad, box.Y1 + GroupPad}
		} else if p := positions[id]; p != nil { // kept where it was put
			box = Rect{p.X, p.Y, p.X + EmptyW, p.Y + EmptyH}
		} else {
			x := float64(GridOrigin)
			if any {
				x = bounds.X1 + 60
			}
			y := float64(GridOrigin + nextEmpty*(EmptyH+20))
			nextEmpty++
			box = Rect{x, y, x + EmptyW, y + EmptyH}
		}
		frames[id] = GroupFrame{Box: box, Depth: depth}
		state[id] = 2
		return box, true
	}
	for _, g := range d.Groups {
		if g.In == "" {
			frame(g.ID, 0)
		}
	}
	for _, g := range d.Groups { // groups under a parent the design lacks
		frame(g.ID, 0)
	}
	return frames
}

// NodePositions is where each node of d is drawn, by id.
func NodePositions(d *catalogue.Design) map[string][2]float64 {
	pos := make(map[string][2]float64, len(d.Nodes))
	for i := range d.Nodes {
		x, y := Position(&d.Nodes[i], i)
		pos[d.Nodes[i].ID] = [2]float64{x, y}
	}
	return pos
}

// ContentBounds is the box around every node, group frame and note of d,
// and false for a design with none.
func ContentBounds(d *catalogue.Design) (Rect, bool) {
	box, ok := DesignBounds(d)
	grow := func(r Rect) {
		if !ok {
			box, ok = r, true
			return
		}
		box = Rect{math.Min(box.X0, r.X0), math.Min(box.Y0, r.Y0), math.Max(box.X1, r.X1), math.Max(box.Y1, r.Y1)}
	}
	pos := NodePositions(d)
	frames := GroupFrames(d, pos)
	for _, f := range frames {
		grow(f.Box)
	}
	if len(d.Notes) > 0 {
		for _, r := range NewNoteLayout(d, pos, frames, nil).Boxes() {
			grow(r)
		}
	}
	return box, ok
}

// CollapsedIn maps each node and group of d inside a collapsed group, and
// each collapsed group itself, to the outermost collapsed group that holds
// it: the box drawn in its place.
func CollapsedIn(d *catalogue.Design, collapsed func(string) bool) map[string]string {
	parent := make(map[string]string, len(d.Groups))
	for _, g := range d.Groups {
		parent[g.ID] = g.In
	}
	// top is the outermost collapsed group among id and what holds it,
	// found once per group (a cycle, which the design check refuses, ends
	// the walk).
	memo := make(map[string]string, len(d.Groups))
	var top func(id string, depth int) string
	top = func(id string, depth int) string {
		if id == "" || depth > len(d.Groups) {
			return ""
		}
		if t, ok := memo[id]; ok {
			return t
		}
		memo[id] = "" // while walking: a cycle ends here
		found := top(parent[id], depth+1)
		if found == "" && collapsed(id) {
			found = id
		}
		memo[id] = found
		return found
	}
	out := map[string]string{}
	for _, g := range d.Groups {
		if t := top(g.ID, 0); t != "" {
			out[g.ID] = t
		}
	}
	for _, n := range d.Nodes {
		if n.In != "" {
			if t := top(n.In, 0); t != "" {
				out[n.ID] = t
			}
		}
	}
	return out
}

// DropTarget is the innermost group whose frame, as d draws it, holds the
// point x, y, among those drawn open; "" outside every frame.
func DropTarget(d *catalogue.Design, x, y float64, collapsed func(string) bool) string {
	return NewDropFrames(d, collapsed).At(x, y)
}

// DropFrames are the open frames of a design, as drawn at one time (when a
// drag begins), to find the one a point is dropped in.
type DropFrames struct {
	ids    []string
	frames []GroupFrame
}

// NewDropFrames takes the frames d draws open, collapsed saying which
// groups are drawn collapsed.
func NewDropFrames(d *catalogue.Design, collapsed func(string) bool) DropFrames {
	var out DropFrames
	if len(d.Groups) == 0 {
		return out
	}
	frames := GroupFrames(d, NodePositions(d))
	hidden := CollapsedIn(d, collapsed)
	for _, g := range d.Groups {
		if hidden[g.ID] == "" {
			out.ids, out.frames = append(out.ids, g.ID), append(out.frames, frames[g.ID])
		}
	}
	return out
}

// At is the innermost group whose frame holds the point x, y; "" outside
// every frame.
func (df DropFrames) At(x, y float64) string {
	best, depth := "", -1
	for i, f := range df.frames {
		if x >= f.Box.X0 && x <= f.Box.X1 && y >= f.Box.Y0 && y <= f.Box.Y1 && f.Depth > depth {
			best, depth = df.ids[i], f.Depth
		}
	}
	return best
}

// DrawnBoxes are the boxes drawn for d's nodes: each node's, but for those
// inside a collapsed group, which are drawn as the group's one box.
func DrawnBoxes(d *catalogue.Design, pos map[string][2]float64, frames map[string]GroupFrame, hiddenIn map[string]string) []Rect {
	boxes := make([]Rect, 0, len(d.Nodes))
	seen := map[string]bool{}
	for i := range d.Nodes {
		if g := hiddenIn[d.Nodes[i].ID]; g != "" {
			if !seen[g] {
				seen[g] = true
				boxes = append(boxes, NodeBox(frames[g].Box.X0, frames[g].Box.Y0))
			}
			continue
		}
		p := pos[d.Nodes[i].ID]
		boxes = append(boxes, NodeBox(p[0], p[1]))
	}
	return boxes
}

// edgeBoxes returns the edges of d drawn on the canvas (all but those
// inside one collapsed group), with at giving where each end's box is
// drawn: their indexes in d.Edges, and the boxes each joins.
func edgeBoxes(d *catalogue.Design, at func(id string) [2]float64, hiddenIn map[string]string) (shown []int, pairs [][2]Rect) {
	shown = make([]int, 0, len(d.Edges))
	pairs = make([][2]Rect, 0, len(d.Edges))
	for i, e := range d.Edges {
		if g := hiddenIn[e.From]; g != "" && g == hiddenIn[e.To] {
			continue
		}
		a, b := at(e.From), at(e.To)
		shown = append(shown, i)
		pairs = append(pairs, [2]Rect{NodeBox(a[0], a[1]), NodeBox(b[0], b[1])})
	}
	return shown, pairs
}

// LayoutEdges lays out the edges of d drawn on the canvas: their indexes
// in d.Edges, the boxes each joins, and the ports on them, spread along a
// side that several edges share (the canvas works out the ports of the
// edges it draws only, see geometry).
func LayoutEdges(d *catalogue.Design, at func(id string) [2]float64, hiddenIn map[string]string) (shown []int, pairs [][2]Rect, ports [][2]Point) {
	shown, pairs = edgeBoxes(d, at, hiddenIn)
	return shown, pairs, spread(pairs)
}

// Arrange gives the nodes of d the positions a layout finds and returns
// how many moved.
func Arrange(d *catalogue.Design, o layout.Options) int {
	return PlaceAt(d, layout.Arrange(d, o))
}

// PlaceAt gives each node of d the position at its index in at, each new
// position a new Point (positions are shared between undo steps), and
// returns how many moved.
func PlaceAt(d *catalogue.Design, at []catalogue.Point) int {
	moved := 0
	for i := range d.Nodes {
		if p := d.Nodes[i].Position; p == nil || *p != at[i] {
			pt := at[i]
			d.Nodes[i].Position = &pt
			moved++
		}
	}
	return moved
}

// PlaceUnplaced places the nodes of d that have no position beside what
// they connect to, as Tidy up's "New nodes" does (a design without any
// position is laid out whole), and returns how many it placed.
func PlaceUnplaced(d *catalogue.Design) int {
	for i := range d.Nodes {
		if d.Nodes[i].Position == nil {
			return Arrange(d, layout.Options{Geometry: LayoutGeometry()})
		}
	}
	return 0
}
