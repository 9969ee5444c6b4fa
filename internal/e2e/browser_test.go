//go:build browser

package e2e

// Package e2e holds the browser tests: the editor served by server.New,
// driven in a real headless Chromium through the DevTools protocol. Controls are found by role and
// accessible name, as a screen-reader user finds them, through the
// browser's own accessibility tree (Accessibility.queryAXTree).

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/internal/benchmark/chrome"
	"github.com/archdesigner/designer/internal/server"
)

// sites is the test process's one set of page routes, as an entry point's.
var sites = &server.Sites{}

func TestMain(m *testing.M) {
	sites.Routes()
	os.Exit(m.Run())
}

// options completes opts as the CLI does: the embedded catalogue unless
// opts has one, and the process's sites.
func options(t *testing.T, opts server.Options) server.Options {
	t.Helper()
	if opts.Catalogue == nil {
		cat, err := catalogue.LoadEmbedded()
		if err != nil {
			t.Fatal(err)
		}
		opts.Catalogue = cat
	}
	opts.Sites = sites
	return opts
}

// serveEditor serves the editor with opts (see options).
func serveEditor(t *testing.T, opts server.Options) *httptest.Server {
	t.Helper()
	h, err := server.New(builtWeb(t), options(t, opts))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts
}

var (
	webOnce  sync.Once
	builtDir string
	webErr   error
)

// builtWeb builds app.wasm once per test run into a copy of web/.
func builtWeb(t *testing.T) string {
	t.Helper()
	webOnce.Do(func() {
		dir, err := os.MkdirTemp("", "designer-web-")
		if err != nil {
			webErr = err
			return
		}
		for _, name := range []string{"designer.css", "theme.js", "icon.svg", "icons.svg", "icon-192.png", "icon-512.png"} {
			data, err := os.ReadFile(filepath.Join("..", "..", "web", name))
			if err != nil {
				webErr = err
				return
			}
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				webErr = err
				return
			}
		}
		goBin, err := exec.LookPath("go")
		if err != nil {
			goBin = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
		}
		// The editor as make builds it: with the catalogue snapshot.
		snap := exec.Command(goBin, "run", "./internal/snapshot", "wasm/snapshot/catalogue.snapshot")
		snap.Dir = filepath.Join("..", "..")
		if out, err := snap.CombinedOutput(); err != nil {
			webErr = fmt.Errorf("making the catalogue snapshot: %v\n%s", err, out)
			return
		}
		cmd := exec.Command(goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "app.wasm"), "./wasm")
		cmd.Dir = filepath.Join("..", "..")
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			webErr = fmt.Errorf("building app.wasm: %v\n%s", err, out)
			return
		}
		builtDir = dir
	})
	if webErr != nil {
		t.Fatal(webErr)
	}
	return builtDir
}

// chromiumPath finds Debian's chromium, or fails with what to do.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("the browser tests need Chromium: install Debian's package (apt-get install -y chromium) or run `make test`, which installs it; set CHROMIUM=/path to use another")
	return ""
}

// tab is one browser tab on the editor, recording console errors and every
// request the page makes.
type tab struct {
	t      *testing.T
	ctx    context.Context
	origin string
	server *httptest.Server
	mu     sync.Mutex
	errors []string
	// crash is the first line of a panic of the wasm, once one was logged.
	crash    string
	requests []string
}

// openEditor serves the editor and opens it in a fresh headless Chromium.
func openEditor(t *testing.T) *tab {
	t.Helper()
	ts := serveEditor(t, server.Options{})
	p := newPage(t, ts.URL)
	p.server = ts
	p.navigate(ts.URL + "/")
	return p
}

func newPage(t *testing.T, origin string) *tab {
	ctx, stop, err := chrome.Start(chromiumPath(t), "")
	if err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	t.Cleanup(stop)
	p := &tab{t: t, ctx: ctx, origin: origin}

	chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			text := strings.Join(parts, " ")
			// The editor says so when it could not use its catalogue snapshot.
			if ev.Type == runtime.ConsoleAPICalledTypeError || strings.Contains(text, "catalogue snapshot") {
				p.errors = append(p.errors, "console."+string(ev.Type)+": "+text)
			}
			// The Go runtime writes a panic to the console's log: the
			// editor is dead, whatever the test waits for next.
			if p.crash == "" && (strings.HasPrefix(text, `"panic: `) || strings.HasPrefix(text, `"fatal error: `)) {
				p.crash = text
				p.errors = append(p.errors, "the wasm crashed: "+text)
			}
		case *runtime.EventExceptionThrown:
			p.errors = append(p.errors, "exception: "+exceptionText(ev.ExceptionDetails))
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError {
				p.errors = append(p.errors, "log: "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		case *network.EventRequestWillBeSent:
			p.requests = append(p.requests, ev.Request.URL)
		}
	})
	p.call(func(ctx context.Context) error {
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := chromedp.Call(ctx, log.Enable, cdp.Empty{}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{})
		return err
	})
	return p
}

func (p *tab) call(f func(ctx context.Context) error) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if err := f(ctx); err != nil {
		p.t.Fatal(err)
	}
}

func (p *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	p.call(func(ctx context.Context) error { return chromedp.Do(ctx, actions...) })
}

// navigate loads a URL and waits until the wasm has rendered the editor.
func (p *tab) navigate(u string) {
	p.t.Helper()
	p.do(chromedp.Navigate(u))
	p.waitReady()
}

func (p *tab) waitReady() {
	p.t.Helper()
	// The server prerenders the page, so what shows is not yet the app: wait
	// for the editor's own mark (catalogue pages have no inputs to lose).
	p.eventually("the app to start", func() (bool, string) {
		ready, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`!document.getElementById("app-wasm-loader") &&
			(!document.getElementById("editor") || document.getElementById("editor").dataset.ready === "true")`))
		return err == nil && ready, fmt.Sprint(err)
	})
	// Marks the document as the test's load (see sameDocument).
	p.evalPage(`window.__loadedByTest = true`)
}

// eventually polls cond for up to 15 s.
func (p *tab) eventually(what string, cond func() (bool, string)) {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	last := ""
	for time.Now().Before(deadline) {
		ok, detail := cond()
		if ok {
			return
		}
		p.mu.Lock()
		crash := p.crash
		p.mu.Unlock()
		if crash != "" {
			p.t.Fatalf("waiting for %s: the editor crashed: %s", what, crash)
		}
		last = detail
		time.Sleep(50 * time.Millisecond)
	}
	p.t.Fatalf("waited 15 s for %s; last: %s", what, last)
}

// axNode is an element found in the accessibility tree.
type axNode struct {
	id   cdp.BackendNodeID
	name string
}

// query returns the elements of a role whose accessible name satisfies match.
func (p *tab) query(role string, match func(string) bool) []axNode {
	return p.queryWithin(0, role, match)
}

// queryWithin is query inside the element root (the whole page when 0).
func (p *tab) queryWithin(root cdp.BackendNodeID, role string, match func(string) bool) []axNode {
	p.t.Helper()
	var out []axNode
	p.call(func(ctx context.Context) error {
		params := accessibility.QueryAXTreeParams{BackendNodeID: root, Role: role}
		if root == 0 {
			doc, err := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{Depth: ptr(int64(0))})
			if err != nil {
				return err
			}
			params.NodeID = doc.Root.NodeID
		}
		res, err := chromedp.Call(ctx, accessibility.QueryAXTree, params)
		for try := 0; root == 0 && err != nil && strings.Contains(err.Error(), "Could not find node") && try < 20; try++ {
			// The page was replaced between the two calls (a reload under
			// way): ask the new document.
			time.Sleep(50 * time.Millisecond)
			doc, derr := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{Depth: ptr(int64(0))})
			if derr != nil {
				return derr
			}
			params.NodeID = doc.Root.NodeID
			res, err = chromedp.Call(ctx, accessibility.QueryAXTree, params)
		}
		if err != nil {
			return err
		}
		for _, n := range res.Nodes {
			if n.Ignored || n.Name == nil {
				continue
			}
			var name string
			json.Unmarshal(n.Name.Value, &name)
			if match(name) {
				out = append(out, axNode{id: n.BackendDOMNodeID, name: name})
			}
		}
		return nil
	})
	return out
}

func ptr[T any](v T) *T { return &v }

// find waits for exactly one element of role named name (or, with a
// trailing "…", whose name starts with the rest).
func (p *tab) find(role, name string) axNode {
	p.t.Helper()
	match := named(name)
	var found []axNode
	p.eventually(fmt.Sprintf("one %s named %q", role, name), func() (bool, string) {
		found = p.query(role, match)
		return len(found) == 1, fmt.Sprintf("%d found", len(found))
	})
	return found[0]
}

// named matches an accessible name: exactly, or with a trailing "…" by the
// rest as a prefix.
func named(name string) func(string) bool {
	if prefix, ok := strings.CutSuffix(name, "…"); ok {
		return func(s string) bool { return strings.HasPrefix(s, prefix) }
	}
	return func(s string) bool { return s == name }
}

// absent waits until no element of role has the name (or, with a trailing
// "…", a name that starts with the rest).
func (p *tab) absent(role, name string) {
	p.t.Helper()
	match := named(name)
	p.eventually(fmt.Sprintf("no %s named %q", role, name), func() (bool, string) {
		return len(p.query(role, match)) == 0, "still there"
	})
}

// center scrolls an element into view and returns its middle.
func (p *tab) center(n axNode) (float64, float64) {
	p.t.Helper()
	x, y, ok := p.box(n)
	if !ok {
		p.t.Fatalf("%q has no box", n.name)
	}
	return x, y
}

// box returns the centre of an element's box, scrolled into view, and false
// when it has none (it is hidden, or a render replaced it).
func (p *tab) box(n axNode) (x, y float64, ok bool) {
	p.t.Helper()
	p.call(func(ctx context.Context) error {
		chromedp.Call(ctx, dom.ScrollIntoViewIfNeeded, dom.ScrollIntoViewIfNeededParams{BackendNodeID: n.id})
		q, err := chromedp.Call(ctx, dom.GetContentQuads, dom.GetContentQuadsParams{BackendNodeID: n.id})
		if err != nil || len(q.Quads) == 0 {
			return nil
		}
		quad := q.Quads[0]
		for i := 0; i < len(quad); i += 2 {
			x += quad[i] / 4
			y += quad[i+1] / 4
		}
		ok = true
		return nil
	})
	return x, y, ok
}

// click clicks an element with the mouse, once it is on screen: a render
// may replace the element between finding it and clicking it.
func (p *tab) click(role, name string) {
	p.t.Helper()
	match := named(name)
	var x, y float64
	p.eventually(fmt.Sprintf("one %s named %q on screen", role, name), func() (bool, string) {
		found := p.query(role, match)
		if len(found) != 1 {
			return false, fmt.Sprintf("%d found", len(found))
		}
		var ok bool
		x, y, ok = p.box(found[0])
		return ok, "it has no box"
	})
	p.do(chromedp.MouseClickXY(x, y))
}

// clickIn clicks the one element of role named name inside the region
// named region (a name may appear once in each region, as in Problems and
// the Inspector).
func (p *tab) clickIn(region, role, name string) {
	p.t.Helper()
	match := named(name)
	var x, y float64
	p.eventually(fmt.Sprintf("one %s named %q on screen in %s", role, name, region), func() (bool, string) {
		regions := p.query("region", named(region))
		if len(regions) != 1 {
			return false, fmt.Sprintf("%d regions found", len(regions))
		}
		found := p.queryWithin(regions[0].id, role, match)
		if len(found) != 1 {
			return false, fmt.Sprintf("%d found", len(found))
		}
		var ok bool
		x, y, ok = p.box(found[0])
		return ok, "it has no box"
	})
	p.do(chromedp.MouseClickXY(x, y))
}

// drag presses the mouse at one point, moves in steps and releases.
func (p *tab) drag(fromX, fromY, toX, toY float64) {
	p.t.Helper()
	p.dragWith(0, fromX, fromY, toX, toY)
}

// dragWith drags with modifier keys held (chromedp.ModifierShift…).
func (p *tab) dragWith(mods chromedp.Modifier, fromX, fromY, toX, toY float64) {
	p.t.Helper()
	p.call(func(ctx context.Context) error {
		send := func(typ input.DispatchMouseEventType, x, y float64, buttons int64) error {
			_, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
				Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1, Modifiers: int64(mods), PointerType: input.DispatchMouseEventPointerTypeMouse,
			})
			return err
		}
		if err := send(input.DispatchMouseEventTypeMousePressed, fromX, fromY, 1); err != nil {
			return err
		}
		for i := 1; i <= 10; i++ {
			f := float64(i) / 10
			if err := send(input.DispatchMouseEventTypeMouseMoved, fromX+(toX-fromX)*f, fromY+(toY-fromY)*f, 1); err != nil {
				return err
			}
		}
		return send(input.DispatchMouseEventTypeMouseReleased, toX, toY, 0)
	})
}

// focus moves the keyboard focus to an element.
func (p *tab) focus(role, name string) {
	p.t.Helper()
	// The element found may be drawn again (replaced) before it is
	// focused, as the canvas does once the view settles: find it again.
	p.eventually("to focus "+role+" "+name, func() (bool, string) {
		n := p.find(role, name)
		var err error
		p.call(func(ctx context.Context) error {
			_, err = chromedp.Call(ctx, dom.Focus, dom.FocusParams{BackendNodeID: n.id})
			if err != nil && !strings.Contains(err.Error(), "not focusable") && !strings.Contains(err.Error(), "No node") {
				return err
			}
			return nil
		})
		return err == nil, fmt.Sprint(err)
	})
}

// keys types keys into the focused element (chromedp's kb names for specials).
func (p *tab) keys(keys string, mods ...chromedp.Modifier) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(keys, chromedp.KeyModifiers(mods...)))
}

// fill replaces the text of a text field or number field and commits it.
func (p *tab) fill(role, name, text string) {
	p.t.Helper()
	p.focus(role, name)
	p.keys("a", chromedp.ModifierCtrl)
	p.keys(text + "\t")
}

// eval runs a function on an element and returns its JSON result.
func (p *tab) eval(n axNode, function string) string {
	p.t.Helper()
	var out string
	p.call(func(ctx context.Context) error {
		obj, err := chromedp.Call(ctx, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: n.id})
		if err != nil {
			return err
		}
		res, err := chromedp.Call(ctx, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
			FunctionDeclaration: function, ObjectID: obj.Object.ObjectID, ReturnByValue: ptr(true),
		})
		if err != nil {
			return err
		}
		out, err = valueOf(res.Result, res.ExceptionDetails)
		return err
	})
	return out
}

// valueOf is a script's JSON value, or why the script failed.
func valueOf(result *runtime.RemoteObject, exc *runtime.ExceptionDetails) (string, error) {
	if exc != nil {
		return "", fmt.Errorf("%s", exceptionText(exc))
	}
	return string(result.Value), nil
}

// text returns an element's text content.
func (p *tab) text(role, name string) string {
	p.t.Helper()
	var s string
	json.Unmarshal([]byte(p.eval(p.find(role, name), `function() { return this.textContent }`)), &s)
	return s
}

// choose picks an option of a select by its visible text, or types a node
// picker's id, as choosing it from the list does: the value changes, and
// input and change fire.
func (p *tab) choose(name, option string) {
	p.t.Helper()
	n := p.find("combobox", name)
	got := p.eval(n, fmt.Sprintf(`function() {
		// A node picker (an input with suggestions) takes the id typed.
		const o = this.list ? {value: %[1]q} : [...this.options].find(o => o.text === %[1]q);
		if (!o) return "no option";
		this.focus(); this.value = o.value;
		this.dispatchEvent(new Event("input", {bubbles: true}));
		this.dispatchEvent(new Event("change", {bubbles: true}));
		return "ok";
	}`, option))
	if got != `"ok"` {
		p.t.Fatalf("combobox %q has no option %q", name, option)
	}
}

// waitText waits until an element's text contains want.
func (p *tab) waitText(role, name, want string) {
	p.t.Helper()
	p.eventually(fmt.Sprintf("%s %q to contain %q", role, name, want), func() (bool, string) {
		got := p.text(role, name)
		return strings.Contains(got, want), got
	})
}

// setFiles puts files into a file input, as choosing them in the dialog does.
func (p *tab) setFiles(name string, files ...string) {
	p.t.Helper()
	var input axNode
	for _, role := range []string{"button", "textbox"} {
		if found := p.query(role, func(s string) bool { return s == name }); len(found) == 1 {
			input = found[0]
		}
	}
	if input.id == 0 {
		p.t.Fatalf("no file input named %q", name)
	}
	p.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: files, BackendNodeID: input.id})
		return err
	})
}

// href is the page's address.
func (p *tab) href() string {
	p.t.Helper()
	return strings.Trim(p.evalPage(`location.href`), `"`)
}

// tryEval evaluates an expression in the page, which may be going away.
func (p *tab) tryEval(expr string) (string, error) {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ReturnByValue: ptr(true)})
	if err != nil {
		return "", err
	}
	return valueOf(res.Result, res.ExceptionDetails)
}

// waitOpened waits for the editor to open another design in place of the
// one at address from: the address changes, the status says "Opened …"
// once its design is read (or status, if given), and the document is the
// same, loaded by no one but the test (see waitReady's mark).
func (p *tab) waitOpened(from string, status ...string) {
	p.t.Helper()
	p.eventually("the editor to open another design", func() (bool, string) {
		v, err := p.tryEval("location.href")
		if err != nil {
			return false, err.Error()
		}
		href := strings.Trim(v, `"`)
		return href != from, href
	})
	p.waitText("status", "", append(status, "Opened ")[0])
	p.sameDocument()
}

// sameDocument fails the test when the page loaded since the test last
// loaded it: the mark waitReady left is gone with any page load.
func (p *tab) sameDocument() {
	p.t.Helper()
	if got := p.evalPage(`window.__loadedByTest === true`); got != "true" {
		p.t.Fatalf("the page loaded itself (at %s): opening a design must swap it in place", p.href())
	}
}

// importFile imports a design file through Import design: into the open
// design when it is blank (the status says so), else as a new design, which
// opens in its place.
func (p *tab) importFile(file string) {
	p.t.Helper()
	from := p.href()
	p.setFiles("Import design", file)
	moved := false
	p.eventually("the import", func() (bool, string) {
		href, err := p.tryEval("location.href")
		if err != nil {
			return false, err.Error()
		}
		if moved = strings.Trim(href, `"`) != from; moved {
			return true, href
		}
		got, err := p.tryEval(`document.getElementById("status").textContent`)
		return err == nil && strings.Contains(got, "Imported "+filepath.Base(file)+":"), got
	})
	if moved {
		p.waitOpened(from)
	}
}

// opens runs action, which opens another design (see waitOpened for
// status).
func (p *tab) opens(action func(), status ...string) {
	p.t.Helper()
	from := p.href()
	action()
	p.waitOpened(from, status...)
}

// clickAndFollow activates a control that opens another design (see
// waitOpened for status).
func (p *tab) clickAndFollow(role, name string, status ...string) {
	p.t.Helper()
	from := p.href()
	p.click(role, name)
	p.waitOpened(from, status...)
}

// download clicks a control and returns the file the browser saved.
func (p *tab) download(role, name string) (string, []byte) {
	p.t.Helper()
	dir := p.t.TempDir()
	p.call(func(ctx context.Context) error {
		_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir,
		})
		return err
	})
	p.click(role, name)
	var file string
	var data []byte
	p.eventually("a downloaded file", func() (bool, string) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".crdownload") {
				file = e.Name()
				data, _ = os.ReadFile(filepath.Join(dir, file))
				return len(data) > 0, ""
			}
		}
		return false, fmt.Sprintf("%d entries", len(entries))
	})
	return file, data
}

// checkClean fails on console errors and on requests to any other host.
func (p *tab) checkClean() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		p.t.Errorf("browser error: %s", e)
	}
	own, _ := url.Parse(p.origin)
	for _, r := range p.requests {
		u, err := url.Parse(r)
		if err != nil || (u.Scheme != "data" && u.Scheme != "blob" && u.Host != own.Host) {
			p.t.Errorf("request to another host: %s", r)
		}
	}
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != "" {
		return d.Exception.Description
	}
	return d.Text
}

// failStorage makes localStorage.setItem and the database's put throw
// QuotaExceededError in every page loaded from now on, as a full or denied
// storage does.
func (p *tab) failStorage() {
	p.t.Helper()
	p.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `Storage.prototype.setItem = function() { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };
			IDBObjectStore.prototype.put = function() { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };`,
		})
		return err
	})
}

// failStorageOf makes storing key (localStorage.setItem, the database's
// put) throw QuotaExceededError, in every page loaded from now on.
func (p *tab) failStorageOf(key string) {
	p.t.Helper()
	p.call(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: fmt.Sprintf(`{ const set = Storage.prototype.setItem; Storage.prototype.setItem = function(k, v) {
				if (k === %[1]q) { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }
				return set.call(this, k, v);
			};
			const put = IDBObjectStore.prototype.put; IDBObjectStore.prototype.put = function(v, k) {
				if (k === %[1]q) { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }
				return put.call(this, v, k);
			}; }`, key),
		})
		return err
	})
}

// savedJS is JavaScript for what the next start of the page's design
// restores (as JSON: a string, or null): localStorage's design when it holds
// one, else the database's.
const savedJS = `(() => {
	const id = new URLSearchParams(location.search).get("design") || "first";
	const key = id === "first" ? "designer.design" : "designer.design/" + id;
	const l = localStorage.getItem(key);
	if (l !== null) return l;
	return new Promise((done) => {
		const q = indexedDB.open("designer", 1);
		q.onupgradeneeded = () => q.result.createObjectStore("kv");
		q.onerror = () => done(null);
		q.onsuccess = () => {
			const db = q.result;
			const g = db.transaction("kv").objectStore("kv").get(key);
			g.onsuccess = () => { db.close(); done(g.result === undefined ? null : g.result); };
			g.onerror = () => { db.close(); done(null); };
		};
	});
})()`

// saved returns the design the editor saved, as JSON (see savedJS).
func (p *tab) saved() string {
	p.t.Helper()
	return p.evalPage(savedJS)
}

// clearStorageJS removes what the editor keeps in the origin's storage.
const clearStorageJS = `new Promise((done) => {
	Object.keys(localStorage).filter(k => k.startsWith("designer.")).forEach(k => localStorage.removeItem(k));
	const q = indexedDB.deleteDatabase("designer");
	q.onsuccess = q.onerror = q.onblocked = () => done(1);
})`

// evalPage evaluates an expression in the page (awaiting a promise) and
// returns its JSON.
func (p *tab) evalPage(expr string) string {
	p.t.Helper()
	var out string
	p.call(func(ctx context.Context) error {
		res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, AwaitPromise: ptr(true), ReturnByValue: ptr(true), UserGesture: ptr(true)})
		if err != nil {
			return err
		}
		out, err = valueOf(res.Result, res.ExceptionDetails)
		return err
	})
	return out
}

// grantClipboard lets the page read and write the clipboard.
func (p *tab) grantClipboard() {
	p.t.Helper()
	p.call(func(ctx context.Context) error {
		for _, name := range []string{"clipboard-read", "clipboard-write"} {
			_, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
				Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted, Origin: p.origin,
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// secondTab opens another tab of the same browser (same profile and storage).
func (p *tab) secondTab() *tab {
	p.t.Helper()
	ctx, cancel := chromedp.NewContext(p.ctx)
	p.t.Cleanup(cancel)
	q := &tab{t: p.t, ctx: ctx, origin: p.origin, server: p.server}
	if err := chromedp.Do(ctx); err != nil {
		p.t.Fatal(err)
	}
	return q
}

// frameFind waits for one element of role and name inside the iframe whose
// name attribute is frame (the accessibility tree of a frame's document).
func (p *tab) frameFind(frame, role, name string) axNode {
	p.t.Helper()
	var found []axNode
	p.eventually(fmt.Sprintf("%s %q in frame %s", role, name, frame), func() (bool, string) {
		found = nil
		err := func() error {
			ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
			defer cancel()
			doc, err := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{Depth: ptr(int64(-1)), Pierce: ptr(true)})
			if err != nil {
				return err
			}
			var content *cdp.Node
			var walk func(n *cdp.Node)
			walk = func(n *cdp.Node) {
				if n.NodeName == "IFRAME" && attr(n, "name") == frame && n.ContentDocument != nil {
					content = n.ContentDocument
				}
				for _, c := range n.Children {
					walk(c)
				}
			}
			walk(doc.Root)
			if content == nil {
				return fmt.Errorf("no frame %s yet", frame)
			}
			res, err := chromedp.Call(ctx, accessibility.QueryAXTree, accessibility.QueryAXTreeParams{BackendNodeID: content.BackendNodeID, Role: role, AccessibleName: name})
			if err != nil {
				return err
			}
			for _, n := range res.Nodes {
				if !n.Ignored {
					found = append(found, axNode{id: n.BackendDOMNodeID, name: name})
				}
			}
			return nil
		}()
		return err == nil && len(found) == 1, fmt.Sprint(len(found), " found; ", err)
	})
	return found[0]
}

// frameClick clicks an element inside a frame with the mouse.
func (p *tab) frameClick(frame, role, name string) {
	p.t.Helper()
	x, y := p.center(p.frameFind(frame, role, name))
	p.do(chromedp.MouseClickXY(x, y))
}

// attr returns a DOM node's attribute.
func attr(n *cdp.Node, name string) string {
	for i := 0; i+1 < len(n.Attributes); i += 2 {
		if n.Attributes[i] == name {
			return n.Attributes[i+1]
		}
	}
	return ""
}
