package server

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

func webFixture(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range map[string]string{
		"app.wasm": "raw wasm", "app.wasm.br": "brotli wasm", "app.wasm.gz": "gzip wasm",
		"designer.css": "body{}", "icon.svg": "<svg/>", "icon-192.png": "\x89PNG icon",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// app.wasm goes out in the best encoding the client accepts, with its raw
// length for go-app's progress bar.
func TestWasmIsServedCompressed(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	etags := map[string]string{}
	for _, tc := range []struct{ accept, encoding, body string }{
		{"gzip, deflate, br", "br", "brotli wasm"},
		{"gzip", "gzip", "gzip wasm"},
		{"br;q=0, gzip", "gzip", "gzip wasm"},
		{"br;q=0.0, gzip", "gzip", "gzip wasm"},
		{"br; Q=0.000, gzip;q=0.5", "gzip", "gzip wasm"},
		{"br;q=0.1", "br", "brotli wasm"},
		{"br;q=0, gzip;q=0", "", "raw wasm"},
		{"", "", "raw wasm"},
	} {
		req := httptest.NewRequest("GET", "/web/app.wasm", nil)
		req.Header.Set("Accept-Encoding", tc.accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body, _ := io.ReadAll(rec.Body)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != tc.encoding || string(body) != tc.body {
			t.Errorf("Accept-Encoding %q: %d %q %q", tc.accept, rec.Code, rec.Header().Get("Content-Encoding"), body)
		}
		if rec.Header().Get("Content-Type") != "application/wasm" || rec.Header().Get("X-Wasm-Content-Length") != "8" {
			t.Errorf("headers %v", rec.Header())
		}
		etags[tc.encoding] = rec.Header().Get("ETag")
	}
	// One ETag per encoding, so that a resumed download never mixes two.
	if etags["br"] == etags["gzip"] || etags["br"] == etags[""] || etags["gzip"] == etags[""] {
		t.Errorf("ETags %v", etags)
	}
}

// The page, the manifest and the static files come from our own origin,
// with our own icons.
func TestPageUsesOwnAssets(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/", "/manifest.webmanifest", "/app-worker.js"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1:8000"+path, nil))
		body := strings.ReplaceAll(rec.Body.String(), "http://127.0.0.1:8000/", "/")
		if rec.Code != http.StatusOK {
			t.Errorf("%s: %d", path, rec.Code)
		}
		if strings.Contains(body, "https://") || strings.Contains(body, "http://") {
			t.Errorf("%s names another host:\n%s", path, body)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/web/designer.css", nil))
	if rec.Body.String() != "body{}" {
		t.Errorf("static file: %d %q", rec.Code, rec.Body.String())
	}
}

// The static folders serve their files only: no listings, no dotfiles, no
// link out of the folder, nothing that is not a regular file (a named pipe
// would hold the request for ever).
func TestStaticFoldersServeFilesOnly(t *testing.T) {
	dir := webFixture(t)
	os.WriteFile(filepath.Join(dir, ".secret"), []byte("token"), 0o600)
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	os.WriteFile(filepath.Join(dir, ".git", "config"), []byte("[remote]"), 0o600)
	os.Mkdir(filepath.Join(dir, "icons"), 0o755)
	outside := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(outside, []byte("token"), 0o600)
	os.Symlink(outside, filepath.Join(dir, "leak.txt"))
	syscall.Mkfifo(filepath.Join(dir, "pipe.css"), 0o600)
	h, err := New(dir, with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/web/", "/web/.secret", "/web/.git/config", "/web/icons/", "/web/icons", "/schema/", "/web/leak.txt", "/web/pipe.css"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code == http.StatusOK || strings.Contains(rec.Body.String(), "token") || strings.Contains(rec.Body.String(), "designer.css") || strings.Contains(rec.Body.String(), ".json") {
			t.Errorf("%s: %d %.200q", path, rec.Code, rec.Body.String())
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/schema/design.schema.json", nil))
	if rec.Code != http.StatusOK {
		t.Errorf("a schema: %d", rec.Code)
	}
}

// A search may contain any character: the query is not a path.
func TestSearchWithSlashes(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"/catalogue?q=tcp%2Fip", "/catalogue?q=a/b", "/catalogue.md?q=a%5Cb"} {
		req := httptest.NewRequest("GET", target, nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: %d", target, rec.Code)
		}
	}
}

// Pages ask the browser to start app.wasm's download at once; other files
// do not.
func TestWasmPreload(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path    string
		preload bool
	}{
		{"/", true},
		{"/catalogue/components/kafka", true},
		{"/web/designer.css", false},
		{"/app.js", false},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if got := strings.Count(rec.Body.String(), wasmPreload); got != map[bool]int{true: 1}[tc.preload] || rec.Code != http.StatusOK {
			t.Errorf("%s: %d, the preload %d times", tc.path, rec.Code, got)
		}
	}
}

// The version changes exactly when the build's content does.
func TestContentVersion(t *testing.T) {
	dir := webFixture(t)
	a, _ := contentVersion(dir)
	b, _ := contentVersion(dir)
	os.WriteFile(filepath.Join(dir, "app.wasm.br"), []byte("recompressed"), 0o644)
	c, _ := contentVersion(dir)
	os.WriteFile(filepath.Join(dir, "app.wasm"), []byte("rebuilt"), 0o644)
	d, _ := contentVersion(dir)
	if a != b || a != c || a == d || len(a) != 16 {
		t.Errorf("versions %q %q %q %q", a, b, c, d)
	}
}

func TestMissingWasm(t *testing.T) {
	dir := t.TempDir()
	if _, err := New(dir, with(t, Options{})); err == nil || !strings.Contains(err.Error(), "make run") {
		t.Errorf("error %v", err)
	}
}

// Every catalogue page is served as markdown at its path plus .md, and as
// HTML prerendered by the server (the content is there before the wasm).
func TestCataloguePages(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{BaseURL: "https://localhost:3000"}))
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1:8000"+path, nil))
		return rec
	}
	md := get("/catalogue/components/nats-jetstream.md")
	if md.Code != 200 || md.Header().Get("Content-Type") != "text/markdown; charset=utf-8" ||
		!strings.HasPrefix(md.Body.String(), "---\nid: \"nats-jetstream\"\n") ||
		!strings.Contains(md.Body.String(), "url: \"https://localhost:3000/catalogue/components/nats-jetstream\"") {
		t.Errorf("markdown: %d %v\n%s", md.Code, md.Header(), md.Body)
	}
	for _, path := range []string{"/catalogue.md", "/catalogue/kinds/stream.md", "/catalogue/rules/nats-replicas-odd.md", "/catalogue.md?provider=aws"} {
		if rec := get(path); rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "---\n") {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
	if rec := get("/catalogue/components/kafak.md"); rec.Code != 404 {
		t.Errorf("unknown page: %d", rec.Code)
	}
	html := get("/catalogue/components/nats-jetstream")
	body := html.Body.String()
	if html.Code != 200 || !regexp.MustCompile(`<h1>\s*<svg[^>]*><use href="/web/icons.svg#kind-stream"></use></svg>\s*NATS JetStream\s*</h1>`).MatchString(body) || !strings.Contains(body, "<code>replicationFactor</code>") ||
		!strings.Contains(body, `href="/?add=nats-jetstream"`) {
		t.Errorf("prerendered page: %d\n%s", html.Code, body)
	}
	// The index heads each kind's products with the kind's icon.
	index := get("/catalogue").Body.String()
	if !regexp.MustCompile(`<h2>\s*<svg[^>]*><use href="/web/icons.svg#kind-cache"></use></svg>\s*Cache · \d+\s*</h2>`).MatchString(index) {
		t.Errorf("the index's kind headings have no icon:\n%s", index)
	}
	// Every page may be zoomed (WCAG 1.4.4): go-app's viewport forbids it.
	for _, path := range []string{"/", "/catalogue/components/nats-jetstream"} {
		page := get(path).Body.String()
		// go-app writes a meta's attributes in either order.
		if !regexp.MustCompile(`<meta (name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"|content="width=device-width, initial-scale=1, viewport-fit=cover" name="viewport")>`).MatchString(page) {
			t.Errorf("%s: the viewport is not the zoomable one", path)
		}
		if strings.Contains(page, "maximum-scale") || strings.Contains(page, "user-scalable") {
			t.Errorf("%s: the viewport limits zoom", path)
		}
	}
}

// Without --base-url the markdown's links are site-relative: the request's
// Host is the client's, and pages built from it echoed a megabyte Host in
// each of their 233 links. Whatever a client sends as Host, every client
// gets the same page, which names no host.
func TestHostIsNeverEchoed(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("h", 60<<10) + ".test"
	var first string
	for _, host := range []string{big, "evil.test", "127.0.0.1:8000"} {
		for _, path := range []string{"/catalogue.md", "/catalogue/kinds/stream.md", "/catalogue/components/kafka"} {
			req := httptest.NewRequest("GET", path, nil)
			req.Host = host
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			body := rec.Body.String()
			if rec.Code != 200 || strings.Contains(body, "hhhh") || strings.Contains(body, "evil") || strings.Contains(body, "127.0.0.1") {
				t.Errorf("%s for host %.12s…: %d, %d bytes, echoes the host", path, host, rec.Code, len(body))
			}
			if path == "/catalogue.md" {
				if first == "" {
					first = body
				} else if body != first {
					t.Errorf("/catalogue.md differs for host %.12s…", host)
				}
			}
		}
	}
	if !strings.Contains(first, "](/catalogue/components/kafka)") {
		t.Errorf("links are not site-relative:\n%.600s", first)
	}
}

// An address under /catalogue/ that is no page answers 404 (with the page
// saying so), and is not kept: any number of them leave the cache alone.
func TestUnknownCataloguePagesAre404(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/catalogue/components/kafak", "/catalogue/nothing", "/catalogue/rules/"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "No such catalogue page") {
			t.Errorf("%s: %d\n%.300s", path, rec.Code, rec.Body.String())
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/catalogue/components/kafka", nil))
	if rec.Code != 200 {
		t.Errorf("a known page: %d", rec.Code)
	}
}

// Hostile paths, other methods and the security headers.
func TestHardening(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	serve := func(method, target string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "http://127.0.0.1:8000/", nil)
		req.RequestURI = target // as sent, before any cleaning
		u, err := url.ParseRequestURI(target)
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		req.URL = u
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for _, path := range []string{
		"/../go.mod", "/web/../../go.mod", "/web/%2e%2e/%2e%2e/go.mod", "/web/..%2f..%2fgo.mod",
		"/web/%5c..%5cgo.mod", "/web/.%2e/go.mod", "/catalogue/components/..%2F..%2Fetc.md", "/web/a%00.css",
		"/web\\..\\go.mod",
	} {
		if rec := serve("GET", path); rec.Code != http.StatusBadRequest {
			t.Errorf("GET %s: %d, want 400", path, rec.Code)
		}
	}
	for _, method := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"} {
		rec := serve(method, "/")
		if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s /: %d %q", method, rec.Code, rec.Header().Get("Allow"))
		}
	}
	for _, path := range []string{"/", "/web/designer.css", "/catalogue/kinds/stream.md", "/nope"} {
		rec := serve("GET", path)
		for header, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"Referrer-Policy":        "no-referrer",
			"Cache-Control":          "no-cache",
		} {
			if got := rec.Header().Get(header); got != want {
				t.Errorf("%s: %s = %q, want %q", path, header, got, want)
			}
		}
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "'wasm-unsafe-eval'") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
	}
	if rec := serve("HEAD", "/web/designer.css"); rec.Code != http.StatusOK {
		t.Errorf("HEAD: %d", rec.Code)
	}
}

// Prerendered attribute values are HTML-escaped, so catalogue text cannot
// end an attribute (go-app writes them with Go quoting).
func TestHTMLAttributes(t *testing.T) {
	in := `<a title="x\" onmouseover=alert(1) y=\"" href="/p?a=1&b=2">Tom &amp; "Jerry"</a><p data-x="\u00e9\\">`
	want := `<a title="x&#34; onmouseover=alert(1) y=&#34;" href="/p?a=1&amp;b=2">Tom &amp; "Jerry"</a><p data-x="é\">`
	if got := string(htmlAttributes([]byte(in))); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// The manifest names the app's own icons, maskable PNGs included,
// /favicon.ico is the app's icon, and the service worker answers uncached navigations with the app when offline.
func TestManifestAndWorker(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1:8000"+path, nil))
		return rec.Body.String()
	}
	if m := get("/manifest.webmanifest"); !strings.Contains(m, `"purpose": "any maskable"`) || !strings.Contains(m, `"src": "/web/icon-512.png"`) {
		t.Errorf("manifest:\n%s", m)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1:8000/favicon.ico", nil))
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" || rec.Body.String() != "\x89PNG icon" {
		t.Errorf("/favicon.ico: %d %q %q", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	w := get("/app-worker.js")
	if !strings.Contains(w, `event.request.mode === "navigate"`) || !strings.Contains(w, `"/schema/design.schema.json"`) {
		t.Errorf("service worker:\n%s", w)
	}
}

// The version covers the catalogue an overlay adds: a changed overlay makes
// the service worker fetch the app again.
func TestVersionCoversOverlay(t *testing.T) {
	dir := webFixture(t)
	worker := func(opts Options) string {
		h, err := New(dir, with(t, opts))
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1:8000/app-worker.js", nil))
		first, _, _ := strings.Cut(rec.Body.String(), "\n")
		return first
	}
	if plain, overlaid := worker(Options{}), worker(Options{Overlaid: true}); plain == overlaid {
		t.Errorf("the same version with and without a served catalogue: %s", plain)
	}
}

// Pages are prerendered once per host and address; other answers, other
// methods and revalidations behave as without the cache.
func TestCachePages(t *testing.T) {
	calls := 0
	h := cachePages(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		switch r.URL.Path {
		case "/file":
			w.Header().Set("Content-Type", "text/css")
		case "/page.md":
			w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
		case "/missing":
			http.NotFound(w, r)
			return
		default:
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("ETag", `"v1"`)
		}
		w.Write([]byte("body of " + r.Host + r.URL.RequestURI()))
	}))
	get := func(method, target string, header ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, target, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for i := 0; i < 3; i++ {
		if rec := get("GET", "http://a.test/catalogue?kind=stream"); rec.Code != 200 || rec.Body.String() != "body of a.test/catalogue?kind=stream" || rec.Header().Get("ETag") != `"v1"` {
			t.Fatalf("page: %d %q %v", rec.Code, rec.Body.String(), rec.Header())
		}
	}
	if calls != 1 {
		t.Errorf("the page was prerendered %d times", calls)
	}
	// The key is the address alone: a Host is the client's to choose, so a
	// page keyed (and made) by it would let one request fill the cache.
	if rec := get("GET", "http://b.test/catalogue?kind=stream"); rec.Body.String() != "body of a.test/catalogue?kind=stream" || calls != 1 {
		t.Errorf("another host got %q (%d calls)", rec.Body.String(), calls)
	}
	if rec := get("HEAD", "http://a.test/catalogue?kind=stream"); rec.Code != 200 || rec.Body.Len() != 0 || calls != 1 {
		t.Errorf("HEAD: %d %q (%d calls)", rec.Code, rec.Body.String(), calls)
	}
	if rec := get("GET", "http://a.test/catalogue?kind=stream", "If-None-Match", `"v1"`); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("revalidation: %d %q", rec.Code, rec.Body.String())
	}
	before := calls
	for i := 0; i < 2; i++ {
		get("GET", "http://a.test/file")
		if rec := get("GET", "http://a.test/missing"); rec.Code != 404 {
			t.Errorf("missing: %d", rec.Code)
		}
	}
	if calls != before+4 {
		t.Errorf("non-pages were cached: %d calls, want %d", calls, before+4)
	}
	get("GET", "http://a.test/page.md")
	if rec := get("GET", "http://a.test/page.md"); rec.Body.String() != "body of a.test/page.md" || calls != before+5 {
		t.Errorf("markdown: %q (%d calls, want %d)", rec.Body.String(), calls, before+5)
	}
	for i := 0; i < maxCachedPages+10; i++ {
		get("GET", fmt.Sprintf("http://a.test/catalogue?q=%d", i))
	}
	before = calls
	get("GET", "http://a.test/catalogue?q=0")
	if calls != before+1 {
		t.Error("the cache kept more than its bound")
	}
}

// Two handlers with different catalogues in one process each prerender their
// own editor and product pages (go-app's route table is the process's).
func TestHandlersPrerenderTheirOwnCatalogue(t *testing.T) {
	overlay := catalogue.Files{
		"components/acme-bus.yaml": "schemaVersion: \"1\"\ntype: component\nid: acme-bus\nkind: stream\nprovider: default\ndocs: https://acme.example/bus\n",
		"products/acme.yaml":       "schemaVersion: \"1\"\ntype: products\nproducts:\n  acme-bus: { name: Acme Bus, summary: The house bus. }\n",
	}
	plainCat, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	acmeCat, err := catalogue.LoadEmbedded(catalogue.Layer{Name: "acme", FS: overlay})
	if err != nil {
		t.Fatal(err)
	}
	dir := webFixture(t)
	plain, err := New(dir, with(t, Options{Catalogue: plainCat}))
	if err != nil {
		t.Fatal(err)
	}
	acme, err := New(dir, with(t, Options{Catalogue: acmeCat, Overlaid: true}))
	if err != nil {
		t.Fatal(err)
	}
	get := func(h http.Handler, path string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1:8000"+path, nil))
		return rec.Body.String()
	}
	count := func(n int) string { return fmt.Sprintf("%d of %d components", n, n) }
	plainN, acmeN := len(plainCat.Components), len(acmeCat.Components)
	for _, tc := range []struct {
		name      string
		h         http.Handler
		path      string
		want, not string
	}{
		{"plain editor", plain, "/", count(plainN), count(acmeN)},
		{"acme editor", acme, "/", count(acmeN), count(plainN)},
		{"acme product page", acme, "/catalogue/components/acme-bus", "Acme Bus", "No such catalogue page"},
		{"plain product page", plain, "/catalogue/components/acme-bus", "No such catalogue page", "Acme Bus"},
		{"plain editor again", plain, "/", count(plainN), count(acmeN)},
	} {
		body := get(tc.h, tc.path)
		if !strings.Contains(body, tc.want) || strings.Contains(body, tc.not) {
			t.Errorf("%s: want %q and not %q in the page", tc.name, tc.want, tc.not)
		}
		if strings.Contains(body, ".invalid") {
			t.Errorf("%s: the handler's internal host leaks into the page", tc.name)
		}
	}
}
