package state

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// noteEdits edit the design's notes: free text on the canvas, each drawn
// on its own or on a node or a group (see catalogue.Note), selected by
// index as edges are. Each edit is one undoable step, made only through
// the Store's update; the notes' layout (where each is drawn) is worked
// out here, as the canvas draws it.
type noteEdits struct{ s *Store }

// NoteLayout lays out the design's notes as the canvas draws them (where
// each is, and what it hangs from), for the canvas to drag one as the
// store will place it.
func (ed noteEdits) NoteLayout() *drawing.NoteLayout {
	d := ed.s.design
	pos := drawing.NodePositions(d)
	var frames map[string]drawing.GroupFrame
	var hiddenIn map[string]string
	if len(d.Groups) > 0 {
		frames = drawing.GroupFrames(d, pos)
		hiddenIn = drawing.CollapsedIn(d, ed.s.Collapsed)
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
func (ed noteEdits) AddNote(on, text string) (int, error) {
	if problem := noteTextProblem(text); problem != "" {
		return 0, errors.New("the note is not added: " + problem)
	}
	note := catalogue.Note{Text: text, On: on}
	if on != "" {
		if _, ok := ed.s.nodeIndex[on]; !ok && ed.s.groupIndex(on) < 0 {
			return 0, fmt.Errorf("no node or group has the id %q", on)
		}
	}
	h := drawing.NoteHeight(len(drawing.NoteLines(text)))
	switch {
	case on != "":
		l := ed.NoteLayout()
		x, y := ed.s.noteSpot(l, on, h)
		p := l.Stored(on, x, y)
		note.Position = &p
	case ed.s.view.X1 > ed.s.view.X0:
		x, y := ed.canvasNoteSpot(float64(int((ed.s.view.X0+ed.s.view.X1-drawing.NoteWidth)/2)), float64(int((ed.s.view.Y0+ed.s.view.Y1-h)/2)), h)
		note.Position = &catalogue.Point{X: x, Y: y}
	default:
		note.Position = &catalogue.Point{X: drawing.GridOrigin, Y: drawing.GridOrigin}
	}
	i := len(ed.s.design.Notes)
	return i, ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Notes = append(d.Notes, note)
		return "Added a note" + onWords(on) + ".", nil
	}, &Selection{Edge: -1, Note: i + 1})
}

// canvasNoteSpot is where a note h high on nothing goes, near top-left
// corner x, y: on free space in view outside every frame (inside one it
// would read as the group's), else, when the view has no room outside
// them, on free space near x, y.
func (ed noteEdits) canvasNoteSpot(x, y, h float64) (float64, float64) {
	d := ed.s.design
	if view, ok := ed.s.seen(); ok && len(d.Groups) > 0 {
		hidden := drawing.CollapsedIn(d, ed.s.Collapsed)
		obstacles := drawing.PlaceObstacles(d, hidden)
		for id, f := range drawing.GroupFrames(d, drawing.NodePositions(d)) {
			if hidden[id] == "" {
				obstacles = append(obstacles, f.Box)
			}
		}
		if px, py, ok := drawing.NewFree(obstacles).Near(x, y, drawing.NoteWidth, h, view); ok {
			return px, py
		}
	}
	return ed.s.placeNear(d, x, y, drawing.NoteWidth, h)
}

// onWords says what a note is on: " on api", or "".
func onWords(on string) string {
	if on == "" {
		return ""
	}
	return " on " + on
}

// SetNoteText changes what note i says.
func (ed noteEdits) SetNoteText(i int, text string) error {
	if ed.s.Note(i) == nil {
		return fmt.Errorf("no note %d", i+1)
	}
	if problem := noteTextProblem(text); problem != "" {
		return errors.New("the text is not kept: " + problem)
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Notes[i].Text = text
		return "", nil
	}, nil)
}

// MoveNote moves note i so that it is drawn with its top-left corner at x,
// y: one undoable step. A note on a node or a group keeps its place from it.
func (ed noteEdits) MoveNote(i int, x, y float64) error {
	n := ed.s.Note(i)
	if n == nil {
		return fmt.Errorf("no note %d", i+1)
	}
	p := ed.s.NoteLayout().Stored(n.On, x, y)
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Notes[i].Position = &p
		return "", nil
	}, nil)
}

// NoteBox returns where note i is drawn, and false when there is no note i.
func (ed noteEdits) NoteBox(i int) (drawing.Rect, bool) {
	if ed.s.Note(i) == nil {
		return drawing.Rect{}, false
	}
	return ed.s.NoteLayout().Boxes()[i], true
}

// SetNoteOn puts note i on node or group on ("" for the canvas), where it
// is drawn now: it moves with what it is on from then on.
func (ed noteEdits) SetNoteOn(i int, on string) error {
	n := ed.s.Note(i)
	if n == nil {
		return fmt.Errorf("no note %d", i+1)
	}
	if on == n.On {
		return nil
	}
	if on != "" {
		if _, ok := ed.s.nodeIndex[on]; !ok && ed.s.groupIndex(on) < 0 {
			return fmt.Errorf("no node or group has the id %q", on)
		}
	}
	l := ed.s.NoteLayout()
	box := l.Boxes()[i]
	p := l.Stored(on, box.X0, box.Y0)
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Notes[i].On, d.Notes[i].Position = on, &p
		if on == "" {
			return "The note is on the canvas now.", nil
		}
		return "The note is on " + on + " now: it moves with it.", nil
	}, nil)
}

// DeleteNote removes note i.
func (ed noteEdits) DeleteNote(i int) error {
	if ed.s.Note(i) == nil {
		return fmt.Errorf("no note %d", i+1)
	}
	sel := ed.s.selection
	switch {
	case sel.Note == i+1:
		sel = none()
	case sel.Note > i+1:
		sel.Note--
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Notes = slices.Delete(d.Notes, i, i+1)
		return "Deleted the note.", nil
	}, &sel)
}

// freeNotesOn puts the notes on id (a node or a group being deleted) on the
// canvas, where they are drawn now, so that no one's words go with it.
func (ed noteEdits) freeNotesOn(d *catalogue.Design, id string) int {
	var boxes []drawing.Rect
	count := 0
	for j := range d.Notes {
		if d.Notes[j].On != id {
			continue
		}
		if boxes == nil {
			boxes = ed.s.NoteLayout().Boxes()
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
