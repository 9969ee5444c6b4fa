package workspace

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/golang-jwt/jwt/v5"
)

// Over HTTP, each user gets what their role allows, someone without access
// gets 404 whatever they try, and bad tokens get 401.
func TestAuthorizationMatrixHTTP(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice, bob, carol, dave := token(t, "alice", time.Hour), token(t, "bob", time.Hour), token(t, "carol", time.Hour), token(t, "dave", time.Hour)
	id := create(t, ts, alice)
	share(t, ts, alice, id, Member{"bob", Editor}, Member{"carol", Viewer})
	d := "/api/workspace/designs/" + id
	members := map[string]any{"members": []Member{{"dave", Editor}}}
	pub, priv := edKey(t)
	_ = pub
	edToken, _ := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.MapClaims{"sub": "alice", "exp": time.Now().Add(time.Hour).Unix()}).SignedString(priv)
	noneToken, _ := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"sub": "alice", "exp": time.Now().Add(time.Hour).Unix()}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	forged, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": "alice", "exp": time.Now().Add(time.Hour).Unix()}).SignedString([]byte("not-the-secret-not-the-secret-xx"))
	noExp, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": "alice"}).SignedString(testSecret)
	for _, c := range []struct {
		name, method, path, tok string
		body                    any
		want                    int
	}{
		{"owner reads", "GET", d, alice, nil, 200},
		{"editor reads", "GET", d, bob, nil, 200},
		{"viewer reads", "GET", d, carol, nil, 200},
		{"stranger reads", "GET", d, dave, nil, 404},
		{"stranger reads history", "GET", d + "/history", dave, nil, 404},
		{"viewer reads history", "GET", d + "/history", carol, nil, 200},
		{"unknown id", "GET", "/api/workspace/designs/000000000000000000", alice, nil, 404},
		{"malformed id", "GET", "/api/workspace/designs/..%2f..", alice, nil, 404},
		{"editor sets members", "PUT", d + "/members", bob, members, 403},
		{"viewer sets members", "PUT", d + "/members", carol, members, 403},
		{"stranger sets members", "PUT", d + "/members", dave, members, 404},
		{"editor deletes", "DELETE", d, bob, nil, 403},
		{"stranger deletes", "DELETE", d, dave, nil, 404},
		{"no token", "GET", d, "", nil, 401},
		{"expired token", "GET", d, token(t, "alice", -time.Hour), nil, 401},
		{"forged token", "GET", d, forged, nil, 401},
		{"token without exp", "GET", d, noExp, nil, 401},
		{"EdDSA token to an HS256 key", "GET", d, edToken, nil, 401},
		{"alg none", "GET", d, noneToken, nil, 401},
		{"garbage token", "GET", d, "abc.def.ghi", nil, 401},
	} {
		if got := call(t, ts.url, c.method, c.path, c.tok, c.body, nil); got != c.want {
			t.Errorf("%s: %s %s answered %d, want %d", c.name, c.method, c.path, got, c.want)
		}
	}
	var list struct{ Designs []Summary }
	call(t, ts.url, "GET", "/api/workspace/designs", dave, nil, &list)
	if len(list.Designs) != 0 {
		t.Errorf("the stranger's list shows %v", list.Designs)
	}
	call(t, ts.url, "GET", "/api/workspace/designs", carol, nil, &list)
	if len(list.Designs) != 1 || list.Designs[0].Role != Viewer {
		t.Errorf("the viewer's list is %+v", list.Designs)
	}
	// The owner deletes: gone for everyone.
	if got := call(t, ts.url, "DELETE", d, alice, nil, nil); got != 200 {
		t.Fatalf("owner deletes: %d", got)
	}
	if got := call(t, ts.url, "GET", d, alice, nil, nil); got != 404 {
		t.Errorf("a deleted design answers %d", got)
	}
}

// Over the WebSocket: a stranger is closed with "not found", a bad token
// with "unauthorized", a viewer's change is refused with the reason, an
// editor's is stored.
func TestAuthorizationMatrixLive(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	share(t, ts, alice, id, Member{"bob", Editor}, Member{"carol", Viewer})
	for _, c := range []struct {
		name, tok string
		code      websocket.StatusCode
	}{
		{"stranger", token(t, "dave", time.Hour), closeNotFound},
		{"expired", token(t, "bob", -time.Hour), closeUnauthorized},
		{"no token", "", closeUnauthorized},
		{"forged", token(t, "bob", time.Hour)[:40] + "x", closeUnauthorized},
	} {
		cl, err := dial(t, ts, id, c.tok, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		cl.waitFor("the close", func(c *liveClient) bool { return c.closed != nil })
		if code, reason := cl.closeStatus(); code != c.code {
			t.Errorf("%s: closed with %d %q, want %d", c.name, code, reason, c.code)
		}
	}
	viewer, _ := dial(t, ts, id, token(t, "carol", time.Hour), 0, []byte(firstDesign))
	viewer.send("v1", addChange("db"))
	viewer.waitFor("the refusal", func(c *liveClient) bool { return c.refused["v1"] != nil })
	if e := viewer.refused["v1"]; e.Code != CodeViewer || !strings.Contains(e.Message, "viewer") {
		t.Errorf("the viewer's change was refused with %+v", e)
	}
	// A token past its exp, taken within the 30 s leeway for clocks apart,
	// is expired by the first change: the connection is closed.
	short, _ := dial(t, ts, id, token(t, "bob", -29*time.Second), 0, []byte(firstDesign))
	short.send("s1", addChange("late"))
	short.waitFor("the close", func(c *liveClient) bool { return c.closed != nil })
	if code, reason := short.closeStatus(); code != closeUnauthorized || short.acks["s1"] != 0 {
		t.Errorf("a token expired while connected: closed with %d %q, acks %v", code, reason, short.acks)
	}
	editor, _ := dial(t, ts, id, token(t, "bob", time.Hour), 0, []byte(firstDesign))
	editor.send("e1", addChange("db"))
	editor.waitFor("the ack", func(c *liveClient) bool { return c.acks["e1"] > 0 })
	// The viewer sees the editor's change; then, removed from the design,
	// is closed with "not found".
	viewer.waitFor("the editor's change", func(c *liveClient) bool { return c.seq == editor.acks["e1"] })
	share(t, ts, alice, id, Member{"bob", Editor})
	viewer.waitFor("the close", func(c *liveClient) bool { return c.closed != nil })
	if code, _ := viewer.closeStatus(); code != closeNotFound {
		t.Errorf("a member removed was closed with %d, want %d", code, closeNotFound)
	}
}

// Two clients editing at once end with the same design, the one the server
// reads, each change applied once.
func TestTwoClientsConverge(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{ChangesPerSecond: 1000, ChangeBurst: 1000})
	alice, bob := token(t, "alice", time.Hour), token(t, "bob", time.Hour)
	id := create(t, ts, alice)
	share(t, ts, alice, id, Member{"bob", Editor})
	a, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	b, _ := dial(t, ts, id, bob, 0, []byte(firstDesign))
	const n = 25
	var wg sync.WaitGroup
	for _, c := range []struct {
		cl   *liveClient
		name string
	}{{a, "a"}, {b, "b"}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range n {
				c.cl.send(fmt.Sprintf("%s-%d", c.name, i), addChange(fmt.Sprintf("%s%d", c.name, i)))
			}
		}()
	}
	wg.Wait()
	all := func(c *liveClient) bool { return len(c.acks)+len(c.refused) == n }
	a.waitFor("a's acks", all)
	b.waitFor("b's acks", all)
	if len(a.refused)+len(b.refused) > 0 {
		t.Fatalf("refused: %v %v", a.refused, b.refused)
	}
	d := readDesign(t, ts, alice, id)
	for _, cl := range []*liveClient{a, b} {
		cl.waitFor("the last change", func(c *liveClient) bool { return c.seq == d.Seq })
		if string(cl.design) != d.Design {
			t.Errorf("a client has\n%s\nthe server\n%s", cl.design, d.Design)
		}
	}
	if got := strings.Count(d.Design, `component: "kafka"`); got != 2*n+1 {
		t.Errorf("the design has %d nodes, want %d", got, 2*n+1)
	}
}

// A change resent (after a reconnect, say) is stored once and acked with
// its first sequence.
func TestResendAppliedOnce(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	a, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	a.send("c-1", addChange("db"))
	a.waitFor("the ack", func(c *liveClient) bool { return c.acks["c-1"] > 0 })
	first := a.acks["c-1"]
	a.conn.Close(websocket.StatusNormalClosure, "")
	// Reconnect as if the ack were lost: from before the change.
	b, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	b.send("c-1", addChange("db"))
	b.waitFor("the ack", func(c *liveClient) bool { return c.acks["c-1"] > 0 || c.refused["c-1"] != nil })
	if b.acks["c-1"] != first {
		t.Errorf("the resend was acked at %d (refused %v), want %d", b.acks["c-1"], b.refused["c-1"], first)
	}
	var h struct{ Changes []Change }
	call(t, ts.url, "GET", "/api/workspace/designs/"+id+"/history", alice, nil, &h)
	if len(h.Changes) != 1 || h.Changes[0].User != "alice" || h.Changes[0].Name != "ALICE" {
		t.Errorf("history: %+v", h.Changes)
	}
}

// Closing the workspace and its embedded server mid-edit, then opening it
// again on the same folder, loses no change that was acked.
func TestRestartLosesNothingAcked(t *testing.T) {
	dir := t.TempDir()
	ts := open(t, dir, jwtAuth(), Limits{ChangesPerSecond: 1000, ChangeBurst: 1000, SnapshotEvery: 7})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	a, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	go func() {
		for i := range 200 {
			if a.send(fmt.Sprintf("c-%d", i), addChange(fmt.Sprintf("n%d", i))) != nil {
				return
			}
		}
	}()
	a.waitFor("some acks", func(c *liveClient) bool { return len(c.acks) >= 20 })
	ts.close()
	a.mu.Lock()
	acked := map[string]uint64{}
	for k, v := range a.acks {
		acked[k] = v
	}
	a.mu.Unlock()
	ts2 := open(t, dir, jwtAuth(), Limits{})
	d := readDesign(t, ts2, alice, id)
	for change := range acked {
		node := "n" + strings.TrimPrefix(change, "c-")
		if !strings.Contains(d.Design, `id: "`+node+`"`) {
			t.Errorf("acked change %s (node %s) is lost", change, node)
		}
	}
	t.Logf("%d changes acked before the restart; the design is at %d", len(acked), d.Seq)
}

// A client that stops reading is dropped with a close that says to resync,
// and the others go on.
func TestSlowClientDropped(t *testing.T) {
	var logged lockedBuffer
	ws, err := Open(Config{Dir: t.TempDir(), Catalogue: loadCatalogue(t), Codec: testCodec{}, Auth: jwtAuth(),
		Limits: Limits{Queue: 4, ChangesPerSecond: 1000, ChangeBurst: 1000}, Log: log.New(&logged, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ws.Handler())
	ts := &testServer{ws: ws, srv: srv, url: srv.URL}
	t.Cleanup(ts.close)
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	slow, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	fast, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	// Stop the slow one's reader by holding its lock: its socket fills.
	slow.mu.Lock()
	big := strings.Repeat("x", 60000)
	for i := range 400 {
		fast.send(fmt.Sprintf("d-%d", i), []byte(fmt.Sprintf(`{"op":"touch","pad":"%s%d"}`, big, i)))
		// One at a time, as the editor sends: the fast client's own
		// queue never holds more than the change and its ack.
		fast.waitFor("the ack", func(c *liveClient) bool { return len(c.acks) == i+1 })
	}
	slow.mu.Unlock()
	slow.waitFor("the drop", func(c *liveClient) bool { return c.closed != nil })
	// The close frame says resync when it gets through; when the socket is
	// full it cannot, and the connection is cut. Either way the server
	// says why it dropped it.
	if code, reason := slow.closeStatus(); code != closeResync && code != -1 || code == closeResync && !strings.Contains(reason, "resync") {
		t.Errorf("the slow client was closed with %d %q, want %d and resync", code, reason, closeResync)
	}
	if !strings.Contains(logged.String(), "dropped alice") || !strings.Contains(logged.String(), "too slow") {
		t.Errorf("the server did not say it dropped the slow client: %q", logged.String())
	}
	fast.waitFor("all acks", func(c *liveClient) bool { return len(c.acks) == 400 })
	if code, _ := fast.closeStatus(); code != -1 {
		t.Errorf("the fast client was closed too: %d", code)
	}
}

// Creating checks the design with the catalogue's reader and bounds what
// one user may own.
func TestCreateRefusals(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{DesignsPerUser: 2, MembersPerDesign: 3})
	alice := token(t, "alice", time.Hour)
	if got := call(t, ts.url, "POST", "/api/workspace/designs", alice, map[string]string{"name": "x", "design": "nodes: [{id: a, component: no-such-product}]"}, nil); got != http.StatusUnprocessableEntity {
		t.Errorf("an invalid design answered %d", got)
	}
	if got := call(t, ts.url, "POST", "/api/workspace/designs", alice, map[string]string{"name": "", "design": firstDesign}, nil); got != http.StatusBadRequest {
		t.Errorf("no name answered %d", got)
	}
	id := create(t, ts, alice)
	create(t, ts, alice)
	if got := call(t, ts.url, "POST", "/api/workspace/designs", alice, map[string]string{"name": "third", "design": firstDesign}, nil); got != http.StatusConflict {
		t.Errorf("a third design answered %d, want 409", got)
	}
	too := map[string]any{"members": []Member{{"a", Viewer}, {"b", Viewer}, {"c", Viewer}, {"d", Viewer}}}
	if got := call(t, ts.url, "PUT", "/api/workspace/designs/"+id+"/members", alice, too, nil); got != http.StatusConflict {
		t.Errorf("too many members answered %d", got)
	}
	bad := map[string]any{"members": []Member{{"a", "admin"}}}
	if got := call(t, ts.url, "PUT", "/api/workspace/designs/"+id+"/members", alice, bad, nil); got != http.StatusBadRequest {
		t.Errorf("an unknown role answered %d", got)
	}
}

// lockedBuffer is a log's buffer that the test reads while servers write.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A hub whose consumer stops delivering (its node lost, the consumer being
// made again while the stream elects a leader) still brings its clients
// another server's changes, from the stream itself, within seconds.
func TestHubCatchesUpWhenItsConsumerStops(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	a, err := dial(t, ts, id, alice, 0, []byte(firstDesign))
	if err != nil {
		t.Fatal(err)
	}
	ts.ws.mu.Lock()
	h := ts.ws.hubs[id]
	ts.ws.mu.Unlock()
	h.consume.Stop()
	// Another server stores a change: only the stream has it.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ack, err := ts.ws.appendChange(ctx, id, 0, record{ID: "elsewhere", User: "bob", Name: "bob", At: time.Now().UTC(), Change: addChange("x")})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	a.waitFor("the other server's change", func(c *liveClient) bool { return c.seq == ack.Sequence })
	t.Logf("the change came %v after it was stored", time.Since(start).Round(time.Millisecond))
}

// TestRoleChangeReachesOpenConnections: a member whose role changes while
// connected is told at once (a role message), and the server acts on the
// new role: a viewer made an editor may change the design.
func TestRoleChangeReachesOpenConnections(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	share(t, ts, alice, id, Member{"carol", Viewer})
	carol, err := dial(t, ts, id, token(t, "carol", time.Hour), 0, []byte(firstDesign))
	if err != nil {
		t.Fatal(err)
	}
	share(t, ts, alice, id, Member{"carol", Editor})
	carol.waitFor("the role message", func(c *liveClient) bool {
		for {
			select {
			case m := <-c.msgs:
				if m.Type == "role" {
					if m.Role != Editor {
						t.Errorf("told role %q, want editor", m.Role)
					}
					return true
				}
			default:
				return false
			}
		}
	})
	if err := carol.sendUntilAcked("c1", addChange("db")); err != nil {
		t.Errorf("the editor's change: %v", err)
	}
}
