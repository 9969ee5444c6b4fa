package app

import (
	"errors"
	"fmt"
	"github.com/archdesigner/designer/catalogue/drawing"
	"maps"
	"math"
	"slices"
	"sort"

	"github.com/archdesigner/designer/catalogue"
)

// Many nodes at once. The selection's node is the one the inspector would
// show alone; the nodes selected with it (Shift- or Ctrl-click, a rubber
// band, Ctrl+A) are the store's extra. Moving, deleting, aligning,
// distributing and setting a property act on all of them as one undoable
// step.

// IsSelected reports whether node id is selected, alone or with others.
func (s *Store) IsSelected(id string) bool {
	return id != "" && (s.selection.Node == id || s.extra[id])
}

// SelectedNodes returns the selected nodes' ids in the design's order, or
// nil when no node is selected.
func (s *Store) SelectedNodes() []string {
	if s.selection.Node == "" {
		return nil
	}
	if len(s.extra) == 0 {
		return []string{s.selection.Node}
	}
	out := make([]string, 0, len(s.extra)+1)
	for _, n := range s.design.Nodes {
		if s.IsSelected(n.ID) {
			out = append(out, n.ID)
		}
	}
	return out
}

// reconcileExtra drops selected nodes the design no longer has; when the
// selection's own node went, the first of the others takes its place.
func (s *Store) reconcileExtra() {
	if len(s.extra) == 0 {
		return
	}
	for id := range s.extra {
		if _, ok := s.nodeIndex[id]; !ok || id == s.selection.Node {
			delete(s.extra, id)
			s.extraVersion++
		}
	}
	if s.selection.Node == "" && len(s.extra) > 0 {
		for _, n := range s.design.Nodes {
			if s.extra[n.ID] {
				s.selection = Selection{Node: n.ID, Edge: -1}
				delete(s.extra, n.ID)
				break
			}
		}
	}
	if s.selection.Node == "" {
		s.extra = nil
	}
}

// SelectNodes selects the nodes ids (those the design has), the first as
// the selection's node; none selects nothing.
func (s *Store) SelectNodes(ids []string) {
	sel, extra := none(), map[string]bool{}
	for _, id := range ids {
		if _, ok := s.nodeIndex[id]; !ok {
			continue
		}
		if sel.Node == "" {
			sel.Node = id
		} else if id != sel.Node {
			extra[id] = true
		}
	}
	if sel == s.selection && maps.Equal(extra, s.extra) {
		return
	}
	s.commit(change{selection: &sel, extra: extra, setExtra: true})
}

// SelectAll selects every node.
func (s *Store) SelectAll() {
	ids := make([]string, len(s.design.Nodes))
	for i, n := range s.design.Nodes {
		ids[i] = n.ID
	}
	s.SelectNodes(ids)
}

// ToggleNode adds node id to the selection, or takes it out when it is in
// (Shift- or Ctrl-click). A connection, group or note selected gives way.
func (s *Store) ToggleNode(id string) {
	if _, ok := s.nodeIndex[id]; !ok {
		return
	}
	// The selection's node stays the first, unless it is the one taken out.
	ids := slices.DeleteFunc(s.SelectedNodes(), func(x string) bool { return x == s.selection.Node })
	if s.selection.Node != "" {
		ids = append([]string{s.selection.Node}, ids...)
	}
	if s.IsSelected(id) {
		ids = slices.DeleteFunc(ids, func(x string) bool { return x == id })
	} else {
		ids = append(ids, id)
	}
	s.SelectNodes(ids)
}

// nodeSet checks ids name nodes of the design and returns them as a set.
func (s *Store) nodeSet(ids []string) (map[string]bool, error) {
	if len(ids) == 0 {
		return nil, errors.New("select some nodes first")
	}
	set := make(map[string]bool, len(ids))
	for _, id := range ids {
		if _, ok := s.nodeIndex[id]; !ok {
			return nil, fmt.Errorf("no node has the id %q", id)
		}
		set[id] = true
	}
	return set, nil
}

// MoveNodes moves the nodes ids by dx, dy: one undoable step. They stay in
// the groups they are in.
func (s *Store) MoveNodes(ids []string, dx, dy float64) error {
	return s.editNodes(ids, "", func(i int, n *catalogue.Node) {
		x, y := drawing.Position(n, i)
		n.Position = &catalogue.Point{X: x + dx, Y: y + dy}
	})
}

// editNodes applies edit to each of the nodes ids (and its index), as one
// undoable step with notice for the user.
func (s *Store) editNodes(ids []string, notice string, edit func(i int, n *catalogue.Node)) error {
	set, err := s.nodeSet(ids)
	if err != nil {
		return err
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		for i := range d.Nodes {
			if n := &d.Nodes[i]; set[n.ID] {
				edit(i, n)
			}
		}
		return notice, nil
	}, nil)
}

// DeleteNodes removes the nodes ids with their edges: one undoable step.
func (s *Store) DeleteNodes(ids []string) error {
	set, err := s.nodeSet(ids)
	if err != nil {
		return err
	}
	sel := none()
	if s.selection.Edge >= 0 || s.selection.Group != "" || s.selection.Note > 0 {
		sel = s.selection // an edge's index may shift: reconcile drops it if it goes
		if sel.Edge >= 0 {
			sel = none()
		}
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		freed := 0
		for i := len(d.Nodes) - 1; i >= 0; i-- {
			if set[d.Nodes[i].ID] {
				freed += s.removeNode(d, i)
			}
		}
		return fmt.Sprintf("Deleted %d %s", len(set), plural(len(set), "node")) + notesKept(freed) + ".", nil
	}, &sel)
}

// Alignments and distributions the inspector offers for several nodes.
const (
	AlignLeft   = "left"
	AlignCentre = "centre"
	AlignRight  = "right"
	AlignTop    = "top"
	AlignMiddle = "middle"
	AlignBottom = "bottom"
	// Distribute spaces nodes evenly between the outermost two.
	DistributeAcross = "across"
	DistributeDown   = "down"
)

// Align lines the nodes ids up by how (AlignLeft…AlignBottom), within the
// box around them: one undoable step.
func (s *Store) Align(ids []string, how string) error {
	set, err := s.nodeSet(ids)
	if err != nil {
		return err
	}
	if len(set) < 2 {
		return errors.New("select two nodes or more to align them")
	}
	box := drawing.Rect{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
	for i := range s.design.Nodes {
		if set[s.design.Nodes[i].ID] {
			b := drawing.NodeBox(drawing.Position(&s.design.Nodes[i], i))
			box = drawing.Rect{X0: min(box.X0, b.X0), Y0: min(box.Y0, b.Y0), X1: max(box.X1, b.X1), Y1: max(box.Y1, b.Y1)}
		}
	}
	place := map[string]func(x, y float64) (float64, float64){
		AlignLeft:   func(_, y float64) (float64, float64) { return box.X0, y },
		AlignCentre: func(_, y float64) (float64, float64) { return math.Round((box.X0 + box.X1 - drawing.NodeWidth) / 2), y },
		AlignRight:  func(_, y float64) (float64, float64) { return box.X1 - drawing.NodeWidth, y },
		AlignTop:    func(x, _ float64) (float64, float64) { return x, box.Y0 },
		AlignMiddle: func(x, _ float64) (float64, float64) {
			return x, math.Round((box.Y0 + box.Y1 - drawing.NodeHeight) / 2)
		},
		AlignBottom: func(x, _ float64) (float64, float64) { return x, box.Y1 - drawing.NodeHeight },
	}[how]
	if place == nil {
		return fmt.Errorf("no alignment %q", how)
	}
	return s.editNodes(ids, fmt.Sprintf("Aligned %d nodes (%s).", len(set), how), func(i int, n *catalogue.Node) {
		x, y := place(drawing.Position(n, i))
		n.Position = &catalogue.Point{X: x, Y: y}
	})
}

// Distribute spaces the nodes ids evenly across (DistributeAcross) or down
// (DistributeDown), the outermost two staying where they are: one undoable
// step.
func (s *Store) Distribute(ids []string, axis string) error {
	set, err := s.nodeSet(ids)
	if err != nil {
		return err
	}
	if axis != DistributeAcross && axis != DistributeDown {
		return fmt.Errorf("no distribution %q", axis)
	}
	if len(set) < 3 {
		return errors.New("select three nodes or more to space them evenly")
	}
	type at struct {
		i    int
		x, y float64
	}
	var list []at
	for i := range s.design.Nodes {
		if set[s.design.Nodes[i].ID] {
			x, y := drawing.Position(&s.design.Nodes[i], i)
			list = append(list, at{i, x, y})
		}
	}
	key := func(a at) float64 {
		if axis == DistributeAcross {
			return a.x
		}
		return a.y
	}
	sort.SliceStable(list, func(a, b int) bool { return key(list[a]) < key(list[b]) })
	first, last := key(list[0]), key(list[len(list)-1])
	step := (last - first) / float64(len(list)-1)
	return s.update(func(d *catalogue.Design) (string, error) {
		for k, a := range list {
			v := math.Round(first + float64(k)*step)
			p := catalogue.Point{X: a.x, Y: v}
			if axis == DistributeAcross {
				p = catalogue.Point{X: v, Y: a.y}
			}
			d.Nodes[a.i].Position = &p
		}
		return fmt.Sprintf("Spaced %d nodes evenly.", len(list)), nil
	}, nil)
}

// SetPropOfAll sets property prop to v on every node of ids: one undoable
// step, refused whole when any node cannot take it.
func (s *Store) SetPropOfAll(ids []string, prop string, v catalogue.Value) error {
	return s.editNodes(ids, fmt.Sprintf("Set %s on %d nodes.", prop, len(ids)), func(_ int, n *catalogue.Node) {
		props := maps.Clone(n.Props)
		if props == nil {
			props = map[string]catalogue.Value{}
		}
		props[prop] = v
		n.Props = props
	})
}

// Fragment is the nodes ids as a design of their own, as Paste reads it:
// the nodes, the edges among them, the groups they sit in (with the groups
// those sit in), the notes on them, and their own suppressions.
func (s *Store) Fragment(ids []string) []byte {
	frag := s.fragmentDesign(ids)
	if frag == nil {
		return nil
	}
	return catalogue.EncodeDesignYAML(frag)
}

// fragmentDesign is what Fragment writes, or nil when ids names no node.
func (s *Store) fragmentDesign(ids []string) *catalogue.Design {
	set, err := s.nodeSet(ids)
	if err != nil {
		return nil
	}
	d := s.design
	frag := &catalogue.Design{SchemaVersion: catalogue.SchemaVersion}
	groups := map[string]bool{}
	for _, n := range d.Nodes {
		if !set[n.ID] {
			continue
		}
		if n.ReplicaOf != "" && !set[n.ReplicaOf] {
			n.ReplicaOf = "" // a copy of a node left behind
		}
		frag.Nodes = append(frag.Nodes, n)
		for g, steps := n.In, 0; g != "" && !groups[g] && steps <= len(d.Groups); steps++ {
			groups[g] = true
			if gr := s.Group(g); gr != nil {
				g = gr.In
			} else {
				g = ""
			}
		}
	}
	for _, g := range d.Groups {
		if groups[g.ID] {
			frag.Groups = append(frag.Groups, g)
		}
	}
	for _, e := range d.Edges {
		if set[e.From] && set[e.To] {
			frag.Edges = append(frag.Edges, e)
		}
	}
	for _, n := range d.Notes {
		if set[n.On] {
			frag.Notes = append(frag.Notes, n)
		}
	}
	for _, sup := range d.Suppress {
		if set[sup.Node] {
			frag.Suppress = append(frag.Suppress, sup)
		}
	}
	return frag
}

// Duplicate pastes a copy of the nodes ids (see Fragment and Paste).
func (s *Store) Duplicate(ids []string) error {
	frag := s.Fragment(ids)
	if frag == nil {
		return errors.New("select some nodes first")
	}
	return s.Paste("duplicate.yaml", frag)
}
