package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/internal/benchmark/chrome"
)

// openNodes is the size of the design openRuns opens: the (36)
// "a 100-node design".
const openNodes = 100

// openRuns builds and serves the editor, then times opening a design from
// Designs in place of another, runs times (see measureOpens).
func openRuns(runs, level int) (opens []float64, err error) {
	err = withEditor(level, false, func(chromium, url, tmp string) error {
		opens, err = measureOpens(chromium, url, tmp, runs)
		return err
	})
	return opens, err
}

// measureOpens times opening a design of openNodes nodes from Designs, in
// place of an empty one, until the frame that shows its nodes is painted:
// per run, a fresh profile imports the design, adds an empty one (New
// design), then opens the first and goes back (the browser's Back) five
// times. A page load on the way fails the run: opening is in place.
func measureOpens(chromium, url, tmp string, runs int) ([]float64, error) {
	file := filepath.Join(tmp, fmt.Sprintf("design-%d.yaml", openNodes))
	if err := os.WriteFile(file, bigDesign(openNodes), 0o644); err != nil {
		return nil, err
	}
	var out []float64
	for i := 0; i < runs; i++ {
		got, err := measureOpen(chromium, url, file)
		if err != nil {
			return nil, fmt.Errorf("open a %d-node design: %w", openNodes, err)
		}
		out = append(out, got...)
	}
	return out, nil
}

func measureOpen(chromium, url, design string) ([]float64, error) {
	ctx, stop, _, err := importedWith(chromium, url, design, editProbes, nil)
	if err != nil {
		return nil, err
	}
	defer stop()
	eval := func(js string) (float64, error) {
		return chromedp.Run(ctx, chromedp.Evaluate[float64](js, chromedp.EvalAwaitPromise))
	}
	time.Sleep(1500 * time.Millisecond) // the import's autosave and version
	const (
		drawn  = `() => !!document.querySelector('g[data-node="n-0"]')`
		status = `document.getElementById("status").textContent`
	)
	button := func(text string) string {
		return fmt.Sprintf(`[...document.querySelectorAll("button")].find(b => b.textContent === %q || b.getAttribute("aria-label") === %q)`, text, text)
	}
	if _, err := eval(fmt.Sprintf(`window.__frame(() => %s.click(), () => !(%s)() && %s.startsWith("Opened "))`, button("New design"), drawn, status)); err != nil {
		return nil, fmt.Errorf("New design: %w", err)
	}
	if _, err := eval(`window.__sameDocument = 1`); err != nil {
		return nil, err
	}
	var out []float64
	for k := 0; k < 5; k++ {
		time.Sleep(500 * time.Millisecond)
		if _, err := eval(fmt.Sprintf(`window.__frame(() => %s.click(), () => !!document.getElementById("designs"))`, button("Designs"))); err != nil {
			return nil, fmt.Errorf("Designs: %w", err)
		}
		ms, err := eval(fmt.Sprintf(`window.__frame(() => %s.click(), %s)`, button(fmt.Sprintf("Open design-%d", openNodes)), drawn))
		if err != nil {
			return nil, fmt.Errorf("Open design-%d: %w", openNodes, err)
		}
		out = append(out, ms)
		time.Sleep(500 * time.Millisecond)
		if _, err := eval(fmt.Sprintf(`window.__frame(() => history.back(), () => !(%s)() && %s.startsWith("Opened "))`, drawn, status)); err != nil {
			return nil, fmt.Errorf("Back: %w", err)
		}
	}
	if same, err := eval(`window.__sameDocument || 0`); err != nil || same != 1 {
		return nil, fmt.Errorf("the page loaded while opening designs (%v): opening must be in place", err)
	}
	return out, nil
}

// openRow is the report's row for opening a design.
func openRow(opens []float64) string {
	return fmt.Sprintf("| open a %d-node design from Designs in place of another → its nodes drawn, no page load (%d opens) | median %.0f ms, p95 %.0f ms | | | ≤ 300 ms: %s |\n",
		openNodes, len(opens), chrome.Median(opens), percentile(opens, 0.95), verdict(chrome.Median(opens) <= 300))
}
