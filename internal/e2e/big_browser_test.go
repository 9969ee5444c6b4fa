//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/app/state/statetest"
)

// bigNodes is the size of the big design: just past the 512 KiB from which
// a design is read in steps (app/progress.go), as imported and as saved,
// so that the test stays fast.
const bigNodes = 4800

// watchProgress is run in every document the test loads: it keeps each
// text a progress bar showed (window.__progress) and, while the session
// says stopOnProgress, presses the Stop beside the bar as soon as it
// shows, found by its name. A click from the test itself would reach a page
// busy with a step only once the steps after it had begun, too late to
// stop a design this small.
const watchProgress = `(() => {
  window.__progress = [];
  new MutationObserver(() => {
    const bar = document.querySelector('[role="progressbar"]');
    if (!bar) return;
    const text = bar.getAttribute("aria-label") + ": " + bar.getAttribute("aria-valuetext");
    if (window.__progress[window.__progress.length - 1] !== text) window.__progress.push(text);
    if (sessionStorage.getItem("stopOnProgress") === "1") {
      const stop = [...bar.parentElement.querySelectorAll("button")].find(b => b.textContent === "Stop" && !b.disabled);
      if (stop) { sessionStorage.removeItem("stopOnProgress"); stop.click(); }
    }
  }).observe(document, {childList: true, subtree: true, attributes: true});
})();`

// A big design is imported in steps, with a progress bar that names the
// step; Stop leaves the open design and the library as they were; imported
// again, it opens whole; restored after a reload it shows progress too, and
// Stop there keeps the saved design, which Restore it then opens.
func TestBigDesignInSteps(t *testing.T) {
	p := openEditor(t)
	p.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watchProgress})
		return err
	})
	p.navigate(p.server.URL + "/")
	p.waitReady()
	dir := t.TempDir()
	small := filepath.Join(dir, "small.yaml")
	if err := os.WriteFile(small, []byte("nodes:\n  - { id: \"a\", component: \"kafka\" }\n  - { id: \"b\", component: \"redis\" }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.yaml")
	data := statetest.Chain(bigNodes, []string{"kafka", "redpanda", "nats-jetstream"})
	if len(data) < 512<<10 {
		t.Fatalf("the big design is %d bytes, under the size read in steps", len(data))
	}
	if err := os.WriteFile(big, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// progress is what the progress bars showed since the page loaded.
	progress := func() string {
		var seen []string
		if err := json.Unmarshal([]byte(p.evalPage(`window.__progress`)), &seen); err != nil {
			t.Fatal(err)
		}
		return strings.Join(seen, "\n")
	}
	p.importFile(small)
	if got := progress(); got != "" {
		t.Errorf("a small import showed progress: %s", got)
	}
	nodes := func() string { return p.evalPage(`document.querySelectorAll("g[data-node]").length`) }
	drawn := func() {
		p.t.Helper()
		p.eventually("the big design drawn", func() (bool, string) {
			return p.evalPage(`!!document.querySelector('g[data-node="n-0"]')`) == "true", nodes() + " nodes drawn"
		})
	}
	if nodes() != "2" {
		t.Fatalf("%s nodes drawn after the small import", nodes())
	}
	p.eventually("the small design to be saved", func() (bool, string) {
		s := p.saved()
		return strings.Contains(s, `redis`), s
	})
	savedBefore, href := p.saved(), p.href()

	// Stopped: nothing changes.
	p.evalPage(`sessionStorage.setItem("stopOnProgress", "1")`)
	p.setFiles("Import design", big)
	p.waitText("status", "", "Stopped importing big.yaml; your designs are unchanged.")
	p.absent("progressbar", "Importing big.yaml")
	// The bar may first be drawn at any step (a busy machine can run the
	// reading before go-app draws it): what it shows names this reading's
	// steps in order.
	if got := progress(); !inOrder(got, "Importing big.yaml: ") {
		t.Errorf("the progress showed %s", got)
	}
	if nodes() != "2" || p.href() != href || p.saved() != savedBefore {
		t.Fatalf("a stopped import changed the design: %s nodes drawn, at %s", nodes(), p.href())
	}

	// Imported whole, as a new design beside the small one.
	p.evalPage(`window.__progress = []`)
	p.importFile(big)
	drawn()
	// The steps shown go forward, then the new design opens, restored in
	// steps too. At this size the steps after the reading take a few
	// milliseconds each and may all go by within one frame (the reading
	// pauses 2 ms between steps, not a frame): not every step is drawn.
	if got := progress(); !inOrder(got, "Importing big.yaml: ") {
		t.Errorf("the import's progress showed %s", got)
	}
	p.eventually("the big design to be saved", func() (bool, string) {
		return len(p.saved()) > 400<<10, "not yet"
	})

	// Its restore after a reload, stopped, then restored.
	p.evalPage(`sessionStorage.setItem("stopOnProgress", "1")`)
	p.navigate(p.href())
	p.waitReady()
	p.eventually("the restore to stop", func() (bool, string) {
		return len(p.query("button", named("Restore it"))) == 1, progress() + "; status: " + p.evalPage(`document.getElementById("status").textContent`)
	})
	if got := progress(); !inOrder(got, "Restoring the saved design: ") {
		t.Errorf("the restore's progress showed %s", got)
	}
	if nodes() != "0" || len(p.saved()) < 400<<10 {
		t.Fatalf("a stopped restore changed the design: %s nodes drawn, %d bytes saved", nodes(), len(p.saved()))
	}
	p.click("button", "Restore it")
	drawn()
	p.absent("button", "Restore it")
	p.checkClean()
}

// inOrder says the steps the progress of what showed ("… k of n" after
// what) went forward.
func inOrder(progress, what string) bool {
	last := 0
	for _, line := range strings.Split(progress, "\n") {
		rest, ok := strings.CutPrefix(line, what)
		if !ok {
			continue
		}
		_, count, _ := strings.Cut(rest, "… ")
		k, _, _ := strings.Cut(count, " of ")
		n, err := strconv.Atoi(k)
		if err != nil || n < last {
			return false
		}
		last = n
	}
	return last > 0
}
