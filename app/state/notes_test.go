package state

import (
	"math"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// A note on a node moves with it and keeps its place from it; put on the
// canvas, it stays where it is drawn; deleting the node leaves its note
// where it was, and undo brings both back as they were.
func TestNotesFollowWhatTheyAreOn(t *testing.T) {
	s := newStore(t)
	api := mustAdd(t, s, "aws-http-api")
	if err := s.MoveNode(api, 100, 100); err != nil {
		t.Fatal(err)
	}
	i, err := s.AddNote(api, "Orders arrive here")
	if err != nil {
		t.Fatal(err)
	}
	if s.Selection().Note != i+1 {
		t.Errorf("selection %+v", s.Selection())
	}
	box, _ := s.NoteBox(i)
	if box.X0 != 100+drawing.NodeWidth+drawing.NoteGap || box.Y0 != 100 {
		t.Errorf("a new note on a node sits at %v, want beside it", box)
	}
	if err := s.MoveNote(i, 90, 20); err != nil {
		t.Fatal(err)
	}
	if p := s.Note(i).Position; p == nil || *p != (catalogue.Point{X: -10, Y: -80}) {
		t.Errorf("a note on a node keeps %+v, want its place from the node", p)
	}
	if err := s.MoveNode(api, 300, 300); err != nil {
		t.Fatal(err)
	}
	if box, _ := s.NoteBox(i); box.X0 != 290 || box.Y0 != 220 {
		t.Errorf("the note did not move with its node: %v", box)
	}
	if err := s.SetNoteOn(i, ""); err != nil {
		t.Fatal(err)
	}
	if box, _ := s.NoteBox(i); box.X0 != 290 || box.Y0 != 220 || s.Note(i).On != "" {
		t.Errorf("taken off its node, the note moved: %v %+v", box, s.Note(i))
	}
	if err := s.SetNoteOn(i, api); err != nil {
		t.Fatal(err)
	}
	if err := s.RenameNode(api, "orders-api"); err != nil {
		t.Fatal(err)
	}
	if s.Note(i).On != "orders-api" {
		t.Errorf("rename: the note is on %q", s.Note(i).On)
	}
	before := string(s.Export())
	if err := s.DeleteNode("orders-api"); err != nil {
		t.Fatal(err)
	}
	if n := s.Note(i); n == nil || n.On != "" || *n.Position != (catalogue.Point{X: 290, Y: 220}) {
		t.Errorf("deleting the node: note %+v", n)
	}
	if !strings.Contains(s.Notice().Text, "its note stays on the canvas") {
		t.Errorf("notice %q", s.Notice().Text)
	}
	s.Undo()
	if got := string(s.Export()); got != before {
		t.Errorf("undo gave\n%s\nwant\n%s", got, before)
	}
}

// Notes on groups follow renames and stay, freed, when the group goes; a
// note's text is checked as the design's free text is; deleting a note
// before the selected one keeps the selection on the same note.
func TestNoteEditing(t *testing.T) {
	s := newStore(t)
	s.SetView(0, 0, 1000, 800)
	id, err := s.AddGroup("region")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddNote(id, "Frankfurt only"); err != nil {
		t.Fatal(err)
	}
	free, err := s.AddNote("", "Draft")
	if err != nil {
		t.Fatal(err)
	}
	// In the middle of the view the new region is drawn, with its note:
	// the free note goes on free space near it, in view.
	box, _ := s.NoteBox(free)
	other, _ := s.NoteBox(0)
	frame := drawing.GroupFrames(s.Design(), drawing.NodePositions(s.Design()))[id].Box
	meets := func(a, b drawing.Rect) bool { return a.X0 < b.X1 && b.X0 < a.X1 && a.Y0 < b.Y1 && b.Y0 < a.Y1 }
	if !(drawing.Rect{X0: 0, Y0: 0, X1: 1000, Y1: 800}).Holds(box) || meets(box, other) || meets(box, frame) || math.Abs(box.X0-400) > 200 || math.Abs(box.Y0-400) > 200 {
		t.Errorf("a free note sits at %v, want free space near the middle of the view (the region %v, its note %v)", box, frame, other)
	}
	if err := s.RenameGroup(id, "eu"); err != nil || s.Note(0).On != "eu" {
		t.Fatalf("rename: %v %+v", err, s.Note(0))
	}
	for _, text := range []string{"", " \n ", "bad\x00"} {
		if err := s.SetNoteText(free, text); err == nil {
			t.Errorf("text %q was kept", text)
		}
		if _, err := s.AddNote("", text); err == nil {
			t.Errorf("a note saying %q was added", text)
		}
	}
	if _, err := s.AddNote("nope", "x"); err == nil {
		t.Error("a note on nothing was added")
	}
	if err := s.SetNoteText(free, "Draft\nv2"); err != nil || s.Note(free).Text != "Draft\nv2" {
		t.Fatalf("text: %v %+v", err, s.Note(free))
	}
	s.SelectNote(free)
	if err := s.DeleteNote(0); err != nil {
		t.Fatal(err)
	}
	if s.Selection().Note != 1 || s.Note(0).Text != "Draft\nv2" {
		t.Errorf("after deleting the note before it: selection %+v, notes %+v", s.Selection(), s.Design().Notes)
	}
	if err := s.DeleteSelection(); err != nil || len(s.Design().Notes) != 0 || s.Selection() != none() {
		t.Errorf("delete selection: %v %+v %+v", err, s.Design().Notes, s.Selection())
	}
	// A group deleted leaves its notes where they were drawn.
	s.Undo()
	s.Undo()
	box, _ = s.NoteBox(0)
	if err := s.DeleteGroup("eu"); err != nil {
		t.Fatal(err)
	}
	if after, _ := s.NoteBox(0); after != box || s.Note(0).On != "" {
		t.Errorf("deleting the group moved its note: %v → %v (%+v)", box, after, s.Note(0))
	}
}

// Pasted notes come with what they are on, renamed with it.
func TestPasteCarriesNotes(t *testing.T) {
	s := newStore(t)
	mustAdd(t, s, "kafka")
	frag := "nodes:\n  - { id: \"kafka\", component: \"kafka\", position: { x: 0, y: 0 } }\nnotes:\n  - { text: \"the log\", on: \"kafka\" }\n  - { text: \"free\", position: { x: 10, y: 20 } }\n"
	if err := s.Paste("clip.yaml", []byte(frag)); err != nil {
		t.Fatal(err)
	}
	notes := s.Design().Notes
	if len(notes) != 2 || notes[0].On != "kafka-2" || notes[1].Position == nil || notes[1].Position.Y != 60 {
		t.Errorf("pasted notes %+v", notes)
	}
}

// Undo does not leave another note selected in place of the one that was:
// notes are selected by index, which the step shifts.
func TestUndoKeepsNoNoteWronglySelected(t *testing.T) {
	s := newStore(t)
	a, _ := s.AddNote("", "A")
	b, _ := s.AddNote("", "B")
	s.SelectNote(b)
	if err := s.DeleteNote(a); err != nil {
		t.Fatal(err)
	}
	if n := s.Note(s.Selection().Note - 1); n == nil || n.Text != "B" {
		t.Fatalf("after deleting A: %+v", s.Selection())
	}
	s.Undo()
	if n := s.Note(s.Selection().Note - 1); n != nil && n.Text != "B" {
		t.Errorf("after Undo, note %q is selected", n.Text)
	}
}
