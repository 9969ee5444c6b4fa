package server

import (
	"bufio"
	"io"
	"net"
	"net/http"
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
