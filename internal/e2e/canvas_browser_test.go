//go:build browser

package e2e

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// The canvas issue's defects, each with the test that failed before its fix.

// A connection's problems are on the connection: the canvas colours it,
// activating the problem selects it, and its inspector lists the problem,
// its fix and the rules that check it.
func TestEditorConnectionProblems(t *testing.T) {
	p := openEditor(t)
	abs, _ := filepath.Abs("../../examples/architecture-pitfalls.yaml")
	p.setFiles("Import design", abs)
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
	p.focus("button", "nats-jetstream (NATS JetStream)…")
	p.waitText("region", "Inspector", "Node id")
	if got := p.evalPage(`getComputedStyle(document.querySelector('.severity[data-severity="warning"]')).backgroundColor`); got != `"rgb(138, 90, 0)"` {
		t.Errorf("warning badge %s", got)
	}
	p.keys(kb.Escape)
	p.waitText("region", "Inspector", "Select a node, a connection or a group")
	p.focus("button", "nats-jetstream (NATS JetStream)…")
	p.keys(kb.Enter)
	p.waitText("region", "Inspector", "Node id")
	p.focus("button", "nats-jetstream (NATS JetStream)…")
	p.keys(kb.Delete)
	p.absent("button", "nats-jetstream (NATS JetStream)…")
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
	p.find("button", "kafka (Apache Kafka)…")
	paste("nodes:\n  - { id: \"kafka\", component: \"kafka\" }\n  - { id: \"fn\", component: \"aws-lambda\" }\nedges:\n  - { from: \"kafka\", to: \"fn\" }\n")
	p.find("button", "kafka (Apache Kafka)…")
	p.find("button", "kafka-2 (Apache Kafka)…")
	p.find("button", "Connection from kafka-2 to fn…")
	p.waitText("status", "", "Renamed where taken: kafka → kafka-2.")
	paste("just some notes about the design")
	p.waitText("status", "", "The pasted text is not a design")
	p.absent("alert", "")
	p.find("button", "kafka-2 (Apache Kafka)…")
	p.click("button", "Undo")
	p.absent("button", "kafka-2 (Apache Kafka)…")
	p.find("button", "kafka (Apache Kafka)…")
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
		name := "kafka (Apache Kafka)…"
		if i > 0 {
			name = "kafka-" + strconv.Itoa(i+1) + " (Apache Kafka)…"
		}
		p.eventually(name+" in view", func() (bool, string) { return inView(name), "outside the canvas" })
	}
	p.navigate(p.origin + "/")
	p.waitReady()
	for _, name := range []string{"kafka (Apache Kafka)…", "kafka-8 (Apache Kafka)…"} {
		p.eventually(name+" in view after a reload", func() (bool, string) { return inView(name), "outside the canvas" })
	}
	p.checkClean()
}
