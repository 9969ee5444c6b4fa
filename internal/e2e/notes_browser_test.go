//go:build browser

package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Notes: added from the canvas's tools or a node's context menu, written in
// the inspector, dragged, carried along when their node is dragged, exported,
// kept across a reload, and deleted with the keyboard (undoably).
func TestEditorNotes(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.click("button", "Add note")
	p.find("button", "Note 1: Note")
	// The focus is in the new note's text, ready to be typed over.
	p.eventually("the focus in the note's text", func() (bool, string) {
		got := p.evalPage(`document.activeElement.id`)
		return got == `"note-text"`, got
	})
	p.fill("textbox", "Note text", "Orders arrive here first, then wait in the queue")
	note := p.find("button", "Note 1: Orders arrive here first, then wait in the queue")
	x, y := p.center(note)
	p.drag(x, y, x+120, y+60)
	p.eventually("the note where it was dropped", func() (bool, string) {
		nx, ny, ok := p.box(p.find("button", "Note 1: Orders arrive here first, then wait in the queue"))
		return ok && near(nx, x+120) && near(ny, y+60), p.evalPage(`document.getElementById("note-0").getAttribute("transform")`)
	})

	// A note on a node, from its context menu, moves with it.
	p.focus("button", "a, Amazon API Gateway…")
	p.keys(kb.F10, chromedp.ModifierShift)
	p.click("menuitem", "Add note on a")
	p.fill("textbox", "Note text", "Public entry")
	on := p.find("button", "Note 2: Public entry, on a")
	p.find("combobox", "On")
	if got := p.evalPage(`document.getElementById("note-on").value`); got != `"a"` {
		t.Errorf("the note is on %s", got)
	}
	ox, oy := p.center(on)
	ax, ay := p.center(p.find("button", "a, Amazon API Gateway…"))
	p.drag(ax-60, ay, ax-60+80, ay+200) // by the node's left, away from its connector
	p.eventually("the note moved with its node", func() (bool, string) {
		nx, ny, ok := p.box(p.find("button", "Note 2: Public entry, on a"))
		return ok && near(nx, ox+80) && near(ny, oy+200), p.evalPage(`document.getElementById("note-1").getAttribute("transform")`)
	})
	if got := p.evalPage(`document.querySelectorAll('[data-part="tether"]').length`); got != "1" {
		t.Errorf("%s lines tie notes to what they are on, want 1", got)
	}

	_, data := p.download("button", "Export YAML")
	if !strings.Contains(string(data), "notes:\n  - text: \"Orders arrive here first, then wait in the queue\"\n    position: {x: ") ||
		!strings.Contains(string(data), "  - text: \"Public entry\"\n    on: \"a\"\n") {
		t.Errorf("export:\n%s", data)
	}

	// Text typed and left by a click on the canvas is kept, on the note it
	// was typed in (the click deselects before the field's change event).
	p.focus("button", "Note 2: Public entry, on a")
	p.keys(kb.Enter)
	p.focus("textbox", "Note text")
	p.keys("a", chromedp.ModifierCtrl)
	p.keys("Public entry for partners")
	p.eventually("the text typed", func() (bool, string) {
		got := p.evalPage(`document.getElementById("note-text").value`)
		return got == `"Public entry for partners"`, got
	})
	var corner []float64
	json.Unmarshal([]byte(p.evalPage(`(() => {
		const r = document.getElementById("canvas-svg").getBoundingClientRect();
		for (let y = r.bottom - 60; y > r.top + 10; y -= 15)
			for (let x = r.right - 30; x > r.left + 10; x -= 15)
				if (document.elementFromPoint(x, y).dataset.part === "background") return [x, y];
		return [];
	})()`)), &corner)
	if len(corner) != 2 {
		t.Fatal("no background to click")
	}
	p.do(chromedp.MouseClickXY(corner[0], corner[1]))
	p.find("button", "Note 2: Public entry for partners, on a")
	p.click("button", "Undo")
	p.find("button", "Note 2: Public entry, on a")

	// Kept across a reload (the autosave), then deleted and undone.
	p.navigate(p.origin + "/")
	p.waitReady()
	p.focus("button", "Note 2: Public entry, on a")
	p.keys(kb.Enter)
	p.find("textbox", "Note text")
	p.keys(kb.Delete)
	p.absent("button", "Note 2: Public entry, on a")
	var active string
	json.Unmarshal([]byte(p.evalPage(`document.activeElement.id`)), &active)
	if active != "canvas" {
		t.Errorf("after Delete the focus is on %q", active)
	}
	p.click("button", "Undo")
	p.find("button", "Note 2: Public entry, on a")
	p.checkClean()
}

// near reports whether two screen coordinates are within 2 pixels.
func near(a, b float64) bool { return a-b < 2 && b-a < 2 }
