package server

import (
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// contentSecurityPolicy allows the app's own origin only, plus compiling
// WebAssembly; only the embedding origins may frame it.
func contentSecurityPolicy(embedOrigins []string) string {
	ancestors := "'none'"
	if len(embedOrigins) > 0 {
		ancestors = "'self' " + strings.Join(embedOrigins, " ")
	}
	return "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
		"img-src 'self' blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; " +
		"base-uri 'self'; form-action 'self'; frame-ancestors " + ancestors
}

// MaxAddressBytes bounds a request's address (its path and query): the
// editor's own are far shorter (a share link's design is in the fragment,
// which is not sent), and the pages that quote their query (a catalogue
// search) would otherwise repeat up to the header limit's 32 KB a few times.
const MaxAddressBytes = 8 << 10

// harden answers only GET and HEAD, refuses requests with a body, addresses
// over MaxAddressBytes and paths that try to leave the served tree, and sets the security and caching
// headers on every answer.
func harden(next http.Handler, embedOrigins []string) http.Handler {
	csp := contentSecurityPolicy(embedOrigins)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if len(embedOrigins) == 0 {
			// An embedded editor talks to its host's window; COOP would cut
			// a popup's link, and is left out when hosts may embed.
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
		}
		if hasBody(r) {
			refuseBody(w)
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "only GET and HEAD are served", http.StatusMethodNotAllowed)
			return
		}
		if hasBody(r) {
			http.Error(w, "a request body is not taken: pages and files are served to GET and HEAD without one", http.StatusRequestEntityTooLarge)
			return
		}
		if len(r.RequestURI) > MaxAddressBytes {
			http.Error(w, fmt.Sprintf("the address is %d bytes; addresses are limited to %d (8 KiB)", len(r.RequestURI), MaxAddressBytes), http.StatusRequestURITooLong)
			return
		}
		if escapes(r) {
			http.Error(w, "bad path", http.StatusBadRequest)
			return
		}
		// Nothing here has a content hash in its name: every answer is
		// revalidated (app.wasm against its ETag, the build's version).
		h.Set("Cache-Control", "no-cache")
		next.ServeHTTP(&redirectWriter{ResponseWriter: w}, r)
	})
}

// redirectWriter sends a redirect without its body. Its Location says where
// to go; the body net/http writes for a GET repeated the whole address, so
// a 30 KB address ServeMux cleans got a 30 KB body besides.
type redirectWriter struct {
	http.ResponseWriter
	redirect bool
}

func (w *redirectWriter) WriteHeader(code int) {
	if code >= 300 && code < 400 && code != http.StatusNotModified && w.Header().Get("Location") != "" {
		w.redirect = true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *redirectWriter) Write(b []byte) (int, error) {
	if w.redirect {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *redirectWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// refuseBody has the answer to a request with a body close its connection,
// and nothing read of the body: no route takes one, the bytes after the
// headers are the body and not a next request, and net/http, left to it,
// reads up to 256 KB of what the handler left (at the client's pace) before
// it closes.
func refuseBody(w http.ResponseWriter) {
	w.Header().Set("Connection", "close")
	http.NewResponseController(w).SetReadDeadline(time.Now())
}

// escapes reports a path with a dot-dot segment, a backslash, a NUL or an
// encoded slash, in its raw or decoded form. The query is not a path: a
// search for "tcp/ip" is fine.
func escapes(r *http.Request) bool {
	raw, _, _ := strings.Cut(r.RequestURI, "?")
	for _, p := range []string{r.URL.Path, r.URL.RawPath, raw} {
		lower := strings.ToLower(p)
		if strings.Contains(p, "\x00") || strings.Contains(p, "\\") ||
			strings.Contains(lower, "%2f") || strings.Contains(lower, "%5c") || strings.Contains(lower, "%00") {
			return true
		}
		for _, seg := range strings.Split(p, "/") {
			if seg == ".." || strings.EqualFold(seg, "%2e%2e") || strings.EqualFold(seg, ".%2e") || strings.EqualFold(seg, "%2e.") {
				return true
			}
		}
	}
	return false
}

// plainFiles serves the regular files of fsys and nothing else: no folder
// listings (a folder is "not found"), no file or folder whose name starts
// with a dot (.git, .DS_Store, editors' swap files), and nothing that is not
// a regular file (a named pipe would block the request). Given an os.Root's
// FS, no symbolic link leads out of the folder either.
type plainFiles struct{ fsys fs.FS }

func (p plainFiles) Open(name string) (http.File, error) {
	name = strings.TrimPrefix(path.Clean("/"+name), "/")
	for _, seg := range strings.Split(name, "/") {
		if strings.HasPrefix(seg, ".") {
			return nil, fs.ErrNotExist
		}
	}
	if name == "" {
		return nil, fs.ErrNotExist
	}
	if info, err := fs.Lstat(p.fsys, name); err != nil || !info.Mode().IsRegular() {
		return nil, fs.ErrNotExist
	}
	return http.FS(p.fsys).Open(name)
}
