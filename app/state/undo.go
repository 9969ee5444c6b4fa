package state

import (
	"github.com/archdesigner/designer/catalogue"
)

// maxHistory bounds the undo history.
const maxHistory = 200

// undoSteps moves the design between the undo and redo stacks (the
// Document's past and future). It changes the design only through the
// Store's commit, as an Undone or Redone step.
type undoSteps struct{ s *Store }

// CanUndo reports whether there is a change to undo (none while the design
// is read-only).
func (ed undoSteps) CanUndo() bool { return len(ed.s.past) > 0 && !ed.s.readOnly }

// CanRedo reports whether there is an undone change to redo (none while the
// design is read-only).
func (ed undoSteps) CanRedo() bool { return len(ed.s.future) > 0 && !ed.s.readOnly }

// Undo reverts the last change.
func (ed undoSteps) Undo() bool { return ed.s.travel(&ed.s.past, &ed.s.future, "Undone.") }

// Redo applies the last undone change again.
func (ed undoSteps) Redo() bool { return ed.s.travel(&ed.s.future, &ed.s.past, "Redone.") }

// travel moves one design from the top of from to the top of to, making it
// the design.
func (ed undoSteps) travel(from, to *[]*catalogue.Design, notice string) bool {
	if len(*from) == 0 || ed.s.readOnly {
		return false // CanUndo and CanRedo say so
	}
	*to = append(*to, ed.s.design)
	d := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	mode := Undone
	if from == &ed.s.future {
		mode = Redone
	}
	c := change{design: d, history: mode, notice: &Notice{Text: notice}}
	if ed.s.selection.Edge >= 0 || ed.s.selection.Note > 0 {
		// Edges and notes are selected by index, which the step may have
		// shifted: another one would be selected in its place.
		sel := none()
		c.selection = &sel
	}
	ed.s.commit(c)
	return true
}
