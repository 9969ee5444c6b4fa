package app

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The editor's keyboard shortcuts, on the whole page.

// isTyping reports whether a key event comes from a text control, where keys
// belong to the control.
func isTyping(ev app.Value) bool {
	target := ev.Get("target")
	if !target.Truthy() {
		return false
	}
	switch strings.ToLower(target.Get("tagName").String()) {
	case "input", "textarea", "select":
		return true
	}
	return target.Get("isContentEditable").Truthy()
}

// onKeyDown handles the editor's shortcuts: undo, redo, delete, select all,
// duplicate.
func (e *Editor) onKeyDown(ev app.Value) {
	if isTyping(ev) || closest(ev.Get("target"), "#context-menu").Truthy() {
		return // the context menu has keys of its own
	}
	key := strings.ToLower(ev.Get("key").String())
	mod := ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool()
	shift := ev.Get("shiftKey").Bool()
	var act func()
	switch {
	case mod && key == "z" && !shift:
		act = func() { e.store.Undo() }
	case mod && (key == "z" && shift || key == "y"):
		act = func() { e.store.Redo() }
	case !mod && (key == "delete" || key == "backspace"):
		act = func() {
			e.store.Report(e.store.DeleteSelection())
			// What had the focus is gone: keep it on the canvas rather
			// than let it fall to the page.
			e.ctx.Defer(func(app.Context) {
				if c := app.Window().GetElementByID("canvas"); c.Truthy() {
					c.Call("focus", map[string]any{"preventScroll": true})
				}
			})
		}
	case !mod && key == "escape":
		act = func() { e.store.Select("") }
	case mod && key == "a" && !shift:
		act = func() { e.store.SelectAll() }
	case mod && key == "d" && !shift && len(e.store.SelectedNodes()) > 0:
		act = func() { e.store.Report(e.store.Duplicate(e.store.SelectedNodes())) }
	default:
		return
	}
	ev.Call("preventDefault")
	e.ctx.Dispatch(func(app.Context) { act() })
}
