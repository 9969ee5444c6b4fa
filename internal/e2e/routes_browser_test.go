//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// votingDesign is the docker voting app drawn by hand: the queue tight
// under its consumer, worker, and vote up to the left, so that the straight
// way from vote to rabbitmq enters rabbitmq right under worker.
const votingDesign = `name: voting app
nodes:
  - {id: vote, component: service, entry: true, position: {x: 40, y: 40}}
  - {id: redis, component: redis, position: {x: 300, y: 40}}
  - {id: result, component: service, entry: true, position: {x: 560, y: 40}}
  - {id: worker, component: service, position: {x: 300, y: 180}}
  - {id: db, component: postgresql, position: {x: 560, y: 180}}
  - {id: rabbitmq, component: rabbitmq, position: {x: 300, y: 264}}
edges:
  - {from: vote, to: redis}
  - {from: vote, to: rabbitmq}
  - {from: worker, to: redis}
  - {from: worker, to: db}
  - {from: worker, to: rabbitmq}
  - {from: result, to: db}
`

// votingEdges are votingDesign's edges, in order.
var votingEdges = [][2]string{{"vote", "redis"}, {"vote", "rabbitmq"}, {"worker", "redis"}, {"worker", "db"}, {"worker", "rabbitmq"}, {"result", "db"}}

// routeProblemsJS says what is wrong with the route of edge %d from %q to
// %q as the page draws it, in canvas coordinates: the path's points read
// from its d attribute, the boxes from the nodes' transforms and sizes.
// A route passes through no node but its ends, ends on its target's border
// coming from outside with a run the arrowhead fits in, and its arrowhead
// is what the page shows there.
const routeProblemsJS = `(() => {
	const box = id => {
		const g = document.querySelector('g[data-node="' + id + '"]');
		const m = /translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)/.exec(g.getAttribute("transform"));
		const r = g.querySelector("[data-part=box]");
		const x = +m[1], y = +m[2];
		return {x0: x, y0: y, x1: x + +r.getAttribute("width"), y1: y + +r.getAttribute("height")};
	};
	const path = document.querySelector('g[data-edge="%d"] [data-part="line"]');
	const from = %q, to = %q, problems = [];
	const nums = path.getAttribute("d").match(/-?\d+(\.\d+)?(e-?\d+)?/g).map(Number);
	const end = {x: nums[nums.length - 2], y: nums[nums.length - 1]};
	const before = {x: nums[nums.length - 4], y: nums[nums.length - 3]};
	const t = box(to);
	const near = (a, b) => Math.abs(a - b) < 0.6;
	const onBorder = ((near(end.x, t.x0) || near(end.x, t.x1)) && end.y >= t.y0 && end.y <= t.y1) ||
		((near(end.y, t.y0) || near(end.y, t.y1)) && end.x >= t.x0 && end.x <= t.x1);
	if (!onBorder) problems.push("ends at " + end.x + "," + end.y + ", off " + to + "'s border");
	const mid = {x: (end.x + before.x) / 2, y: (end.y + before.y) / 2};
	if (mid.x > t.x0 && mid.x < t.x1 && mid.y > t.y0 && mid.y < t.y1) problems.push("its last run is inside " + to);
	if (Math.hypot(end.x - before.x, end.y - before.y) < 12) problems.push("its last run is too short for the arrowhead");
	const len = path.getTotalLength();
	for (const g of document.querySelectorAll("g[data-node]")) {
		const id = g.dataset.node;
		if (id === from || id === to) continue;
		const b = box(id);
		for (let k = 0; k <= 100; k++) {
			const q = path.getPointAtLength(len * k / 100);
			if (q.x > b.x0 + 1 && q.x < b.x1 - 1 && q.y > b.y0 + 1 && q.y < b.y1 - 1) { problems.push("passes through " + id); break; }
		}
	}
	const m = path.getScreenCTM(), q = path.getPointAtLength(len - 4);
	const under = document.elementFromPoint(m.a * q.x + m.c * q.y + m.e, m.b * q.x + m.d * q.y + m.f);
	const edge = under && under.closest("g[data-edge]");
	if (%t && (!edge || edge.dataset.edge !== "%d")) problems.push("the arrowhead is under " + (under ? under.outerHTML.slice(0, 50) : "nothing"));
	return problems.join("; ");
})()`

// routeProblems is what is wrong with the drawn route of votingDesign's
// edge i, "" when nothing is; arrow says whether to look at what the page
// shows at the arrowhead (while the pointer is on the target, its
// connector shows there).
func (p *tab) routeProblems(i int, arrow bool) string {
	p.t.Helper()
	var got string
	raw := p.evalPage(fmt.Sprintf(routeProblemsJS, i, votingEdges[i][0], votingEdges[i][1], arrow, i))
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		p.t.Fatalf("route of edge %d: %s", i, raw)
	}
	return got
}

// The voting app's routes keep off every node but their ends and end, with
// an arrowhead, on their targets' borders: vote → rabbitmq goes round
// worker rather than ending under it (issue 39, defect 6). While rabbitmq
// is dragged, its edges are routed again at every move, round worker too.
func TestRoutesVotingApp(t *testing.T) {
	p := loadDesign(t, votingDesign)
	p.find("button", "Connection from vote to rabbitmq")
	for i, e := range votingEdges {
		if got := p.routeProblems(i, true); got != "" {
			t.Errorf("%s → %s: %s", e[0], e[1], got)
		}
	}

	// Drag rabbitmq away to the left and back under worker, holding the
	// button: the routes drawn while it moves are as good.
	var r struct{ X, Y, W float64 }
	raw := p.evalPage(`(() => { const b = document.querySelector('g[data-node="rabbitmq"] [data-part=box]').getBoundingClientRect(); return JSON.stringify({x: b.left, y: b.top, w: b.width}); })()`)
	var s string
	if err := json.Unmarshal([]byte(raw), &s); err != nil || json.Unmarshal([]byte(s), &r) != nil {
		t.Fatalf("rabbitmq's box: %s", raw)
	}
	scale := r.W / 180
	x, y := r.X+20*scale, r.Y+52*scale
	p.mouse(input.DispatchMouseEventTypeMousePressed, x, y, 1)
	for i := 1; i <= 8; i++ {
		p.mouse(input.DispatchMouseEventTypeMouseMoved, x-float64(i)*30*scale, y, 1)
	}
	left := p.evalPage(`document.querySelector('g[data-edge="1"] [data-part="line"]').getAttribute("d")`)
	for i := 7; i >= 0; i-- {
		p.mouse(input.DispatchMouseEventTypeMouseMoved, x-float64(i)*30*scale, y, 1)
	}
	if back := p.evalPage(`document.querySelector('g[data-edge="1"] [data-part="line"]').getAttribute("d")`); back == left {
		t.Errorf("vote → rabbitmq was not routed again while rabbitmq moved: %s", back)
	}
	for _, i := range []int{1, 4} {
		if got := p.routeProblems(i, false); got != "" {
			t.Errorf("while dragging, %s → %s: %s", votingEdges[i][0], votingEdges[i][1], got)
		}
	}
	p.mouse(input.DispatchMouseEventTypeMouseReleased, x, y, 0)
	p.checkClean()
}

// mouse sends one mouse event at x, y with the buttons held.
func (p *tab) mouse(typ input.DispatchMouseEventType, x, y float64, buttons int64) {
	p.t.Helper()
	p.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
			Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1, PointerType: input.DispatchMouseEventPointerTypeMouse,
		})
		return err
	})
}
