//go:build browser

package e2e

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// photoSharing is issue 39's photo-sharing design: a CDN, a load balancer,
// two copies of the app, a database, a cache, a queue, a function and a
// bucket, about 1,900 px wide, all but the CDN in a region.
const photoSharing = `nodes:
  - {id: cdn, component: aws-cloudfront, position: {x: 40, y: 140}}
  - {id: alb, in: eu, component: aws-alb, position: {x: 280, y: 140}}
  - {id: app-a, in: eu, component: aws-ecs, position: {x: 520, y: 40}}
  - {id: app-b, in: eu, component: aws-ecs, position: {x: 520, y: 240}}
  - {id: db, in: eu, component: aws-rds-postgresql, position: {x: 760, y: 40}}
  - {id: cache, in: eu, component: aws-elasticache-valkey, position: {x: 1000, y: 40}}
  - {id: queue, in: eu, component: aws-sqs, position: {x: 1240, y: 240}}
  - {id: thumbs, in: eu, component: aws-lambda, position: {x: 1480, y: 240}}
  - {id: photos, in: eu, component: aws-s3, position: {x: 1760, y: 240}}
groups:
  - {id: eu, boundary: region}
edges:
  - {from: cdn, to: alb}
  - {from: alb, to: app-a}
  - {from: alb, to: app-b}
  - {from: app-a, to: db}
  - {from: app-b, to: db}
  - {from: app-a, to: cache}
  - {from: app-b, to: queue}
  - {from: queue, to: thumbs}
  - {from: thumbs, to: photos}
`

// nodesOutsideCanvas lists the nodes and frames whose boxes are not wholly
// inside the canvas's visible rectangle, with the count of them drawn.
func (p *tab) nodesOutsideCanvas() (outside []string, drawn int) {
	p.t.Helper()
	got := p.evalPage(`(() => {
		const c = document.getElementById("canvas-area").getBoundingClientRect();
		const nodes = [...document.querySelectorAll("g[data-node], g[data-group]")];
		return {drawn: nodes.length, outside: nodes.filter(g => {
			const r = g.getBoundingClientRect();
			return r.width === 0 || r.left < c.left || r.right > c.right || r.top < c.top || r.bottom > c.bottom;
		}).map(g => g.dataset.node || g.dataset.group)};
	})()`)
	var r struct {
		Drawn   int
		Outside []string
	}
	if err := json.Unmarshal([]byte(got), &r); err != nil {
		p.t.Fatalf("node boxes: %v: %s", err, got)
	}
	return r.Outside, r.Drawn
}

// Fit shows the whole of a design wider than the canvas, at whatever zoom
// that takes: every node box inside the canvas's visible rectangle, names
// drawn in the zoomed-out form.
func TestRoomFitShowsTheWholeDesign(t *testing.T) {
	p := loadDesign(t, photoSharing)
	p.click("button", "Zoom in") // away from the view the design opened at
	p.click("button", "Fit")
	p.eventually("every node and frame inside the canvas after Fit", func() (bool, string) {
		outside, drawn := p.nodesOutsideCanvas()
		return drawn == 10 && len(outside) == 0, strconv.Itoa(drawn) + " drawn, outside: " + strings.Join(outside, ", ")
	})
	// Names drawn, in the zoomed-out form.
	if got := p.evalPage(`[...document.querySelectorAll("g[data-node]")].filter(g => !g.querySelector("[data-part=summary], [data-part=id]")).map(g => g.dataset.node)`); got != "[]" {
		t.Errorf("after Fit these nodes show no name: %s", got)
	}
	// Not a dot either: the design spans most of the canvas's width.
	got := p.evalPage(`(() => {
		const c = document.getElementById("canvas-area").getBoundingClientRect();
		const rs = [...document.querySelectorAll("g[data-node]")].map(g => g.getBoundingClientRect());
		return (Math.max(...rs.map(r => r.right)) - Math.min(...rs.map(r => r.left))) / c.width;
	})()`)
	if share, _ := strconv.ParseFloat(got, 64); share < 0.7 {
		t.Errorf("the fitted design spans %s of the canvas's width, want most of it", got)
	}
	p.checkClean()
}

// panelsHeight is the Problems and Analysis panels' drawn height.
func (p *tab) panelsHeight() int {
	p.t.Helper()
	h, _ := strconv.ParseFloat(p.evalPage(`document.getElementById("panels").getBoundingClientRect().height`), 64)
	return int(h + 0.5)
}

// The separator above the Problems and Analysis panels resizes them by
// keyboard and by drag, and their height is kept across a reload.
func TestRoomProblemsPanelResizes(t *testing.T) {
	p := loadDesign(t, photoSharing)
	sep := p.find("separator", "Problems and Analysis height")
	if o := p.eval(sep, `function() { return this.getAttribute("aria-orientation") }`); o != `"horizontal"` {
		t.Errorf("aria-orientation = %s, want horizontal", o)
	}
	before := p.panelsHeight()
	p.focus("separator", "Problems and Analysis height")
	for range 5 {
		p.keys(kb.ArrowUp)
	}
	p.eventually("the panels taller by keyboard", func() (bool, string) {
		h := p.panelsHeight()
		now := p.eval(p.find("separator", "Problems and Analysis height"), `function() { return this.getAttribute("aria-valuenow") }`)
		return h >= before+5*15 && now == strconv.Quote(strconv.Itoa(h)), "height " + strconv.Itoa(h) + ", was " + strconv.Itoa(before) + ", aria-valuenow " + now
	})
	// Dragged down by 100 px, the panels are 100 px shorter.
	keyed := p.panelsHeight()
	x, y := p.center(p.find("separator", "Problems and Analysis height"))
	p.drag(x, y, x, y+100)
	p.eventually("the panels shorter by drag", func() (bool, string) {
		h := p.panelsHeight()
		return h <= keyed-95 && h >= keyed-105, "height " + strconv.Itoa(h) + ", was " + strconv.Itoa(keyed)
	})
	kept := p.panelsHeight()
	p.checkAccessible("the editor with the Problems and Analysis separator")
	p.navigate(p.origin + "/")
	p.settled()
	if h := p.panelsHeight(); h != kept {
		t.Errorf("after a reload the panels are %d px high, want the %d px they were given", h, kept)
	}
	p.checkClean()
}

// canvasWidth is the canvas's drawn width, as a share of the window's.
func (p *tab) canvasShare() float64 {
	p.t.Helper()
	got := p.evalPage(`document.getElementById("canvas-area").getBoundingClientRect().width / window.innerWidth`)
	f, _ := strconv.ParseFloat(got, 64)
	return f
}

// Focus gives the canvas the window; Escape, or Focus again, or its key,
// gives the panels back.
func TestRoomFocusGivesTheCanvasTheWindow(t *testing.T) {
	p := loadDesign(t, photoSharing)
	if s := p.canvasShare(); s > 0.8 {
		t.Fatalf("the canvas has %.2f of the window before Focus", s)
	}
	p.click("button", "Focus")
	p.eventually("the canvas to take the window", func() (bool, string) {
		s := p.canvasShare()
		return s >= 0.95, strconv.FormatFloat(s, 'f', 2, 64)
	})
	if got := p.eval(p.find("button", "Focus"), `function() { return this.getAttribute("aria-pressed") }`); got != `"true"` {
		t.Errorf("Focus's aria-pressed = %s in focus mode", got)
	}
	p.absent("region", "Problems")
	p.checkAccessible("the editor in focus mode")
	p.focus("button", "cdn, Amazon CloudFront…")
	p.keys(kb.Escape)
	p.eventually("Escape to leave focus mode", func() (bool, string) {
		s := p.canvasShare()
		return s < 0.8, strconv.FormatFloat(s, 'f', 2, 64)
	})
	p.focus("button", "cdn, Amazon CloudFront…")
	p.keys("F", chromedp.ModifierShift)
	p.eventually("Shift+F to enter focus mode", func() (bool, string) {
		s := p.canvasShare()
		return s >= 0.95, strconv.FormatFloat(s, 'f', 2, 64)
	})
	p.click("button", "Focus")
	p.eventually("Focus again to leave focus mode", func() (bool, string) {
		s := p.canvasShare()
		return s < 0.8, strconv.FormatFloat(s, 'f', 2, 64)
	})
	p.checkClean()
}

// transform is the canvas's view, as its viewport group draws it.
func (p *tab) transform() string {
	p.t.Helper()
	return p.evalPage(`document.getElementById("viewport").getAttribute("transform")`)
}

// A design's view (pan and zoom) is kept: a reload shows it, and so does
// opening the design again after another.
func TestRoomViewKeptPerDesign(t *testing.T) {
	p := loadDesign(t, photoSharing)
	p.click("button", "Zoom in")
	p.click("button", "Zoom in")
	// Panned by the wheel, as a trackpad's two-finger swipe does.
	p.evalPage(`document.getElementById("canvas-svg").dispatchEvent(new WheelEvent("wheel", {deltaX: 120, deltaY: -60, clientX: 700, clientY: 400, bubbles: true, cancelable: true})); 1`)
	p.settled()
	time.Sleep(300 * time.Millisecond) // stored once the view has settled
	kept := p.transform()
	home := p.href()
	p.navigate(home)
	p.settled()
	if got := p.transform(); got != kept {
		t.Errorf("after a reload the view is %s, want %s", got, kept)
	}
	// Another design, then this one again: it shows as it was left.
	p.click("button", "New design")
	p.eventually("the new design", func() (bool, string) {
		h := p.href()
		return h != home, h
	})
	p.evalPage(`history.back(); 1`)
	p.find("button", "db, Amazon RDS for PostgreSQL…")
	p.eventually("the view kept when the design is opened again", func() (bool, string) {
		got := p.transform()
		return got == kept, got + ", want " + kept
	})
	p.checkClean()
}
