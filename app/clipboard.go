package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// The clipboard: YAML pasted anywhere outside a text control goes into the
// design, and the selected nodes are copied (or cut) as a design fragment.

// onPaste imports YAML pasted anywhere outside a text control.
func (e *Editor) onPaste(ev app.Value) {
	if isTyping(ev) {
		return
	}
	data := ev.Get("clipboardData")
	if !data.Truthy() {
		return
	}
	text := data.Call("getData", "text").String()
	if strings.TrimSpace(text) == "" {
		return
	}
	ev.Call("preventDefault")
	e.ctx.Dispatch(func(app.Context) { e.pasteData([]byte(text)) })
}

// pasteData adds pasted YAML to the design, or lists why not. Text that is
// not a design at all (no nodes, groups, edges or notes key) is left alone,
// with a quiet note in the status line.
func (e *Editor) pasteData(data []byte) {
	if !looksLikeDesign(string(data)) {
		e.store.Say("The pasted text is not a design (it has no nodes, groups, edges or notes), so nothing was added.")
		return
	}
	err := e.store.Paste("pasted YAML", data)
	e.session.importErrors = nil
	if list, ok := err.(catalogue.ErrorList); ok {
		e.session.importErrors = list.Lines()
		e.store.Report(fmt.Errorf("Paste refused: %s in the pasted YAML; the design is unchanged", library.Count(len(list), "problem")))
		return
	}
	e.store.Report(err)
}

// looksLikeDesign reports whether text has a design's top-level nodes,
// groups, edges or notes key, in YAML or JSON.
func looksLikeDesign(text string) bool {
	keys := []string{"nodes", "groups", "edges", "notes"}
	for _, line := range strings.Split(text, "\n") {
		for _, k := range keys {
			if strings.HasPrefix(line, k+":") {
				return true
			}
		}
	}
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "{") {
		return false
	}
	for _, k := range keys {
		if strings.Contains(t, `"`+k+`"`) {
			return true
		}
	}
	return false
}

// onCopyNodes puts the selected nodes on the clipboard as a design fragment
// (readable YAML, which Paste reads back) on Ctrl+C, and on Ctrl+X deletes
// them too; text being typed or selected on the page is copied as usual.
func (e *Editor) onCopyNodes(ev app.Value) {
	ids := e.store.SelectedNodes()
	if isTyping(ev) || len(ids) == 0 || !app.Window().Call("getSelection").Get("isCollapsed").Bool() {
		return
	}
	data := ev.Get("clipboardData")
	if !data.Truthy() {
		return
	}
	data.Call("setData", "text/plain", string(e.store.Fragment(ids)))
	ev.Call("preventDefault")
	cut := ev.Get("type").String() == "cut"
	e.ctx.Dispatch(func(app.Context) {
		if cut {
			e.store.Report(e.store.DeleteNodes(ids))
			return
		}
		e.store.Say(fmt.Sprintf("Copied %d %s.", len(ids), plural(len(ids), "node")))
	})
}
