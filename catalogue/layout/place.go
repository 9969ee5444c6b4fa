package layout

import (
	"math"

	"github.com/archdesigner/designer/catalogue"
)

// box is a rectangle in canvas coordinates.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) grow(m float64) box { return box{b.x0 - m, b.y0 - m, b.x1 + m, b.y1 + m} }

func (b box) meets(o box) bool { return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 }

func (b box) union(o box) box {
	return box{math.Min(b.x0, o.x0), math.Min(b.y0, o.y0), math.Max(b.x1, o.x1), math.Max(b.y1, o.y1)}
}

// minus is what of b lies outside o, as up to four boxes.
func (b box) minus(o box) []box {
	if !b.meets(o) {
		return []box{b}
	}
	var out []box
	if b.y0 < o.y0 {
		out = append(out, box{b.x0, b.y0, b.x1, o.y0})
	}
	if b.y1 > o.y1 {
		out = append(out, box{b.x0, o.y1, b.x1, b.y1})
	}
	y0, y1 := math.Max(b.y0, o.y0), math.Min(b.y1, o.y1)
	if b.x0 < o.x0 {
		out = append(out, box{b.x0, y0, o.x0, y1})
	}
	if b.x1 > o.x1 {
		out = append(out, box{o.x1, y0, b.x1, y1})
	}
	return out
}

// board is the canvas as the placement sees it: the boxes of the nodes
// placed so far, in buckets for finding them, and the frame each group
// takes around them.
type board struct {
	l       *layout
	boxes   map[int]box // by node
	buckets map[[2]int][]int
	frame   []box // by container; valid where framed
	framed  []bool
	content box // around everything placed
	any     bool
	// budget is how much more work (places tried, buckets looked in)
	// the search may do; once spent,
	// what is left to place goes beside the design as one block, so a
	// design with many nodes to place among tight groups stays quick.
	budget int
}

// placeBudget bounds a placement's work, in places tried and buckets
// looked in, whatever the design's size (a frame stretched over a huge
// design looks in every bucket): 18 nodes to place among 120 in spread-out
// groups need more than 4 million; 143 among 1,000 in tight ones spend it
// all, in about 0.4 s natively.
const placeBudget = 12_000_000

const bucket = 256

func newBoard(l *layout) *board {
	return &board{l: l, boxes: map[int]box{}, buckets: map[[2]int][]int{},
		frame: make([]box, len(l.parent)), framed: make([]bool, len(l.parent)), budget: placeBudget}
}

func (b *board) nodeBox(x, y float64) box {
	return box{x, y, x + b.l.geo.NodeW, y + b.l.geo.NodeH}
}

// frameAround is the frame a group draws around r.
func (b *board) frameAround(r box) box {
	pad := b.l.geo.GroupPad
	return box{r.x0 - pad, r.y0 - pad - b.l.geo.GroupLabel, r.x1 + pad, r.y1 + pad}
}

// put places node i at x, y, growing the frames of the groups it sits in.
func (b *board) put(i int, x, y float64) {
	r := b.nodeBox(x, y)
	b.boxes[i] = r
	for _, k := range b.keys(r) {
		b.buckets[k] = append(b.buckets[k], i)
	}
	if b.any {
		b.content = b.content.union(r)
	} else {
		b.content, b.any = r, true
	}
	f := b.frameAround(r)
	for c := b.l.nodeIn[i]; c > 0; c = b.l.parent[c] {
		if b.framed[c] {
			b.frame[c] = b.frame[c].union(f)
		} else {
			b.frame[c], b.framed[c] = f, true
		}
		f = b.frameAround(b.frame[c])
		b.content = b.content.union(b.frame[c])
	}
}

func (b *board) keys(r box) [][2]int {
	// A box over more buckets than there are nodes (a frame stretched
	// across a huge design) is found by the buckets the nodes are in.
	if (r.x1-r.x0)/bucket*(r.y1-r.y0)/bucket > float64(len(b.buckets)+16) {
		b.budget -= len(b.buckets)
		ks := make([][2]int, 0, len(b.buckets))
		for k := range b.buckets {
			if (box{float64(k[0]) * bucket, float64(k[1]) * bucket, float64(k[0]+1) * bucket, float64(k[1]+1) * bucket}).meets(r) {
				ks = append(ks, k)
			}
		}
		return ks
	}
	var ks [][2]int
	for x := int(math.Floor(r.x0 / bucket)); x <= int(math.Floor(r.x1/bucket)); x++ {
		for y := int(math.Floor(r.y0 / bucket)); y <= int(math.Floor(r.y1/bucket)); y++ {
			ks = append(ks, [2]int{x, y})
		}
	}
	b.budget -= len(ks)
	return ks
}

// nodesIn calls f for each placed node whose box meets r, until f says
// stop.
func (b *board) nodesIn(r box, f func(i int) bool) bool {
	for _, k := range b.keys(r) {
		for _, i := range b.buckets[k] {
			if b.boxes[i].meets(r) && !f(i) {
				return false
			}
		}
	}
	return true
}

// fits reports whether node i can be placed at x, y: its box clear of
// every other node and of the frames of groups it is not in, and each
// group it is in grown around it without taking in a node or frame it does
// not hold. Less strict, frames may meet other frames (relaxed), or take
// in what they do not hold (loose: only the nodes' boxes are kept apart).
func (b *board) fits(i int, x, y float64, level strictness) bool {
	l := b.l
	gap := l.sp.edgeGap
	b.budget--
	r := b.nodeBox(x, y)
	if !b.nodesIn(r.grow(gap), func(int) bool { return false }) {
		return false
	}
	mine := l.nodeIn[i]
	if level == loose {
		return true
	}
	for c := 1; c < len(l.parent) && level == strict; c++ {
		if b.framed[c] && !l.holds(c, mine) && r.grow(gap).meets(b.frame[c]) {
			return false
		}
	}
	f := b.frameAround(r)
	for c := mine; c > 0; c = l.parent[c] {
		grown := f
		if b.framed[c] {
			grown = b.frame[c].union(f)
		}
		var added []box
		if b.framed[c] {
			added = grown.minus(b.frame[c])
		} else {
			added = []box{grown}
		}
		for _, a := range added {
			if !b.nodesIn(a, func(j int) bool { return l.holds(c, l.nodeIn[j]) }) {
				return false
			}
			for o := 1; o < len(l.parent) && level == strict; o++ {
				if b.framed[o] && !l.holds(o, c) && !l.holds(c, o) && a.grow(gap).meets(b.frame[o]) {
					return false
				}
			}
		}
		f = b.frameAround(grown)
	}
	return true
}

// spot is the place nearest x, y where node i fits, searching outwards on
// a lattice that moves across the layers at half the cost of along them,
// so that a new node joins the column (or row) of its neighbours; ok is
// false when none is found within reach.
func (b *board) spot(i int, x, y float64, level strictness) (float64, float64, bool) {
	sx, sy := 40.0, 20.0
	if b.l.sp.dir == TopToBottom {
		sx, sy = 20, 40
	}
	for r := 0; r <= 60 && b.budget > 0; r++ {
		bx, by, best := 0.0, 0.0, math.Inf(1)
		for dx := -r; dx <= r; dx++ {
			for dy := -r; dy <= r; dy++ {
				if max(abs(dx), abs(dy)) != r {
					continue
				}
				d := float64(dx*dx + dy*dy)
				if d >= best {
					continue
				}
				cx, cy := x+float64(dx)*sx, y+float64(dy)*sy
				if b.fits(i, cx, cy, level) {
					bx, by, best = cx, cy, d
				}
			}
		}
		if !math.IsInf(best, 1) {
			return bx, by, true
		}
	}
	return 0, 0, false
}

// strictness is how much of the drawing's order a placement must keep.
type strictness int

const (
	strict strictness = iota
	relaxed
	loose
)

// framedHolder is the innermost group holding node i that has a frame, or
// 0 for none.
func (b *board) framedHolder(i int) int {
	c := b.l.nodeIn[i]
	for c > 0 && !b.framed[c] {
		c = b.l.parent[c]
	}
	return c
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// placeNew places the moved nodes one at a time, each beside the placed
// nodes it connects to (after its predecessors, before its successors),
// outwards from the nodes kept; a node connected to none goes beside its
// group's placed members; what is left, connected to nothing placed, is
// laid out as a block beside the design.
func (l *layout) placeNew(move []bool, kept []int, out []catalogue.Point) {
	b := newBoard(l)
	for _, i := range kept {
		b.put(i, out[i].X, out[i].Y)
	}
	n := len(l.d.Nodes)
	succ, pred := make([][]int, n), make([][]int, n)
	for _, e := range l.edges() {
		succ[e[0]] = append(succ[e[0]], e[1])
		pred[e[1]] = append(pred[e[1]], e[0])
	}
	placed := func(i int) bool { _, ok := b.boxes[i]; return ok }
	queued := make([]bool, n)
	var queue []int
	enqueue := func(i int) {
		for _, js := range [][]int{succ[i], pred[i]} {
			for _, j := range js {
				if move[j] && !queued[j] {
					queued[j] = true
					queue = append(queue, j)
				}
			}
		}
	}
	for _, i := range kept {
		enqueue(i)
	}
	layerStep := l.geo.NodeW + l.sp.layerGap
	if l.sp.dir == TopToBottom {
		layerStep = l.geo.NodeH + l.sp.layerGap
	}
	// along and across split a point into its coordinates along the
	// layers' axis and across it.
	along := func(x, y float64) (float64, float64) {
		if l.sp.dir == TopToBottom {
			return y, x
		}
		return x, y
	}
	place := func(i int, x, y float64) {
		// Tried in turn: the point asked for; that point brought inside
		// the frame of the innermost group holding the node that has one;
		// after that group's members; beside them.
		tries := [][2]float64{{x, y}}
		if c := b.framedHolder(i); c > 0 {
			f := b.frame[c]
			pad, label := l.geo.GroupPad, l.geo.GroupLabel
			in := box{f.x0 + pad, f.y0 + pad + label, f.x1 - pad - l.geo.NodeW, f.y1 - pad - l.geo.NodeH}
			tries = append(tries, [2]float64{min(max(x, in.x0), max(in.x0, in.x1)), min(max(y, in.y0), max(in.y0, in.y1))})
			tries = append(tries, [2]float64{f.x1 - pad + l.sp.layerGap, f.y0 + pad + label}, [2]float64{f.x0 + pad, f.y1 - pad + l.sp.layerGap})
			if l.sp.dir == TopToBottom {
				tries[2], tries[3] = [2]float64{f.x0 + pad, f.y1 - pad + l.sp.layerGap}, [2]float64{f.x1 - pad + l.sp.layerGap, f.y0 + pad + label}
			}
		}
		// Where the groups around are hemmed in on every side, the node's
		// frames may meet others, and then take in what they do not hold:
		// placed nodes do not move to make room.
		found := false
		for _, level := range []strictness{strict, relaxed, loose} {
			for _, t := range tries {
				if found {
					break
				}
				if px, py, ok := b.spot(i, t[0], t[1], level); ok {
					x, y, found = px, py, true
				}
			}
		}
		if !found { // nowhere near: past everything placed, along the layers
			past, _ := along(b.content.x1+l.sp.compGap, b.content.y1+l.sp.compGap)
			_, across := along(x, y)
			x, y = along(past, across)
		}
		b.put(i, x, y)
		out[i] = catalogue.Point{X: x, Y: y}
		enqueue(i)
	}
	remaining := 0
	for i := range move {
		if move[i] {
			remaining++
		}
	}
	for remaining > 0 && b.budget > 0 {
		for len(queue) > 0 && b.budget > 0 {
			i := queue[0]
			queue = queue[1:]
			if placed(i) {
				continue
			}
			// After the placed predecessors, at their mean; else before the
			// placed successors.
			at, across, count := math.Inf(-1), 0.0, 0
			for _, j := range pred[i] {
				if r, ok := b.boxes[j]; ok {
					a, c := along(r.x0, r.y0)
					at, across, count = max(at, a+layerStep), across+c, count+1
				}
			}
			if count == 0 {
				at = math.Inf(1)
				for _, j := range succ[i] {
					if r, ok := b.boxes[j]; ok {
						a, c := along(r.x0, r.y0)
						at, across, count = min(at, a-layerStep), across+c, count+1
					}
				}
			}
			if count == 0 {
				continue // reached through a node not yet placed; it comes back
			}
			x, y := along(at, across/float64(count))
			place(i, x, y)
			remaining--
		}
		if remaining == 0 {
			break
		}
		// A node in a group that has placed members goes after them.
		next := -1
		for i := range move {
			if move[i] && !placed(i) {
				for c := l.nodeIn[i]; c > 0 && next < 0; c = l.parent[c] {
					if b.framed[c] {
						next = i
					}
				}
				if next >= 0 {
					break
				}
			}
		}
		if next >= 0 {
			f := b.frame[b.framedHolder(next)]
			a, _ := along(f.x1-l.geo.GroupPad, f.y1-l.geo.GroupPad)
			_, s := along(f.x0+l.geo.GroupPad, f.y0+l.geo.GroupPad+l.geo.GroupLabel)
			x, y := along(a+l.sp.layerGap, s)
			queued[next] = true
			place(next, x, y)
			remaining--
			continue
		}
		break
	}
	// The rest connect to nothing placed (or the search's budget is
	// spent): one block beside the design.
	var rest []int
	for i := range move {
		if move[i] && !placed(i) {
			rest = append(rest, i)
		}
	}
	if len(rest) == 0 {
		return
	}
	x, y := b.content.x1+l.sp.compGap, b.content.y0
	if l.sp.dir == TopToBottom {
		x, y = b.content.x0, b.content.y1+l.sp.compGap
	}
	l.blockAt(rest, x, y, out)
}

// together lays out the moved nodes as one block and places it where its
// nodes' boxes clear the kept ones, as near as it can to the top-left
// corner of where the moved nodes were.
func (l *layout) together(moved, kept []int, out []catalogue.Point) {
	b := newBoard(l)
	for _, i := range kept {
		b.put(i, out[i].X, out[i].Y)
	}
	x0, y0 := math.Inf(1), math.Inf(1)
	for _, i := range moved {
		if p := l.d.Nodes[i].Position; p != nil {
			x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		}
	}
	if math.IsInf(x0, 1) {
		x0, y0 = b.content.x1+l.sp.compGap, b.content.y0
	}
	pos, _, _ := l.block(moved)
	// The nodes' top-left corner goes where theirs was (the block's own
	// corner includes its groups' frames).
	mx, my := math.Inf(1), math.Inf(1)
	for _, p := range pos {
		mx, my = math.Min(mx, p[0]), math.Min(my, p[1])
	}
	for i, p := range pos {
		pos[i] = [2]float64{p[0] - mx, p[1] - my}
	}
	// clear reports whether the block fits at dx, dy: each node where it
	// would fit alone (strict: the frames kept, see fits), or at least
	// clear of the kept nodes.
	clear := func(dx, dy float64, strict bool) bool {
		for i, p := range pos {
			if strict && !b.fits(i, dx+p[0], dy+p[1], 0) ||
				!b.nodesIn(b.nodeBox(dx+p[0], dy+p[1]).grow(l.sp.edgeGap), func(int) bool { return false }) {
				return false
			}
		}
		return true
	}
	bx, by := x0, y0
	found := false
	for _, strict := range []bool{true, false} {
		for r := 0; r <= 60 && !found; r++ {
			best := math.Inf(1)
			for dx := -r; dx <= r; dx++ {
				for dy := -r; dy <= r; dy++ {
					if max(abs(dx), abs(dy)) != r {
						continue
					}
					if d := float64(dx*dx + dy*dy); d < best && clear(x0+float64(dx)*20, y0+float64(dy)*20, strict) {
						bx, by, best, found = x0+float64(dx)*20, y0+float64(dy)*20, d, true
					}
				}
			}
		}
	}
	if !found { // nowhere near: beside the design
		bx, by = b.content.x1+l.sp.compGap, b.content.y0
	}
	for i, p := range pos {
		out[i] = catalogue.Point{X: bx + p[0], Y: by + p[1]}
	}
}
