package app

import (
	"errors"
	"fmt"
	"github.com/archdesigner/designer/catalogue/drawing"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
	"github.com/archdesigner/designer/catalogue/importer"
)

// maxHistory bounds the undo history.
const maxHistory = 200

// Selection is what the user has selected: a node, an edge, a group, a
// note, or nothing.
type Selection struct {
	Node  string // a node id, or ""
	Edge  int    // an edge index, or -1
	Group string // a group id, or ""
	Note  int    // a note's index + 1, or 0 (so that the zero value is none)
}

// none is the empty selection.
func none() Selection { return Selection{Edge: -1} }

// Notice is what the last action wants the user to know (the overrides a
// component swap dropped, why an edit was refused), or nothing.
type Notice struct {
	Text  string
	Error bool // a refusal
}

// Store is the editor's single source of truth: the catalogue, the design,
// its undo history and what is derived from it (the document), and the
// selection, panels, collapsed groups, the failing group and the view (the
// session). Components render from it and change it only through its
// methods, and every change, whatever its kind, ends in commit (changes.go):
// it keeps the undo history as the change's history mode says, sets the
// notice, reconciles the selection with the design, bumps the version when
// anything drawn changed, and tells every subscriber what changed (see
// Subscribe). Edits go through update first, which applies them to a copy
// and refuses the copy if the catalogue finds a problem, so a failed edit
// never half-changes the design.
type Store struct {
	// OnExported is called after the design was exported as a file by a
	// part of the editor other than the toolbar (Export picture), for the
	// history to record it.
	OnExported func()

	cat *catalogue.Catalogue
	// mappings are the import mappings, read when first needed (see Read).
	mappings   *importer.Mappings
	design     *catalogue.Design
	resolution *catalogue.Resolution
	// resolver resolves each design from the last (for catalogue
	// resolverCat).
	resolver    *analysis.Resolver
	resolverCat *catalogue.Catalogue
	analysis    *analysis.Report
	selection   Selection
	// extra are the nodes selected with the selection's node (Shift-click,
	// a rubber band, Ctrl+A), counted by extraVersion's changes.
	extra        map[string]bool
	extraVersion int
	version      int
	notice       Notice
	readOnly     bool
	// subscribers hear every commit (see Subscribe); nextSub numbers them.
	subscribers map[int]func(*Store, Changed)
	nextSub     int

	past, future []*catalogue.Design
	// compare is the design Compare with… set beside this one, or nil;
	// compareErrors why the last file given to it could not be.
	compare       *comparison
	compareErrors []string
	// shared says the design is one a share link carried: nothing of it,
	// nor of its view, is stored.
	shared bool
	// collapsed are the groups drawn as one box: a view of the design,
	// neither saved nor undone.
	collapsed map[string]bool
	// hidden are the side panels (PanelPalette, PanelInspector) the user
	// folded away, for the canvas to have their width.
	hidden map[string]bool
	// widths are the side panels' widths the user chose, in pixels.
	widths map[string]int
	// autoAt is where the editor placed each node it added (from the
	// palette): such a node still there is new to Tidy up (see NewNodes).
	autoAt map[string]catalogue.Point
	// view is the part of the canvas on screen, in canvas coordinates, as
	// the canvas last reported it (zero before it has), so that new nodes
	// land in view.
	view drawing.Rect
	// failing is the group whose failure the canvas shows (a view, like
	// collapsed), with the nodes it takes and the entries it cuts.
	failing   string
	lost, cut map[string]bool
	spofs     map[string]bool
	nodeIndex map[string]int
	groupIDs  map[string]int
	resolved  map[string]int
	// violations are the indexes of each node's own unsuppressed
	// violations in the resolution's.
	violations map[string][]int32
	// edgeViolations are the connection rules' violations, by the edge's
	// ends (violations holds the nodes' own).
	edgeViolations map[catalogue.EdgeRef][]int32
}

// NewStore returns a store holding an empty design.
func NewStore(cat *catalogue.Catalogue) *Store {
	s := &Store{cat: cat, selection: none()}
	s.index(&catalogue.Design{SchemaVersion: catalogue.SchemaVersion})
	return s
}

// Catalogue returns the catalogue the design is resolved against.
func (s *Store) Catalogue() *catalogue.Catalogue { return s.cat }

// Design returns the design. Callers read it and never change it: the store
// replaces it on every change (copy on write).
func (s *Store) Design() *catalogue.Design { return s.design }

// Resolution returns the design's resolved properties and violations.
func (s *Store) Resolution() *catalogue.Resolution { return s.resolution }

// Selection returns what is selected.
func (s *Store) Selection() Selection { return s.selection }

// Version counts changes of anything the store shows; components compare it
// instead of deep-comparing the design.
func (s *Store) Version() int { return s.version }

// Notice returns what the last action wants the user to know.
func (s *Store) Notice() Notice { return s.notice }

// Shared reports whether the design is one a share link carried, which
// the editor and the canvas store nothing of (the design, its view, the
// canvas's settings).
func (s *Store) Shared() bool { return s.shared }

// SetShared marks the design as a share link's, or not (see Shared).
func (s *Store) SetShared(shared bool) { s.commit(change{shared: &shared}) }

// ReadOnly reports whether changes of the design are refused (an embedding
// host's choice); selecting still works.
func (s *Store) ReadOnly() bool { return s.readOnly }

// index makes d the design and re-resolves it: incrementally, from what
// the last resolution found (see analysis.Resolver), and keeping the
// indexes by id while the nodes are the same, in the same order.
func (s *Store) index(d *catalogue.Design) {
	sameNodes := s.design != nil && s.resolver != nil && s.resolverCat == s.cat && len(s.design.Nodes) == len(d.Nodes)
	for i := 0; sameNodes && i < len(d.Nodes); i++ {
		sameNodes = s.design.Nodes[i].ID == d.Nodes[i].ID
	}
	s.design = d
	if !sameNodes {
		s.nodeIndex = make(map[string]int, len(d.Nodes))
		for i, n := range d.Nodes {
			s.nodeIndex[n.ID] = i
		}
	}
	s.groupIDs = make(map[string]int, len(d.Groups))
	for i, g := range d.Groups {
		s.groupIDs[g.ID] = i
	}
	if s.resolver == nil || s.resolverCat != s.cat {
		s.resolver, s.resolverCat = analysis.NewResolver(s.cat), s.cat
	}
	s.resolution, s.analysis = s.resolver.Resolve(d)
	s.spofs = map[string]bool{}
	for _, sp := range s.analysis.SPOFs {
		if sp.Node != "" {
			s.spofs[sp.Node] = true
		}
	}
	s.lost, s.cut = nil, nil
	if s.failing != "" {
		s.lost, s.cut = s.analysis.Lost(s.failing)
	}
	if !sameNodes || len(s.resolved) != len(s.resolution.Nodes) {
		s.resolved = make(map[string]int, len(s.resolution.Nodes))
		for i, n := range s.resolution.Nodes {
			s.resolved[n.ID] = i
		}
	}
	// By index into the resolution's violations: copying thousands of
	// violations on every edit was most of what indexing allocated.
	s.violations = map[string][]int32{}
	s.edgeViolations = map[catalogue.EdgeRef][]int32{}
	for i := range s.resolution.Violations {
		switch v := &s.resolution.Violations[i]; {
		case v.Suppressed:
		case v.Edge != nil:
			s.edgeViolations[*v.Edge] = append(s.edgeViolations[*v.Edge], int32(i))
		default:
			s.violations[v.Node] = append(s.violations[v.Node], int32(i))
		}
	}
}

// violationsAt returns the resolution's violations at indexes, worst first.
func (s *Store) violationsAt(indexes []int32) []catalogue.Violation {
	if len(indexes) == 0 {
		return nil
	}
	vs := make([]catalogue.Violation, len(indexes))
	for k, i := range indexes {
		vs[k] = s.resolution.Violations[i]
	}
	worstFirst(vs)
	return vs
}

// reconcile drops a selection the design no longer has.
func (s *Store) reconcile() {
	if s.selection.Node != "" {
		if _, ok := s.nodeIndex[s.selection.Node]; !ok {
			s.selection = none()
		}
	}
	if s.selection.Edge >= len(s.design.Edges) {
		s.selection = none()
	}
	if s.selection.Group != "" && s.groupIndex(s.selection.Group) < 0 {
		s.selection = none()
	}
	if s.selection.Note > len(s.design.Notes) {
		s.selection = none()
	}
	s.reconcileExtra()
	for id := range s.collapsed {
		if s.groupIndex(id) < 0 {
			delete(s.collapsed, id)
		}
	}
	if s.failing != "" && s.groupIndex(s.failing) < 0 {
		s.failing, s.lost, s.cut = "", nil, nil
	}
}

// update applies edit to a copy of the design and commits it, recording the
// undo step, when the catalogue accepts the result. edit may return a
// notice for the user; sel, if not nil, is the selection after the change.
func (s *Store) update(edit func(d *catalogue.Design) (string, error), sel *Selection) error {
	return s.updateWith(edit, change{selection: sel}, false)
}

// updateAnyway is update for the embedding host, which may change a design
// it made read-only.
func (s *Store) updateAnyway(edit func(d *catalogue.Design) (string, error), sel *Selection) error {
	return s.updateWith(edit, change{selection: sel}, true)
}

// edit is update with more of the session changed in the same commit (the
// selection, where new nodes were placed, a reveal).
func (s *Store) edit(edit func(d *catalogue.Design) (string, error), c change) error {
	return s.updateWith(edit, c, false)
}

// updateWith applies edit to a copy of the design and commits it with c,
// recorded for undo, when the catalogue accepts the result; host allows it
// on a read-only design.
func (s *Store) updateWith(edit func(d *catalogue.Design) (string, error), c change, host bool) error {
	if s.readOnly && !host {
		return errReadOnly
	}
	work := cloneDesign(s.design)
	notice, err := edit(work)
	if err != nil {
		return err
	}
	if errs := s.cat.Check(work); len(errs) > 0 {
		return errs
	}
	c.design, c.history, c.notice = work, Recorded, &Notice{Text: notice}
	s.commit(c)
	return nil
}

var errReadOnly = errors.New("this design is read-only here")

// Report shows the outcome of an action that the user should see: a
// refusal (err) or nothing when err is nil.
func (s *Store) Report(err error) {
	if err != nil {
		s.commit(change{notice: &Notice{Text: err.Error(), Error: true}})
	}
}

// Say shows an informational message.
func (s *Store) Say(msg string) { s.commit(change{notice: &Notice{Text: msg}}) }

// cloneDesign copies the design's slices; nodes' Props maps and Positions are
// shared, so changes replace them instead of mutating (copy on write).
func cloneDesign(d *catalogue.Design) *catalogue.Design {
	c := *d
	c.Nodes = append([]catalogue.Node(nil), d.Nodes...)
	c.Edges = append([]catalogue.Edge(nil), d.Edges...)
	c.Suppress = slices.Clone(d.Suppress)
	c.Groups = slices.Clone(d.Groups)
	c.Notes = slices.Clone(d.Notes)
	c.Positions = nil
	return &c
}

// CanUndo reports whether there is a change to undo (none while the design
// is read-only).
func (s *Store) CanUndo() bool { return len(s.past) > 0 && !s.readOnly }

// CanRedo reports whether there is an undone change to redo (none while the
// design is read-only).
func (s *Store) CanRedo() bool { return len(s.future) > 0 && !s.readOnly }

// Undo reverts the last change.
func (s *Store) Undo() bool { return s.travel(&s.past, &s.future, "Undone.") }

// Redo applies the last undone change again.
func (s *Store) Redo() bool { return s.travel(&s.future, &s.past, "Redone.") }

// travel moves one design from the top of from to the top of to, making it
// the design.
func (s *Store) travel(from, to *[]*catalogue.Design, notice string) bool {
	if len(*from) == 0 || s.readOnly {
		return false // CanUndo and CanRedo say so
	}
	*to = append(*to, s.design)
	d := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	mode := Undone
	if from == &s.future {
		mode = Redone
	}
	c := change{design: d, history: mode, notice: &Notice{Text: notice}}
	if s.selection.Edge >= 0 || s.selection.Note > 0 {
		// Edges and notes are selected by index, which the step may have
		// shifted: another one would be selected in its place.
		sel := none()
		c.selection = &sel
	}
	s.commit(c)
	return true
}

// Select selects a node (or nothing with ""). It is not a design change.
func (s *Store) Select(id string) {
	if _, ok := s.nodeIndex[id]; !ok {
		id = ""
	}
	if sel := (Selection{Node: id, Edge: -1}); sel != s.selection || len(s.extra) > 0 {
		s.commit(change{selection: &sel, setExtra: true})
	}
}

// Reveal selects a node and asks the canvas to bring it into view.
func (s *Store) Reveal(id string) {
	if i, ok := s.nodeIndex[id]; ok {
		// A node inside a collapsed group comes into view with it open.
		for g := s.design.Nodes[i].In; g != ""; {
			delete(s.collapsed, g)
			gi := s.groupIndex(g)
			if gi < 0 {
				break
			}
			if g = s.design.Groups[gi].In; len(s.collapsed) == 0 {
				break
			}
		}
	} else {
		id = ""
	}
	s.commit(change{selection: &Selection{Node: id, Edge: -1}, reveal: true, session: true})
}

// Analysis returns what the design guarantees (see package analysis), for
// the design as it is now.
func (s *Store) Analysis() *analysis.Report { return s.analysis }

// Failing returns the group whose failure the canvas shows, or "".
func (s *Store) Failing() string { return s.failing }

// SetFailing shows what the failure of group id takes (the canvas dims it,
// the Analysis region lists it), or, with "", stops. It is a view: neither
// saved nor undone.
func (s *Store) SetFailing(id string) {
	if id != "" && s.groupIndex(id) < 0 || id == s.failing {
		return
	}
	s.commit(change{failing: &id})
}

// Lost reports whether the failing group takes node id.
func (s *Store) Lost(id string) bool { return s.lost[id] }

// Cut reports whether the failing group cuts entry point id off from what
// it waits on.
func (s *Store) Cut(id string) bool { return s.cut[id] }

// SPOF reports whether node id alone can cut an entry point off.
func (s *Store) SPOF(id string) bool { return s.spofs[id] }

// Collapsed reports whether group id is drawn as one box.
func (s *Store) Collapsed(id string) bool { return s.collapsed[id] }

// The side panels that fold away.
const (
	PanelPalette   = "palette"
	PanelInspector = "inspector"
)

// PanelHidden reports whether side panel name is folded away.
func (s *Store) PanelHidden(name string) bool { return s.hidden[name] }

// PanelWidth is the width the user gave side panel name, or 0 when it has
// the stylesheet's.
func (s *Store) PanelWidth(name string) int { return s.widths[name] }

// SetPanelWidth records the width the user gave side panel name (a view,
// like HidePanel).
func (s *Store) SetPanelWidth(name string, w int) {
	if s.widths[name] == w {
		return
	}
	widths := maps.Clone(s.widths)
	if widths == nil {
		widths = map[string]int{}
	}
	widths[name] = w
	s.commit(change{widths: widths})
}

// HidePanel folds side panel name away, or with false shows it again (a
// view, like Collapsed: not part of the design, not undoable).
func (s *Store) HidePanel(name string, hidden bool) {
	if s.hidden[name] == hidden {
		return
	}
	panels := maps.Clone(s.hidden)
	if panels == nil {
		panels = map[string]bool{}
	}
	panels[name] = hidden
	s.commit(change{hidden: panels})
}

// SetCollapsed draws group id as one box (its member count and worst
// problem, with the edges to what it holds attached to it), or opens it.
func (s *Store) SetCollapsed(id string, collapsed bool) {
	if s.groupIndex(id) < 0 || s.collapsed[id] == collapsed {
		return
	}
	groups := maps.Clone(s.collapsed)
	if groups == nil {
		groups = map[string]bool{}
	}
	if collapsed {
		groups[id] = true
	} else {
		delete(groups, id)
	}
	s.commit(change{collapsed: groups})
}

// SelectEdge selects edge i.
func (s *Store) SelectEdge(i int) {
	if i >= 0 && i < len(s.design.Edges) && s.selection.Edge != i {
		s.commit(change{selection: &Selection{Edge: i}})
	}
}

// Node returns the node with id, or nil.
func (s *Store) Node(id string) *catalogue.Node {
	if i, ok := s.nodeIndex[id]; ok {
		return &s.design.Nodes[i]
	}
	return nil
}

// Position returns where node id is drawn (its position, or its grid cell
// when it has none), and false when there is no such node.
func (s *Store) Position(id string) (x, y float64, ok bool) {
	i, ok := s.nodeIndex[id]
	if !ok {
		return 0, 0, false
	}
	x, y = drawing.Position(&s.design.Nodes[i], i)
	return x, y, true
}

// Resolved returns the resolved node with id, or nil.
func (s *Store) Resolved(id string) *catalogue.ResolvedNode {
	if i, ok := s.resolved[id]; ok {
		return &s.resolution.Nodes[i]
	}
	return nil
}

// Violations returns the violations of node id that are not suppressed,
// worst first.
func (s *Store) Violations(id string) []catalogue.Violation { return s.violationsAt(s.violations[id]) }

// EdgeViolations returns the unsuppressed violations of the connection
// rules on edge i, worst first.
func (s *Store) EdgeViolations(i int) []catalogue.Violation {
	if i < 0 || i >= len(s.design.Edges) {
		return nil
	}
	e := s.design.Edges[i]
	return s.violationsAt(s.edgeViolations[catalogue.EdgeRef{From: e.From, To: e.To}])
}

// worstFirst orders violations by severity, keeping their order otherwise.
func worstFirst(vs []catalogue.Violation) {
	slices.SortStableFunc(vs, func(a, b catalogue.Violation) int { return b.Severity.Rank() - a.Severity.Rank() })
}

// RevealEdge selects the first edge from one node to another and asks the
// canvas to bring it into view.
func (s *Store) RevealEdge(from, to string) {
	for i, e := range s.design.Edges {
		if e.From == from && e.To == to {
			s.commit(change{selection: &Selection{Edge: i}, reveal: true})
			return
		}
	}
}

// Worst returns the worst severity among node id's violations, or "".
func (s *Store) Worst(id string) catalogue.Severity {
	var worst catalogue.Severity
	for _, i := range s.violations[id] {
		if sev := s.resolution.Violations[i].Severity; sev.Rank() > worst.Rank() {
			worst = sev
		}
	}
	return worst
}

// NewDesign replaces the design with an empty one (undoable).
func (s *Store) NewDesign() error {
	return s.update(func(d *catalogue.Design) (string, error) {
		*d = catalogue.Design{SchemaVersion: catalogue.SchemaVersion}
		return "", nil
	}, nil)
}

// Import replaces the design with one read from YAML, or from a picture
// Export picture drew (undoable), or returns every problem and leaves the
// design untouched.
func (s *Store) Import(name string, data []byte) error {
	next, _, err := s.parse(name, data)
	if err != nil {
		return err
	}
	return s.Replace(name, next)
}

// Replace makes next, read from the file name, the design (undoable),
// laying out what has no position.
func (s *Store) Replace(name string, next *catalogue.Design) error {
	return s.replace(name, next, false)
}

// replace is Replace; host says the embedding host asks, which a read-only
// editor takes.
func (s *Store) replace(name string, next *catalogue.Design, host bool) error {
	edit := s.update
	if host {
		edit = s.updateAnyway
	}
	err := edit(func(d *catalogue.Design) (string, error) {
		*d = *next
		notice := fmt.Sprintf("Imported %s: %d nodes, %d edges.", name, len(next.Nodes), len(next.Edges))
		// A design written without positions is laid out.
		if placed := drawing.PlaceUnplaced(d); placed > 0 {
			notice += fmt.Sprintf(" Laid out %d %s that had no position.", placed, plural(placed, "node"))
		}
		return notice, nil
	}, &Selection{Edge: -1})
	if err == nil {
		s.autoAt = nil // another design: its nodes are where its file put them
	}
	return err
}

// Read reads a design file as Import does, without changing the design: a
// design (YAML, or a picture Export picture drew), or a file another tool
// wrote (a docker-compose file, Kubernetes manifests, a Terraform plan, a
// CloudFormation template), imported as designer import does. It returns
// the design laid out where it has no positions, its text as the editor
// writes it, and what an import left out, a line each.
func (s *Store) Read(name string, data []byte) (*catalogue.Design, string, []string, error) {
	d, report, err := s.parse(name, data)
	if err != nil {
		return nil, "", nil, err
	}
	d.Positions = nil
	drawing.PlaceUnplaced(d)
	return d, string(catalogue.EncodeDesignYAML(d)), report, nil
}

// parse reads a file Import takes into a design, once: what an import of
// another tool's file left out is its report. The mappings are loaded on
// the first import of another tool's file.
func (s *Store) parse(name string, data []byte) (*catalogue.Design, []string, error) {
	if s.mappings == nil && importer.Detect(data) != "" {
		m, err := importer.LoadMappings(s.cat, catalogue.EmbeddedImports())
		if err != nil {
			return nil, nil, err
		}
		s.mappings = m
	}
	return importer.Read(s.cat, s.mappings, name, data)
}

// Paste adds a design fragment (YAML or JSON, as Export writes it) to the
// design as one undoable step: its groups, nodes, edges, notes and suppressions,
// each node or group whose id is taken renamed (kafka → kafka-2) with its
// references, placed to the right of what is drawn. A fragment the
// catalogue refuses changes nothing.
func (s *Store) Paste(name string, data []byte) error {
	frag, errs := s.cat.ReadDesign(name, data)
	if len(errs) > 0 {
		return errs
	}
	if len(frag.Nodes) == 0 && len(frag.Groups) == 0 && len(frag.Notes) == 0 {
		return nil
	}
	var renamed, pasted []string
	err := s.update(func(d *catalogue.Design) (string, error) {
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
			if i := s.groupIndex(g.ID); i >= 0 && d.Groups[i].Boundary == g.Boundary {
				groups[g.ID], kept[g.ID] = g.ID, true
				continue
			}
			groups[g.ID] = fresh(g.ID)
		}
		nodes := map[string]string{}
		for _, n := range frag.Nodes {
			nodes[n.ID] = fresh(n.ID)
		}
		dx, dy := s.pasteOffset(d, frag)
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
			if n.Position != nil {
				n.Position = &catalogue.Point{X: n.Position.X + dx, Y: n.Position.Y + dy}
			}
			d.Nodes = append(d.Nodes, n)
		}
		for _, e := range frag.Edges {
			e.From, e.To = nodes[e.From], nodes[e.To]
			d.Edges = append(d.Edges, e)
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
				note.On = groups[note.On]
			case note.Position != nil:
				note.Position = &catalogue.Point{X: note.Position.X + dx, Y: note.Position.Y + dy}
			}
			d.Notes = append(d.Notes, note)
		}
		notice := fmt.Sprintf("Pasted %d %s and %d %s.", len(frag.Nodes), plural(len(frag.Nodes), "node"), len(frag.Edges), plural(len(frag.Edges), "edge"))
		if len(renamed) > 0 {
			notice += " Renamed where taken: " + strings.Join(renamed, ", ") + "."
		}
		return notice, nil
	}, &Selection{Edge: -1})
	if err == nil {
		s.SelectNodes(pasted) // to move or delete them at once
	}
	return err
}

// pasteOffset is how far a pasted fragment's nodes move from where they
// were: beside themselves, to the right or below (where a copy of nodes of
// the design lands next to them, as Duplicate does), else to the middle of
// the view, whichever lands in view on no node first; else to the right of
// what is drawn.
func (s *Store) pasteOffset(d *catalogue.Design, frag *catalogue.Design) (float64, float64) {
	fb, ok := drawing.DesignBounds(frag)
	if !ok {
		return 0, 0
	}
	right := 0.0
	for _, n := range d.Nodes {
		if n.Position != nil {
			right = max(right, n.Position.X+drawing.NodeWidth+60)
		}
	}
	var tries [][2]float64
	if s.view.X1 > s.view.X0 {
		cx, cy := (s.view.X0+s.view.X1)/2, (s.view.Y0+s.view.Y1)/2
		w, h := fb.X1-fb.X0, fb.Y1-fb.Y0
		tries = append(tries, [2]float64{w + 40, 0}, [2]float64{0, h + 40}, [2]float64{math.Round(cx - (fb.X0+fb.X1)/2), math.Round(cy - (fb.Y0+fb.Y1)/2)})
	}
	for _, t := range tries {
		if s.view.Holds(drawing.Rect{X0: fb.X0 + t[0], Y0: fb.Y0 + t[1], X1: fb.X1 + t[0], Y1: fb.Y1 + t[1]}) && !overlapsAny(d, frag, t[0], t[1]) {
			return t[0], t[1]
		}
	}
	return right - fb.X0, 40 - fb.Y0
}

// overlapsAny reports whether a node of frag, moved by dx, dy, would
// overlap a node of d.
func overlapsAny(d, frag *catalogue.Design, dx, dy float64) bool {
	for i := range frag.Nodes {
		if frag.Nodes[i].Position == nil {
			continue
		}
		a := drawing.NodeBox(frag.Nodes[i].Position.X+dx, frag.Nodes[i].Position.Y+dy)
		for j := range d.Nodes {
			b := drawing.NodeBox(drawing.Position(&d.Nodes[j], j))
			if a.X0 < b.X1 && b.X0 < a.X1 && a.Y0 < b.Y1 && b.Y0 < a.Y1 {
				return true
			}
		}
	}
	return false
}

// LoadFromHost is Import for an embedding host, which may load a design
// into an editor it made read-only.
func (s *Store) LoadFromHost(name string, data []byte) error {
	next, _, err := s.parse(name, data)
	if err != nil {
		return err
	}
	return s.replace(name, next, true)
}

// SetReadOnly refuses (or allows again) every change of the design.
func (s *Store) SetReadOnly(readOnly bool) { s.commit(change{readOnly: &readOnly}) }

// Export returns the design as YAML, exactly as the CLI reads it.
func (s *Store) Export() []byte { return catalogue.EncodeDesignYAML(s.design) }

// AddNode adds a node of component id at a free spot, selects it and returns
// its id: the component id, then id-2, id-3… when taken.
func (s *Store) AddNode(componentID string) (string, error) {
	if _, ok := s.cat.Components[componentID]; !ok {
		return "", fmt.Errorf("unknown component %q", componentID)
	}
	id := s.freeID(componentID)
	var at catalogue.Point
	at.X, at.Y = s.spotForNew(s.design)
	autoAt := maps.Clone(s.autoAt)
	if autoAt == nil {
		autoAt = map[string]catalogue.Point{}
	}
	autoAt[id] = at
	// A node placed beside a selection at the view's edge may be outside
	// it: bring it into view.
	reveal := s.view.X1 > s.view.X0 && !s.view.Holds(drawing.NodeBox(at.X, at.Y))
	err := s.edit(func(d *catalogue.Design) (string, error) {
		d.Nodes = append(d.Nodes, catalogue.Node{ID: id, Component: componentID, Position: &at})
		return "", nil
	}, change{selection: &Selection{Node: id, Edge: -1}, autoAt: autoAt, reveal: reveal})
	if err != nil {
		return "", err
	}
	return id, nil
}

// spotForNew is where a new node goes: beside the selected node when it is
// in view, else near the middle of the view, else (before the canvas has
// reported one) the first free grid cell.
func (s *Store) spotForNew(d *catalogue.Design) (float64, float64) {
	if s.view.X1 <= s.view.X0 {
		return drawing.FreeSpot(d)
	}
	if i, ok := s.nodeIndex[s.selection.Node]; ok {
		x, y := drawing.Position(&d.Nodes[i], i)
		if s.view.Holds(drawing.NodeBox(x, y)) {
			return drawing.FreeSpotNear(d, x+drawing.GridX+drawing.NodeWidth/2, y+drawing.NodeHeight/2)
		}
	}
	return drawing.FreeSpotNear(d, (s.view.X0+s.view.X1)/2, (s.view.Y0+s.view.Y1)/2)
}

// SetView records the part of the canvas on screen (canvas coordinates),
// for placing new nodes; it is a view, and changes nothing drawn.
func (s *Store) SetView(x0, y0, x1, y1 float64) {
	if v := (drawing.Rect{X0: x0, Y0: y0, X1: x1, Y1: y1}); v != s.view {
		s.commit(change{view: &v})
	}
}

func (s *Store) freeID(base string) string {
	return nextFreeID(base, func(id string) bool {
		_, node := s.nodeIndex[id]
		return node || s.groupIndex(id) >= 0
	})
}

// nextFreeID is base, or base-2, base-3… the first that taken refuses,
// shortened to stay a valid id (64 characters).
func nextFreeID(base string, taken func(string) bool) string {
	if !taken(base) {
		return base
	}
	// A copy of kafka-2 is kafka-3, not kafka-2-2.
	first := 2
	if at := strings.LastIndexByte(base, '-'); at > 0 {
		if n, err := strconv.Atoi(base[at+1:]); err == nil && n >= 2 && base[at+1] != '0' {
			base, first = base[:at], n+1
		}
	}
	for i := first; ; i++ {
		suffix := "-" + strconv.Itoa(i)
		stem := base
		if len(stem)+len(suffix) > 64 {
			stem = strings.TrimRight(stem[:64-len(suffix)], "-")
		}
		if id := stem + suffix; !taken(id) {
			return id
		}
	}
}

// groupIndex is the index of group id in the design, or -1.
func (s *Store) groupIndex(id string) int {
	if i, ok := s.groupIDs[id]; ok {
		return i
	}
	return -1
}

// Group returns group id of the design, or nil.
func (s *Store) Group(id string) *catalogue.Group {
	if i := s.groupIndex(id); i >= 0 {
		return &s.design.Groups[i]
	}
	return nil
}

// ResolvedGroup returns group id as resolved (its chain and values), or nil.
func (s *Store) ResolvedGroup(id string) *catalogue.ResolvedGroup {
	for i := range s.resolution.Groups {
		if s.resolution.Groups[i].ID == id {
			return &s.resolution.Groups[i]
		}
	}
	return nil
}

// SelectGroup selects group id.
func (s *Store) SelectGroup(id string) {
	if s.groupIndex(id) < 0 {
		return
	}
	if sel := (Selection{Edge: -1, Group: id}); sel != s.selection {
		s.commit(change{selection: &sel})
	}
}

// AddGroup adds a group of boundary, selected. With a node selected, the
// group goes around it: where the node sits (or the nearest group above it
// that the boundary may sit in), and the node moves into it. Otherwise it
// goes inside the selected group when the boundary may sit there, else at
// the top level when it may stand alone, else inside the first group where
// it may sit (a zone in the first region). It refuses a boundary with
// nowhere to go.
func (s *Store) AddGroup(boundary string) (string, error) {
	b := s.cat.Boundaries[boundary]
	if b == nil {
		return "", fmt.Errorf("no boundary %q", boundary)
	}
	parent, found := "", false
	around := ""
	if n := s.Node(s.selection.Node); n != nil {
		around = n.ID
		for at, steps := n.In, 0; at != "" && steps <= len(s.design.Groups); steps++ {
			g := s.Group(at)
			if g == nil {
				break
			}
			if b.Allows(g.Boundary) {
				parent, found = g.ID, true
				break
			}
			at = g.In
		}
	} else if g := s.Group(s.selection.Group); g != nil && b.Allows(g.Boundary) {
		parent, found = g.ID, true
	}
	if !found && b.TopLevel {
		found = true
	}
	for _, g := range s.design.Groups {
		if !found && b.Allows(g.Boundary) {
			parent, found = g.ID, true
		}
	}
	if !found {
		return "", fmt.Errorf("a %s sits %s: add one of those first", boundary, b.Where())
	}
	id := s.freeID(boundary)
	return id, s.update(func(d *catalogue.Design) (string, error) {
		d.Groups = append(d.Groups, catalogue.Group{ID: id, Boundary: boundary, In: parent})
		where := ""
		if parent != "" {
			where = " in " + parent
		}
		if around != "" {
			d.Nodes[s.nodeIndex[around]].In = id
			where += ", around " + around
		}
		return "Added the " + b.Name + " group " + id + where + ".", nil
	}, &Selection{Edge: -1, Group: id})
}

// RenameGroup changes a group's id, keeping what it holds and where it
// sits, as one undoable step.
func (s *Store) RenameGroup(id, newID string) error {
	i := s.groupIndex(id)
	if i < 0 || newID == id {
		return nil
	}
	if !catalogue.ValidID(newID) {
		return fmt.Errorf("%q is not a valid id; use 1 to 64 lower-case letters, digits and single hyphens (like \"eu-west\")", newID)
	}
	if _, taken := s.nodeIndex[newID]; taken || s.groupIndex(newID) >= 0 {
		return fmt.Errorf("%q is already the id of a node or a group", newID)
	}
	if s.collapsed[id] {
		delete(s.collapsed, id)
		s.collapsed[newID] = true
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Groups[i].ID = newID
		moveHeld(d, id, newID)
		renameNotesOn(d, id, newID)
		return "", nil
	}, &Selection{Edge: -1, Group: newID})
}

// MoveGroup moves everything group id holds, however deep, by dx, dy: one
// undoable step (a group's frame follows what it holds).
func (s *Store) MoveGroup(id string, dx, dy float64) error {
	if s.groupIndex(id) < 0 {
		return fmt.Errorf("no group has the id %q", id)
	}
	inside := map[string]bool{id: true}
	for changed := true; changed; {
		changed = false
		for _, g := range s.design.Groups {
			if !inside[g.ID] && inside[g.In] {
				inside[g.ID], changed = true, true
			}
		}
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		for i := range d.Nodes {
			if inside[d.Nodes[i].In] {
				x, y := drawing.Position(&d.Nodes[i], i)
				d.Nodes[i].Position = &catalogue.Point{X: x + dx, Y: y + dy}
			}
		}
		return "", nil
	}, nil)
}

// MoveNodeInto moves node id to x, y and places it in group ("" for none),
// as one undoable step: a node dragged into a group's frame.
func (s *Store) MoveNodeInto(id string, x, y float64, group string) error {
	if group != "" && s.groupIndex(group) < 0 {
		return fmt.Errorf("no group has the id %q", group)
	}
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.Position = &catalogue.Point{X: x, Y: y}
		if n.In == group {
			return "", nil
		}
		n.In = group
		if group == "" {
			return id + " is in no group now.", nil
		}
		return id + " is in " + group + " now.", nil
	})
}

// MoveToGroup places node id in group (none when group is ""), so that it
// inherits what the group says, as one undoable step.
func (s *Store) MoveToGroup(id, group string) error {
	if group != "" && s.groupIndex(group) < 0 {
		return fmt.Errorf("no group has the id %q", group)
	}
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		if n.In == group {
			return "", nil
		}
		n.In = group
		if group == "" {
			return id + " is in no group now.", nil
		}
		return id + " is in " + group + " now.", nil
	})
}

// SetGroupProp sets a value a group says (or, with an unset value, removes
// it), as one undoable step; the catalogue checks it against the boundary.
func (s *Store) SetGroupProp(id, prop string, v catalogue.Value) error {
	i := s.groupIndex(id)
	if i < 0 {
		return fmt.Errorf("no group has the id %q", id)
	}
	return s.update(func(d *catalogue.Design) (string, error) {
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
func (s *Store) DeleteGroup(id string) error {
	i := s.groupIndex(id)
	if i < 0 {
		return fmt.Errorf("no group has the id %q", id)
	}
	parent := s.design.Groups[i].In
	parentBoundary := ""
	if j := s.groupIndex(parent); j >= 0 {
		parentBoundary = s.design.Groups[j].Boundary
	}
	for _, g := range s.design.Groups {
		if b := s.cat.Boundaries[g.Boundary]; g.In == id && b != nil && !b.Allows(parentBoundary) {
			return fmt.Errorf("%s holds %s, a %s, which cannot sit %s; move or delete %s first", id, g.ID, g.Boundary, placeWords(parent, parentBoundary), g.ID)
		}
	}
	sel := none()
	return s.update(func(d *catalogue.Design) (string, error) {
		freed := s.freeNotesOn(d, id)
		d.Groups = slices.Delete(d.Groups, i, i+1)
		moveHeld(d, id, parent)
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

// placeWords says where a group would sit: "at the top level", "in eu".
func placeWords(group, boundary string) string {
	if group == "" {
		return "at the top level"
	}
	return "in " + group + " (a " + boundary + ")"
}

func orNone(group string) string {
	if group == "" {
		return "no group"
	}
	return group
}

// MoveNode moves a node to x, y.
func (s *Store) MoveNode(id string, x, y float64) error {
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.Position = &catalogue.Point{X: x, Y: y}
		return "", nil
	})
}

// editNode applies change to a copy of node id.
func (s *Store) editNode(id string, edit func(n *catalogue.Node) (string, error)) error {
	i, ok := s.nodeIndex[id]
	if !ok {
		return fmt.Errorf("no node has the id %q", id)
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		return edit(&d.Nodes[i])
	}, nil)
}

// SetNodeName gives node id the name the canvas shows for it, or with "",
// none (the canvas shows its id). The name is free text, trimmed, that a
// design may hold (see catalogue.TextProblem).
func (s *Store) SetNodeName(id, name string) error {
	name = strings.TrimSpace(name)
	if _, problem := catalogue.TextProblem(name); problem != "" {
		return fmt.Errorf("%s's name: %s", id, problem)
	}
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.Name = name
		return "", nil
	})
}

// SetEntry marks node id as an entry point of the analysis, or unmarks it.
func (s *Store) SetEntry(id string, entry bool) error {
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.Entry = entry
		return "", nil
	})
}

// SetReplicaOf records that node id is a copy of node of (elsewhere), or
// with "", of none.
func (s *Store) SetReplicaOf(id, of string) error {
	if of != "" {
		if of == id {
			return fmt.Errorf("%s cannot be a replica of itself", id)
		}
		if _, ok := s.nodeIndex[of]; !ok {
			return fmt.Errorf("no node has the id %q", of)
		}
	}
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.ReplicaOf = of
		return "", nil
	})
}

// SetFigure sets one of a node's analysis figures from what the user typed
// (empty clears it): "assume" (an assumed availability, in percent),
// "objective" (its availability objective, in percent) or "durability"
// (the failures it must tolerate).
func (s *Store) SetFigure(id, which, text string) error {
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
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
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

// SetDesignObjective sets the availability every entry point must have,
// from what the user typed (empty clears it).
func (s *Store) SetDesignObjective(text string) error {
	var pct float64
	if text = strings.TrimSpace(text); text != "" {
		p, problem := catalogue.ParsePercent(text)
		if problem != "" {
			return errors.New(problem)
		}
		pct = p
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Objectives.Availability = pct
		return "", nil
	}, nil)
}

// SetProp overrides a property of a node. The value is checked against the
// component's schema; a wrong one leaves the design as it was.
func (s *Store) SetProp(id, prop string, v catalogue.Value) error {
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
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
func (s *Store) ResetProp(id, prop string) error {
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
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
func (s *Store) RenameNode(id, newID string) error {
	if newID == id {
		return nil
	}
	if !catalogue.ValidID(newID) {
		return fmt.Errorf("%q is not a valid id; use 1 to 64 lower-case letters, digits and single hyphens (like \"kafka-2\")", newID)
	}
	if _, taken := s.nodeIndex[newID]; taken {
		return fmt.Errorf("%q is already the id of another node", newID)
	}
	if s.groupIndex(newID) >= 0 {
		return fmt.Errorf("%q is the id of a group; a node needs an id of its own", newID)
	}
	var sel *Selection
	if s.selection.Node == id {
		sel = &Selection{Node: newID, Edge: -1}
	}
	err := s.update(func(d *catalogue.Design) (string, error) {
		d.Nodes[s.nodeIndex[id]].ID = newID
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
	}, sel)
	if err == nil && s.autoAt != nil {
		// Still new under its new id (and under the old one again after
		// an undo, so the old entry stays); an entry left under the new
		// id by a deleted node is not this node's.
		if at, ok := s.autoAt[id]; ok {
			s.autoAt[newID] = at
		} else {
			delete(s.autoAt, newID)
		}
	}
	return err
}

// SwapComponent replaces a node's component with another of the same kind,
// keeping the overrides that still apply and saying which it dropped.
func (s *Store) SwapComponent(id, componentID string) error {
	next, ok := s.cat.Components[componentID]
	if !ok {
		return fmt.Errorf("unknown component %q", componentID)
	}
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		cur := s.cat.Components[n.Component]
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

// Connect adds an edge from one node to another.
func (s *Store) Connect(from, to string) error {
	if from == to {
		return errors.New("a node cannot connect to itself")
	}
	for _, id := range []string{from, to} {
		if _, ok := s.nodeIndex[id]; !ok {
			return fmt.Errorf("no node has the id %q", id)
		}
	}
	for _, e := range s.design.Edges {
		if e.From == from && e.To == to {
			return fmt.Errorf("%s is already connected to %s", from, to)
		}
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Edges = append(d.Edges, catalogue.Edge{From: from, To: to})
		return "", nil
	}, nil)
}

// DeleteNode removes a node and its edges.
func (s *Store) DeleteNode(id string) error {
	i, ok := s.nodeIndex[id]
	if !ok {
		return fmt.Errorf("no node has the id %q", id)
	}
	sel := s.selection
	if sel.Edge >= 0 {
		// Edges are selected by index: follow the selected one to its new
		// index, or drop it with the node.
		shift := 0
		for j, e := range s.design.Edges[:sel.Edge+1] {
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
	return s.update(func(d *catalogue.Design) (string, error) {
		if freed := s.removeNode(d, i); freed > 0 {
			return "Deleted " + id + notesKept(freed) + ".", nil
		}
		return "", nil
	}, &sel)
}

// removeNode removes node i from d with its edges and suppressions; its
// replicas stay replicas of each other, and its notes stay where they are
// drawn (how many is returned).
func (s *Store) removeNode(d *catalogue.Design, i int) (freed int) {
	gone := d.Nodes[i]
	id := gone.ID
	freed = s.freeNotesOn(d, id)
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

// ApplyFix makes the change a violation's fix offers, as one undoable step.
func (s *Store) ApplyFix(f catalogue.Fix) error {
	return s.editNode(f.Node, func(n *catalogue.Node) (string, error) {
		d := &catalogue.Design{Nodes: []catalogue.Node{*n}}
		f.Apply(d)
		*n = d.Nodes[0]
		return "Fixed: " + strings.TrimPrefix(f.Label(), "Fix: ") + ".", nil
	})
}

// Suppress acknowledges the violations of rule on node (every node when
// node is ""), for reason, as one undoable step. The reason is required.
func (s *Store) Suppress(rule, node, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return errors.New("say why the design accepts this violation; a suppression needs a reason")
	}
	if _, problem := catalogue.TextProblem(reason); problem != "" {
		return errors.New("the reason: " + problem)
	}
	for _, sup := range s.design.Suppress {
		if sup.Rule == rule && sup.Node == node {
			return fmt.Errorf("rule %s is already suppressed here", rule)
		}
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Suppress = append(d.Suppress, catalogue.Suppression{Rule: rule, Node: node, Reason: reason})
		return "Suppressed " + rule + suppressedWhere(node) + ".", nil
	}, nil)
}

// Unsuppress removes the suppression of rule on node, as one undoable step.
func (s *Store) Unsuppress(rule, node string) error {
	i := slices.IndexFunc(s.design.Suppress, func(sup catalogue.Suppression) bool { return sup.Rule == rule && sup.Node == node })
	if i < 0 {
		return fmt.Errorf("rule %s is not suppressed%s", rule, suppressedWhere(node))
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Suppress = slices.Delete(d.Suppress, i, i+1)
		return "Unsuppressed " + rule + suppressedWhere(node) + ".", nil
	}, nil)
}

// suppressedWhere names where a suppression applies, for messages.
func suppressedWhere(node string) string {
	if node == "" {
		return " on every node"
	}
	return " on " + node
}

// DeleteEdge removes edge i.
func (s *Store) DeleteEdge(i int) error {
	if i < 0 || i >= len(s.design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	sel := s.selection
	switch {
	case sel.Edge == i:
		sel = none()
	case sel.Edge > i:
		sel.Edge-- // edges are selected by index
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Edges = slices.Delete(d.Edges, i, i+1)
		return "", nil
	}, &sel)
}

// DeleteSelection removes the selected node or edge, if any.
func (s *Store) DeleteSelection() error {
	switch {
	case len(s.extra) > 0:
		return s.DeleteNodes(s.SelectedNodes())
	case s.selection.Node != "":
		return s.DeleteNode(s.selection.Node)
	case s.selection.Edge >= 0:
		return s.DeleteEdge(s.selection.Edge)
	case s.selection.Group != "":
		return s.DeleteGroup(s.selection.Group)
	case s.selection.Note > 0:
		return s.DeleteNote(s.selection.Note - 1)
	}
	return nil
}

// SetEdgeLabel changes the label of edge i.
func (s *Store) SetEdgeLabel(i int, label string) error {
	if i < 0 || i >= len(s.design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	if _, problem := catalogue.TextProblem(label); problem != "" {
		return errors.New("the label is not kept: " + problem)
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Edges[i].Label = label
		return "", nil
	}, nil)
}

// EdgeFlow returns the flow edge i carries and where it comes from: the
// edge's own, or its kinds' (see catalogue.EdgeFlow).
func (s *Store) EdgeFlow(i int) (catalogue.Flow, catalogue.Source) {
	e := s.design.Edges[i]
	return catalogue.EdgeFlow(e, s.kindOf(e.From), s.kindOf(e.To))
}

// kindOf is the kind of node id's component, or nil.
func (s *Store) kindOf(id string) *catalogue.Kind {
	if n := s.Node(id); n != nil {
		if comp := s.cat.Components[n.Component]; comp != nil {
			return s.cat.Kinds[comp.Kind]
		}
	}
	return nil
}

// SetEdgeFlow sets what edge i carries, or with "" leaves it to the kinds.
func (s *Store) SetEdgeFlow(i int, flow catalogue.Flow) error {
	if i < 0 || i >= len(s.design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	if flow != "" && !slices.Contains(catalogue.Flows, string(flow)) {
		return fmt.Errorf("%q is not a flow; use one of %s", flow, strings.Join(catalogue.Flows, ", "))
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Edges[i].Flow = flow
		return "", nil
	}, nil)
}

// SetEdgeProtocol sets the protocol edge i speaks, or with "" none.
func (s *Store) SetEdgeProtocol(i int, protocol string) error {
	if i < 0 || i >= len(s.design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	if protocol != "" && s.cat.Protocols[protocol] == nil {
		return fmt.Errorf("%q is not one of the catalogue's protocols", protocol)
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Edges[i].Protocol = protocol
		return "", nil
	}, nil)
}

// SetCatalogue replaces the catalogue (an embedding host's extra products),
// refusing one under which the current design no longer checks.
func (s *Store) SetCatalogue(cat *catalogue.Catalogue) error {
	// Checked as the design's YAML, so that each problem has the line and
	// column of the export the host has (the design in memory has none).
	if _, errs := cat.ReadDesign("the design", s.Export()); len(errs) > 0 {
		return errs
	}
	s.mappings = nil // checked against the catalogue they map to
	s.commit(change{cat: cat})
	return nil
}

// Exported tells OnExported that the design was exported.
func (s *Store) Exported() {
	if s.OnExported != nil {
		s.OnExported()
	}
}
