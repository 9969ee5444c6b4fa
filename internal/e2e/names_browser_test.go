//go:build browser

package e2e

import (
	"encoding/json"
	"strconv"
	"testing"
)

// namesDesign has the three long product names, a long display
// name, and a region too narrow for its label.
const namesDesign = `nodes:
  - {id: alb, component: aws-alb, position: {x: 40, y: 40}}
  - {id: ecs, component: aws-ecs, position: {x: 300, y: 40}}
  - {id: db, component: aws-rds-postgresql, position: {x: 560, y: 40}}
  - {id: orders, name: Orders database primary in Ireland, component: aws-rds-postgresql, in: eu, position: {x: 300, y: 260}}
groups:
  - {id: eu, name: Production workloads of the payments team, boundary: region}
edges:
  - {from: alb, to: ecs}
  - {from: ecs, to: db}
`

// Names are drawn whole or visibly shortened, never clipped: each text of
// a node stays inside its box, off the chip, the icon and the badge; the
// product name reads whole across its lines or ends in an ellipsis; the
// node's tooltip and accessible name hold every name whole. A frame's
// label ends in an ellipsis inside its frame, whole in the tooltip.
func TestEditorNamesFit(t *testing.T) {
	p := loadDesign(t, namesDesign)
	p.checkNames("at full size")
	// Zoomed out, the lines are fewer and larger: cut to their room too.
	p.zoomOutToSummaries(4)
	p.checkNames("zoomed out")
}

// checkNames fails the test where a node's or a frame's text of
// namesDesign runs past its room, is cut without an ellipsis, or is not
// whole in the tooltip and the accessible name.
func (p *tab) checkNames(when string) {
	p.t.Helper()
	got := p.evalPage(`(() => {
		const problems = [];
		const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
		for (const g of document.querySelectorAll("g[data-node]")) {
			const id = g.dataset.node, box = g.querySelector("[data-part=box]").getBoundingClientRect();
			const scale = box.width / 180;
			const obstacles = [...g.querySelectorAll("[data-part=chip], [data-part=icon], [data-part=badge]")].map(e => [e.dataset.part, e.getBoundingClientRect()]);
			const texts = [...g.querySelectorAll("text")].filter(e => e.dataset.part !== "chip-text");
			// A word cut in two is drawn whole, clipped by the svg around it
			// (data-clip): what shows is what the clip lets through.
			const shown = e => {
				const r = e.getBoundingClientRect(), clip = e.parentElement.closest("svg[data-clip]");
				if (!clip) return r;
				const c = clip.getBoundingClientRect();
				return {left: r.left, top: r.top, bottom: r.bottom, right: Math.min(r.right, c.right)};
			};
			for (const e of texts) {
				const r = shown(e);
				if (r.left < box.left || r.right > box.right - 9 * scale || r.top < box.top || r.bottom > box.bottom) problems.push(id + ": " + JSON.stringify(e.textContent) + " runs past its box");
				for (const [part, o] of obstacles) if (over(r, o)) problems.push(id + ": " + JSON.stringify(e.textContent) + " runs into the " + part);
				for (const other of texts) if (other !== e && over(r, shown(other))) problems.push(id + ": " + JSON.stringify(e.textContent) + " overlaps " + JSON.stringify(other.textContent));
			}
			const title = g.querySelector(":scope > title");
			const full = title ? title.textContent : "";
			const product = {alb: "Application Load Balancer", ecs: "Amazon Elastic Container Service", db: "Amazon RDS for PostgreSQL", orders: "Amazon RDS for PostgreSQL"}[id];
			const name = [...g.querySelectorAll("[data-part=name], [data-part=summary-name]")].map(e => e.textContent.trim()).join(" ");
			const clipped = g.querySelector("svg[data-clip=name], svg[data-clip=summary-name]") !== null;
			if (name !== product && !name.endsWith("…") && !clipped) problems.push(id + ": the name reads " + JSON.stringify(name) + ", cut without an ellipsis");
			if (!full.includes(product)) problems.push(id + ": the tooltip " + JSON.stringify(full) + " lacks " + product);
			if (!g.getAttribute("aria-label").includes(product)) problems.push(id + ": the accessible name lacks " + product);
			if (id === "orders" && !full.includes("Orders database primary in Ireland")) problems.push("orders: the tooltip lacks its display name");
		}
		const frame = document.querySelector('g[data-group="eu"]');
		const label = frame.querySelector("[data-part=group-text]"), r = label.getBoundingClientRect(), f = frame.querySelector("[data-part=frame]").getBoundingClientRect();
		if (r.right > f.right) problems.push("the frame's label " + JSON.stringify(label.textContent) + " runs past its frame");
		if (!label.textContent.trim().endsWith("…")) problems.push("the frame's label " + JSON.stringify(label.textContent) + " is cut without an ellipsis");
		const tip = frame.querySelector(":scope > title");
		if (!tip || !tip.textContent.includes("Production workloads of the payments team")) problems.push("the frame's tooltip lacks its whole label");
		return problems.join("\n");
	})()`)
	var problems string
	if err := json.Unmarshal([]byte(got), &problems); err != nil || problems != "" {
		p.t.Errorf("%s:\n%s %v", when, problems, err)
	}
}

// zoomOutToSummaries zooms out (Zoom out, at most 8 times) until the canvas
// draws its nodes in the zoomed-out form, and waits for n of them.
func (p *tab) zoomOutToSummaries(n int) {
	p.t.Helper()
	for range 8 {
		if p.evalPage(`document.getElementById("canvas-svg").dataset.labels`) == `"summary"` {
			break
		}
		p.click("button", "Zoom out")
	}
	want := strconv.Itoa(n)
	p.eventually("the zoomed-out labels", func() (bool, string) {
		got := p.evalPage(`document.querySelectorAll("[data-part=summary]").length`)
		return got == want, got
	})
}
