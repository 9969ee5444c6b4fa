package layout

import (
	"math"
	"slices"

	"github.com/archdesigner/designer/catalogue"
)

// box is a rectangle in canvas coordinates.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) grow(m float64) box { return box{b.x0 - m, b.y0 - m, b.x1 + m, b.y1 + m} }

func (b box) meets(o box) bool { return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 }

func (b box) union(o box) box {
	return box{math.Min(b.x0, o.x0), math.Min(b.y0, o.y0), math.Max(b.x1, o.x1), math.Max(b.y1, o.y1)}
}

func (b box) shift(dx, dy float64) box { return box{b.x0 + dx, b.y0 + dy, b.x1 + dx, b.y1 + dy} }

// minus is what of b lies outside o: up to four boxes, the first n of out.
func (b box) minus(o box) (out [4]box, n int) {
	if !b.meets(o) {
		out[0] = b
		return out, 1
	}
	if b.y0 < o.y0 {
		out[n], n = box{b.x0, b.y0, b.x1, o.y0}, n+1
	}
	if b.y1 > o.y1 {
		out[n], n = box{b.x0, o.y1, b.x1, b.y1}, n+1
	}
	y0, y1 := math.Max(b.y0, o.y0), math.Min(b.y1, o.y1)
	if b.x0 < o.x0 {
		out[n], n = box{b.x0, y0, o.x0, y1}, n+1
	}
	if b.x1 > o.x1 {
		out[n], n = box{o.x1, y0, b.x1, y1}, n+1
	}
	return out, n
}

// board is the canvas as the placement sees it: the boxes of the nodes
// placed so far and the frame each group takes around them, each in
// buckets for finding them by where they are.
type board struct {
	l       *layout
	boxes   []box // by node; valid where has
	has     []bool
	nodes   buckets // the nodes meeting each bucket
	frame   []box   // by container; valid where framed
	framed  []bool
	frames  buckets // the containers whose frames meet each bucket
	wide    []bool  // by container: its frame is over more than wideFrame buckets
	wides   []int   // those containers
	content box     // around everything placed
	any     bool
	// budget is how much more work (places tried, buckets looked in)
	// the search may do; once spent, what is left to place goes beside
	// the design as one block, so a design with many nodes to place among
	// tight groups stays quick.
	budget int
}

// placeBudget bounds a placement's work, in places tried and buckets
// looked in, whatever the design's size: placing a seventh of 1,000 nodes
// among tight groups spends 0.4 million, a third of them (many groups
// hemmed in) 2.5 million, about 75 ms natively.
const placeBudget = 4_000_000

const bucket = 256

// reach is how many rings of the lattice a search looks in (2,400 px
// along the layers, 1,200 across), nearReach how many a first look near
// the point asked for does.
const (
	reach     = 60
	nearReach = 4
)

// wideFrame is how many buckets a frame may be filed under.
const wideFrame = 1024

func newBoard(l *layout) *board {
	n := len(l.d.Nodes)
	return &board{l: l, boxes: make([]box, n), has: make([]bool, n),
		frame: make([]box, len(l.parent)), framed: make([]bool, len(l.parent)), wide: make([]bool, len(l.parent)),
		budget: placeBudget}
}

func (b *board) nodeBox(x, y float64) box {
	return box{x, y, x + b.l.geo.NodeW, y + b.l.geo.NodeH}
}

// frameAround is the frame a group draws around r.
func (b *board) frameAround(r box) box {
	pad := b.l.geo.GroupPad
	return box{r.x0 - pad, r.y0 - pad - b.l.geo.GroupLabel, r.x1 + pad, r.y1 + pad}
}

// span is the buckets r meets, as inclusive ranges.
func span(r box) (x0, y0, x1, y1 int) {
	return cell(r.x0), cell(r.y0), cell(r.x1), cell(r.y1)
}

// cell is the bucket coordinate v falls in, within ±2⁴⁰ (a float beyond
// an int's range has no defined conversion).
func cell(v float64) int {
	switch c := math.Floor(v / bucket); {
	case c < -1<<40:
		return -1 << 40
	case c > 1<<40:
		return 1 << 40
	case c == c:
		return int(c)
	}
	return 0 // NaN
}

// centre starts the buckets at the median of the points given (the nodes
// kept), so that the dense ones cover the bulk of the design and a node
// placed far away goes to the map, whatever the order of the nodes.
func (b *board) centre(at []catalogue.Point, kept []int) {
	if len(kept) == 0 {
		return
	}
	xs, ys := make([]float64, len(kept)), make([]float64, len(kept))
	for k, i := range kept {
		xs[k], ys[k] = at[i].X, at[i].Y
	}
	slices.Sort(xs)
	slices.Sort(ys)
	bx, by := cell(xs[len(xs)/2]), cell(ys[len(ys)/2])
	b.nodes.grow(bx, by)
	b.frames.grow(bx, by)
}

// put places node i at x, y, growing the frames of the groups it sits in.
func (b *board) put(i int, x, y float64) {
	r := b.nodeBox(x, y)
	b.boxes[i], b.has[i] = r, true
	x0, y0, x1, y1 := span(r)
	for bx := x0; bx <= x1; bx++ {
		for by := y0; by <= y1; by++ {
			b.nodes.add(bx, by, i)
		}
	}
	if b.any {
		b.content = b.content.union(r)
	} else {
		b.content, b.any = r, true
	}
	f := b.frameAround(r)
	for c := b.l.nodeIn[i]; c > 0; c = b.l.parent[c] {
		was, old := b.framed[c], b.frame[c]
		if was {
			b.frame[c] = old.union(f)
		} else {
			b.frame[c], b.framed[c] = f, true
		}
		b.index(c, was, old)
		f = b.frameAround(b.frame[c])
		b.content = b.content.union(b.frame[c])
	}
}

// index files container c under the buckets its frame has grown into
// (frames only grow).
func (b *board) index(c int, was bool, old box) {
	if b.wide[c] {
		return
	}
	x0, y0, x1, y1 := span(b.frame[c])
	if float64(x1-x0+1)*float64(y1-y0+1) > wideFrame {
		// Looked at on every look-up instead (there are few such).
		b.wide[c] = true
		b.wides = append(b.wides, c)
		return
	}
	ox0, oy0, ox1, oy1 := span(old)
	for bx := x0; bx <= x1; bx++ {
		for by := y0; by <= y1; by++ {
			if was && bx >= ox0 && bx <= ox1 && by >= oy0 && by <= oy1 {
				continue
			}
			b.frames.add(bx, by, c)
		}
	}
}

// look calls f with the items g files under the buckets r meets, until f
// says stop (false); false when it did.
func (b *board) look(g *buckets, r box, f func(k int) bool) bool {
	x0, y0, x1, y1 := span(r)
	ok, looked := g.each(x0, y0, x1, y1, f)
	b.budget -= looked
	return ok
}

// nodesIn calls f for each placed node whose box meets r, until f says
// stop; false when it did. (A node over two buckets may come twice.)
func (b *board) nodesIn(r box, f func(i int) bool) bool {
	return b.look(&b.nodes, r, func(i int) bool { return !b.boxes[i].meets(r) || f(i) })
}

// framesIn calls f for each container whose frame meets r, until f says
// stop; false when it did.
func (b *board) framesIn(r box, f func(c int) bool) bool {
	x0, y0, x1, y1 := span(r)
	if float64(x1-x0+1)*float64(y1-y0+1) > float64(len(b.frame)) {
		// Over more buckets than there are groups: each group.
		b.budget -= len(b.frame)
		for c := 1; c < len(b.frame); c++ {
			if b.framed[c] && b.frame[c].meets(r) && !f(c) {
				return false
			}
		}
		return true
	}
	b.budget -= len(b.wides)
	for _, c := range b.wides {
		if b.frame[c].meets(r) && !f(c) {
			return false
		}
	}
	return b.look(&b.frames, r, func(c int) bool { return b.wide[c] || !b.frame[c].meets(r) || f(c) })
}

// related reports whether one of containers a and c holds the other.
func (l *layout) related(a, c int) bool { return l.holds(a, c) || l.holds(c, a) }

// strictness is how much of the drawing's order a placement must keep.
type strictness int

const (
	// strict keeps every frame clear of the nodes and frames of groups it
	// neither holds nor sits in.
	strict strictness = iota
	// relaxed lets frames meet others, but no frame takes in a node of a
	// group it does not hold.
	relaxed
	// loose keeps only the nodes' boxes apart.
	loose
)

// piece is what a placement moves as one: nodes at fixed offsets from the
// piece's corner (its nodes' top-left), and what the frames of the groups
// holding them must cover because of them.
type piece struct {
	nodes []int
	at    [][2]float64
	// conts are the groups holding the nodes, innermost first; direct is
	// the frame each draws around its own nodes of the piece (valid where
	// hasDirect), up is the index in conts of each one's parent (-1 for
	// the canvas).
	conts     []int
	direct    []box
	hasDirect []bool
	up        []int
	chain     bool // conts hold one another (no two are siblings)
	// Scratch for fits, by index in conts.
	grown, acc []box
	hasAcc     []bool
}

// newPiece is the piece of nodes at pos (their top-left corners).
func (b *board) newPiece(nodes []int, pos map[int][2]float64) *piece {
	l := b.l
	p := &piece{nodes: nodes, at: make([][2]float64, len(nodes))}
	mx, my := math.Inf(1), math.Inf(1)
	for _, i := range nodes {
		mx, my = math.Min(mx, pos[i][0]), math.Min(my, pos[i][1])
	}
	at := map[int]int{} // container → index in conts
	for k, i := range nodes {
		p.at[k] = [2]float64{pos[i][0] - mx, pos[i][1] - my}
		for c := l.nodeIn[i]; c > 0; c = l.parent[c] {
			if _, ok := at[c]; !ok {
				at[c] = len(p.conts)
				p.conts = append(p.conts, c)
			}
		}
	}
	// Innermost first: by depth, deepest first (a stable insertion sort:
	// there are few).
	for k := 1; k < len(p.conts); k++ {
		for j := k; j > 0 && l.depth[p.conts[j]] > l.depth[p.conts[j-1]]; j-- {
			p.conts[j], p.conts[j-1] = p.conts[j-1], p.conts[j]
		}
	}
	for k, c := range p.conts {
		at[c] = k
	}
	m := len(p.conts)
	p.direct, p.hasDirect, p.up = make([]box, m), make([]bool, m), make([]int, m)
	p.grown, p.acc, p.hasAcc = make([]box, m), make([]box, m), make([]bool, m)
	for k, i := range nodes {
		c := l.nodeIn[i]
		if c == 0 {
			continue
		}
		f := b.frameAround(b.nodeBox(p.at[k][0], p.at[k][1]))
		if j := at[c]; p.hasDirect[j] {
			p.direct[j] = p.direct[j].union(f)
		} else {
			p.direct[j], p.hasDirect[j] = f, true
		}
	}
	p.chain = true
	for k, c := range p.conts {
		p.up[k] = -1
		if l.parent[c] > 0 {
			p.up[k] = at[l.parent[c]]
		}
		if k > 0 && !l.holds(c, p.conts[k-1]) {
			p.chain = false
		}
	}
	return p
}

// lead is how far the frames of the piece's groups inside holder reach
// above and before its corner: a piece asked to start at a point inside
// holder starts its frames there.
func (b *board) lead(p *piece, holder int) (float64, float64) {
	outer := box{}
	for k, c := range p.conts {
		b.grownAt(p, k, 0, 0, false)
		if c != holder && b.l.holds(holder, c) {
			outer = outer.union(p.grown[k])
		}
	}
	return -outer.x0, -outer.y0
}

// grownAt sets p.grown[k] to the frame of p.conts[k] with the piece's
// corner at dx, dy: around its own nodes, its inner groups' frames (k's
// children come before it), and, with kept, what the board's frame of it
// holds already; it carries the result to the parent's scratch.
func (b *board) grownAt(p *piece, k int, dx, dy float64, kept bool) {
	if k == 0 {
		clear(p.hasAcc)
	}
	c := p.conts[k]
	g, ok := p.acc[k], p.hasAcc[k]
	if p.hasDirect[k] {
		d := p.direct[k].shift(dx, dy)
		if ok {
			g = g.union(d)
		} else {
			g, ok = d, true
		}
	}
	if kept && b.framed[c] {
		g = g.union(b.frame[c]) // ok: every group of a piece holds a node of it
	}
	p.grown[k] = g
	if u := p.up[k]; u >= 0 {
		f := b.frameAround(g)
		if p.hasAcc[u] {
			p.acc[u] = p.acc[u].union(f)
		} else {
			p.acc[u], p.hasAcc[u] = f, true
		}
	}
}

// fits reports whether piece p can go with its corner at x, y: its nodes'
// boxes clear of every placed node, and as level allows, of frames of
// groups they are not in, and each group holding them grown around them
// without taking in what it does not hold.
func (b *board) fits(p *piece, x, y float64, level strictness) bool {
	l := b.l
	gap := l.sp.edgeGap
	b.budget--
	none := func(int) bool { return false }
	for k := range p.nodes {
		if !b.nodesIn(b.nodeBox(x+p.at[k][0], y+p.at[k][1]).grow(gap), none) {
			return false
		}
	}
	if level == loose {
		return true
	}
	for k, i := range p.nodes {
		r := b.nodeBox(x+p.at[k][0], y+p.at[k][1])
		if level == strict {
			r = r.grow(gap)
		}
		mine := l.nodeIn[i]
		if !b.framesIn(r, func(o int) bool { return l.holds(o, mine) }) {
			return false
		}
	}
	for k, c := range p.conts {
		b.grownAt(p, k, x, y, true)
		added, n := p.grown[k].minus(b.frame[c])
		if !b.framed[c] {
			added[0], n = p.grown[k], 1
		}
		for _, a := range added[:n] {
			if !b.nodesIn(a, func(j int) bool { return l.holds(c, l.nodeIn[j]) }) {
				return false
			}
			if level == strict && !b.framesIn(a.grow(gap), func(o int) bool { return l.related(o, c) }) {
				return false
			}
		}
	}
	if p.chain {
		return true
	}
	// Two groups of the piece that are siblings: their frames apart
	// (strict), or neither over the other's nodes.
	for j, c := range p.conts {
		for k := j + 1; k < len(p.conts); k++ {
			o := p.conts[k]
			if l.related(c, o) {
				continue
			}
			if level == strict && p.grown[j].grow(gap).meets(p.grown[k]) {
				return false
			}
			for m, i := range p.nodes {
				r := b.nodeBox(x+p.at[m][0], y+p.at[m][1])
				if l.holds(o, l.nodeIn[i]) && p.grown[j].meets(r) || l.holds(c, l.nodeIn[i]) && p.grown[k].meets(r) {
					return false
				}
			}
		}
	}
	return true
}

// putPiece places piece p with its corner at x, y.
func (b *board) putPiece(p *piece, x, y float64, out []catalogue.Point) {
	for k, i := range p.nodes {
		px, py := x+p.at[k][0], y+p.at[k][1]
		b.put(i, px, py)
		out[i] = catalogue.Point{X: px, Y: py}
	}
}

// spot is a place near x, y where piece p fits, searching outwards, up to
// reach rings, on a lattice of steps sx, sy (a lattice that moves across the layers at half
// the cost of along them makes a new node join the column, or row, of its
// neighbours): of the first ring of the lattice that has one, the one
// nearest target. ok is false when none is found within reach.
func (b *board) spot(p *piece, x, y, sx, sy float64, reach int, level strictness, target [2]float64) (float64, float64, bool) {
	for r, last := 0, b.budget; r <= reach && b.budget > 0; r++ {
		b.l.sp.pace.tick(last - b.budget)
		last = b.budget
		bx, by, best := 0.0, 0.0, math.Inf(1)
		for dx := -r; dx <= r; dx++ {
			for dy := -r; dy <= r; dy++ {
				if max(abs(dx), abs(dy)) != r {
					continue
				}
				cx, cy := x+float64(dx)*sx, y+float64(dy)*sy
				tx, ty := (cx-target[0])/sx, (cy-target[1])/sy
				d := tx*tx + ty*ty
				if d >= best {
					continue
				}
				if b.fits(p, cx, cy, level) {
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

// placeNew places the moved nodes beside the nodes kept, outwards from
// them: each node connected to a placed one goes beside it (after its
// predecessors, before its successors); the moved members of a group with
// placed members that connect to nothing placed are laid out among
// themselves and go into the group's frame, or after it, as one piece;
// what is left, connected to nothing placed, is laid out as a block beside
// the design.
func (l *layout) placeNew(move []bool, kept []int, out []catalogue.Point) {
	b := newBoard(l)
	b.centre(out, kept)
	for _, i := range kept {
		b.put(i, out[i].X, out[i].Y)
		l.sp.pace.tick(8)
	}
	n := len(l.d.Nodes)
	succ, pred := make([][]int, n), make([][]int, n)
	for _, e := range l.edges() {
		succ[e[0]] = append(succ[e[0]], e[1])
		pred[e[1]] = append(pred[e[1]], e[0])
	}
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
	sx, sy := 40.0, 20.0
	if l.sp.dir == TopToBottom {
		layerStep = l.geo.NodeH + l.sp.layerGap
		sx, sy = 20, 40
	}
	// along and across split a point into its coordinates along the
	// layers' axis and across it.
	along := func(x, y float64) (float64, float64) {
		if l.sp.dir == TopToBottom {
			return y, x
		}
		return x, y
	}
	// hemmed says that a search at a level found no place for a piece in
	// a group: the next piece there starts at the level after (frames only
	// grow, so it would search as long in vain).
	hemmed := map[[2]int]bool{}
	place := func(p *piece, x, y float64) {
		// Tried in turn: near the point asked for (the group's frame may
		// grow to it); that point brought inside the frame of the innermost
		// group holding the piece that has one (a frame stretched out to a
		// point far from it would lie over other groups, and a long search
		// there that fails costs the most); after that group's members;
		// beside them.
		type try struct {
			x, y  float64
			reach int
		}
		tries := []try{{x, y, reach}}
		holder := b.framedHolder(p.nodes[0])
		lx, ly := b.lead(p, holder)
		if holder > 0 {
			f := b.frame[holder]
			pad, label := l.geo.GroupPad, l.geo.GroupLabel
			in := box{f.x0 + pad + lx, f.y0 + pad + label + ly, f.x1 - pad - l.geo.NodeW, f.y1 - pad - l.geo.NodeH}
			tries[0].reach = nearReach
			tries = append(tries, try{min(max(x, in.x0), max(in.x0, in.x1)), min(max(y, in.y0), max(in.y0, in.y1)), reach})
			after := try{f.x1 - pad + l.sp.layerGap + lx, f.y0 + pad + label + ly, reach}
			below := try{f.x0 + pad + lx, f.y1 - pad + l.sp.layerGap + ly, reach}
			if l.sp.dir == TopToBottom {
				after, below = below, after
			}
			tries = append(tries, after, below)
		}
		// Where the groups around are hemmed in on every side, the piece's
		// frames may meet others, and then take in what they do not hold:
		// placed nodes do not move to make room.
		found := false
		for _, level := range []strictness{strict, relaxed, loose} {
			if found || hemmed[[2]int{holder, int(level)}] {
				continue
			}
			var failed []try
			for _, t := range tries {
				// A try within half the reach of a long one that found
				// nothing would look in the same places.
				if slices.ContainsFunc(failed, func(f try) bool {
					return math.Abs(t.x-f.x) <= sx*float64(f.reach)/2 && math.Abs(t.y-f.y) <= sy*float64(f.reach)/2
				}) {
					continue
				}
				if px, py, ok := b.spot(p, t.x, t.y, sx, sy, t.reach, level, [2]float64{x, y}); ok {
					x, y, found = px, py, true
					break
				}
				if t.reach == reach {
					failed = append(failed, t)
				}
			}
			if !found && holder > 0 && b.budget > 0 {
				hemmed[[2]int{holder, int(level)}] = true
			}
		}
		if !found { // nowhere near: past everything placed, along the layers
			past, _ := along(b.content.x1+l.sp.compGap, b.content.y1+l.sp.compGap)
			_, across := along(x, y)
			past += lx
			if l.sp.dir == TopToBottom {
				past += ly - lx
			}
			x, y = along(past, across)
		}
		b.putPiece(p, x, y, out)
		for _, i := range p.nodes {
			queued[i] = true
			enqueue(i)
		}
	}
	one := map[int][2]float64{}
	for b.budget > 0 {
		for len(queue) > 0 && b.budget > 0 {
			i := queue[0]
			queue = queue[1:]
			if b.has[i] {
				continue
			}
			// After the placed predecessors, at their mean; else before the
			// placed successors.
			at, across, count := math.Inf(-1), 0.0, 0
			for _, j := range pred[i] {
				if b.has[j] {
					a, c := along(b.boxes[j].x0, b.boxes[j].y0)
					at, across, count = max(at, a+layerStep), across+c, count+1
				}
			}
			if count == 0 {
				at = math.Inf(1)
				for _, j := range succ[i] {
					if b.has[j] {
						a, c := along(b.boxes[j].x0, b.boxes[j].y0)
						at, across, count = min(at, a-layerStep), across+c, count+1
					}
				}
			}
			if count == 0 {
				continue // reached through a node not yet placed; it comes back
			}
			x, y := along(at, across/float64(count))
			clear(one)
			one[i] = [2]float64{}
			place(b.newPiece([]int{i}, one), x, y)
		}
		// What is left connects to nothing placed: each group's moved
		// members, where the group has placed ones, as one piece.
		byGroup := map[int][]int{}
		var groups []int
		for i := range move {
			if move[i] && !b.has[i] {
				if c := b.framedHolder(i); c > 0 {
					if byGroup[c] == nil {
						groups = append(groups, c)
					}
					byGroup[c] = append(byGroup[c], i)
				}
			}
		}
		if len(groups) == 0 {
			break
		}
		for _, c := range groups {
			if b.budget <= 0 {
				break
			}
			pos, _, _ := l.block(byGroup[c])
			p := b.newPiece(byGroup[c], pos)
			f := b.frame[c]
			a, _ := along(f.x1-l.geo.GroupPad, f.y1-l.geo.GroupPad)
			_, s := along(f.x0+l.geo.GroupPad, f.y0+l.geo.GroupPad+l.geo.GroupLabel)
			x, y := along(a+l.sp.layerGap, s)
			lx, ly := b.lead(p, c)
			place(p, x+lx, y+ly)
		}
	}
	// The rest connect to nothing placed (or the search's budget is
	// spent): one block beside the design.
	var rest []int
	for i := range move {
		if move[i] && !b.has[i] {
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

// together lays out the moved nodes among themselves and places them
// where they fit among the kept ones, as near as they can to the top-left
// corner of where they were. The moved members of a group that keeps
// members go as one piece of their own, beside those members: a selection
// over several groups laid out as one block would pull each group's frame
// out to it, over the others.
func (l *layout) together(moved, kept []int, out []catalogue.Point) {
	b := newBoard(l)
	b.centre(out, kept)
	for _, i := range kept {
		b.put(i, out[i].X, out[i].Y)
		l.sp.pace.tick(8)
	}
	byHolder := map[int][]int{}
	var holders []int
	for _, i := range moved {
		h := b.framedHolder(i)
		if byHolder[h] == nil {
			holders = append(holders, h)
		}
		byHolder[h] = append(byHolder[h], i)
	}
	// Innermost first: a piece in a group is placed before the one in
	// what holds the group, which then finds the group's frame grown.
	slices.SortStableFunc(holders, func(a, c int) int { return l.depth[c] - l.depth[a] })
	for _, h := range holders {
		nodes := byHolder[h]
		x0, y0 := math.Inf(1), math.Inf(1)
		for _, i := range nodes {
			if p := l.d.Nodes[i].Position; p != nil {
				x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
			}
		}
		pos, _, _ := l.block(nodes)
		p := b.newPiece(nodes, pos)
		lx, ly := b.lead(p, h)
		switch {
		case !math.IsInf(x0, 1):
		case h > 0:
			f := b.frame[h]
			x0, y0 = f.x1-l.geo.GroupPad+l.sp.layerGap+lx, f.y0+l.geo.GroupPad+l.geo.GroupLabel+ly
		case b.any:
			x0, y0 = b.content.x1+l.sp.compGap+lx, b.content.y0+ly
		default:
			x0, y0 = l.geo.Origin+lx, l.geo.Origin+ly
		}
		found := false
		for _, level := range []strictness{strict, relaxed, loose} {
			if x, y, ok := b.spot(p, x0, y0, 20, 20, reach, level, [2]float64{x0, y0}); ok {
				b.putPiece(p, x, y, out)
				found = true
				break
			}
		}
		if !found { // nowhere near: beside the design
			lx, ly := b.lead(p, 0)
			b.putPiece(p, b.content.x1+l.sp.compGap+lx, b.content.y0+ly, out)
		}
	}
}
