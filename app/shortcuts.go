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

// onKeyDown performs the action whose shortcut was pressed (see
// actions), when it applies; the keys of text controls and of the context
// menu are theirs. In focus mode, Escape leaves it before it deselects
// (unless a dialog took the key).
func (e *Editor) onKeyDown(ev app.Value) {
	if isTyping(ev) || closest(ev.Get("target"), "#context-menu").Truthy() {
		return // the context menu has keys of its own
	}
	s := e.store
	if s.Focused() && ev.Get("key").String() == "Escape" && !ev.Get("defaultPrevented").Bool() {
		ev.Call("preventDefault")
		e.ctx.Dispatch(func(app.Context) { s.SetFocused(false) })
		return
	}
	a, ok := keyedAction(s, ev.Get("key").String(), ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool(), ev.Get("shiftKey").Bool())
	if !ok {
		return
	}
	ev.Call("preventDefault")
	e.ctx.Dispatch(func(ctx app.Context) { a.perform(s, ctx) })
}
