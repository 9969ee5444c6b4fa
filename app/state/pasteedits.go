package state

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// pasteEdits copy nodes out of the design as a fragment (Fragment) and
// paste fragments into it (Paste, Duplicate), renaming what is taken and
// placing what lands. A paste is one undoable step, made only through the
// Store's update.
type pasteEdits struct{ s *Store }

// Paste adds a design fragment (YAML or JSON, as Export writes it) to the
// design as one undoable step: its groups, nodes, edges, notes and suppressions,
// each node or group whose id is taken renamed (kafka → kafka-2) with its
// references, placed to the right of what is drawn. A fragment the
// catalogue refuses changes nothing.
//
// An edge of the fragment may join its nodes to the design's, and a note
// may be on the design's node or group: an id names the fragment's node (or
// group) when the fragment has one of that id (and follows it when it is
// renamed, so that a pasted `api` taken as api-2 keeps its edges), else the
// design's node (or group) of that id; an id that names neither is refused,
// at its place in the fragment. A copy of nodes cut from the design, pasted
// back, thus keeps its edges among the copies, and a fragment written by
// hand may connect what it adds to what is there (edges alone too). An edge
// the design already has (the same ends, both the design's, and the same
// flow) is left out and said. A fragment that adds nothing is refused.
func (ed pasteEdits) Paste(name string, data []byte) error {
	frag, errs := ed.readFragment(name, data)
	if len(errs) > 0 {
		return errs
	}
	if len(frag.Nodes) == 0 && len(frag.Groups) == 0 && len(frag.Notes) == 0 && len(frag.Edges) == 0 {
		return errors.New(name + ": the pasted fragment has no node, group, edge or note to add")
	}
	var renamed, pasted []string
	offView := false
	// A pasted node in no group that lands in a frame, as drawn before the
	// paste, is in its group: what is drawn inside a frame is in it.
	var frames drawing.DropFrames
	if len(ed.s.design.Groups) > 0 {
		frames = drawing.NewDropFrames(ed.s.design, ed.s.Collapsed)
	}
	err := ed.s.update(func(d *catalogue.Design) (string, error) {
		taken := make(map[string]bool, len(d.Nodes)+len(d.Groups))
		for _, n := range d.Nodes {
			taken[n.ID] = true
		}
		for _, g := range d.Groups {
			taken[g.ID] = true
		}
		fresh := func(id string) string {
			c := nextFreeID(id, func(c string) bool { return taken[c] })
			taken[c] = true
			if c != id {
				renamed = append(renamed, id+" → "+c)
			}
			return c
		}
		// A group the design has, of the same boundary, takes what is
		// pasted into it (copy and paste within a design keeps groups);
		// another is added, renamed where its id is taken.
		groups, kept := map[string]string{}, map[string]bool{}
		for _, g := range frag.Groups {
			if i := ed.s.groupIndex(g.ID); i >= 0 && d.Groups[i].Boundary == g.Boundary {
				groups[g.ID], kept[g.ID] = g.ID, true
				continue
			}
			groups[g.ID] = fresh(g.ID)
		}
		nodes := map[string]string{}
		for _, n := range frag.Nodes {
			nodes[n.ID] = fresh(n.ID)
		}
		var dx, dy float64
		dx, dy, offView = ed.s.pasteOffset(d, frag)
		for _, g := range frag.Groups {
			if kept[g.ID] {
				continue
			}
			g.ID = groups[g.ID]
			if g.In != "" {
				g.In = groups[g.In]
			}
			d.Groups = append(d.Groups, g)
		}
		origins := map[string]bool{}
		for _, n := range d.Nodes {
			origins[n.Origin] = true
		}
		for _, n := range frag.Nodes {
			n.ID = nodes[n.ID]
			pasted = append(pasted, n.ID)
			if origins[n.Origin] {
				n.Origin = "" // a copy, not the resource an import updates
			}
			if n.In != "" {
				n.In = groups[n.In]
			}
			if n.ReplicaOf != "" {
				n.ReplicaOf = nodes[n.ReplicaOf]
			}
			if n.Zones != nil {
				zones := make([]string, len(n.Zones))
				for k, z := range n.Zones {
					zones[k] = groups[z]
				}
				n.Zones = zones
			}
			if n.Position != nil {
				n.Position = &catalogue.Point{X: n.Position.X + dx, Y: n.Position.Y + dy}
				if n.In == "" && n.Zones == nil && n.ZoneCount == 0 {
					n.In = frames.At(n.Position.X+drawing.NodeWidth/2, n.Position.Y+drawing.NodeHeight/2)
				}
			}
			d.Nodes = append(d.Nodes, n)
		}
		had := map[catalogue.Edge]bool{}
		for _, e := range d.Edges {
			had[catalogue.Edge{From: e.From, To: e.To, Flow: e.Flow}] = true
		}
		var edges int
		var already []string
		for _, e := range frag.Edges {
			e.From, e.To = cmp.Or(nodes[e.From], e.From), cmp.Or(nodes[e.To], e.To)
			if had[catalogue.Edge{From: e.From, To: e.To, Flow: e.Flow}] {
				already = append(already, e.From+" → "+e.To)
				continue
			}
			d.Edges = append(d.Edges, e)
			edges++
		}
		if len(frag.Nodes)+len(frag.Groups)+len(frag.Notes) == 0 && edges == 0 {
			return "", errors.New(name + ": the design already has every edge pasted (" + strings.Join(already, ", ") + "); nothing is added")
		}
		// Nodes pasted without a position go beside what they connect to.
		drawing.PlaceUnplaced(d)
		// A pasted node keeps its suppressions; one for every node would
		// reach the whole design, so it stays behind.
		for _, sup := range frag.Suppress {
			if sup.Node != "" {
				sup.Node = nodes[sup.Node]
				d.Suppress = append(d.Suppress, sup)
			}
		}
		// Notes come along, on what they were on, or shifted as the nodes
		// are.
		for _, note := range frag.Notes {
			switch {
			case note.On != "" && nodes[note.On] != "":
				note.On = nodes[note.On]
			case note.On != "":
				note.On = cmp.Or(groups[note.On], note.On) // else the design's
			case note.Position != nil:
				note.Position = &catalogue.Point{X: note.Position.X + dx, Y: note.Position.Y + dy}
			}
			d.Notes = append(d.Notes, note)
		}
		notice := fmt.Sprintf("Pasted %d %s and %d %s.", len(frag.Nodes), plural(len(frag.Nodes), "node"), edges, plural(edges, "edge"))
		if len(renamed) > 0 {
			notice += " Renamed where taken: " + strings.Join(renamed, ", ") + "."
		}
		if len(already) > 0 {
			notice += " Already connected, left out: " + strings.Join(already, ", ") + "."
		}
		return notice, nil
	}, &Selection{Edge: -1})
	if err == nil {
		ed.s.SelectNodes(pasted) // to move or delete them at once
		if offView {             // no room in view: the view goes to them
			ed.s.commit(change{reveal: true})
		}
	}
	return err
}

// readFragment reads a pasted fragment as the catalogue reads a design,
// but for the ends of edges that name no node of the fragment and a node of
// the design, and notes on no node or group of the fragment and on one of
// the design (see Paste).
func (ed pasteEdits) readFragment(name string, data []byte) (*catalogue.Design, catalogue.ErrorList) {
	frag, errs := catalogue.ParseDesign(name, data)
	if frag == nil {
		return nil, errs
	}
	errs = append(errs, ed.s.cat.Check(frag)...)
	kept := errs[:0]
	for _, e := range errs {
		switch {
		case e.Code == diag.CodeUnknownNode && ed.namesDesignNode(frag, e.Path):
		case e.Code == diag.CodeRequired && strings.HasPrefix(e.Msg, "`nodes` is required") && len(frag.Edges)+len(frag.Notes)+len(frag.Groups) > 0:
			// A fragment may add edges, notes or groups alone.
		default:
			kept = append(kept, e)
		}
	}
	if len(kept) > 0 {
		kept.Sort()
		return nil, kept
	}
	return frag, nil
}

// namesDesignNode reports whether path, an end of an edge of frag
// ("edges[3].to"), names a node of the design, or, a note's `on`
// ("notes[1].on"), a node or group of the design.
func (ed pasteEdits) namesDesignNode(frag *catalogue.Design, path string) bool {
	if rest, ok := strings.CutPrefix(path, "notes["); ok {
		index, field, ok := strings.Cut(rest, "]")
		i, err := strconv.Atoi(index)
		if !ok || field != ".on" || err != nil || i < 0 || i >= len(frag.Notes) {
			return false
		}
		on := frag.Notes[i].On
		_, node := ed.s.nodeIndex[on]
		return node || ed.s.groupIndex(on) >= 0
	}
	rest, ok := strings.CutPrefix(path, "edges[")
	if !ok {
		return false
	}
	index, end, ok := strings.Cut(rest, "].")
	i, err := strconv.Atoi(index)
	if !ok || err != nil || i < 0 || i >= len(frag.Edges) {
		return false
	}
	var id string
	switch end {
	case "from":
		id = frag.Edges[i].From
	case "to":
		id = frag.Edges[i].To
	default:
		return false
	}
	_, known := ed.s.nodeIndex[id]
	return known
}

// pasteOffset is how far a pasted fragment's nodes move from where they
// were: beside themselves, to the right or below (where a copy of nodes of
// the design lands next to them, as Duplicate does), when that is in view
// on free space; else to the free space in view nearest that; else (no
// room in view) to the free space nearest the view, and true: the view is
// to go to them. With no view yet, they go to the right of what is drawn.
func (ed pasteEdits) pasteOffset(d *catalogue.Design, frag *catalogue.Design) (float64, float64, bool) {
	fb, ok := drawing.DesignBounds(frag)
	if !ok {
		return 0, 0, false
	}
	w, h := fb.X1-fb.X0, fb.Y1-fb.Y0
	if view, ok := ed.s.seen(); ok {
		f := ed.s.free(d)
		for _, t := range [][2]float64{{w + 40, 0}, {0, h + 40}} {
			if r := (drawing.Rect{X0: fb.X0 + t[0], Y0: fb.Y0 + t[1], X1: fb.X1 + t[0], Y1: fb.Y1 + t[1]}); view.Holds(r) && nodesClear(f, frag, t[0], t[1]) {
				return t[0], t[1], false
			}
		}
		x := min(max(fb.X0+w+40, view.X0), view.X1-w)
		y := min(max(fb.Y0, view.Y0), view.Y1-h)
		if px, py, ok := f.Near(x, y, w, h, view); ok {
			return px - fb.X0, py - fb.Y0, false
		}
		if px, py, ok := f.Near(x, y, w, h, drawing.Rect{}); ok {
			return px - fb.X0, py - fb.Y0, true
		}
	}
	right := 0.0
	for _, n := range d.Nodes {
		if n.Position != nil {
			right = max(right, n.Position.X+drawing.NodeWidth+60)
		}
	}
	return right - fb.X0, 40 - fb.Y0, ed.s.view.X1 > ed.s.view.X0
}

// nodesClear reports whether every node of frag, moved by dx, dy, lands on
// free space.
func nodesClear(f drawing.Free, frag *catalogue.Design, dx, dy float64) bool {
	for i := range frag.Nodes {
		if p := frag.Nodes[i].Position; p != nil && !f.Clear(drawing.NodeBox(p.X+dx, p.Y+dy)) {
			return false
		}
	}
	return true
}

// Fragment is the nodes ids as a design of their own, as Paste reads it:
// the nodes, the edges among them, the groups they sit in (with the groups
// those sit in), the notes on them, and their own suppressions.
func (ed pasteEdits) Fragment(ids []string) []byte {
	frag := ed.s.FragmentDesign(ids)
	if frag == nil {
		return nil
	}
	return catalogue.EncodeDesignYAML(frag)
}

// FragmentDesign is the design Fragment writes, or nil when ids names no
// node: what a picture of the selection draws.
func (ed pasteEdits) FragmentDesign(ids []string) *catalogue.Design {
	set, err := ed.s.nodeSet(ids)
	if err != nil {
		return nil
	}
	d := ed.s.design
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
		// The groups it sits in come along, and the zones it runs in, so
		// that the fragment reads back as the design it was cut from.
		for _, start := range append([]string{n.In}, n.Zones...) {
			for g, steps := start, 0; g != "" && !groups[g] && steps <= len(d.Groups); steps++ {
				groups[g] = true
				if gr := ed.s.Group(g); gr != nil {
					g = gr.In
				} else {
					g = ""
				}
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
func (ed pasteEdits) Duplicate(ids []string) error {
	frag := ed.s.Fragment(ids)
	if frag == nil {
		return errors.New("select some nodes first")
	}
	return ed.s.Paste("duplicate.yaml", frag)
}
