// Package chrome is what the browser benchmarks share: headless Chromium
// started the way they measure the editor, and the page probe that says
// when an app is interactive.
package chrome

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Interactive is JavaScript, for the body of a script that runs in every new
// document, that sets window.__tti to the page time at which the app is
// interactive: go-app's loader removed, which it does after the wasm's
// first render.
const Interactive = `
  const check = () => {
    if (window.__tti === undefined && document.readyState !== "loading" && !document.getElementById("app-wasm-loader")) {
      window.__tti = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {childList: true, subtree: true});
  document.addEventListener("DOMContentLoaded", check);
`

// Start starts headless Chromium (the project's flags, a fresh profile, a
// 1400×900 window) with script run in every new document, and returns its
// context and the function that stops it and removes the profile.
func Start(chromium, script string, extra ...chromedp.ExecAllocatorOption) (context.Context, func(), error) {
	dir, err := os.MkdirTemp("", "chrome-profile-")
	if err != nil {
		return nil, nil, err
	}
	opts := append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium), chromedp.UserDataDir(dir),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1400, 900),
	}, extra...)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	stop := func() { cancel(); cancelAlloc(); os.RemoveAll(dir) }
	if err := chromedp.Do(ctx); err != nil {
		stop()
		return nil, nil, err
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
		stop()
		return nil, nil, err
	}
	return ctx, stop, nil
}

// WaitFloat polls a page expression (it may be a promise) until it is a
// number, for up to a minute.
func WaitFloat(ctx context.Context, expr string) (float64, error) {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[*float64](expr, chromedp.EvalAwaitPromise))
		if err == nil && v != nil {
			return *v, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return 0, fmt.Errorf("timed out waiting for %s", expr)
}

// Median returns the middle of xs (the upper one of an even count).
func Median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// GoCmd runs the go command with extra environment, returning its output in
// the error when it fails.
func GoCmd(env []string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}
