//go:build browser

package e2e

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/share"
)

// Issue 39's smaller defects, each with the test that failed before its fix.

// smallDesign has three nodes and no edge, none of them placed in another's way.
const smallDesign = `nodes:
  - {id: api, component: aws-api-gateway, position: {x: 40, y: 40}}
  - {id: fn, component: aws-lambda, position: {x: 300, y: 40}}
  - {id: db, component: aws-dynamodb, position: {x: 560, y: 40}}
`

// Connect to is a combobox: the id typed, or its first match, is
// connected on Enter, with no mouse.
func TestSmallerConnectToEnter(t *testing.T) {
	p := loadDesign(t, smallDesign)
	p.focus("button", "fn, …")
	p.keys(kb.Enter)
	p.waitText("region", "Inspector", "Connections (0)")
	p.focus("combobox", "Connect to")
	p.keys("ap" + kb.Enter)
	p.find("button", "Connection from fn to api…")
	p.waitText("region", "Inspector", "Connections (1)")
	p.eventually("the field to be emptied", func() (bool, string) {
		got := p.eval(p.find("combobox", "Connect to"), `function() { return this.value }`)
		return got == `""`, got
	})
	// The whole id, then Enter.
	p.focus("combobox", "Connect to")
	p.keys("db" + kb.Enter)
	p.find("button", "Connection from fn to db…")
	p.waitText("region", "Inspector", "Connections (2)")
	// What matches no node says so, and connects nothing.
	p.focus("combobox", "Connect to")
	p.keys("zz" + kb.Enter)
	p.waitText("status", "", `no node's id or name holds "zz"`)
	p.waitText("region", "Inspector", "Connections (2)")
	p.checkClean()
}

// pasteText pastes text on the page, as Ctrl+V outside a field does.
func (p *tab) pasteText(text string) {
	p.t.Helper()
	p.evalPage(strings.Replace(`(() => {
		const dt = new DataTransfer();
		dt.setData("text/plain", TEXT);
		document.body.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true}));
	})()`, "TEXT", strconv.Quote(text), 1))
}

// A pasted fragment's edges may name the design's nodes: the pasted node is
// connected to the design's api, a pasted node renamed keeps its edge, an
// edge to no node is refused at its place, and one Undo takes a paste away.
func TestSmallerPasteRefersToDesign(t *testing.T) {
	p := loadDesign(t, smallDesign)
	frag := "nodes: [{id: new, component: aws-lambda}]\nedges: [{from: new, to: api}]\n"
	p.pasteText(frag)
	p.find("button", "Connection from new to api…")
	p.absent("alert", "Import errors")
	p.pasteText(frag)
	p.find("button", "Connection from new-2 to api…")
	p.find("button", "Connection from new to api…")
	p.waitText("status", "", "Renamed where taken: new → new-2.")
	p.click("button", "Undo")
	p.absent("button", "Connection from new-2 to api…")
	p.absent("button", "new-2, …")
	p.find("button", "Connection from new to api…")
	p.pasteText("nodes: [{id: other, component: aws-lambda}]\nedges: [{from: other, to: nowhere}]\n")
	p.waitText("alert", "Import errors", "pasted YAML:2:27: edges[0].to: no node has the id `nowhere`")
	p.absent("button", "other, …")
	p.checkClean()
}

// Exports are named after the name the design was given, and the Mermaid
// file's title is that name.
func TestSmallerExportsTakeTheName(t *testing.T) {
	p := loadDesign(t, "id: design\nname: Design\n"+smallDesign)
	p.click("button", "Designs")
	p.rename("Design", "Photo sharing")
	p.click("button", "Close designs")
	if name, _ := p.download("button", "Export YAML"); name != "photo-sharing.yaml" {
		t.Errorf("Export YAML wrote %s", name)
	}
	p.click("button", "Export to…")
	name, data := p.download("button", "Mermaid")
	if name != "photo-sharing.mmd" {
		t.Errorf("Export to Mermaid wrote %s", name)
	}
	if !strings.Contains(string(data), `title: "Photo sharing"`) {
		t.Errorf("the Mermaid file's title is not the design's name:\n%s", data)
	}
	p.checkClean()
}

// The palette's ⓘ opens the catalogue page in a new tab and says so: the
// editor stays, and Undo still undoes the edit made before.
func TestSmallerInfoKeepsTheEditor(t *testing.T) {
	p := openEditor(t)
	p.addProduct("kafka", "Apache Kafka", "kafka, Apache Kafka…")
	from := p.href()
	link := p.find("link", "About Apache Kafka (opens in a new tab)")
	if got := p.eval(link, `function() { return this.target + " " + this.rel }`); got != `"_blank noopener"` {
		t.Errorf("the link's target and rel: %s", got)
	}
	opened := chromedp.WaitNewTarget(p.ctx, func(info *target.Info) bool {
		return strings.HasSuffix(info.URL, "/catalogue/components/kafka")
	})
	p.click("link", "About Apache Kafka (opens in a new tab)")
	select {
	case id := <-opened:
		// The page is looked at, then closed (cancel closes its tab).
		ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithTargetID(id))
		page := &tab{t: t, ctx: ctx, origin: p.origin}
		page.waitReady()
		page.find("heading", "Apache Kafka")
		cancel()
	case <-time.After(15 * time.Second):
		t.Fatal("no tab opened on the catalogue page")
	}
	if got := p.href(); got != from {
		t.Errorf("the editor went to %s", got)
	}
	p.sameDocument()
	p.find("button", "kafka, Apache Kafka…")
	p.click("button", "Undo")
	p.absent("button", "kafka, Apache Kafka…")
	p.checkClean()
}

// oneOfMany finds a count of one with its noun in the plural ("1 products").
var oneOfMany = regexp.MustCompile(`(^|[^\d.,])1 (products|problems|sinks|errors|warnings|nodes|edges|groups|zones|sets|factors|entry points|stateful nodes|findings)\b`)

// One of a thing is not written in the plural: a kind with one product,
// a design with one warning, one sink, one stateful node.
func TestSmallerPlurals(t *testing.T) {
	p := openEditor(t)
	p.fill("searchbox", "Search components", "redpanda")
	p.find("button", "Stream (1 product)")
	p.click("button", "Redpanda")
	p.find("button", "redpanda, Redpanda…")
	p.waitText("region", "Problems", "warning")
	var text string
	json.Unmarshal([]byte(p.evalPage(`document.body.innerText`)), &text)
	if m := oneOfMany.FindAllString(text, -1); len(m) > 0 {
		t.Errorf("one of a thing in the plural: %q", m)
	}
	p.checkClean()
}

// brokenWordsJS lists the words (letters only, which hold no place to break
// at) that the inspector, Problems or Analysis draws on two lines.
const brokenWordsJS = `(() => {
	const out = [];
	for (const id of ["inspector", "problems", "analysis"]) {
		const root = document.getElementById(id);
		if (!root) continue;
		const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
		for (let n; (n = walk.nextNode());) {
			const re = /[A-Za-z]{2,}/g;
			for (let m; (m = re.exec(n.textContent));) {
				const r = document.createRange();
				r.setStart(n, m.index);
				r.setEnd(n, m.index + m[0].length);
				const tops = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
				if (tops.size > 1) out.push(id + ": " + m[0]);
			}
		}
	}
	return out;
})()`

// Words wrap whole in the inspector, Problems and Analysis at 1440×900,
// whichever node of two examples is inspected.
func TestSmallerWordsWhole(t *testing.T) {
	p := loadDesign(t, smallDesign)
	for _, file := range []string{"resilient-orders.yaml", "path-routed-services.yaml"} {
		data, err := os.ReadFile("../../examples/" + file)
		if err != nil {
			t.Fatal(err)
		}
		d, errs := catalogue.ParseDesign(file, data)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		p.openDesign(string(data))
		for _, n := range d.Nodes {
			p.focus("button", n.ID+", …")
			p.keys(kb.Enter)
			p.waitText("region", "Inspector", "Node id")
			var broken []string
			json.Unmarshal([]byte(p.evalPage(brokenWordsJS)), &broken)
			if len(broken) > 0 {
				t.Errorf("%s, %s inspected: words broken across lines: %q", file, n.ID, broken)
			}
		}
	}
	p.checkClean()
}

// A damaged share link, or one cut short, opens the user's own design with
// an alert that says the link is damaged and to ask for a new one.
func TestSmallerDamagedShareLink(t *testing.T) {
	p := openEditor(t)
	p.addProduct("kafka", "Apache Kafka", "kafka, Apache Kafka…")
	p.eventually("the design to be saved", func() (bool, string) {
		got := p.saved()
		return strings.Contains(got, "kafka"), got
	})
	fragment, err := share.Encode([]byte(smallDesign))
	if err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{"d=%%%", fragment[:len(fragment)/2]} {
		p.navigate(p.origin + "/web/icon.svg")
		p.navigate(p.origin + "/#" + link)
		p.waitText("alert", "Share link", "The share link is damaged or cannot be read")
		p.waitText("alert", "Share link", "Ask whoever shared it for a new link.")
		p.find("button", "kafka, Apache Kafka…")
		p.absent("button", "api, …")
	}
	// A damaged link put in the address of the open editor: the page
	// reloads on it, and says the same.
	p.click("button", "Dismiss")
	p.absent("alert", "Share link")
	p.evalPage(`location.hash = "d=%%%"; 1`)
	p.waitReady()
	p.waitText("alert", "Share link", "Ask whoever shared it for a new link.")
	p.find("button", "kafka, Apache Kafka…")
	p.checkClean()
}

// With no saved design (a fresh profile) Designs says so and offers a new
// one, rather than listing only the empty design the editor opened.
func TestSmallerDesignsEmpty(t *testing.T) {
	p := openEditor(t)
	p.click("button", "Designs")
	p.waitText("region", "Designs", "No saved designs yet")
	p.opens(func() { p.clickIn("Designs", "button", "New design") })
	p.checkClean()
}
