package state

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// manyEdits edit several nodes at once: the selection's node with the
// nodes selected with it (Shift- or Ctrl-click, a rubber band, Ctrl+A), or
// any nodes named. Moving, deleting, aligning, distributing and setting a
// property act on all of them as one undoable step, made only through the
// Store's update.
type manyEdits struct{ s *Store }

// MoveNodes moves the nodes ids by dx, dy: one undoable step. They stay in
// the groups they are in.
func (ed manyEdits) MoveNodes(ids []string, dx, dy float64) error {
	return ed.s.editNodes(ids, "", func(i int, n *catalogue.Node) {
		x, y := drawing.Position(n, i)
		n.Position = &catalogue.Point{X: x + dx, Y: y + dy}
	})
}

// MoveNodesInto moves the nodes ids by dx, dy and puts each in the group
// into names for it ("" for none; a node into does not name stays where it
// is): several nodes dragged into a frame, one undoable step.
func (ed manyEdits) MoveNodesInto(ids []string, dx, dy float64, into map[string]string) error {
	for _, g := range into {
		if g != "" && ed.s.groupIndex(g) < 0 {
			return fmt.Errorf("no group has the id %q", g)
		}
	}
	set, err := ed.s.nodeSet(ids)
	if err != nil {
		return err
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		went := map[string][]string{} // the nodes that changed group, by where they went
		var stray []string
		for _, m := range moveSet(d, set, dx, dy, into) {
			if m.zonesCleared {
				stray = append(stray, m.id+" is in "+m.to+" now, and runs only there.")
			} else {
				went[m.to] = append(went[m.to], m.id)
			}
		}
		var said []string
		for _, g := range slices.Sorted(maps.Keys(went)) {
			ids := went[g]
			where := "in " + g
			if g == "" {
				where = "in no group"
			}
			if len(ids) == 1 {
				said = append(said, ids[0]+" is "+where+" now.")
			} else {
				said = append(said, strings.Join(ids[:len(ids)-1], ", ")+" and "+ids[len(ids)-1]+" are "+where+" now.")
			}
		}
		return strings.Join(append(said, stray...), " "), nil
	}, nil)
}

// StepNodes moves the nodes ids by dx, dy, as an arrow key does: one
// undoable step. A node whose middle the step carries across a frame's edge
// joins the innermost group whose frame it is in now, or leaves its group
// when it is in none; the frames are those drawn round the others (a node
// does not leave the frame drawn round it by being at its edge), and the
// status line says where each went.
func (ed manyEdits) StepNodes(ids []string, dx, dy float64) error {
	set, err := ed.s.nodeSet(ids)
	if err != nil {
		return err
	}
	d := ed.s.design
	into := map[string]string{}
	if len(d.Groups) > 0 {
		frames := ed.s.framesWithout(set)
		for i := range d.Nodes {
			if n := &d.Nodes[i]; set[n.ID] {
				x0, y0 := drawing.Centre(drawing.Position(n, i))
				if g, crossed := frames.Crossed(x0, y0, x0+dx, y0+dy); crossed && g != n.In {
					into[n.ID] = g
				}
			}
		}
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		var said []string
		for _, m := range moveSet(d, set, dx, dy, into) {
			switch {
			case m.to == "":
				said = append(said, m.id+" moved out of "+m.from+".")
			case m.zonesCleared:
				said = append(said, m.id+" moved into "+m.to+", and runs only there.")
			default:
				said = append(said, m.id+" moved into "+m.to+".")
			}
		}
		return strings.Join(said, " "), nil
	}, nil)
}

// regrouped is a node a move took from one group to another.
type regrouped struct {
	id, from, to string
	zonesCleared bool // the zones it named were let go (see regroup)
}

// moveSet moves the nodes of d in set by dx, dy, and puts each that into
// names in that group ("" for none), returning those whose group changed.
func moveSet(d *catalogue.Design, set map[string]bool, dx, dy float64, into map[string]string) []regrouped {
	var out []regrouped
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if !set[n.ID] {
			continue
		}
		x, y := drawing.Position(n, i)
		n.Position = &catalogue.Point{X: x + dx, Y: y + dy}
		if g, ok := into[n.ID]; ok {
			from := n.In
			if changed, cleared := regroupNode(d, n, g); changed {
				out = append(out, regrouped{id: n.ID, from: from, to: g, zonesCleared: cleared})
			}
		}
	}
	return out
}

// framesWithout are the open frames as they would be drawn with the nodes
// moving taken out of their groups, each frame drawn round the rest of
// what it holds. A group that holds nothing else keeps them: its frame is
// drawn round them and goes where they go.
func (s *Store) framesWithout(moving map[string]bool) drawing.DropFrames {
	rest := make(map[string]int, len(s.design.Groups))
	for i := range s.design.Nodes {
		if n := &s.design.Nodes[i]; !moving[n.ID] {
			rest[n.In]++
		}
	}
	for _, g := range s.design.Groups {
		rest[g.In]++
	}
	work := cloneDesign(s.design)
	// A group that holds only what moves has its frame drawn round it
	// wherever it goes: it is left out, so that a step into another
	// frame is a crossing whichever of the two the design lists first.
	lone := map[string]bool{}
	for i := range work.Nodes {
		if n := &work.Nodes[i]; moving[n.ID] {
			if rest[n.In] > 0 {
				n.In = ""
			} else if n.In != "" {
				lone[n.In] = true
			}
		}
	}
	frames := drawing.NewDropFrames(work, s.Collapsed)
	if len(lone) > 0 {
		frames = frames.Without(lone)
	}
	return frames
}

// editNodes applies edit to each of the nodes ids (and its index), as one
// undoable step with notice for the user.
func (ed manyEdits) editNodes(ids []string, notice string, edit func(i int, n *catalogue.Node)) error {
	set, err := ed.s.nodeSet(ids)
	if err != nil {
		return err
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		for i := range d.Nodes {
			if n := &d.Nodes[i]; set[n.ID] {
				edit(i, n)
			}
		}
		return notice, nil
	}, nil)
}

// DeleteNodes removes the nodes ids with their edges: one undoable step.
func (ed manyEdits) DeleteNodes(ids []string) error {
	set, err := ed.s.nodeSet(ids)
	if err != nil {
		return err
	}
	sel := none()
	if ed.s.selection.Edge >= 0 || ed.s.selection.Group != "" || ed.s.selection.Note > 0 {
		sel = ed.s.selection // an edge's index may shift: reconcile drops it if it goes
		if sel.Edge >= 0 {
			sel = none()
		}
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		freed := 0
		for i := len(d.Nodes) - 1; i >= 0; i-- {
			if set[d.Nodes[i].ID] {
				freed += ed.s.removeNode(d, i)
			}
		}
		return fmt.Sprintf("Deleted %d %s", len(set), plural(len(set), "node")) + notesKept(freed) + ".", nil
	}, &sel)
}

// Alignments and distributions the inspector offers for several nodes.
const (
	// AlignLeft lines the nodes' left edges up with the box's.
	AlignLeft = "left"
	// AlignCentre lines the nodes' centres up with the box's, across.
	AlignCentre = "centre"
	// AlignRight lines the nodes' right edges up with the box's.
	AlignRight = "right"
	// AlignTop lines the nodes' tops up with the box's.
	AlignTop = "top"
	// AlignMiddle lines the nodes' middles up with the box's, down.
	AlignMiddle = "middle"
	// AlignBottom lines the nodes' bottoms up with the box's.
	AlignBottom = "bottom"
	// DistributeAcross spaces the nodes evenly from left to right between
	// the outermost two.
	DistributeAcross = "across"
	// DistributeDown spaces the nodes evenly from top to bottom between
	// the outermost two.
	DistributeDown = "down"
)

// Align lines the nodes ids up by how (AlignLeft…AlignBottom), within the
// box around them: one undoable step.
func (ed manyEdits) Align(ids []string, how string) error {
	set, err := ed.s.nodeSet(ids)
	if err != nil {
		return err
	}
	if len(set) < 2 {
		return errors.New("select two nodes or more to align them")
	}
	box := drawing.Rect{X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
	for i := range ed.s.design.Nodes {
		if set[ed.s.design.Nodes[i].ID] {
			b := drawing.NodeBox(drawing.Position(&ed.s.design.Nodes[i], i))
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
	return ed.s.editNodes(ids, fmt.Sprintf("Aligned %d nodes (%s).", len(set), how), func(i int, n *catalogue.Node) {
		x, y := place(drawing.Position(n, i))
		n.Position = &catalogue.Point{X: x, Y: y}
	})
}

// Distribute spaces the nodes ids evenly across (DistributeAcross) or down
// (DistributeDown), the outermost two staying where they are: one undoable
// step.
func (ed manyEdits) Distribute(ids []string, axis string) error {
	set, err := ed.s.nodeSet(ids)
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
	for i := range ed.s.design.Nodes {
		if set[ed.s.design.Nodes[i].ID] {
			x, y := drawing.Position(&ed.s.design.Nodes[i], i)
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
	return ed.s.update(func(d *catalogue.Design) (string, error) {
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
func (ed manyEdits) SetPropOfAll(ids []string, prop string, v catalogue.Value) error {
	return ed.s.editNodes(ids, fmt.Sprintf("Set %s on %d %s.", prop, len(ids), plural(len(ids), "node")), func(_ int, n *catalogue.Node) {
		props := maps.Clone(n.Props)
		if props == nil {
			props = map[string]catalogue.Value{}
		}
		props[prop] = v
		n.Props = props
	})
}
