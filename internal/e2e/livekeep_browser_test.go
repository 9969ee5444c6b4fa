//go:build browser

package e2e

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// keptIn is the JavaScript that counts the records IndexedDB's key-value
// store holds under keys starting with prefix, as the editor's
// wasm/idb.go keeps them.
func keptIn(prefix string) string {
	return `new Promise(done => { const r = indexedDB.open("designer"); r.onsuccess = () => {
		const g = r.result.transaction("kv").objectStore("kv").getAllKeys();
		g.onsuccess = () => done(g.result.filter(k => String(k).startsWith(` + "`" + prefix + "`" + `)).length);
		g.onerror = () => done(0); };
		r.onerror = () => done(0); })`
}

// TestLiveUnsentSurvivesReload: an edit made while the server cannot be
// reached is kept in the browser; a reload, still offline, opens the
// design as it was with the edit waiting, and once the server is back the
// edit is stored, once.
func TestLiveUnsentSurvivesReload(t *testing.T) {
	ts := serveTeam(t)
	id := createDesign(t, ts.URL, "Orders", liveDesign)
	link := newCuttable(t, strings.TrimPrefix(ts.URL, "http://"))
	a := newPage(t, link.url)
	a.server = ts
	a.do(chromedp.EmulateViewport(1440, 900))
	a.navigate(a.origin + "/")
	a.openLive("Orders")
	a.waitWorker() // the reload below is served by it

	link.cut(true)
	a.waitText("status", "Workspace: Reconnecting… 0 changes waiting", "Reconnecting")
	a.click("button", "api, AWS Lambda…")
	a.fill("spinbutton", "timeoutSeconds", "75")
	a.waitText("status", "Workspace: Reconnecting… 1 change waiting", "1 change waiting")
	key := "designer.live/" + id + "/"
	a.eventually("the unsent change kept in IndexedDB", func() (bool, string) {
		got := a.evalPage(keptIn(key))
		return got != "0", got
	})

	a.navigate(a.href()) // still offline
	a.waitText("status", "Workspace: Connecting… 1 change waiting", "1 change waiting")
	a.waitText("status", "", "as this browser last had it")
	a.click("button", "api, AWS Lambda…")
	a.waitValue("timeoutSeconds", "75")

	link.cut(false)
	a.waitText("status", "Workspace: Live", "Live")
	if got := serverDesign(t, ts.URL, id); !strings.Contains(got, "timeoutSeconds: 75") {
		t.Errorf("the server's design lacks the kept edit:\n%s", got)
	}
	// Stored once: the design's one change.
	var d struct{ Seq int }
	getJSON(t, ts.URL+"/api/workspace/designs/"+id, &d)
	if d.Seq != 1 {
		t.Errorf("the design is at %d changes, want 1: the kept edit stored once", d.Seq)
	}
	a.eventually("what was kept removed once stored", func() (bool, string) {
		got := a.evalPage(keptIn(key))
		return got == "0", got
	})
}

// TestLiveBackAndForward: opening a workspace design live is a step of the
// tab's history: Back opens the design of this browser that was open
// before, Forward the workspace design, live again.
func TestLiveBackAndForward(t *testing.T) {
	ts := serveTeam(t)
	createDesign(t, ts.URL, "Orders", liveDesign)
	p := newPage(t, ts.URL)
	p.server = ts
	p.do(chromedp.EmulateViewport(1440, 900))
	p.navigate(ts.URL + "/")
	p.addProduct("kafka", "Apache Kafka", "kafka, Apache Kafka…")
	p.openLive("Orders")
	if got := p.href(); !strings.Contains(got, "workspace=") {
		t.Errorf("the live design's address is %s", got)
	}
	p.find("button", "api, AWS Lambda…")

	p.opens(func() { p.evalPage(`history.back(); 1`) })
	p.find("button", "kafka, Apache Kafka…")
	p.absent("button", "api, AWS Lambda…")
	p.absent("status", "Workspace: Live")

	p.opens(func() { p.evalPage(`history.forward(); 1`) })
	p.waitText("status", "Workspace: Live", "Live")
	p.find("button", "api, AWS Lambda…")
	p.absent("button", "kafka, Apache Kafka…")
}

// getJSON reads url's JSON answer into v.
func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}
