package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// WebSocket close codes besides the standard ones. A client that gets
// closeResync reconnects with the last sequence it has.
const (
	closeGoingAway    = int(websocket.StatusGoingAway)
	closeResync       = 4000 // too slow: messages piled up; reconnect and resync
	closeUnauthorized = 4001 // no valid identity
	closeProtocol     = 4002 // the first message was not a hello
	closeNotFound     = 4004 // no design you may see (deleted, or your access removed)
	closeFull         = 4029 // too many connections to this design
)

// client is one WebSocket connection to one design.
type client struct {
	conn         *websocket.Conn
	user         User
	session      string
	send         chan []byte
	rate         *bucket // the user's on this design, shared (hub.add)
	presenceRate *bucket
	log          *log.Logger // where a drop is told
	design       string

	once   sync.Once
	closed chan struct{}
}

// queue sends data to the client without waiting: a client whose queue is
// full is dropped, to resync, rather than buffered without bound.
func (c *client) queue(data []byte) {
	select {
	case <-c.closed:
	case c.send <- data:
	default:
		go c.drop()
	}
}

// drop closes a client that fell behind. The close frame may not get
// through (its socket is full, which is why it fell behind); the log says.
func (c *client) drop() {
	c.log.Printf("workspace: design %s: dropped %s (session %s): too slow, %d messages queued", c.design, c.user.ID, c.session, len(c.send))
	c.close(closeResync, "too slow: resync from your last sequence")
}

func (c *client) close(code int, reason string) {
	c.once.Do(func() {
		close(c.closed)
		c.conn.Close(websocket.StatusCode(code), reason)
	})
}

// live serves /api/workspace/designs/{id}/live.
func (w *Workspace) live(rw http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	// The HTTP server's deadlines are for requests; a live connection
	// lasts, and its writes have their own (write).
	rc := http.NewResponseController(rw)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	// Until its hello a socket is nobody's: their number is bounded.
	if w.pending.Add(1) > int64(w.limits.PendingHellos) {
		w.pending.Add(-1)
		writeError(rw, &apiError{status: http.StatusServiceUnavailable, Code: CodeBusy, Message: "too many connections are waiting for their hello; try again in a moment"})
		return
	}
	helloDone := sync.OnceFunc(func() { w.pending.Add(-1) })
	defer helloDone()
	conn, err := websocket.Accept(rw, r, nil)
	if err != nil {
		return // Accept answered the request
	}
	conn.SetReadLimit(int64(w.limits.MessageBytes))
	ctx, cancel := context.WithCancel(w.ctx)
	defer cancel()
	c := &client{conn: conn, session: newID(), log: w.log, design: id, send: make(chan []byte, w.limits.Queue), closed: make(chan struct{}),
		presenceRate: newBucket(20, 40)} // rate: the user's, from the hub
	defer c.close(int(websocket.StatusNormalClosure), "")

	// The hello: who, and what the client has.
	helloCtx, cancelHello := context.WithTimeout(ctx, 10*time.Second)
	_, data, err := conn.Read(helloCtx)
	cancelHello()
	helloDone()
	if err != nil {
		return
	}
	hello, perr := DecodeClient(data, w.limits.MessageBytes)
	if perr == nil && hello.Type != "hello" {
		perr = protoErr(CodeNotHello, "the first message must be {\"type\":\"hello\",\"since\":N} (with \"token\" when the server checks tokens)")
	}
	if perr != nil {
		c.close(closeProtocol, perr.Error())
		return
	}
	if c.user, err = w.cfg.Auth.Identify(r, hello.Token); err != nil {
		c.close(closeUnauthorized, clipReason(err.Error()))
		return
	}
	e, _, err := w.entry(ctx, id)
	if err != nil && !errors.Is(err, errNotFound) {
		// The store did not answer: not "not found", which a client takes
		// as final. Whether the design exists is not told either way.
		c.close(int(websocket.StatusTryAgainLater), "the store did not answer; reconnect in a moment")
		return
	}
	if err != nil || e.RoleOf(c.user.ID) == "" {
		c.close(closeNotFound, "not found")
		return
	}
	// A cluster electing new leaders answers "no responders" for a few
	// seconds: the client waits that long rather than reconnect. A hub
	// whose last client left between join and add is joined again.
	var h *hub
	for deadline := time.Now().Add(10 * time.Second); ; {
		h, err = w.join(id)
		if err == nil {
			if err = h.add(c, hello.Since); err == nil {
				break
			}
			h.remove(c)
			if errors.Is(err, errNotFound) {
				c.close(closeNotFound, "not found")
				return
			}
			if !errors.Is(err, errHubStopped) {
				c.close(closeFull, clipReason(err.Error()))
				return
			}
		}
		if errors.Is(err, errNotFound) {
			c.close(closeNotFound, "not found")
			return
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			c.close(int(websocket.StatusTryAgainLater), clipReason(err.Error()))
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	defer func() {
		h.remove(c)
		gone, _ := json.Marshal(ServerMessage{Type: "gone", Session: c.session})
		w.nc.Publish(presencePrefix+id, gone)
	}()
	// A token's connection ends when the token expires, whether or not
	// the client sends anything: it would otherwise go on receiving.
	if !c.user.expires.IsZero() {
		expiry := time.AfterFunc(time.Until(c.user.expires), func() {
			c.close(closeUnauthorized, "your token expired; reconnect with a fresh one")
		})
		defer expiry.Stop()
	}
	go c.write(ctx)
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		c.handle(ctx, w, h, data)
	}
}

// write sends the client's queue; a write that takes longer than 10 s
// drops the client.
func (c *client) write(ctx context.Context) {
	for {
		select {
		case <-c.closed:
			return
		case <-ctx.Done():
			return
		case data := <-c.send:
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.conn.Write(wctx, websocket.MessageText, data)
			cancel()
			if err != nil {
				c.drop()
				return
			}
		}
	}
}

// handle authorizes and carries out one message; refusals go back to the
// client, which stays connected.
func (c *client) handle(ctx context.Context, w *Workspace, h *hub, data []byte) {
	reply := func(m ServerMessage) {
		b, _ := json.Marshal(m)
		c.queue(b)
	}
	m, perr := DecodeClient(data, w.limits.MessageBytes)
	if perr != nil {
		// The id says which change this answers: a client with a change
		// in flight and presence going out cannot tell by order.
		reply(ServerMessage{Type: "error", ID: ChangeIDOf(data), Error: perr})
		return
	}
	if !c.user.expires.IsZero() && time.Now().After(c.user.expires) {
		c.close(closeUnauthorized, "your token expired; reconnect with a fresh one")
		return
	}
	role := h.role(c.user.ID)
	if role == "" {
		c.close(closeNotFound, "not found")
		return
	}
	switch m.Type {
	case "hello":
		reply(ServerMessage{Type: "error", Error: protoErr(CodeBadField, "hello comes once, first")})
	case "change":
		if role == Viewer {
			reply(ServerMessage{Type: "refused", ID: m.ID, Error: protoErr(CodeViewer, "you are a viewer of this design; an owner can make you an editor")})
			return
		}
		if !c.rate.take(time.Now()) {
			reply(ServerMessage{Type: "refused", ID: m.ID, Error: protoErr(CodeRate, "more than %g changes a second; send it again in a moment", w.limits.ChangesPerSecond)})
			return
		}
		if id, err := w.cfg.Codec.Check(m.Change); err != nil {
			reply(ServerMessage{Type: "refused", ID: m.ID, Error: protoErr(CodeBadField, "change %s: %v", m.ID, err)})
			return
		} else if id != "" && id != m.ID {
			reply(ServerMessage{Type: "refused", ID: m.ID, Error: protoErr(CodeBadField, "the message's id %q differs from the change's %q; send the change's id", m.ID, id)})
			return
		}
		// A change is answered within 10 s, stored or busy: the client
		// resends a busy one, and the store keeps it once.
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		seq, perr := h.submit(sctx, c.user, m)
		cancel()
		if perr != nil {
			reply(ServerMessage{Type: "refused", ID: m.ID, Error: perr})
			return
		}
		reply(ServerMessage{Type: "ack", ID: m.ID, Seq: seq})
	case "presence":
		if !c.presenceRate.take(time.Now()) {
			return // presence is a hint: too many are dropped, not refused
		}
		p, _ := json.Marshal(ServerMessage{Type: "presence", Session: c.session, User: c.user.ID, Name: firstNonEmpty(m.Name, c.user.Name), Colour: m.Colour, Pointer: m.Pointer, Selection: m.Selection})
		if err := w.nc.Publish(presencePrefix+h.id, p); err != nil && !errors.Is(err, context.Canceled) {
			w.log.Printf("workspace: presence: %v", err)
		}
	}
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// clipReason keeps a close reason within the 123 bytes a close frame has.
func clipReason(s string) string {
	if len(s) > 120 {
		return strings.ToValidUTF8(s[:117], "") + "..."
	}
	return s
}
