package state

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// nodeEdits edit one node of the design: add, move, rename, delete it,
// set its name, properties, figures and component, place it in a group.
// Each is one undoable step, made only through the Store's update (see
// editNode), so a change the catalogue refuses changes nothing.
type nodeEdits struct{ s *Store }

// AddNode adds a node of component id at a free spot, selects it and returns
// its id: the component id, then id-2, id-3… when taken. It is in the group
// whose frame it is drawn in, if any: what is drawn inside a frame is in
// its group.
func (ed nodeEdits) AddNode(componentID string) (string, error) {
	var at catalogue.Point
	at.X, at.Y = ed.s.spotForNew(ed.s.design)
	in := ""
	if len(ed.s.design.Groups) > 0 {
		in = drawing.DropTarget(ed.s.design, at.X+drawing.NodeWidth/2, at.Y+drawing.NodeHeight/2, ed.s.Collapsed)
	}
	return ed.addNode(componentID, at, in)
}

// AddNodeAt adds a node of component id with its top-left corner at x, y,
// in group ("" for none), as a product dropped on the canvas is: selected,
// its id returned as AddNode's. Dropped over what is drawn there (a node,
// a note, a frame's label), it goes to the nearest free spot instead, in
// view when there is room there.
func (ed nodeEdits) AddNodeAt(componentID string, x, y float64, group string) (string, error) {
	if group != "" && ed.s.groupIndex(group) < 0 {
		return "", fmt.Errorf("no group has the id %q", group)
	}
	x, y = ed.freeSpotAt(x, y, group)
	return ed.addNode(componentID, catalogue.Point{X: x, Y: y}, group)
}

// freeSpotAt is x, y when a node there, in group, covers nothing drawn,
// else the nearest free spot, in view first. The frames of group and those
// around it are drawn round the node once it is in: it may be dropped on
// their labels, or anywhere in an empty one. Every other frame is in the
// way whole: a node moved into one would be drawn inside a group it is not
// in.
func (ed nodeEdits) freeSpotAt(x, y float64, group string) (float64, float64) {
	d := ed.s.design
	var hidden map[string]string
	if len(d.Groups) > 0 {
		hidden = drawing.CollapsedIn(d, ed.s.Collapsed)
	}
	obstacles := drawing.PlaceObstacles(d, hidden)
	if len(d.Groups) > 0 {
		frames := drawing.GroupFrames(d, drawing.NodePositions(d))
		grows := map[string]bool{}
		for g, steps := group, 0; g != "" && steps <= len(d.Groups); steps++ {
			grows[g] = true
			if grp := ed.s.Group(g); grp != nil {
				g = grp.In
			} else {
				break
			}
		}
		label := func(f drawing.GroupFrame) drawing.Rect {
			return drawing.Rect{X0: f.Box.X0, Y0: f.Box.Y0, X1: f.Box.X1, Y1: f.Box.Y0 + drawing.GroupLabel}
		}
		mine := map[drawing.Rect]bool{}
		for id := range grows {
			if f, ok := frames[id]; ok {
				mine[f.Box], mine[label(f)] = true, true
			}
		}
		obstacles = slices.DeleteFunc(obstacles, func(r drawing.Rect) bool { return mine[r] })
		for _, g := range d.Groups { // in the design's order: the same spot every time
			if f, ok := frames[g.ID]; ok && !grows[g.ID] && hidden[g.ID] == "" {
				obstacles = append(obstacles, f.Box)
			}
		}
	}
	box := drawing.NodeBox(x, y)
	if !slices.ContainsFunc(obstacles, func(r drawing.Rect) bool { return box.Meets(r.X0, r.Y0, r.X1, r.Y1) }) {
		return x, y
	}
	return placeAmong(obstacles, x, y, drawing.NodeWidth, drawing.NodeHeight, ed.s.seen)
}

// addNode adds a node of component id at at, in group in: one undoable
// step.
func (ed nodeEdits) addNode(componentID string, at catalogue.Point, in string) (string, error) {
	if _, ok := ed.s.cat.Components[componentID]; !ok {
		return "", fmt.Errorf("unknown component %q", componentID)
	}
	id := ed.s.freeID(componentID)
	autoAt := maps.Clone(ed.s.autoAt)
	if autoAt == nil {
		autoAt = map[string]catalogue.Point{}
	}
	autoAt[id] = at
	// A node placed beside a selection at the view's edge may be outside
	// it: bring it into view.
	reveal := ed.s.view.X1 > ed.s.view.X0 && !ed.s.view.Holds(drawing.NodeBox(at.X, at.Y))
	err := ed.s.edit(func(d *catalogue.Design) (string, error) {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: id, Component: componentID, Position: &at, In: in})
		return "", nil
	}, change{selection: &Selection{Node: id, Edge: -1}, autoAt: autoAt, reveal: reveal})
	if err != nil {
		return "", err
	}
	return id, nil
}

// spotForNew is where a new node goes: on free space beside the selected
// node when it is in view, else near the middle of the view, else (before
// the canvas has reported one) the first free grid cell.
func (ed nodeEdits) spotForNew(d *catalogue.Design) (float64, float64) {
	if ed.s.view.X1 <= ed.s.view.X0 {
		return drawing.FreeSpot(d)
	}
	if i, ok := ed.s.nodeIndex[ed.s.selection.Node]; ok {
		x, y := drawing.Position(&d.Nodes[i], i)
		if ed.s.view.Holds(drawing.NodeBox(x, y)) {
			return ed.s.placeNear(d, x+drawing.GridX, y, drawing.NodeWidth, drawing.NodeHeight)
		}
	}
	return ed.s.placeNear(d, (ed.s.view.X0+ed.s.view.X1-drawing.NodeWidth)/2, (ed.s.view.Y0+ed.s.view.Y1-drawing.NodeHeight)/2, drawing.NodeWidth, drawing.NodeHeight)
}

// MoveNode moves a node to x, y.
func (ed nodeEdits) MoveNode(id string, x, y float64) error {
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.Position = &catalogue.Point{X: x, Y: y}
		return "", nil
	})
}

// MoveNodeInto moves node id to x, y and places it in group ("" for none),
// as one undoable step: a node dragged into a group's frame.
func (ed nodeEdits) MoveNodeInto(id string, x, y float64, group string) error {
	if group != "" && ed.s.groupIndex(group) < 0 {
		return fmt.Errorf("no group has the id %q", group)
	}
	return ed.s.editNodeIn(id, func(d *catalogue.Design, n *catalogue.Node) (string, error) {
		n.Position = &catalogue.Point{X: x, Y: y}
		return regroup(d, n, group), nil
	})
}

// MoveToGroup places node id in group (none when group is ""), so that it
// inherits what the group says, as one undoable step.
func (ed nodeEdits) MoveToGroup(id, group string) error {
	if group != "" && ed.s.groupIndex(group) < 0 {
		return fmt.Errorf("no group has the id %q", group)
	}
	return ed.s.editNodeIn(id, func(d *catalogue.Design, n *catalogue.Node) (string, error) { return regroup(d, n, group), nil })
}

// regroup puts n in group of design d, and says where it is now when that
// changed. A node that runs in several zones put where its zones cannot be
// (in a zone they leave out, or in another region) runs where it is put
// now: its zones are cleared, as the catalogue would refuse them.
func regroup(d *catalogue.Design, n *catalogue.Node, group string) string {
	changed, zonesCleared := regroupNode(d, n, group)
	switch {
	case !changed:
		return ""
	case group == "":
		return n.ID + " is in no group now."
	case zonesCleared:
		return n.ID + " is in " + group + " now, and runs only there."
	}
	return n.ID + " is in " + group + " now."
}

// regroupNode puts node n of d in group, as regroup does, reporting whether
// its group changed and whether the zones it named were let go.
func regroupNode(d *catalogue.Design, n *catalogue.Node, group string) (changed, zonesCleared bool) {
	if n.In == group {
		return false, false
	}
	n.In = group
	if group == "" {
		return true, false
	}
	zone, region := enclosing(d, group, "zone"), enclosing(d, group, "region")
	stray := zone != "" && (n.ZoneCount > 1 || len(n.Zones) > 0 && !slices.Contains(n.Zones, zone))
	for _, z := range n.Zones {
		stray = stray || region != "" && enclosing(d, z, "region") != region
	}
	if stray {
		n.Zones, n.ZoneCount = nil, 0
	}
	return true, stray
}

// enclosing returns the innermost group of boundary b that group id of d
// is or sits in, or "".
func enclosing(d *catalogue.Design, id, b string) string {
	for steps := 0; id != "" && steps <= len(d.Groups); steps++ {
		k := slices.IndexFunc(d.Groups, func(g catalogue.Group) bool { return g.ID == id })
		if k < 0 {
			return ""
		}
		if d.Groups[k].Boundary == b {
			return id
		}
		id = d.Groups[k].In
	}
	return ""
}

// editNodeIn applies change to a copy of node id, in the copy of the
// design it is in.
func (ed nodeEdits) editNodeIn(id string, edit func(d *catalogue.Design, n *catalogue.Node) (string, error)) error {
	i, ok := ed.s.nodeIndex[id]
	if !ok {
		return fmt.Errorf("no node has the id %q", id)
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		return edit(d, &d.Nodes[i])
	}, nil)
}

// editNode applies change to a copy of node id.
func (ed nodeEdits) editNode(id string, edit func(n *catalogue.Node) (string, error)) error {
	return ed.s.editNodeIn(id, func(_ *catalogue.Design, n *catalogue.Node) (string, error) { return edit(n) })
}

// SetNodeName gives node id the name the canvas shows for it, or with "",
// none (the canvas shows its id). The name is free text, trimmed, that a
// design may hold (see catalogue.TextProblem).
func (ed nodeEdits) SetNodeName(id, name string) error {
	name = strings.TrimSpace(name)
	if _, problem := catalogue.TextProblem(name); problem != "" {
		return fmt.Errorf("%s's name: %s", id, problem)
	}
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.Name = name
		return "", nil
	})
}

// SetEntry marks node id as an entry point of the analysis, or unmarks it.
// Marking it clears `entry: false`; unmarking states nothing, so the
// analysis decides again from what flows into the node.
func (ed nodeEdits) SetEntry(id string, entry bool) error {
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.Entry = entry
		if entry {
			n.NotEntry = false
		}
		return "", nil
	})
}

// SetNotEntry states (never) or clears `entry: false` on node id: that
// callers never come in there, though nothing flows into it, so the
// analysis does not take it as an entry point. Stating it takes away the
// node's mark as an entry point; clearing it states nothing, so the
// analysis decides again from what flows into the node.
func (ed nodeEdits) SetNotEntry(id string, never bool) error {
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.NotEntry = never
		if never {
			n.Entry = false
		}
		return "", nil
	})
}

// SetReplicaOf records that node id is a copy of node of (elsewhere), or
// with "", of none.
func (ed nodeEdits) SetReplicaOf(id, of string) error {
	if of != "" {
		if of == id {
			return fmt.Errorf("%s cannot be a replica of itself", id)
		}
		if _, ok := ed.s.nodeIndex[of]; !ok {
			return fmt.Errorf("no node has the id %q", of)
		}
	}
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.ReplicaOf = of
		if of != "" {
			n.NotReplica = false
		}
		return "", nil
	})
}

// SetNotReplica states (apart) or clears `notReplica: true` on node id:
// that it is no copy of the nodes it looks like, nor one of a pool, so
// the analysis counts it apart. Stating it takes away its replicaOf.
func (ed nodeEdits) SetNotReplica(id string, apart bool) error {
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.NotReplica = apart
		if apart {
			n.ReplicaOf = ""
		}
		return "", nil
	})
}

// SetZones says node id runs in the zone groups zones, as one undoable
// step; none, or only the zone it is drawn in, says nothing more than
// where it sits. A node drawn in a zone runs in it, listed or not.
func (ed nodeEdits) SetZones(id string, zones []string) error {
	for k, z := range zones {
		g := ed.s.Group(z)
		switch {
		case g == nil:
			return fmt.Errorf("no group has the id %q", z)
		case g.Boundary != "zone":
			return fmt.Errorf("%s is a %s, not a zone", z, g.Boundary)
		case slices.Contains(zones[:k], z):
			return fmt.Errorf("%s is listed twice", z)
		}
	}
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		list := slices.Clone(zones)
		if g := ed.s.Group(n.In); g != nil && g.Boundary == "zone" && len(list) > 0 && !slices.Contains(list, n.In) {
			list = append([]string{n.In}, list...)
		}
		if len(list) == 0 || len(list) == 1 && list[0] == n.In {
			list = nil
		}
		n.Zones, n.ZoneCount = list, 0
		return "", nil
	})
}

// SetFigure sets one of a node's analysis figures from what the user typed
// (empty clears it): "assume" (an assumed availability, in percent),
// "objective" (its availability objective, in percent) or "durability"
// (the failures it must tolerate).
func (ed nodeEdits) SetFigure(id, which, text string) error {
	text = strings.TrimSpace(text)
	var pct float64
	var count int
	if text != "" {
		switch which {
		case "assume", "objective":
			p, problem := catalogue.ParsePercent(text)
			if problem != "" {
				return errors.New(problem)
			}
			pct = p
		case "durability":
			k, err := strconv.Atoi(text)
			if err != nil || k < 1 || k > 100 {
				return fmt.Errorf("%q is not a number of failures from 1 to 100", text)
			}
			count = k
		}
	}
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		switch which {
		case "assume":
			n.Assume.Availability = pct
		case "objective":
			n.Objectives.Availability = pct
		case "durability":
			n.Objectives.FailuresTolerated = count
		default:
			return "", fmt.Errorf("%q is not a figure of a node", which)
		}
		return "", nil
	})
}

// SetProp overrides a property of a node. The value is checked against the
// component's schema; a wrong one leaves the design as it was.
func (ed nodeEdits) SetProp(id, prop string, v catalogue.Value) error {
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		props := maps.Clone(n.Props)
		if props == nil {
			props = map[string]catalogue.Value{}
		}
		props[prop] = v
		n.Props = props
		return "", nil
	})
}

// ResetProp removes a node's override, so the property is inherited again.
func (ed nodeEdits) ResetProp(id, prop string) error {
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		if _, ok := n.Props[prop]; !ok {
			return "", fmt.Errorf("%s does not override %s", id, prop)
		}
		props := maps.Clone(n.Props)
		delete(props, prop)
		if len(props) == 0 {
			props = nil
		}
		n.Props = props
		return "", nil
	})
}

// RenameNode changes a node's id, keeping its edges and the selection.
func (ed nodeEdits) RenameNode(id, newID string) error {
	if newID == id {
		return nil
	}
	if !catalogue.ValidID(newID) {
		return fmt.Errorf("%q is not a valid id; use 1 to 64 lower-case letters, digits and single hyphens (like \"kafka-2\")", newID)
	}
	if _, taken := ed.s.nodeIndex[newID]; taken {
		return fmt.Errorf("%q is already the id of another node", newID)
	}
	if ed.s.groupIndex(newID) >= 0 {
		return fmt.Errorf("%q is the id of a group; a node needs an id of its own", newID)
	}
	var c change
	if ed.s.selection.Node == id {
		c.selection = &Selection{Node: newID, Edge: -1}
	}
	if ed.s.autoAt != nil {
		// Still new under its new id (and under the old one again after
		// an undo, so the old entry stays); an entry left under the new
		// id by a deleted node is not this node's.
		c.autoAt = maps.Clone(ed.s.autoAt)
		if at, ok := c.autoAt[id]; ok {
			c.autoAt[newID] = at
		} else {
			delete(c.autoAt, newID)
		}
	}
	return ed.s.edit(func(d *catalogue.Design) (string, error) {
		d.Nodes[ed.s.nodeIndex[id]].ID = newID
		for i, e := range d.Edges {
			if e.From == id {
				d.Edges[i].From = newID
			}
			if e.To == id {
				d.Edges[i].To = newID
			}
		}
		for i, sup := range d.Suppress {
			if sup.Node == id {
				d.Suppress[i].Node = newID
			}
		}
		renameNotesOn(d, id, newID)
		for i := range d.Nodes {
			if d.Nodes[i].ReplicaOf == id {
				d.Nodes[i].ReplicaOf = newID
			}
		}
		return "", nil
	}, c)
}

// SwapComponent replaces a node's component with another of the same kind,
// keeping the overrides that still apply and saying which it dropped.
func (ed nodeEdits) SwapComponent(id, componentID string) error {
	next, ok := ed.s.cat.Components[componentID]
	if !ok {
		return fmt.Errorf("unknown component %q", componentID)
	}
	return ed.s.editNode(id, func(n *catalogue.Node) (string, error) {
		cur := ed.s.cat.Components[n.Component]
		if cur != nil && cur.Kind != next.Kind {
			return "", fmt.Errorf("%s is a %s, not a %s; swap only within a kind", next.Name, next.Kind, cur.Kind)
		}
		var kept map[string]catalogue.Value
		var dropped []string
		for _, name := range slices.Sorted(maps.Keys(n.Props)) {
			v := n.Props[name]
			if next.Property(name) == nil {
				dropped = append(dropped, name+" (not a property of "+next.Name+")")
				continue
			}
			if msg := next.ValueProblem(name, v); msg != "" {
				dropped = append(dropped, name+" ("+msg+")")
				continue
			}
			if kept == nil {
				kept = map[string]catalogue.Value{}
			}
			kept[name] = v
		}
		n.Component, n.Props = componentID, kept
		notice := fmt.Sprintf("%s is now %s.", id, next.Name)
		if len(dropped) > 0 {
			notice += " Dropped overrides: " + strings.Join(dropped, "; ") + "."
		}
		return notice, nil
	})
}

// DeleteNode removes a node and its edges.
func (ed nodeEdits) DeleteNode(id string) error {
	i, ok := ed.s.nodeIndex[id]
	if !ok {
		return fmt.Errorf("no node has the id %q", id)
	}
	sel := ed.s.selection
	if sel.Edge >= 0 {
		// Edges are selected by index: follow the selected one to its new
		// index, or drop it with the node.
		shift := 0
		for j, e := range ed.s.design.Edges[:sel.Edge+1] {
			if e.From == id || e.To == id {
				shift++
				if j == sel.Edge {
					sel = none()
					shift = 0
				}
			}
		}
		sel.Edge -= shift
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		if freed := ed.s.removeNode(d, i); freed > 0 {
			return "Deleted " + id + notesKept(freed) + ".", nil
		}
		return "", nil
	}, &sel)
}

// removeNode removes node i from d with its edges and suppressions; its
// replicas stay replicas of each other, and its notes stay where they are
// drawn (how many is returned).
func (ed nodeEdits) removeNode(d *catalogue.Design, i int) (freed int) {
	gone := d.Nodes[i]
	id := gone.ID
	freed = ed.s.freeNotesOn(d, id)
	d.Nodes = slices.Delete(d.Nodes, i, i+1)
	// Its replicas stay replicas of each other: the first takes its place
	// in the set, the others name the first.
	heir := ""
	for j := range d.Nodes {
		if n := &d.Nodes[j]; n.ReplicaOf == id {
			if heir == "" {
				heir, n.ReplicaOf = n.ID, gone.ReplicaOf
				if n.ReplicaOf == n.ID {
					n.ReplicaOf = ""
				}
			} else {
				n.ReplicaOf = heir
			}
		}
	}
	d.Edges = slices.DeleteFunc(d.Edges, func(e catalogue.Edge) bool { return e.From == id || e.To == id })
	// A suppression of the node's violations goes with it (and comes back
	// with Undo).
	d.Suppress = slices.DeleteFunc(d.Suppress, func(sup catalogue.Suppression) bool { return sup.Node == id })
	return freed
}
