package patch

// idIndex finds an element of a list by id: a few lookups scan the list (an
// edit names one element), more build a map, kept while elements are only
// appended and dropped when indexes shift. After a shift it scans again for
// a few lookups before building another: a change that shifts the list at
// every op (removals from the front) would otherwise build a map of the
// whole list per op.
type idIndex struct {
	at    map[string]int
	scans int
}

func (x *idIndex) find(n int, idOf func(int) string, id string) int {
	if x.at == nil && x.scans < 8 {
		x.scans++
		for i := 0; i < n; i++ {
			if idOf(i) == id {
				return i
			}
		}
		return -1
	}
	if x.at == nil {
		x.at = make(map[string]int, n)
		for i := 0; i < n; i++ {
			x.at[idOf(i)] = i
		}
	}
	if i, ok := x.at[id]; ok {
		return i
	}
	return -1
}

// inserted records that id was inserted at at, the list now n long.
func (x *idIndex) inserted(at, n int, id string) {
	if x.at != nil && at == n-1 {
		x.at[id] = at
		return
	}
	x.at, x.scans = nil, 0
}

// renamed records that the element at i is now called to.
func (x *idIndex) renamed(i int, from, to string) {
	if x.at != nil {
		delete(x.at, from)
		x.at[to] = i
	}
}

func (x *idIndex) shifted() { x.at, x.scans = nil, 0 }

// tail speeds up adds at the end of the edges or the notes, as a whole
// design sent as one change makes them: where the last add went, and how
// many elements of each base key (an edge's ends, a note's target) the list
// holds, counted once.
type tail struct {
	last   int // index of the element the last add inserted, -1 for none
	key    Key // its key
	counts map[Key]int
	adds   int // adds so far: counts are made for many, not for one
}

func (t *tail) reset() { t.last, t.counts = -1, nil }

// count returns how many elements have base key k, or -1 while there
// have been too few adds to make counting them all worth it.
func (t *tail) count(n int, baseOf func(int) Key, k Key) int {
	if t.counts == nil && t.adds < 8 {
		return -1
	}
	if t.counts == nil {
		t.counts = make(map[Key]int)
		for i := 0; i < n; i++ {
			t.counts[baseOf(i)]++
		}
	}
	return t.counts[k]
}

// added records an add of key k (of base key base) at at.
func (t *tail) added(at int, k, base Key) {
	t.last, t.key = at, k
	t.adds++
	if t.counts != nil {
		t.counts[base]++
	}
}

// removed records a removal of an element of base key base.
func (t *tail) removed(base Key) {
	t.last = -1
	if t.counts != nil {
		t.counts[base]--
	}
}

// keyIndex finds an edge or a note by its key (base and rank): a few
// lookups scan the list, more build a map, dropped when the list changes
// but for a set (and then, as idIndex, a few lookups scan again).
type keyIndex struct {
	at    map[Key]int
	scans int
}

func (x *keyIndex) find(n int, baseOf func(int) Key, k Key) int {
	if x.at == nil && x.scans < 8 {
		x.scans++
		rank := 0
		base := k
		base.N = 0
		for i := 0; i < n; i++ {
			if baseOf(i) == base {
				if rank == k.N {
					return i
				}
				rank++
			}
		}
		return -1
	}
	if x.at == nil {
		x.at = make(map[Key]int, n)
		ranks := make(map[Key]int)
		for i := 0; i < n; i++ {
			b := baseOf(i)
			r := ranks[b]
			ranks[b] = r + 1
			b.N = r
			x.at[b] = i
		}
	}
	if i, ok := x.at[k]; ok {
		return i
	}
	return -1
}

func (x *keyIndex) shifted() { x.at, x.scans = nil, 0 }
