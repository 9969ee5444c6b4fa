//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The canvas issue's defects, each with the test that failed before its fix.

// A connection's problems are on the connection: the canvas colours it,
// activating the problem selects it, and its inspector lists the problem,
// its fix and the rules that check it.
func TestEditorConnectionProblems(t *testing.T) {
	p := openEditor(t)
	abs, _ := filepath.Abs("../../examples/architecture-pitfalls.yaml")
	p.importFile(abs)
	edge := p.find("button", "Connection from report to db, 1 problem")
	if got := p.eval(edge, `function() { return this.dataset.severity }`); got != `"warning"` {
		t.Errorf("the edge's severity is %s", got)
	}
	p.clickIn("Problems", "button", "warning on report → db: report opens a connection per concurrent instance to db, which has no pool in front of it; add a proxy or pooler (connectionPooling) before scale exhausts its connections.")
	p.waitText("region", "Inspector", "Connection from report to db")
	p.waitText("region", "Inspector", "report opens a connection per concurrent instance to db")
	p.waitText("region", "Inspector", "Rules that apply")
	p.clickIn("Inspector", "button", "Fix: set connectionPooling to true on db")
	p.absent("button", "Connection from report to db, 1 problem")
	p.find("button", "Connection from report to db")
	p.waitText("region", "Inspector", "This connection breaks no rule.")
	p.checkClean()
}

// Search finds a product by its kind's name and by what people call it: a
// Redis-compatible cache whose name does not say Redis, Kubernetes as k8s.
func TestEditorSearchByAlias(t *testing.T) {
	p := openEditor(t)
	p.fill("searchbox", "Search components", "redis")
	p.find("button", "Amazon ElastiCache for Valkey")
	p.find("button", "Amazon MemoryDB")
	p.find("button", "Azure Managed Redis")
	p.fill("searchbox", "Search components", "k8s")
	p.find("button", "Amazon Elastic Kubernetes Service")
	p.fill("searchbox", "Search components", "object storage")
	p.find("button", "Amazon S3")
	p.find("button", "MinIO")
	p.checkClean()
}

// The keyboard keeps its place: Escape deselects, and after Delete the focus
// stays on the canvas rather than falling to the page. The page has a level
// one heading, and the warning badge's text is readable (4.5:1).
func TestEditorKeyboardKeepsItsPlace(t *testing.T) {
	p := openEditor(t)
	p.find("heading", "Designer")
	if got := p.evalPage(`document.querySelector("h1").textContent`); got != `"Designer"` {
		t.Errorf("h1: %s", got)
	}
	p.fill("searchbox", "Search components", "nats")
	p.focus("button", "NATS JetStream")
	p.keys(kb.Enter)
	p.focus("button", "nats-jetstream, NATS JetStream…")
	p.waitText("region", "Inspector", "Node id")
	if got := p.evalPage(`getComputedStyle(document.querySelector('.severity[data-severity="warning"]')).backgroundColor`); got != `"rgb(138, 90, 0)"` {
		t.Errorf("warning badge %s", got)
	}
	p.keys(kb.Escape)
	p.waitText("region", "Inspector", "Select a node, a connection, a group or a note")
	p.focus("button", "nats-jetstream, NATS JetStream…")
	p.keys(kb.Enter)
	p.waitText("region", "Inspector", "Node id")
	p.focus("button", "nats-jetstream, NATS JetStream…")
	p.keys(kb.Delete)
	p.absent("button", "nats-jetstream, NATS JetStream…")
	p.eventually("the focus to stay on the canvas", func() (bool, string) {
		got := p.evalPage(`document.activeElement.id`)
		return got == `"canvas"`, got
	})
	p.checkClean()
}

// Pasting YAML adds its nodes to the design, renaming ids that are taken;
// pasting text that is not a design changes nothing and raises no alarm.
func TestEditorPasteAdds(t *testing.T) {
	p := openEditor(t)
	paste := func(text string) {
		p.evalPage(strings.Replace(`(() => {
			const dt = new DataTransfer();
			dt.setData("text/plain", TEXT);
			document.body.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true}));
		})()`, "TEXT", strconv.Quote(text), 1))
	}
	paste("nodes:\n  - { id: \"kafka\", component: \"kafka\" }\n")
	p.find("button", "kafka, Apache Kafka…")
	paste("nodes:\n  - { id: \"kafka\", component: \"kafka\" }\n  - { id: \"fn\", component: \"aws-lambda\" }\nedges:\n  - { from: \"kafka\", to: \"fn\" }\n")
	p.find("button", "kafka, Apache Kafka…")
	p.find("button", "kafka-2, Apache Kafka…")
	p.find("button", "Connection from kafka-2 to fn…")
	p.waitText("status", "", "Renamed where taken: kafka → kafka-2.")
	paste("just some notes about the design")
	p.waitText("status", "", "The pasted text is not a design")
	p.absent("alert", "")
	p.find("button", "kafka-2, Apache Kafka…")
	p.click("button", "Undo")
	p.absent("button", "kafka-2, Apache Kafka…")
	p.find("button", "kafka, Apache Kafka…")
	p.checkClean()
}

// New nodes land in view, however many are added; after a reload the design
// is shown, not an empty corner of the canvas.
func TestEditorNewNodesInView(t *testing.T) {
	p := openEditor(t)
	inView := func(name string) bool {
		got := p.eval(p.find("button", name), `function() {
			const r = this.getBoundingClientRect(), c = document.getElementById("canvas-svg").getBoundingClientRect();
			return r.left >= c.left && r.right <= c.right && r.top >= c.top && r.bottom <= c.bottom;
		}`)
		return got == "true"
	}
	p.fill("searchbox", "Search components", "kafka")
	for i := range 8 {
		p.focus("button", "Apache Kafka")
		p.keys(kb.Enter)
		name := "kafka, Apache Kafka…"
		if i > 0 {
			name = "kafka-" + strconv.Itoa(i+1) + ", Apache Kafka…"
		}
		p.eventually(name+" in view", func() (bool, string) { return inView(name), "outside the canvas" })
	}
	// A reload shows what was shown: the last node where it was.
	where := func() string {
		return p.eval(p.find("button", "kafka-8, Apache Kafka…"), `function() { const r = this.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y)] }`)
	}
	before := where()
	p.navigate(p.origin + "/")
	p.waitReady()
	p.eventually("kafka-8 where it was after a reload", func() (bool, string) {
		got := where()
		return inView("kafka-8, Apache Kafka…") && got == before, got + ", was " + before
	})
	p.checkClean()
}

// With no view to restore, a reload fits the design: one about as wide as
// the canvas, at a zoom its labels can be read at (TestRoomFitShowsTheWholeDesign
// fits a wider one).
func TestEditorFitStaysReadable(t *testing.T) {
	p := openEditor(t)
	var b strings.Builder
	b.WriteString("nodes:\n")
	for i := range 9 {
		fmt.Fprintf(&b, "  - {id: svc-%d, component: aws-lambda, position: {x: %d, y: %d}}\n", i, 40+(i%5)*220, 40+(i/5)*160)
	}
	b.WriteString("edges:\n  - {from: svc-0, to: svc-8, label: calls}\n")
	p.do(chromedp.EmulateViewport(1280, 720))
	p.openDesign(b.String())
	p.find("button", "svc-0, AWS Lambda…")
	p.click("button", "Fit")
	// Every drawn node shows its id in text at least 10 px high on screen.
	p.eventually("labels readable after Fit", func() (bool, string) {
		got := p.evalPage(`(() => {
			const sizes = [...document.querySelectorAll("g[data-node]")].map(g => {
				const t = g.querySelector("[data-part=id], [data-part=summary]");
				return t ? Math.round(parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a * 10) / 10 : 0;
			});
			return sizes;
		})()`)
		var sizes []float64
		json.Unmarshal([]byte(got), &sizes)
		if len(sizes) == 0 {
			return false, got
		}
		for _, s := range sizes {
			if s < 10 {
				return false, got
			}
		}
		return true, got
	})
	if got := p.evalPage(`document.querySelector('[data-node="svc-0"]').getBoundingClientRect().left > document.getElementById("canvas-svg").getBoundingClientRect().left`); got != "true" {
		t.Errorf("the design's first node is off the left of the view: %s", got)
	}
	p.checkClean()
}

// loadDesign opens the editor on design, as if autosaved, with no stored
// view, at 1440×900.
func loadDesign(t *testing.T, design string) *tab {
	p := openEditor(t)
	p.do(chromedp.EmulateViewport(1440, 900))
	p.openDesign(design)
	return p
}

// openDesign reloads the editor on design, as if autosaved, with no stored
// view and none of the choices earlier tests kept (the minimap, Snap to
// grid, panel widths, the theme): the tests share the browser's storage.
func (p *tab) openDesign(design string) {
	p.t.Helper()
	// From a page of the origin where the editor does not run: the one
	// shown may still store its view (a resize, 120 ms later) after the
	// keys are cleared, and the design would open at that view.
	p.navigate(p.origin + "/web/icon.svg")
	// Seeded into localStorage, as an editor before the database kept it:
	// the start moves it into the database.
	p.evalPage(clearStorageJS)
	p.evalPage(`localStorage.setItem("designer.design", ` + strconv.Quote(design) + `); 1`)
	p.navigate(p.origin + "/")
	p.waitReady()
	// The design is fitted once the canvas is measured: what a test finds
	// on screen must be where it stays.
	p.settled()
}

// routedDesign has an edge whose straight line would cross a node (a → c,
// past b), one to a node on the left (c → a) and one to a node below and to
// the left (c → d).
const routedDesign = `nodes:
  - {id: a, component: aws-api-gateway, position: {x: 40, y: 40}}
  - {id: b, component: aws-sqs, position: {x: 300, y: 40}}
  - {id: c, component: aws-lambda, position: {x: 560, y: 40}}
  - {id: d, component: aws-lambda, position: {x: 40, y: 260}}
edges:
  - {from: a, to: c, label: invokes}
  - {from: c, to: a}
  - {from: c, to: d, label: hands over}
`

// Edges route round the nodes between their ends, leave and enter on the
// sides that face, and end in an arrowhead that nothing covers; labels are
// drawn above the nodes, off them.
func TestEditorEdgesRoute(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.find("button", "Connection from a to c: invokes")
	for i, ends := range [][2]string{{"a", "c"}, {"c", "a"}, {"c", "d"}} {
		got := p.evalPage(fmt.Sprintf(`(() => {
			const path = document.querySelector('g[data-edge="%d"] [data-part="line"]');
			const m = path.getScreenCTM(), len = path.getTotalLength();
			const screen = l => { const q = path.getPointAtLength(l); return {x: m.a * q.x + m.c * q.y + m.e, y: m.b * q.x + m.d * q.y + m.f}; };
			const boxes = [...document.querySelectorAll("g[data-node]")].map(g => [g.dataset.node, g.querySelector("[data-part=box]").getBoundingClientRect()]);
			const problems = [];
			for (let k = 1; k < 60; k++) {
				const q = screen(len * k / 60);
				for (const [id, r] of boxes) {
					if (q.x > r.left + 1 && q.x < r.right - 1 && q.y > r.top + 1 && q.y < r.bottom - 1) problems.push("passes through " + id);
				}
			}
			const tip = screen(len - 4);
			const under = document.elementFromPoint(tip.x, tip.y);
			const edge = under && under.closest("g[data-edge]");
			if (!edge || edge.dataset.edge !== "%d") problems.push("the arrowhead is under " + (under ? under.outerHTML.slice(0, 60) : "nothing"));
			if (path.getAttribute("marker-end") !== "url(#arrow)") problems.push("no arrowhead");
			return [...new Set(problems)].join("; ");
		})()`, i, i))
		if got != `""` {
			t.Errorf("edge %s → %s: %s", ends[0], ends[1], got)
		}
	}
	// The labels: after every node in the drawing order, and off every node.
	got := p.evalPage(`(() => {
		const nodes = [...document.querySelectorAll("g[data-node] [data-part=box]")];
		return [...document.querySelectorAll('[data-part="label"]')].map(l => {
			const r = l.getBoundingClientRect();
			const under = nodes.filter(n => !(l.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_PRECEDING)).length;
			const over = nodes.filter(n => { const b = n.getBoundingClientRect(); return r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top; }).length;
			return l.textContent + ": " + under + " nodes drawn above it, over " + over;
		}).join("; ");
	})()`)
	if want := `"invokes: 0 nodes drawn above it, over 0; hands over: 0 nodes drawn above it, over 0"`; got != want {
		t.Errorf("labels: %s, want %s", got, want)
	}
	p.checkClean()
}

// A connector is never under a node's text, however long the product's
// name: every point of the dot starts a connection.
func TestEditorConnectorsReachable(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.find("button", "a, Amazon API Gateway…")
	for _, id := range []string{"a", "b", "c", "d"} {
		// The connector shows while the pointer is on the node.
		x, y := p.center(p.find("button", id+", …"))
		p.hover(x, y)
		got := p.evalPage(`(() => {
			const g = document.querySelector('g[data-node="` + id + `"]');
			const r = g.querySelector("[data-connector] circle:last-child, circle[data-connector]").getBoundingClientRect();
			const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
			return [[-5, 0], [-3, -3], [0, 0], [3, 3], [-3, 3]].filter(([dx, dy]) => {
				const el = document.elementFromPoint(cx + dx, cy + dy);
				return !(el && el.closest("[data-connector]"));
			}).map(([dx, dy]) => dx + "," + dy).join("; ");
		})()`)
		if got != `""` {
			t.Errorf("points of %s's connector that do not start a connection: %s", id, got)
		}
	}
	bx, by := p.center(p.find("button", "b, …"))
	p.hover(bx, by)
	from := p.evalPage(`(() => { const r = document.querySelector('g[data-node="b"] [data-connector] circle:last-child, g[data-node="b"] circle[data-connector]').getBoundingClientRect(); return [r.left + r.width / 2 - 3, r.top + r.height / 2]; })()`)
	var at []float64
	if err := json.Unmarshal([]byte(from), &at); err != nil || len(at) != 2 {
		t.Fatalf("connector at %s", from)
	}
	tx, ty := p.center(p.find("button", "d, AWS Lambda…"))
	p.hover(at[0], at[1])
	p.drag(at[0], at[1], tx, ty)
	p.find("button", "Connection from b to d…")
	p.checkClean()
}

// hover moves the mouse to x, y without pressing a button.
func (p *tab) hover(x, y float64) {
	p.t.Helper()
	p.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
			Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y, PointerType: input.DispatchMouseEventPointerTypeMouse,
		})
		return err
	})
}

// The inspector has room for what it shows: a property's name wraps only
// between its words, Reset stays one word on one line, and the catalogue
// links' mark is drawn, not set in a font that may lack it.
func TestEditorInspectorRoom(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.do(chromedp.EmulateViewport(1280, 720))
	p.click("button", "b, Amazon SQS…")
	p.fill("spinbutton", "visibilityTimeoutSeconds", "60")
	reset := p.find("button", "Reset visibilityTimeoutSeconds")
	if got := p.eval(reset, `function() { const r = this.getBoundingClientRect(); return r.height < 34 && r.width > this.scrollWidth - 1 && this.textContent === "Reset" }`); got != "true" {
		t.Errorf("Reset is squashed: %s", p.eval(reset, `function() { return JSON.stringify(this.getBoundingClientRect()) }`))
	}
	// Every run of letters between breaks sits on one line.
	got := p.evalPage(`(() => [...document.querySelectorAll("#inspector table.props tbody th label")].flatMap(l =>
		[...l.childNodes].filter(n => n.nodeType === 3).filter(n => {
			const r = document.createRange(); r.selectNodeContents(n);
			return new Set([...r.getClientRects()].map(c => Math.round(c.top))).size > 1;
		}).map(n => l.textContent + ": " + n.textContent)).join("; "))()`)
	if got != `""` {
		t.Errorf("property names broken inside a word: %s", got)
	}
	p.fill("searchbox", "Search components", "sqs")
	p.eventually("the catalogue link's mark drawn, with no text", func() (bool, string) {
		got := p.eval(p.find("link", "About Amazon SQS (standard…"), `function() { const svg = this.querySelector("svg"); return [this.textContent, svg !== null && svg.getBoundingClientRect().width > 0] }`)
		return got == `["",true]`, got
	})
	p.checkClean()
}

// An empty canvas offers the example designs; opening one shows it whole,
// and Undo goes back to the empty canvas.
func TestEditorOpenExample(t *testing.T) {
	p := openEditor(t)
	p.choose("Open example", "E-commerce checkout")
	p.waitText("status", "", "Imported ecommerce-checkout.yaml")
	p.find("button", "cdn, Amazon CloudFront…")
	p.find("button", "fulfilment, AWS Lambda…")
	p.absent("combobox", "Open example")
	p.click("button", "Undo")
	p.absent("button", "cdn, Amazon CloudFront…")
	p.find("combobox", "Open example")
	p.checkClean()
}

// A node's display name is shown on the canvas, its id kept for references,
// and both are exported.
func TestEditorDisplayName(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.click("button", "a, Amazon API Gateway…")
	p.fill("textbox", "Display name", "Public API")
	p.find("button", "Public API, Amazon API Gateway…")
	p.find("button", "Connection from a to c: invokes")
	if got := p.evalPage(`document.querySelector('[data-node="a"] [data-part="id"], [data-node="a"] [data-part="summary"]').textContent`); got != `"Public API "` {
		t.Errorf("the node shows %s", got)
	}
	_, data := p.download("button", "Export YAML")
	if !strings.Contains(string(data), "  - id: \"a\"\n    name: \"Public API\"\n") {
		t.Errorf("export:\n%s", data)
	}
	p.click("button", "Undo")
	p.find("button", "a, Amazon API Gateway…")
	p.checkClean()
}

// The editor follows the system's dark theme unless the user chooses one,
// and keeps the choice across reloads; catalogue pages follow it.
func TestEditorThemes(t *testing.T) {
	p := openEditor(t)
	canvas := func() string {
		return p.evalPage(`getComputedStyle(document.querySelector("[data-part=background]")).fill`)
	}
	light := canvas()
	p.prefersColorScheme("dark")
	p.eventually("the system's dark theme", func() (bool, string) { got := canvas(); return got != light, got })
	dark := canvas()
	p.choose("Theme", "Light")
	p.eventually("the light theme, chosen", func() (bool, string) { got := canvas(); return got == light, got })
	// The choice is applied before the page is first drawn, not when the
	// editor starts: at DOMContentLoaded, before the wasm has run.
	p.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `document.addEventListener("DOMContentLoaded", () => { window.__firstTheme = String(document.documentElement.dataset.theme) })`,
		})
		return err
	})
	p.navigate(p.origin + "/")
	p.waitReady()
	if got := p.evalPage(`window.__firstTheme`); got != `"light"` {
		t.Errorf("the first paint's theme: %s, want the chosen light", got)
	}
	p.eventually("the light theme after a reload", func() (bool, string) { got := canvas(); return got == light, got })
	p.choose("Theme", "Dark")
	p.navigate(p.origin + "/catalogue/components/aws-lambda")
	p.find("heading", "AWS Lambda")
	p.prefersColorScheme("light")
	p.eventually("the dark theme on a catalogue page", func() (bool, string) {
		got := p.evalPage(`document.documentElement.dataset.theme + " " + getComputedStyle(document.documentElement).backgroundColor`)
		return strings.HasPrefix(got, `"dark rgb(21, 25, 31)`), got
	})
	p.navigate(p.origin + "/")
	p.waitReady()
	p.choose("Theme", "System")
	p.eventually("the system's light theme again", func() (bool, string) { got := canvas(); return got == light, got })
	if dark == light {
		t.Error("dark and light draw the canvas alike")
	}
	p.checkClean()
}

// prefersColorScheme emulates the system's light or dark theme.
func (p *tab) prefersColorScheme(scheme string) {
	p.t.Helper()
	p.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// The side panels fold away to give the canvas their width, and come back.
func TestEditorPanelsFold(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.do(chromedp.EmulateViewport(1280, 720))
	width := func() float64 {
		var w float64
		json.Unmarshal([]byte(p.evalPage(`document.getElementById("canvas-svg").getBoundingClientRect().width`)), &w)
		return w
	}
	// The SVG takes its area's size when the area's resize is observed.
	p.eventually("the canvas at the new size", func() (bool, string) {
		got := p.evalPage(`document.getElementById("canvas-svg").getBoundingClientRect().width === document.getElementById("canvas-area").getBoundingClientRect().width`)
		return got == "true", got
	})
	before := width()
	p.click("button", "Hide palette")
	// The focus moves to the button that shows the panel again.
	p.eventually("the focus on Show palette", func() (bool, string) {
		got := p.evalPage(`document.activeElement.textContent`)
		return got == `"Show palette"`, got
	})
	p.click("button", "Hide inspector")
	p.absent("region", "Palette")
	p.absent("region", "Inspector")
	p.eventually("a wider canvas", func() (bool, string) { w := width(); return w > before+400, fmt.Sprint(w, " was ", before) })
	p.click("button", "Show palette")
	p.click("button", "Show inspector")
	p.find("searchbox", "Search components")
	p.find("region", "Inspector")
	p.eventually("the canvas as it was", func() (bool, string) { w := width(); return w == before, fmt.Sprint(w, " was ", before) })
	p.checkClean()
}

// Nodes, group labels and the palette's entries show their kind's or
// boundary's icon, from the editor's own sprite.
func TestEditorIcons(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "resilient-orders.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p := loadDesign(t, string(data))
	p.find("button", "orders-fn, AWS Lambda…")
	got := p.evalPage(`[
		document.querySelector('[data-node="orders-fn"] [data-part="icon"]').getAttribute("href"),
		document.querySelector('[data-group="eu-a"] [data-part="icon"]').getAttribute("href"),
	].join(" ")`)
	if got != `"/web/icons.svg#kind-function /web/icons.svg#boundary-zone"` {
		t.Errorf("icons: %s", got)
	}
	p.fill("searchbox", "Search components", "kafka")
	p.find("button", "Apache Kafka")
	if got := p.evalPage(`document.querySelector('[data-component="kafka"] use').getAttribute("href")`); got != `"/web/icons.svg#kind-stream"` {
		t.Errorf("the palette's Apache Kafka shows %s", got)
	}
	p.eventually("the sprite fetched from the editor's own server", func() (bool, string) {
		got := p.evalPage(`performance.getEntriesByType("resource").map(e => new URL(e.name).pathname).filter(p => p === "/web/icons.svg").length`)
		return got != "0", got
	})
	p.checkClean()
}

// The wheel and a two-finger swipe pan; a pinch (a wheel with Ctrl, as
// browsers report it) or Ctrl+wheel zooms around the pointer.
func TestEditorWheelPansAndPinchZooms(t *testing.T) {
	p := loadDesign(t, routedDesign)
	p.find("button", "a, Amazon API Gateway…")
	transform := func() string { return p.evalPage(`document.getElementById("viewport").getAttribute("transform")`) }
	wheel := func(dx, dy float64, ctrl bool) {
		p.evalPage(fmt.Sprintf(`(() => { const r = document.getElementById("canvas-svg").getBoundingClientRect();
			document.getElementById("canvas-svg").dispatchEvent(new WheelEvent("wheel", {deltaX: %g, deltaY: %g, ctrlKey: %t, clientX: r.left + 200, clientY: r.top + 150, bubbles: true, cancelable: true})); return 1; })()`, dx, dy, ctrl))
	}
	var x0, y0, s0 float64
	fmt.Sscanf(strings.Trim(transform(), `"`), "translate(%g %g) scale(%g)", &x0, &y0, &s0)
	wheel(30, 50, false)
	var x1, y1, s1 float64
	fmt.Sscanf(strings.Trim(transform(), `"`), "translate(%g %g) scale(%g)", &x1, &y1, &s1)
	if s1 != s0 || x1 != x0-30 || y1 != y0-50 {
		t.Errorf("a swipe of 30, 50: %s, was translate(%g %g) scale(%g)", transform(), x0, y0, s0)
	}
	wheel(0, -20, true)
	var x2, y2, s2 float64
	fmt.Sscanf(strings.Trim(transform(), `"`), "translate(%g %g) scale(%g)", &x2, &y2, &s2)
	if s2 <= s1 {
		t.Errorf("a pinch out did not zoom in: %s", transform())
	}
	// The canvas point under the pointer stays under it.
	if bx, ax := (200-x1)/s1, (200-x2)/s2; math.Abs(bx-ax) > 0.5 {
		t.Errorf("the point under the pointer moved from %g to %g", bx, ax)
	}
	p.checkClean()
}

// A context menu on nodes, edges and groups, by right-click or from the
// keyboard (Shift+F10), with the arrow keys inside and Escape out.
func TestEditorContextMenu(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "resilient-orders.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p := loadDesign(t, string(data))
	rightClick := func(x, y float64) {
		p.call(func(ctx context.Context) error {
			for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
				if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
					Type: typ, X: x, Y: y, Button: input.MouseButtonRight, Buttons: 2, ClickCount: 1, PointerType: input.DispatchMouseEventPointerTypeMouse,
				}); err != nil {
					return err
				}
			}
			return nil
		})
	}
	// A node: by right-click, which selects it.
	x, y := p.center(p.find("button", "worker-a, Generic service…"))
	rightClick(x, y)
	p.find("menu", "Actions for worker-a")
	p.eventually("worker-a to be inspected", func() (bool, string) {
		got := p.eval(p.find("textbox", "Node id"), `function() { return this.value }`)
		return got == `"worker-a"`, got
	})
	p.click("menuitem", "Mark as entry point")
	p.absent("menu", "Actions for worker-a")
	_, yaml := p.download("button", "Export YAML")
	if !strings.Contains(string(yaml), "id: \"worker-a\"\n    component: \"service\"\n    in: \"eu-a\"\n    entry: true\n") {
		t.Errorf("worker-a is not an entry point:\n%s", yaml)
	}
	// A group, from the keyboard: the first item takes the focus, the arrow
	// keys move it, Escape closes and gives the focus back.
	p.focus("button", "Availability zone · eu-a · eu-west-1a")
	p.keys(kb.F10, chromedp.ModifierShift)
	p.find("menu", "Actions for group eu-a")
	p.eventually("the menu's first item focused", func() (bool, string) {
		got := p.evalPage(`document.activeElement.textContent`)
		return got == `"Collapse group"`, got
	})
	p.checkAccessible("the editor, a context menu open")
	p.keys(kb.ArrowDown)
	if got := p.evalPage(`document.activeElement.textContent`); got != `"Add note on eu-a"` {
		t.Errorf("ArrowDown: focus on %s", got)
	}
	p.keys(kb.End)
	if got := p.evalPage(`document.activeElement.textContent`); got != `"Delete group"` {
		t.Errorf("End: focus on %s", got)
	}
	p.keys(kb.Escape)
	p.absent("menu", "Actions for group eu-a")
	if got := p.evalPage(`document.activeElement.getAttribute("aria-label") === "Availability zone · eu-a · eu-west-1a"`); got != "true" {
		t.Errorf("after Escape the focus is on %s", p.evalPage(`document.activeElement.outerHTML.slice(0, 80)`))
	}
	p.keys(kb.F10, chromedp.ModifierShift)
	p.eventually("the menu's first item focused", func() (bool, string) {
		got := p.evalPage(`document.activeElement.textContent`)
		return got == `"Collapse group"`, got
	})
	p.keys(kb.Enter)
	p.find("button", "Availability zone · eu-a, 1 node, collapsed")
	// An edge: delete it, and Undo.
	p.click("button", "Undo")
	p.focus("button", "Connection from api to orders-fn: POST /orders")
	p.keys(kb.F10, chromedp.ModifierShift)
	p.click("menuitem", "Delete connection")
	p.absent("button", "Connection from api to orders-fn: POST /orders")
	p.click("button", "Undo")
	p.find("button", "Connection from api to orders-fn: POST /orders")
	p.checkClean()
}

// The side panels resize by a handle, with the pointer or the arrow keys,
// within limits; a folded panel keeps the width it had for when it is shown.
func TestEditorPanelsResize(t *testing.T) {
	p := loadDesign(t, routedDesign)
	width := func(id string) float64 {
		var w float64
		got := p.evalPage(`(() => { const el = document.getElementById("` + id + `"); return el ? el.getBoundingClientRect().width : -1 })()`)
		json.Unmarshal([]byte(got), &w)
		return w
	}
	p.find("button", "a, Amazon API Gateway…")
	before := width("palette")
	p.focus("separator", "Palette width")
	for range 3 {
		p.keys(kb.ArrowRight)
	}
	p.eventually("the palette 48 px wider", func() (bool, string) { w := width("palette"); return w == before+48, fmt.Sprint(w) })
	p.keys(kb.End)
	p.eventually("the palette at its widest", func() (bool, string) { w := width("palette"); return w == 560, fmt.Sprint(w) })
	if got := p.eval(p.find("separator", "Palette width"), `function() { return this.getAttribute("aria-valuenow") }`); got != `"560"` {
		t.Errorf("aria-valuenow %s, want 560", got)
	}
	p.keys(kb.Home)
	p.eventually("the palette at its narrowest", func() (bool, string) { w := width("palette"); return w == 180, fmt.Sprint(w) })
	// The inspector's handle, by pointer: dragged left, the inspector widens.
	inspector := width("inspector")
	x, y := p.center(p.find("separator", "Inspector width"))
	p.drag(x, y, x-100, y)
	p.eventually("the inspector 100 px wider", func() (bool, string) {
		w := width("inspector")
		return math.Abs(w-(inspector+100)) <= 1, fmt.Sprint(w, " was ", inspector)
	})
	// Folded, then shown: the width chosen comes back.
	p.click("button", "Hide palette")
	p.absent("separator", "Palette width")
	p.click("button", "Show palette")
	p.eventually("the palette as it was resized", func() (bool, string) { w := width("palette"); return w == 180, fmt.Sprint(w) })
	// Kept across a reload.
	wide := width("inspector")
	p.navigate(p.origin + "/")
	p.waitReady()
	p.eventually("both widths after a reload", func() (bool, string) {
		pw, iw := width("palette"), width("inspector")
		return pw == 180 && math.Abs(iw-wide) <= 1, fmt.Sprint(pw, " ", iw)
	})
	// A panel never resized says the width the stylesheet gave it.
	p.evalPage(`localStorage.removeItem("designer.panels"); 1`)
	p.do(chromedp.EmulateViewport(1280, 720))
	p.navigate(p.origin + "/")
	p.waitReady()
	if got, w := p.eval(p.find("separator", "Palette width"), `function() { return this.getAttribute("aria-valuenow") }`), width("palette"); got != fmt.Sprintf(`"%d"`, int(w)) {
		t.Errorf("at 1280 px aria-valuenow is %s, the palette %v px wide", got, w)
	}
	p.checkClean()
}
