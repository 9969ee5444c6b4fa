//go:build browser

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/internal/server"
)

// The main flow a new user follows, with the mouse: add components, override
// a property, break and fix a rule, export and re-import, undo and redo,
// reload, and a refused import. No console error, no request elsewhere.
func TestEditorFlow(t *testing.T) {
	p := openEditor(t)
	// A first visit fetches app.wasm once: the page's preload, which
	// go-app's loader takes over.
	if got := p.evalPage(`JSON.stringify(performance.getEntriesByType("resource").filter(e => e.name.endsWith("/web/app.wasm")).map(e => e.initiatorType))`); got != `"[\"link\"]"` {
		t.Errorf("app.wasm fetched by %s, want once by the preload link", got)
	}

	p.click("button", "Stream (19 products)")
	p.click("button", "Apache Kafka")
	p.click("button", "NATS JetStream")
	p.find("button", "kafka, Apache Kafka…")
	p.find("button", "nats-jetstream, NATS JetStream…")

	// Select kafka and override replicationFactor: its source becomes design.
	p.click("button", "kafka, Apache Kafka…")
	p.find("region", "Inspector")
	if got := p.text("row", "Property replicationFactor"); !strings.Contains(got, "component") {
		t.Fatalf("replicationFactor row before the override: %q", got)
	}
	p.fill("spinbutton", "replicationFactor", "3")
	p.waitText("row", "Property replicationFactor", "design")
	p.find("button", "Reset replicationFactor")

	// Break a rule, see it in Problems, fix it.
	p.fill("spinbutton", "minInsyncReplicas", "5")
	p.waitText("region", "Problems", "minInsyncReplicas 5 is more than replicationFactor 3")
	p.find("button", "kafka, Apache Kafka, Stream, 1 problem…")
	p.fill("spinbutton", "minInsyncReplicas", "2")
	p.eventually("the problem to clear", func() (bool, string) {
		got := p.text("region", "Problems")
		return !strings.Contains(got, "minInsyncReplicas 5"), got
	})

	// Export, then import the export into a new design: the same design,
	// the first staying in Designs.
	name, exported := p.download("button", "Export YAML")
	if name != "design.yaml" || !strings.Contains(string(exported), "replicationFactor: 3") ||
		!strings.HasPrefix(string(exported), "# yaml-language-server: $schema="+p.origin+"/schema/design.schema.json\n") {
		t.Fatalf("exported %s:\n%s", name, exported)
	}
	p.clickAndFollow("button", "New design")
	p.absent("button", "kafka, Apache Kafka…")
	file := filepath.Join(t.TempDir(), "design.yaml")
	os.WriteFile(file, exported, 0o644)
	p.importFile(file)
	p.find("button", "kafka, Apache Kafka…")
	if _, again := p.download("button", "Export YAML"); string(again) != string(exported) {
		t.Errorf("re-import changed the design:\n%s\n---\n%s", exported, again)
	}

	// Undo the import (back to the blank design), redo it.
	p.click("button", "Undo")
	p.absent("button", "kafka, Apache Kafka…")
	p.click("button", "Redo")
	p.find("button", "kafka, Apache Kafka…")
	p.click("button", "Designs")
	p.find("button", "Open Untitled design")
	p.waitText("region", "Designs", "design (open here)")
	p.click("button", "Close designs")

	// Reload: the autosaved design comes back.
	p.navigate(p.href())
	p.find("button", "kafka, Apache Kafka…")
	p.find("button", "nats-jetstream, NATS JetStream…")

	// A bad import is refused with its position and changes nothing.
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("nodes:\n  - { id: \"a\", component: \"kafak\" }\n"), 0o644)
	p.setFiles("Import design", bad)
	p.waitText("alert", "Import errors", "bad.yaml:2:27: nodes[0].component: unknown component `kafak`; did you mean `kafka`?")
	p.find("button", "kafka, Apache Kafka…")
	if _, after := p.download("button", "Export YAML"); string(after) != string(exported) {
		t.Errorf("a refused import changed the design:\n%s", after)
	}

	p.checkClean()
}

// The keyboard alone: search, add, connect through the inspector, delete and
// the undo/redo shortcuts.
func TestEditorKeyboard(t *testing.T) {
	p := openEditor(t)
	p.focus("searchbox", "Search components")
	p.keys("redpanda")
	p.absent("button", "Apache Kafka")
	p.focus("button", "Redpanda")
	p.keys(kb.Enter)
	p.find("button", "redpanda, Redpanda…")

	p.fill("searchbox", "Search components", "kafka")
	p.focus("button", "Apache Kafka")
	p.keys(kb.Enter)
	p.find("button", "kafka, Apache Kafka…")

	// kafka is selected: connect it to redpanda from the inspector.
	p.choose("Connect to", "redpanda")
	p.focus("button", "Connect")
	p.keys(kb.Enter)
	p.find("button", "Connection from kafka to redpanda")

	// Delete the selected node with the Delete key, then undo and redo.
	p.focus("button", "kafka, Apache Kafka…")
	p.keys(kb.Delete)
	p.absent("button", "Connection from kafka to redpanda")
	p.keys("z", chromedp.ModifierCtrl)
	p.find("button", "Connection from kafka to redpanda")
	p.keys("z", chromedp.ModifierCtrl, chromedp.ModifierShift)
	p.absent("button", "Connection from kafka to redpanda")
	p.keys("z", chromedp.ModifierCtrl)
	p.find("button", "Connection from kafka to redpanda")
	p.keys("y", chromedp.ModifierCtrl)
	p.absent("button", "Connection from kafka to redpanda")
	p.checkClean()
}

// A visit to the catalogue pages keeps the editing session: back in the
// editor, Undo still knows what was done before.
func TestEditorUndoAcrossCataloguePages(t *testing.T) {
	p := openEditor(t)
	p.click("button", "Stream (19 products)")
	p.click("button", "Apache Kafka")
	p.click("button", "Redpanda")
	p.find("button", "redpanda, Redpanda…")

	// The palette's ⓘ opens a new tab; the inspector's link stays here.
	p.click("link", "Redpanda in the catalogue")
	p.find("heading", "Redpanda")
	p.evalPage(`history.back()`)
	p.find("button", "redpanda, Redpanda…")

	p.click("button", "Undo")
	p.absent("button", "redpanda, Redpanda…")
	p.find("button", "kafka, Apache Kafka…")
	p.click("button", "Redo")
	p.find("button", "redpanda, Redpanda…")
	p.checkClean()
}

// The palette's category, kind and provider filters narrow the groups, by
// keyboard too, and keep the focus while they do; the search finds kinds by
// category and boundaries by what they are called elsewhere.
func TestEditorPaletteFilters(t *testing.T) {
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	all := len(cat.Components)
	p := openEditor(t)
	count := func() string { return p.evalPage(`document.querySelector("#palette .count").textContent`) }

	p.focus("combobox", "Kind")
	p.keys(kb.ArrowDown) // All kinds → API gateway
	p.find("button", "API gateway (9 products)")
	p.absent("button", "Cache (10 products)")
	p.keys(kb.ArrowDown) // → Cache: the select kept the focus
	p.find("button", "Cache (10 products)")
	p.absent("button", "API gateway (9 products)")
	if got, want := count(), fmt.Sprintf(`"10 of %d components"`, all); got != want {
		t.Errorf("count with the Cache filter: %s, want %s", got, want)
	}

	p.choose("Kind", "Stream")
	p.choose("Provider", "Amazon Web Services")
	p.find("button", "Amazon Kinesis Data Streams") // the group is open while filtering
	p.absent("button", "Apache Kafka")
	p.absent("button", "Stream (19 products)")
	if got := p.evalPage(`document.activeElement.id`); got != `"palette-provider"` {
		t.Errorf("the focus left the provider filter for %s", got)
	}

	p.choose("Kind", "All kinds")
	p.choose("Provider", "All providers")
	p.find("button", "Stream (19 products)")
	if got, want := count(), fmt.Sprintf(`"%d of %d components"`, all, all); got != want {
		t.Errorf("count without filters: %s, want %s", got, want)
	}

	// A category leaves its kinds, under its heading, and no boundaries.
	p.choose("Category", "Security")
	p.find("heading", "SECURITY") // Chromium names it as drawn (text-transform)
	p.find("button", fmt.Sprintf("Web application firewall (%d products)", len(cat.ComponentsOfKind("waf"))))
	p.absent("heading", "DATA")
	p.absent("button", "Stream (19 products)")
	p.absent("button", "Boundaries (8)")
	p.choose("Category", "All categories")

	// The search matches a category's name, and a boundary's description.
	p.fill("searchbox", "Search components", "vpc")
	p.find("button", "New Network group")
	p.absent("button", "New Region group")
	p.fill("searchbox", "Search components", "messaging")
	p.find("button", "Stream (19 products)")
	p.absent("button", "New Network group")
	p.checkClean()
}

// Dragging a node moves it; dragging from a node's connector onto another
// node connects them; Problems reveal their node.
func TestEditorCanvasPointer(t *testing.T) {
	p := openEditor(t)
	p.click("button", "Stream (19 products)")
	p.click("button", "Apache Kafka")
	p.click("button", "Redpanda")
	kafka := p.find("button", "kafka, Apache Kafka…")
	// Where kafka was placed, from the export: its first position line.
	position := func(data []byte) (float64, float64) {
		s := string(data)
		s = s[strings.Index(s, `id: "kafka"`):]
		s = s[strings.Index(s, "position: {x: ")+len("position: {x: "):]
		var px, py float64
		fmt.Sscanf(strings.Replace(s, ", y:", " ", 1), "%g %g", &px, &py)
		return px, py
	}
	_, before := p.download("button", "Export YAML")
	px, py := position(before)
	x, y := p.center(kafka)
	p.drag(x, y, x+120, y+200)
	p.eventually("kafka to move", func() (bool, string) {
		_, data := p.download("button", "Export YAML")
		nx, ny := position(data)
		return nx == px+120 && ny == py+200, string(data)
	})

	// The connector is the dot on the right edge of a node's box.
	kx, ky := p.center(p.find("button", "kafka, Apache Kafka…"))
	rx, ry := p.center(p.find("button", "redpanda, Redpanda…"))
	p.drag(kx+90, ky, rx, ry)
	p.find("button", "Connection from kafka to redpanda")
	// Its line ends in the arrowhead: an SVG marker that the renderer draws.
	if got := p.evalPage(`(() => { const m = document.querySelector(document.querySelector('[data-part="line"]').getAttribute("marker-end").slice(4, -1)); return m instanceof SVGMarkerElement && m.querySelector("path").getBBox().width > 0; })()`); got != "true" {
		t.Errorf("the connection's arrowhead: %s", got)
	}

	// Breaking a rule on redpanda and activating the problem selects it.
	p.click("button", "redpanda, Redpanda…")
	p.fill("spinbutton", "replicationFactor", "2")
	p.click("button", "kafka, Apache Kafka…")
	p.click("button", "error on redpanda: Redpanda rejects replicationFactor 2; Raft groups need an odd number of replicas (1, 3, 5…).")
	p.eventually("redpanda to be inspected", func() (bool, string) {
		got := p.eval(p.find("textbox", "Node id"), `function() { return this.value }`)
		return got == `"redpanda"`, got
	})

	// Pan, zoom and fit leave the design alone.
	_, before = p.download("button", "Export YAML")
	p.click("button", "Zoom in")
	p.click("button", "Zoom out")
	p.click("button", "Fit")
	if _, after := p.download("button", "Export YAML"); string(after) != string(before) {
		t.Errorf("viewport changes touched the design:\n%s\nwas:\n%s", after, before)
	}
	p.checkClean()
}

// Swapping the component keeps overrides that still apply and says which it
// dropped; advanced properties are collapsed but reachable.
func TestEditorInspector(t *testing.T) {
	p := openEditor(t)
	p.click("button", "Stream (19 products)")
	p.click("button", "Apache Kafka")
	p.fill("spinbutton", "partitions", "12")
	p.fill("spinbutton", "retentionHours", "9000")
	p.choose("Component", "Amazon Kinesis Data Streams (aws)")
	p.find("button", "kafka, Amazon Kinesis Data Streams…")
	p.waitText("status", "", "kafka is now Amazon Kinesis Data Streams.")
	p.waitText("region", "Problems", "retentionHours 9000")

	// transactions is advanced: inside a collapsed details element.
	p.click("DisclosureTriangle", "Advanced properties (2)")
	p.click("checkbox", "transactions")
	p.waitText("row", "Property transactions", "design")
	p.click("button", "Reset transactions")
	p.waitText("row", "Property transactions", "kind")

	// Renaming keeps the node selected and its edges.
	p.fill("textbox", "Node id", "clicks")
	p.find("button", "clicks, Amazon Kinesis Data Streams…")
	p.fill("textbox", "Node id", "Not An Id")
	p.waitText("status", "", "is not a valid id")
	p.find("button", "clicks, Amazon Kinesis Data Streams…")
	p.checkClean()
}

// A full or denied storage shows a persistent warning; export still works.
func TestEditorSaveFailure(t *testing.T) {
	p := openEditor(t)
	p.failStorage()
	p.navigate(p.origin + "/")
	p.fill("searchbox", "Search components", "kafka")
	p.click("button", "Apache Kafka")
	p.waitText("alert", "", "Autosave failed")
	if _, data := p.download("button", "Export the design"); !strings.Contains(string(data), "component: \"kafka\"") {
		t.Errorf("export after a failed save:\n%s", data)
	}
}

// A saved design that no longer loads, with no room to keep a copy, is never
// overwritten: autosave stays off (even when the page goes) until the user
// exports it, and the export is the saved text.
func TestEditorUnreadableDesignIsKept(t *testing.T) {
	p := openEditor(t)
	broken := "nodes:\n  - { id: \"k\", component: \"retired-product\" }\n"
	p.evalPage(fmt.Sprintf(`localStorage.setItem("designer.design", %q)`, broken))
	p.failStorageOf("designer.design.unreadable")
	p.navigate(p.origin + "/")
	p.waitText("alert", "", "autosave is off until you export or discard it")
	p.fill("searchbox", "Search components", "kafka")
	p.click("button", "Apache Kafka")
	p.find("button", "kafka, Apache Kafka…")
	p.evalPage(`window.dispatchEvent(new Event("pagehide"))`) // as when the tab closes
	time.Sleep(300 * time.Millisecond)                        // a write to the database would be done
	if saved := p.saved(); saved != fmt.Sprintf("%q", broken) {
		t.Fatalf("the only copy was overwritten: %s", saved)
	}
	if name, data := p.download("button", "Export the saved design"); name != "saved-design.yaml" || string(data) != broken {
		t.Errorf("exported %s:\n%s", name, data)
	}
	p.absent("button", "Discard the saved design")
	p.evalPage(`window.dispatchEvent(new Event("pagehide"))`)
	p.eventually("autosave to resume after the export", func() (bool, string) {
		saved := p.saved()
		return strings.Contains(saved, "kafka"), saved
	})
}

// Pasted YAML and a dropped file import like the Import button; Copy YAML
// puts the export on the clipboard.
func TestEditorPasteDropAndCopy(t *testing.T) {
	p := openEditor(t)
	p.evalPage(`(() => {
		const dt = new DataTransfer();
		dt.setData("text/plain", 'nodes:\n  - { id: "pasted", component: "pulsar" }\n');
		document.body.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true}));
	})()`)
	p.find("button", "pasted, Apache Pulsar…")

	// A dropped file is imported as a new design, which opens.
	from := p.href()
	p.evalPage(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File(['nodes:\n  - { id: "dropped", component: "redpanda" }\n'], "dropped.yaml", {type: "application/yaml"}));
		document.getElementById("canvas-svg").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`)
	p.waitOpened(from)
	p.find("button", "dropped, Redpanda…")
	p.absent("button", "pasted, Apache Pulsar…")

	p.grantClipboard()
	p.click("button", "Copy YAML")
	p.waitText("status", "", "Copied the design as YAML.")
	var copied string
	p.eventually("the clipboard to hold the design", func() (bool, string) {
		copied = p.evalPage(`navigator.clipboard.readText()`)
		return strings.Contains(copied, `id: \"dropped\"`), copied
	})
	p.checkClean()
}

// A 1,000-node design: the canvas draws what is in view, and every node is
// reachable through Go to node, which selects it and brings it into view.
func TestEditorLargeDesign(t *testing.T) {
	p := openEditor(t)
	var b strings.Builder
	b.WriteString("nodes:\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, "  - { id: \"n-%d\", component: \"stream\", position: { x: %d, y: %d } }\n", i, 40+(i%40)*220, 40+(i/40)*120)
	}
	file := filepath.Join(t.TempDir(), "big.yaml")
	os.WriteFile(file, []byte(b.String()), 0o644)
	p.importFile(file)
	p.find("button", "n-0, Generic stream, Stream")
	if drawn := p.query("button", func(s string) bool { return strings.HasPrefix(s, "n-") }); len(drawn) >= 1000 || len(drawn) < 10 {
		t.Errorf("%d nodes drawn; want those in view", len(drawn))
	}
	p.absent("button", "n-999, Generic stream…")
	p.choose("Go to node", "n-999")
	p.find("button", "n-999, Generic stream, Stream")
	p.eventually("n-999 to be inspected", func() (bool, string) {
		got := p.eval(p.find("textbox", "Node id"), `function() { return this.value }`)
		return got == `"n-999"`, got
	})
	p.checkClean()
}

// The palette links each product to its catalogue page; the page shows the
// properties and adds the product to the design.
func TestCataloguePagesInTheApp(t *testing.T) {
	p := openEditor(t)
	p.click("button", "Stream (19 products)")
	p.click("button", "Redpanda")
	p.click("link", "Redpanda in the catalogue")
	p.find("heading", "Redpanda")
	p.find("table", "Properties of Redpanda")
	p.click("link", "Stream")
	p.find("table", "Products of the kind Stream compared")
	p.click("link", "Apache Kafka")
	p.click("link", "Add to design")
	p.find("button", "kafka, Apache Kafka…")
	p.find("button", "redpanda, Redpanda…")
	if got := p.evalPage(`location.search`); got != `"?design=first"` {
		t.Errorf("the address is %s: it keeps the design, not the add", got)
	}
	p.navigate(p.origin + "/catalogue?provider=aws")
	p.find("link", "Amazon Kinesis Data Streams")
	p.absent("link", "Apache Kafka")

	// An HTML page links HTML pages; its markdown twin is the one link to
	// a .md file.
	p.navigate(p.origin + "/catalogue/components/aws-lambda")
	p.find("heading", "AWS Lambda")
	if got := p.evalPage(`[...document.querySelectorAll('a[href*=".md"]')].map(a => a.textContent).join("|")`); got != `"Markdown"` {
		t.Errorf("links to markdown: %s", got)
	}
	p.click("link", "Azure Functions")
	p.find("heading", "Azure Functions")
	if got := p.evalPage(`location.pathname`); got != `"/catalogue/components/azure-functions"` {
		t.Errorf("the other product's link went to %s", got)
	}
	p.checkClean()
}

// After one visit the editor works with the server gone: the service worker
// serves it, the catalogue is in the wasm, and export needs no network.
func TestEditorOffline(t *testing.T) {
	p := openEditor(t)
	// On a first visit the worker precaches once the page says it has
	// started: well before its 10 s fallback.
	for deadline := time.Now().Add(6 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if p.evalPage(`navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))`) == "true" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the service worker was not active 6 s after the page started: did it hear app-started?")
		}
	}
	p.goOffline()
	p.navigate(p.origin + "/")
	p.fill("searchbox", "Search components", "kafka")
	p.click("button", "Apache Kafka")
	p.find("button", "kafka, Apache Kafka…")
	if _, data := p.download("button", "Export YAML"); !strings.Contains(string(data), `component: "kafka"`) {
		t.Errorf("offline export:\n%s", data)
	}
	p.checkClean()
}

// The static site (designer static) is a folder that a plain file server
// serves: the editor works from it, and the pages, markdown and schemas are
// there.
func TestStaticSite(t *testing.T) {
	out := t.TempDir()
	if _, err := server.WriteStatic(builtWeb(t), out, options(t, server.Options{})); err != nil {
		t.Fatalf("writing the static site: %v", err)
	}
	ts := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer ts.Close()
	for path, want := range map[string]string{
		"/catalogue/components/kafka/":        "Apache Kafka\n</h1>",
		"/catalogue/components/kafka.md":      "url: \"/catalogue/components/kafka\"",
		"/catalogue.md":                       "[Apache Kafka](/catalogue/components/kafka)",
		"/schema/design.schema.json":          `"title": "Design"`,
		"/web/designer.css":                   "palette-groups",
		"/catalogue/rules/nats-replicas-odd/": "JetStream replicas should be odd",
	} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) || strings.Contains(string(body), "127.0.0.1") {
			t.Errorf("%s: %d, want %q in it and no temporary origin", path, resp.StatusCode, want)
		}
	}
	p := newPage(t, ts.URL)
	p.navigate(ts.URL + "/")
	p.fill("searchbox", "Search components", "redpanda")
	p.click("button", "Redpanda")
	p.find("button", "redpanda, Redpanda…")
	if _, data := p.download("button", "Export YAML"); !strings.Contains(string(data), `component: "redpanda"`) {
		t.Errorf("export from the static site:\n%s", data)
	}
	p.click("link", "Redpanda in the catalogue")
	p.find("table", "Properties of Redpanda")
	p.checkClean()
}

// Importing any design of the hostile corpus shows its errors and leaves the
// current design as it was; nothing in it runs or breaks the page.
func TestEditorRefusesHostileCorpus(t *testing.T) {
	p := openEditor(t)
	p.fill("searchbox", "Search components", "kafka")
	p.click("button", "Apache Kafka")
	p.find("button", "kafka, Apache Kafka…")
	_, before := p.download("button", "Export YAML")
	files, _ := filepath.Glob("../../catalogue/testdata/hostile/*.yaml")
	for _, file := range files {
		want, _ := os.ReadFile(strings.TrimSuffix(file, ".yaml") + ".err")
		first, _, _ := strings.Cut(string(want), "\n")
		abs, _ := filepath.Abs(file)
		p.setFiles("Import design", abs)
		p.waitText("alert", "Import errors", first)
		p.click("button", "Dismiss")
		p.absent("alert", "Import errors")
	}
	if _, after := p.download("button", "Export YAML"); string(after) != string(before) {
		t.Errorf("the design changed:\n%s\n---\n%s", before, after)
	}
	p.checkClean()
}

// Two tabs on one design: a change in one is noticed in the other, which
// stops saving until the user chooses, so neither overwrites the other.
func TestEditorTwoTabs(t *testing.T) {
	a := openEditor(t)
	a.fill("searchbox", "Search components", "kafka")
	a.click("button", "Apache Kafka")
	a.find("button", "kafka, Apache Kafka…")

	b := a.secondTab()
	b.navigate(a.origin + "/")
	b.find("button", "kafka, Apache Kafka…")
	b.fill("searchbox", "Search components", "redpanda")
	b.click("button", "Redpanda")
	b.find("button", "redpanda, Redpanda…")

	a.find("alert", "Changed in another tab")
	// a's own change while the choice waits does not overwrite b's design.
	a.fill("searchbox", "Search components", "pulsar")
	a.click("button", "Apache Pulsar")
	a.find("button", "pulsar, Apache Pulsar…")
	time.Sleep(600 * time.Millisecond) // a's autosave, had it been on
	if saved := b.saved(); strings.Contains(saved, "pulsar") || !strings.Contains(saved, "redpanda") {
		t.Errorf("tab a overwrote tab b's design: %s", saved)
	}
	a.click("button", "Load the other tab's design")
	a.find("button", "redpanda, Redpanda…")
	a.absent("button", "pulsar, Apache Pulsar…")
	a.absent("alert", "Changed in another tab")
	a.checkClean()
}

// Offline, the catalogue pages and the schemas work too: the service worker
// answers an uncached page with the app, which draws it from its catalogue.
func TestCataloguePagesOffline(t *testing.T) {
	p := openEditor(t)
	// Markdown read while online (under the worker) stays readable offline.
	markdown := `fetch("/catalogue/components/kafka.md").then(r => r.ok ? r.text() : "HTTP " + r.status).catch(e => String(e))`
	p.goOnlineUnderWorker()
	online := p.evalPage(markdown)
	if !strings.Contains(online, "Apache Kafka") {
		t.Fatalf("markdown online: %s", online)
	}
	p.goOffline()
	if offline := p.evalPage(markdown); offline != online {
		t.Errorf("markdown offline: %s", offline)
	}
	p.navigate(p.origin + "/catalogue/kinds/stream")
	p.find("table", "Products of the kind Stream compared")
	p.click("link", "Apache Kafka")
	p.find("table", "Properties of Apache Kafka")
	if got := p.evalPage(`fetch("/schema/design.schema.json").then(r => r.json()).then(s => s.title)`); got != `"Design"` {
		t.Errorf("schema offline: %s", got)
	}
	p.checkClean()
}

// serve --catalogue: the organisation's products are in the editor, its
// pages and its markdown, and stay there offline.
func TestEditorWithOverlay(t *testing.T) {
	const overlay = "../../cmd/designer/testdata/overlay"
	cat, err := catalogue.LoadEmbedded(catalogue.Layer{Name: overlay, FS: os.DirFS(overlay)})
	if err != nil {
		t.Fatal(err)
	}
	ts := serveEditor(t, server.Options{Catalogue: cat, Overlaid: true})
	p := newPage(t, ts.URL)
	p.server = ts
	p.navigate(ts.URL + "/")
	p.fill("searchbox", "Search components", "acme")
	p.click("button", "Acme Bus")
	p.find("button", "acme-bus, Acme Bus…")
	resp, err := http.Get(ts.URL + "/catalogue/components/acme-bus.md")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "# Acme Bus") {
		t.Errorf("overlay markdown page: %d\n%s", resp.StatusCode, body)
	}
	p.goOffline()
	p.navigate(p.origin + "/catalogue/components/acme-bus")
	p.find("table", "Properties of Acme Bus")
	p.click("link", "Add to design")
	p.find("button", "acme-bus-2, Acme Bus…")
	p.checkClean()
}

// goOnlineUnderWorker waits for the service worker and reloads, so that the
// page's own requests go through it.
func (p *tab) goOnlineUnderWorker() {
	p.t.Helper()
	p.waitWorker()
	p.navigate(p.origin + "/")
	p.eventually("the page to be under the worker", func() (bool, string) {
		got := p.evalPage(`navigator.serviceWorker.controller !== null`)
		return got == "true", got
	})
}

// goOffline waits until the service worker is active, then stops the
// server, so that what follows can only be answered from the worker's cache.
func (p *tab) goOffline() {
	p.t.Helper()
	p.waitWorker()
	p.server.CloseClientConnections()
	p.server.Close()
}

// waitWorker waits until the service worker is active: it has cached the app.
func (p *tab) waitWorker() {
	p.t.Helper()
	p.eventually("the service worker to take over", func() (bool, string) {
		got := p.evalPage(`navigator.serviceWorker.getRegistration().then(r => !!(r && r.active && r.active.state === "activated"))`)
		return got == "true", got
	})
}

// A violation's fix is a button named after the change; clicking it clears
// the violation in one undoable step, from Problems and from the Inspector.
// Suppressing asks for a reason, lists the violation apart, is undoable and
// exported; Unsuppress lifts it.
func TestEditorFixAndSuppress(t *testing.T) {
	p := openEditor(t)
	p.click("button", "Stream (19 products)")
	p.click("button", "Apache Kafka")
	const finding = "waits for a single copy"
	const fix = "Fix: set replicationFactor to 3 and minInsyncReplicas to 2 on kafka"
	p.waitText("region", "Problems", finding)

	p.clickIn("Problems", "button", fix)
	p.waitText("status", "", "Fixed: set replicationFactor to 3 and minInsyncReplicas to 2 on kafka.")
	p.eventually("the fixed violation to clear", func() (bool, string) {
		got := p.text("region", "Problems")
		return !strings.Contains(got, finding), got
	})
	p.waitText("row", "Property replicationFactor", "design")
	p.click("button", "Undo")
	p.waitText("region", "Problems", finding)

	// The Inspector offers the same fix on the node's own problems.
	p.clickIn("Inspector", "button", fix)
	p.eventually("the fix from the Inspector to clear it", func() (bool, string) {
		got := p.text("region", "Problems")
		return !strings.Contains(got, finding), got
	})
	p.click("button", "Undo")
	p.waitText("region", "Problems", finding)

	// Suppress with a reason.
	const rule = "stream-durable-acks-need-replicas"
	p.clickIn("Problems", "button", "Suppress "+rule+" on kafka")
	p.click("button", "Confirm suppression") // no reason yet: refused
	p.waitText("status", "", "a suppression needs a reason")
	p.fill("textbox", "Reason for suppressing "+rule+" on kafka", "Throwaway data in a dev sandbox.")
	p.click("button", "Confirm suppression")
	p.waitText("region", "Problems", "Suppressed (1)")
	p.waitText("region", "Problems", "Throwaway data in a dev sandbox.")
	p.find("button", "kafka, Apache Kafka…")
	p.absent("button", "kafka, Apache Kafka, Stream, 1 problem…")
	if got := p.text("heading", "Problems (0)"); got != "Problems (0)" {
		t.Errorf("heading %q", got)
	}
	_, exported := p.download("button", "Export YAML")
	if !strings.Contains(string(exported), "suppress:\n  - {rule: \""+rule+"\", node: \"kafka\", reason: \"Throwaway data in a dev sandbox.\"}\n") {
		t.Errorf("export:\n%s", exported)
	}
	p.click("button", "Undo")
	p.eventually("Undo to lift the suppression", func() (bool, string) {
		got := p.text("region", "Problems")
		return !strings.Contains(got, "Suppressed (") && strings.Contains(got, finding), got
	})
	p.click("button", "Redo")
	p.waitText("region", "Problems", "Suppressed (1)")

	// Reload: the suppression was saved with the design.
	p.navigate(p.origin + "/")
	p.waitText("region", "Problems", "Suppressed (1)")
	p.clickIn("Problems", "button", "Unsuppress "+rule+" on kafka")
	p.eventually("Unsuppress to bring the violation back", func() (bool, string) {
		got := p.text("region", "Problems")
		return !strings.Contains(got, "Suppressed (") && strings.Contains(got, finding), got
	})
	p.checkClean()
}

// An edge's flow comes from its kinds until the inspector sets one: the
// canvas draws it in that flow's style (described to screen readers), the
// choice is one undoable step and is exported; the protocol likewise.
func TestEditorEdgeFlow(t *testing.T) {
	p := openEditor(t)
	p.fill("searchbox", "Search components", "kafka")
	p.focus("button", "Apache Kafka")
	p.keys(kb.Enter)
	p.fill("searchbox", "Search components", "lambda")
	p.focus("button", "AWS Lambda")
	p.keys(kb.Enter)
	p.find("button", "aws-lambda, AWS Lambda…")
	p.click("button", "kafka, Apache Kafka…")
	p.waitText("region", "Inspector", "Apache Kafka")
	p.choose("Connect to", "aws-lambda")
	p.focus("button", "Connect")
	p.keys(kb.Enter)
	edge := p.find("button", "Connection from kafka to aws-lambda…")
	if got := p.eval(edge, `function() { return this.dataset.flow + "|" + this.getAttribute("aria-description") }`); got != `"event|event flow"` {
		t.Errorf("edge out of a stream: %s", got)
	}
	p.click("button", "Connection from kafka to aws-lambda…")
	p.waitText("region", "Inspector", "From the kinds: event")
	p.choose("Flow", "request")
	p.eventually("the edge to be drawn as a request", func() (bool, string) {
		got := p.eval(p.find("button", "Connection from kafka to aws-lambda…"), `function() { return this.dataset.flow }`)
		return got == `"request"`, got
	})
	p.choose("Protocol", "Kafka protocol")
	_, exported := p.download("button", "Export YAML")
	if !strings.Contains(string(exported), `{from: "kafka", to: "aws-lambda", flow: "request", protocol: "kafka"}`) {
		t.Errorf("export:\n%s", exported)
	}
	p.click("button", "Undo")
	p.click("button", "Undo")
	p.eventually("Undo to give the flow back to the kinds", func() (bool, string) {
		got := p.eval(p.find("button", "Connection from kafka to aws-lambda…"), `function() { return this.dataset.flow }`)
		return got == `"event"`, got
	})
	p.find("note", "Flows")
	p.checkClean()
}

// Boundaries from the palette, by mouse and by keyboard: a region with two
// zones and a network, values set in the group inspector, a node placed in a
// zone and moved to the other, its inherited zone following; the export
// reads back as the same design.
func TestEditorGroups(t *testing.T) {
	p := openEditor(t)
	p.click("button", "Boundaries (8)")
	p.click("button", "New Region group")
	p.find("button", "Region · region…")
	p.fill("textbox", "provider", "aws")
	p.fill("textbox", "region", "eu-west-1")
	p.waitText("row", "Value region", "design")
	p.click("button", "New Availability zone group")
	p.fill("textbox", "zone", "eu-west-1a")
	// The second zone and the network by keyboard, from the region again.
	p.focus("button", "Region · region…")
	p.keys(kb.Enter)
	p.waitText("region", "Inspector", "Region group region")
	p.focus("button", "New Availability zone group")
	p.keys(kb.Enter)
	p.fill("textbox", "zone", "eu-west-1b")
	p.focus("button", "Region · region…")
	p.keys(kb.Enter)
	p.focus("button", "New Network group")
	p.keys(kb.Enter)
	p.find("button", "Network · network…")
	p.waitText("region", "Inspector", "in region")
	// By mouse: a group's label selects it.
	label := p.eval(p.find("button", "Region · region…"), `function() { const r = this.querySelector("[data-part=group-label]").getBoundingClientRect(); return [r.x + 30, r.y + r.height / 2] }`)
	var at []float64
	if err := json.Unmarshal([]byte(label), &at); err != nil || len(at) != 2 {
		t.Fatalf("label at %s", label)
	}
	p.do(chromedp.MouseClickXY(at[0], at[1]))
	p.waitText("region", "Inspector", "Region group region, at the top level")

	p.fill("searchbox", "Search components", "postgres")
	p.focus("button", "Amazon RDS for PostgreSQL")
	p.keys(kb.Enter)
	p.choose("Group", "zone (zone)")
	p.waitText("region", "Inspector", "Placed in region › zone")
	p.waitText("region", "Inspector", "eu-west-1a from group zone")
	p.choose("Group", "zone-2 (zone)")
	p.waitText("region", "Inspector", "eu-west-1b from group zone-2")
	p.click("button", "Undo")
	p.waitText("region", "Inspector", "eu-west-1a from group zone")

	// By mouse: drag the node into the other zone's frame.
	p.click("button", "Fit")
	from := p.find("button", "aws-rds-postgresql, Amazon RDS for PostgreSQL…")
	fx, fy := p.center(from)
	frame := p.eval(p.find("button", "Availability zone · zone-2…"), `function() { const r = this.querySelector("[data-part=frame]").getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2 + 10] }`)
	var to []float64
	if err := json.Unmarshal([]byte(frame), &to); err != nil || len(to) != 2 {
		t.Fatalf("frame at %s", frame)
	}
	p.drag(fx, fy, to[0], to[1])
	p.waitText("region", "Inspector", "eu-west-1b from group zone-2")
	p.click("button", "Undo")
	p.waitText("region", "Inspector", "eu-west-1a from group zone")

	// Collapse the region: one box with its node count, no node drawn
	// inside; expand it again.
	p.focus("button", "Region · region…")
	p.keys(kb.Enter)
	p.click("button", "Collapse group")
	p.find("button", "Region · region, 1 node, collapsed")
	p.absent("button", "aws-rds-postgresql, Amazon RDS for PostgreSQL…")
	p.click("button", "Expand group")
	p.find("button", "aws-rds-postgresql, Amazon RDS for PostgreSQL…")
	p.find("button", "Region · region…")

	// Dragging the region by its label moves what it holds; Undo puts it back.
	transform := func() string {
		return p.eval(p.find("button", "aws-rds-postgresql, Amazon RDS for PostgreSQL…"), `function() { return this.getAttribute("transform") }`)
	}
	before := transform()
	label = p.eval(p.find("button", "Region · region…"), `function() { const r = this.querySelector("[data-part=group-label]").getBoundingClientRect(); return [r.x + 30, r.y + r.height / 2] }`)
	if err := json.Unmarshal([]byte(label), &at); err != nil {
		t.Fatal(err)
	}
	regionFrame := func() string {
		return p.eval(p.find("button", "Region · region…"), `function() { return (this.getAttribute("transform") || "none") + " " + this.querySelector("[data-part=frame]").getAttribute("x") }`)
	}
	frameBefore := regionFrame()
	p.drag(at[0], at[1], at[0]+60, at[1]+40)
	p.eventually("the region's node to move with it", func() (bool, string) { got := transform(); return got != before, got })
	// The frame is redrawn where its contents went, with no drag left on it.
	if got := regionFrame(); !strings.HasPrefix(got, "\"none ") || got == frameBefore {
		t.Errorf("the region's frame after the drag: %s (before %s)", got, frameBefore)
	}
	p.click("button", "Undo")
	p.eventually("Undo to put it back", func() (bool, string) { got := transform(); return got == before, got })
	if got := regionFrame(); got != frameBefore {
		t.Errorf("the region's frame after Undo: %s, want %s", got, frameBefore)
	}

	_, exported := p.download("button", "Export YAML")
	for _, want := range []string{
		`  - {id: "region", boundary: "region", props: {provider: "aws", region: "eu-west-1"}}`,
		// Groups that hold nothing keep where their frames are drawn.
		`  - {id: "zone-2", boundary: "zone", in: "region", props: {zone: "eu-west-1b"}, position: {x: `,
		`  - {id: "network", boundary: "network", in: "region", position: {x: `,
		"    in: \"zone\"\n",
	} {
		if !strings.Contains(string(exported), want) {
			t.Errorf("export lacks %q:\n%s", want, exported)
		}
	}
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	body := exported[bytes.IndexByte(exported, '\n')+1:] // after the modeline
	d, errs := cat.ReadDesign("design.yaml", body)
	if len(errs) > 0 || string(catalogue.EncodeDesignYAML(d)) != string(body) {
		t.Errorf("the export does not read back the same: %v", errs)
	}
	p.checkClean()
}

// A design near the 10 MiB import limit, more than localStorage holds, is
// autosaved (in the browser's database) and comes back on reload.
func TestEditorSavesALargeDesign(t *testing.T) {
	p := openEditor(t)
	p.evalPage(clearStorageJS)
	p.navigate(p.origin + "/")
	// 1,000 nodes, each with a display name of 9,500 characters.
	var b strings.Builder
	b.WriteString("nodes:\n")
	name := strings.Repeat("n", 9500) // a display name is at most 10,000 characters
	for i := 0; b.Len() < catalogue.MaxDesignBytes-20000; i++ {
		fmt.Fprintf(&b, "  - { id: \"n-%d\", name: \"%s\", component: \"stream\", position: { x: %d, y: %d } }\n", i, name, 40+(i%40)*220, 40+(i/40)*120)
	}
	file := filepath.Join(t.TempDir(), "large.yaml")
	os.WriteFile(file, []byte(b.String()), 0o644)
	p.importFile(file)
	var want int
	p.eventually("the design to be saved", func() (bool, string) {
		n := p.evalPage(`Promise.resolve(` + savedJS + `).then(s => s === null ? 0 : s.length)`)
		fmt.Sscan(n, &want)
		return want > 9<<20, n
	})
	if got := p.evalPage(`localStorage.getItem("designer.design")`); got != "null" {
		t.Errorf("localStorage holds the design too: %.80s…", got)
	}
	p.navigate(p.origin + "/")
	p.eventually("the design back after the reload", func() (bool, string) {
		// A node with a display name is named by it, then its id.
		drawn := p.query("button", func(s string) bool { return strings.HasSuffix(s, ", Generic stream, n-0 · Stream") })
		return len(drawn) == 1, fmt.Sprint(len(drawn), " nodes n-0 drawn")
	})
	if got := p.evalPage(`Promise.resolve(` + savedJS + `).then(s => s === null ? 0 : s.length)`); got != fmt.Sprint(want) {
		t.Errorf("after the reload the saved design has %s characters, want %d", got, want)
	}
	p.checkClean()
}
