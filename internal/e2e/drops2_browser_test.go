//go:build browser

package e2e

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/archdesigner/designer/catalogue"
)

// savedDesign is the design the editor saved, read as the editor reads one.
func (p *tab) savedDesign() *catalogue.Design {
	p.t.Helper()
	text, err := strconv.Unquote(p.saved())
	if err != nil {
		p.t.Fatalf("no saved design: %v", err)
	}
	d, errs := catalogue.ParseDesign("saved.yaml", []byte(text))
	if len(errs) > 0 {
		p.t.Fatalf("the saved design does not read: %v\n%s", errs, text)
	}
	return d
}

// nodeIn is the group node id is in, in the saved design ("" for none, "?"
// for no such node).
func nodeIn(d *catalogue.Design, id string) string {
	for _, n := range d.Nodes {
		if n.ID == id {
			return n.In
		}
	}
	return "?"
}

// groupIn is the group group id sits in, in d ("" for none, "?" for no
// such group).
func groupIn(d *catalogue.Design, id string) string {
	for _, g := range d.Groups {
		if g.ID == id {
			return g.In
		}
	}
	return "?"
}

// holds reports whether client box outer holds box inner whole.
func holds(outer, inner []float64) bool {
	return len(outer) == 4 && len(inner) == 4 && inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3]
}

// waitGroups waits until the saved design has each node of want (id → group)
// in its group.
func (p *tab) waitGroups(want map[string]string) {
	p.t.Helper()
	p.eventually(fmt.Sprint("saved with ", want), func() (bool, string) {
		d := p.savedDesign()
		for id, g := range want {
			if got := nodeIn(d, id); got != g {
				return false, fmt.Sprintf("%s is in %q", id, got)
			}
		}
		return true, ""
	})
}

// dropsManyDesign has a region holding two nodes far apart, and two nodes
// outside it.
const dropsManyDesign = `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: c, component: aws-lambda, in: eu, position: {x: 40, y: 300}}
  - {id: d, component: aws-lambda, in: eu, position: {x: 800, y: 300}}
  - {id: a, component: aws-lambda, position: {x: 40, y: 40}}
  - {id: b, component: aws-sqs, position: {x: 300, y: 40}}
`

// Two selected nodes dragged into a region's frame both join it, its frame
// marked while they are carried, drawn inside it after; one Undo puts both
// back where they were, in no group.
func TestDrops2ManyIntoFrame(t *testing.T) {
	p := loadDesign(t, dropsManyDesign)
	p.click("button", "a, AWS Lambda…")
	bx, by := p.centerOf("button", "b, Amazon SQS…")
	p.dragWith(chromedp.ModifierShift, bx, by, bx, by)
	p.eventually("a and b selected", func() (bool, string) {
		got := p.evalPage(`document.querySelectorAll("g[data-node][data-selected=true]").length`)
		return got == "2", got
	})
	a := p.rect("#node-a [data-part=box]")
	scale := (a[2] - a[0]) / 180
	// a from (40, 40) to (280, 300), b with it to (540, 300): between c and d.
	fromX, fromY := a[0]+20, a[3]-12
	toX, toY := fromX+240*scale, fromY+260*scale
	p.holding(fromX, fromY, toX, toY, func() {
		p.eventually("the frame marked as the drop target", func() (bool, string) {
			got := p.evalPage(`document.getElementById("group-eu").dataset.dropTarget || ""`)
			return got == `"true"`, got
		})
	})
	p.waitGroups(map[string]string{"a": "eu", "b": "eu"})
	if got := p.evalPage(`document.querySelectorAll("[data-drop-target=true]").length`); got != "0" {
		t.Errorf("%s frames still marked as the drop target", got)
	}
	f := p.rect(`#group-eu [data-part=frame]`)
	for _, id := range []string{"a", "b"} {
		if n := p.rect("#node-" + id + " [data-part=box]"); !holds(f, n) {
			t.Errorf("%s %v is not drawn inside eu's frame %v", id, n, f)
		}
	}
	p.click("button", "Undo")
	p.waitGroups(map[string]string{"a": "", "b": ""})
	if r := p.rect("#node-a [data-part=box]"); !sameRect(r, a) {
		t.Errorf("one Undo left a at %v, not at %v", r, a)
	}
	p.checkClean()
}

// dropsKeysDesign has a region holding two nodes side by side, and a node
// below it, between them.
const dropsKeysDesign = `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: c, component: aws-lambda, in: eu, position: {x: 40, y: 40}}
  - {id: d, component: aws-lambda, in: eu, position: {x: 500, y: 40}}
  - {id: a, component: aws-sqs, position: {x: 260, y: 300}}
`

// A node moved by the arrow keys into a region's frame joins it, and moved
// out again leaves it; the status line says so each time.
func TestDrops2ArrowKeysIntoFrame(t *testing.T) {
	p := loadDesign(t, dropsKeysDesign)
	p.focus("button", "a, Amazon SQS…")
	for range 5 {
		p.keys(kb.ArrowUp, chromedp.ModifierShift)
	}
	p.waitGroups(map[string]string{"a": "eu"})
	p.waitText("status", "", "a moved into eu")
	if f, n := p.rect(`#group-eu [data-part=frame]`), p.rect("#node-a [data-part=box]"); !holds(f, n) {
		t.Errorf("a %v is in eu but not drawn inside its frame %v", n, f)
	}
	// One step down takes its middle out of the frame drawn round c and d.
	p.keys(kb.ArrowDown, chromedp.ModifierShift)
	p.waitGroups(map[string]string{"a": ""})
	p.waitText("status", "", "a moved out of eu")
	for range 4 {
		p.keys(kb.ArrowDown, chromedp.ModifierShift)
	}
	p.eventually("a back where it was", func() (bool, string) {
		d := p.savedDesign()
		for _, n := range d.Nodes {
			if n.ID == "a" {
				return n.Position != nil && n.Position.Y == 300, fmt.Sprint(n.Position)
			}
		}
		return false, "no a"
	})
	if f, n := p.rect(`#group-eu [data-part=frame]`), p.rect("#node-a [data-part=box]"); meets(f, n) {
		t.Errorf("a %v is in no group but drawn over eu's frame %v", n, f)
	}
	p.checkClean()
}

// dropsGroupsDesign has an account holding two nodes far apart, a region
// on its own, and a zone in another region.
const dropsGroupsDesign = `groups:
  - {id: acct, boundary: account}
  - {id: r, boundary: region}
  - {id: r2, boundary: region}
  - {id: z, boundary: zone, in: r2}
nodes:
  - {id: n1, component: aws-lambda, in: acct, position: {x: 40, y: 40}}
  - {id: n2, component: aws-lambda, in: acct, position: {x: 900, y: 40}}
  - {id: b, component: aws-sqs, in: r, position: {x: 300, y: 360}}
  - {id: q, component: aws-sqs, in: z, position: {x: 700, y: 360}}
`

// A region dragged by its label into an account's frame sits in the
// account; a zone dragged there is refused (a zone sits in a region or a
// network) and changes nothing.
func TestDrops2GroupIntoFrame(t *testing.T) {
	p := loadDesign(t, dropsGroupsDesign)
	acct := p.rect(`#group-acct [data-part=frame]`)
	n1 := p.rect("#node-n1 [data-part=box]")
	scale := (n1[2] - n1[0]) / 180
	// The pointer goes to the account's frame, between n1 and n2.
	toX, toY := n1[2]+200*scale, n1[1]+20*scale

	z := p.rect(`#group-z [data-part=frame]`)
	p.drag(z[0]+30, z[1]+8, toX, toY)
	p.waitText("status", "", "zone")
	if d := p.savedDesign(); groupIn(d, "z") != "r2" {
		t.Errorf("the refused zone is in %q, not r2", groupIn(d, "z"))
	}
	if got := p.rect(`#group-z [data-part=frame]`); !sameRect(got, z) {
		t.Errorf("the refused zone moved from %v to %v", z, got)
	}

	r := p.rect(`#group-r [data-part=frame]`)
	p.holding(r[0]+30, r[1]+8, toX, toY, func() {
		p.eventually("the account marked as the drop target", func() (bool, string) {
			got := p.evalPage(`document.getElementById("group-acct").dataset.dropTarget || ""`)
			return got == `"true"`, got
		})
	})
	p.eventually("r in acct", func() (bool, string) {
		got := groupIn(p.savedDesign(), "r")
		return got == "acct", got
	})
	acct = p.rect(`#group-acct [data-part=frame]`)
	if r := p.rect(`#group-r [data-part=frame]`); !holds(acct, r) {
		t.Errorf("r %v is in acct but not drawn inside its frame %v", r, acct)
	}
	p.click("button", "Undo")
	p.eventually("r at the top level again", func() (bool, string) {
		got := groupIn(p.savedDesign(), "r")
		return got == "", got
	})
	p.checkClean()
}

// A product dragged from the palette onto a node lands beside it, on free
// space near where it was released, not over it.
func TestDrops2ProductOntoNode(t *testing.T) {
	p := loadDesign(t, gridDesign())
	p.fill("searchbox", "Search components", "aws-ecs")
	x, y := p.centerOf("button", "Amazon Elastic Container Service")
	n4 := p.rect("#node-n4 [data-part=box]")
	toX, toY := (n4[0]+n4[2])/2, (n4[1]+n4[3])/2
	p.drag(x, y, toX, toY)
	p.find("button", "aws-ecs, Amazon Elastic Container Service…")
	p.eventually("the product on free space, in view, near the drop", func() (bool, string) {
		nodes := p.drawnNodes()
		n := nodes["aws-ecs"]
		if !n.Seen {
			return false, "it is not seen whole: " + fmt.Sprint(n.Box)
		}
		for id, o := range nodes {
			if id != "aws-ecs" && meets(n.Box, o.Box) {
				return false, fmt.Sprintf("it %v meets %s %v", n.Box, id, o.Box)
			}
		}
		cx, cy := (n.Box[0]+n.Box[2])/2, (n.Box[1]+n.Box[3])/2
		w := n4[2] - n4[0]
		if dx, dy := cx-toX, cy-toY; dx*dx+dy*dy > 4*w*w {
			return false, fmt.Sprintf("it is %v, far from the drop at %v, %v", n.Box, toX, toY)
		}
		return true, ""
	})
	p.checkClean()
}

// dropsNoteDesign has a region holding two nodes, with free space between
// them in the middle of the view, and a node below it.
const dropsNoteDesign = `groups:
  - {id: eu, boundary: region}
nodes:
  - {id: a, component: aws-lambda, in: eu, position: {x: 40, y: 40}}
  - {id: c, component: aws-lambda, in: eu, position: {x: 700, y: 300}}
  - {id: f, component: aws-sqs, position: {x: 40, y: 600}}
`

// A note added on the canvas (on nothing) by Add note lands in view on free
// space outside every frame: inside one it would read as the region's.
func TestDrops2CanvasNoteOffFrames(t *testing.T) {
	p := loadDesign(t, dropsNoteDesign)
	p.click("button", "Add note")
	p.find("button", "Note 1: Note…")
	p.eventually("the note in view, off the frame and every node", func() (bool, string) {
		note := p.rect("#note-0")
		if f := p.rect(`#group-eu [data-part=frame]`); meets(note, f) {
			return false, fmt.Sprintf("the note %v is on eu's frame %v", note, f)
		}
		for id, n := range p.drawnNodes() {
			if meets(note, n.Box) {
				return false, fmt.Sprintf("the note %v is on %s %v", note, id, n.Box)
			}
		}
		seen := p.evalPage(`(() => { const r = document.getElementById("note-0").getBoundingClientRect();
			return [[r.left+3, r.top+3], [r.right-3, r.top+3], [r.left+3, r.bottom-3], [r.right-3, r.bottom-3]].every(([x, y]) => {
				const e = document.elementFromPoint(x, y); return e !== null && e.closest("[data-note]") !== null; }); })()`)
		return seen == "true", "the note is not seen whole: " + fmt.Sprint(note)
	})
	p.checkClean()
}

// A region moved by the arrow keys into an account's frame sits in the
// account, drawn inside its frame, and the status line says so.
func TestDrops2ArrowKeysGroupIntoFrame(t *testing.T) {
	p := loadDesign(t, `groups:
  - {id: acct, boundary: account}
  - {id: west, boundary: region}
nodes:
  - {id: n1, component: aws-lambda, in: acct, position: {x: 40, y: 40}}
  - {id: n2, component: aws-lambda, in: acct, position: {x: 900, y: 40}}
  - {id: b, component: aws-sqs, in: west, position: {x: 300, y: 360}}
`)
	p.focus("button", "Region · west…")
	for range 6 {
		p.keys(kb.ArrowUp, chromedp.ModifierShift)
	}
	p.eventually("west in acct", func() (bool, string) {
		got := groupIn(p.savedDesign(), "west")
		return got == "acct", got
	})
	p.waitText("status", "", "west is in acct now.")
	if acct, west := p.rect(`#group-acct [data-part=frame]`), p.rect(`#group-west [data-part=frame]`); !holds(acct, west) {
		t.Errorf("west %v is in acct but not drawn inside its frame %v", west, acct)
	}
	p.checkClean()
}
