//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// dropsDesign has two nodes and an empty region, whose frame is drawn
// beside them.
const dropsDesign = `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: a, component: aws-lambda, position: {x: 40, y: 40}}
  - {id: b, component: aws-sqs, position: {x: 40, y: 200}}
`

// rectJS is the client rectangle of the element selector finds, as
// [left, top, right, bottom], or [] when none is drawn.
func (p *tab) rect(selector string) []float64 {
	p.t.Helper()
	var r []float64
	got := p.evalPage(`(() => { const e = document.querySelector(` + strconv.Quote(selector) + `); if (!e) return [];
		const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`)
	json.Unmarshal([]byte(got), &r)
	return r
}

// sameRect reports whether two rectangles are the same within a pixel.
func sameRect(a, b []float64) bool {
	if len(a) != 4 || len(b) != 4 {
		return false
	}
	for i := range a {
		if !near(a[i], b[i]) {
			return false
		}
	}
	return true
}

// holding presses the mouse at one point, moves to another in steps, runs
// during with the button still down, and releases there.
func (p *tab) holding(fromX, fromY, toX, toY float64, during func()) {
	p.t.Helper()
	send := func(typ input.DispatchMouseEventType, x, y float64, buttons int64) {
		p.call(func(ctx context.Context) error {
			_, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
				Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1, PointerType: input.DispatchMouseEventPointerTypeMouse,
			})
			return err
		})
	}
	send(input.DispatchMouseEventTypeMousePressed, fromX, fromY, 1)
	for i := 1; i <= 10; i++ {
		f := float64(i) / 10
		send(input.DispatchMouseEventTypeMouseMoved, fromX+(toX-fromX)*f, fromY+(toY-fromY)*f, 1)
	}
	during()
	send(input.DispatchMouseEventTypeMouseReleased, toX, toY, 0)
}

// centerOf is the centre of the one element of role named name, once it
// is on screen (a render may replace the element found first).
func (p *tab) centerOf(role, name string) (x, y float64) {
	p.t.Helper()
	p.eventually(fmt.Sprintf("one %s named %q on screen", role, name), func() (bool, string) {
		found := p.query(role, named(name))
		if len(found) != 1 {
			return false, fmt.Sprintf("%d found", len(found))
		}
		var ok bool
		x, y, ok = p.box(found[0])
		return ok, "it has no box"
	})
	return x, y
}

// groupOf is the group the inspector's Group field shows for node name.
func (p *tab) groupOf(name string) string {
	p.t.Helper()
	p.click("button", name)
	p.find("combobox", "Group")
	return p.evalPage(`document.getElementById("node-group").value`)
}

// A node dropped with the pointer just inside an empty region's frame joins
// it, the frame under the pointer is marked while dragging, and the empty
// frame keeps its place while other nodes move (it used to jump to the
// right of whatever was drawn).
func TestDropsIntoEmptyFrame(t *testing.T) {
	p := loadDesign(t, dropsDesign)
	frame := `#group-eu [data-part=frame]`
	before := p.rect(frame)
	if len(before) != 4 {
		t.Fatal("no frame drawn for the empty region")
	}
	// b goes to the right of and below the empty frame: the frame stays.
	bx := p.rect("#node-b")
	p.drag(bx[0]+20, bx[3]-12, before[2]+30, before[3]+120)
	p.eventually("b moved", func() (bool, string) {
		r := p.rect("#node-b")
		return len(r) == 4 && r[0] > before[2], fmt.Sprint(r)
	})
	if got := p.rect(frame); !sameRect(got, before) {
		t.Errorf("the empty frame moved from %v to %v when b was moved", before, got)
	}

	// a, held by its lower left, is dropped with the pointer just inside
	// the frame's top-left corner (the node's middle is above the frame).
	ax := p.rect("#node-a")
	toX, toY := before[0]+8, before[1]+8
	p.holding(ax[0]+20, ax[3]-12, toX, toY, func() {
		p.eventually("the frame marked as the drop target", func() (bool, string) {
			got := p.evalPage(`document.getElementById("group-eu").dataset.dropTarget || ""`)
			return got == `"true"`, got
		})
	})
	p.eventually("a in eu", func() (bool, string) {
		got := p.groupOf("a, AWS Lambda…")
		return got == `"eu"`, got
	})
	if got := p.evalPage(`document.querySelectorAll("[data-drop-target=true]").length`); got != "0" {
		t.Errorf("%s frames still marked as the drop target", got)
	}
	f, n := p.rect(frame), p.rect("#node-a")
	if len(f) != 4 || len(n) != 4 || n[0] < f[0] || n[1] < f[1] || n[2] > f[2] || n[3] > f[3] {
		t.Errorf("a %v is not drawn inside its frame %v", n, f)
	}
	// And dragged out again, it leaves the group.
	n = p.rect("#node-a")
	p.drag(n[0]+20, n[3]-12, f[0]-150, f[3]+150)
	p.eventually("a in no group", func() (bool, string) {
		got := p.groupOf("a, AWS Lambda…")
		return got == `""`, got
	})
	p.checkClean()
}

// boxesJS is every node's client box by id, and whether its four corners
// (2 px in) show the node itself: on screen, in the canvas, under no panel
// and no other node.
const boxesJS = `(() => {
	const out = {};
	for (const g of document.querySelectorAll("g[data-node]")) {
		const r = g.querySelector("[data-part=box]").getBoundingClientRect();
		const seen = [[r.left+2, r.top+2], [r.right-2, r.top+2], [r.left+2, r.bottom-2], [r.right-2, r.bottom-2]].every(([x, y]) => {
			const e = document.elementFromPoint(x, y);
			return e && e.closest("g[data-node]") === g;
		});
		out[g.dataset.node] = {box: [r.left, r.top, r.right, r.bottom], seen};
	}
	return out;
})()`

type drawnNode struct {
	Box  []float64 `json:"box"`
	Seen bool      `json:"seen"`
}

// drawnNodes are the nodes' client boxes, by id.
func (p *tab) drawnNodes() map[string]drawnNode {
	p.t.Helper()
	var out map[string]drawnNode
	json.Unmarshal([]byte(p.evalPage(boxesJS)), &out)
	return out
}

// meets reports whether two client boxes overlap or touch.
func meets(a, b []float64) bool {
	return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]
}

// gridDesign is nine nodes in three rows, which Fit spreads over the view.
func gridDesign() string {
	var b strings.Builder
	b.WriteString("nodes:\n")
	for i := range 9 {
		fmt.Fprintf(&b, "  - {id: n%d, component: aws-lambda, position: {x: %d, y: %d}}\n", i, 40+(i%3)*220, 40+(i/3)*120)
	}
	return b.String()
}

// Pasted nodes land where they can be seen, each on free space: a copy of
// the bottom-right node of a full view used to land right of everything,
// outside the view.
func TestDropsPasteInView(t *testing.T) {
	p := loadDesign(t, gridDesign())
	p.find("button", "n8, AWS Lambda…")
	p.evalPage(`(() => {
		const dt = new DataTransfer();
		dt.setData("text/plain", "nodes:\n  - {id: n8, component: aws-lambda, position: {x: 480, y: 280}}\n  - {id: n7, component: aws-lambda, position: {x: 260, y: 280}}\n");
		document.body.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true}));
	})()`)
	p.find("button", "n8-2, AWS Lambda…")
	p.find("button", "n7-2, AWS Lambda…")
	p.eventually("the pasted nodes seen whole, on free space", func() (bool, string) {
		nodes := p.drawnNodes()
		for _, id := range []string{"n8-2", "n7-2"} {
			n := nodes[id]
			if !n.Seen {
				return false, id + " is not seen whole: " + fmt.Sprint(n.Box)
			}
			for other, o := range nodes {
				if other != id && meets(n.Box, o.Box) {
					return false, id + " meets " + other
				}
			}
		}
		return true, ""
	})
	p.checkClean()
}

// A note added on a node lands beside it on free space: not over the
// node beside it (it used to cover that node's name).
func TestDropsNoteOnFreeSpace(t *testing.T) {
	p := loadDesign(t, gridDesign())
	p.focus("button", "n4, AWS Lambda…")
	p.keys(kb.F10, chromedp.ModifierShift)
	p.click("menuitem", "Add note on n4")
	p.find("button", "Note 1: Note, on n4")
	p.eventually("the note on no node's text", func() (bool, string) {
		got := p.evalPage(`(() => {
			const n = document.getElementById("note-0").getBoundingClientRect();
			for (const t of document.querySelectorAll("g[data-node] text, g[data-node] [data-part=box]")) {
				const r = t.getBoundingClientRect();
				if (n.left < r.right && r.left < n.right && n.top < r.bottom && r.top < n.bottom) return t.closest("g[data-node]").dataset.node;
			}
			return "";
		})()`)
		return got == `""`, "it covers " + got
	})
	nodes := p.drawnNodes()
	note := p.rect("#note-0")
	if len(note) != 4 || !strings.Contains(p.evalPage(`(() => { const r = document.getElementById("note-0").getBoundingClientRect();
		const e = document.elementFromPoint(r.left + 4, r.top + 4); return e ? e.closest("[data-note]") !== null : false; })()`), "true") {
		t.Errorf("the note %v is not seen (nodes %v)", note, nodes)
	}
	p.checkClean()
}

// A node added from the palette by keyboard, beside the selected node,
// touches no other node, however the selected node sits off the grid.
func TestDropsKeyboardAddOnFreeSpace(t *testing.T) {
	p := loadDesign(t, `nodes:
  - {id: a, component: aws-lambda, position: {x: 80, y: 40}}
  - {id: b, component: aws-lambda, position: {x: 80, y: 200}}
`)
	p.click("button", "a, AWS Lambda…")
	p.fill("searchbox", "Search components", "kafka")
	p.focus("button", "Apache Kafka")
	p.keys(kb.Enter)
	p.find("button", "kafka, Apache Kafka…")
	p.eventually("kafka on free space, in view", func() (bool, string) {
		nodes := p.drawnNodes()
		k := nodes["kafka"]
		if !k.Seen {
			return false, "kafka is not seen whole"
		}
		for id, o := range nodes {
			if id != "kafka" && meets(k.Box, o.Box) {
				return false, fmt.Sprintf("kafka %v touches %s %v", k.Box, id, o.Box)
			}
		}
		return true, ""
	})
	p.checkClean()
}

// A node added while a node in a frame is selected is drawn inside a frame
// only if it is in that group.
func TestDropsAddBesideFramedNode(t *testing.T) {
	p := loadDesign(t, `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: a, component: aws-lambda, in: eu, position: {x: 40, y: 60}}
  - {id: c, component: aws-lambda, in: eu, position: {x: 480, y: 60}}
`)
	p.click("button", "a, AWS Lambda…")
	p.fill("searchbox", "Search components", "kafka")
	p.focus("button", "Apache Kafka")
	p.keys(kb.Enter)
	p.find("button", "kafka, Apache Kafka…")
	f, k := p.rect(`#group-eu [data-part=frame]`), p.rect("#node-kafka [data-part=box]")
	inside := len(f) == 4 && len(k) == 4 && meets(f, k)
	got := p.groupOf("kafka, Apache Kafka…")
	if inside != (got == `"eu"`) {
		t.Errorf("kafka %v, in group %s, against eu's frame %v", k, got, f)
	}
	p.checkClean()
}

// A product dragged from the palette onto a region's frame is added where
// it is released, in the region.
func TestDropsFromPalette(t *testing.T) {
	p := loadDesign(t, `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: a, component: aws-lambda, in: eu, position: {x: 40, y: 60}}
  - {id: c, component: aws-lambda, in: eu, position: {x: 480, y: 60}}
`)
	p.fill("searchbox", "Search components", "aws-ecs")
	x, y := p.centerOf("button", "Amazon Elastic Container Service")
	f := p.rect(`#group-eu [data-part=frame]`)
	// Between a and c, under their tops.
	toX, toY := (f[0]+f[2])/2, f[1]+50
	p.holding(x, y, toX, toY, func() {
		p.eventually("the frame marked as the drop target", func() (bool, string) {
			got := p.evalPage(`document.getElementById("group-eu").dataset.dropTarget || ""`)
			return got == `"true"`, got
		})
	})
	p.find("button", "aws-ecs, Amazon Elastic Container Service…")
	p.eventually("the node where it was released", func() (bool, string) {
		r := p.rect("#node-aws-ecs [data-part=box]")
		return len(r) == 4 && r[0] <= toX && toX <= r[2] && r[1] <= toY && toY <= r[3], fmt.Sprint(r)
	})
	if got := p.groupOf("aws-ecs, Amazon Elastic Container Service…"); got != `"eu"` {
		t.Errorf("the product dropped on eu is in group %s", got)
	}
	// A click still adds it, as the keyboard's Enter does.
	p.click("button", "Amazon Elastic Container Service")
	p.find("button", "aws-ecs-2, Amazon Elastic Container Service…")

	// A boundary too: a zone dropped in the region is in it, its frame
	// under the pointer.
	p.fill("searchbox", "Search components", "Availability zone")
	x, y = p.centerOf("button", "New Availability zone group")
	f = p.rect(`#group-eu [data-part=frame]`)
	toX, toY = f[0]+120, f[3]-30
	p.drag(x, y, toX, toY)
	p.eventually("the zone's frame where it was released", func() (bool, string) {
		r := p.rect(`#group-zone [data-part=frame]`)
		return len(r) == 4 && r[0] <= toX && toX <= r[2] && r[1] <= toY && toY <= r[3], fmt.Sprint(r)
	})
	if _, data := p.download("button", "Export YAML"); !strings.Contains(string(data), `{id: "zone", boundary: "zone", in: "eu", position: {x: `) {
		t.Errorf("export:\n%s", data)
	}
	p.checkClean()
}
