package patch

import (
	"fmt"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// Apply returns d with ops applied in order, or the first op that cannot
// apply as an *Error and no design. d is never changed: the result shares
// what the ops left alone. Its Positions are nil (the design no longer is
// the file they were read from).
func Apply(d *catalogue.Design, ops []Op) (*catalogue.Design, error) {
	out := *d
	out.Positions = nil
	a := applier{d: &out, lastRef: -1, edgeTail: tail{last: -1}, noteTail: tail{last: -1}}
	for i, op := range ops {
		if err := a.apply(i, op); err != nil {
			return nil, err
		}
	}
	if err := checkSizes(&out, ops); err != nil {
		return nil, err
	}
	if a.lastRef >= 0 {
		if err := a.checkReferences(ops); err != nil {
			return nil, err
		}
	}
	return &out, nil
}

// applier applies ops to a shallow copy of a design, copying each list the
// first time it changes it.
type applier struct {
	d                                       *catalogue.Design
	nodesOwn, groupsOwn, edgesOwn, notesOwn bool
	nodes, groups                           idIndex
	edgeTail, noteTail                      tail
	edges, notes                            keyIndex
	// lastRef is the last op that may have left a reference dangling (an
	// add, a remove, a rename, a set of a reference), -1 for none; gone
	// holds the op that removed or renamed away each id.
	lastRef int
	gone    map[string]int
}

func (a *applier) ownNodes() {
	if !a.nodesOwn {
		a.d.Nodes, a.nodesOwn = slices.Clone(a.d.Nodes), true
	}
}

func (a *applier) ownGroups() {
	if !a.groupsOwn {
		a.d.Groups, a.groupsOwn = slices.Clone(a.d.Groups), true
	}
}

func (a *applier) ownEdges() {
	if !a.edgesOwn {
		a.d.Edges, a.edgesOwn = slices.Clone(a.d.Edges), true
	}
}

func (a *applier) ownNotes() {
	if !a.notesOwn {
		a.d.Notes, a.notesOwn = slices.Clone(a.d.Notes), true
	}
}

// node returns the index of node id, or -1.
func (a *applier) node(id string) int {
	return a.nodes.find(len(a.d.Nodes), func(i int) string { return a.d.Nodes[i].ID }, id)
}

func (a *applier) group(id string) int {
	return a.groups.find(len(a.d.Groups), func(i int) string { return a.d.Groups[i].ID }, id)
}

func (a *applier) edgeBase(i int) Key { e := &a.d.Edges[i]; return Key{From: e.From, To: e.To} }

func (a *applier) noteBase(i int) Key { return Key{On: a.d.Notes[i].On} }

// edge returns the index of the edge with key k, or -1.
func (a *applier) edge(k Key) int { return a.edges.find(len(a.d.Edges), a.edgeBase, k) }

// note returns the index of the note with key k, or -1.
func (a *applier) note(k Key) int { return a.notes.find(len(a.d.Notes), a.noteBase, k) }

// placeAdd returns where an added edge or note goes: after the element
// op.After names (at once when that is the last one added), settled to its
// rank (see settle); at the end, the rank is checked from counts, without a
// pass over the list.
func (a *applier) placeAdd(i int, op Op, t *tail, size int, find func(Key) int, baseOf func(int) Key, code diag.Code) (int, error) {
	var at int
	if op.After != nil && t.last >= 0 && *op.After == t.key {
		at = t.last + 1
	} else {
		var err error
		if at, err = a.place(i, op, find, code); err != nil {
			return 0, err
		}
	}
	base := op.Key
	base.N = 0
	if at == size && t.count(size, baseOf, base) == op.Key.N {
		return at, nil
	}
	return settle(i, op, at, size, func(j int) bool { return baseOf(j) == base })
}

// place returns where an add or move op puts its element: after the
// element op.After names (found by find), or first.
func (a *applier) place(i int, op Op, find func(Key) int, code diag.Code) (int, error) {
	if op.After == nil {
		return 0, nil
	}
	j := find(*op.After)
	if j < 0 {
		return 0, opError(i, op, code, "`after` names %s, which the design does not have; name an element of the design, or leave `after` out to place it first", op.After.words(op.Op.target()))
	}
	return j + 1, nil
}

func (a *applier) apply(i int, op Op) error {
	// A rank below 0 would place an element before the list (Check refuses
	// it in a decoded change; ops made otherwise reach here unchecked).
	if op.Key.N < 0 || op.After != nil && op.After.N < 0 {
		return opError(i, op, diag.CodeInvalidID, "n is below 0; it counts from 0 the edges between the same two nodes, or the notes on one thing")
	}
	switch op.Op.target() {
	case onNode:
		return a.applyNode(i, op)
	case onGroup:
		return a.applyGroup(i, op)
	case onEdge:
		return a.applyEdge(i, op)
	case onNote:
		return a.applyNote(i, op)
	}
	if op.Op != SetDesign {
		return opError(i, op, diag.CodeUnknownOp, "unknown op %q; use one of %s", clip(string(op.Op)), kindList())
	}
	f := findField(designFields, op.Field)
	if f == nil {
		return opError(i, op, CodeUnknownField, "a design has no field %q; its fields are %s", clip(op.Field), strings.Join(fieldNames(designFields), ", "))
	}
	if err := f.set(a.d, op.Value); err != nil {
		return opError(i, op, diag.CodeWrongType, "%v", err)
	}
	if op.Field == "suppress" {
		a.lastRef = i
	}
	return nil
}

func kindList() string {
	s := make([]string, len(Kinds))
	for i, k := range Kinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}

// newID checks the id an add or rename gives: valid, and no node's or
// group's already.
func (a *applier) newID(i int, op Op, id string) error {
	if !catalogue.ValidID(id) {
		return opError(i, op, diag.CodeInvalidID, "%q is not an id; use 1 to 64 lower-case letters, digits and single hyphens", clip(id))
	}
	if a.node(id) >= 0 || a.group(id) >= 0 {
		return opError(i, op, diag.CodeDuplicateID, "`%s` is already the id of a node or a group; give the new one an id of its own", id)
	}
	return nil
}

func (a *applier) forget(id string, i int) {
	if a.gone == nil {
		a.gone = map[string]int{}
	}
	a.gone[id] = i
}

func (a *applier) applyNode(i int, op Op) error {
	id := op.Key.ID
	if op.Op == AddNode {
		if err := a.newID(i, op, id); err != nil {
			return err
		}
		n := catalogue.Node{ID: id}
		if err := decodeElement(op.Value, &n, nodeFields, &n.Props, "component"); err != nil {
			return opError(i, op, diag.CodeWrongType, "%v", err)
		}
		at, err := a.place(i, op, func(k Key) int { return a.node(k.ID) }, diag.CodeUnknownNode)
		if err != nil {
			return err
		}
		a.ownNodes()
		a.d.Nodes = slices.Insert(a.d.Nodes, at, n)
		a.nodes.inserted(at, len(a.d.Nodes), id)
		delete(a.gone, id)
		a.lastRef = i
		return nil
	}
	j := a.node(id)
	if j < 0 {
		return opError(i, op, diag.CodeUnknownNode, "no node has the id `%s`", clip(id))
	}
	switch op.Op {
	case RemoveNode:
		a.ownNodes()
		a.d.Nodes = slices.Delete(a.d.Nodes, j, j+1)
		a.nodes.shifted()
		a.forget(id, i)
		a.lastRef = i
	case MoveNode:
		n := a.d.Nodes[j]
		a.ownNodes()
		a.d.Nodes = slices.Delete(a.d.Nodes, j, j+1)
		a.nodes.shifted()
		at, err := a.place(i, op, func(k Key) int { return a.node(k.ID) }, diag.CodeUnknownNode)
		if err != nil {
			return err
		}
		a.d.Nodes = slices.Insert(a.d.Nodes, at, n)
		a.nodes.shifted()
	case RenameNode:
		to, err := id2(op)
		if err != nil {
			return opError(i, op, diag.CodeInvalidID, "the new id is %v", err)
		}
		if err := a.newID(i, op, to); err != nil {
			return err
		}
		a.renameNode(j, id, to)
		a.forget(id, i)
		delete(a.gone, to)
		a.lastRef = i
	case SetNode:
		n := a.d.Nodes[j]
		if name, ok := strings.CutPrefix(op.Field, "props."); ok {
			if err := setProp(&n.Props, name, op); err != nil {
				return opError(i, op, diag.CodeWrongType, "%v", err)
			}
		} else {
			f := findField(nodeFields, op.Field)
			if f == nil {
				return opError(i, op, CodeUnknownField, "a node has no field %q; its fields are %s and props.<name>", clip(op.Field), strings.Join(fieldNames(nodeFields), ", "))
			}
			if err := f.set(&n, op.Value); err != nil {
				return opError(i, op, diag.CodeWrongType, "%v", err)
			}
			switch op.Field {
			case "in", "replicaOf", "zones", "notReplica":
				a.lastRef = i
			}
		}
		a.ownNodes()
		a.d.Nodes[j] = n
	default:
		return opError(i, op, diag.CodeUnknownOp, "unknown op %q", op.Op)
	}
	return nil
}

// id2 reads a rename's new id.
func id2(op Op) (string, error) { return id(op.Value) }

// setProp sets (or, with null, removes) one property, on a copy of props.
func setProp(props *map[string]catalogue.Value, name string, op Op) error {
	if !catalogue.ValidPropertyName(name) {
		return fmt.Errorf("%q is not a property name (up to 64 letters and digits, camelCase)", clip(name))
	}
	v, err := propValue(op.Value)
	if err != nil {
		return err
	}
	next := make(map[string]catalogue.Value, len(*props)+1)
	for k, val := range *props {
		next[k] = val
	}
	if v.IsSet() {
		next[name] = v
	} else {
		delete(next, name)
	}
	if len(next) == 0 {
		next = nil
	}
	*props = next
	return nil
}

// renameNode gives node j the id to and every reference to it, as the
// editor's RenameNode does.
func (a *applier) renameNode(j int, from, to string) {
	a.ownNodes()
	a.d.Nodes[j].ID = to
	for k := range a.d.Nodes {
		if a.d.Nodes[k].ReplicaOf == from {
			a.d.Nodes[k].ReplicaOf = to
		}
	}
	a.nodes.renamed(j, from, to)
	a.edges.shifted()
	a.edgeTail.reset()
	for k, e := range a.d.Edges {
		if e.From == from || e.To == from {
			a.ownEdges()
			if e.From == from {
				a.d.Edges[k].From = to
			}
			if e.To == from {
				a.d.Edges[k].To = to
			}
		}
	}
	cloned := false
	for k, s := range a.d.Suppress {
		if s.Node == from {
			if !cloned {
				a.d.Suppress, cloned = slices.Clone(a.d.Suppress), true
			}
			a.d.Suppress[k].Node = to
		}
	}
	a.renameNotesOn(from, to)
}

func (a *applier) renameNotesOn(from, to string) {
	a.notes.shifted()
	a.noteTail.reset()
	for k := range a.d.Notes {
		if a.d.Notes[k].On == from {
			a.ownNotes()
			a.d.Notes[k].On = to
		}
	}
}

// renameGroup gives group j the id to and every reference to it, as the
// editor's RenameGroup does.
func (a *applier) renameGroup(j int, from, to string) {
	a.ownGroups()
	a.d.Groups[j].ID = to
	a.groups.renamed(j, from, to)
	for k := range a.d.Groups {
		if a.d.Groups[k].In == from {
			a.d.Groups[k].In = to
		}
	}
	for k := range a.d.Nodes {
		n := &a.d.Nodes[k]
		z := slices.Index(n.Zones, from)
		if n.In != from && z < 0 {
			continue
		}
		a.ownNodes()
		n = &a.d.Nodes[k]
		if n.In == from {
			n.In = to
		}
		if z >= 0 {
			n.Zones = slices.Clone(n.Zones)
			n.Zones[z] = to
		}
	}
	a.renameNotesOn(from, to)
}

func (a *applier) applyGroup(i int, op Op) error {
	id := op.Key.ID
	find := func(k Key) int { return a.group(k.ID) }
	if op.Op == AddGroup {
		if err := a.newID(i, op, id); err != nil {
			return err
		}
		g := catalogue.Group{ID: id}
		if err := decodeElement(op.Value, &g, groupFields, &g.Props, "boundary"); err != nil {
			return opError(i, op, diag.CodeWrongType, "%v", err)
		}
		at, err := a.place(i, op, find, diag.CodeUnknownGroup)
		if err != nil {
			return err
		}
		a.ownGroups()
		a.d.Groups = slices.Insert(a.d.Groups, at, g)
		a.groups.inserted(at, len(a.d.Groups), id)
		delete(a.gone, id)
		a.lastRef = i
		return nil
	}
	j := a.group(id)
	if j < 0 {
		return opError(i, op, diag.CodeUnknownGroup, "no group has the id `%s`", clip(id))
	}
	switch op.Op {
	case RemoveGroup:
		a.ownGroups()
		a.d.Groups = slices.Delete(a.d.Groups, j, j+1)
		a.groups.shifted()
		a.forget(id, i)
		a.lastRef = i
	case MoveGroup:
		g := a.d.Groups[j]
		a.ownGroups()
		a.d.Groups = slices.Delete(a.d.Groups, j, j+1)
		a.groups.shifted()
		at, err := a.place(i, op, find, diag.CodeUnknownGroup)
		if err != nil {
			return err
		}
		a.d.Groups = slices.Insert(a.d.Groups, at, g)
		a.groups.shifted()
	case RenameGroup:
		to, err := id2(op)
		if err != nil {
			return opError(i, op, diag.CodeInvalidID, "the new id is %v", err)
		}
		if err := a.newID(i, op, to); err != nil {
			return err
		}
		a.renameGroup(j, id, to)
		a.forget(id, i)
		delete(a.gone, to)
		a.lastRef = i
	case SetGroup:
		g := a.d.Groups[j]
		if name, ok := strings.CutPrefix(op.Field, "props."); ok {
			if err := setProp(&g.Props, name, op); err != nil {
				return opError(i, op, diag.CodeWrongType, "%v", err)
			}
		} else {
			f := findField(groupFields, op.Field)
			if f == nil {
				return opError(i, op, CodeUnknownField, "a group has no field %q; its fields are %s and props.<name>", clip(op.Field), strings.Join(fieldNames(groupFields), ", "))
			}
			if err := f.set(&g, op.Value); err != nil {
				return opError(i, op, diag.CodeWrongType, "%v", err)
			}
			if op.Field == "in" {
				a.lastRef = i
			}
		}
		a.ownGroups()
		a.d.Groups[j] = g
	default:
		return opError(i, op, diag.CodeUnknownOp, "unknown op %q", op.Op)
	}
	return nil
}

func (a *applier) applyEdge(i int, op Op) error {
	k := op.Key
	if op.Op == AddEdge {
		for _, end := range []string{k.From, k.To} {
			if !catalogue.ValidID(end) {
				return opError(i, op, diag.CodeInvalidID, "the edge's end %q is not a node id", clip(end))
			}
		}
		if k.From == k.To {
			return opError(i, op, diag.CodeSelfEdge, "connects `%s` to itself; an edge joins two different nodes", k.From)
		}
		e := catalogue.Edge{From: k.From, To: k.To}
		if err := decodeElement(op.Value, &e, edgeFields, nil); err != nil {
			return opError(i, op, diag.CodeWrongType, "%v", err)
		}
		at, err := a.placeAdd(i, op, &a.edgeTail, len(a.d.Edges), a.edge, a.edgeBase, CodeUnknownEdge)
		if err != nil {
			return err
		}
		a.ownEdges()
		a.d.Edges = slices.Insert(a.d.Edges, at, e)
		a.edges.shifted()
		a.edgeTail.added(at, k, Key{From: k.From, To: k.To})
		a.lastRef = i
		return nil
	}
	j := a.edge(k)
	if j < 0 {
		return opError(i, op, CodeUnknownEdge, "no edge is %s", k.words(onEdge))
	}
	switch op.Op {
	case RemoveEdge:
		a.ownEdges()
		a.d.Edges = slices.Delete(a.d.Edges, j, j+1)
		a.edges.shifted()
		a.edgeTail.removed(Key{From: k.From, To: k.To})
	case MoveEdge:
		e := a.d.Edges[j]
		a.ownEdges()
		a.d.Edges = slices.Delete(a.d.Edges, j, j+1)
		a.edges.shifted()
		a.edgeTail.last = -1
		at, err := a.place(i, op, a.edge, CodeUnknownEdge)
		if err != nil {
			return err
		}
		sameEdge := func(j int) bool { return a.d.Edges[j].From == k.From && a.d.Edges[j].To == k.To }
		if at, err = settle(i, op, at, len(a.d.Edges), sameEdge); err != nil {
			return err
		}
		a.d.Edges = slices.Insert(a.d.Edges, at, e)
		a.edges.shifted()
	case SetEdge:
		f := findField(edgeFields, op.Field)
		if f == nil {
			return opError(i, op, CodeUnknownField, "an edge has no field %q; its fields are %s (its ends are its key: remove it and add another)", clip(op.Field), strings.Join(fieldNames(edgeFields), ", "))
		}
		e := a.d.Edges[j]
		if err := f.set(&e, op.Value); err != nil {
			return opError(i, op, diag.CodeWrongType, "%v", err)
		}
		a.ownEdges()
		a.d.Edges[j] = e
	default:
		return opError(i, op, diag.CodeUnknownOp, "unknown op %q", op.Op)
	}
	return nil
}

// settle returns where an added or moved edge or note goes so that it is
// the n-th of its kind (its key's N) among the size elements, same telling
// which share its ends or target: where After put it (at) when it is the
// n-th there, else right after the one before it or first among them. A
// change rebased round another's adds and removals may name a place its n
// no longer fits; both clients settle it the same way.
func settle(i int, op Op, at, size int, same func(j int) bool) (int, error) {
	n, seen := 0, 0      // same ones before at, and before j
	prev, next := -1, -1 // the (N-1)-th and the N-th same one
	for j := 0; j < size; j++ {
		if !same(j) {
			continue
		}
		if j < at {
			n++
		}
		if seen == op.Key.N-1 {
			prev = j
		}
		if seen == op.Key.N {
			next = j
		}
		seen++
	}
	switch {
	case n == op.Key.N:
		return at, nil
	case op.Key.N > seen:
		return 0, opError(i, op, CodeWrongOrder, "n is %d but there are only %d such before it could go; give n at most %d", op.Key.N, seen, seen)
	case prev >= 0:
		return prev + 1, nil
	}
	return next, nil
}

func (a *applier) applyNote(i int, op Op) error {
	k := op.Key
	sameNote := func(j int) bool { return a.d.Notes[j].On == k.On }
	if op.Op == AddNote {
		if k.On != "" && !catalogue.ValidID(k.On) {
			return opError(i, op, diag.CodeInvalidID, "the note is on %q, which is not an id; name a node or a group, or leave `on` out", clip(k.On))
		}
		note := catalogue.Note{On: k.On}
		if err := decodeElement(op.Value, &note, noteFields, nil, "text"); err != nil {
			return opError(i, op, diag.CodeWrongType, "%v", err)
		}
		at, err := a.placeAdd(i, op, &a.noteTail, len(a.d.Notes), a.note, a.noteBase, CodeUnknownNote)
		if err != nil {
			return err
		}
		a.ownNotes()
		a.d.Notes = slices.Insert(a.d.Notes, at, note)
		a.notes.shifted()
		a.noteTail.added(at, k, Key{On: k.On})
		a.lastRef = i
		return nil
	}
	j := a.note(k)
	if j < 0 {
		return opError(i, op, CodeUnknownNote, "no note is %s", k.words(onNote))
	}
	switch op.Op {
	case RemoveNote:
		a.ownNotes()
		a.d.Notes = slices.Delete(a.d.Notes, j, j+1)
		a.notes.shifted()
		a.noteTail.removed(Key{On: k.On})
	case MoveNote:
		note := a.d.Notes[j]
		a.ownNotes()
		a.d.Notes = slices.Delete(a.d.Notes, j, j+1)
		a.notes.shifted()
		a.noteTail.last = -1
		at, err := a.place(i, op, a.note, CodeUnknownNote)
		if err != nil {
			return err
		}
		if at, err = settle(i, op, at, len(a.d.Notes), sameNote); err != nil {
			return err
		}
		a.d.Notes = slices.Insert(a.d.Notes, at, note)
		a.notes.shifted()
	case SetNote:
		f := findField(noteFields, op.Field)
		if f == nil {
			return opError(i, op, CodeUnknownField, "a note has no field %q; its fields are %s (what it is on is its key: remove it and add another)", clip(op.Field), strings.Join(fieldNames(noteFields), ", "))
		}
		note := a.d.Notes[j]
		if err := f.set(&note, op.Value); err != nil {
			return opError(i, op, diag.CodeWrongType, "%v", err)
		}
		a.ownNotes()
		a.d.Notes[j] = note
	default:
		return opError(i, op, diag.CodeUnknownOp, "unknown op %q", op.Op)
	}
	return nil
}

// checkSizes refuses a design grown past what a design file may hold (its
// reader refuses more nodes, edges, groups or notes), blaming the last add
// of the list that grew too long.
func checkSizes(d *catalogue.Design, ops []Op) error {
	for _, l := range []struct {
		n, most int
		add     Kind
		what    string
	}{
		{len(d.Nodes), catalogue.MaxNodes, AddNode, "nodes"},
		{len(d.Edges), catalogue.MaxEdges, AddEdge, "edges"},
		{len(d.Groups), catalogue.MaxGroups, AddGroup, "groups"},
		{len(d.Notes), catalogue.MaxNotes, AddNote, "notes"},
	} {
		if l.n <= l.most {
			continue
		}
		for i := len(ops) - 1; i >= 0; i-- {
			if ops[i].Op == l.add {
				return opError(i, ops[i], diag.CodeTooLarge, "the design would have %d %s; a design is limited to %d", l.n, l.what, l.most)
			}
		}
		// Too large before the change, which added none: not its fault.
	}
	return nil
}
