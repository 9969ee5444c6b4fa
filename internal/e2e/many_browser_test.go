//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// settled waits for the view to stop changing (the fit after a load).
func (p *tab) settled() {
	p.t.Helper()
	p.eventually("the canvas's first view", func() (bool, string) {
		got := p.evalPage(`(document.getElementById("canvas-svg") || {dataset: {}}).dataset.viewed === "true"`)
		return got == "true", got
	})
	last := ""
	p.eventually("the view to settle", func() (bool, string) {
		time.Sleep(150 * time.Millisecond)
		now := p.evalPage(`document.getElementById("viewport").getAttribute("transform")`)
		same := now == last
		last = now
		return same, now
	})
}

// transforms is where nodes are drawn, by id.
func (p *tab) transforms(ids ...string) []string {
	p.t.Helper()
	var out []string
	for _, id := range ids {
		var s string
		json.Unmarshal([]byte(p.evalPage(`(document.getElementById("node-`+id+`") || {getAttribute: () => "none"}).getAttribute("transform")`)), &s)
		out = append(out, s)
	}
	return out
}

// Many at once: a rubber band selects three nodes, the inspector aligns
// them in one undoable step, a drag moves them together, Ctrl+C and a paste
// give three more with fresh ids, Ctrl+A and Delete empty the canvas.
func TestEditorManyAtOnce(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.settled()
	ax, ay := p.center(p.find("button", "a, Amazon API Gateway…"))
	cx, cy := p.center(p.find("button", "c, AWS Lambda…"))
	var svgLeft float64
	json.Unmarshal([]byte(p.evalPage(`document.getElementById("canvas-svg").getBoundingClientRect().left`)), &svgLeft)
	p.dragWith(chromedp.ModifierShift, max(svgLeft+4, ax-100), ay-50, cx+100, cy+50)
	p.waitText("region", "Inspector", "3 nodes selected: a, b, c")
	for _, name := range []string{"a, Amazon API Gateway…", "b, Amazon SQS…", "c, AWS Lambda…"} {
		if got := p.eval(p.find("button", name), `function() { return this.dataset.selected }`); got != `"true"` {
			t.Errorf("%s: selected %s", name, got)
		}
	}
	// Shift-click takes one out and puts it back.
	p.do(chromedp.MouseClickXY(cx, cy, chromedp.ButtonModifiers(chromedp.ModifierShift)))
	p.waitText("region", "Inspector", "2 nodes selected: a, b")
	p.do(chromedp.MouseClickXY(cx, cy, chromedp.ButtonModifiers(chromedp.ModifierShift)))
	p.waitText("region", "Inspector", "3 nodes selected")

	// Align their bottoms (they are on one line already: nothing moves
	// off it).
	p.clickIn("Inspector", "button", "Bottom")
	p.eventually("three nodes on one line", func() (bool, string) {
		got := p.transforms("a", "b", "c")
		return got[0] == "translate(40 40)" && got[1] == "translate(300 40)" && got[2] == "translate(560 40)", strings.Join(got, " ")
	})
	// A drag of one of them moves all three.
	bx, by := p.center(p.find("button", "b, Amazon SQS…"))
	p.drag(bx-60, by, bx-60, by+100)
	p.eventually("all three moved down, d not", func() (bool, string) {
		got := p.transforms("a", "b", "c", "d")
		var ys [4]float64
		for i, g := range got {
			var x float64
			fmt.Sscanf(g, "translate(%g %g)", &x, &ys[i])
		}
		return ys[0] > 100 && ys[0] == ys[1] && ys[1] == ys[2] && ys[3] == 260, strings.Join(got, " ")
	})
	p.click("button", "Undo")
	p.eventually("the drag undone in one step", func() (bool, string) {
		got := p.transforms("a", "b")
		return got[0] == "translate(40 40)" && got[1] == "translate(300 40)", strings.Join(got, " ")
	})
	p.waitText("region", "Inspector", "3 nodes selected")

	// Copy, then paste: three more, fresh ids, the edge among them kept.
	copied := p.evalPage(`(() => {
		const dt = new DataTransfer();
		document.body.dispatchEvent(new ClipboardEvent("copy", {clipboardData: dt, bubbles: true}));
		return dt.getData("text/plain");
	})()`)
	var yaml string
	json.Unmarshal([]byte(copied), &yaml)
	if !strings.Contains(yaml, "  - id: \"a\"") || strings.Contains(yaml, "\"d\"") || !strings.Contains(yaml, "{from: \"a\", to: \"c\", label: \"invokes\"}") {
		t.Fatalf("copied:\n%s", yaml)
	}
	p.evalPage(`(() => {
		const dt = new DataTransfer();
		dt.setData("text/plain", ` + copied + `);
		document.body.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true}));
		return 1;
	})()`)
	p.waitText("region", "Inspector", "3 nodes selected: a-2, b-2, c-2")
	p.find("button", "Connection from a-2 to c-2: invokes")
	// Ctrl+D duplicates the pasted ones in turn.
	p.focus("button", "a-2, Amazon API Gateway…")
	p.keys("d", chromedp.ModifierCtrl)
	p.waitText("region", "Inspector", "3 nodes selected: a-3, b-3, c-3")

	// Ctrl+A, then Delete: nothing left, and one Undo brings all back.
	p.focus("button", "d, AWS Lambda…")
	p.keys("a", chromedp.ModifierCtrl)
	p.waitText("region", "Inspector", "10 nodes selected")
	p.keys(kb.Delete)
	p.absent("button", "d, AWS Lambda…")
	p.waitText("region", "Inspector", "Select a node")
	p.click("button", "Undo")
	p.find("button", "d, AWS Lambda…")
	p.eventually("all ten back", func() (bool, string) {
		// Go to node suggests every node (up to 50) when it gets the focus.
		got := p.evalPage(`(() => { const f = document.getElementById("goto-node"); f.value = ""; f.focus(); return document.getElementById("goto-node-list").options.length; })()`)
		return got == "10", got
	})
	p.checkAccessible("the editor, three nodes selected")
	p.checkClean()
}

// Zoom to selection shows what is selected; with Snap to grid on, a
// dragged node lands on the 20 px grid, and the choice is kept.
func TestEditorZoomToSelectionAndSnap(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.settled()
	if got := p.eval(p.find("button", "Zoom to selection"), `function() { return this.disabled }`); got != "true" {
		t.Errorf("Zoom to selection with nothing selected: disabled %s", got)
	}
	p.click("button", "d, AWS Lambda…")
	p.click("button", "Zoom to selection")
	p.eventually("d in the middle of the view", func() (bool, string) {
		got := p.evalPage(`(() => {
			const r = document.querySelector('#node-d [data-part="box"]').getBoundingClientRect(), v = document.getElementById("canvas-svg").getBoundingClientRect();
			return Math.abs((r.left + r.right) / 2 - (v.left + v.right) / 2) < 3 && Math.abs((r.top + r.bottom) / 2 - (v.top + v.bottom) / 2) < 3;
		})()`)
		return got == "true", got
	})
	p.click("checkbox", "Snap to grid")
	x, y := p.center(p.find("button", "d, AWS Lambda…"))
	p.drag(x-60, y, x-60+37, y+23)
	p.eventually("d on the grid", func() (bool, string) {
		got := p.transforms("d")[0]
		var nx, ny float64
		fmt.Sscanf(got, "translate(%g %g)", &nx, &ny)
		return got != "translate(40 260)" && int(nx)%20 == 0 && int(ny)%20 == 0, got
	})
	p.navigate(p.origin + "/")
	p.waitReady()
	if got := p.eval(p.find("checkbox", "Snap to grid"), `function() { return this.checked }`); got != "true" {
		t.Errorf("Snap to grid after a reload: %s", got)
	}
	// The arrow keys move by the grid's step, onto it.
	was := p.transforms("d")[0]
	p.focus("button", "d, AWS Lambda…")
	p.keys(kb.ArrowRight)
	p.eventually("d one step right, on the grid", func() (bool, string) {
		var x0, y0, x1, y1 float64
		fmt.Sscanf(was, "translate(%g %g)", &x0, &y0)
		got := p.transforms("d")[0]
		fmt.Sscanf(got, "translate(%g %g)", &x1, &y1)
		return x1 == x0+20 && y1 == y0 && int(x1)%20 == 0, got + " was " + was
	})
	p.checkClean()
}

// The minimap shows the whole design with the view's rectangle; a click on
// it moves the view there.
func TestEditorMinimap(t *testing.T) {
	example, err := os.ReadFile(filepath.Join("..", "..", "examples", "resilient-orders.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p := loadDesign(t, string(example))
	p.settled()
	p.click("button", "Zoom in")
	p.click("button", "Zoom in")
	p.click("button", "Minimap")
	if got := p.eval(p.find("button", "Minimap"), `function() { return this.getAttribute("aria-pressed") }`); got != `"true"` {
		t.Errorf("Minimap pressed: %s", got)
	}
	mm := p.find("image", "Minimap of the design, with the view's rectangle: click or drag it to move the view")
	p.eventually("the design drawn in the minimap", func() (bool, string) {
		got := p.evalPage(`(() => {
			const c = document.getElementById("minimap-canvas"), d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
			let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
			const v = document.getElementById("minimap-view").getBoundingClientRect();
			return n > 500 && v.width > 4 && v.height > 4;
		})()`)
		return got == "true", got
	})
	before := p.evalPage(`document.getElementById("viewport").getAttribute("transform")`)
	x, y := p.center(mm)
	p.do(chromedp.MouseClickXY(x+80, y+50)) // its bottom-right corner: the design's
	p.eventually("the view moved", func() (bool, string) {
		got := p.evalPage(`document.getElementById("viewport").getAttribute("transform")`)
		return got != before, got
	})
	p.find("button", "shipments, Amazon DynamoDB…")
	// A pan of the canvas moves the view's rectangle too.
	rectangle := func() string { return p.evalPage(`document.getElementById("minimap-view").style.left`) }
	was := rectangle()
	var corner []float64
	// A point of the background, off every node, label and the minimap.
	json.Unmarshal([]byte(p.evalPage(`(() => {
		const r = document.getElementById("canvas-svg").getBoundingClientRect();
		for (let y = r.top + 10; y < r.bottom - 10; y += 15)
			for (let x = r.left + 10; x < r.left + 300; x += 15)
				if (document.elementFromPoint(x, y).dataset.part === "background") return [x, y];
		return [];
	})()`)), &corner)
	if len(corner) != 2 {
		t.Fatal("no background to pan by")
	}
	p.drag(corner[0], corner[1], corner[0]+150, corner[1])
	p.eventually("the rectangle moved with the pan", func() (bool, string) { got := rectangle(); return got != was, got + " was " + was })
	// Another theme draws it again, in that theme's colour.
	colour := func() string {
		return p.evalPage(`(() => {
			const c = document.getElementById("minimap-canvas"), d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
			for (let i = 0; i < d.length; i += 4) if (d[i + 3] === 255) return d[i] + "," + d[i + 1] + "," + d[i + 2];
			return "";
		})()`)
	}
	light := colour()
	p.choose("Theme", "Dark")
	p.eventually("the minimap in the dark theme's colour", func() (bool, string) { got := colour(); return got != light && got != `""`, got + " was " + light })
	p.checkAccessible("the editor, the minimap shown")
	p.checkClean()
}

// nodeAt reads a node's translate(x y).
func nodeAt(t *testing.T, transform string) (x, y float64) {
	t.Helper()
	if _, err := fmt.Sscanf(transform, "translate(%g %g)", &x, &y); err != nil {
		t.Fatalf("transform %q: %v", transform, err)
	}
	return x, y
}

// Tidy up, asked to place only the new nodes, leaves every node the user
// placed where it was and puts a new node before the node it feeds; undo
// takes it back; the whole design laid out top to bottom puts edges
// downwards.
func TestEditorTidyUp(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.settled()
	placed := []string{"a", "b", "c", "d"}
	before := p.transforms(placed...)
	p.fill("searchbox", "Search components", "sqs")
	p.click("button", "Amazon SQS (standard queue)")
	p.find("button", "aws-sqs, Amazon SQS…")
	p.choose("Connect to", "b")
	p.click("button", "Connect")
	p.find("button", "Connection from aws-sqs to b")
	p.fill("searchbox", "Search components", "redpanda")
	p.click("button", "Redpanda")
	p.find("button", "redpanda, Redpanda…")

	p.click("button", "Tidy up")
	p.find("dialog", "Tidy up")
	if got := p.eval(p.find("combobox", "Nodes to lay out"), `function() { return this.options[this.selectedIndex].text }`); got != `"The 2 new nodes only"` {
		t.Errorf("the dialog offers %s first", got)
	}
	p.click("button", "Lay out")
	p.waitText("status", "", "Tidied up: moved")
	p.absent("dialog", "Tidy up")
	if got := p.transforms(placed...); strings.Join(got, " ") != strings.Join(before, " ") {
		t.Errorf("placed nodes moved: %v → %v", before, got)
	}
	all := p.transforms(append(placed, "aws-sqs", "redpanda")...)
	sx, sy := nodeAt(t, all[4])
	bx, by := nodeAt(t, all[1])
	if sx+180 > bx {
		t.Errorf("aws-sqs at %g, %g is not before b at %g, %g", sx, sy, bx, by)
	}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			x0, y0 := nodeAt(t, all[i])
			x1, y1 := nodeAt(t, all[j])
			if x0 < x1+180 && x1 < x0+180 && y0 < y1+72 && y1 < y0+72 {
				t.Errorf("nodes %d and %d overlap: %s, %s", i, j, all[i], all[j])
			}
		}
	}
	// One undoable step.
	p.keys("z", chromedp.ModifierCtrl)
	p.eventually("the new nodes back where the editor put them", func() (bool, string) {
		got := p.transforms("aws-sqs")
		return got[0] != all[4], got[0]
	})

	p.click("button", "Tidy up")
	p.choose("Nodes to lay out", "The whole design")
	p.choose("Direction", "Top to bottom")
	p.focus("button", "Lay out") // from the keyboard this time
	p.keys(kb.Enter)
	p.waitText("status", "", "Tidied up")
	p.eventually("c above d, aws-sqs above b", func() (bool, string) {
		got := p.transforms("c", "d", "aws-sqs", "b")
		_, cy := nodeAt(t, got[0])
		_, dy := nodeAt(t, got[1])
		_, sy := nodeAt(t, got[2])
		_, by := nodeAt(t, got[3])
		return cy+72 <= dy && sy+72 <= by, strings.Join(got, " ")
	})
	// Open while the last node goes: the dialog closes, with nothing left
	// to lay out, and the focus stays where the user put it.
	p.click("button", "Tidy up")
	p.find("dialog", "Tidy up")
	if got := p.eval(p.find("combobox", "Direction"), `function() { return this.value }`); got != `"tb"` {
		t.Errorf("the dialog reopened with direction %s, not the last one, tb", got)
	}
	p.focus("button", "c, AWS Lambda…")
	p.keys("a", chromedp.ModifierCtrl)
	p.keys(kb.Delete)
	p.absent("button", "c, AWS Lambda…")
	p.absent("dialog", "Tidy up")
	p.absent("button", "Tidy up")
	p.click("button", "Undo")
	p.find("button", "Tidy up")
	p.checkClean()
}
