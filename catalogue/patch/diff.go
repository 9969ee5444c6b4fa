package patch

import (
	"maps"
	"slices"
	"sort"

	"github.com/archdesigner/designer/catalogue"
)

// Diff returns the ops that turn a into b: Apply(a, Diff(a, b)) writes
// (catalogue.EncodeDesignYAML) byte for byte as b does. Neither design is
// changed. When both list the same nodes in the same order, as after most
// edits, Diff compares them in place without building an index.
//
// The ops come in this order: the design's own fields; renames (groups,
// then nodes); removals (of each list, last first, so that the keys of
// duplicate edges stay right); adds and moves in b's order; and the fields
// that changed.
func Diff(a, b *catalogue.Design) []Op {
	var ops []Op
	for _, f := range designFields {
		if !f.equal(a, b) {
			ops = append(ops, Op{Op: SetDesign, Field: f.name, Value: encode(f.get(b))})
		}
	}
	if renames := findRenames(a, b); len(renames) > 0 {
		// A rename that cannot apply (its new id was a group's) is
		// left to removals and adds.
		if renamed, err := Apply(a, renames); err == nil {
			ops = append(ops, renames...)
			a = renamed
		}
	}
	var p phases
	diffList(&p, a.Groups, b.Groups, groupList)
	diffList(&p, a.Nodes, b.Nodes, nodeList)
	diffList(&p, a.Edges, b.Edges, edgeList)
	diffList(&p, a.Notes, b.Notes, noteList)
	ops = append(ops, p.remove...)
	ops = append(ops, p.place...)
	return append(ops, p.set...)
}

// phases are Diff's ops in the order they apply: every removal first (a
// node's id may become a group's), then adds and moves, then fields.
type phases struct{ remove, place, set []Op }

// list says how Diff compares one of a design's lists.
type list[T any] struct {
	t                      target
	base                   func(*T) Key // the key but its n
	counts                 bool         // whether the key's n counts elements of one base
	fields                 []field[T]
	props                  func(*T) map[string]catalogue.Value // nil: no props
	add, remove, move, set Kind
	// same, when set, tells at once that two elements agree in everything.
	same func(x, y *T) bool
}

var nodeList = list[catalogue.Node]{
	t: onNode, base: func(n *catalogue.Node) Key { return Key{ID: n.ID} }, fields: nodeFields,
	props: func(n *catalogue.Node) map[string]catalogue.Value { return n.Props },
	add:   AddNode, remove: RemoveNode, move: MoveNode, set: SetNode, same: sameNode,
}

var groupList = list[catalogue.Group]{
	t: onGroup, base: func(g *catalogue.Group) Key { return Key{ID: g.ID} }, fields: groupFields,
	props: func(g *catalogue.Group) map[string]catalogue.Value { return g.Props },
	add:   AddGroup, remove: RemoveGroup, move: MoveGroup, set: SetGroup,
}

var edgeList = list[catalogue.Edge]{
	t: onEdge, base: func(e *catalogue.Edge) Key { return Key{From: e.From, To: e.To} }, counts: true, fields: edgeFields,
	add: AddEdge, remove: RemoveEdge, move: MoveEdge, set: SetEdge,
	same: func(x, y *catalogue.Edge) bool { return *x == *y },
}

var noteList = list[catalogue.Note]{
	t: onNote, base: func(n *catalogue.Note) Key { return Key{On: n.On} }, counts: true, fields: noteFields,
	add: AddNote, remove: RemoveNote, move: MoveNote, set: SetNote,
}

// keys returns each element's full key (its n counted when l.counts).
func (l list[T]) keys(xs []T) []Key {
	out := make([]Key, len(xs))
	var seen map[Key]int
	if l.counts {
		seen = make(map[Key]int)
	}
	for i := range xs {
		k := l.base(&xs[i])
		if l.counts {
			n := seen[k]
			seen[k] = n + 1
			k.N = n
		}
		out[i] = k
	}
	return out
}

func diffList[T any](p *phases, a, b []T, l list[T]) {
	if len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0]) {
		return // one list, shared: an edit left it alone
	}
	same := len(a) == len(b)
	for i := 0; same && i < len(a); i++ {
		same = l.base(&a[i]) == l.base(&b[i])
	}
	if same {
		// Same elements in the same order: their keys agree index by
		// index, n included, so no index is needed.
		var kb []Key // counted keys, made when first needed
		for i := range a {
			p.set = l.fieldOps(p.set, &a[i], &b[i], func() Key {
				if !l.counts {
					return l.base(&b[i])
				}
				if kb == nil {
					kb = l.keys(b)
				}
				return kb[i]
			})
		}
		return
	}
	ka, kb := l.keys(a), l.keys(b)
	inB := make(map[Key]int, len(kb))
	for j, k := range kb {
		inB[k] = j
	}
	for i := len(a) - 1; i >= 0; i-- {
		if _, ok := inB[ka[i]]; !ok {
			p.remove = append(p.remove, Op{Op: l.remove, Key: ka[i]})
		}
	}
	inA := make(map[Key]int, len(ka))
	var order []int // b's index of each element a keeps, in a's order
	var kept []int  // a's index of the same
	for i, k := range ka {
		if j, ok := inB[k]; ok {
			inA[k] = i
			order = append(order, j)
			kept = append(kept, i)
		}
	}
	stable := make(map[int]bool, len(order)) // b's indexes that stay in place
	for _, p := range longestIncreasing(order) {
		stable[order[p]] = true
	}
	for j, k := range kb {
		var after *Key
		if j > 0 {
			prev := kb[j-1]
			after = &prev
		}
		switch _, ok := inA[k]; {
		case !ok:
			var props map[string]catalogue.Value
			if l.props != nil {
				props = l.props(&b[j])
			}
			p.place = append(p.place, Op{Op: l.add, Key: k, Value: encodeElement(&b[j], l.fields, props), After: after})
		case !stable[j]:
			p.place = append(p.place, Op{Op: l.move, Key: k, After: after})
		}
	}
	for j, k := range kb {
		if i, ok := inA[k]; ok {
			p.set = l.fieldOps(p.set, &a[i], &b[j], func() Key { return k })
		}
	}
}

// fieldOps appends a set op for each field (and property) x and y differ
// in; key is called only when one is needed.
func (l list[T]) fieldOps(ops []Op, x, y *T, key func() Key) []Op {
	if l.same != nil && l.same(x, y) {
		return ops
	}
	for _, f := range l.fields {
		if !f.equal(x, y) {
			ops = append(ops, Op{Op: l.set, Key: key(), Field: f.name, Value: encode(f.get(y))})
		}
	}
	if l.props == nil {
		return ops
	}
	px, py := l.props(x), l.props(y)
	if maps.Equal(px, py) {
		return ops
	}
	for _, name := range slices.Sorted(maps.Keys(px)) {
		if _, ok := py[name]; !ok {
			ops = append(ops, Op{Op: l.set, Key: key(), Field: "props." + name, Value: encode(nil)})
		}
	}
	for _, name := range slices.Sorted(maps.Keys(py)) {
		if v, ok := px[name]; !ok || v != py[name] {
			ops = append(ops, Op{Op: l.set, Key: key(), Field: "props." + name, Value: encode(py[name])})
		}
	}
	return ops
}

// longestIncreasing returns the indexes of a longest strictly increasing
// subsequence of xs, in O(n log n).
func longestIncreasing(xs []int) []int {
	var tails []int // tails[k]: index in xs of the smallest tail of a run of k+1
	prev := make([]int, len(xs))
	for i, x := range xs {
		k := sort.Search(len(tails), func(k int) bool { return xs[tails[k]] >= x })
		if k > 0 {
			prev[i] = tails[k-1]
		} else {
			prev[i] = -1
		}
		if k == len(tails) {
			tails = append(tails, i)
		} else {
			tails[k] = i
		}
	}
	out := make([]int, len(tails))
	for k, i := len(tails)-1, -1; k >= 0; k-- {
		if k == len(tails)-1 {
			i = tails[k]
		}
		out[k] = i
		i = prev[i]
	}
	return out
}

// findRenames pairs each node (then group) only a has with one only b has
// whose content is the same but for the id, in order: the editor's renames.
func findRenames(a, b *catalogue.Design) []Op {
	var ops []Op
	ops = renamesIn(ops, a.Groups, b.Groups, RenameGroup, func(g *catalogue.Group) string { return g.ID },
		func(x, y *catalogue.Group) bool {
			cx, cy := *x, *y
			cx.ID, cy.ID = "", ""
			return cx.Boundary == cy.Boundary && cx.In == cy.In && cx.Name == cy.Name && maps.Equal(cx.Props, cy.Props) && pointField(func(g *catalogue.Group) **catalogue.Point { return &g.Position }).equal(&cx, &cy)
		})
	ops = renamesIn(ops, a.Nodes, b.Nodes, RenameNode, func(n *catalogue.Node) string { return n.ID },
		func(x, y *catalogue.Node) bool {
			if !maps.Equal(x.Props, y.Props) {
				return false
			}
			for _, f := range nodeFields {
				// A rename of a group renames nodes' in and zones too, and
				// of a node, its copies' replicaOf: compare what stays.
				if f.name != "in" && f.name != "zones" && f.name != "replicaOf" && !f.equal(x, y) {
					return false
				}
			}
			return true
		})
	return ops
}

// renamesIn finds renames among xs (a's) and ys (b's): an element only a
// has at the same index as one only b has, the same but for its id (and
// what renames change). Matching by index keeps it linear and is what an
// edit looks like: a rename keeps the element's place.
func renamesIn[T any](ops []Op, xs, ys []T, kind Kind, id func(*T) string, same func(x, y *T) bool) []Op {
	if len(xs) != len(ys) {
		return ops
	}
	var candidates []int
	for i := range xs {
		if id(&xs[i]) != id(&ys[i]) {
			candidates = append(candidates, i)
		}
	}
	if len(candidates) == 0 {
		return ops
	}
	inA := make(map[string]bool, len(xs))
	for i := range xs {
		inA[id(&xs[i])] = true
	}
	inB := make(map[string]bool, len(ys))
	for i := range ys {
		inB[id(&ys[i])] = true
	}
	for _, i := range candidates {
		from, to := id(&xs[i]), id(&ys[i])
		if !inB[from] && !inA[to] && same(&xs[i], &ys[i]) {
			ops = append(ops, Op{Op: kind, Key: Key{ID: from}, Value: encode(to)})
		}
	}
	return ops
}
