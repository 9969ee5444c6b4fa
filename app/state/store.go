package state

import (
	"errors"
	"slices"

	"github.com/archdesigner/designer/catalogue"
)

// Store is the editor's single source of truth, in two parts: the
// Document (the catalogue, the design, its undo history and what is
// derived from them), which is saved and undone, and the Session (the
// selection, the notice, the view, panels, collapsed and failing groups,
// the comparison, the share flag, read-only), which is neither. Their read
// accessors are promoted (s.Design(), s.Selection()); components render
// from them and change them only through the Store.
//
// Every change, whatever its kind, ends in the one commit (changes.go): it
// keeps the undo history as the change's history mode says (Recorded,
// Undone, Redone or NotRecorded), sets the notice, reconciles the session
// with the design, bumps the version when anything drawn changed, and
// tells every subscriber once what changed (see Subscribe). Edits of the
// design go through update first, which applies them to a copy and
// refuses the copy if the catalogue finds a problem, so a failed edit never
// half-changes the design.
//
// The edits are grouped by what they change, each group a small type of
// its own file embedded here so that its methods are the Store's: nodes
// (nodeEdits), groups (groupEdits), edges (edgeEdits), notes (noteEdits),
// several nodes at once (manyEdits), pasting and copying fragments
// (pasteEdits), fixes, suppressions and the objective (checkEdits), Tidy up
// (tidyEdits), whole designs coming in (imports), undo and redo
// (undoSteps), the selection (selectionEdits), the views (viewEdits) and
// the comparison (compareEdits). NewStore sets their back pointers.
type Store struct {
	*Document
	*Session
	nodeEdits
	groupEdits
	edgeEdits
	noteEdits
	manyEdits
	pasteEdits
	checkEdits
	tidyEdits
	imports
	undoSteps
	selectionEdits
	viewEdits
	compareEdits

	// OnExported is called after the design was exported as a file by a
	// part of the editor other than the toolbar (Export picture), for the
	// history to record it.
	OnExported func()

	version int
	// held is which groups hold something, as the last edit found (see
	// keepEmptyFrames).
	held membership
	// carry, while a design is open live, brings a design of the undo
	// history up to date with the co-editors' changes as Undo or Redo
	// takes it back, with what of theirs could not come (see Live).
	carry func(*catalogue.Design) (*catalogue.Design, string)
	// subscribers hear every commit (see Subscribe); nextSub numbers them.
	subscribers map[int]func(*Store, Changed)
	nextSub     int
}

// NewStore returns a store holding an empty design.
func NewStore(cat *catalogue.Catalogue) *Store {
	s := &Store{Document: &Document{cat: cat}, Session: &Session{selection: none()}}
	s.nodeEdits, s.groupEdits, s.edgeEdits, s.noteEdits = nodeEdits{s}, groupEdits{s}, edgeEdits{s}, noteEdits{s}
	s.manyEdits, s.pasteEdits, s.checkEdits, s.tidyEdits = manyEdits{s}, pasteEdits{s}, checkEdits{s}, tidyEdits{s}
	s.imports, s.undoSteps = imports{s}, undoSteps{s}
	s.selectionEdits, s.viewEdits, s.compareEdits = selectionEdits{s}, viewEdits{s}, compareEdits{s}
	s.index(&catalogue.Design{SchemaVersion: catalogue.SchemaVersion}, true)
	return s
}

// Version counts changes of anything the store shows; components compare it
// instead of deep-comparing the design.
func (s *Store) Version() int { return s.version }

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
	keepEmptyFrames(s.design, work, &s.held)
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

// Exported tells OnExported that the design was exported.
func (s *Store) Exported() {
	if s.OnExported != nil {
		s.OnExported()
	}
}

// plural is word for n of it, for notices ("1 node", "2 nodes"); each
// package that words its messages has its own.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
