// Command browserbench measures the editor in headless Chromium against
// go-app's hello world built and served the same way, and writes the figures
// into BENCHMARKS.md (between the browser-bench markers).
//
//	go run ./internal/benchmark/browserbench [-runs 11] [-write BENCHMARKS.md] [-start-only] [-level 11]
//	go run ./internal/benchmark/browserbench -edit-only [-sizes 1000,10000] [-runs 3] [-profile]
//	go run ./internal/benchmark/browserbench -open-only [-runs 3]
//
// It measures, for both: app.wasm raw, gzip and brotli (level 11); the time
// from navigation to interactive (go-app's loader gone, the first render
// done), cold (fresh profile) and with the service worker; and for the
// editor: the time to import a 1,000-node design until every node is drawn,
// the time per pointermove while dragging a node in it (the handler plus
// the style and layout it causes), Tidy up, and the edit path at 1,000 and
// 10,000 nodes (see edit.go): a property edit, adding, deleting, undoing
// and redoing a node, each to the next frame; pan, zoom and drag per event;
// the import; memory; and opening a 100-node design from Designs in place
// of another (see open.go).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/internal/benchmark/chrome"
)

func main() {
	runs := flag.Int("runs", 11, "page loads to take the median of")
	write := flag.String("write", "BENCHMARKS.md", "file whose browser section to rewrite (empty: print only)")
	level := flag.Int("level", 11, "brotli level for both app.wasm files")
	startOnly := flag.Bool("start-only", false, "measure sizes and time to interactive only, and print them (for trying changes)")
	dragOnly := flag.Bool("drag-only", false, "measure the 1,000-node imports and drags only, print them with what the canvas drew (for trying changes)")
	tidyOnly := flag.Bool("tidy-only", false, "measure Tidy up of the 1,000-node design in groups only, and print it (for trying changes)")
	openOnly := flag.Bool("open-only", false, "measure opening a 100-node design from Designs in place of another only, and print it")
	editOnly := flag.Bool("edit-only", false, "measure the edit path (import, property edits, add, delete, undo, redo, pan, zoom, drag, memory) only, and print it")
	bigOnly := flag.Bool("big-only", false, "measure the import of a 40,000-node design and its restore after a reload only, and print them")
	sizes := flag.String("sizes", "1000,10000", "with -edit-only: the design sizes, in nodes")
	prof := flag.Bool("profile", false, "with -edit-only: print where the property edits' time goes (app.wasm built with function names)")
	flag.Parse()
	if *startOnly || *dragOnly || *tidyOnly || *editOnly || *openOnly || *bigOnly {
		*write = ""
	}
	var err error
	switch {
	case *dragOnly:
		err = dragRuns(*runs, *level, false)
	case *tidyOnly:
		err = dragRuns(*runs, *level, true)
	case *openOnly:
		var opens []float64
		if opens, err = openRuns(*runs, *level); err == nil {
			fmt.Print(openRow(opens))
		}
	case *bigOnly:
		var f *bigFigures
		if f, err = bigRuns(*runs, *level); err == nil {
			fmt.Print(f.report())
		}
	case *editOnly:
		var ns []int
		for _, f := range strings.Split(*sizes, ",") {
			n, perr := strconv.Atoi(strings.TrimSpace(f))
			if perr != nil || n < 2 {
				err = fmt.Errorf("-sizes: %q is not a number of nodes", f)
				break
			}
			ns = append(ns, n)
		}
		if err == nil {
			var figs []*editFigures
			figs, err = editRuns(*runs, *level, ns, *prof)
			for _, f := range figs {
				fmt.Print(f.report())
				if f.profile != nil {
					fmt.Println("== the import")
					f.importProf.Print(os.Stdout, 40)
					fmt.Println("== the property edits")
					f.profile.Print(os.Stdout, 40)
					fmt.Println("== adding, deleting, undoing and redoing a node")
					f.nodesProf.Print(os.Stdout, 40)
				}
			}
		}
	default:
		err = run(*runs, *write, *level, *startOnly)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "browserbench:", err)
		os.Exit(1)
	}
}

// app is one of the two programs under test.
type app struct {
	name        string
	wasmPkg     string // the wasm entry point
	serverCmd   []string
	web         string
	url         string
	raw, gz, br int64
	names       bool // keep function names in app.wasm (for profiles)
	cold, warm  []float64
}

// setup makes the run's scratch folder and finds Chromium.
func setup() (tmp, chromium string, err error) {
	chromium, err = exec.LookPath("chromium")
	if p := os.Getenv("CHROMIUM"); p != "" {
		chromium, err = p, nil
	}
	if err != nil {
		return "", "", errors.New("needs Debian's chromium (apt-get install -y chromium)")
	}
	tmp, err = os.MkdirTemp("", "browserbench-")
	return tmp, chromium, err
}

func run(runs int, write string, level int, startOnly bool) error {
	tmp, chromium, err := setup()
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	editor := &app{name: "editor", wasmPkg: "./wasm", web: filepath.Join(tmp, "editor-web")}
	hello := &app{name: "go-app hello world", wasmPkg: "./internal/benchmark/hello", web: filepath.Join(tmp, "hello-web")}
	designer, helloServer := filepath.Join(tmp, "designer"), filepath.Join(tmp, "hello")
	if err := chrome.GoCmd(nil, "build", "-o", designer, "./cmd/designer"); err != nil {
		return err
	}
	if err := chrome.GoCmd(nil, "build", "-o", helloServer, "./internal/benchmark/hello"); err != nil {
		return err
	}
	ports := freePorts(2)
	editor.serverCmd = []string{designer, "serve", "--addr", ports[0], "--web", editor.web}
	hello.serverCmd = []string{helloServer, "--addr", ports[1], "--web", hello.web}
	for _, a := range []*app{editor, hello} {
		if err := a.build(level); err != nil {
			return err
		}
		stop, err := a.serve()
		if err != nil {
			return err
		}
		defer stop()
	}
	editor.url, hello.url = "http://"+ports[0]+"/", "http://"+ports[1]+"/"

	for i := 0; i < runs; i++ {
		for _, a := range []*app{editor, hello} {
			cold, warm, err := loadTimes(chromium, a.url)
			if err != nil {
				return fmt.Errorf("%s: %w", a.name, err)
			}
			a.cold, a.warm = append(a.cold, cold), append(a.warm, warm)
		}
	}
	if startOnly {
		for _, a := range []*app{editor, hello} {
			fmt.Printf("%s cold %.0f\n%s warm %.0f\n", a.name, a.cold, a.name, a.warm)
		}
		fmt.Print(render(editor, hello, nil, nil, runs, level))
		return nil
	}
	design := filepath.Join(tmp, "design-1000.yaml")
	if err := os.WriteFile(design, bigDesign(1000), 0o644); err != nil {
		return err
	}
	grouped := filepath.Join(tmp, "design-1000-grouped.yaml")
	if err := os.WriteFile(grouped, groupedDesign(1000, 10, 4), 0o644); err != nil {
		return err
	}
	var loads, moves, groupedMoves, tidies, tidyTasks, tidyApplies []float64
	for i := 0; i < runs; i++ {
		load, move, err := largeDesign(chromium, editor.url, design)
		if err != nil {
			return fmt.Errorf("1,000-node design: %w", err)
		}
		loads = append(loads, load)
		moves = append(moves, move...)
		if _, move, err = largeDesign(chromium, editor.url, grouped); err != nil {
			return fmt.Errorf("1,000-node design in 50 groups: %w", err)
		}
		groupedMoves = append(groupedMoves, move...)
		total, longest, apply, err := tidyAll(chromium, editor.url, grouped)
		if err != nil {
			return fmt.Errorf("Tidy up, 1,000-node design in 50 groups: %w", err)
		}
		tidies, tidyTasks, tidyApplies = append(tidies, total), append(tidyTasks, longest), append(tidyApplies, apply)
	}
	// The edit path, at 1,000 and 10,000 nodes: a 10,000-node run takes
	// about a minute, so three runs (each many edits and events).
	editRunsN := min(runs, 3)
	edits, err := measureEdits(chromium, editor.url, tmp, []int{1000, 10000}, editRunsN, false)
	if err != nil {
		return err
	}
	opens, err := measureOpens(chromium, editor.url, tmp, editRunsN)
	if err != nil {
		return err
	}
	report := render(editor, hello, loads, moves, runs, level)
	report += editRows(editRunsN, edits[0], edits[1])
	report += openRow(opens)
	if len(groupedMoves) > 0 {
		p50, p95, worst := chrome.Median(groupedMoves), percentile(groupedMoves, 0.95), percentile(groupedMoves, 1)
		report += fmt.Sprintf("| pointermove while dragging, 1,000 nodes in 50 groups (10 regions of 4 zones) | median %.2f ms, p95 %.2f ms, max %.2f ms | | | ≤ 16 ms: %s |\n", p50, p95, worst, verdict(p95 <= 16))
	}
	if len(tidies) > 0 {
		worst := percentile(tidyTasks, 1)
		report += fmt.Sprintf("| Tidy up, the whole 1,000-node design in 50 groups: click to the next frame; longest task while laying out (tasks over 50 ms only); the task that applies and redraws | %.0f ms; %.0f ms (worst of the runs); %.0f ms | | | ≤ 100 ms while laying out: %s |\n", chrome.Median(tidies), worst, chrome.Median(tidyApplies), verdict(worst <= 100))
	}
	fmt.Print(report)
	if write == "" {
		return nil
	}
	return rewrite(write, report)
}

// build compiles the app's wasm with the editor's flags, copies the editor's
// icons and styles beside it, and precompresses it.
func (a *app) build(level int) error {
	if err := os.MkdirAll(a.web, 0o755); err != nil {
		return err
	}
	wasm := filepath.Join(a.web, "app.wasm")
	if a.wasmPkg == "./wasm" {
		// The editor as make builds it: with its catalogue snapshot.
		if err := chrome.GoCmd(nil, "run", "./internal/snapshot", "wasm/snapshot/catalogue.snapshot"); err != nil {
			return err
		}
	}
	ldflags := "-ldflags=-s -w"
	if a.names {
		ldflags = "-ldflags="
	}
	if err := chrome.GoCmd([]string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", ldflags, "-o", wasm, a.wasmPkg); err != nil {
		return err
	}
	for _, name := range []string{"designer.css", "theme.js", "icon.svg", "icons.svg", "icon-192.png", "icon-512.png"} {
		data, err := os.ReadFile(filepath.Join("web", name))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(a.web, name), data, 0o644); err != nil {
			return err
		}
	}
	if err := chrome.GoCmd(nil, "run", "./internal/precompress", "-level", fmt.Sprint(level), wasm); err != nil {
		return err
	}
	for ext, dst := range map[string]*int64{"": &a.raw, ".gz": &a.gz, ".br": &a.br} {
		info, err := os.Stat(wasm + ext)
		if err != nil {
			return err
		}
		*dst = info.Size()
	}
	return nil
}

// serve starts the app's server and waits until it answers.
func (a *app) serve() (func(), error) {
	cmd := exec.Command(a.serverCmd[0], a.serverCmd[1:]...)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop := func() { cmd.Process.Kill(); cmd.Wait() }
	addr := a.serverCmd[len(a.serverCmd)-3]
	for i := 0; i < 100; i++ {
		if resp, err := http.Get("http://" + addr + "/"); err == nil {
			resp.Body.Close()
			return stop, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	return nil, fmt.Errorf("%s did not start", a.name)
}

func freePorts(n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			panic(err)
		}
		out = append(out, ln.Addr().String())
		ln.Close()
	}
	return out
}

// probes records, in page time, when the app becomes interactive (go-app's
// loader removed after the wasm's first render) and when an import starts
// and is drawn (the status says so and the first node is on the canvas).
const probes = `(() => {` + chrome.Interactive + `
  document.addEventListener("change", (e) => {
    if (e.target && e.target.id === "import-file") {
      window.__importStart = performance.now();
      const frame = () => {
        const status = document.getElementById("status");
        if (status && status.textContent.startsWith("Imported") && document.querySelector('g[data-node="n-0"]')) { window.__importDone = performance.now(); return; }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }
  }, true);
})();`

// loadTimes measures navigation-to-interactive on a fresh profile, then again
// once the service worker controls the page.
func loadTimes(chromium, url string) (cold, warm float64, err error) {
	ctx, stop, err := chrome.Start(chromium, probes)
	if err != nil {
		return 0, 0, err
	}
	defer stop()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return 0, 0, err
	}
	if cold, err = chrome.WaitFloat(ctx, "window.__tti"); err != nil {
		return 0, 0, err
	}
	// Wait for the worker to finish installing (it caches the app), then load
	// again under its control.
	if _, err := chrome.WaitFloat(ctx, `navigator.serviceWorker.getRegistration().then(r => r && r.active && r.active.state === "activated" ? 1 : null)`); err != nil {
		return 0, 0, fmt.Errorf("service worker: %w", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return 0, 0, err
	}
	if warm, err = chrome.WaitFloat(ctx, "window.__tti"); err != nil {
		return 0, 0, err
	}
	controlled, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("navigator.serviceWorker.controller !== null"))
	if err != nil || !controlled {
		return 0, 0, fmt.Errorf("the second load is not served by the service worker (%v)", err)
	}
	return cold, warm, nil
}

// dragRuns measures the editor's 1,000-node imports and drags alone, and
// prints them with what the canvas drew while dragging: a figure is only
// comparable with another drawn at the same zoom, with as much in view.
func dragRuns(runs, level int, tidy bool) error {
	tmp, chromium, err := setup()
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	editor := &app{name: "editor", wasmPkg: "./wasm", web: filepath.Join(tmp, "editor-web")}
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
	editor.url = "http://" + port + "/"
	for _, d := range []struct {
		name string
		data []byte
	}{{"plain", bigDesign(1000)}, {"50 groups", groupedDesign(1000, 10, 4)}} {
		file := filepath.Join(tmp, "design.yaml")
		if err := os.WriteFile(file, d.data, 0o644); err != nil {
			return err
		}
		if tidy {
			var totals, longest, applies []float64
			for i := 0; i < runs; i++ {
				total, long, apply, err := tidyAll(chromium, editor.url, file)
				if err != nil {
					return fmt.Errorf("%s: %w", d.name, err)
				}
				totals, longest, applies = append(totals, total), append(longest, long), append(applies, apply)
			}
			fmt.Printf("%s: Tidy up median %.0f ms, longest task while laying out %v ms, applying %.0f ms\n", d.name, chrome.Median(totals), longest, chrome.Median(applies))
			continue
		}
		var loads, moves []float64
		for i := 0; i < runs; i++ {
			load, move, err := largeDesign(chromium, editor.url, file)
			if err != nil {
				return fmt.Errorf("%s: %w", d.name, err)
			}
			loads, moves = append(loads, load), append(moves, move...)
		}
		fmt.Printf("%s: import %.0f ms, pointermove median %.2f ms, p95 %.2f ms; drawn: %s\n", d.name, chrome.Median(loads), chrome.Median(moves), percentile(moves, 0.95), lastDrawn)
	}
	return nil
}

// lastDrawn says what the canvas drew during the last measured drag.
var lastDrawn string

// largeDesign imports a 1,000-node design and drags a node in it, returning
// the import time and the per-pointermove times.
func largeDesign(chromium, url, design string) (float64, []float64, error) {
	ctx, stop, took, err := imported(chromium, url, design)
	if err != nil {
		return 0, nil, err
	}
	defer stop()
	moves, err := dragNode(ctx)
	return took, moves, err
}

// dragNode drags node n-1 of bigDesign's design (on screen, with an edge at
// each side) and returns the time of each pointermove.
func dragNode(ctx context.Context) ([]float64, error) {
	// Press the mouse on a node (a real pointer, which the canvas captures),
	// then time pointermoves dispatched in the page.
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const el = document.querySelector('[data-node="n-1"] [data-part="box"]');
		el.scrollIntoView({block: "center"});
		const r = el.getBoundingClientRect();
		return [r.left + 20, r.top + 20];
	})()`))
	if err != nil {
		return nil, err
	}
	mouse := func(typ input.DispatchMouseEventType, buttons int64) error {
		_, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
			Type: typ, X: xy[0], Y: xy[1], Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1,
		})
		return err
	}
	before, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-node="n-1"]').getAttribute("transform")`))
	if err != nil {
		return nil, err
	}
	if err := mouse(input.DispatchMouseEventTypeMousePressed, 1); err != nil {
		return nil, err
	}
	time.Sleep(500 * time.Millisecond) // the selection's render
	moves, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
		const svg = document.getElementById("canvas-svg");
		const out = [];
		for (let i = 1; i <= 200; i++) {
			const t = performance.now();
			window.dispatchEvent(new PointerEvent("pointermove", {clientX: %f + i, clientY: %f + i / 2, pointerId: 1, isPrimary: true, pointerType: "mouse", buttons: 1}));
			svg.getBoundingClientRect();
			out.push(performance.now() - t);
		}
		return out;
	})()`, xy[0], xy[1])))
	if err != nil {
		return nil, err
	}
	lastDrawn, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const q = s => document.querySelectorAll(s).length;
		return q("g[data-node]") + " nodes, " + q("g[data-edge]") + " edges, " + q("#canvas-svg text") + " texts, " + q("#canvas-svg *") + " elements, view " + document.getElementById("viewport").getAttribute("transform");
	})()`))
	if err := mouse(input.DispatchMouseEventTypeMouseReleased, 0); err != nil {
		return nil, err
	}
	// The drag must have moved the node.
	var moved string
	for i := 0; i < 100 && (moved == "" || moved == before); i++ {
		time.Sleep(20 * time.Millisecond)
		moved, err = chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-node="n-1"]').getAttribute("transform")`))
	}
	if err != nil || moved == before {
		return nil, fmt.Errorf("the drag did not move the node: %q (%v)", moved, err)
	}
	return moves, nil
}

// imported opens the editor on a fresh profile and imports design through
// the file input, returning the page, its stop, and the import's time
// until drawn (see probes).
func imported(chromium, url, design string) (context.Context, func(), float64, error) {
	return importedWith(chromium, url, design, "", nil)
}

// importedWith is imported with more probes run in the page, and before
// (if not nil) called just before the import starts.
func importedWith(chromium, url, design, more string, before func(context.Context) error) (context.Context, func(), float64, error) {
	ctx, stop, err := chrome.Start(chromium, probes+more)
	if err != nil {
		return nil, nil, 0, err
	}
	fail := func(err error) (context.Context, func(), float64, error) {
		stop()
		return nil, nil, 0, err
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return fail(err)
	}
	if _, err := chrome.WaitFloat(ctx, "window.__tti"); err != nil {
		return fail(err)
	}
	doc, err := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{})
	if err != nil {
		return fail(err)
	}
	found, err := chromedp.Call(ctx, dom.QuerySelector, dom.QuerySelectorParams{NodeID: doc.Root.NodeID, Selector: "#import-file"})
	if err != nil {
		return fail(err)
	}
	if before != nil {
		if err := before(ctx); err != nil {
			return fail(err)
		}
	}
	if _, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{design}, NodeID: found.NodeID}); err != nil {
		return fail(err)
	}
	done, err := chrome.WaitFloat(ctx, "window.__importDone")
	if err != nil {
		return fail(err)
	}
	start, _ := chrome.WaitFloat(ctx, "window.__importStart")
	return ctx, stop, done - start, nil
}

// tidyAll imports design, then lays the whole of it out by Tidy up, and
// returns the time from the click on Lay out until the frame after the
// first node is redrawn where the layout put it, the longest task that
// ended before that (the layout's own work; the browser reports only tasks
// over 50 ms, so 0 means none was longer), and the longest of the others
// (applying the layout and drawing it).
func tidyAll(chromium, url, design string) (total, longest, apply float64, err error) {
	ctx, stop, _, err := imported(chromium, url, design)
	if err != nil {
		return 0, 0, 0, err
	}
	defer stop()
	time.Sleep(time.Second) // the import's autosave and the fit
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => {
		window.__long = [];
		new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({type: "longtask"});
		document.getElementById("tidy-up").click();
		return 1;
	})()`)); err != nil {
		return 0, 0, 0, err
	}
	if _, err := chrome.WaitFloat(ctx, `(() => {
		const what = document.getElementById("tidy-what");
		if (!what) return null;
		what.value = "all";
		what.dispatchEvent(new Event("change", {bubbles: true}));
		return 1;
	})()`); err != nil {
		return 0, 0, 0, err
	}
	time.Sleep(200 * time.Millisecond)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => {
		// The first node redrawn where the layout put it marks the task
		// that applies it.
		new MutationObserver(() => {
			if (!window.__tidyApplied) {
				window.__tidyApplied = performance.now();
				requestAnimationFrame(() => { window.__tidyDone = performance.now(); });
			}
		}).observe(document.getElementById("viewport"), {attributes: true, attributeFilter: ["transform"], subtree: true});
		window.__tidyStart = performance.now();
		document.getElementById("tidy-apply").click();
		return 1;
	})()`)); err != nil {
		return 0, 0, 0, err
	}
	if _, err := chrome.WaitFloat(ctx, "window.__tidyDone"); err != nil {
		return 0, 0, 0, err
	}
	time.Sleep(200 * time.Millisecond) // the last long task's entry
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		let longest = 0, apply = 0;
		for (const [start, d] of window.__long) {
			if (start + d < window.__tidyStart) continue;
			// The observer is told when the task that redrew ends (Go's
			// code runs to its end first): that task ends at it.
			if (start + d + 5 < window.__tidyApplied) longest = Math.max(longest, d);
			else apply = Math.max(apply, d);
		}
		return [window.__tidyDone - window.__tidyStart, longest, apply];
	})()`))
	if err != nil {
		return 0, 0, 0, err
	}
	return got[0], got[1], got[2], nil
}

// bigDesign returns a design of n nodes over the stream components, on a
// grid, each connected to the next.
func bigDesign(n int) []byte {
	comps := []string{"kafka", "redpanda", "nats-jetstream", "kinesis", "pulsar", "azure-event-hubs", "stream"}
	var b strings.Builder
	b.WriteString("nodes:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  - { id: \"n-%d\", component: %q, position: { x: %d, y: %d } }\n", i, comps[i%len(comps)], 40+(i%40)*220, 40+(i/40)*120)
	}
	b.WriteString("edges:\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  - { from: \"n-%d\", to: \"n-%d\" }\n", i-1, i)
	}
	return []byte(b.String())
}

// groupedDesign is bigDesign's n nodes placed in regions regions of zones
// zones each, the nodes dealt out to the zones in turn.
func groupedDesign(n, regions, zones int) []byte {
	var b strings.Builder
	b.WriteString("groups:\n")
	for r := 0; r < regions; r++ {
		fmt.Fprintf(&b, "  - { id: \"r-%d\", boundary: \"region\", props: { region: \"region-%d\" } }\n", r, r)
		for z := 0; z < zones; z++ {
			fmt.Fprintf(&b, "  - { id: \"r-%d-z-%d\", boundary: \"zone\", in: \"r-%d\" }\n", r, z, r)
		}
	}
	plain := string(bigDesign(n))
	var out strings.Builder
	out.WriteString(b.String())
	i := 0
	for _, line := range strings.SplitAfter(plain, "\n") {
		if strings.HasPrefix(line, "  - { id: \"n-") {
			k := i % (regions * zones)
			line = strings.Replace(line, ", position:", fmt.Sprintf(", in: \"r-%d-z-%d\", position:", k/zones, k%zones), 1)
			i++
		}
		out.WriteString(line)
	}
	return []byte(out.String())
}

// pairedRatio is the median of the runs' ratios: each run loads the editor
// and the hello world one after the other, so a pair shares the machine's
// state (other loads on a shared machine move both), which the ratio of two
// medians would not account for.
func pairedRatio(editor, hello []float64) float64 {
	var rs []float64
	for i := range editor {
		rs = append(rs, editor[i]/hello[i])
	}
	return chrome.Median(rs)
}

func percentile(xs []float64, p float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[int(float64(len(s)-1)*p)]
}

func mb(n int64) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "**missed**"
}

// render writes the browser section of BENCHMARKS.md.
func render(e, h *app, loads, moves []float64, runs, level int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s by `make bench` (headless Chromium, %d runs, medians; brotli level %d). A time ratio is the median of\nthe runs' own ratios: each run loads both apps one after the other.\n\n", time.Now().UTC().Format("2006-01-02"), runs, level)
	b.WriteString("| | editor | go-app hello world | ratio | target |\n|---|---|---|---|---|\n")
	ratioBr := float64(e.br) / float64(h.br)
	fmt.Fprintf(&b, "| app.wasm raw | %s | %s | %.2f× | |\n", mb(e.raw), mb(h.raw), float64(e.raw)/float64(h.raw))
	fmt.Fprintf(&b, "| app.wasm gzip | %s | %s | %.2f× | |\n", mb(e.gz), mb(h.gz), float64(e.gz)/float64(h.gz))
	fmt.Fprintf(&b, "| app.wasm brotli | %s | %s | %.2f× | ≤ 1.6×: %s |\n", mb(e.br), mb(h.br), ratioBr, verdict(ratioBr <= 1.6))
	for _, row := range []struct {
		name     string
		eds, hds []float64
	}{{"navigation to interactive, cold", e.cold, h.cold}, {"navigation to interactive, service worker", e.warm, h.warm}} {
		r := pairedRatio(row.eds, row.hds)
		fmt.Fprintf(&b, "| %s | %.0f ms | %.0f ms | %.2f× | ≤ 1.5×: %s |\n", row.name, chrome.Median(row.eds), chrome.Median(row.hds), r, verdict(r <= 1.5))
	}
	if len(loads) == 0 {
		return b.String()
	}
	fmt.Fprintf(&b, "| import a 1,000-node design (999 edges), resolved, checked and drawn | %.0f ms | | | ≤ 300 ms: %s |\n", chrome.Median(loads), verdict(chrome.Median(loads) <= 300))
	p50, p95, worst := chrome.Median(moves), percentile(moves, 0.95), percentile(moves, 1)
	fmt.Fprintf(&b, "| pointermove while dragging, 1,000 nodes (handler + style and layout) | median %.2f ms, p95 %.2f ms, max %.2f ms | | | ≤ 16 ms: %s |\n", p50, p95, worst, verdict(p95 <= 16))
	return b.String()
}

var section = regexp.MustCompile(`(?s)<!-- browser-bench:start -->.*<!-- browser-bench:end -->`)

// rewrite replaces the browser section of file with report.
func rewrite(file, report string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	block := "<!-- browser-bench:start -->\n" + report + "<!-- browser-bench:end -->"
	if !section.Match(data) {
		return fmt.Errorf("%s has no <!-- browser-bench:start --> … <!-- browser-bench:end --> section", file)
	}
	return os.WriteFile(file, section.ReplaceAll(data, []byte(block)), 0o644)
}
