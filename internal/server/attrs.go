package server

import (
	"bytes"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// goQuoted matches an attribute value as go-app v9 writes it when it
// prerenders a page: strconv.Quote'd, which escapes " as \" (ending the
// attribute for an HTML parser) rather than as &#34;. Text nodes are
// HTML-escaped, so `="` only occurs inside tags.
var goQuoted = regexp.MustCompile(`="(?:[^"\\]|\\.)*"`)

// htmlAttributes rewrites the prerendered page's attribute values from Go
// quoting to HTML escaping, so that text from catalogues cannot end an
// attribute and add its own.
func htmlAttributes(page []byte) []byte {
	return goQuoted.ReplaceAllFunc(page, func(m []byte) []byte {
		value, err := strconv.Unquote(string(m[1:]))
		if err != nil {
			return m
		}
		return []byte(`="` + html.EscapeString(value) + `"`)
	})
}

// go-app v9 writes a viewport that forbids zooming (WCAG 1.4.4): the
// pages say the same without the limits.
var (
	goAppViewport    = []byte(`content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=0, viewport-fit=cover"`)
	zoomableViewport = []byte(`content="width=device-width, initial-scale=1, viewport-fit=cover"`)
)

// prerendered has next prerender its pages at the handler's own host (see
// Sites), and makes the HTML answers ready to send: htmlAttributes, the
// address go-app writes in og:url from that host put back on base (empty:
// site-relative), and a viewport that lets the user zoom.
func prerendered(host, base string, next http.Handler) http.Handler {
	next = at(host, next)
	origin := []byte("http://" + host)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			body = bytes.ReplaceAll(htmlAttributes(body), origin, []byte(strings.TrimSuffix(base, "/")))
			body = bytes.Replace(body, goAppViewport, zoomableViewport, 1)
			rec.Header().Del("Content-Length")
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(bytes.Clone(body))
	})
}

// maxCachedPages bounds cachePages: the catalogue has a few hundred pages,
// but the index takes any search, so the cache starts again when full.
const maxCachedPages = 256

// cachePages keeps the pages next makes (HTML prerendered by go-app, or the
// catalogue's markdown), by address, and answers GET and HEAD for
// them from memory: a page is the same for a given address as long as the
// server runs (its catalogue and version are fixed), and making it again for
// every request made the server's slowest answers under load over a second.
// A request whose If-None-Match names the page's ETag gets 304, as from
// go-app.
func cachePages(next http.Handler) http.Handler {
	type page struct {
		header http.Header
		body   []byte
	}
	var (
		mu    sync.RWMutex
		pages = map[string]*page{}
	)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.URL.RequestURI() // never the Host, which the client chooses
		mu.RLock()
		p := pages[key]
		mu.RUnlock()
		if p == nil {
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			if rec.Code != http.StatusOK || !isPage(rec.Header().Get("Content-Type")) || r.Method != http.MethodGet {
				for k, v := range rec.Header() {
					w.Header()[k] = v
				}
				w.WriteHeader(rec.Code)
				w.Write(rec.Body.Bytes())
				return
			}
			p = &page{header: rec.Header().Clone(), body: bytes.Clone(rec.Body.Bytes())}
			mu.Lock()
			if len(pages) >= maxCachedPages {
				pages = map[string]*page{}
			}
			pages[key] = p
			mu.Unlock()
		}
		for k, v := range p.header {
			w.Header()[k] = v
		}
		if etag := p.header.Get("ETag"); etag != "" && r.Header.Get("If-None-Match") == etag {
			w.Header().Del("Content-Length")
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			w.Write(p.body)
		}
	})
}

// isPage reports whether a content type is one cachePages keeps.
func isPage(contentType string) bool {
	return strings.HasPrefix(contentType, "text/html") || strings.HasPrefix(contentType, "text/markdown")
}
