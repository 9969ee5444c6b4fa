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
// A route passes through no node but its ends, nor a note or a frame's
// label, ends on its target's border
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
	// The commands of the path: M, L, and Q for a rounded corner, whose
	// control point is the corner.
	const cmds = path.getAttribute("d").match(/[MLQ][^MLQ]*/g).map(c => [c[0], c.slice(1).trim().split(/\s+/).map(Number)]);
	const [, last] = cmds[cmds.length - 1], [kind, prev] = cmds[cmds.length - 2];
	const end = {x: last[last.length - 2], y: last[last.length - 1]};
	const before = kind === "Q" ? {x: prev[0], y: prev[1]} : {x: prev[prev.length - 2], y: prev[prev.length - 1]};
	const t = box(to);
	const near = (a, b) => Math.abs(a - b) < 0.6;
	const onBorder = ((near(end.x, t.x0) || near(end.x, t.x1)) && end.y >= t.y0 && end.y <= t.y1) ||
		((near(end.y, t.y0) || near(end.y, t.y1)) && end.x >= t.x0 && end.x <= t.x1);
	if (!onBorder) problems.push("ends at " + end.x + "," + end.y + ", off " + to + "'s border");
	const mid = {x: (end.x + before.x) / 2, y: (end.y + before.y) / 2};
	if (mid.x > t.x0 && mid.x < t.x1 && mid.y > t.y0 && mid.y < t.y1) problems.push("its last run is inside " + to);
	if (Math.hypot(end.x - before.x, end.y - before.y) < 12) problems.push("its last run is too short for the arrowhead");
	// What a route keeps off, on screen: the other nodes, the notes and
	// the frames' labels.
	const keepOff = [];
	for (const g of document.querySelectorAll("g[data-node]")) {
		if (g.dataset.node !== from && g.dataset.node !== to) keepOff.push([g.dataset.node, g.querySelector("[data-part=box]")]);
	}
	for (const n of document.querySelectorAll("[data-part=note]")) keepOff.push(["a note", n]);
	for (const l of document.querySelectorAll("[data-part=group-text]")) keepOff.push(["the label " + l.textContent.trim(), l]);
	const len = path.getTotalLength(), m = path.getScreenCTM();
	const screen = q => ({x: m.a * q.x + m.c * q.y + m.e, y: m.b * q.x + m.d * q.y + m.f});
	for (const [name, el] of keepOff) {
		const b = el.getBoundingClientRect();
		for (let k = 0; k <= 100; k++) {
			const q = screen(path.getPointAtLength(len * k / 100));
			if (q.x > b.left + 1 && q.x < b.right - 1 && q.y > b.top + 1 && q.y < b.bottom - 1) { problems.push("passes through " + name); break; }
		}
	}
	const tip = screen(path.getPointAtLength(len - 4)), area = document.getElementById("canvas-svg").getBoundingClientRect();
	const shown = tip.x > area.left && tip.x < area.right && tip.y > area.top && tip.y < area.bottom;
	const under = document.elementFromPoint(tip.x, tip.y);
	const edge = under && under.closest("g[data-edge]");
	if (%t && shown && (!edge || edge.dataset.edge !== "%d")) problems.push("the arrowhead is under " + (under ? under.outerHTML.slice(0, 50) : "nothing"));
	return problems.join("; ");
})()`

// routeProblems is what is wrong with the drawn route of edge i, from
// node from to node to, "" when nothing is; arrow says whether to look at
// what the page shows at the arrowhead, where it is in view (while the
// pointer is on the target, its connector shows there).
func (p *tab) routeProblems(i int, from, to string, arrow bool) string {
	p.t.Helper()
	var got string
	raw := p.evalPage(fmt.Sprintf(routeProblemsJS, i, from, to, arrow, i))
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
		if got := p.routeProblems(i, e[0], e[1], true); got != "" {
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
		if got := p.routeProblems(i, votingEdges[i][0], votingEdges[i][1], false); got != "" {
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

// photoDesign is a photo-sharing service on AWS: a CDN before a load
// balancer and two copies of the app in a network, their database and
// cache, and uploads queued for a function that writes thumbnails to the
// bucket the CDN serves. The way from the DNS down to the load balancer
// crosses the network's label, and the way from the function up to the
// database the note beside them.
const photoDesign = `name: photo sharing
groups:
  - {id: vpc, boundary: network, name: main vpc}
nodes:
  - {id: dns, component: aws-route53, entry: true, position: {x: 300, y: -80}}
  - {id: cdn, component: aws-cloudfront, entry: true, position: {x: 40, y: 200}}
  - {id: alb, component: aws-alb, in: vpc, position: {x: 300, y: 200}}
  - {id: app-a, component: aws-ecs, in: vpc, position: {x: 560, y: 120}}
  - {id: app-b, component: aws-ecs, in: vpc, position: {x: 560, y: 280}}
  - {id: db, component: aws-rds-postgresql, in: vpc, position: {x: 1080, y: 120}}
  - {id: cache, component: aws-elasticache-valkey, in: vpc, position: {x: 820, y: 200}}
  - {id: queue, component: aws-sqs, position: {x: 820, y: 420}}
  - {id: thumbs, component: aws-lambda, position: {x: 1080, y: 420}}
  - {id: bucket, component: aws-s3, position: {x: 1340, y: 280}}
notes:
  - {text: "resizes uploads", position: {x: 1080, y: 300}}
edges:
  - {from: cdn, to: alb}
  - {from: cdn, to: bucket, label: static}
  - {from: alb, to: app-a}
  - {from: alb, to: app-b}
  - {from: app-a, to: db}
  - {from: app-b, to: db}
  - {from: app-a, to: cache}
  - {from: app-b, to: cache}
  - {from: app-b, to: queue, label: uploads}
  - {from: queue, to: thumbs}
  - {from: thumbs, to: bucket}
  - {from: dns, to: alb}
  - {from: thumbs, to: db, label: records}
`

// The photo-sharing design's routes keep off the nodes, the note and the
// network's label, and end with an arrowhead on their targets' borders
// (issue 39, defect 6).
func TestRoutesPhotoSharing(t *testing.T) {
	p := loadDesign(t, photoDesign)
	p.find("button", "Connection from thumbs to bucket")
	for i, e := range [][2]string{{"cdn", "alb"}, {"cdn", "bucket"}, {"alb", "app-a"}, {"alb", "app-b"}, {"app-a", "db"}, {"app-b", "db"},
		{"app-a", "cache"}, {"app-b", "cache"}, {"app-b", "queue"}, {"queue", "thumbs"}, {"thumbs", "bucket"},
		{"dns", "alb"}, {"thumbs", "db"}} {
		if got := p.routeProblems(i, e[0], e[1], true); got != "" {
			t.Errorf("%s → %s: %s", e[0], e[1], got)
		}
	}
	p.checkClean()
}
