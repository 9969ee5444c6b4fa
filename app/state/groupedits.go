package state

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// groupEdits edit the design's groups: add one (around the selected node),
// rename, move, delete one, and set the values it says. Each is one
// undoable step, made only through the Store's update.
type groupEdits struct{ s *Store }

// AddGroup adds a group of boundary, selected. With a node selected, the
// group goes around it: where the node sits (or the nearest group above it
// that the boundary may sit in), and the node moves into it. Otherwise it
// goes inside the selected group when the boundary may sit there, else at
// the top level when it may stand alone, else inside the first group where
// it may sit (a zone in the first region). It refuses a boundary with
// nowhere to go.
func (ed groupEdits) AddGroup(boundary string) (string, error) {
	b := ed.s.cat.Boundaries[boundary]
	if b == nil {
		return "", fmt.Errorf("no boundary %q", boundary)
	}
	parent, found := "", false
	around := ""
	if n := ed.s.Node(ed.s.selection.Node); n != nil {
		around = n.ID
		for at, steps := n.In, 0; at != "" && steps <= len(ed.s.design.Groups); steps++ {
			g := ed.s.Group(at)
			if g == nil {
				break
			}
			if b.Allows(g.Boundary) {
				parent, found = g.ID, true
				break
			}
			at = g.In
		}
	} else if g := ed.s.Group(ed.s.selection.Group); g != nil && b.Allows(g.Boundary) {
		parent, found = g.ID, true
	}
	if !found && b.TopLevel {
		found = true
	}
	for _, g := range ed.s.design.Groups {
		if !found && b.Allows(g.Boundary) {
			parent, found = g.ID, true
		}
	}
	if !found {
		return "", fmt.Errorf("a %s sits %s: add one of those first", boundary, b.Where())
	}
	// One around nothing goes on free space in view, where it stays.
	var at *catalogue.Point
	if around == "" && ed.s.view.X1 > ed.s.view.X0 {
		x, y := ed.s.placeNear(ed.s.design, (ed.s.view.X0+ed.s.view.X1-drawing.EmptyW)/2, (ed.s.view.Y0+ed.s.view.Y1-drawing.EmptyH)/2, drawing.EmptyW, drawing.EmptyH)
		at = &catalogue.Point{X: x, Y: y}
	}
	return ed.addGroup(b, parent, around, at)
}

// AddGroupAt adds an empty group of boundary with its frame's top-left
// corner at x, y, in group in ("" for none), as a boundary dropped on the
// canvas is: selected, its id returned as AddGroup's. It refuses a place
// the boundary may not sit in (a zone outside a region).
func (ed groupEdits) AddGroupAt(boundary string, x, y float64, in string) (string, error) {
	b := ed.s.cat.Boundaries[boundary]
	if b == nil {
		return "", fmt.Errorf("no boundary %q", boundary)
	}
	if g := ed.s.Group(in); in != "" && (g == nil || !b.Allows(g.Boundary)) || in == "" && !b.TopLevel {
		return "", fmt.Errorf("a %s sits %s: drop it in one", boundary, b.Where())
	}
	return ed.addGroup(b, in, "", &catalogue.Point{X: x, Y: y})
}

// addGroup adds a group of boundary b in parent, around node around (if
// any), its frame at at while it holds nothing: one undoable step.
func (ed groupEdits) addGroup(b *catalogue.Boundary, parent, around string, at *catalogue.Point) (string, error) {
	boundary := b.ID
	id := ed.s.freeID(boundary)
	return id, ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Groups = append(d.Groups, catalogue.Group{ID: id, Boundary: boundary, In: parent, Position: at})
		where := ""
		if parent != "" {
			where = " in " + parent
		}
		if around != "" {
			regroup(d, &d.Nodes[ed.s.nodeIndex[around]], id)
			where += ", around " + around
		}
		return "Added the " + b.Name + " group " + id + where + ".", nil
	}, &Selection{Edge: -1, Group: id})
}

// RenameGroup changes a group's id, keeping what it holds and where it
// sits, as one undoable step.
func (ed groupEdits) RenameGroup(id, newID string) error {
	i := ed.s.groupIndex(id)
	if i < 0 || newID == id {
		return nil
	}
	if !catalogue.ValidID(newID) {
		return fmt.Errorf("%q is not a valid id; use 1 to 64 lower-case letters, digits and single hyphens (like \"eu-west\")", newID)
	}
	if _, taken := ed.s.nodeIndex[newID]; taken || ed.s.groupIndex(newID) >= 0 {
		return fmt.Errorf("%q is already the id of a node or a group", newID)
	}
	c := change{selection: &Selection{Edge: -1, Group: newID}}
	if ed.s.collapsed[id] { // still collapsed under its new id, once renamed
		c.collapsed = maps.Clone(ed.s.collapsed)
		delete(c.collapsed, id)
		c.collapsed[newID] = true
	}
	return ed.s.edit(func(d *catalogue.Design) (string, error) {
		d.Groups[i].ID = newID
		moveHeld(d, id, newID)
		renameZone(d, id, newID)
		renameNotesOn(d, id, newID)
		return "", nil
	}, c)
}

// MoveGroup moves everything group id holds, however deep, by dx, dy: one
// undoable step (a group's frame follows what it holds).
func (ed groupEdits) MoveGroup(id string, dx, dy float64) error {
	if ed.s.groupIndex(id) < 0 {
		return fmt.Errorf("no group has the id %q", id)
	}
	return ed.moveGroup(id, dx, dy, nil)
}

// moveGroup moves everything group id holds by dx, dy and, with then, makes
// that change too (saying what it did): one undoable step.
func (ed groupEdits) moveGroup(id string, dx, dy float64, then func(d *catalogue.Design) string) error {
	inside := drawing.GroupsWithin(ed.s.design, id)
	frames := drawing.GroupFrames(ed.s.design, drawing.NodePositions(ed.s.design))
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		for i := range d.Nodes {
			if inside[d.Nodes[i].In] {
				x, y := drawing.Position(&d.Nodes[i], i)
				d.Nodes[i].Position = &catalogue.Point{X: x + dx, Y: y + dy}
			}
		}
		// The frames that hold nothing move too (those that hold
		// something are drawn round it: see keepEmptyFrames).
		for i := range d.Groups {
			if f, ok := frames[d.Groups[i].ID]; ok && inside[d.Groups[i].ID] {
				d.Groups[i].Position = &catalogue.Point{X: f.Box.X0 + dx, Y: f.Box.Y0 + dy}
			}
		}
		if then != nil {
			return then(d), nil
		}
		return "", nil
	}, nil)
}

// MoveGroupInto moves group id as MoveGroup does and has it sit in group
// into ("" for the top level), as a group dragged by its label is dropped
// in the innermost frame under the pointer: one undoable step. A place the
// group's boundary may not sit in (see catalogue.Boundary.Allows) refuses
// the move whole.
func (ed groupEdits) MoveGroupInto(id string, dx, dy float64, into string) error {
	g := ed.s.Group(id)
	if g == nil {
		return fmt.Errorf("no group has the id %q", id)
	}
	if into == g.In {
		return ed.MoveGroup(id, dx, dy)
	}
	parent := ed.s.Group(into)
	switch {
	case into != "" && parent == nil:
		return fmt.Errorf("no group has the id %q", into)
	case drawing.GroupsWithin(ed.s.design, id)[into]:
		return fmt.Errorf("%s is not moved: %s is inside it", id, into)
	}
	b := ed.s.cat.Boundaries[g.Boundary]
	parentBoundary := ""
	if parent != nil {
		parentBoundary = parent.Boundary
	}
	if b != nil && !b.Allows(parentBoundary) {
		return fmt.Errorf("%s is not moved: a %s sits %s, not %s", id, g.Boundary, b.Where(), placeWords(into, parentBoundary))
	}
	i := ed.s.groupIndex(id)
	return ed.moveGroup(id, dx, dy, func(d *catalogue.Design) string {
		d.Groups[i].In = into
		if into == "" {
			return id + " is at the top level now."
		}
		return id + " is in " + into + " now."
	})
}

// StepGroup moves group id by dx, dy, as an arrow key does: one undoable
// step. A step that carries the middle of its frame across another frame's
// edge has it sit in the innermost group whose frame holds that middle now,
// or at the top level, as MoveGroupInto does (refused whole where its
// boundary may not sit); the frames are those drawn round the rest (a group
// does not leave its parent by being at the edge of the frame drawn round
// it).
func (ed groupEdits) StepGroup(id string, dx, dy float64) error {
	i := ed.s.groupIndex(id)
	if i < 0 {
		return fmt.Errorf("no group has the id %q", id)
	}
	d := ed.s.design
	f, ok := drawing.GroupFrames(d, drawing.NodePositions(d))[id]
	if !ok {
		return ed.MoveGroup(id, dx, dy)
	}
	parent := d.Groups[i].In
	work := cloneDesign(d)
	rest := 0
	for _, n := range d.Nodes {
		if n.In == parent {
			rest++
		}
	}
	for _, g := range d.Groups {
		if g.In == parent && g.ID != id {
			rest++
		}
	}
	skip := drawing.GroupsWithin(d, id)
	if parent != "" && rest > 0 {
		work.Groups[i].In = ""
	} else if parent != "" {
		// The parent holds only this group, its frame drawn round it
		// wherever it goes: left out, as for nodes (framesWithout).
		skip[parent] = true
	}
	frames := drawing.NewDropFrames(work, ed.s.Collapsed).Without(skip)
	cx, cy := (f.Box.X0+f.Box.X1)/2, (f.Box.Y0+f.Box.Y1)/2
	into, crossed := frames.Crossed(cx, cy, cx+dx, cy+dy)
	if !crossed || into == parent {
		return ed.MoveGroup(id, dx, dy)
	}
	return ed.MoveGroupInto(id, dx, dy, into)
}

// SetGroupProp sets a value a group says (or, with an unset value, removes
// it), as one undoable step; the catalogue checks it against the boundary.
func (ed groupEdits) SetGroupProp(id, prop string, v catalogue.Value) error {
	i := ed.s.groupIndex(id)
	if i < 0 {
		return fmt.Errorf("no group has the id %q", id)
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		g := &d.Groups[i]
		props := maps.Clone(g.Props)
		if props == nil {
			props = map[string]catalogue.Value{}
		}
		if v.IsSet() {
			props[prop] = v
		} else {
			delete(props, prop)
		}
		if len(props) == 0 {
			props = nil
		}
		g.Props = props
		return "", nil
	}, nil)
}

// DeleteGroup removes a group; what it held moves to the group it sat in.
func (ed groupEdits) DeleteGroup(id string) error {
	i := ed.s.groupIndex(id)
	if i < 0 {
		return fmt.Errorf("no group has the id %q", id)
	}
	parent := ed.s.design.Groups[i].In
	parentBoundary := ""
	if j := ed.s.groupIndex(parent); j >= 0 {
		parentBoundary = ed.s.design.Groups[j].Boundary
	}
	for _, g := range ed.s.design.Groups {
		if b := ed.s.cat.Boundaries[g.Boundary]; g.In == id && b != nil && !b.Allows(parentBoundary) {
			return fmt.Errorf("%s holds %s, a %s, which cannot sit %s; move or delete %s first", id, g.ID, g.Boundary, placeWords(parent, parentBoundary), g.ID)
		}
	}
	sel := none()
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		freed := ed.s.freeNotesOn(d, id)
		d.Groups = slices.Delete(d.Groups, i, i+1)
		moveHeld(d, id, parent)
		renameZone(d, id, "")
		return "Deleted the group " + id + "; what it held is in " + orNone(parent) + " now" + notesKept(freed) + ".", nil
	}, &sel)
}

// moveHeld puts what sat in group from (its groups and nodes) in group to.
func moveHeld(d *catalogue.Design, from, to string) {
	for j := range d.Groups {
		if d.Groups[j].In == from {
			d.Groups[j].In = to
		}
	}
	for j := range d.Nodes {
		if d.Nodes[j].In == from {
			d.Nodes[j].In = to
		}
	}
}

// renameZone renames zone from to to in the zones nodes run in, or with
// to "", takes it out of them (a node left with none runs where it sits).
func renameZone(d *catalogue.Design, from, to string) {
	for j := range d.Nodes {
		n := &d.Nodes[j]
		k := slices.Index(n.Zones, from)
		if k < 0 {
			continue
		}
		zones := slices.Clone(n.Zones)
		if to == "" {
			zones = slices.Delete(zones, k, k+1)
		} else {
			zones[k] = to
		}
		if len(zones) == 0 {
			zones = nil
		}
		n.Zones = zones
	}
}

// placeWords says where a group would sit: "at the top level", "in eu".
func placeWords(group, boundary string) string {
	if group == "" {
		return "at the top level"
	}
	article := "a "
	if boundary != "" && strings.ContainsRune("aeiou", rune(boundary[0])) {
		article = "an "
	}
	return "in " + group + " (" + article + boundary + ")"
}

func orNone(group string) string {
	if group == "" {
		return "no group"
	}
	return group
}
