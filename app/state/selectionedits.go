package state

import (
	"maps"
	"slices"
)

// selectionEdits change what is selected: a node (alone or with others),
// an edge, a group or a note, and reveal one (select it and ask the canvas
// to bring it into view). Selecting is never a design change; each
// changes the session only through the Store's commit.
type selectionEdits struct{ s *Store }

// Select selects a node (or nothing with ""). It is not a design change.
func (ed selectionEdits) Select(id string) {
	if _, ok := ed.s.nodeIndex[id]; !ok {
		id = ""
	}
	if sel := (Selection{Node: id, Edge: -1}); sel != ed.s.selection || len(ed.s.extra) > 0 {
		ed.s.commit(change{selection: &sel, setExtra: true})
	}
}

// Reveal selects a node and asks the canvas to bring it into view.
func (ed selectionEdits) Reveal(id string) {
	// A node inside a collapsed group comes into view with it open: the
	// groups it is in are opened in the same commit.
	collapsed := maps.Clone(ed.s.collapsed)
	if i, ok := ed.s.nodeIndex[id]; ok {
		for g := ed.s.design.Nodes[i].In; g != ""; {
			delete(collapsed, g)
			gi := ed.s.groupIndex(g)
			if gi < 0 {
				break
			}
			if g = ed.s.design.Groups[gi].In; len(collapsed) == 0 {
				break
			}
		}
	} else {
		id = ""
	}
	ed.s.commit(change{selection: &Selection{Node: id, Edge: -1}, collapsed: collapsed, reveal: true, session: true})
}

// SelectEdge selects edge i.
func (ed selectionEdits) SelectEdge(i int) {
	if i >= 0 && i < len(ed.s.design.Edges) && ed.s.selection.Edge != i {
		ed.s.commit(change{selection: &Selection{Edge: i}})
	}
}

// RevealEdge selects the first edge from one node to another and asks the
// canvas to bring it into view.
func (ed selectionEdits) RevealEdge(from, to string) {
	for i, e := range ed.s.design.Edges {
		if e.From == from && e.To == to {
			ed.s.commit(change{selection: &Selection{Edge: i}, reveal: true})
			return
		}
	}
}

// SelectGroup selects group id.
func (ed selectionEdits) SelectGroup(id string) {
	if ed.s.groupIndex(id) < 0 {
		return
	}
	if sel := (Selection{Edge: -1, Group: id}); sel != ed.s.selection {
		ed.s.commit(change{selection: &sel})
	}
}

// SelectNote selects note i. It is not a design change.
func (ed selectionEdits) SelectNote(i int) {
	if ed.s.Note(i) == nil {
		return
	}
	if sel := (Selection{Edge: -1, Note: i + 1}); sel != ed.s.selection {
		ed.s.commit(change{selection: &sel})
	}
}

// SelectNodes selects the nodes ids (those the design has), the first as
// the selection's node; none selects nothing.
func (ed selectionEdits) SelectNodes(ids []string) {
	sel, extra := none(), map[string]bool{}
	for _, id := range ids {
		if _, ok := ed.s.nodeIndex[id]; !ok {
			continue
		}
		if sel.Node == "" {
			sel.Node = id
		} else if id != sel.Node {
			extra[id] = true
		}
	}
	if sel == ed.s.selection && maps.Equal(extra, ed.s.extra) {
		return
	}
	ed.s.commit(change{selection: &sel, extra: extra, setExtra: true})
}

// SelectAll selects every node.
func (ed selectionEdits) SelectAll() {
	ids := make([]string, len(ed.s.design.Nodes))
	for i, n := range ed.s.design.Nodes {
		ids[i] = n.ID
	}
	ed.s.SelectNodes(ids)
}

// ToggleNode adds node id to the selection, or takes it out when it is in
// (Shift- or Ctrl-click). A connection, group or note selected gives way.
func (ed selectionEdits) ToggleNode(id string) {
	if _, ok := ed.s.nodeIndex[id]; !ok {
		return
	}
	// The selection's node stays the first, unless it is the one taken out.
	ids := slices.DeleteFunc(ed.s.SelectedNodes(), func(x string) bool { return x == ed.s.selection.Node })
	if ed.s.selection.Node != "" {
		ids = append([]string{ed.s.selection.Node}, ids...)
	}
	if ed.s.IsSelected(id) {
		ids = slices.DeleteFunc(ids, func(x string) bool { return x == id })
	} else {
		ids = append(ids, id)
	}
	ed.s.SelectNodes(ids)
}

// SelectedNodes returns the selected nodes' ids in the design's order, or
// nil when no node is selected.
func (ed selectionEdits) SelectedNodes() []string {
	if ed.s.selection.Node == "" {
		return nil
	}
	if len(ed.s.extra) == 0 {
		return []string{ed.s.selection.Node}
	}
	out := make([]string, 0, len(ed.s.extra)+1)
	for _, n := range ed.s.design.Nodes {
		if ed.s.IsSelected(n.ID) {
			out = append(out, n.ID)
		}
	}
	return out
}
