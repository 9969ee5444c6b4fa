package layout

import (
	"cmp"
	"math"
	"slices"
	"sort"
)

// A graph is what one level of the layout arranges: items of given sizes
// (nodes, or groups already laid out as blocks) and the edges between them.
type graph struct {
	size  [][2]float64 // width, height of each item
	edges [][2]int     // from, to item
}

// spacing is the room the layered layout leaves, along the two axes of a
// layered drawing: between layers, and between neighbours in a layer.
type spacing struct {
	dir      Direction
	layerGap float64 // between the boxes of two layers
	nodeGap  float64 // between two items of a layer
	edgeGap  float64 // between an edge passing through a layer and its neighbours
	compGap  float64 // between two unconnected parts of the drawing
	pace     *pacer  // told of the work done; nil for none
}

// pacer calls yield once every yieldEvery units of work (a unit is about
// a vertex visited or a place tried: tens of nanoseconds natively, about
// five times that in WebAssembly), and stops the layout when it says so.
type pacer struct {
	yield func() bool
	work  int
}

const yieldEvery = 5_000

// stopped is what tick panics with when yield says stop; Arrange recovers
// it (the work is deep in loops that have no other way out).
type stopped struct{}

// tick counts n units of work done.
func (p *pacer) tick(n int) {
	if p == nil || p.yield == nil {
		return
	}
	if p.work += n; p.work >= yieldEvery {
		p.work = 0
		if !p.yield() {
			panic(stopped{})
		}
	}
}

// layered lays out g as a layered (Sugiyama) drawing: each connected part
// with its edges pointing along the direction, crossings reduced, items
// aligned with what they connect to; unconnected items in a grid; the parts
// packed in rows. It returns each item's top-left corner and the size of
// the whole, which starts at 0, 0.
func layered(g graph, sp spacing) (pos [][2]float64, w, h float64) {
	n := len(g.size)
	pos = make([][2]float64, n)
	if n == 0 {
		return pos, 0, 0
	}
	comps, singles := components(n, g.edges)
	type part struct {
		items []int
		pos   [][2]float64
		w, h  float64
	}
	parts := make([]part, 0, len(comps)+1)
	for _, c := range comps {
		p, pw, ph := sugiyama(g, c, sp)
		parts = append(parts, part{c, p, pw, ph})
	}
	if len(singles) > 0 {
		p, pw, ph := grid(g, singles, sp)
		parts = append(parts, part{singles, p, pw, ph})
	}
	// Shelf packing: parts in rows no wider than the widest part or about
	// a square's side, largest first (in the order given when equal).
	area, widest := 0.0, 0.0
	for _, p := range parts {
		area += (p.w + sp.compGap) * (p.h + sp.compGap)
		widest = max(widest, p.w)
	}
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return len(parts[order[a]].items) > len(parts[order[b]].items)
	})
	limit := max(widest, math.Sqrt(area)*1.4)
	x, y, rowH := 0.0, 0.0, 0.0
	for _, pi := range order {
		p := parts[pi]
		if x > 0 && x+p.w > limit {
			x, y, rowH = 0, y+rowH+sp.compGap, 0
		}
		for k, it := range p.items {
			pos[it] = [2]float64{x + p.pos[k][0], y + p.pos[k][1]}
		}
		w, h = max(w, x+p.w), max(h, y+p.h)
		x += p.w + sp.compGap
		rowH = max(rowH, p.h)
	}
	return pos, w, h
}

// components splits items into the connected parts with an edge and the
// items without one, each in item order.
func components(n int, edges [][2]int) (comps [][]int, singles []int) {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	linked := make([]bool, n)
	for _, e := range edges {
		if e[0] == e[1] {
			continue
		}
		linked[e[0]], linked[e[1]] = true, true
		if a, b := find(e[0]), find(e[1]); a != b {
			parent[max(a, b)] = min(a, b)
		}
	}
	index := map[int]int{}
	for i := range n {
		if !linked[i] {
			singles = append(singles, i)
			continue
		}
		r := find(i)
		k, ok := index[r]
		if !ok {
			k = len(comps)
			index[r] = k
			comps = append(comps, nil)
		}
		comps[k] = append(comps[k], i)
	}
	return comps, singles
}

// grid lays items out in rows of a near-square grid, in their order.
func grid(g graph, items []int, sp spacing) (pos [][2]float64, w, h float64) {
	cols := int(math.Ceil(math.Sqrt(float64(len(items)))))
	cellW, cellH := 0.0, 0.0
	for _, it := range items {
		cellW, cellH = max(cellW, g.size[it][0]), max(cellH, g.size[it][1])
	}
	gx, gy := sp.nodeGap, sp.layerGap
	if sp.dir == LeftToRight {
		gx, gy = sp.layerGap, sp.nodeGap
	}
	pos = make([][2]float64, len(items))
	for k := range items {
		pos[k] = [2]float64{float64(k%cols) * (cellW + gx), float64(k/cols) * (cellH + gy)}
		w, h = max(w, pos[k][0]+g.size[items[k]][0]), max(h, pos[k][1]+g.size[items[k]][1])
	}
	return pos, w, h
}

// A layered drawing of one connected part: its items and the dummies that
// carry edges across layers, by layer and order.
type drawing struct {
	layer  []int     // each vertex's layer
	along  []float64 // each vertex's extent along the layers' axis (0 for a dummy)
	across []float64 // its extent across it, in its layer
	dummy  []bool
	up     [][]int // neighbours in the layer before, with repeats for weight
	down   [][]int // in the layer after
	layers [][]int // the vertices of each layer, in order
	rank   []int   // each vertex's place in its layer
	pace   *pacer
}

// sugiyama lays out one connected part of g: cycles broken, layers by
// longest path balanced towards successors, long edges split by dummies,
// crossings reduced by barycentre sweeps, positions by aligned projection.
func sugiyama(g graph, items []int, sp spacing) (pos [][2]float64, w, h float64) {
	local := make(map[int]int, len(items))
	for k, it := range items {
		local[it] = k
	}
	n := len(items)
	var edges [][2]int
	for _, e := range g.edges {
		a, okA := local[e[0]]
		b, okB := local[e[1]]
		if okA && okB && a != b {
			edges = append(edges, [2]int{a, b})
		}
	}
	edges = acyclic(n, edges)
	layer := layers(n, edges)
	sp.pace.tick(n + len(edges))
	d := &drawing{pace: sp.pace}
	for k, it := range items {
		along, across := g.size[it][0], g.size[it][1]
		if sp.dir == TopToBottom {
			along, across = across, along
		}
		d.add(layer[k], along, across, false)
	}
	for _, e := range edges {
		// An edge across many layers would add a dummy in each, which in
		// a large design means hundreds of thousands: it is left out of
		// the ordering (the canvas routes every edge round the nodes).
		if layer[e[1]]-layer[e[0]] > maxSpan {
			continue
		}
		from := e[0]
		for l := layer[e[0]] + 1; l < layer[e[1]]; l++ {
			v := d.add(l, 0, sp.edgeGap, true)
			d.link(from, v)
			from = v
		}
		d.link(from, e[1])
	}
	d.order()
	c := d.place(sp)
	// Layers along one axis, each as thick as its thickest item.
	thick := make([]float64, len(d.layers))
	for v, l := range d.layer {
		thick[l] = max(thick[l], d.along[v])
	}
	start := make([]float64, len(d.layers))
	for l := 1; l < len(d.layers); l++ {
		start[l] = start[l-1] + thick[l-1] + sp.layerGap
	}
	lo := math.Inf(1)
	for v := range n {
		lo = min(lo, c[v]-d.across[v]/2)
	}
	pos = make([][2]float64, n)
	for v := range n {
		a := start[d.layer[v]] + (thick[d.layer[v]]-d.along[v])/2
		b := c[v] - d.across[v]/2 - lo
		if sp.dir == TopToBottom {
			a, b = b, a
		}
		pos[v] = [2]float64{a, b}
		w, h = max(w, a+g.size[items[v]][0]), max(h, b+g.size[items[v]][1])
	}
	return pos, w, h
}

func (d *drawing) add(layer int, along, across float64, dummy bool) int {
	d.layer = append(d.layer, layer)
	d.along = append(d.along, along)
	d.across = append(d.across, across)
	d.dummy = append(d.dummy, dummy)
	d.up = append(d.up, nil)
	d.down = append(d.down, nil)
	return len(d.layer) - 1
}

func (d *drawing) link(a, b int) {
	d.down[a] = append(d.down[a], b)
	d.up[b] = append(d.up[b], a)
}

// acyclic reverses the edges that close a cycle, found by a depth-first
// search from each vertex in order, and drops repeated edges.
func acyclic(n int, edges [][2]int) [][2]int {
	out := make([][]int, n)
	for _, e := range edges {
		out[e[0]] = append(out[e[0]], e[1])
	}
	const (
		unseen = iota
		open
		done
	)
	state := make([]int8, n)
	back := map[[2]int]bool{}
	type frame struct{ v, next int }
	for s := range n {
		if state[s] != unseen {
			continue
		}
		stack := []frame{{s, 0}}
		state[s] = open
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next == len(out[f.v]) {
				state[f.v] = done
				stack = stack[:len(stack)-1]
				continue
			}
			u := out[f.v][f.next]
			f.next++
			switch state[u] {
			case open:
				back[[2]int{f.v, u}] = true
			case unseen:
				state[u] = open
				stack = append(stack, frame{u, 0})
			}
		}
	}
	seen := make(map[[2]int]bool, len(edges))
	dag := make([][2]int, 0, len(edges))
	for _, e := range edges {
		if back[e] {
			e = [2]int{e[1], e[0]}
		}
		if !seen[e] {
			seen[e] = true
			dag = append(dag, e)
		}
	}
	return dag
}

// layers gives each vertex of a DAG its layer: the longest path to it,
// then, for a vertex with more edges out than in, as late as its
// successors allow, so that sources sit beside what they feed.
func layers(n int, edges [][2]int) []int {
	out := make([][]int, n)
	indeg := make([]int, n)
	for _, e := range edges {
		out[e[0]] = append(out[e[0]], e[1])
		indeg[e[1]]++
	}
	ins := slices.Clone(indeg)
	topo := make([]int, 0, n)
	for v := range n {
		if indeg[v] == 0 {
			topo = append(topo, v)
		}
	}
	layer := make([]int, n)
	for i := 0; i < len(topo); i++ {
		v := topo[i]
		for _, u := range out[v] {
			layer[u] = max(layer[u], layer[v]+1)
			if indeg[u]--; indeg[u] == 0 {
				topo = append(topo, u)
			}
		}
	}
	for i := len(topo) - 1; i >= 0; i-- {
		v := topo[i]
		if len(out[v]) <= ins[v] {
			continue
		}
		next := math.MaxInt
		for _, u := range out[v] {
			next = min(next, layer[u])
		}
		layer[v] = max(layer[v], next-1)
	}
	return layer
}

// order arranges each layer to reduce crossings: a depth-first first
// order, then sweeps down and up placing each vertex at the mean place of
// its neighbours, keeping the order with the fewest crossings.
func (d *drawing) order() {
	top := 0
	for _, l := range d.layer {
		top = max(top, l)
	}
	d.layers = make([][]int, top+1)
	d.rank = make([]int, len(d.layer))
	seen := make([]bool, len(d.layer))
	var visit func(v int)
	visit = func(v int) {
		seen[v] = true
		d.rank[v] = len(d.layers[d.layer[v]])
		d.layers[d.layer[v]] = append(d.layers[d.layer[v]], v)
		for _, u := range d.down[v] {
			if !seen[u] {
				visit(u)
			}
		}
		for _, u := range d.up[v] {
			if !seen[u] {
				visit(u)
			}
		}
	}
	for v := range d.layer {
		if !seen[v] && len(d.up[v]) == 0 {
			visit(v)
		}
	}
	for v := range d.layer {
		if !seen[v] {
			visit(v)
		}
	}
	best := d.crossings()
	bestLayers := cloneLayers(d.layers)
	key := make([]float64, len(d.layer))
	stale := 0
	for it := 0; it < d.sweeps(24) && best > 0 && stale < 4; it++ {
		if it%2 == 0 {
			for l := 1; l < len(d.layers); l++ {
				d.sortBy(l, d.up, key)
				d.pace.tick(len(d.layers[l]))
			}
		} else {
			for l := len(d.layers) - 2; l >= 0; l-- {
				d.sortBy(l, d.down, key)
				d.pace.tick(len(d.layers[l]))
			}
		}
		d.pace.tick(len(d.layer))
		if c := d.crossings(); c < best {
			best, bestLayers, stale = c, cloneLayers(d.layers), 0
		} else {
			stale++
		}
	}
	d.layers = bestLayers
	for _, vs := range d.layers {
		for r, v := range vs {
			d.rank[v] = r
		}
	}
}

// maxSpan is the most layers an edge the ordering weighs may cross.
const maxSpan = 8

// sweepBudget bounds the vertices a drawing's sweeps visit in all, so that
// a large design (whose long edges may add hundreds of thousands of
// dummies) is laid out in about the time of a 1,000-node one, with fewer
// sweeps: never fewer than two, one each way.
const sweepBudget = 1 << 20

// sweeps is how many sweeps, up to most, the budget allows this drawing.
func (d *drawing) sweeps(most int) int {
	return max(2, min(most, sweepBudget/max(1, len(d.layer))))
}

func cloneLayers(ls [][]int) [][]int {
	out := make([][]int, len(ls))
	for i, l := range ls {
		out[i] = slices.Clone(l)
	}
	return out
}

// sortBy orders layer l by the mean rank of each vertex's neighbours in
// the adjacent layer; a vertex without any keeps its place.
func (d *drawing) sortBy(l int, nb [][]int, key []float64) {
	vs := d.layers[l]
	for _, v := range vs {
		if len(nb[v]) == 0 {
			key[v] = float64(d.rank[v])
			continue
		}
		sum := 0
		for _, u := range nb[v] {
			sum += d.rank[u]
		}
		key[v] = float64(sum) / float64(len(nb[v]))
	}
	slices.SortStableFunc(vs, func(a, b int) int { return cmp.Compare(key[a], key[b]) })
	for r, v := range vs {
		d.rank[v] = r
	}
}

// crossings counts the crossings between each pair of adjacent layers: the
// inversions among the edges sorted by their upper end (a Fenwick tree over
// the lower layer, Barth, Mutzel and Jünger's bilayer count).
func (d *drawing) crossings() int {
	total := 0
	var ends []int
	for l := 0; l+1 < len(d.layers); l++ {
		ends = ends[:0]
		for _, v := range d.layers[l] {
			start := len(ends)
			for _, u := range d.down[v] {
				ends = append(ends, d.rank[u])
			}
			slices.Sort(ends[start:])
		}
		tree := make([]int, len(d.layers[l+1])+1)
		for i, e := range ends {
			// Edges seen so far that end after e cross this one.
			le := 0
			for k := e + 1; k > 0; k -= k & -k {
				le += tree[k]
			}
			total += i - le
			for k := e + 1; k < len(tree); k += k & -k {
				tree[k]++
			}
		}
	}
	return total
}

// place gives each vertex its centre across its layer: packed, then swept
// down and up towards the mean of its neighbours (weighted so that the
// dummies of a long edge line up), each layer projected back to an order
// that keeps its gaps.
func (d *drawing) place(sp spacing) []float64 {
	c := make([]float64, len(d.layer))
	for _, vs := range d.layers {
		at := 0.0
		for i, v := range vs {
			if i > 0 {
				at += d.sep(vs[i-1], v, sp)
			}
			c[v] = at
		}
		for _, v := range vs { // centred on the first layer's middle
			c[v] -= at / 2
		}
	}
	target := make([]float64, 0, 64)
	sweeps := d.sweeps(8)
	for it := 0; it < sweeps; it++ {
		// The last sweeps look both ways.
		both := it >= sweeps-2
		if it%2 == 0 {
			other := [][]int(nil)
			if both {
				other = d.down
			}
			for l := 1; l < len(d.layers); l++ {
				d.align(l, c, d.up, other, sp, target)
				d.pace.tick(len(d.layers[l]))
			}
		} else {
			other := [][]int(nil)
			if both {
				other = d.up
			}
			for l := len(d.layers) - 2; l >= 0; l-- {
				d.align(l, c, d.down, other, sp, target)
				d.pace.tick(len(d.layers[l]))
			}
		}
	}
	return c
}

// sep is the least distance between the centres of neighbours a and b.
func (d *drawing) sep(a, b int, sp spacing) float64 {
	gap := sp.nodeGap
	if d.dummy[a] || d.dummy[b] {
		gap = sp.edgeGap
	}
	return (d.across[a]+d.across[b])/2 + gap
}

// align moves the vertices of layer l towards their neighbours in nb (and
// in other, when given), then restores their gaps with the least
// movement (pool-adjacent-violators on the gap-adjusted positions).
func (d *drawing) align(l int, c []float64, nb, other [][]int, sp spacing, target []float64) {
	vs := d.layers[l]
	target = target[:0]
	off := 0.0
	for i, v := range vs {
		if i > 0 {
			off += d.sep(vs[i-1], v, sp)
		}
		t, wsum := 0.0, 0.0
		add := func(us []int) {
			for _, u := range us {
				w := 1.0
				if d.dummy[u] && d.dummy[v] {
					w = 8
				} else if d.dummy[u] || d.dummy[v] {
					w = 2
				}
				t += w * c[u]
				wsum += w
			}
		}
		add(nb[v])
		if other != nil {
			add(other[v])
		}
		if wsum == 0 {
			t, wsum = c[v], 1
		} else {
			t /= wsum
		}
		target = append(target, t-off)
	}
	// Pool adjacent violators: blocks of equal value, each the mean of
	// its targets, merged while a block sits above the next.
	type block struct {
		sum   float64
		count int
	}
	blocks := make([]block, 0, len(vs))
	for _, t := range target {
		blocks = append(blocks, block{t, 1})
		for len(blocks) > 1 {
			a, b := blocks[len(blocks)-2], blocks[len(blocks)-1]
			if a.sum/float64(a.count) <= b.sum/float64(b.count) {
				break
			}
			blocks = blocks[:len(blocks)-2]
			blocks = append(blocks, block{a.sum + b.sum, a.count + b.count})
		}
	}
	i := 0
	off = 0
	for _, b := range blocks {
		y := b.sum / float64(b.count)
		for range b.count {
			if i > 0 {
				off += d.sep(vs[i-1], vs[i], sp)
			}
			c[vs[i]] = y + off
			i++
		}
	}
}
