// Package layout arranges a design on the canvas: a layered drawing (edges
// pointing left to right or top to bottom, crossings reduced, nodes lined
// up with what they connect to) that keeps each group's members inside its
// frame and the frames apart. It lays out a whole design, or places only
// the nodes that have no place yet beside the ones the user placed, which
// it never moves. The editor's Tidy up and `designer layout` both call it.
//
// Groups are laid out from the innermost out, as ELK's layered algorithm
// does by default (hierarchy handling SEPARATE_CHILDREN): a group's members
// and inner groups are laid out as one drawing, which becomes a block in
// the drawing of what holds it, and an edge between two groups' members is
// an edge between the blocks they sit in.
package layout

import (
	"fmt"
	"math"
	"slices"

	"github.com/archdesigner/designer/catalogue"
)

// Direction is the way a layered drawing's edges point.
type Direction int

// The directions of a layout.
const (
	LeftToRight Direction = iota
	TopToBottom
)

// ParseDirection reads a direction as the CLI and the editor write it: lr
// or tb.
func ParseDirection(s string) (Direction, error) {
	switch s {
	case "lr":
		return LeftToRight, nil
	case "tb":
		return TopToBottom, nil
	}
	return 0, fmt.Errorf("direction %q: want lr (left to right) or tb (top to bottom)", s)
}

// String is the direction as ParseDirection reads it.
func (d Direction) String() string {
	if d == TopToBottom {
		return "tb"
	}
	return "lr"
}

// Geometry is the size of what the canvas draws: a node's box, the room a
// group's frame leaves around what it holds (GroupPad on every side, and
// GroupLabel more at the top for its label), and where a design laid out
// from nothing starts.
type Geometry struct {
	NodeW, NodeH         float64
	GroupPad, GroupLabel float64
	Origin               float64
}

// Mode says which nodes a layout moves.
type Mode int

// The modes of a layout.
const (
	// PlaceNew places the nodes Move names (by default, those without a
	// position) beside the nodes they connect to, leaving every other node
	// where it is; with no other node placed, it lays out the whole design.
	PlaceNew Mode = iota
	// All lays out every node.
	All
	// Together lays out the nodes Move names among themselves, as one
	// block placed as near as it fits to where they were; any other node
	// without a position is then placed as PlaceNew places it.
	Together
)

// Options say how to lay a design out.
type Options struct {
	Direction Direction
	Geometry  Geometry
	Mode      Mode
	// Move says which nodes, by index in the design's nodes, PlaceNew and
	// Together move; nil means those without a position. A node without a
	// position is always placed.
	Move func(i int) bool
	// Yield, when set, is called between small parts of the work (a few
	// milliseconds each in WebAssembly), so that a caller on a single
	// thread can let the browser handle input and paint; when it returns
	// false the layout stops, and Arrange returns nil. The design must not
	// change until Arrange returns.
	Yield func() bool
}

// Arrange returns where each node of d goes, by index in d.Nodes: the
// position of each node the layout keeps, and a new one for each it moves,
// in whole canvas units; nil when o.Yield stopped it. It does not change
// d.
func Arrange(d *catalogue.Design, o Options) (at []catalogue.Point) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopped); !ok {
				panic(r)
			}
			at = nil
		}
	}()
	n := len(d.Nodes)
	out := make([]catalogue.Point, n)
	if n == 0 {
		return out
	}
	move := make([]bool, n)
	named := make([]bool, n)
	var kept, moved, together []int
	for i := range d.Nodes {
		named[i] = o.Mode == All || (o.Move == nil && d.Nodes[i].Position == nil) || o.Move != nil && o.Move(i)
		move[i] = named[i] || d.Nodes[i].Position == nil
		switch {
		case o.Mode == Together && named[i]:
			together = append(together, i)
		case !move[i]:
			kept = append(kept, i)
			out[i] = *d.Nodes[i].Position
		}
		if move[i] {
			moved = append(moved, i)
		}
	}
	if len(moved) == 0 {
		return out
	}
	l := newLayout(d, o)
	if len(together) > 0 {
		// The named nodes as one piece; then the unnamed nodes without a
		// position, placed among them and the kept ones.
		l.together(together, kept, out)
		kept = append(kept, together...)
		for _, i := range together {
			move[i] = false
		}
	}
	switch {
	case len(kept) == 0:
		l.blockAt(moved, o.Geometry.Origin, o.Geometry.Origin, out)
	case len(kept) < n:
		l.placeNew(move, kept, out)
	}
	for _, i := range moved {
		out[i] = catalogue.Point{X: math.Round(out[i].X), Y: math.Round(out[i].Y)}
	}
	return out
}

// layout holds a design's containment tree: container 0 is the canvas,
// container 1+g is group g.
type layout struct {
	d      *catalogue.Design
	geo    Geometry
	sp     spacing
	parent []int // each container's parent; -1 for the canvas
	depth  []int
	nodeIn []int // the container each node sits in
	index  map[string]int
}

func newLayout(d *catalogue.Design, o Options) *layout {
	sp := spacing{dir: o.Direction, layerGap: 100, nodeGap: 40, edgeGap: 20, compGap: 80, pace: &pacer{yield: o.Yield}}
	if o.Direction == TopToBottom {
		sp.layerGap = 70
	}
	l := &layout{d: d, geo: o.Geometry, sp: sp, index: make(map[string]int, len(d.Nodes))}
	groups := make(map[string]int, len(d.Groups))
	for g, grp := range d.Groups {
		groups[grp.ID] = 1 + g
	}
	l.parent = make([]int, 1+len(d.Groups))
	l.parent[0] = -1
	for g, grp := range d.Groups {
		l.parent[1+g] = groups[grp.In] // 0 for none or an unknown group
	}
	// A cycle of groups (which the design check refuses) is broken where
	// it is found: that group sits on the canvas.
	for c := 1; c < len(l.parent); c++ {
		for at, steps := l.parent[c], 0; at > 0; at, steps = l.parent[at], steps+1 {
			if at == c || steps > len(l.parent) {
				l.parent[c] = 0
				break
			}
		}
	}
	l.depth = make([]int, len(l.parent))
	for c := range l.parent {
		for at := l.parent[c]; at >= 0; at = l.parent[at] {
			l.depth[c]++
		}
	}
	l.nodeIn = make([]int, len(d.Nodes))
	for i, nd := range d.Nodes {
		l.nodeIn[i] = groups[nd.In]
		l.index[nd.ID] = i
	}
	return l
}

// holds reports whether container a is c or holds it.
func (l *layout) holds(a, c int) bool {
	for ; c >= 0; c = l.parent[c] {
		if c == a {
			return true
		}
	}
	return false
}

// edges are the design's edges as node indexes, without those naming a
// node the design lacks or joining a node to itself.
func (l *layout) edges() [][2]int {
	out := make([][2]int, 0, len(l.d.Edges))
	for _, e := range l.d.Edges {
		a, okA := l.index[e.From]
		b, okB := l.index[e.To]
		if okA && okB && a != b {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

// block lays out the nodes given, and the groups that hold them, as one
// drawing from 0, 0: each node's top-left corner and the drawing's size.
func (l *layout) block(nodes []int) (map[int][2]float64, float64, float64) {
	n := len(l.d.Nodes)
	in := make(map[int]bool, len(nodes))
	for _, i := range nodes {
		in[i] = true
	}
	// The items of each container: nodes as their index, groups as n plus
	// their container, in the design's order.
	items := make([][]int, len(l.parent))
	live := make([]bool, len(l.parent))
	for _, i := range nodes {
		for c := l.nodeIn[i]; c >= 0 && !live[c]; c = l.parent[c] {
			live[c] = true
		}
	}
	for c := 1; c < len(l.parent); c++ {
		if live[c] {
			items[l.parent[c]] = append(items[l.parent[c]], n+c)
		}
	}
	for _, i := range nodes {
		items[l.nodeIn[i]] = append(items[l.nodeIn[i]], i)
	}
	local := make([]map[int]int, len(l.parent))
	for c := range items {
		if live[c] {
			local[c] = make(map[int]int, len(items[c]))
			for k, it := range items[c] {
				local[c][it] = k
			}
		}
	}
	// Each edge joins the two items that hold its ends in the innermost
	// container holding both.
	edges := make([][][2]int, len(l.parent))
	for _, e := range l.edges() {
		if !in[e[0]] || !in[e[1]] {
			continue
		}
		a, ia := l.nodeIn[e[0]], e[0]
		b, ib := l.nodeIn[e[1]], e[1]
		for l.depth[a] > l.depth[b] {
			a, ia = l.parent[a], n+a
		}
		for l.depth[b] > l.depth[a] {
			b, ib = l.parent[b], n+b
		}
		for a != b {
			a, ia = l.parent[a], n+a
			b, ib = l.parent[b], n+b
		}
		if ia != ib {
			edges[a] = append(edges[a], [2]int{local[a][ia], local[a][ib]})
		}
	}
	// Innermost containers first: a group's size is its drawing's.
	order := make([]int, 0, len(l.parent))
	for c := range l.parent {
		if live[c] {
			order = append(order, c)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return l.depth[b] - l.depth[a] })
	size := make([][2]float64, len(l.parent))
	at := make([][][2]float64, len(l.parent))
	pad, label := l.geo.GroupPad, l.geo.GroupLabel
	for _, c := range order {
		g := graph{size: make([][2]float64, len(items[c])), edges: edges[c]}
		for k, it := range items[c] {
			if it >= n {
				g.size[k] = size[it-n]
			} else {
				g.size[k] = [2]float64{l.geo.NodeW, l.geo.NodeH}
			}
		}
		pos, w, h := layered(g, l.sp)
		l.sp.pace.tick(len(items[c]))
		at[c] = pos
		if c == 0 {
			size[c] = [2]float64{w, h}
		} else {
			size[c] = [2]float64{w + 2*pad, h + 2*pad + label}
		}
	}
	out := make(map[int][2]float64, len(nodes))
	var put func(c int, x, y float64)
	put = func(c int, x, y float64) {
		for k, it := range items[c] {
			px, py := x+at[c][k][0], y+at[c][k][1]
			if it >= n {
				put(it-n, px+pad, py+pad+label)
			} else {
				out[it] = [2]float64{px, py}
			}
		}
	}
	put(0, 0, 0)
	return out, size[0][0], size[0][1]
}

// blockAt lays out the nodes given as one block with its top-left corner
// at x, y.
func (l *layout) blockAt(nodes []int, x, y float64, out []catalogue.Point) {
	pos, _, _ := l.block(nodes)
	for i, p := range pos {
		out[i] = catalogue.Point{X: x + p[0], Y: y + p[1]}
	}
}
