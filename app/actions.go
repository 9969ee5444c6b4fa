package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
)

// The editor's actions on the design and its selection, each described
// once: its name, its shortcuts, when it applies and what it does. The
// keyboard handler (shortcuts.go), the toolbar's buttons, the inspector's
// and the context menu's read this table, so that a shortcut a button or a
// menu tells (in its tooltip, and to screen readers as aria-keyshortcuts)
// is the one the keyboard performs. (Excalidraw's actions are the model.)

// actionID names an entry of the table.
type actionID int

// The actions.
const (
	actUndo actionID = iota
	actRedo
	actDelete
	actFocus
	actDeselect
	actSelectAll
	actDuplicate
	actCopy
	actCut
	actPaste
	actionCount
)

// action is one entry of the table.
type action struct {
	label string  // its name, as a button or a menu item says it
	keys  []chord // its shortcuts, the usual one first
	// clipboard says the browser's copy, cut or paste event performs it
	// (see clipboard.go): keydown leaves its keys to the browser.
	clipboard bool
	// enabled says whether it applies now (nil: always); a shortcut of an
	// action that does not apply is left to the browser.
	enabled func(s *state.Store) bool
	// perform does it, in a handler of ctx's component (nil for the
	// clipboard's).
	perform func(s *state.Store, ctx app.Context)
}

// actions is the table. It is made anew for each use, so that nothing can
// change it for the rest of the page.
func actions() [actionCount]action {
	selected := func(s *state.Store) bool {
		sel := s.Selection()
		return len(s.SelectedNodes()) > 0 || sel.Edge >= 0 || sel.Group != "" || sel.Note > 0
	}
	return [actionCount]action{
		actUndo: {label: "Undo", keys: []chord{{key: "z", mod: true}},
			enabled: (*state.Store).CanUndo,
			perform: func(s *state.Store, _ app.Context) { s.Undo() }},
		actRedo: {label: "Redo", keys: []chord{{key: "z", mod: true, shift: true}, {key: "y", mod: true, anyShift: true}},
			enabled: (*state.Store).CanRedo,
			perform: func(s *state.Store, _ app.Context) { s.Redo() }},
		actDelete: {label: "Delete", keys: []chord{{key: "delete", anyShift: true}, {key: "backspace", anyShift: true}},
			enabled: selected,
			perform: func(s *state.Store, ctx app.Context) {
				s.Report(s.DeleteSelection())
				// What had the focus is gone: keep it on the canvas rather
				// than let it fall to the page.
				ctx.Defer(func(app.Context) {
					if c := app.Window().GetElementByID("canvas"); c.Truthy() {
						c.Call("focus", map[string]any{"preventScroll": true})
					}
				})
			}},
		// Focus mode gives the canvas the window; Escape leaves it too (see
		// Editor.onKeyDown).
		actFocus: {label: "Focus", keys: []chord{{key: "f", shift: true}},
			perform: func(s *state.Store, _ app.Context) { s.SetFocused(!s.Focused()) }},
		actDeselect: {label: "Deselect", keys: []chord{{key: "escape", anyShift: true}},
			perform: func(s *state.Store, _ app.Context) { s.Select("") }},
		actSelectAll: {label: "Select all", keys: []chord{{key: "a", mod: true}},
			perform: func(s *state.Store, _ app.Context) { s.SelectAll() }},
		actDuplicate: {label: "Duplicate", keys: []chord{{key: "d", mod: true}},
			enabled: func(s *state.Store) bool { return len(s.SelectedNodes()) > 0 },
			perform: func(s *state.Store, _ app.Context) { s.Report(s.Duplicate(s.SelectedNodes())) }},
		actCopy:  {label: "Copy", keys: []chord{{key: "c", mod: true}}, clipboard: true},
		actCut:   {label: "Cut", keys: []chord{{key: "x", mod: true}}, clipboard: true},
		actPaste: {label: "Paste", keys: []chord{{key: "v", mod: true}}, clipboard: true},
	}
}

// actionFor is the action id.
func actionFor(id actionID) action { return actions()[id] }

// keyedAction is the action whose shortcut a key event is (key as
// KeyboardEvent.key gives it, mod for Ctrl or ⌘), if it applies to s now.
func keyedAction(s *state.Store, key string, mod, shift bool) (action, bool) {
	key = strings.ToLower(key)
	for _, a := range actions() {
		if a.clipboard {
			continue
		}
		for _, c := range a.keys {
			if c.matches(key, mod, shift) {
				return a, a.enabled == nil || a.enabled(s)
			}
		}
	}
	return action{}, false
}

// hint is the action's name with its shortcuts, for a tooltip: "Redo
// (Ctrl+Shift+Z or Ctrl+Y)".
func (a action) hint() string { return a.label + " (" + a.shortcuts() + ")" }

// shortcuts are its shortcuts as the user types them: "Ctrl+Shift+Z or
// Ctrl+Y".
func (a action) shortcuts() string {
	told := make([]string, len(a.keys))
	for i, c := range a.keys {
		told[i] = c.String()
	}
	return strings.Join(told, " or ")
}

// ariaKeys are its shortcuts as aria-keyshortcuts lists them.
func (a action) ariaKeys() string {
	told := make([]string, len(a.keys))
	for i, c := range a.keys {
		told[i] = c.aria()
	}
	return strings.Join(told, " ")
}

// button is a toolbar button that performs the action on s, disabled when
// it does not apply, telling its shortcuts.
func (a action) button(id actionID, s *state.Store) app.HTMLButton {
	return button(a.enabled != nil && !a.enabled(s)).Text(a.label).Title(a.hint()).Attr("aria-keyshortcuts", a.ariaKeys()).
		OnClick(func(ctx app.Context, _ app.Event) { actionFor(id).perform(s, ctx) }, id)
}

// deleteButton is an inspector's button for Delete on the selection it
// shows, label naming what it deletes ("Delete node").
func deleteButton(label string, s *state.Store) app.HTMLButton {
	return app.Button().Class("danger").Text(label).Attr("aria-keyshortcuts", actionFor(actDelete).ariaKeys()).
		OnClick(func(ctx app.Context, _ app.Event) { actionFor(actDelete).perform(s, ctx) })
}

// chord is a key pressed with modifiers.
type chord struct {
	key      string // as KeyboardEvent.key gives it, lower-case
	mod      bool   // Ctrl, or ⌘ on a Mac
	shift    bool
	anyShift bool // with Shift held or not
}

// matches says whether a key event (key lower-case) is the chord.
func (c chord) matches(key string, mod, shift bool) bool {
	return c.key == key && c.mod == mod && (c.anyShift || c.shift == shift)
}

// String is the chord as the user types it: "Ctrl+Shift+Z", "Delete".
func (c chord) String() string {
	return c.with("Ctrl+", "Shift+")
}

// aria is the chord as aria-keyshortcuts writes it: "Control+Shift+Z".
func (c chord) aria() string {
	return c.with("Control+", "Shift+")
}

func (c chord) with(ctrl, shift string) string {
	var b strings.Builder
	if c.mod {
		b.WriteString(ctrl)
	}
	if c.shift {
		b.WriteString(shift)
	}
	if len(c.key) == 1 {
		b.WriteString(strings.ToUpper(c.key))
	} else {
		b.WriteString(strings.ToUpper(c.key[:1]) + c.key[1:])
	}
	return b.String()
}
