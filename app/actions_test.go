package app

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
)

// A key event performs the action whose shortcut it is, when that action
// applies; otherwise the key is the browser's.
func TestKeyedAction(t *testing.T) {
	s := threeStore(t) // nodes a, b, c and d, in group eu, after an undoable import
	s.Select("a")
	cases := []struct {
		key              string
		mod, shift       bool
		want             string // the action's label, "" for none
		undone, deselect bool   // with nothing to undo, nothing selected
	}{
		{key: "z", mod: true, want: "Undo"},
		{key: "Z", mod: true, shift: true, want: ""}, // nothing to redo yet
		{key: "y", mod: true, want: ""},
		{key: "Delete", want: "Delete"},
		{key: "Backspace", shift: true, want: "Delete"},
		{key: "Delete", want: "", deselect: true},
		{key: "Escape", want: "Deselect"},
		{key: "a", mod: true, want: "Select all"},
		{key: "a", mod: true, shift: true, want: ""},
		{key: "d", mod: true, want: "Duplicate"},
		{key: "d", mod: true, want: "", deselect: true}, // Ctrl+D stays the browser's
		{key: "c", mod: true, want: ""},                 // the copy event's
		{key: "z", want: ""},
		{key: "F", shift: true, want: "Focus"},
		{key: "f", want: ""},
	}
	for _, c := range cases {
		if c.deselect {
			s.Select("")
		} else {
			s.Select("a")
		}
		a, ok := keyedAction(s, c.key, c.mod, c.shift)
		if got := map[bool]string{true: a.label}[ok]; got != c.want {
			t.Errorf("%q mod %v shift %v: %q, want %q", c.key, c.mod, c.shift, got, c.want)
		}
	}
	for _, want := range []bool{true, false} {
		a, _ := keyedAction(s, "F", false, true)
		a.perform(s, nil)
		if s.Focused() != want {
			t.Errorf("Shift+F: focus mode %v, want %v", s.Focused(), want)
		}
	}
	s.Undo()
	for _, key := range []string{"Z", "y"} {
		if a, ok := keyedAction(s, key, true, key == "Z"); !ok || a.label != "Redo" {
			t.Errorf("%s after an undo: %q %v, want Redo", key, a.label, ok)
		}
	}
}

// No two actions share a shortcut, and each tells its shortcuts as typed
// and as aria-keyshortcuts writes them.
func TestActionShortcuts(t *testing.T) {
	seen := map[chord]string{}
	for _, a := range actions() {
		for _, c := range a.keys {
			plain := chord{key: c.key, mod: c.mod, shift: c.shift}
			if other, ok := seen[plain]; ok {
				t.Errorf("%s and %s share %s", other, a.label, c)
			}
			seen[plain] = a.label
		}
	}
	for _, c := range []struct {
		id         actionID
		hint, aria string
	}{
		{actUndo, "Undo (Ctrl+Z)", "Control+Z"},
		{actRedo, "Redo (Ctrl+Shift+Z or Ctrl+Y)", "Control+Shift+Z Control+Y"},
		{actDelete, "Delete (Delete or Backspace)", "Delete Backspace"},
		{actDuplicate, "Duplicate (Ctrl+D)", "Control+D"},
	} {
		a := actionFor(c.id)
		if a.hint() != c.hint || a.ariaKeys() != c.aria {
			t.Errorf("%s: %q and %q, want %q and %q", a.label, a.hint(), a.ariaKeys(), c.hint, c.aria)
		}
	}
}

// The toolbar, the inspector and the context menu tell the shortcuts the
// keyboard performs, from the one table.
func TestActionsTellTheirShortcuts(t *testing.T) {
	e := NewEditor(nil, mustEmbedded(t))
	if err := e.store.Import("d.yaml", []byte(threeNodes)); err != nil {
		t.Fatal(err)
	}
	e.store.SelectNodes([]string{"a", "b"})
	d, html := mount(t, e)
	for _, c := range []struct{ text, attrs string }{
		{"Undo", `title="Undo (Ctrl+Z)"|aria-keyshortcuts="Control+Z"`},
		{"Redo", `title="Redo (Ctrl+Shift+Z or Ctrl+Y)"|aria-keyshortcuts="Control+Shift+Z Control+Y"`},
		{"Duplicate", `title="A copy of them, beside them (Ctrl+D)"|aria-keyshortcuts="Control+D"`},
		{"Delete 2 nodes", `aria-keyshortcuts="Delete Backspace"`},
	} {
		tag := buttonTag(html, c.text)
		for _, want := range strings.Split(c.attrs, "|") {
			if !strings.Contains(tag, want) {
				t.Errorf("%s: %q lacks %s", c.text, tag, want)
			}
		}
	}
	if !strings.Contains(html, "Ctrl+C copies them, Ctrl+X cuts, Ctrl+D duplicates") {
		t.Error("the inspector's hint does not tell the table's shortcuts")
	}
	e.store.Select("a")
	d.Consume()
	if tag := buttonTag(app.HTMLString(e), "Delete node"); !strings.Contains(tag, `aria-keyshortcuts="Delete Backspace"`) {
		t.Errorf("the node's Delete node does not tell its shortcut: %q", tag)
	}
	// Undo as the toolbar's button performs it: the action's.
	if err := e.store.SetProp("a", "timeoutSeconds", catalogue.IntValue(900)); err != nil {
		t.Fatal(err)
	}
	actionFor(actUndo).perform(e.store, nil)
	if strings.Contains(string(e.store.Export()), "timeoutSeconds") {
		t.Error("Undo did not undo")
	}
}

// buttonTag is the start tag of the button whose text is text ("" when
// there is none); go-app writes a tag's attributes in any order.
func buttonTag(html, text string) string {
	end := strings.Index(html, ">"+text+"</button>")
	if end < 0 {
		return ""
	}
	return html[strings.LastIndex(html[:end], "<button"):end]
}
