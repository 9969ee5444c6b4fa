package server

import (
	"bytes"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
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

// escapeAttributes applies htmlAttributes to the HTML answers of next.
func escapeAttributes(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			body = htmlAttributes(body)
			rec.Header().Del("Content-Length")
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(bytes.Clone(body))
	})
}
