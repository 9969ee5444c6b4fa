//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// featuredExamples are the examples an empty canvas shows as cards
// (examples.Featured), with a node each opens.
var featuredExamples = []struct{ name, file, node string }{
	{"Resilient orders", "resilient-orders.yaml", ""},
	{"E-commerce checkout", "ecommerce-checkout.yaml", "cdn, Amazon CloudFront…"},
	{"Mobile backend on Google Cloud", "gcp-mobile-backend.yaml", ""},
	{"Partner portal on Azure", "azure-partner-portal.yaml", ""},
	{"Event-sourced order service", "event-sourced-service.yaml", ""},
	{"IoT telemetry ingestion", "iot-ingestion.yaml", ""},
}

// welcomeGeometry is where the welcome's cards are, in the page: the canvas
// area's box, each card's with its picture's, and whether the panel scrolls.
type welcomeGeometry struct {
	Area   rect `json:"area"`
	Panel  rect `json:"panel"`
	Scroll bool `json:"scroll"`
	Cards  []struct {
		Name    string `json:"name"`
		Box     rect   `json:"box"`
		Picture rect   `json:"picture"`
		Drawn   bool   `json:"drawn"` // its picture is an image, loaded, of its theme
	} `json:"cards"`
}

// rect is a box in the page.
type rect struct{ X0, Y0, X1, Y1 float64 }

func (r rect) inside(o rect) bool {
	return r.X0 >= o.X0-0.5 && r.Y0 >= o.Y0-0.5 && r.X1 <= o.X1+0.5 && r.Y1 <= o.Y1+0.5
}

func (r rect) overlaps(o rect) bool {
	return r.X0 < o.X1-0.5 && o.X0 < r.X1-0.5 && r.Y0 < o.Y1-0.5 && o.Y0 < r.Y1-0.5
}

// welcomeGeometryJS measures the welcome (see welcomeGeometry).
const welcomeGeometryJS = `(() => {
	const box = el => { const r = el.getBoundingClientRect(); return {X0: r.left, Y0: r.top, X1: r.right, Y1: r.bottom}; };
	const panel = document.querySelector(".welcome-panel");
	const cards = [...document.querySelectorAll(".welcome-card")].map(card => {
		const img = [...card.querySelectorAll(".welcome-picture img")].find(i => getComputedStyle(i).display !== "none");
		return {
			name: card.querySelector("button").textContent,
			box: box(card),
			picture: img ? box(img) : {X0: 0, Y0: 0, X1: 0, Y1: 0},
			drawn: !!img && img.complete && img.naturalWidth > 0 && img.src.startsWith("blob:"),
		};
	});
	return JSON.stringify({area: box(document.getElementById("canvas-area")), panel: panel ? box(panel) : null,
		scroll: !!panel && panel.scrollHeight > panel.clientHeight + 1, cards});
})()`

// welcome waits until the welcome's cards show their pictures and returns
// where they are.
func (p *tab) welcome() welcomeGeometry {
	p.t.Helper()
	var g welcomeGeometry
	p.eventually("the welcome's cards with their pictures", func() (bool, string) {
		var raw string
		if err := json.Unmarshal([]byte(p.evalPage(welcomeGeometryJS)), &raw); err != nil {
			return false, err.Error()
		}
		g = welcomeGeometry{}
		if err := json.Unmarshal([]byte(raw), &g); err != nil {
			return false, err.Error()
		}
		for _, c := range g.Cards {
			if !c.Drawn {
				return false, c.Name + " has no picture"
			}
		}
		return len(g.Cards) == 9, raw
	})
	return g
}

// The empty canvas shows the featured examples and the templates as cards,
// each with a picture of its design, all of them inside the canvas and
// none over another, at 1440×900 and 1280×720, in both themes; a card
// opens its example, by mouse or keyboard, as an undoable import; the
// other examples are in the list; and the empty editor passes axe.
func TestFirstMinuteExampleCards(t *testing.T) {
	p := openEditor(t)
	p.find("region", "Start a design")
	for _, ex := range featuredExamples {
		p.find("button", "Open example "+ex.name)
	}
	for _, theme := range []string{"Light", "Dark"} {
		p.choose("Theme", theme)
		for _, size := range [][2]int64{{1440, 900}, {1280, 720}} {
			p.do(chromedp.EmulateViewport(size[0], size[1]))
			time.Sleep(200 * time.Millisecond) // for the layout to follow
			g := p.welcome()
			what := fmt.Sprintf("%s at %d×%d", theme, size[0], size[1])
			if g.Scroll {
				t.Errorf("%s: the welcome scrolls", what)
			}
			if !g.Panel.inside(g.Area) {
				t.Errorf("%s: the welcome %+v reaches out of the canvas %+v", what, g.Panel, g.Area)
			}
			for i, c := range g.Cards {
				if !c.Box.inside(g.Area) || !c.Box.inside(g.Panel) {
					t.Errorf("%s: %s %+v is not inside the canvas %+v", what, c.Name, c.Box, g.Area)
				}
				if w, h := c.Picture.X1-c.Picture.X0, c.Picture.Y1-c.Picture.Y0; w < 80 || h < 40 || !c.Picture.inside(c.Box) {
					t.Errorf("%s: %s's picture is %.0f×%.0f at %+v, in %+v", what, c.Name, w, h, c.Picture, c.Box)
				}
				for _, o := range g.Cards[i+1:] {
					if c.Box.overlaps(o.Box) {
						t.Errorf("%s: %s %+v overlaps %s %+v", what, c.Name, c.Box, o.Name, o.Box)
					}
				}
			}
		}
	}
	p.choose("Theme", "System")
	p.do(chromedp.EmulateViewport(1440, 900))
	p.welcome()
	p.checkAccessible("the empty editor's welcome")

	// A card opens its example, undoably; the list has every example.
	p.click("button", "Open example E-commerce checkout")
	p.waitText("status", "", "Imported ecommerce-checkout.yaml")
	p.find("button", "cdn, Amazon CloudFront…")
	p.absent("region", "Start a design")
	p.click("button", "Undo")
	p.absent("button", "cdn, Amazon CloudFront…")
	// By keyboard: the card's button takes Enter.
	p.focus("button", "Open example IoT telemetry ingestion")
	p.keys(kb.Enter)
	p.waitText("status", "", "Imported iot-ingestion.yaml")
	p.absent("region", "Start a design")
	p.click("button", "Undo")
	// A note added to the empty canvas is not hidden under the welcome.
	p.click("button", "Add note")
	p.absent("region", "Start a design")
	p.click("button", "Undo")
	p.choose("Open example", "Three-zone EC2 pool")
	p.waitText("status", "", "Imported three-zone-ec2.yaml")
	if got := p.evalPage(`document.querySelector(".first-tip").textContent`); got != `""` {
		t.Errorf("an example opened shows the first node's tip: %s", got)
	}
	p.checkClean()
}

// Each template starts a design: its nodes are on the canvas, Problems has
// none, and the new design takes the template's name.
func TestFirstMinuteTemplates(t *testing.T) {
	p := openEditor(t)
	p.do(chromedp.EmulateViewport(1440, 900))
	for _, tc := range []struct{ name, file, node string }{
		{"Three-tier web app", "three-tier-web.yaml", "web-lb, Application Load Balancer…"},
		{"Event pipeline", "event-pipeline.yaml", "events, Amazon EventBridge…"},
		{"Data platform", "data-platform.yaml", "warehouse, Amazon Redshift Serverless…"},
	} {
		p.click("button", "Start from template "+tc.name)
		p.waitText("status", "", "Imported "+tc.file)
		p.find("button", tc.node)
		p.waitText("region", "Problems", "No problems")
		p.click("button", "Designs")
		p.eventually("the design named "+tc.name, func() (bool, string) {
			got := p.evalPage(`[...document.querySelectorAll(".design-name strong")].map(e => e.textContent).join()`)
			return got == fmt.Sprintf("%q", tc.name), got
		})
		// The next in a new design, as Designs' New design starts one.
		p.opens(func() { p.clickIn("Designs", "button", "New design") })
		p.find("region", "Start a design")
	}
	p.checkClean()
}

// The first node the user adds to an empty design brings a tip that points
// at the Inspector (to its right) and Problems (below it); dismissed, it
// does not come back, after a reload either.
func TestFirstMinuteTip(t *testing.T) {
	p := openEditor(t)
	p.do(chromedp.EmulateViewport(1440, 900))
	// Dragged onto the middle of the empty canvas, where the welcome is: the
	// welcome lets the drop through to the canvas.
	p.fill("searchbox", "Search components", "lambda")
	fromX, fromY := p.center(p.find("button", "AWS Lambda"))
	toX, toY := p.center(p.find("region", "Start a design"))
	p.drag(fromX, fromY, toX, toY)
	p.find("button", "aws-lambda, AWS Lambda…")
	p.waitText("status", "Tip", "Inspector")
	p.waitText("status", "Tip", "Problems")
	var g struct{ Tip, Canvas, Inspector, Problems rect }
	var raw string
	json.Unmarshal([]byte(p.evalPage(`(() => {
		const box = sel => { const r = document.querySelector(sel).getBoundingClientRect(); return {X0: r.left, Y0: r.top, X1: r.right, Y1: r.bottom}; };
		return JSON.stringify({Tip: box(".first-tip"), Canvas: box("#canvas"), Inspector: box("#inspector"), Problems: box("#problems")});
	})()`)), &raw)
	if err := json.Unmarshal([]byte(raw), &g); err != nil {
		t.Fatal(err)
	}
	if !g.Tip.inside(g.Canvas) || g.Inspector.X0-g.Tip.X1 > 40 || g.Problems.Y0-g.Tip.Y1 > 40 || g.Tip.overlaps(g.Inspector) || g.Tip.overlaps(g.Problems) {
		t.Errorf("the tip %+v is not in the canvas %+v's corner by the Inspector %+v and Problems %+v", g.Tip, g.Canvas, g.Inspector, g.Problems)
	}
	// It covers no node.
	node := p.find("button", "aws-lambda, AWS Lambda…")
	if x, y, ok := p.box(node); !ok || (x >= g.Tip.X0 && x <= g.Tip.X1 && y >= g.Tip.Y0 && y <= g.Tip.Y1) {
		t.Errorf("the node's middle %.0f, %.0f is under the tip %+v", x, y, g.Tip)
	}
	// With the palette's searched entries on screen too.
	p.checkAccessible("the first node's tip")
	p.click("button", "Got it")
	p.absent("button", "Got it")
	// Emptied and started again, after a reload: no tip.
	p.navigate(p.origin + "/")
	p.click("button", "aws-lambda, AWS Lambda…")
	p.keys(kb.Delete)
	p.find("region", "Start a design")
	p.addProduct("lambda", "AWS Lambda", "aws-lambda, AWS Lambda…")
	time.Sleep(500 * time.Millisecond)
	if got := p.evalPage(`document.querySelector(".first-tip").textContent`); got != `""` {
		t.Errorf("the tip came back: %s", got)
	}
	p.checkClean()
}
