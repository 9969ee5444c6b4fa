package app

import (
	"errors"
	"fmt"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/layout"
)

// What Tidy up lays out.
const (
	// TidyNew places the new nodes (see NewNodes) beside what they
	// connect to, moving no other node.
	TidyNew = "new"
	// TidySelection lays out the selected nodes among themselves, where
	// they were.
	TidySelection = "selection"
	// TidyAll lays out the whole design.
	TidyAll = "all"
)

// NewNodes are the nodes Tidy up's "New nodes" places: those without a
// position, and those the editor placed (a palette's new node) that are
// still where it put them. A node the user moved, aligned or laid out is
// placed, and undoing the move makes it new again.
func (s *Store) NewNodes() []string {
	var ids []string
	for _, n := range s.design.Nodes {
		if n.Position == nil {
			ids = append(ids, n.ID)
		} else if at, ok := s.autoAt[n.ID]; ok && at == *n.Position {
			ids = append(ids, n.ID)
		}
	}
	return ids
}

// TidyUp lays out the new nodes, the selection or the whole design (scope
// TidyNew, TidySelection or TidyAll), edges pointing dir: one undoable
// step.
func (s *Store) TidyUp(scope string, dir layout.Direction) error {
	o := layout.Options{Direction: dir, Geometry: LayoutGeometry()}
	var ids []string
	switch scope {
	case TidyNew:
		if ids = s.NewNodes(); len(ids) == 0 {
			return errors.New("no new nodes to place: every node is where you put it (choose the whole design to lay it all out)")
		}
	case TidySelection:
		if ids = s.SelectedNodes(); len(ids) < 2 {
			return errors.New("select two nodes or more to tidy them up")
		}
		o.Mode = layout.Together
	case TidyAll:
		o.Mode = layout.All
	default:
		return fmt.Errorf("no tidy up %q", scope)
	}
	if ids != nil {
		set := make(map[string]bool, len(ids))
		for _, id := range ids {
			set[id] = true
		}
		o.Move = func(i int) bool { return set[s.design.Nodes[i].ID] }
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		moved := arrange(d, o)
		return fmt.Sprintf("Tidied up: moved %d %s.", moved, plural(moved, "node")), nil
	}, nil)
}

// arrange gives the nodes of d the positions a layout finds, each new
// position a new Point (positions are shared between undo steps), and
// returns how many moved.
func arrange(d *catalogue.Design, o layout.Options) int {
	at := layout.Arrange(d, o)
	moved := 0
	for i := range d.Nodes {
		if p := d.Nodes[i].Position; p == nil || *p != at[i] {
			pt := at[i]
			d.Nodes[i].Position = &pt
			moved++
		}
	}
	return moved
}

// placeUnplaced places the nodes of d that have no position beside what
// they connect to, as Tidy up's "New nodes" does (a design without any
// position is laid out whole), and returns how many it placed.
func placeUnplaced(d *catalogue.Design) int {
	for i := range d.Nodes {
		if d.Nodes[i].Position == nil {
			return arrange(d, layout.Options{Geometry: LayoutGeometry()})
		}
	}
	return 0
}
