package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/internal/benchmark/chrome"
)

// bigNodes is the size of the design bigRuns imports and restores: the
// issue's (40) 4.5 MB, 40,000-node design.
const bigNodes = 40000

// bigFigures are what bigRuns measured, a figure a run.
type bigFigures struct {
	imports  []float64 // the file chosen → the frame that draws the import
	restores []float64 // a reload's navigation → the frame that draws the restored design
	starts   []float64 // a reload's navigation → interactive (before the restore)
	// progress counts the runs whose import, and whose restore, showed a
	// progress bar.
	importProgress, restoreProgress int
}

// bigRuns builds and serves the editor, then, runs times, imports a
// 40,000-node design on a fresh profile and reloads the page (see
// measureBig).
func bigRuns(runs, level int) (f *bigFigures, err error) {
	err = withEditor(level, false, func(chromium, url, tmp string) error {
		file := filepath.Join(tmp, fmt.Sprintf("design-%d.yaml", bigNodes))
		if err := os.WriteFile(file, bigDesign(bigNodes), 0o644); err != nil {
			return err
		}
		f = &bigFigures{}
		for i := 0; i < runs; i++ {
			if err := f.measure(chromium, url, file); err != nil {
				return fmt.Errorf("the %d-node design: %w", bigNodes, err)
			}
		}
		return nil
	})
	return f, err
}

// bigProbes records whether a progress bar was shown, and, after a reload,
// when the page first draws the design's first node (in page time, from
// the navigation).
const bigProbes = `
(() => {
  const frame = () => {
    if (document.querySelector('[role="progressbar"]')) window.__progressSeen = 1;
    if (window.__drawn === undefined && document.querySelector('g[data-node="n-0"]')) window.__drawn = performance.now();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`

// savedLength is the length of the design autosave stored in IndexedDB (0
// while there is none).
const savedLength = `new Promise((resolve) => {
  const open = indexedDB.open("designer");
  open.onerror = () => resolve(0);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("kv")) { db.close(); resolve(0); return; }
    const get = db.transaction("kv", "readonly").objectStore("kv").get("designer.design");
    get.onsuccess = () => { db.close(); resolve(typeof get.result === "string" ? get.result.length : 0); };
    get.onerror = () => { db.close(); resolve(0); };
  };
})`

// measure imports design on a fresh profile until it is drawn, waits until
// autosave has stored it, then reloads the page and times the restore
// until the design is drawn again.
func (f *bigFigures) measure(chromium, url, design string) error {
	ctx, stop, took, err := importedWith(chromium, url, design, bigProbes, nil)
	if err != nil {
		return err
	}
	defer stop()
	f.imports = append(f.imports, took)
	if seen, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__progressSeen === 1`)); seen {
		f.importProgress++
	}
	size, _ := os.Stat(design)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[float64](savedLength, chromedp.EvalAwaitPromise))
		if err == nil && n > float64(size.Size())/2 {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("autosave did not store the import in 2 minutes")
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(2 * time.Second) // the import's version, and the exit save's removal
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		return err
	}
	drawn, err := chrome.WaitFloat(ctx, "window.__drawn")
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	tti, _ := chrome.WaitFloat(ctx, "window.__tti")
	f.restores = append(f.restores, drawn)
	f.starts = append(f.starts, tti)
	if seen, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__progressSeen === 1`)); seen {
		f.restoreProgress++
	}
	return nil
}

// report prints the figures' medians.
func (f *bigFigures) report() string {
	var b strings.Builder
	runs := len(f.imports)
	fmt.Fprintf(&b, "import a %d-node design (%d runs) → drawn: %.0f ms (≤ 5 s: %s), progress shown in %d of %d\n",
		bigNodes, runs, chrome.Median(f.imports), verdict(chrome.Median(f.imports) <= 5000), f.importProgress, runs)
	fmt.Fprintf(&b, "its restore: reload → drawn %.0f ms (≤ 3 s: %s), of which reload → interactive %.0f ms; progress shown in %d of %d\n",
		chrome.Median(f.restores), verdict(chrome.Median(f.restores) <= 3000), chrome.Median(f.starts), f.restoreProgress, runs)
	return b.String()
}
