package patch

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Overridden is a part of the user's change that was not kept, or that a
// later change in the stream undid: the op as the user made it, what it
// changed and why it is lost, in words the editor can show.
type Overridden struct {
	Op   Op
	What string // "node api: props.acks"
	Why  string // "someone else deleted node api"
}

// Message says it in one sentence: "Your change to node api: props.acks
// was not kept: someone else deleted node api."
func (o Overridden) Message() string {
	return "Your change to " + o.What + " was not kept: " + o.Why + "."
}

// Rebase returns the client's pending ops rewritten to apply after remote,
// the ops the server's stream holds before them (see the package comment
// for who wins), and what of the pending change is lost. The pending ops
// are the user's, made on the design before remote; kept applies to the
// design after remote.
//
//   - A field both set: the pending op is kept, and wins.
//   - The remote deleted what a pending op edits, moves, renames or
//     connects to: the pending op is dropped and reported. Both deleting it
//     is no conflict.
//   - A pending delete of what the remote connected to, put a note on or
//     placed in: the delete wins, and kept also removes the remote's edges
//     and notes on it and takes the remote's nodes out of it.
//   - The remote renamed what a pending op names: the op follows the rename
//     (a pending rename of the same element renames the remote's new id).
//   - Both added a node or a group with one id, or the remote took the id
//     a pending rename gives: the remote's came first; the pending add (or
//     rename) and the pending ops on that id are dropped and reported.
//   - Both connected the same two nodes: one edge, the remote's; the
//     pending ops on the edge edit it.
//   - Edges between the same two nodes, and notes on one thing, are
//     renumbered round the remote's adds and removals; a pending add placed
//     where the remote added one is placed after it.
func Rebase(pending, remote []Op) (kept []Op, overridden []Overridden) {
	kept = slices.Clone(pending)
	alive := make([]bool, len(kept))
	for i := range alive {
		alive[i] = true
	}
	drop := func(i int, why string) {
		if !alive[i] {
			return
		}
		alive[i] = false
		if why == "" {
			return
		}
		overridden = append(overridden, Overridden{Op: pending[i], What: pending[i].Describe(), Why: why})
	}
	report := func(i int, why string) {
		overridden = append(overridden, Overridden{Op: pending[i], What: pending[i].Describe(), Why: why})
	}
	// lost holds ids whose pending add lost to the remote's: later pending
	// ops on them were about the user's element, not the remote's.
	lost := map[string]string{}
	for _, r0 := range remote {
		// r as the pending op at hand sees it: through the pending
		// renames before it.
		r := r0
		// merged is the pending add of an edge the remote added too,
		// once dropped: the later pending ops on it edit the remote's.
		var merged *merge
		for i := range kept {
			if !alive[i] {
				continue
			}
			if merged != nil && followMerge(&kept[i], merged) {
				continue
			}
			rename := kept[i].Op == RenameNode || kept[i].Op == RenameGroup
			k := kept[i].Key
			transform(&kept[i], r, i, drop, report, lost)
			if r.Op == AddEdge && kept[i].Op == AddEdge && !alive[i] && merged == nil {
				merged = &merge{mine: k, theirs: r.Key}
			}
			if rename && alive[i] {
				var to string
				if json.Unmarshal(kept[i].Value, &to) == nil {
					renameIn(&r, kept[i].Key.ID, to, kept[i].Op.target())
				}
			}
			if rename && !alive[i] && !sameRename(kept[i]) {
				// The element is gone under its new name too: the
				// user's later ops on it go as if it were deleted.
				var to string
				if json.Unmarshal(kept[i].Value, &to) == nil {
					gone := Op{Op: RemoveNode, Key: Key{ID: to}}
					if kept[i].Op == RenameGroup {
						gone.Op = RemoveGroup
					}
					for j := range kept {
						if alive[j] && j != i {
							transform(&kept[j], gone, j, drop, report, lost)
						}
					}
				}
			}
		}
	}
	for i := range kept {
		if !alive[i] {
			continue
		}
		if why, ok := lost[kept[i].Key.ID]; ok && kept[i].Key.ID != "" && kept[i].Op.target() <= onGroup && kept[i].Op.target() != onDesign {
			drop(i, why)
		}
		// The user's edges and notes on their element, not the remote's.
		for _, id := range []string{kept[i].Key.From, kept[i].Key.To, kept[i].Key.On} {
			if why, ok := lost[id]; ok && id != "" && kept[i].Op.target() >= onEdge {
				drop(i, why)
			}
		}
	}
	// A later op placed after an element whose add was dropped is placed
	// where that add would have put it.
	for i := range kept {
		if alive[i] || !isAdd(kept[i].Op) {
			continue
		}
		for j := i + 1; j < len(kept); j++ {
			if alive[j] && kept[j].After != nil && kept[j].Op.target() == kept[i].Op.target() && *kept[j].After == kept[i].Key {
				kept[j].After = kept[i].After
			}
		}
	}
	ownSuppress := slices.ContainsFunc(kept, func(op Op) bool { return op.Op == SetDesign && op.Field == "suppress" })
	var out []Op
	for i, op := range kept {
		if !alive[i] {
			continue
		}
		switch op.Op {
		case RemoveNode, RemoveGroup:
			out = append(out, cleanUp(op, remote, out)...)
		}
		out = append(out, op)
	}
	// The remote's suppressions of nodes the user deleted go with them,
	// unless the user's change sets the suppressions itself (and wins).
	var suppress json.RawMessage
	for _, r := range remote {
		if r.Op == SetDesign && r.Field == "suppress" {
			suppress = r.Value
		}
	}
	if suppress != nil && !ownSuppress {
		// Followed through the user's renames, as Apply renames them, so
		// that the list set again names the nodes as they are then.
		fixed, changed := Op{Op: SetDesign, Field: "suppress", Value: suppress}, false
		for _, op := range out {
			switch {
			case op.Op == RenameNode:
				var to string
				if json.Unmarshal(op.Value, &to) == nil {
					renameIn(&fixed, op.Key.ID, to, onNode)
				}
			case op.Op == RemoveNode && valueNamesNode(fixed.Value, op.Key.ID):
				fixed.Value, changed = withoutSuppressionsOf(fixed.Value, op.Key.ID), true
			}
		}
		if changed {
			out = append(out, fixed)
		}
	}
	return out, overridden
}

// transform rewrites pending op p (the i-th) to apply after remote op r,
// or drops it.
func transform(p *Op, r Op, i int, drop, report func(int, string), lost map[string]string) {
	pt, rt := p.Op.target(), r.Op.target()
	switch r.Op {
	case RemoveNode, RemoveGroup:
		id := r.Key.ID
		why := "someone else deleted " + r.Key.words(rt)
		if pt == rt && p.Key.ID == id {
			if p.Op == r.Op {
				drop(i, "") // both deleted it: nothing lost
				return
			}
			drop(i, why)
			return
		}
		if a := p.After; a != nil && (pt == rt && a.ID == id || rt == onNode && pt == onEdge && (a.From == id || a.To == id) || pt == onNote && a.On == id) {
			p.After = nil // placed by its n (see settle)
		}
		if names(p, id, rt) {
			switch p.Op {
			case RemoveEdge, RemoveNote:
				drop(i, "") // gone with it, as the user wanted
			case SetNode, SetGroup, AddNode, AddGroup:
				// The element is kept (an edit of it may be needed, as a
				// node moved out of a group the user deletes), without
				// what is gone.
				unname(p, id, rt)
				report(i, why+"; it now names none")
			default:
				drop(i, why)
			}
			return
		}
		if p.Op == SetDesign && p.Field == "suppress" && rt == onNode {
			p.Value = withoutSuppressionsOf(p.Value, id)
		}
	case RenameNode, RenameGroup:
		var to string
		if json.Unmarshal(r.Value, &to) != nil {
			return
		}
		renameIn(p, r.Key.ID, to, rt)
		if p.Op == r.Op && sameRename(*p) {
			drop(i, "") // both gave it the same id: nothing lost
			return
		}
		if (p.Op == AddNode || p.Op == AddGroup) && p.Key.ID == to {
			lost[to] = "someone else gave " + r.Key.words(rt) + " the id " + to + " first"
			drop(i, lost[to])
		}
		if (p.Op == RenameNode || p.Op == RenameGroup) && string(p.Value) == fmt.Sprintf("%q", to) && p.Key.ID != to {
			lost[to] = "someone else gave " + r.Key.words(rt) + " the id " + to + " first"
			drop(i, lost[to])
		}
	case AddNode, AddGroup:
		id := r.Key.ID
		why := "someone else added " + r.Key.words(rt) + " first"
		if (p.Op == AddNode || p.Op == AddGroup) && p.Key.ID == id {
			lost[id] = why
			drop(i, why)
		}
		if p.Op == RenameNode || p.Op == RenameGroup {
			var to string
			if json.Unmarshal(p.Value, &to) == nil && to == id {
				lost[id] = why
				drop(i, "someone else added "+r.Key.words(rt)+" first, so the id is taken")
			}
		}
	case AddEdge, RemoveEdge, AddNote, RemoveNote:
		if pt != rt {
			return
		}
		same := func(k Key) bool {
			if rt == onEdge {
				return k.From == r.Key.From && k.To == r.Key.To
			}
			return k.On == r.Key.On
		}
		if r.Op == RemoveEdge || r.Op == RemoveNote {
			if same(p.Key) && p.Key.N == r.Key.N && p.Op != AddEdge && p.Op != AddNote {
				if p.Op == r.Op {
					drop(i, "")
				} else {
					drop(i, "someone else deleted "+r.Key.words(rt))
				}
				return
			}
			if same(p.Key) && p.Key.N > r.Key.N {
				p.Key.N--
			}
			if p.After != nil && same(*p.After) {
				switch {
				case p.After.N == r.Key.N:
					p.After = nil
				case p.After.N > r.Key.N:
					p.After.N--
				}
			}
			return
		}
		// The remote added one.
		if p.Op == AddEdge && same(p.Key) {
			drop(i, "someone else connected "+r.Key.From+" to "+r.Key.To+" first; your edits of the edge apply to theirs")
			p.Key.N = r.Key.N
			return
		}
		if p.Op == AddNote && same(p.Key) && sameAfter(p.After, r.After) {
			after := r.Key
			p.After = &after
			p.Key.N = r.Key.N + 1
			return
		}
		if same(p.Key) && p.Key.N >= r.Key.N {
			p.Key.N++
		}
		if p.After != nil && same(*p.After) && p.After.N >= r.Key.N {
			p.After.N++
		}
	}
}

// sameRename reports whether rename op p gives its element the id it has,
// as a pending rename the remote made too becomes: the element is there
// under that id, and the pending ops on it stand.
func sameRename(p Op) bool {
	var to string
	return json.Unmarshal(p.Value, &to) == nil && to == p.Key.ID
}

// merge is the pending add of an edge (mine) dropped for the remote's add
// of an edge with the same ends (theirs), as the pending ops after it see
// them; gone once a pending op removed it.
type merge struct {
	mine, theirs Key
	gone         bool
}

// followMerge renumbers an edge op that comes after a merged add: what
// named mine names theirs, and the others of those ends lose mine's place
// and make room for theirs. It reports whether p names an edge of those
// ends (and so needs no other renumbering for the remote's add).
func followMerge(p *Op, m *merge) bool {
	if p.Op.target() != onEdge {
		return false
	}
	same := func(k Key) bool { return k.From == m.mine.From && k.To == m.mine.To }
	renumber := func(n int) int {
		switch {
		case m.gone:
			return n
		case n == m.mine.N:
			return m.theirs.N
		case n > m.mine.N:
			n--
		}
		if n >= m.theirs.N {
			n++
		}
		return n
	}
	hit := false
	if p.After != nil && same(*p.After) {
		after := *p.After
		after.N = renumber(after.N)
		p.After = &after
		hit = true
	}
	if !same(p.Key) {
		return hit
	}
	n := p.Key.N
	switch {
	case m.gone:
	case p.Op == AddEdge && n <= m.mine.N:
		// Added before mine: before theirs too, and both move up.
		if n == m.mine.N {
			p.Key.N = m.theirs.N
		} else {
			p.Key.N = renumber(n)
		}
		m.mine.N++
		m.theirs.N++
		return true
	case p.Op == RemoveEdge && n == m.mine.N:
		p.Key.N = m.theirs.N
		m.gone = true
		return true
	case p.Op == RemoveEdge && n < m.mine.N:
		p.Key.N = renumber(n)
		m.mine.N--
		m.theirs.N--
		return true
	}
	p.Key.N = renumber(n)
	return true
}

func sameAfter(a, b *Key) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// names reports whether op p refers to node or group id (t) in what it
// adds or sets: an edge's end, a note's target, a node's group, copy or
// zones, a group's parent.
func names(p *Op, id string, t target) bool {
	switch {
	case t == onNode && p.Op.target() == onEdge:
		return p.Key.From == id || p.Key.To == id
	case p.Op.target() == onNote:
		return p.Key.On == id
	case refersBy(p, t):
		return valueNames(p.Value, id)
	case p.Op == AddNode || p.Op == AddGroup:
		var m map[string]json.RawMessage
		if json.Unmarshal(p.Value, &m) != nil {
			return false
		}
		return slices.ContainsFunc(refKeys(t), func(k string) bool { return valueNames(m[k], id) })
	}
	return false
}

// valueNames reports whether a JSON value is id or a list holding it.
func valueNames(raw json.RawMessage, id string) bool {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s == id
	}
	var list []string
	return json.Unmarshal(raw, &list) == nil && slices.Contains(list, id)
}

// renameIn points what p names from id from (of target t) to to.
func renameIn(p *Op, from, to string, t target) {
	pt := p.Op.target()
	if pt == t && p.Key.ID == from {
		p.Key.ID = to
	}
	if p.After != nil && pt == t && p.After.ID == from {
		p.After.ID = to
	}
	if t == onNode && pt == onEdge {
		if p.Key.From == from {
			p.Key.From = to
		}
		if p.Key.To == from {
			p.Key.To = to
		}
		if p.After != nil && p.After.From == from {
			p.After.From = to
		}
		if p.After != nil && p.After.To == from {
			p.After.To = to
		}
	}
	if pt == onNote {
		if p.Key.On == from {
			p.Key.On = to
		}
		if p.After != nil && p.After.On == from {
			p.After.On = to
		}
	}
	rewrite := func(raw json.RawMessage) json.RawMessage {
		var s string
		if json.Unmarshal(raw, &s) == nil && s == from {
			return encode(to)
		}
		var list []string
		if json.Unmarshal(raw, &list) == nil && slices.Contains(list, from) {
			list[slices.Index(list, from)] = to
			return encode(list)
		}
		return raw
	}
	rewriteRefs(p, t, rewrite)
	if p.Op == SetDesign && p.Field == "suppress" && t == onNode {
		var list []map[string]string
		if json.Unmarshal(p.Value, &list) == nil {
			for _, s := range list {
				if s["node"] == from {
					s["node"] = to
				}
			}
			p.Value = encode(list)
		}
	}
}

// withoutSuppressionsOf drops a suppressions list's entries on node id.
func withoutSuppressionsOf(raw json.RawMessage, id string) json.RawMessage {
	var list []map[string]string
	if json.Unmarshal(raw, &list) != nil {
		return raw
	}
	list = slices.DeleteFunc(list, func(s map[string]string) bool { return s["node"] == id })
	if len(list) == 0 {
		return encode(nil)
	}
	return encode(list)
}

// cleanUp returns the ops that must come before a pending removal so that
// it wins over what the remote made point at the removed element: the
// remote's edges to a removed node and notes on it, its nodes and groups
// placed in a removed group or zone, its copies of a removed node.
func cleanUp(rm Op, remote []Op, before []Op) []Op {
	id := rm.Key.ID
	var out []Op
	for i, r := range remote {
		if !(rm.Op == RemoveNode && r.Op == AddEdge || r.Op == AddNote) {
			continue
		}
		// Its key now: after the remote's later ops and the pending ones
		// before the removal (which may have renamed its ends or what it
		// is on, or removed it already).
		k := r.Key
		if !rankThrough(&k, r.Op, remote[i+1:]) || !rankThrough(&k, r.Op, before) {
			continue
		}
		if r.Op == AddEdge && (k.From == id || k.To == id) || r.Op == AddNote && k.On == id {
			out = append(out, Op{Op: r.Op.removal(), Key: k})
		}
	}
	// Removed last first, so that the keys of duplicates stay right.
	slices.SortStableFunc(out, func(x, y Op) int { return y.Key.N - x.Key.N })
	return append(out, unreference(rm, remote, before)...)
}

// rankThrough follows k, the key of an edge or note added by an op of kind
// add, through ops: renamed with its ends or what it is on, renumbered by
// the adds and removals of its base; it reports false when one of them
// removed it.
func rankThrough(k *Key, add Kind, ops []Op) bool {
	rm := add.removal()
	for _, op := range ops {
		if op.Op == RenameNode || op.Op == RenameGroup {
			var to string
			if json.Unmarshal(op.Value, &to) == nil {
				p := Op{Op: add, Key: *k}
				renameIn(&p, op.Key.ID, to, op.Op.target())
				*k = p.Key
			}
			continue
		}
		b := op.Key
		b.N = k.N
		if b != *k {
			continue
		}
		switch {
		case op.Op == add && op.Key.N <= k.N:
			k.N++
		case op.Op == rm && op.Key.N == k.N:
			return false
		case op.Op == rm && op.Key.N < k.N:
			k.N--
		}
	}
	return true
}

// removal is the kind that removes what an add of kind k adds.
func (k Kind) removal() Kind {
	switch k {
	case AddEdge:
		return RemoveEdge
	case AddNote:
		return RemoveNote
	case AddNode:
		return RemoveNode
	}
	return RemoveGroup
}

// refField is a field of a node or a group that names another: its set
// op's kind, the element's id, the field.
type refField struct {
	set       Kind
	id, field string
}

// unreference returns the set ops that take the node or group a pending
// removal removes out of what the remote left naming it: what the remote
// last set (or added) of each element's in, zones and replicaOf, followed
// through the remote's renames and forgotten with the remote's removals,
// so that a later value of the remote's that names something else stands;
// and through the pending ops before the removal (before), which may have
// renamed or removed the element.
func unreference(rm Op, remote, before []Op) []Op {
	var order []refField
	last := map[refField]json.RawMessage{}
	put := func(f refField, v json.RawMessage) {
		if _, ok := last[f]; !ok {
			order = append(order, f)
		}
		last[f] = v
	}
	forget := func(set Kind, id string) {
		for f := range last {
			if f.set == set && f.id == id {
				delete(last, f)
			}
		}
	}
	refs := func(k Kind) []string {
		if k == SetGroup {
			return []string{"in"}
		}
		return []string{"in", "zones", "replicaOf"}
	}
	for _, r := range remote {
		set := SetNode
		if r.Op.target() == onGroup {
			set = SetGroup
		}
		switch r.Op {
		case AddNode, AddGroup:
			var m map[string]json.RawMessage
			_ = json.Unmarshal(r.Value, &m)
			forget(set, r.Key.ID)
			for _, name := range refs(set) {
				put(refField{set, r.Key.ID, name}, m[name])
			}
		case SetNode, SetGroup:
			if slices.Contains(refs(set), r.Field) {
				put(refField{set, r.Key.ID, r.Field}, r.Value)
			}
		case RemoveNode, RemoveGroup:
			forget(set, r.Key.ID)
		case RenameNode, RenameGroup:
			var to string
			if json.Unmarshal(r.Value, &to) != nil {
				continue
			}
			for _, f := range order {
				v, ok := last[f]
				if !ok {
					continue
				}
				// What the remote set names the element by its new id now.
				p := Op{Op: f.set, Key: Key{ID: f.id}, Field: f.field, Value: v}
				renameIn(&p, r.Key.ID, to, r.Op.target())
				last[f] = p.Value
				if f.set == set && f.id == r.Key.ID {
					delete(last, f)
					put(refField{set, to, f.field}, p.Value)
				}
			}
		}
	}
	t := rm.Op.target()
	var out []Op
	for _, f := range order {
		v, ok := last[f]
		if !ok || v == nil {
			continue
		}
		names := t == onNode && f.field == "replicaOf" || t == onGroup && f.field != "replicaOf"
		if !names {
			continue
		}
		p := Op{Op: f.set, Key: Key{ID: f.id}, Field: f.field, Value: v}
		gone := false
		for _, b := range before {
			switch b.Op {
			case RemoveNode, RemoveGroup:
				gone = gone || b.Op.target() == p.Op.target() && b.Key.ID == p.Key.ID
			case RenameNode, RenameGroup:
				// The element, and what it names, by their new ids.
				var to string
				if json.Unmarshal(b.Value, &to) == nil {
					renameIn(&p, b.Key.ID, to, b.Op.target())
				}
			}
		}
		if !refersBy(&p, t) || !valueNames(p.Value, rm.Key.ID) {
			continue
		}
		unname(&p, rm.Key.ID, t)
		if !gone && !slices.ContainsFunc(out, func(o Op) bool { return o.Key == p.Key && o.Field == p.Field && o.Op == p.Op }) {
			out = append(out, p)
		}
	}
	return out
}

func isAdd(k Kind) bool {
	return k == AddNode || k == AddGroup || k == AddEdge || k == AddNote
}

// unname takes node or group id (of target t) out of what p sets or adds:
// a node's group, copy or zones, a group's parent.
func unname(p *Op, id string, t target) {
	clear := func(raw json.RawMessage) json.RawMessage {
		var list []string
		if json.Unmarshal(raw, &list) == nil {
			list = slices.DeleteFunc(list, func(s string) bool { return s == id })
			if len(list) > 0 {
				return encode(list)
			}
		}
		var s string
		if json.Unmarshal(raw, &s) == nil && s != id {
			return raw
		}
		return encode(nil)
	}
	rewriteRefs(p, t, func(raw json.RawMessage) json.RawMessage {
		if valueNames(raw, id) {
			return clear(raw)
		}
		return raw
	})
}

// valueNamesNode reports whether a suppressions list names node id.
func valueNamesNode(raw json.RawMessage, id string) bool {
	var list []map[string]string
	return json.Unmarshal(raw, &list) == nil && slices.ContainsFunc(list, func(s map[string]string) bool { return s["node"] == id })
}

// refersBy reports whether set op p sets a field that names a node (t
// onNode: replicaOf) or a group (onGroup: a node's in and zones, a group's
// in).
func refersBy(p *Op, t target) bool {
	return p.Op == SetNode && (p.Field == "in" || p.Field == "zones") && t == onGroup ||
		p.Op == SetNode && p.Field == "replicaOf" && t == onNode ||
		p.Op == SetGroup && p.Field == "in" && t == onGroup
}

// refKeys are the fields of an added element that name a node or a group.
func refKeys(t target) []string {
	if t == onGroup {
		return []string{"in", "zones"}
	}
	return []string{"replicaOf"}
}

// rewriteRefs passes the values of p that name a node or a group (t)
// through f: a set op's value, an add's references (left out when f makes
// them null).
func rewriteRefs(p *Op, t target, f func(json.RawMessage) json.RawMessage) {
	if refersBy(p, t) {
		p.Value = f(p.Value)
		return
	}
	if p.Op != AddNode && p.Op != AddGroup {
		return
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(p.Value, &m) != nil {
		return
	}
	for _, k := range refKeys(t) {
		if v, ok := m[k]; ok {
			if c := f(v); isNull(c) {
				delete(m, k)
			} else {
				m[k] = c
			}
		}
	}
	p.Value = encode(m)
}
