//go:build browser

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// Export to… shows a button per diagram tool; each downloads the design in
// its format, named after the design, and Escape closes the list with the
// focus back on its button.
func TestEditorExportTo(t *testing.T) {
	p := openEditor(t)
	p.choose("Open example", "Resilient orders")
	p.waitText("status", "", "Imported resilient-orders.yaml")
	p.absent("group", "Export to")
	for _, f := range []struct{ button, file, start string }{
		{"Mermaid", "resilient-orders.mmd", "---\ntitle: \"Resilient orders\"\n---\nflowchart LR\n"},
		{"D2", "resilient-orders.d2", "# Resilient orders\ndirection: right\n"},
		{"Structurizr DSL", "resilient-orders.dsl", "workspace \"Resilient orders\""},
		{"draw.io", "resilient-orders.drawio", "<mxfile host=\"designer\""},
	} {
		p.click("button", "Export to…")
		p.find("group", "Export to")
		name, data := p.download("button", f.button)
		if name != f.file || !strings.HasPrefix(string(data), f.start) || !strings.Contains(string(data), "orders-fn") {
			t.Errorf("%s: %s\n%.300s", f.button, name, data)
		}
		p.absent("group", "Export to")
		p.waitText("status", "", "Exported "+f.file)
	}
	p.click("button", "Export to…")
	p.find("button", "Mermaid")
	p.keys(kb.Escape)
	p.absent("group", "Export to")
	if got := p.evalPage(`document.activeElement.id`); got != `"export-to"` {
		t.Errorf("after Escape the focus is on %s, want Export to…", got)
	}
	// A click elsewhere closes it too.
	p.click("button", "Export to…")
	p.find("group", "Export to")
	p.click("button", "Zoom in")
	p.absent("group", "Export to")
	p.checkClean()
}

// Compare with… sets a file beside the design: the canvas marks what the
// design added, changed or renamed since and draws what it removed faded,
// the list says each difference and follows edits, and the design itself
// never changes. A file the catalogue refuses compares nothing.
func TestEditorCompareWith(t *testing.T) {
	p := openEditor(t)
	dir := filepath.Join("..", "..", "examples", "diff")
	after, _ := filepath.Abs(filepath.Join(dir, "orders-after.yaml"))
	before, _ := filepath.Abs(filepath.Join(dir, "orders-before.yaml"))
	p.setFiles("Import design", after)
	p.waitText("status", "", "Imported orders-after.yaml")
	_, exported := p.download("button", "Export YAML")

	p.setFiles("Compare with…", before)
	p.waitText("status", "", "Comparing with orders-before.yaml: 5 nodes, 3 edges and 1 group differ. The design is unchanged.")
	p.find("region", "Comparison")
	p.eventually("the focus on the Comparison", func() (bool, string) {
		got := p.evalPage(`document.activeElement.id`)
		return got == `"comparison"`, got
	})
	p.find("button", "orders-cache, Amazon ElastiCache for Valkey, Cache, aws, added since orders-before.yaml")
	p.find("button", "orders-table, Amazon DynamoDB, NoSQL database, aws, renamed since orders-before.yaml")
	p.find("button", "Connection from orders-fn to orders-cache, 1 problem, added since orders-before.yaml")
	list := p.text("region", "Comparison")
	for _, want := range []string{"worker-b (service) removed", "orders-table (aws-dynamodb) renamed from orders-db",
		"timeoutSeconds: 10 (design) → 60 (design)", "order-log -> worker-b (event) removed", "eu-b (zone) removed",
		"introduced warning: api -> orders-fn", "new single point of failure: orders-cache (takes api) (worse)"} {
		if !strings.Contains(list, want) {
			t.Errorf("the list lacks %q:\n%s", want, list)
		}
	}
	if got := p.evalPage(`document.querySelectorAll('[data-layer="ghosts"] [data-ghost="worker-b"]').length + "/" + document.querySelectorAll('[data-part="ghost-edge"]').length + "/" + document.querySelectorAll('[data-ghost-group="eu-b"]').length`); got != `"1/2/1"` {
		t.Errorf("ghosts (nodes/edges/groups): %s, want 1/2/1", got)
	}

	// The list folds away, to see the canvas under it.
	p.click("button", "Hide list")
	if got := p.text("region", "Comparison"); strings.Contains(got, "worker-b") {
		t.Errorf("folded, the list still says %q", got)
	}
	p.click("button", "Show list")
	p.waitText("region", "Comparison", "worker-b (service) removed")

	// The list's buttons show their node; an edit is followed.
	p.clickIn("Comparison", "button", "orders-fn (aws-lambda) changed")
	p.find("region", "Inspector")
	p.fill("spinbutton", "timeoutSeconds", "10")
	p.eventually("the list to follow the edit", func() (bool, string) {
		got := p.text("region", "Comparison")
		return !strings.Contains(got, "timeoutSeconds") && !strings.Contains(got, "api -> orders-fn"), got
	})
	p.click("button", "Undo")
	p.waitText("region", "Comparison", "timeoutSeconds: 10 (design) → 60 (design)")
	if _, now := p.download("button", "Export YAML"); string(now) != string(exported) {
		t.Errorf("comparing changed the design:\n%s", now)
	}

	p.click("button", "Stop comparing")
	p.absent("region", "Comparison")
	p.eventually("the focus on the canvas after Stop comparing", func() (bool, string) {
		got := p.evalPage(`document.activeElement.id`)
		return got == `"canvas"`, got
	})
	p.find("button", "orders-cache, Amazon ElastiCache for Valkey, Cache, aws")
	if got := p.evalPage(`document.querySelectorAll('[data-ghost]').length`); got != "0" {
		t.Errorf("ghosts left: %s", got)
	}

	// A file the catalogue refuses compares nothing.
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("nodes:\n  - { id: \"a\", component: \"kafak\" }\n"), 0o644)
	p.setFiles("Compare with…", bad)
	p.waitText("alert", "Compare errors", "bad.yaml:2:27: nodes[0].component: unknown component `kafak`")
	p.absent("region", "Comparison")
	p.click("button", "Dismiss")
	p.checkClean()
}
