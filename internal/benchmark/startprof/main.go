// Command startprof shows where the editor's start-up time goes, beside
// go-app's hello world, in headless Chromium. It is the tool behind the
// start-up work in BENCHMARKS.md; browserbench gives the figures.
//
//	go run ./internal/benchmark/startprof [flags]
//
// Each run loads every app in turn on a fresh profile: by default the load
// once the service worker is active, with -cold the first one (-nosw: with no
// service worker at all). It prints, per load, when app.wasm was asked for,
// when it was compiled and when the app was interactive, the page's resource
// timings and any performance.mark calls (add some to the code to time its
// phases); then the medians; then, unless -noprof, a CPU profile by function,
// self and inclusive (-under F: only what runs under F; build with names,
// the default, or -strip as the editor ships).
//
// -alt BINARY serves the editor a second time from another designer binary
// (a server change to try) and prints the median of the paired differences.
// -count counts the calls from Go into JavaScript, and the DOM calls, until
// interactive. -js-flags passes V8 flags (--no-wasm-lazy-compilation showed
// that a cold start spends most of its run compiling functions on first
// call); -reloads loads the page more times before the measured one.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/internal/benchmark/chrome"
)

var probes = `(() => {` + chrome.Interactive + `
  const is = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (r, o) => {
    if (window.__count) { window.__calls = {}; for (const k of Object.keys(o.gojs)) { const f = o.gojs[k]; o.gojs[k] = (sp) => { if (window.__tti === undefined) window.__calls[k] = (window.__calls[k]||0)+1; return f(sp); }; } } window.__fetchStart = performance.now(); const x = await is(r, o); window.__compiled = performance.now(); return x; };
})();`

func main() {
	runs := flag.Int("runs", 5, "loads of each app")
	flag.BoolVar(&noprof, "noprof", false, "timings only, no CPU profile")
	reloads := flag.Int("reloads", 1, "loads before the measured one")
	count := flag.Bool("count", false, "count calls into JavaScript until interactive")
	flag.BoolVar(&cold, "cold", false, "measure the first load")
	noSW := flag.Bool("nosw", false, "no service worker")
	flag.StringVar(&jsFlags, "js-flags", "", "V8 flags for Chromium")
	strip := flag.Bool("strip", false, "build app.wasm as make does (-s -w), without function names")
	only := flag.String("only", "", "measure only this app: editor, hello or editor-alt")
	top := flag.Int("top", 40, "rows of each profile table")
	flag.StringVar(&under, "under", "", "self time only under this function")
	alt := flag.String("alt", "", "another designer binary to serve the editor, measured beside the first")
	flag.Parse()
	extraLoads = *reloads
	if *count {
		probes = strings.Replace(probes, "(() => {", `(() => { window.__count = true; window.__dom = {};
  const wrap = (proto, name, label) => { const f = proto[name]; if (!f) return; proto[name] = function(...a) { if (window.__tti === undefined && window.__compiled) { const k = label + "." + name + (name === "setAttribute" || name === "addEventListener" || name === "createElement" || name === "createElementNS" ? "(" + a[a.length === 2 && name === "createElementNS" ? 1 : 0] + ")" : ""); window.__dom[k] = (window.__dom[k]||0)+1; } return f.apply(this, a); }; };
  for (const n of ["setAttribute", "appendChild", "addEventListener", "removeChild", "replaceChild", "insertBefore", "getBoundingClientRect", "removeAttribute", "closest"]) wrap(Element.prototype, n, "Element");
  for (const n of ["appendChild", "addEventListener", "removeChild", "replaceChild", "insertBefore"]) wrap(Node.prototype, n, "Node");
  for (const n of ["createElement", "createElementNS", "createTextNode", "getElementById", "querySelector"]) wrap(Document.prototype, n, "Document");
  for (const n of ["addEventListener", "getItem", "setItem"]) { wrap(Window.prototype, n, "Window"); wrap(Storage.prototype, n, "Storage"); }
`, 1)
	}
	if *noSW {
		probes = strings.Replace(probes, "(() => {", "(() => { navigator.serviceWorker.register = () => new Promise(() => {});", 1)
	}
	tmp, _ := os.MkdirTemp("", "startprof-")
	defer os.RemoveAll(tmp)
	designer, helloServer := filepath.Join(tmp, "designer"), filepath.Join(tmp, "hello")
	must(chrome.GoCmd(nil, "build", "-o", designer, "./cmd/designer"))
	must(chrome.GoCmd(nil, "build", "-o", helloServer, "./internal/benchmark/hello"))
	must(chrome.GoCmd(nil, "run", "./internal/snapshot", "wasm/snapshot/catalogue.snapshot"))
	type target struct {
		name, pkg, server string
		addr              string
		cmd               *exec.Cmd
		fsA, compA, runA  []float64
		ttiA              []float64
		tally             *chrome.Tally
	}
	targets := []*target{{name: "editor", pkg: "./wasm", server: designer}, {name: "hello", pkg: "./internal/benchmark/hello", server: helloServer}}
	if *alt != "" {
		targets = append(targets, &target{name: "editor-alt", pkg: "./wasm", server: *alt})
	}
	var active []*target
	for _, t := range targets {
		if *only != "" && *only != t.name {
			continue
		}
		web := filepath.Join(tmp, t.name+"-web")
		os.MkdirAll(web, 0o755)
		flags := []string{"build", "-trimpath"}
		if *strip {
			flags = append(flags, "-ldflags=-s -w")
		}
		must(chrome.GoCmd([]string{"GOOS=js", "GOARCH=wasm"}, append(flags, "-o", filepath.Join(web, "app.wasm"), t.pkg)...))
		for _, n := range []string{"designer.css", "theme.js", "icon.svg", "icons.svg", "icon-192.png", "icon-512.png"} {
			data, _ := os.ReadFile(filepath.Join("web", n))
			os.WriteFile(filepath.Join(web, n), data, 0o644)
		}
		must(chrome.GoCmd(nil, "run", "./internal/precompress", "-level", "5", filepath.Join(web, "app.wasm")))
		ln, _ := net.Listen("tcp", "127.0.0.1:0")
		t.addr = ln.Addr().String()
		ln.Close()
		args := []string{"--addr", t.addr, "--web", web}
		if t.name != "hello" {
			args = append([]string{"serve"}, args...)
		}
		t.cmd = exec.Command(t.server, args...)
		t.cmd.Stderr = os.Stderr
		must(t.cmd.Start())
		defer func() { t.cmd.Process.Kill(); t.cmd.Wait() }()
		for i := 0; i < 100; i++ {
			if resp, err := http.Get("http://" + t.addr + "/"); err == nil {
				resp.Body.Close()
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.tally = chrome.NewTally()
		active = append(active, t)
	}
	for i := 0; i < *runs; i++ {
		for _, t := range active {
			marks, prof, fs, comp, tti := profileLoad("http://" + t.addr + "/")
			fmt.Printf("%s run %d: %s\n", t.name, i, marks)
			t.fsA, t.compA, t.runA, t.ttiA = append(t.fsA, fs), append(t.compA, comp-fs), append(t.runA, tti-comp), append(t.ttiA, tti)
			if !noprof {
				t.tally.Add(prof, under)
			}
		}
	}
	if len(active) > 1 {
		var diffs []float64
		for i := range active[0].ttiA {
			diffs = append(diffs, active[len(active)-1].ttiA[i]-active[0].ttiA[i])
		}
		fmt.Printf("paired %s - %s: median %.0f ms %v\n", active[len(active)-1].name, active[0].name, chrome.Median(diffs), diffs)
	}
	for _, t := range active {
		fmt.Printf("%s medians: fetchStart %.0f, fetch+compile %.0f, run %.0f, tti %.0f\n", t.name, chrome.Median(t.fsA), chrome.Median(t.compA), chrome.Median(t.runA), chrome.Median(t.ttiA))
	}
	for _, t := range active {
		if noprof {
			continue
		}
		fmt.Printf("\n== %s: %.1f ms sampled per load\n", t.name, t.tally.Total/float64(*runs))
		t.tally.Print(os.Stdout, *top)
	}
}

var noprof bool
var cold bool
var extraLoads int
var under string
var jsFlags string

func profileLoad(url string) (string, *profiler.Profile, float64, float64, float64) {
	chromium, _ := exec.LookPath("chromium")
	ctx, stop, err := chrome.Start(chromium, probes, chromedp.Flag("js-flags", jsFlags))
	must(err)
	defer stop()
	if !cold {
		// The first visit installs the service worker; the measured load is
		// a later one, under it.
		must(chromedp.Do(ctx, chromedp.Navigate(url)))
		mustFloat(ctx, "window.__tti")
		mustFloat(ctx, `navigator.serviceWorker.getRegistration().then(r => r && r.active && r.active.state === "activated" ? 1 : null)`)
		time.Sleep(300 * time.Millisecond)
		for i := 1; i < extraLoads; i++ {
			must(chromedp.Do(ctx, chromedp.Navigate(url)))
			mustFloat(ctx, "window.__tti")
			time.Sleep(2500 * time.Millisecond)
		}
	}
	if !noprof {
		_, err = chromedp.Call(ctx, profiler.Enable, cdp.Empty{})
		must(err)
		_, err = chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100})
		must(err)
		_, err = chromedp.Call(ctx, profiler.Start, cdp.Empty{})
		must(err)
	}
	must(chromedp.Do(ctx, chromedp.Navigate(url)))
	tti := mustFloat(ctx, "window.__tti")
	fs := mustFloat(ctx, "window.__fetchStart")
	comp := mustFloat(ctx, "window.__compiled")
	marks, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const n = performance.getEntriesByType("navigation")[0]; return "nav resp " + n.responseEnd.toFixed(0) + " domInteractive " + n.domInteractive.toFixed(0) + " dcl " + n.domContentLoadedEventStart.toFixed(0) + " | " + performance.getEntriesByType("resource").map(r => r.name.replace(/^.*\//, "") + " " + r.startTime.toFixed(0) + "-" + r.responseEnd.toFixed(0)).join(", ") + " | " + performance.getEntriesByType("mark").map(m => m.name + " " + m.startTime.toFixed(0)).join(", "); })()`))
	if calls, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.__calls ? JSON.stringify(window.__calls) + "\n" + JSON.stringify(window.__dom) : ""`)); calls != "" {
		marks += " calls " + calls
	}
	line := fmt.Sprintf("fetchStart %.0f compiled %.0f tti %.0f; %s", fs, comp, tti, marks)
	if noprof {
		return line, &profiler.Profile{}, fs, comp, tti
	}
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	must(err)
	return line, res.Profile, fs, comp, tti
}

// mustFloat is chrome.WaitFloat, panicking on a timeout.
func mustFloat(ctx context.Context, expr string) float64 {
	v, err := chrome.WaitFloat(ctx, expr)
	must(err)
	return v
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
