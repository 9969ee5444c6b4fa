package server

import (
	"net/http"
	"time"
)

// Limits are how long the server waits on a client and how much of a
// request it reads. HTTPServer takes a zero field from DefaultLimits.
type Limits struct {
	// Header is how long a client has to send a request's headers.
	Header time.Duration
	// Read is how long a client has to send a whole request, its body
	// included: whatever reads a body (a handler, or net/http draining what
	// a handler left before it answers) stops then, and the connection is
	// closed.
	Read time.Duration
	// Idle is how long a keep-alive connection may wait for its next request.
	Idle time.Duration
	// Stall is how long a response may go without the client taking any of
	// it: a slow link fetching app.wasm keeps going for as long as it makes
	// progress, a client that stopped reading is dropped.
	Stall time.Duration
	// HeaderBytes bounds a request's headers (a 1 MB Host is refused).
	HeaderBytes int
}

// DefaultLimits are what `designer serve` uses.
func DefaultLimits() Limits {
	return Limits{Header: 10 * time.Second, Read: 30 * time.Second, Idle: 60 * time.Second, Stall: 30 * time.Second, HeaderBytes: 32 << 10}
}

// HTTPServer returns the http.Server that serves h within limits. The
// server, not the mux, answers "OPTIONS *" by default; here h does, so that
// it gets the security headers too.
func HTTPServer(h http.Handler, limits Limits) *http.Server {
	def := DefaultLimits()
	for _, f := range []struct{ v, d *time.Duration }{{&limits.Header, &def.Header}, {&limits.Read, &def.Read}, {&limits.Idle, &def.Idle}, {&limits.Stall, &def.Stall}} {
		if *f.v <= 0 {
			*f.v = *f.d
		}
	}
	if limits.HeaderBytes <= 0 {
		limits.HeaderBytes = def.HeaderBytes
	}
	return &http.Server{
		Handler:                      progress(h, limits.Stall),
		ReadHeaderTimeout:            limits.Header,
		ReadTimeout:                  limits.Read,
		IdleTimeout:                  limits.Idle,
		MaxHeaderBytes:               limits.HeaderBytes,
		DisableGeneralOptionsHandler: true,
	}
}

// progress gives each response a write deadline of stall from now, moved on
// by every write: a response ends only when its client stops taking it. A
// request without a body is read by then, so its read deadline is lifted: a
// long download must not end the connection's background read. A request
// with a body keeps the Read limit, which bounds the body too: net/http reads
// what the handler left of it before answering, and a body trickled 10 bytes
// a second kept the connection for hours once the deadline was lifted. The
// write deadline is cleared when the handler returns, so that the
// connection's next answer (or net/http's own, such as a 431) starts afresh.
func progress(next http.Handler, stall time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if !hasBody(r) {
			rc.SetReadDeadline(time.Time{})
		}
		defer rc.SetWriteDeadline(time.Time{})
		pw := &progressWriter{ResponseWriter: w, rc: rc, stall: stall}
		pw.extend()
		next.ServeHTTP(pw, r)
	})
}

// hasBody reports whether r announces a body: a length above zero, or
// chunks (a length of -1).
func hasBody(r *http.Request) bool { return r.ContentLength != 0 }

type progressWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

func (w *progressWriter) extend() { w.rc.SetWriteDeadline(time.Now().Add(w.stall)) }

func (w *progressWriter) Write(b []byte) (int, error) {
	// Large writes in pieces, each with its own deadline.
	const piece = 64 << 10
	n := 0
	for len(b) > 0 {
		k := min(len(b), piece)
		w.extend()
		m, err := w.ResponseWriter.Write(b[:k])
		n += m
		if err != nil {
			return n, err
		}
		b = b[k:]
	}
	return n, nil
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *progressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
