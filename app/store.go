// Package app is the editor's user interface: go-app components that render
// one Store and send it actions. It holds no browser code of its own; the
// browser bridge (storage, files, clipboard) is handed in by the wasm entry
// point through the Platform interface, so the package builds and tests
// natively.
package app

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// maxHistory bounds the undo history.
const maxHistory = 200

// Selection is what the user has selected: a node, an edge, or nothing.
type Selection struct {
	Node string // a node id, or ""
	Edge int    // an edge index, or -1
}

// None is the empty selection.
var None = Selection{Edge: -1}

// Store is the editor's single source of truth: the design, its undo history,
// the selection and the resolution of the design. Components render from it
// and change it only through its methods, which all go through update: it
// applies a change to a copy, refuses the copy if the catalogue finds a
// problem (so a failed edit never half-changes the design), records the undo
// step, re-resolves, and calls OnChange (autosave, embedding).
type Store struct {
	Catalogue  *catalogue.Catalogue
	Design     *catalogue.Design
	Resolution *catalogue.Resolution
	Selection  Selection
	// Version counts changes of anything the UI shows; components compare it
	// instead of deep-comparing the design.
	Version int
	// Notice is what the last change wants the user to know (for example
	// the overrides a component swap dropped, or why an edit was refused),
	// or "". NoticeIsError marks a refusal.
	Notice        string
	NoticeIsError bool
	// OnChange is called after every change of the design.
	OnChange func(*Store)
	// OnSelect is called when the selection changes.
	OnSelect func(*Store)
	// ReadOnly refuses every change of the design (an embedding host's
	// choice); selecting still works.
	ReadOnly bool
	// RevealCount grows each time the selected node should be brought into
	// view (from the Problems list).
	RevealCount int

	past, future []*catalogue.Design
	nodeIndex    map[string]int
	resolved     map[string]int
	violations   map[string][]catalogue.Violation
}

// NewStore returns a store holding an empty design.
func NewStore(cat *catalogue.Catalogue) *Store {
	s := &Store{Catalogue: cat, Selection: None}
	s.setDesign(&catalogue.Design{SchemaVersion: catalogue.SchemaVersion})
	return s
}

// setDesign replaces the design without recording history.
func (s *Store) setDesign(d *catalogue.Design) {
	s.Design = d
	s.nodeIndex = make(map[string]int, len(d.Nodes))
	for i, n := range d.Nodes {
		s.nodeIndex[n.ID] = i
	}
	s.Resolution = s.Catalogue.Resolve(d)
	s.resolved = make(map[string]int, len(s.Resolution.Nodes))
	for i, n := range s.Resolution.Nodes {
		s.resolved[n.ID] = i
	}
	s.violations = map[string][]catalogue.Violation{}
	for _, v := range s.Resolution.Violations {
		s.violations[v.Node] = append(s.violations[v.Node], v)
	}
	if s.Selection.Node != "" {
		if _, ok := s.nodeIndex[s.Selection.Node]; !ok {
			s.Selection = None
		}
	}
	if s.Selection.Edge >= len(d.Edges) {
		s.Selection = None
	}
	s.Version++
}

// update applies change to a copy of the design and commits it when the
// catalogue accepts the result. change may return a notice for the user.
func (s *Store) update(change func(d *catalogue.Design) (string, error)) error {
	if s.ReadOnly {
		return errors.New("this design is read-only here")
	}
	work := cloneDesign(s.Design)
	notice, err := change(work)
	if err != nil {
		return err
	}
	if errs := s.Catalogue.Check(work); len(errs) > 0 {
		return errs
	}
	s.past = append(s.past, s.Design)
	if len(s.past) > maxHistory {
		s.past = s.past[len(s.past)-maxHistory:]
	}
	s.future = nil
	s.setDesign(work)
	s.Notice, s.NoticeIsError = notice, false
	s.changed()
	return nil
}

// Report shows the outcome of an action that the user should see: a
// refusal (err) or nothing when err is nil.
func (s *Store) Report(err error) {
	if err == nil {
		return
	}
	s.Notice, s.NoticeIsError = err.Error(), true
	s.Version++
}

// Say shows an informational message.
func (s *Store) Say(msg string) {
	s.Notice, s.NoticeIsError = msg, false
	s.Version++
}

func (s *Store) changed() {
	if s.OnChange != nil {
		s.OnChange(s)
	}
}

// cloneDesign copies the design's slices; nodes' Props maps and Positions are
// shared, so changes replace them instead of mutating (copy on write).
func cloneDesign(d *catalogue.Design) *catalogue.Design {
	c := *d
	c.Nodes = append([]catalogue.Node(nil), d.Nodes...)
	c.Edges = append([]catalogue.Edge(nil), d.Edges...)
	c.Source = nil
	return &c
}

// CanUndo reports whether there is a change to undo.
func (s *Store) CanUndo() bool { return len(s.past) > 0 }

// CanRedo reports whether there is an undone change to redo.
func (s *Store) CanRedo() bool { return len(s.future) > 0 }

// Undo reverts the last change.
func (s *Store) Undo() bool {
	if !s.CanUndo() {
		return false
	}
	s.future = append(s.future, s.Design)
	prev := s.past[len(s.past)-1]
	s.past = s.past[:len(s.past)-1]
	s.setDesign(prev)
	s.Notice = "Undone."
	s.changed()
	return true
}

// Redo applies the last undone change again.
func (s *Store) Redo() bool {
	if !s.CanRedo() {
		return false
	}
	s.past = append(s.past, s.Design)
	next := s.future[len(s.future)-1]
	s.future = s.future[:len(s.future)-1]
	s.setDesign(next)
	s.Notice = "Redone."
	s.changed()
	return true
}

// Select selects a node (or nothing with ""). It is not a design change.
func (s *Store) Select(id string) {
	if _, ok := s.nodeIndex[id]; !ok {
		id = ""
	}
	if s.Selection.Node != id || s.Selection.Edge != -1 {
		s.Selection = Selection{Node: id, Edge: -1}
		s.Version++
		s.selected()
	}
}

func (s *Store) selected() {
	if s.OnSelect != nil {
		s.OnSelect(s)
	}
}

// Reveal selects a node and asks the canvas to bring it into view.
func (s *Store) Reveal(id string) {
	s.Select(id)
	s.RevealCount++
	s.Version++
}

// SelectEdge selects edge i.
func (s *Store) SelectEdge(i int) {
	if i >= 0 && i < len(s.Design.Edges) && s.Selection.Edge != i {
		s.Selection = Selection{Edge: i}
		s.Version++
		s.selected()
	}
}

// Node returns the node with id, or nil.
func (s *Store) Node(id string) *catalogue.Node {
	if i, ok := s.nodeIndex[id]; ok {
		return &s.Design.Nodes[i]
	}
	return nil
}

// Resolved returns the resolved node with id, or nil.
func (s *Store) Resolved(id string) *catalogue.ResolvedNode {
	if i, ok := s.resolved[id]; ok {
		return &s.Resolution.Nodes[i]
	}
	return nil
}

// Violations returns the violations of node id, worst first.
func (s *Store) Violations(id string) []catalogue.Violation { return s.violations[id] }

// Worst returns the worst severity among node id's violations, or "".
func (s *Store) Worst(id string) catalogue.Severity {
	if v := s.violations[id]; len(v) > 0 {
		return v[0].Severity
	}
	return ""
}

// NewDesign replaces the design with an empty one (undoable).
func (s *Store) NewDesign() error {
	return s.update(func(d *catalogue.Design) (string, error) {
		*d = catalogue.Design{SchemaVersion: catalogue.SchemaVersion}
		return "", nil
	})
}

// Import replaces the design with one read from YAML, or returns every
// problem and leaves the design untouched.
func (s *Store) Import(name string, data []byte) error {
	next, err := s.read(name, data)
	if err != nil {
		return err
	}
	err = s.update(func(d *catalogue.Design) (string, error) {
		*d = *next
		return fmt.Sprintf("Imported %s: %d nodes, %d edges.", name, len(next.Nodes), len(next.Edges)), nil
	})
	if err == nil {
		s.Selection = None
	}
	return err
}

// Restore replaces the design without recording history, for reloading the
// autosaved design at start-up.
func (s *Store) Restore(name string, data []byte) error {
	d, err := s.read(name, data)
	if err != nil {
		return err
	}
	s.setDesign(d)
	return nil
}

// read parses and checks a design as the CLI does, returning every problem.
func (s *Store) read(name string, data []byte) (*catalogue.Design, error) {
	d, errs := catalogue.ParseDesign(name, data)
	if d != nil {
		errs = append(errs, s.Catalogue.Check(d)...)
		errs.Sort()
	}
	if len(errs) > 0 {
		return nil, errs
	}
	d.Source = nil
	return d, nil
}

// Export returns the design as YAML, exactly as the CLI reads it.
func (s *Store) Export() []byte { return catalogue.Marshal(s.Design) }

// slug lower-cases s and turns every run of characters other than ASCII
// letters and digits into one hyphen, trimmed at both ends.
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// ExportName is the file name for an export: the design's id, else its name
// made safe for a file system, else "design".
func (s *Store) ExportName() string {
	base := s.Design.ID
	if base == "" {
		base = slug(s.Design.Name)
	}
	if len(base) > 64 {
		base = strings.Trim(base[:64], "-")
	}
	if base == "" {
		base = "design"
	}
	return base + ".yaml"
}

// Node geometry on the canvas, shared with the canvas component.
const (
	NodeWidth  = 180
	NodeHeight = 72
	gridX      = 220
	gridY      = 120
)

// AddNode adds a node of component id at a free spot, selects it and returns
// its id: the component id, then id-2, id-3… when taken.
func (s *Store) AddNode(componentID string) (string, error) {
	if _, ok := s.Catalogue.Components[componentID]; !ok {
		return "", fmt.Errorf("unknown component %q", componentID)
	}
	id := s.freeID(componentID)
	err := s.update(func(d *catalogue.Design) (string, error) {
		x, y := freeSpot(d)
		d.Nodes = append(d.Nodes, catalogue.Node{ID: id, Component: componentID, Position: &catalogue.Position{X: x, Y: y}})
		return "", nil
	})
	if err != nil {
		return "", err
	}
	s.Select(id)
	return id, nil
}

func (s *Store) freeID(base string) string {
	if _, taken := s.nodeIndex[base]; !taken {
		return base
	}
	for i := 2; ; i++ {
		id := base + "-" + strconv.Itoa(i)
		if _, taken := s.nodeIndex[id]; !taken {
			return id
		}
	}
}

// freeSpot returns the first grid cell, row by row, that no node overlaps.
func freeSpot(d *catalogue.Design) (float64, float64) {
	taken := map[[2]int]bool{}
	for _, n := range d.Nodes {
		if n.Position == nil {
			continue
		}
		// Mark every cell the node's box touches.
		for _, x := range []float64{n.Position.X, n.Position.X + NodeWidth - 1} {
			for _, y := range []float64{n.Position.Y, n.Position.Y + NodeHeight - 1} {
				taken[[2]int{floorDiv(x-40, gridX), floorDiv(y-40, gridY)}] = true
			}
		}
	}
	const columns = 5
	for i := 0; ; i++ {
		cell := [2]int{i % columns, i / columns}
		if !taken[cell] {
			return float64(40 + cell[0]*gridX), float64(40 + cell[1]*gridY)
		}
	}
}

func floorDiv(v float64, step int) int {
	q := int(v) / step
	if v < 0 && int(v)%step != 0 {
		q--
	}
	return q
}

// MoveNode moves a node to x, y.
func (s *Store) MoveNode(id string, x, y float64) error {
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		n.Position = &catalogue.Position{X: x, Y: y}
		return "", nil
	})
}

// editNode applies change to a copy of node id.
func (s *Store) editNode(id string, change func(n *catalogue.Node) (string, error)) error {
	i, ok := s.nodeIndex[id]
	if !ok {
		return fmt.Errorf("no node has the id %q", id)
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		return change(&d.Nodes[i])
	})
}

// SetProp overrides a property of a node. The value is checked against the
// component's schema; a wrong one leaves the design as it was.
func (s *Store) SetProp(id, prop string, v catalogue.Value) error {
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		props := make(map[string]catalogue.Value, len(n.Props)+1)
		for k, old := range n.Props {
			props[k] = old
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
		props := make(map[string]catalogue.Value, len(n.Props))
		for k, v := range n.Props {
			if k != prop {
				props[k] = v
			}
		}
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
	selected := s.Selection.Node == id
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
		return "", nil
	})
	if err == nil && selected {
		s.Select(newID)
	}
	return err
}

// SwapComponent replaces a node's component with another of the same kind,
// keeping the overrides that still apply and saying which it dropped.
func (s *Store) SwapComponent(id, componentID string) error {
	next, ok := s.Catalogue.Components[componentID]
	if !ok {
		return fmt.Errorf("unknown component %q", componentID)
	}
	return s.editNode(id, func(n *catalogue.Node) (string, error) {
		cur := s.Catalogue.Components[n.Component]
		if cur != nil && cur.Kind != next.Kind {
			return "", fmt.Errorf("%s is a %s, not a %s; swap only within a kind", next.Name, next.Kind, cur.Kind)
		}
		var kept map[string]catalogue.Value
		var dropped []string
		for _, name := range sortedProps(n.Props) {
			v := n.Props[name]
			p := next.Property(name)
			if p == nil {
				dropped = append(dropped, name+" (not a property of "+next.Name+")")
				continue
			}
			if msg := next.CheckValue(name, v); msg != "" {
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
	for _, e := range s.Design.Edges {
		if e.From == from && e.To == to {
			return fmt.Errorf("%s is already connected to %s", from, to)
		}
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Edges = append(d.Edges, catalogue.Edge{From: from, To: to})
		return "", nil
	})
}

// DeleteNode removes a node and its edges.
func (s *Store) DeleteNode(id string) error {
	i, ok := s.nodeIndex[id]
	if !ok {
		return fmt.Errorf("no node has the id %q", id)
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Nodes = append(d.Nodes[:i:i], d.Nodes[i+1:]...)
		edges := d.Edges[:0:0]
		for _, e := range d.Edges {
			if e.From != id && e.To != id {
				edges = append(edges, e)
			}
		}
		d.Edges = edges
		return "", nil
	})
}

// DeleteEdge removes edge i.
func (s *Store) DeleteEdge(i int) error {
	if i < 0 || i >= len(s.Design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Edges = append(d.Edges[:i:i], d.Edges[i+1:]...)
		return "", nil
	})
}

// DeleteSelection removes the selected node or edge, if any.
func (s *Store) DeleteSelection() error {
	switch {
	case s.Selection.Node != "":
		return s.DeleteNode(s.Selection.Node)
	case s.Selection.Edge >= 0:
		return s.DeleteEdge(s.Selection.Edge)
	}
	return nil
}

// ParseInput turns what a user typed for a property of type t into a value.
func ParseInput(t catalogue.Type, text string) (catalogue.Value, error) {
	switch t {
	case catalogue.TypeInteger:
		i, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
		if err != nil {
			return catalogue.Value{}, fmt.Errorf("%q is not a whole number", text)
		}
		return catalogue.IntValue(i), nil
	case catalogue.TypeBoolean:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return catalogue.Value{}, fmt.Errorf("%q is not true or false", text)
		}
		return catalogue.BoolValue(b), nil
	}
	return catalogue.StringValue(text), nil
}

func sortedProps(m map[string]catalogue.Value) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// SetEdgeLabel changes the label of edge i.
func (s *Store) SetEdgeLabel(i int, label string) error {
	if i < 0 || i >= len(s.Design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Edges[i].Label = label
		return "", nil
	})
}

// SetCatalogue replaces the catalogue (an embedding host's extra products),
// refusing one under which the current design no longer checks.
func (s *Store) SetCatalogue(cat *catalogue.Catalogue) error {
	if errs := cat.Check(s.Design); len(errs) > 0 {
		return errs
	}
	s.Catalogue = cat
	s.setDesign(s.Design)
	return nil
}
