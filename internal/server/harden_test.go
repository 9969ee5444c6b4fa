package server

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// No route takes a body: a request with one is refused at once, without
// reading it, and its connection closed, long before the Read limit (10 s
// here). net/http used to read what the handler left of a body before it
// answered, so a client that sent its headers only never got an answer.
func TestBodiesAreRefusedUnread(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	addr := serveWith(t, h, Limits{Read: 10 * time.Second})
	for _, tc := range []struct {
		name, head string
		status     int
		allow      string
	}{
		{"GET with a length", "GET / HTTP/1.1\r\nContent-Length: 100000\r\n", http.StatusRequestEntityTooLarge, ""},
		{"HEAD with a length", "HEAD /web/designer.css HTTP/1.1\r\nContent-Length: 100000\r\n", http.StatusRequestEntityTooLarge, ""},
		{"GET chunked", "GET /catalogue HTTP/1.1\r\nTransfer-Encoding: chunked\r\n", http.StatusRequestEntityTooLarge, ""},
		{"GET expecting 100-continue", "GET / HTTP/1.1\r\nContent-Length: 100000\r\nExpect: 100-continue\r\n", http.StatusRequestEntityTooLarge, ""},
		{"POST", "POST / HTTP/1.1\r\nContent-Length: 100000\r\n", http.StatusMethodNotAllowed, "GET, HEAD"},
		{"PUT chunked", "PUT /web/designer.css HTTP/1.1\r\nTransfer-Encoding: chunked\r\n", http.StatusMethodNotAllowed, "GET, HEAD"},
	} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		start := time.Now()
		// The headers, and not a byte of the body they announce.
		io.WriteString(conn, tc.head+"Host: x\r\n\r\n")
		conn.SetReadDeadline(time.Now().Add(2 * time.Second))
		method, _, _ := strings.Cut(tc.head, " ")
		resp, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
		if err != nil {
			t.Errorf("%s: no answer before the body: %v", tc.name, err)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != tc.status || resp.Header.Get("Allow") != tc.allow || !resp.Close ||
			resp.Header.Get("X-Content-Type-Options") != "nosniff" || (method != "HEAD" && !strings.Contains(string(body), "GET and HEAD")) {
			t.Errorf("%s: %d, Allow %q, close %v, %.200q; want %d, Allow %q, the connection closed and why",
				tc.name, resp.StatusCode, resp.Header.Get("Allow"), resp.Close, body, tc.status, tc.allow)
		}
		if !closedWithin(conn, 2*time.Second) {
			t.Errorf("%s: the connection stayed open", tc.name)
		} else if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: closed after %v", tc.name, d)
		}
	}
	// Without a body, or with an empty one, pages are served as before.
	for _, head := range []string{"GET /web/designer.css HTTP/1.1\r\n", "GET /web/designer.css HTTP/1.1\r\nContent-Length: 0\r\n"} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		io.WriteString(conn, head+"Host: x\r\n\r\n")
		conn.SetReadDeadline(time.Now().Add(2 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil || resp.StatusCode != http.StatusOK || resp.Close {
			t.Errorf("%q: %v %v", head, resp, err)
		}
	}
}

// An answer quotes at most 60 characters of the address it was asked for
// (diag.Clip), whatever route gives it: a 30 KB unknown id got a 62 KB 404
// page, the address twice over, and a markdown 404 or a redirect repeated it
// too. A redirect's Location names the whole address, as it must. An
// address over 8 KiB is refused (414), quoting none of it.
func TestAnswersQuoteTheAddressClipped(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	addr := serveWith(t, h, Limits{})
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	id := strings.Repeat("x", 7<<10)
	clipped := strings.Repeat("x", 20) + "…"
	for _, tc := range []struct {
		path   string
		status int
		says   string
	}{
		{"/catalogue/components/" + id, http.StatusNotFound, "No such catalogue page"},
		{"/catalogue/kinds/" + id[:3<<10] + "?q=" + id[:3<<10], http.StatusNotFound, "No such catalogue page"},
		{"/catalogue?q=" + id + id, http.StatusRequestURITooLong, "addresses are limited to 8192"},
		{"/catalogue/components/" + id + id, http.StatusRequestURITooLong, "addresses are limited to 8192"},
		{"/catalogue/" + id, http.StatusNotFound, "No such catalogue page"},
		{"/catalogue/components/" + id + ".md", http.StatusNotFound, "no catalogue page at /catalogue/components/xxx"},
		{"/catalogue/components//" + id, http.StatusTemporaryRedirect, ""},
		{"/schema/" + id, http.StatusNotFound, "not found"},
		{"/web/" + id, http.StatusNotFound, "not found"},
		{"/" + id, http.StatusNotFound, "not found"},
		{"/web/a/../" + id, http.StatusBadRequest, "bad path"},
	} {
		resp, err := client.Get("http://" + addr + tc.path)
		if err != nil {
			t.Fatalf("%.40s…: %v", tc.path, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status || !strings.Contains(string(body), tc.says) {
			t.Errorf("%.40s…: %d %.300q, want %d saying %q", tc.path, resp.StatusCode, body, tc.status, tc.says)
		}
		if loc := resp.Header.Get("Location"); tc.status == http.StatusTemporaryRedirect && loc != "/catalogue/components/"+id {
			t.Errorf("%.40s…: a redirect to %.60q…, not the whole address cleaned", tc.path, loc)
		}
		if n := longestRun(string(body), 'x'); n > 60 {
			t.Errorf("%.40s…: %d, %d bytes, which quote %d characters of the address", tc.path, resp.StatusCode, len(body), n)
		}
		if tc.says != "" && strings.Contains(tc.says, "page") && !strings.Contains(string(body), clipped) {
			t.Errorf("%.40s…: the address is not quoted, clipped, in %.300q", tc.path, body)
		}
	}
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := range len(s) {
		if s[i] != c {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return longest
}

// BenchmarkUnknownAddress answers addresses of a 7 KB unknown id (the
// longest an address may be is 8 KiB): the catalogue's 404 page, its
// markdown 404 and a redirect ServeMux makes to clean the address; and the
// refusal of a 30 KB one. B/answer is what the client gets back.
func BenchmarkUnknownAddress(b *testing.B) {
	h, err := New(webFixture(b), with(b, Options{}))
	if err != nil {
		b.Fatal(err)
	}
	id := strings.Repeat("x", 7<<10)
	for _, bc := range []struct{ name, path string }{
		{"page", "/catalogue/components/" + id},
		{"markdown", "/catalogue/components/" + id + ".md"},
		{"redirect", "/catalogue/components//" + id},
		{"too-long", "/catalogue/components/" + strings.Repeat("x", 30<<10)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var answer int
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", bc.path, nil))
				answer = rec.Body.Len()
			}
			b.ReportMetric(float64(answer), "B/answer")
		})
	}
}
