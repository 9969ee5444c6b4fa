package workspace

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/golang-jwt/jwt/v5"

	"github.com/archdesigner/designer/catalogue"
)

// testCodec stands in for catalogue/patch: a change adds a node
// ({"op":"add","node":"x","component":"kafka"}) or sets the description
// ({"op":"describe","text":"…"}) or leaves it as it is ({"op":"touch","pad":"…"},
// a large change for the slow client's test); adding a node that is there fails, so
// a change applied twice shows.
type testCodec struct{}

type testChange struct {
	Op        string `json:"op"`
	Node      string `json:"node,omitempty"`
	Component string `json:"component,omitempty"`
	Text      string `json:"text,omitempty"`
	Pad       string `json:"pad,omitempty"`
}

func (testCodec) Check(change []byte) (string, error) {
	var c testChange
	if err := json.Unmarshal(change, &c); err != nil {
		return "", err
	}
	if c.Op != "add" && c.Op != "describe" && c.Op != "touch" {
		return "", fmt.Errorf("op %q is not add, describe or touch", c.Op)
	}
	return "", nil
}

func (testCodec) Apply(design, change []byte) ([]byte, error) {
	var c testChange
	if err := json.Unmarshal(change, &c); err != nil {
		return nil, err
	}
	d, errs := catalogue.ParseDesign("design.yaml", design)
	if len(errs) > 0 {
		return nil, errs
	}
	switch c.Op {
	case "add":
		for _, n := range d.Nodes {
			if n.ID == c.Node {
				return nil, fmt.Errorf("node %s is already there", c.Node)
			}
		}
		d.Nodes = append(d.Nodes, catalogue.Node{ID: c.Node, Component: c.Component})
	case "describe":
		d.Description = c.Text
	case "touch":
		return design, nil
	default:
		return nil, fmt.Errorf("op %q", c.Op)
	}
	return catalogue.EncodeDesignYAML(d), nil
}

func addChange(node string) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"op":"add","node":%q,"component":"kafka"}`, node))
}

const firstDesign = "nodes:\n  - id: api\n    component: kafka\n"

var (
	testCatalogueOnce sync.Once
	testCatalogue     *catalogue.Catalogue
)

func loadCatalogue(t testing.TB) *catalogue.Catalogue {
	testCatalogueOnce.Do(func() {
		cat, err := catalogue.LoadEmbedded()
		if err != nil {
			panic(err)
		}
		testCatalogue = cat
	})
	return testCatalogue
}

// testSecret signs the tests' tokens (HS256).
var testSecret = []byte("0123456789abcdef0123456789abcdef")

func token(t testing.TB, user string, exp time.Duration) string {
	t.Helper()
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": user, "name": strings.ToUpper(user), "exp": time.Now().Add(exp).Unix()}).SignedString(testSecret)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// testServer is a workspace on the embedded server behind an HTTP server on
// a random loopback port.
type testServer struct {
	ws  *Workspace
	srv *httptest.Server
	url string
}

func open(t testing.TB, dir string, auth Auth, limits Limits) *testServer {
	t.Helper()
	ws, err := Open(Config{Dir: dir, Catalogue: loadCatalogue(t), Codec: testCodec{}, Auth: auth, Limits: limits})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ws.Handler())
	ts := &testServer{ws: ws, srv: srv, url: srv.URL}
	t.Cleanup(ts.close)
	return ts
}

func (ts *testServer) close() {
	ts.srv.CloseClientConnections()
	ts.srv.Close()
	ts.ws.Close()
}

func jwtAuth() Auth { return Auth{Key: testSecret} }

// call makes one API request as the bearer of tok and decodes the answer.
func call(t testing.TB, base, method, path, tok string, body any, out any) int {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, base+path, r)
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode
}

func create(t testing.TB, ts *testServer, tok string) string {
	t.Helper()
	var d Design
	if code := call(t, ts.url, "POST", "/api/workspace/designs", tok, map[string]string{"name": "Orders", "design": firstDesign}, &d); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	return d.ID
}

func share(t testing.TB, ts *testServer, tok, id string, members ...Member) {
	t.Helper()
	if code := call(t, ts.url, "PUT", "/api/workspace/designs/"+id+"/members", tok, map[string]any{"members": members}, nil); code != http.StatusOK {
		t.Fatalf("members: %d", code)
	}
}

// readDesign reads a design, asking again for up to 20 s while the store
// is busy (503), as a client does while a cluster elects new leaders.
func readDesign(t testing.TB, ts *testServer, tok, id string) Design {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var d Design
		code := call(t, ts.url, "GET", "/api/workspace/designs/"+id, tok, nil, &d)
		if code == http.StatusOK {
			return d
		}
		if code != http.StatusServiceUnavailable || time.Now().After(deadline) {
			t.Fatalf("read: %d", code)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// liveClient is a WebSocket client that keeps the design as it learns it:
// it applies each change in stream order, as the editor will.
type liveClient struct {
	t       testing.TB
	conn    *websocket.Conn
	mu      sync.Mutex
	design  []byte
	seq     uint64
	acks    map[string]uint64
	refused map[string]*ProtocolError
	closed  error
	msgs    chan ServerMessage
}

func dial(t testing.TB, ts *testServer, id, tok string, since uint64, design []byte) (*liveClient, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.url, "http") + "/api/workspace/designs/" + id + "/live"
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(16 << 20)
	hello, _ := json.Marshal(ClientMessage{Type: "hello", Since: since, Token: tok})
	if err := conn.Write(ctx, websocket.MessageText, hello); err != nil {
		return nil, err
	}
	c := &liveClient{t: t, conn: conn, design: design, seq: since, acks: map[string]uint64{}, refused: map[string]*ProtocolError{}, msgs: make(chan ServerMessage, 10000)}
	go c.read()
	t.Cleanup(func() { conn.CloseNow() })
	// The first answer: the welcome, or a close.
	select {
	case m, ok := <-c.msgs:
		if ok && m.Type != "welcome" {
			return nil, fmt.Errorf("the first message is %+v, not a welcome", m)
		}
	case <-time.After(15 * time.Second):
		return nil, errors.New("no welcome in 15 s")
	}
	return c, nil
}

func (c *liveClient) read() {
	for {
		_, data, err := c.conn.Read(context.Background())
		if err != nil {
			c.mu.Lock()
			c.closed = err
			c.mu.Unlock()
			close(c.msgs)
			return
		}
		var m ServerMessage
		if err := json.Unmarshal(data, &m); err != nil {
			panic(err)
		}
		c.mu.Lock()
		switch m.Type {
		case "snapshot":
			c.design, c.seq = []byte(m.Design), m.Seq
		case "change":
			if m.Seq <= c.seq {
				panic(fmt.Sprintf("change %d after %d", m.Seq, c.seq))
			}
			next, err := testCodec{}.Apply(c.design, m.Change)
			if err != nil {
				panic(err)
			}
			c.design, c.seq = next, m.Seq
		case "ack":
			c.acks[m.ID] = m.Seq
		case "refused":
			c.refused[m.ID] = m.Error
		}
		c.mu.Unlock()
		select {
		case c.msgs <- m:
		default:
		}
	}
}

func (c *liveClient) send(id string, change json.RawMessage) error {
	c.mu.Lock()
	base := c.seq
	c.mu.Unlock()
	data, _ := json.Marshal(ClientMessage{Type: "change", ID: id, Base: base, Change: change})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return c.conn.Write(ctx, websocket.MessageText, data)
}

// sendUntilAcked sends a change, and sends it again (same id) while the
// server answers busy or says nothing, as the editor will after a
// reconnect, until it is acked.
func (c *liveClient) sendUntilAcked(id string, change json.RawMessage) error {
	deadline := time.Now().Add(25 * time.Second)
	for time.Now().Before(deadline) {
		if err := c.send(id, change); err != nil {
			return err
		}
		wait := time.Now().Add(12 * time.Second) // the server answers within 10 s
		for time.Now().Before(wait) {
			c.mu.Lock()
			_, acked := c.acks[id]
			refused := c.refused[id]
			delete(c.refused, id)
			closed := c.closed
			c.mu.Unlock()
			switch {
			case acked:
				return nil
			case closed != nil:
				return fmt.Errorf("change %s: the connection closed: %v", id, closed)
			case refused != nil && refused.Code != CodeBusy:
				return fmt.Errorf("change %s refused: %v", id, refused)
			case refused != nil:
				c.t.Logf("change %s: %v; sending it again", id, refused)
				wait = time.Now()
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	return fmt.Errorf("change %s was not acked in 25 s", id)
}

// waitFor waits until cond holds of the client's state.
func (c *liveClient) waitFor(what string, cond func(c *liveClient) bool) {
	c.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		ok := cond(c)
		c.mu.Unlock()
		if ok {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t.Fatalf("waited 10 s for %s; seq %d, acks %v, refused %v, closed %v", what, c.seq, c.acks, c.refused, c.closed)
}

// closeStatus is the code and reason the server closed with.
func (c *liveClient) closeStatus() (websocket.StatusCode, string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var ce websocket.CloseError
	if errors.As(c.closed, &ce) {
		return ce.Code, ce.Reason
	}
	return -1, fmt.Sprint(c.closed)
}

func edKey(t testing.TB) (ed25519.PublicKey, ed25519.PrivateKey) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	return pub, priv
}
