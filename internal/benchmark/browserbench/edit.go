package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/internal/benchmark/chrome"
)

// editFigures are the edit path's timings for one design size, every
// sample of every run (the report takes medians and percentiles).
type editFigures struct {
	n               int
	imports         []float64 // import → first frame showing it
	props           []float64 // change one property → next frame
	adds, dels      []float64 // add a node, delete it → next frame
	undos, redos    []float64
	pans, zooms     []float64 // one wheel event: handler + style and layout
	settles         []float64 // the redraw once the view stops moving
	moves           []float64 // one pointermove while dragging a node
	saves           []float64 // the autosave's task (longest task after an edit)
	jsHeap, wasmMem []float64 // MiB, after the edits
	// The profiles of the import, the property edits and the node edits.
	importProf, profile, nodesProf *chrome.Tally
	drawnNodes, drawnAll           int
}

// editProbes extends probes: the wasm instance is kept (its memory is
// reported) and window.__frame(act, done) times act until done() holds
// after a task, then until the frame after it is painted.
const editProbes = `(() => {
  const is = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (r, o) => { const x = await is(r, o); window.__wasm = x.instance; return x; };
  window.__long = [];
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({type: "longtask"}); } catch (e) {}
  window.__frame = (act, done) => new Promise((resolve, reject) => {
    const t = performance.now();
    let finished = false;
    const finish = () => {
      if (finished || !done()) return;
      finished = true;
      obs.disconnect();
      requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => resolve(performance.now() - t); ch.port2.postMessage(0); });
    };
    const obs = new MutationObserver(finish);
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { if (!finished) { obs.disconnect(); reject(new Error("no change seen")); } }, 30000);
    act();
  });
})();`

// editRuns builds and serves the editor, then measures the edit path on
// designs of each size in sizes, runs times each (with prof, where the
// time goes too).
func editRuns(runs, level int, sizes []int, prof bool) (figs []*editFigures, err error) {
	err = withEditor(level, prof, func(chromium, url, tmp string) error {
		figs, err = measureEdits(chromium, url, tmp, sizes, runs, prof)
		return err
	})
	return figs, err
}

// withEditor builds the editor's wasm (with function names when names
// is set, for profiles) and serves it, then runs measure on it.
func withEditor(level int, names bool, measure func(chromium, url, tmp string) error) error {
	tmp, chromium, err := setup()
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	editor := &app{name: "editor", wasmPkg: "./wasm", web: filepath.Join(tmp, "editor-web"), names: names}
	designer := filepath.Join(tmp, "designer")
	if err := chrome.GoCmd(nil, "build", "-o", designer, "./cmd/designer"); err != nil {
		return err
	}
	port := freePorts(1)[0]
	editor.serverCmd = []string{designer, "serve", "--addr", port, "--web", editor.web}
	if err := editor.build(level); err != nil {
		return err
	}
	stop, err := editor.serve()
	if err != nil {
		return err
	}
	defer stop()
	return measure(chromium, "http://"+port+"/", tmp)
}

// measureEdits measures the edit path of the editor at url on designs of
// each size in sizes (bigDesign's), runs times each.
func measureEdits(chromium, url, tmp string, sizes []int, runs int, prof bool) ([]*editFigures, error) {
	var out []*editFigures
	for _, n := range sizes {
		file := filepath.Join(tmp, fmt.Sprintf("design-%d.yaml", n))
		if err := os.WriteFile(file, bigDesign(n), 0o644); err != nil {
			return nil, err
		}
		f := &editFigures{n: n}
		if prof {
			f.importProf, f.profile, f.nodesProf = chrome.NewTally(), chrome.NewTally(), chrome.NewTally()
		}
		for i := 0; i < runs; i++ {
			if err := f.measure(chromium, url, file); err != nil {
				return nil, fmt.Errorf("%d nodes: %w", n, err)
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// measure imports the design and times, in turn: property edits, adding,
// deleting, undoing and redoing, panning and zooming, and a drag.
func (f *editFigures) measure(chromium, url, design string) error {
	var before func(context.Context) error
	if f.importProf != nil {
		before = startProfile
	}
	ctx, stop, took, err := importedWith(chromium, url, design, editProbes, before)
	if err != nil {
		return err
	}
	defer stop()
	f.imports = append(f.imports, took)
	if f.importProf != nil {
		if err := stopProfile(ctx, f.importProf); err != nil {
			return err
		}
	}
	time.Sleep(1500 * time.Millisecond) // the import's autosave and the fit
	eval := func(js string) (float64, error) {
		return chromedp.Run(ctx, chromedp.Evaluate[float64](js, chromedp.EvalAwaitPromise))
	}
	// Select n-1 through Go to node, its id typed and Enter pressed (it is
	// drawn and shown in the inspector).
	if _, err := eval(`window.__frame(() => {
		const s = document.getElementById("goto-node");
		s.value = "n-1"; s.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true}));
	}, () => document.getElementById("node-id") && document.getElementById("node-id").value === "n-1")`); err != nil {
		return fmt.Errorf("selecting n-1: %w", err)
	}
	time.Sleep(300 * time.Millisecond)
	// n-1 is a Redpanda node: set its partitions, then reset them, each an
	// edit of one property. The autosave that follows each is timed too.
	const row = `document.querySelector('#inspector tr[aria-label="Property partitions"]')`
	if f.profile != nil {
		if err := startProfile(ctx); err != nil {
			return err
		}
	}
	for i := 0; i < 6; i++ {
		act := fmt.Sprintf(`() => { const el = document.querySelector('#inspector input[data-prop="partitions"]'); el.value = "%d"; el.dispatchEvent(new Event("change", {bubbles: true})); }`, 7+i)
		done := `() => ` + row + `.dataset.source === "design"`
		if i%2 == 1 {
			act = `() => document.querySelector('#inspector button[aria-label="Reset partitions"]').click()`
			done = `() => ` + row + `.dataset.source !== "design"`
		}
		start, _ := eval(`performance.now()`)
		ms, err := eval(fmt.Sprintf(`window.__frame(%s, %s)`, act, done))
		if err != nil {
			html, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(h => h.slice(h.indexOf("partitions") - 1500, h.indexOf("partitions") + 1500))(document.getElementById("inspector").outerHTML)`))
			return fmt.Errorf("property edit %d: %w\n%s", i, err, html)
		}
		f.props = append(f.props, ms)
		time.Sleep(700 * time.Millisecond) // the autosave, 300 ms after the edit
		save, err := eval(fmt.Sprintf(`Math.max(0, ...window.__long.filter(([s, d]) => s > %f + %f).map(([s, d]) => d))`, start, ms))
		if err != nil {
			return err
		}
		f.saves = append(f.saves, save)
	}
	if f.profile != nil {
		if err := stopProfile(ctx, f.profile); err != nil {
			return err
		}
	}
	// Add a Kafka node from the palette (it lands in view, selected),
	// delete it, undo, redo: four edits of the node list.
	if _, err := eval(`(() => { const h = document.querySelector('#palette button[data-kind="stream"]'); if (h.getAttribute("aria-expanded") !== "true") h.click(); return 1; })()`); err != nil {
		return err
	}
	time.Sleep(300 * time.Millisecond)
	if f.nodesProf != nil {
		if err := startProfile(ctx); err != nil {
			return err
		}
	}
	const present = `() => !!document.querySelector('g[data-node="kafka"]')`
	const absent = `() => !document.querySelector('g[data-node="kafka"]')`
	for i := 0; i < 3; i++ {
		for _, step := range []struct {
			into *[]float64
			act  string
			done string
		}{
			{&f.adds, `() => document.querySelector('#palette button[data-component="kafka"]').click()`, present},
			{&f.dels, `() => [...document.querySelectorAll('#inspector button')].find(b => b.textContent === "Delete node").click()`, absent},
			{&f.undos, `() => [...document.querySelectorAll('#toolbar button')].find(b => b.textContent === "Undo").click()`, present},
			{&f.redos, `() => [...document.querySelectorAll('#toolbar button')].find(b => b.textContent === "Redo").click()`, absent},
		} {
			ms, err := eval(fmt.Sprintf(`window.__frame(%s, %s)`, step.act, step.done))
			if err != nil {
				return fmt.Errorf("add, delete, undo, redo (%d): %w", i, err)
			}
			*step.into = append(*step.into, ms)
			time.Sleep(500 * time.Millisecond) // past the autosave
		}
	}
	if f.nodesProf != nil {
		if err := stopProfile(ctx, f.nodesProf); err != nil {
			return err
		}
	}
	// Pan and zoom with the wheel: each event's handler and the style and
	// layout it causes, then the redraw of what came into view.
	for _, w := range []struct {
		into *[]float64
		ctrl bool
	}{{&f.pans, false}, {&f.zooms, true}} {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
			const svg = document.getElementById("canvas-svg");
			const r = svg.getBoundingClientRect();
			const out = [];
			for (let i = 0; i < 100; i++) {
				const t = performance.now();
				svg.dispatchEvent(new WheelEvent("wheel", {deltaX: %[1]s, deltaY: %[2]s, ctrlKey: %[3]t, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true}));
				svg.getBoundingClientRect();
				out.push(performance.now() - t);
			}
			return out;
		})()`, map[bool]string{false: "3", true: "0"}[w.ctrl], map[bool]string{false: "2", true: "(i < 50 ? 2 : -2)"}[w.ctrl], w.ctrl)))
		if err != nil {
			return fmt.Errorf("wheel: %w", err)
		}
		*w.into = append(*w.into, got...)
		start, _ := eval(`performance.now()`) // after the events' own task
		time.Sleep(800 * time.Millisecond)    // the redraw after the view settles
		settle, err := eval(fmt.Sprintf(`Math.max(0, ...window.__long.filter(([s, d]) => s > %f).map(([s, d]) => d))`, start))
		if err != nil {
			return err
		}
		f.settles = append(f.settles, settle)
	}
	moves, err := dragNode(ctx)
	if err != nil {
		return err
	}
	f.moves = append(f.moves, moves...)
	drawn, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[document.querySelectorAll("g[data-node]").length, document.querySelectorAll("#canvas-svg *").length]`))
	if err != nil {
		return err
	}
	f.drawnNodes, f.drawnAll = int(drawn[0]), int(drawn[1])
	heap, err := chromedp.Call(ctx, runtime.GetHeapUsage, cdp.Empty{})
	if err != nil {
		return err
	}
	f.jsHeap = append(f.jsHeap, heap.UsedSize/(1<<20))
	mem, err := eval(`window.__wasm.exports.mem.buffer.byteLength`)
	if err != nil {
		return err
	}
	f.wasmMem = append(f.wasmMem, mem/(1<<20))
	return nil
}

func startProfile(ctx context.Context) error {
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
	return err
}

func stopProfile(ctx context.Context, t *chrome.Tally) error {
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return err
	}
	t.Add(res.Profile, "")
	return nil
}

// report prints f's figures, one line each.
func (f *editFigures) report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d nodes: import %.0f ms\n", f.n, chrome.Median(f.imports))
	line := func(name string, xs []float64) {
		fmt.Fprintf(&b, "  %-28s median %7.1f ms, p95 %7.1f ms (%d samples)\n", name, chrome.Median(xs), percentile(xs, 0.95), len(xs))
	}
	line("property edit → frame", f.props)
	line("autosave task", f.saves)
	line("add node → frame", f.adds)
	line("delete node → frame", f.dels)
	line("undo → frame", f.undos)
	line("redo → frame", f.redos)
	line("pan, per wheel event", f.pans)
	line("zoom, per wheel event", f.zooms)
	line("redraw after the view stops", f.settles)
	line("pointermove while dragging", f.moves)
	fmt.Fprintf(&b, "  memory: JS heap %.0f MiB, wasm %.0f MiB; drawn %d nodes, %d elements\n", chrome.Median(f.jsHeap), chrome.Median(f.wasmMem), f.drawnNodes, f.drawnAll)
	return b.String()
}

// editRows are the report's rows for the edit path: small, a 1,000-node
// design's figures, and large, a 10,000-node one's.
func editRows(runs int, small, large *editFigures) string {
	var b strings.Builder
	dist := func(xs []float64) string {
		return fmt.Sprintf("median %.0f ms, p95 %.0f ms", chrome.Median(xs), percentile(xs, 0.95))
	}
	fine := func(xs []float64) string {
		return fmt.Sprintf("median %.2f ms, p95 %.2f ms", chrome.Median(xs), percentile(xs, 0.95))
	}
	row := func(what, figure, target string) {
		fmt.Fprintf(&b, "| %s | %s | | | %s |\n", what, figure, target)
	}
	s, l := chrome.Median(small.props), chrome.Median(large.props)
	row(fmt.Sprintf("change one property → next frame, 1,000 nodes (%d runs × 6 edits)", runs), dist(small.props), "≤ 50 ms: "+verdict(s <= 50))
	row(fmt.Sprintf("change one property → next frame, 10,000 nodes (%d runs × 6 edits)", runs), dist(large.props), fmt.Sprintf("≤ 100 ms and ≤ 2× 1,000 nodes' (%.1f×): %s", l/s, verdict(l <= 100 && l <= 2*s)))
	row("the autosave after an edit: its longest task (the browser reports those over 50 ms only: 0 means none), 10,000 nodes", dist(large.saves), "")
	row(fmt.Sprintf("import a 10,000-node design (9,999 edges) → first frame (%d runs)", runs), fmt.Sprintf("%.0f ms", chrome.Median(large.imports)), "≤ 2 s: "+verdict(chrome.Median(large.imports) <= 2000))
	for _, r := range []struct {
		what string
		xs   []float64
	}{{"add a node", large.adds}, {"delete a node", large.dels}, {"undo", large.undos}, {"redo", large.redos}} {
		row(r.what+" → next frame, 10,000 nodes", dist(r.xs), "≤ 100 ms: "+verdict(chrome.Median(r.xs) <= 100))
	}
	for _, r := range []struct {
		what string
		xs   []float64
	}{{"pan, per wheel event", large.pans}, {"zoom, per wheel event", large.zooms}, {"pointermove while dragging", large.moves}} {
		row(r.what+", 10,000 nodes (handler + style and layout)", fine(r.xs), "≤ 16 ms: "+verdict(chrome.Median(r.xs) <= 16))
	}
	row("the redraw once the view stops moving, 10,000 nodes (longest task)", dist(large.settles), "")
	row("memory after the edits, 10,000 nodes: JS heap; wasm linear memory", fmt.Sprintf("%.0f MiB; %.0f MiB (1,000 nodes: %.0f; %.0f MiB)", chrome.Median(large.jsHeap), chrome.Median(large.wasmMem), chrome.Median(small.jsHeap), chrome.Median(small.wasmMem)), "reported")
	return b.String()
}
