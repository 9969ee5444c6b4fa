//go:build browser

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"github.com/archdesigner/designer/catalogue/share"
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
	p.importFile(after)
	p.find("button", "orders-fn, AWS Lambda…")
	_, exported := p.download("button", "Export YAML")

	p.setFiles("Compare with…", before)
	p.waitText("status", "", "Comparing with orders-before.yaml: 5 nodes, 3 edges and 1 group differ. The design is unchanged.")
	p.find("region", "Comparison")
	p.eventually("the focus on the Comparison", func() (bool, string) {
		got := p.evalPage(`document.activeElement.id`)
		return got == `"comparison"`, got
	})
	p.find("button", "orders-cache, Amazon ElastiCache for Valkey, aws, Cache, added since orders-before.yaml")
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
	p.find("button", "orders-cache, Amazon ElastiCache for Valkey, aws, Cache")
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

// sharedExample opens the editor on the Resilient orders example and
// returns the link Copy share link put on the clipboard.
func sharedExample(t *testing.T) (*tab, string) {
	p := openEditor(t)
	p.grantClipboard()
	p.choose("Open example", "Resilient orders")
	p.waitText("status", "", "Imported resilient-orders.yaml")
	p.click("button", "Copy share link")
	p.waitText("status", "", "Copied a share link (")
	link := strings.Trim(p.evalPage(`navigator.clipboard.readText()`), `"`)
	if !strings.HasPrefix(link, p.origin+"/#d=") {
		t.Fatalf("the link: %.80s", link)
	}
	return p, link
}

// Copy share link puts a link carrying the design on the clipboard; in a
// fresh browser profile, offline once the app is installed, the link shows
// the design read-only and stores nothing of it, the profile's own design
// staying as it was; Open my design goes back to it. A damaged link is
// refused with why, and changes nothing.
func TestShareLink(t *testing.T) {
	p, link := sharedExample(t)

	q := newPage(t, p.origin)
	q.server = p.server
	q.navigate(p.origin + "/")
	q.choose("Open example", "E-commerce checkout")
	q.waitText("status", "", "Imported ecommerce-checkout.yaml")
	q.eventually("the design to be saved", func() (bool, string) {
		got := q.saved()
		return strings.Contains(got, "ecommerce-checkout"), got
	})
	own := q.saved()
	q.goOffline()

	// From another page, as a link opened from a chat would be (a change of
	// the fragment alone reloads the editor, which a test would race).
	q.navigate("about:blank")
	q.navigate(link)
	q.find("region", "Shared design")
	q.find("button", "orders-fn, AWS Lambda, Function, aws")
	q.waitText("status", "", "Opened a shared design: 7 nodes, 7 edges, read-only.")
	if got := q.text("banner", ""); !strings.Contains(got, "Read-only") {
		t.Errorf("the toolbar does not say read-only: %q", got)
	}
	settings := q.evalPage(localSettings)
	q.click("button", "Zoom in")
	q.click("button", "Minimap")
	// Into the catalogue and back: the editor that comes back still shows
	// the shared design, and still stores nothing of it.
	q.click("button", "orders-fn, AWS Lambda, Function, aws")
	q.click("link", "AWS Lambda in the catalogue")
	q.click("link", "Editor")
	q.find("region", "Shared design")
	q.click("button", "Zoom out")
	if got := q.saved(); got != own {
		t.Errorf("the shared design was stored:\n%.200s", got)
	}
	if got := q.evalPage(localSettings); got != settings {
		t.Errorf("the shared view wrote settings: %s, were %s", got, settings)
	}
	q.clickAndFollow("button", "Open my design")
	if got := q.evalPage(`location.hash`); got != `""` {
		t.Errorf("Open my design kept the link in the address: %s", got)
	}
	q.find("button", "cdn, Amazon CloudFront, CDN, aws")
	q.absent("region", "Shared design")

	q.navigate("about:blank")
	q.navigate(q.origin + "/#d=not$base64")
	q.waitText("alert", "Share link", "the shared link: the link is damaged")
	q.find("button", "cdn, Amazon CloudFront, CDN, aws")
	if got := q.evalPage(`location.hash`); got != `""` {
		t.Errorf("the address still holds the damaged link: %s", got)
	}
	if got := q.saved(); got != own {
		t.Errorf("a damaged link changed the saved design")
	}

	// A small link to a large hostile design is refused in good time, its
	// problems listed fifty at most.
	hostile, err := share.Encode([]byte("nodes: [" + strings.Repeat("a,", 40000) + "a]\n"))
	if err != nil {
		t.Fatal(err)
	}
	q.navigate("about:blank")
	q.navigate(q.origin + "/#" + hostile)
	q.waitText("alert", "Share link", "and 39951 more problems")
	q.find("button", "cdn, Amazon CloudFront, CDN, aws")
	q.checkClean()
}

// localSettings are the editor's keys in localStorage with their values.
const localSettings = `JSON.stringify(Object.keys(localStorage).filter(k => k.startsWith("designer.")).sort().map(k => [k, localStorage.getItem(k)]))`
