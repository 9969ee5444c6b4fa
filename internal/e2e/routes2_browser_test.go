//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
)

// labelsDesign is eight services on the editor's grid with a labelled edge
// out of each, where the middles of the longest runs put "writes" on
// "OrderPlaced" (n5 and n6 joined both ways).
const labelsDesign = `name: labels
nodes:
  - {id: n0, component: service, position: {x: 560, y: 320}}
  - {id: n1, component: service, position: {x: 40, y: 180}}
  - {id: n2, component: service, position: {x: 820, y: 320}}
  - {id: n3, component: service, position: {x: 820, y: 180}}
  - {id: n4, component: service, position: {x: 1080, y: 460}}
  - {id: n5, component: service, position: {x: 300, y: 460}}
  - {id: n6, component: service, position: {x: 820, y: 40}}
  - {id: n7, component: service, position: {x: 300, y: 600}}
edges:
  - {from: n0, to: n5, label: PaymentTaken}
  - {from: n1, to: n5, label: reads}
  - {from: n2, to: n6, label: reads}
  - {from: n3, to: n6, label: PaymentTaken}
  - {from: n4, to: n3, label: GET /items}
  - {from: n5, to: n6, label: OrderPlaced}
  - {from: n6, to: n5, label: writes}
  - {from: n7, to: n0, label: events}
`

// labelOverlapsJS lists, on screen, each edge's label drawn over another
// label, a node, a frame's label or a note, and counts the labels drawn.
const labelOverlapsJS = `(() => {
	const labels = [...document.querySelectorAll("#canvas-svg [data-part=label]")].map(l => [l.textContent, l.getBoundingClientRect()]);
	const others = [];
	for (const g of document.querySelectorAll("g[data-node]")) others.push(["node " + g.dataset.node, g.querySelector("[data-part=box]").getBoundingClientRect()]);
	for (const n of document.querySelectorAll("[data-part=note]")) others.push(["a note", n.getBoundingClientRect()]);
	for (const l of document.querySelectorAll("[data-part=group-text]")) others.push(["the label " + l.textContent.trim(), l.getBoundingClientRect()]);
	const meet = (a, b) => a.right > b.left + 1 && a.left < b.right - 1 && a.bottom > b.top + 1 && a.top < b.bottom - 1;
	const problems = [];
	labels.forEach(([text, box], i) => {
		for (const [other, o] of labels.slice(0, i)) if (meet(box, o)) problems.push(text + " over " + other);
		for (const [name, o] of others) if (meet(box, o)) problems.push(text + " over " + name);
	});
	return JSON.stringify({count: labels.length, problems});
})()`

// labelOverlaps is what labelOverlapsJS finds on the page.
func (p *tab) labelOverlaps() (int, []string) {
	p.t.Helper()
	var s string
	var got struct {
		Count    int
		Problems []string
	}
	raw := p.evalPage(labelOverlapsJS)
	if err := json.Unmarshal([]byte(raw), &s); err != nil || json.Unmarshal([]byte(s), &got) != nil {
		p.t.Fatalf("labels: %s", raw)
	}
	return got.Count, got.Problems
}

// No edge's label is drawn over another, nor over a node, a frame's label
// or a note: on eight labelled edges whose longest runs' middles meet, and
// on the Azure partner portal, whose HTTPS API and lookup labels met
// (issue 39, defect 6).
func TestRoutes2LabelsKeepApart(t *testing.T) {
	azure, err := os.ReadFile(filepath.Join("..", "..", "examples", "azure-partner-portal.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, design, last string
		labels             int
	}{
		{"eight labelled edges", labelsDesign, "Connection from n7 to n0: events", 8},
		{"Azure partner portal", string(azure), "", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := loadDesign(t, tc.design)
			if tc.last != "" {
				p.find("button", tc.last)
			}
			var count int
			var problems []string
			p.eventually("the labels drawn", func() (bool, string) {
				count, problems = p.labelOverlaps()
				return count == tc.labels, ""
			})
			for _, pr := range problems {
				t.Error(pr)
			}
			p.checkClean()
		})
	}
}

// wideFrameDesign has a network whose label is of wide letters, wider
// drawn than 0.62 of its size a letter, and an edge from above it down
// to a node inside it, straight through where the label ends when zoomed
// out.
const wideFrameDesign = `name: wide frame
groups:
  - {id: vpc, boundary: network, name: WWWWWWWWWWWWWWWWWW}
nodes:
  - {id: top, component: service, position: {x: 300, y: -120}}
  - {id: left, component: service, in: vpc, position: {x: 40, y: 200}}
  - {id: mid, component: service, in: vpc, position: {x: 300, y: 200}}
  - {id: right, component: service, in: vpc, position: {x: 600, y: 200}}
edges:
  - {from: top, to: mid}
  - {from: left, to: right}
`

// A route keeps off a frame's label as wide as it is drawn, zoomed out
// where the label is largest: the router measures it as the canvas draws
// it, not 0.62 of its size a letter (issue 39, defect 6).
func TestRoutes2FrameLabelMeasured(t *testing.T) {
	p := loadDesign(t, wideFrameDesign)
	p.find("button", "Connection from top to mid")
	p.zoomOutToSummaries(4)
	if got := p.routeProblems(0, "top", "mid", false); got != "" {
		t.Errorf("top → mid: %s", got)
	}
	p.checkClean()
}

// dotDesign has edges entering a node's right side: one at its middle
// (into hub, from a), and two (into pair, from b and c), each with an
// arrowhead where the connector would be.
const dotDesign = `name: dots
nodes:
  - {id: hub, component: service, position: {x: 40, y: 40}}
  - {id: a, component: service, position: {x: 560, y: 40}}
  - {id: pair, component: service, position: {x: 40, y: 320}}
  - {id: b, component: service, position: {x: 560, y: 260}}
  - {id: c, component: service, position: {x: 560, y: 400}}
edges:
  - {from: a, to: hub}
  - {from: b, to: pair}
  - {from: c, to: pair}
`

// connectorOverArrowJS says, in canvas coordinates, where node %q's
// connector (its circle and the stroke round it) meets the head of an
// arrow that ends on the node: the last 16 px of the path, 8 px either
// side of it (the marker, 8 stroke widths long).
const connectorOverArrowJS = `(() => {
	const id = %q;
	const g = document.querySelector('g[data-node="' + id + '"]');
	const m = /translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)/.exec(g.getAttribute("transform"));
	const x = +m[1], y = +m[2], w = +g.querySelector("[data-part=box]").getAttribute("width"), h = +g.querySelector("[data-part=box]").getAttribute("height");
	const dot = g.querySelector("[data-connector]");
	const r = +dot.getAttribute("r") + 1, cx = x + +dot.getAttribute("cx"), cy = y + +dot.getAttribute("cy");
	const problems = [];
	let heads = 0;
	for (const path of document.querySelectorAll("g[data-edge] [data-part=line]")) {
		const len = path.getTotalLength(), tip = path.getPointAtLength(len), back = path.getPointAtLength(len - 16);
		if (tip.x < x - 1 || tip.x > x + w + 1 || tip.y < y - 1 || tip.y > y + h + 1) continue;
		heads++;
		const across = Math.abs(tip.x - back.x) > Math.abs(tip.y - back.y) ? [0, 8] : [8, 0];
		const head = {x0: Math.min(tip.x, back.x) - across[0], x1: Math.max(tip.x, back.x) + across[0], y0: Math.min(tip.y, back.y) - across[1], y1: Math.max(tip.y, back.y) + across[1]};
		if (cx + r > head.x0 && cx - r < head.x1 && cy + r > head.y0 && cy - r < head.y1) problems.push("the connector at " + cx + "," + cy + " is over the arrowhead ending at " + tip.x + "," + tip.y);
	}
	return JSON.stringify({heads, problems});
})()`

// The connector shown on a node while the pointer is on it (or while it is
// selected) never covers the head of an arrow that ends on the node: not
// one entering its right side at the middle, nor two entering it there
// (issue 39, defect 6).
func TestRoutes2ConnectorOffArrowheads(t *testing.T) {
	p := loadDesign(t, dotDesign)
	p.find("button", "Connection from c to pair")
	for _, tc := range []struct {
		node  string
		heads int
		edges []int
		from  []string
	}{{"hub", 1, []int{0}, []string{"a"}}, {"pair", 2, []int{1, 2}, []string{"b", "c"}}} {
		var s string
		var got struct {
			Heads    int
			Problems []string
		}
		raw := p.evalPage(fmt.Sprintf(connectorOverArrowJS, tc.node))
		if err := json.Unmarshal([]byte(raw), &s); err != nil || json.Unmarshal([]byte(s), &got) != nil {
			t.Fatalf("%s: %s", tc.node, raw)
		}
		if got.Heads != tc.heads {
			t.Errorf("%s: %d arrowheads end on it, want %d", tc.node, got.Heads, tc.heads)
		}
		for _, pr := range got.Problems {
			t.Errorf("%s: %s", tc.node, pr)
		}
		// With the pointer on it, the node shows its connector: what
		// shows at each arrowhead is the arrow.
		x, y := p.center(p.find("button", tc.node+",…"))
		p.mouse(input.DispatchMouseEventTypeMouseMoved, x, y, 0)
		p.eventually("the connector shown", func() (bool, string) {
			got := p.evalPage(`getComputedStyle(document.querySelector('[data-connector="` + tc.node + `"]')).visibility`)
			return got == `"visible"`, got
		})
		for k, i := range tc.edges {
			if got := p.routeProblems(i, tc.from[k], tc.node, true); got != "" {
				t.Errorf("%s → %s, %s selected: %s", tc.from[k], tc.node, tc.node, got)
			}
		}
	}
	// A click on a node (a press and a release, moving nothing) leaves its
	// edges as they were drawn: before, it routed them again from the
	// middle of its side, and pair's two arrows lay one on the other.
	paths := `JSON.stringify([...document.querySelectorAll("g[data-edge] [data-part=line]")].map(p => p.getAttribute("d")))`
	before := p.evalPage(paths)
	p.click("button", "pair,…")
	p.eventually("pair selected", func() (bool, string) {
		got := p.evalPage(`document.querySelector('g[data-node="pair"]').getAttribute("aria-pressed") || document.activeElement.id`)
		return strings.Contains(got, "true") || strings.Contains(got, "pair"), got
	})
	if after := p.evalPage(paths); after != before {
		t.Errorf("a click on pair moved its edges: %s → %s", before, after)
	}
	p.checkClean()
}

// runsAlongJS lists, in canvas coordinates, the routes that run along
// another, or along a frame's border, parallel and nearer than 6 px for
// more than 28 px (read as one line). The corners' curves are left out: a
// route's runs go from corner to corner.
const runsAlongJS = `(() => {
	const runs = [];
	for (const path of document.querySelectorAll("g[data-edge] [data-part=line]")) {
		const nums = path.getAttribute("d").match(/[MLQ][^MLQ]*/g).map(c => [c[0], c.slice(1).trim().split(/\s+/).map(Number)]);
		const pts = nums.map(([k, v]) => k === "Q" ? {x: v[0], y: v[1]} : {x: v[v.length - 2], y: v[v.length - 1]});
		for (let i = 1; i < pts.length; i++) runs.push({name: "edge " + path.closest("g[data-edge]").dataset.edge, a: pts[i - 1], b: pts[i]});
	}
	for (const f of document.querySelectorAll("[data-part=frame]")) {
		const x0 = +f.getAttribute("x"), y0 = +f.getAttribute("y"), x1 = x0 + +f.getAttribute("width"), y1 = y0 + +f.getAttribute("height");
		for (const [a, b] of [[[x0, y0], [x1, y0]], [[x1, y0], [x1, y1]], [[x0, y1], [x1, y1]], [[x0, y0], [x0, y1]]]) runs.push({name: "a frame's border", a: {x: a[0], y: a[1]}, b: {x: b[0], y: b[1]}, frame: true});
	}
	const problems = [];
	runs.forEach((r, i) => {
		if (r.frame) return;
		for (const o of runs.slice(0, i).concat(runs.filter(o => o.frame))) {
			if (o.name === r.name) continue;
			const up = r.a.x === r.b.x && o.a.x === o.b.x, level = r.a.y === r.b.y && o.a.y === o.b.y;
			if (!up && !level) continue;
			const gap = up ? Math.abs(r.a.x - o.a.x) : Math.abs(r.a.y - o.a.y);
			const [r0, r1, o0, o1] = up ? [r.a.y, r.b.y, o.a.y, o.b.y] : [r.a.x, r.b.x, o.a.x, o.b.x];
			const overlap = Math.min(Math.max(r0, r1), Math.max(o0, o1)) - Math.max(Math.min(r0, r1), Math.min(o0, o1));
			if (gap < 6 && overlap > 28) problems.push(r.name + " runs along " + o.name + " " + gap + " px apart for " + overlap + " px");
		}
	});
	return JSON.stringify(problems);
})()`

// Routes keep a few pixels apart where there is room: no route runs along
// another, nor along a frame's border (issue 39, defect 6).
func TestRoutes2RunsApart(t *testing.T) {
	for _, tc := range []struct{ name, design, last string }{
		{"eight labelled edges", labelsDesign, "Connection from n7 to n0: events"},
		{"a wide frame", wideFrameDesign, "Connection from left to right"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := loadDesign(t, tc.design)
			p.find("button", tc.last)
			var s string
			var problems []string
			raw := p.evalPage(runsAlongJS)
			if err := json.Unmarshal([]byte(raw), &s); err != nil || json.Unmarshal([]byte(s), &problems) != nil {
				t.Fatalf("runs: %s", raw)
			}
			for _, pr := range problems {
				t.Error(pr)
			}
		})
	}
}
