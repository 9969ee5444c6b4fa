package server

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serveWith runs h behind HTTPServer with limits on a loopback port.
func serveWith(t *testing.T, h http.Handler, limits Limits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := HTTPServer(h, limits)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

var shortLimits = Limits{Header: 300 * time.Millisecond, Read: time.Second, Idle: 300 * time.Millisecond, Stall: 300 * time.Millisecond, HeaderBytes: 8 << 10}

// closedWithin reports whether the server closes conn within d.
func closedWithin(conn net.Conn, d time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, conn)
	var ne net.Error
	return err == nil || !(errors.As(err, &ne) && ne.Timeout())
}

// Idle keep-alive connections and clients that never finish their headers
// are dropped: 690 of them used to hold every file descriptor for ever.
func TestIdleAndSlowClientsAreDropped(t *testing.T) {
	addr := serveWith(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }), shortLimits)
	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	io.WriteString(idle, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(idle), nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("first request: %v %v", resp, err)
	}
	if !closedWithin(idle, 3*time.Second) {
		t.Error("an idle keep-alive connection stayed open")
	}
	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	io.WriteString(slow, "GET / HTTP/1.1\r\nHost: x\r\n")
	if !closedWithin(slow, 3*time.Second) {
		t.Error("a client that never ended its headers stayed connected")
	}
}

// A client that stops reading is dropped once a response stalls; one that
// reads steadily gets all of it, however long that takes.
func TestStalledResponsesEnd(t *testing.T) {
	const size = 64 << 20
	result := make(chan error, 1)
	addr := serveWith(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		chunk := make([]byte, 1<<20)
		for written := 0; written < size; written += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				result <- err
				return
			}
		}
		result <- nil
	}), shortLimits)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	select {
	case err := <-result:
		if err == nil {
			t.Error("64 MB were written to a client that read none of it")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the response to a client that reads nothing never ended")
	}

	// Steady: 64 KB every 10 ms, a transfer that lasts longer than Stall.
	// This server's Stall is a second, not 300 ms, so that a busy machine's
	// pause between two reads is not taken for a stalled client.
	steadyLimits := shortLimits
	steadyLimits.Stall = time.Second
	steadyAddr := serveWith(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		chunk := make([]byte, 1<<20)
		for written := 0; written < size; written += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}), steadyLimits)
	steady, err := net.Dial("tcp", steadyAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer steady.Close()
	io.WriteString(steady, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	r := bufio.NewReader(steady)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64<<10)
	got := 0
	for got < size/4 { // about 2.6 s, longer than Stall
		n, err := io.ReadFull(resp.Body, buf)
		got += n
		if err != nil {
			t.Fatalf("after %d bytes: %v", got, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Headers over the limit are refused, whatever header carries them.
func TestLargeHeadersAreRefused(t *testing.T) {
	addr := serveWith(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }), shortLimits)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET / HTTP/1.1\r\nHost: "+strings.Repeat("h", 64<<10)+"\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil || resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a 64 KB Host: %v %v", resp, err)
	}
}

// "OPTIONS *" reaches the handler, which answers with the security headers.
func TestOptionsStarIsHardened(t *testing.T) {
	h, err := New(webFixture(t), with(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	addr := serveWith(t, h, shortLimits)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil || resp.Header.Get("Content-Security-Policy") == "" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("OPTIONS *: %v %v", resp, err)
	}
}

// trickle sends a request's headers announcing a body of 100,000 bytes, then
// 10 bytes of it every 100 ms, until the connection fails or the test ends.
func trickle(t *testing.T, addr, head string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := io.WriteString(conn, head+"Host: x\r\nContent-Length: 100000\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if _, err := io.WriteString(conn, "0123456789"); err != nil {
					return
				}
			}
		}
	}()
	return conn
}

// trickleLimits end a request 400 ms after it starts.
var trickleLimits = Limits{Header: 300 * time.Millisecond, Read: 400 * time.Millisecond, Idle: 300 * time.Millisecond, Stall: 300 * time.Millisecond, HeaderBytes: 8 << 10}

// A body sent 10 bytes a second ends with the request's Read limit, like
// slow headers: the read deadline used to be lifted once the headers were
// in, and net/http, reading what the handler left of a body before it
// answers, kept such a connection for hours. The handler here ignores the
// body, as every one of this server's does.
func TestTrickledBodyEndsWithTheReadLimit(t *testing.T) {
	addr := serveWith(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }), trickleLimits)
	start := time.Now()
	conn := trickle(t, addr, "POST / HTTP/1.1\r\n")
	if !closedWithin(conn, trickleLimits.Read+time.Second) {
		t.Fatalf("a trickled body kept its connection open %v, past the Read limit of %v", time.Since(start).Round(time.Millisecond), trickleLimits.Read)
	}
}

// A hundred trickled bodies at once are all closed by the Read limit.
func TestManyTrickledBodiesEnd(t *testing.T) {
	addr := serveWith(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }), trickleLimits)
	const clients = 100
	conns := make([]net.Conn, clients)
	for i := range conns {
		conns[i] = trickle(t, addr, "GET / HTTP/1.1\r\n")
	}
	open := make(chan int, clients)
	for i, conn := range conns {
		go func() {
			if !closedWithin(conn, trickleLimits.Read+time.Second) {
				open <- i
				return
			}
			open <- -1
		}()
	}
	stayed := 0
	for range conns {
		if <-open >= 0 {
			stayed++
		}
	}
	if stayed > 0 {
		t.Errorf("%d of %d trickled bodies kept their connection open past the Read limit of %v", stayed, clients, trickleLimits.Read)
	}
}
