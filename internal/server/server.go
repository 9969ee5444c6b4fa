// Package server serves the editor: go-app's handler for the pages (which it
// prerenders with the same routes the browser runs), app.wasm precompressed,
// and the static files of the web folder. It is native only; the wasm build
// never links it, which keeps app.wasm small.
package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	ui "github.com/archdesigner/designer/app"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/pages"
	"github.com/archdesigner/designer/schema"
)

// Options configure the server.
type Options struct {
	// BaseURL is what links in the markdown pages and og:url start with
	// ("https://designer.example.com"); empty means site-relative links.
	BaseURL string
	// Catalogue is the catalogue to serve; required.
	Catalogue *catalogue.Catalogue
	// Overlaid says that Catalogue is not the one app.wasm embeds (an
	// organisation's is laid over it): the editor then loads it from
	// /catalogue.snapshot instead of its own, and caches it offline.
	Overlaid bool
	// Sites is the process's set of handlers' catalogues, whose Routes the
	// entry point has called; required.
	Sites *Sites
	// EmbedOrigins are the origins ("https://portal.example.com") whose pages
	// may frame the editor and talk to it (the embed protocol).
	EmbedOrigins []string
	// Workspace, when set, serves /api/workspace/ (the team's shared
	// designs): any method, with the same security headers.
	Workspace http.Handler
}

// New returns the editor's handler serving the static files of dir, which
// must hold app.wasm.
func New(dir string, opts Options) (http.Handler, error) {
	wasm := filepath.Join(dir, "app.wasm")
	if _, err := os.Stat(wasm); err != nil {
		return nil, fmt.Errorf("%s is missing; build it with `make run` (or GOOS=js GOARCH=wasm go build -o %s ./wasm)", wasm, wasm)
	}
	version, err := contentVersion(dir)
	if err != nil {
		return nil, err
	}
	cat := opts.Catalogue
	if cat == nil || opts.Sites == nil {
		return nil, errors.New("server: Options needs a Catalogue and the process's Sites")
	}
	var whole []byte // the served catalogue, with an organisation's overlay
	if opts.Overlaid {
		if whole, err = opts.Catalogue.SelfContained(); err != nil {
			return nil, err
		}
		// The app's content includes the catalogue it is served with: a
		// changed overlay is a new version (the service worker refetches it).
		sum := sha256.Sum256(append([]byte(version), whole...))
		version = hex.EncodeToString(sum[:])[:16]
	}
	// The folder as an os.Root: no symbolic link in it leads out of it.
	web, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	worker, err := workerTemplate()
	if err != nil {
		return nil, err
	}
	cacheable := []string{"/web/icon.svg", "/web/icons.svg"} // the toolbar's logo and the kinds' icons; go-app caches the PNG icons itself
	entries, _ := fs.ReadDir(schema.Files, ".")
	for _, e := range entries {
		cacheable = append(cacheable, "/schema/"+e.Name())
	}
	env := app.Environment{ui.EmbedOriginsEnv: strings.Join(opts.EmbedOrigins, " ")}
	if opts.Workspace != nil {
		env[ui.WorkspaceEnv] = "/api/workspace/"
	}
	if opts.Overlaid {
		env[ui.CatalogueEnv] = "/catalogue.snapshot"
		cacheable = append(cacheable, "/catalogue.snapshot")
	}
	h := &app.Handler{
		Name:            "Designer",
		ShortName:       "Designer",
		Title:           "Designer: architecture design editor",
		Description:     "Sketch systems from real infrastructure products and see their guarantees and rule violations live.",
		Lang:            "en",
		BackgroundColor: "#f6f7f9",
		ThemeColor:      "#1f4e79",
		LoadingLabel:    "Loading the editor…",
		Icon: app.Icon{
			Default:    "/web/icon-192.png",
			Large:      "/web/icon-512.png",
			SVG:        "/web/icon.svg",
			AppleTouch: "/web/icon-192.png",
		},
		Styles: []string{"/web/designer.css"},
		// Blocking, and first: the chosen theme is set before anything is
		// drawn (go-app caches scripts for offline use).
		Scripts:                 []string{"/web/theme.js"},
		RawHeaders:              []string{wasmPreload},
		Version:                 version,
		WasmContentLengthHeader: "X-Wasm-Content-Length",
		Resources:               webDir{http.StripPrefix("/web/", http.FileServer(plainFiles{web.FS()}))},
		Env:                     env,
		ServiceWorkerTemplate:   worker,
		CacheableResources:      cacheable,
	}
	markdown := cachePages(markdownPages(cat, opts.BaseURL))
	mux := http.NewServeMux()
	if whole != nil {
		mux.Handle("/catalogue.snapshot", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Write(whole)
		}))
	}
	mux.Handle("/web/app.wasm", CompressedFile(wasm, "application/wasm", version))
	mux.Handle("/catalogue.md", markdown)
	// What a browser asks for when it shows a document with no icon of
	// its own (a schema, a markdown page): the app's icon, not a 404.
	mux.Handle("/favicon.ico", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		http.ServeFileFS(w, r, web.FS(), "icon-192.png")
	}))
	mux.Handle("/manifest.webmanifest", manifest(h))
	mux.Handle("/schema/", http.StripPrefix("/schema/", http.FileServer(plainFiles{schema.Files})))
	rendered := prerendered(opts.Sites.add(cat), opts.BaseURL, h)
	app := cachePages(rendered)
	catalogueHTML := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, ".md"):
			markdown.ServeHTTP(w, r)
		case !pages.Has(cat, r.URL.Path):
			// The page that says there is no such page, as a 404, and not
			// kept: any address under /catalogue/ would otherwise fill the
			// cache.
			rendered.ServeHTTP(&notFound{ResponseWriter: w}, quoted(r))
		default:
			app.ServeHTTP(w, r)
		}
	})
	// The index at /catalogue itself, not only after a redirect to /catalogue/.
	mux.Handle("/catalogue", catalogueHTML)
	mux.Handle("/catalogue/", catalogueHTML)
	mux.Handle("/", app)
	hardened := harden(mux, opts.EmbedOrigins)
	if opts.Workspace == nil {
		return hardened, nil
	}
	return withWorkspace(hardened, opts.Workspace, opts.EmbedOrigins), nil
}

// markdownPages serves the catalogue pages as markdown at their path plus
// ".md", with links starting with base, or site-relative without one. Never
// from the request's Host: the client chooses it, and a page echoing a
// megabyte Host in each of its links was a megabyte per link.
func markdownPages(cat *catalogue.Catalogue, base string) http.Handler {
	base = strings.TrimSuffix(base, "/")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pg, ok := pages.At(cat, r.URL.Path, base, r.URL.Query())
		if !ok {
			http.Error(w, "no catalogue page at "+diag.Clip(r.URL.Path)+"; /catalogue.md lists them all", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
		w.Write([]byte(pg.Markdown()))
	})
}

// quoted returns r as an answer that quotes its address sees it: the path
// clipped as a message clips a value (diag.Clip), and no query. A 30 KB
// unknown id gave a 62 KB 404 page, which named the address twice.
func quoted(r *http.Request) *http.Request {
	q := r.Clone(r.Context())
	q.URL.Path, q.URL.RawPath, q.URL.RawQuery = diag.Clip(r.URL.Path), "", ""
	q.RequestURI = q.URL.RequestURI()
	return q
}

// notFound sends a response with status 404 instead of 200.
type notFound struct {
	http.ResponseWriter
	wrote bool
}

func (w *notFound) WriteHeader(code int) {
	if w.wrote {
		return
	}
	w.wrote = true
	if code == http.StatusOK {
		code = http.StatusNotFound
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *notFound) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *notFound) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// wasmPreload starts app.wasm's download with the page, where it would
// otherwise wait for the page's styles and scripts to load and run: cold
// starts take 40-100 ms less. go-app's loader makes the same request later
// and takes this response. At low priority it leaves the styles and scripts
// to go first, which measured in pairs was faster again, cold (median 50 ms)
// and from the service worker's cache (median 19 ms).
const wasmPreload = `<link rel="preload" href="/web/app.wasm" as="fetch" type="application/wasm" crossorigin="anonymous" fetchpriority="low">`

// webDir serves the static files under /web/ from any folder (go-app's
// LocalDir wants the folder to be named web and sit in its root).
type webDir struct{ http.Handler }

func (webDir) Package() string { return "" }
func (webDir) Static() string  { return "" }
func (webDir) AppWASM() string { return "/web/app.wasm" }

// contentVersion hashes the files that make up the app, so that the PWA's
// version changes exactly when the build does.
func contentVersion(dir string) (string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// Only regular files are served (plainFiles), and only they are read:
		// a named pipe would block here for ever.
		if d.Type().IsRegular() && !strings.HasSuffix(path, ".br") && !strings.HasSuffix(path, ".gz") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	sum := sha256.New()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(sum, "%s %d\n", filepath.ToSlash(f[len(dir):]), len(data))
		sum.Write(data)
	}
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}

// CompressedFile serves a file with the best precompressed variant the client
// accepts (FILE.br, FILE.gz), falling back to the file itself.
func CompressedFile(path, contentType, version string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		info, err := os.Stat(path)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Vary", "Accept-Encoding")
		w.Header().Set("X-Wasm-Content-Length", strconv.FormatInt(info.Size(), 10))
		accept := r.Header.Get("Accept-Encoding")
		for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if !acceptsEncoding(accept, enc.name) {
				continue
			}
			if f, err := os.Open(path + enc.ext); err == nil {
				defer f.Close()
				// One ETag per encoding: a Range request resumed with another
				// encoding must not splice its bytes onto this one's.
				w.Header().Set("ETag", `"`+version+"-"+enc.name+`"`)
				w.Header().Set("Content-Encoding", enc.name)
				http.ServeContent(w, r, "", info.ModTime(), f)
				return
			}
		}
		w.Header().Set("ETag", `"`+version+`"`)
		http.ServeFile(w, r, path)
	})
}

// acceptsEncoding reports whether an Accept-Encoding header allows enc: it
// names it with no quality, or with a quality above zero ("br;q=0.5", not
// "br;q=0", "br; Q=0.0" or "br;q=0.000").
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		for _, param := range strings.Split(params, ";") {
			key, value, _ := strings.Cut(param, "=")
			if strings.EqualFold(strings.TrimSpace(key), "q") {
				q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
				return err == nil && q > 0
			}
		}
		return true
	}
	return false
}
