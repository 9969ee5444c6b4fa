//go:build wasm

package main

import (
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	ui "github.com/archdesigner/designer/app"
)

// bearer is the token Authorize gives, in memory only: never stored, so
// it goes with the page.
type bearer struct {
	mu    sync.Mutex
	token string
}

// Authorize makes token go in Authorization: Bearer on every Request from
// now on ("" for none).
func (b *browser) Authorize(token string) {
	b.bearer.mu.Lock()
	b.bearer.token = token
	b.bearer.mu.Unlock()
}

// Request calls the serving host's workspace API with fetch: method, a
// path under /api/workspace/, and a JSON body (none when nil), with the
// token Authorize gave, if any. done gets the status and the body, or
// status 0 and an error when no answer came.
func (b *browser) Request(method, path string, body []byte, done func(status int, data []byte, err error)) {
	if app.Getenv(ui.WorkspaceEnv) == "" {
		done(0, nil, ui.ErrNoWorkspace)
		return
	}
	if !strings.HasPrefix(path, "/api/workspace/") {
		done(0, nil, errors.New("the workspace's API is under /api/workspace/"))
		return
	}
	fetch, err := safejs.Global().Get("fetch")
	if err != nil {
		done(0, nil, err)
		return
	}
	init := map[string]any{"method": method, "credentials": "same-origin", "cache": "no-store"}
	headers := map[string]any{}
	if body != nil {
		init["body"] = string(body)
		headers["Content-Type"] = "application/json"
	}
	b.bearer.mu.Lock()
	if b.bearer.token != "" {
		headers["Authorization"] = "Bearer " + b.bearer.token
	}
	b.bearer.mu.Unlock()
	if len(headers) > 0 {
		init["headers"] = headers
	}
	promise, err := fetch.Invoke(path, init)
	if err != nil {
		done(0, nil, err)
		return
	}
	await(promise, func(resp safejs.Value) {
		sv, _ := resp.Get("status")
		status, _ := sv.Int()
		text, err := resp.Call("text")
		if err != nil {
			done(0, nil, err)
			return
		}
		await(text, func(t safejs.Value) {
			s, err := t.String()
			done(status, []byte(s), err)
		}, func(err error) { done(0, nil, err) })
	}, func(err error) { done(0, nil, err) })
}

// socket is a WebSocket to the serving host that reconnects with backoff
// until closed.
type socket struct {
	url string
	ev  ui.SocketEvents

	mu     sync.Mutex
	ws     safejs.Value
	open   bool
	closed bool
	// retry says when to connect again (ui.Reconnect); taken is when the
	// server took this connection's hello (zero until it does).
	retry   ui.Reconnect
	taken   time.Time
	funcs   []safejs.Func
	pending *time.Timer
}

// Dial opens the WebSocket at path on the serving host (ws: or wss: as the
// page is served), and keeps it open.
func (*browser) Dial(path string, ev ui.SocketEvents) ui.Socket {
	s := &socket{ev: ev}
	loc, err := safejs.Global().Get("location")
	if err == nil {
		proto, _ := loc.Get("protocol")
		host, _ := loc.Get("host")
		p, _ := proto.String()
		h, _ := host.String()
		scheme := "ws:"
		if p == "https:" {
			scheme = "wss:"
		}
		s.url = scheme + "//" + h + path
	}
	go s.connect()
	return s
}

func (s *socket) connect() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.release()
	s.taken = time.Time{}
	ctor, err := safejs.Global().Get("WebSocket")
	var ws safejs.Value
	if err == nil {
		ws, err = ctor.New(s.url)
	}
	if err != nil {
		s.mu.Unlock()
		s.lost(0, err.Error())
		return
	}
	s.ws = ws
	on := func(name string, f func(ev safejs.Value)) {
		fn, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
			if len(args) > 0 {
				f(args[0])
			}
			return nil
		})
		if err == nil {
			s.funcs = append(s.funcs, fn)
			ws.Set("on"+name, fn.Value())
		}
	}
	on("open", func(safejs.Value) {
		s.mu.Lock()
		if s.ws.Equal(ws) {
			s.open = true
		}
		s.mu.Unlock()
		s.ev.Open()
	})
	on("message", func(e safejs.Value) {
		data, err := e.Get("data")
		if err != nil || data.Type() != safejs.TypeString {
			return
		}
		text, _ := data.String()
		// The server took the hello (it answers nothing else first): how
		// long the connection lasts counts from now (see ui.Reconnect).
		// Counted from the socket's opening, a server that leaves the
		// hello unanswered until its own timeout (10 s) would look like
		// one that kept the connection.
		s.mu.Lock()
		if s.ws.Equal(ws) && s.taken.IsZero() {
			s.taken = time.Now()
		}
		s.mu.Unlock()
		s.ev.Message(text)
	})
	on("close", func(e safejs.Value) {
		cv, _ := e.Get("code")
		code, _ := cv.Int()
		rv, _ := e.Get("reason")
		reason, _ := rv.String()
		s.mu.Lock()
		current := s.ws.Equal(ws)
		s.mu.Unlock()
		if current {
			s.lost(code, reason)
		}
	})
	s.mu.Unlock()
}

// lost schedules a reconnect after the socket closed with code, unless
// the code says it cannot help or Close was called.
func (s *socket) lost(code int, reason string) {
	s.mu.Lock()
	s.open = false
	if s.closed {
		s.mu.Unlock()
		return
	}
	var lasted time.Duration
	if !s.taken.IsZero() {
		lasted = time.Since(s.taken)
	}
	wait := s.retry.Lost(code, lasted)
	if wait < 0 {
		s.closed = true
		s.release() // no reconnect: its handlers are not needed again
	} else {
		// Up to a quarter of jitter, so that clients dropped together do
		// not come back together.
		wait += time.Duration(rand.Int64N(int64(wait/4) + 1))
		s.pending = time.AfterFunc(wait, s.connect)
	}
	s.mu.Unlock()
	s.ev.Closed(code, reason, wait)
}

// Send writes text when the socket is open; it says false when it is not
// (the live session sends again after the next Open).
func (s *socket) Send(text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.open || s.closed {
		return false
	}
	_, err := s.ws.Call("send", text)
	return err == nil
}

// Close closes the socket for good.
func (s *socket) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.closed, s.open = true, false
	if s.pending != nil {
		s.pending.Stop()
	}
	if !s.ws.IsUndefined() {
		s.ws.Call("close", 1000, "closed")
	}
	// Its handlers go with it: each design opened live would leave three.
	s.release()
}

// release frees the handlers of the previous connection.
func (s *socket) release() {
	if !s.ws.IsUndefined() {
		for _, name := range []string{"onopen", "onmessage", "onclose"} {
			s.ws.Set(name, nil)
		}
	}
	for _, f := range s.funcs {
		f.Release()
	}
	s.funcs = nil
}
