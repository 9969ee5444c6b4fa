package app

import (
	"errors"
	"fmt"
	"github.com/archdesigner/designer/catalogue/drawing"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// The store's notes: free text on the canvas, each drawn on its own or on
// a node or a group (see catalogue.Note). Notes are selected by index, as
// edges are.

// Note returns note i, or nil.
func (s *Store) Note(i int) *catalogue.Note {
	if i < 0 || i >= len(s.design.Notes) {
		return nil
	}
	return &s.design.Notes[i]
}

// SelectNote selects note i. It is not a design change.
func (s *Store) SelectNote(i int) {
	if s.Note(i) == nil {
		return
	}
	if sel := (Selection{Edge: -1, Note: i + 1}); sel != s.selection {
		s.commit(change{selection: &sel})
	}
}

// notes lays out the design's notes as the canvas draws them.
func (s *Store) notes() *drawing.NoteLayout {
	d := s.design
	pos := drawing.NodePositions(d)
	var frames map[string]drawing.GroupFrame
	var hiddenIn map[string]string
	if len(d.Groups) > 0 {
		frames = drawing.GroupFrames(d, pos)
		hiddenIn = drawing.CollapsedIn(d, s.Collapsed)
	}
	return drawing.NewNoteLayout(d, pos, frames, hiddenIn)
}

// noteTextProblem says why text cannot be a note's, or "" when it can.
func noteTextProblem(text string) string {
	if strings.TrimSpace(text) == "" {
		return "a note needs some text; delete the note instead"
	}
	_, problem := catalogue.TextProblem(text)
	return problem
}

// AddNote adds a note saying text, selected: on node or group on (beside
// it), or, with on "", on the canvas in the middle of the view. It returns
// the note's index.
func (s *Store) AddNote(on, text string) (int, error) {
	if problem := noteTextProblem(text); problem != "" {
		return 0, errors.New("the note is not added: " + problem)
	}
	note := catalogue.Note{Text: text, On: on}
	if on != "" {
		if _, ok := s.nodeIndex[on]; !ok && s.groupIndex(on) < 0 {
			return 0, fmt.Errorf("no node or group has the id %q", on)
		}
	} else if s.view.X1 > s.view.X0 {
		h := drawing.NoteHeight(len(drawing.NoteLines(text)))
		note.Position = &catalogue.Point{X: float64(int((s.view.X0 + s.view.X1 - drawing.NoteWidth) / 2)), Y: float64(int((s.view.Y0 + s.view.Y1 - h) / 2))}
	} else {
		note.Position = &catalogue.Point{X: drawing.GridOrigin, Y: drawing.GridOrigin}
	}
	i := len(s.design.Notes)
	return i, s.update(func(d *catalogue.Design) (string, error) {
		d.Notes = append(d.Notes, note)
		return "Added a note" + onWords(on) + ".", nil
	}, &Selection{Edge: -1, Note: i + 1})
}

// onWords says what a note is on: " on api", or "".
func onWords(on string) string {
	if on == "" {
		return ""
	}
	return " on " + on
}

// SetNoteText changes what note i says.
func (s *Store) SetNoteText(i int, text string) error {
	if s.Note(i) == nil {
		return fmt.Errorf("no note %d", i+1)
	}
	if problem := noteTextProblem(text); problem != "" {
		return errors.New("the text is not kept: " + problem)
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Notes[i].Text = text
		return "", nil
	}, nil)
}

// MoveNote moves note i so that it is drawn with its top-left corner at x,
// y: one undoable step. A note on a node or a group keeps its place from it.
func (s *Store) MoveNote(i int, x, y float64) error {
	n := s.Note(i)
	if n == nil {
		return fmt.Errorf("no note %d", i+1)
	}
	p := s.notes().Stored(n.On, x, y)
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Notes[i].Position = &p
		return "", nil
	}, nil)
}

// NoteBox returns where note i is drawn, and false when there is no note i.
func (s *Store) NoteBox(i int) (drawing.Rect, bool) {
	if s.Note(i) == nil {
		return drawing.Rect{}, false
	}
	return s.notes().Boxes()[i], true
}

// SetNoteOn puts note i on node or group on ("" for the canvas), where it
// is drawn now: it moves with what it is on from then on.
func (s *Store) SetNoteOn(i int, on string) error {
	n := s.Note(i)
	if n == nil {
		return fmt.Errorf("no note %d", i+1)
	}
	if on == n.On {
		return nil
	}
	if on != "" {
		if _, ok := s.nodeIndex[on]; !ok && s.groupIndex(on) < 0 {
			return fmt.Errorf("no node or group has the id %q", on)
		}
	}
	l := s.notes()
	box := l.Boxes()[i]
	p := l.Stored(on, box.X0, box.Y0)
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Notes[i].On, d.Notes[i].Position = on, &p
		if on == "" {
			return "The note is on the canvas now.", nil
		}
		return "The note is on " + on + " now: it moves with it.", nil
	}, nil)
}

// DeleteNote removes note i.
func (s *Store) DeleteNote(i int) error {
	if s.Note(i) == nil {
		return fmt.Errorf("no note %d", i+1)
	}
	sel := s.selection
	switch {
	case sel.Note == i+1:
		sel = none()
	case sel.Note > i+1:
		sel.Note--
	}
	return s.update(func(d *catalogue.Design) (string, error) {
		d.Notes = slices.Delete(d.Notes, i, i+1)
		return "Deleted the note.", nil
	}, &sel)
}

// freeNotesOn puts the notes on id (a node or a group being deleted) on the
// canvas, where they are drawn now, so that no one's words go with it.
func (s *Store) freeNotesOn(d *catalogue.Design, id string) int {
	var boxes []drawing.Rect
	count := 0
	for j := range d.Notes {
		if d.Notes[j].On != id {
			continue
		}
		if boxes == nil {
			boxes = s.notes().Boxes()
		}
		d.Notes[j].On = ""
		d.Notes[j].Position = &catalogue.Point{X: boxes[j].X0, Y: boxes[j].Y0}
		count++
	}
	return count
}

// renameNotesOn follows a node's or a group's new id.
func renameNotesOn(d *catalogue.Design, id, newID string) {
	for j := range d.Notes {
		if d.Notes[j].On == id {
			d.Notes[j].On = newID
		}
	}
}

// notesKept says that n notes stayed behind on the canvas: "; its note
// stays on the canvas", or "".
func notesKept(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return "; its note stays on the canvas"
	}
	return fmt.Sprintf("; its %d notes stay on the canvas", n)
}
