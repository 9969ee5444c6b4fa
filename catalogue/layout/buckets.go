package layout

// buckets files items (nodes, or groups' frames) under the buckets of the
// canvas they meet: a dense array over the buckets used so far, grown when
// an item lands outside it, up to maxCells; past that (a node placed
// absurdly far away), a map. (Keyed by a map throughout, the look-ups took
// half a placement's time.)
type buckets struct {
	x0, y0, w, h int // the buckets covered, from x0, y0
	cells        [][]int32
	far          map[[2]int][]int32 // the buckets outside those
}

// maxCells bounds the dense array: 64 Ki buckets of 256 px are a canvas of
// 65,000 by 65,000 px, or one of 650,000 by 6,500.
const maxCells = 1 << 16

func (g *buckets) covers(bx, by int) bool {
	return bx >= g.x0 && by >= g.y0 && bx < g.x0+g.w && by < g.y0+g.h
}

// add files v under bucket bx, by.
func (g *buckets) add(bx, by, v int) {
	if !g.covers(bx, by) && !g.grow(bx, by) {
		if g.far == nil {
			g.far = map[[2]int][]int32{}
		}
		g.far[[2]int{bx, by}] = append(g.far[[2]int{bx, by}], int32(v))
		return
	}
	k := (by-g.y0)*g.w + bx - g.x0
	g.cells[k] = append(g.cells[k], int32(v))
}

// grow covers bucket bx, by, with room around it for more; false when
// that would take more than maxCells.
func (g *buckets) grow(bx, by int) bool {
	if g.w == 0 {
		*g = buckets{x0: bx - 8, y0: by - 8, w: 17, h: 17, cells: make([][]int32, 17*17), far: g.far}
		return true
	}
	x0, y0 := min(g.x0, bx), min(g.y0, by)
	x1, y1 := max(g.x0+g.w, bx+1), max(g.y0+g.h, by+1)
	if float64(x1-x0)*float64(y1-y0) > maxCells {
		return false
	}
	// Half as much again on the side that grew, so that growing one
	// bucket at a time costs a constant per bucket.
	w, h := x1-x0, y1-y0
	if x0 < g.x0 {
		x0 -= w / 2
	}
	if y0 < g.y0 {
		y0 -= h / 2
	}
	if x1 > g.x0+g.w {
		x1 += w / 2
	}
	if y1 > g.y0+g.h {
		y1 += h / 2
	}
	if (x1-x0)*(y1-y0) > maxCells {
		x0, y0, x1, y1 = min(g.x0, bx), min(g.y0, by), max(g.x0+g.w, bx+1), max(g.y0+g.h, by+1)
	}
	n := buckets{x0: x0, y0: y0, w: x1 - x0, h: y1 - y0, far: g.far}
	n.cells = make([][]int32, n.w*n.h)
	for y := range g.h {
		copy(n.cells[(g.y0+y-n.y0)*n.w+g.x0-n.x0:], g.cells[y*g.w:(y+1)*g.w])
	}
	*g = n
	return true
}

// each calls f with the items filed under the buckets from x0, y0 to x1,
// y1 (inclusive), until f says stop (false); false when it did. It returns
// how many buckets it looked in too.
func (g *buckets) each(x0, y0, x1, y1 int, f func(v int) bool) (bool, int) {
	looked := 0
	if g.far != nil && !(g.covers(x0, y0) && g.covers(x1, y1)) {
		if float64(x1-x0+1)*float64(y1-y0+1) <= float64(len(g.far)) {
			// Fewer buckets in the range than far away: each looked up.
			for x := x0; x <= x1; x++ {
				for y := y0; y <= y1; y++ {
					if g.covers(x, y) {
						continue
					}
					looked++
					for _, v := range g.far[[2]int{x, y}] {
						if !f(int(v)) {
							return false, looked
						}
					}
				}
			}
		} else {
			looked += len(g.far)
			for k, vs := range g.far {
				if k[0] >= x0 && k[0] <= x1 && k[1] >= y0 && k[1] <= y1 {
					for _, v := range vs {
						if !f(int(v)) {
							return false, looked
						}
					}
				}
			}
		}
	}
	x0, y0 = max(x0, g.x0), max(y0, g.y0)
	x1, y1 = min(x1, g.x0+g.w-1), min(y1, g.y0+g.h-1)
	for y := y0; y <= y1; y++ {
		row := (y - g.y0) * g.w
		for x := x0; x <= x1; x++ {
			looked++
			for _, v := range g.cells[row+x-g.x0] {
				if !f(int(v)) {
					return false, looked
				}
			}
		}
	}
	return true, looked
}
