package state

import (
	"fmt"
	"math"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/diff"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/picture"
)

// comparison is the design Compare with… set beside the open one: a view
// of the design, neither saved nor undone, that never changes it.
type comparison struct {
	name string
	with diff.Side // the file's design, resolved once
	// The report, for the design and catalogue it was made from.
	report     *Comparison
	design     *catalogue.Design
	resolution *catalogue.Resolution
}

// Comparison is what the canvas and the list draw of a comparison: the
// report, and each part of the open design by what happened to it.
type Comparison struct {
	// Name is the file compared with.
	Name   string
	Report *diff.Report
	// Nodes are the open design's nodes that the file lacks or has
	// otherwise (diff.Added, diff.Changed, diff.Renamed), by id.
	Nodes map[string]string
	// Edges are the open design's edges the file lacks or has otherwise,
	// by index.
	Edges map[int]string
	// Ghosts are the file's nodes the open design lacks, where the file
	// puts them; GhostEdges the file's edges it lacks, by their ends'
	// places (a ghost's or a node's).
	Ghosts     []Ghost
	GhostEdges [][2]catalogue.Point
	// GhostGroups are the file's groups the open design lacks, as the
	// frames around where the file put their members.
	GhostGroups []GhostGroup
}

// GhostGroup is a group of the compared file the open design no longer has.
type GhostGroup struct {
	ID, Boundary   string
	X0, Y0, X1, Y1 float64
}

// Ghost is a node of the compared file the open design no longer has.
type Ghost struct {
	ID, Component string
	At            catalogue.Point
}

// compareEdits set a design file beside the open design to see what
// differs (Compare with…), and take it away. The comparison is of the
// session: it never changes the design, and tells the user through the
// Store's commit.
type compareEdits struct{ s *Store }

// CompareWith sets a design file (YAML, or a picture that carries one)
// beside the open design, to see what differs; it refuses a file the
// catalogue refuses, with every problem, and changes nothing then.
func (ed compareEdits) CompareWith(name string, data []byte) error {
	if picture.Is(data) {
		yaml, err := picture.Design(data)
		if err != nil {
			return catalogue.ErrorList{&catalogue.Error{Pos: catalogue.Pos{File: name, Line: 1, Column: 1}, Code: diag.CodePicture, Msg: err.Error()}}
		}
		data = yaml
	}
	with, errs := ed.s.cat.ReadDesign(name, data)
	if len(errs) > 0 {
		return errs
	}
	drawing.PlaceUnplaced(with) // its ghosts need a place
	c := &comparison{name: name, with: diff.Resolved(ed.s.cat, with)}
	r := c.compare(ed.s.Document).Report
	what := "no semantic difference"
	if !r.Empty() {
		what = fmt.Sprintf("%d %s, %d %s and %d %s differ", len(r.Nodes), plural(len(r.Nodes), "node"), len(r.Edges), plural(len(r.Edges), "edge"), len(r.Groups), plural(len(r.Groups), "group"))
	}
	ed.s.commit(change{comparing: true, compare: c, compareErrors: &[]string{},
		notice: &Notice{Text: "Comparing with " + name + ": " + what + ". The design is unchanged."}})
	return nil
}

// SetCompareErrors sets (or, with nil, dismisses) the problems listed.
func (ed compareEdits) SetCompareErrors(lines []string) {
	ed.s.commit(change{compareErrors: &lines})
}

// StopComparing takes the comparison away.
func (ed compareEdits) StopComparing() {
	if ed.s.compare != nil {
		ed.s.commit(change{comparing: true, notice: &Notice{Text: "Stopped comparing."}})
	}
}

// Comparison is the comparison with the file Compare with… set, brought up
// to date with the open design; nil when there is none.
func (ed compareEdits) Comparison() *Comparison {
	if ed.s.compare == nil {
		return nil
	}
	return ed.s.compare.compare(ed.s.Document)
}

// compare is the comparison with the document as it is now, kept until
// the document changes.
func (c *comparison) compare(doc *Document) *Comparison {
	if c.report != nil && c.design == doc.design && c.resolution == doc.resolution {
		return c.report
	}
	r := diff.CompareSides(c.with, diff.Side{Design: doc.design, Resolution: doc.resolution, Analysis: doc.analysis})
	out := &Comparison{Name: c.name, Report: r, Nodes: map[string]string{}, Edges: map[int]string{}}
	old := map[string]catalogue.Point{}
	for _, n := range c.with.Design.Nodes {
		if n.Position != nil {
			old[n.ID] = *n.Position
		}
	}
	for _, n := range r.Nodes {
		if n.Change == diff.Removed {
			out.Ghosts = append(out.Ghosts, Ghost{ID: n.ID, Component: n.Component, At: old[n.ID]})
		} else {
			out.Nodes[n.ID] = n.Change
		}
	}
	// A removed edge is drawn between where its ends are: a ghost, or
	// the node its old id now names.
	renamed := map[string]string{}
	for _, n := range r.Nodes {
		if n.Change == diff.Renamed {
			renamed[n.Was] = n.ID
		}
	}
	ghost := map[string]bool{}
	for _, g := range out.Ghosts {
		ghost[g.ID] = true
	}
	place := func(id string) (catalogue.Point, bool) {
		if ghost[id] {
			return old[id], true
		}
		if to, ok := renamed[id]; ok {
			id = to
		}
		if n := doc.Node(id); n != nil && n.Position != nil {
			return *n.Position, true
		}
		return catalogue.Point{}, false
	}
	for _, e := range r.Edges {
		if e.Change != diff.Removed {
			out.Edges[e.Index] = e.Change
			continue
		}
		a, okA := place(e.From)
		b, okB := place(e.To)
		if okA && okB {
			out.GhostEdges = append(out.GhostEdges, [2]catalogue.Point{a, b})
		}
	}
	out.GhostGroups = ghostGroups(c.with.Design, r)
	c.report, c.design, c.resolution = out, doc.design, doc.resolution
	return out
}

// ghostGroups are the frames of the groups r says were removed, around
// their members (inner groups' included) where file d puts them; a group
// that held no node has none.
func ghostGroups(d *catalogue.Design, r *diff.Report) []GhostGroup {
	parent := map[string]string{}
	for _, g := range d.Groups {
		parent[g.ID] = g.In
	}
	within := func(in, group string) bool {
		for seen := 0; in != "" && seen <= len(d.Groups); seen++ {
			if in == group {
				return true
			}
			in = parent[in]
		}
		return false
	}
	var out []GhostGroup
	for _, g := range r.Groups {
		if g.Change != diff.Removed {
			continue
		}
		f := GhostGroup{ID: g.ID, Boundary: g.Boundary, X0: math.Inf(1), Y0: math.Inf(1), X1: math.Inf(-1), Y1: math.Inf(-1)}
		for _, n := range d.Nodes {
			if n.Position == nil || !within(n.In, g.ID) {
				continue
			}
			f.X0, f.Y0 = min(f.X0, n.Position.X), min(f.Y0, n.Position.Y)
			f.X1, f.Y1 = max(f.X1, n.Position.X+drawing.NodeWidth), max(f.Y1, n.Position.Y+drawing.NodeHeight)
		}
		if math.IsInf(f.X0, 1) {
			continue
		}
		f.X0, f.Y0, f.X1, f.Y1 = f.X0-drawing.GroupPad, f.Y0-drawing.GroupPad-drawing.GroupLabel, f.X1+drawing.GroupPad, f.Y1+drawing.GroupPad
		out = append(out, f)
	}
	return out
}
