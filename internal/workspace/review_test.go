package workspace

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/golang-jwt/jwt/v5"
)

// A local server is reached by a hostile page through DNS rebinding: its
// name resolves to 127.0.0.1, so the request comes from loopback, is
// same-origin to the page, and names the page's host. Only a loopback
// Host is the local user.
func TestLocalRefusesForeignHost(t *testing.T) {
	ts := open(t, t.TempDir(), Auth{}, Limits{})
	req, _ := http.NewRequest("GET", ts.url+"/api/workspace/me", nil)
	req.Host = "rebind.evil.example:80"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a rebound Host got %d, want 401", resp.StatusCode)
	}
	for _, host := range []string{"localhost:8000", "127.0.0.1:8000", "[::1]:8000", "localhost"} {
		r := httptest.NewRequest("GET", "/api/workspace/me", nil)
		r.RemoteAddr, r.Host = "127.0.0.1:5000", host
		if _, err := (Auth{}).Identify(r, ""); err != nil {
			t.Errorf("Host %s: %v", host, err)
		}
	}
	// The WebSocket too: the Origin matches the (rebound) Host.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.url, "http") + "/api/workspace/designs/000000000000000000/live"
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Host: "rebind.evil.example", HTTPHeader: http.Header{"Origin": {"http://rebind.evil.example"}}})
	if err != nil {
		return // refused at the upgrade: fine
	}
	defer conn.CloseNow()
	hello, _ := json.Marshal(ClientMessage{Type: "hello"})
	conn.Write(ctx, websocket.MessageText, hello)
	_, _, err = conn.Read(ctx)
	var ce websocket.CloseError
	if !asClose(err, &ce) || ce.Code != closeUnauthorized {
		t.Errorf("a rebound WebSocket: %v, want close %d", err, closeUnauthorized)
	}
}

func asClose(err error, ce *websocket.CloseError) bool {
	c := websocket.CloseStatus(err)
	if c == -1 {
		return false
	}
	ce.Code = c
	return true
}

// A hostile page can make a browser POST text/plain (no preflight) with the
// user's cookies, which a proxy turns into its header; state-changing
// routes take only JSON, and refuse another site's Origin.
func TestStateChangingRefusesCrossSite(t *testing.T) {
	ts := open(t, t.TempDir(), Auth{}, Limits{})
	body := `{"name":"csrf","design":"nodes:\n  - id: api\n    component: kafka\n"}`
	for _, c := range []struct {
		name, ctype, origin string
		want                int
	}{
		{"text/plain", "text/plain", "", http.StatusUnsupportedMediaType},
		{"form", "application/x-www-form-urlencoded", "", http.StatusUnsupportedMediaType},
		{"other origin", "application/json", "https://evil.example", http.StatusForbidden},
		{"null origin", "application/json", "null", http.StatusForbidden},
		{"same origin", "application/json", ts.url, http.StatusCreated},
		{"no origin (not a browser)", "application/json; charset=utf-8", "", http.StatusCreated},
	} {
		req, _ := http.NewRequest("POST", ts.url+"/api/workspace/designs", strings.NewReader(body))
		req.Header.Set("Content-Type", c.ctype)
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%s: %d, want %d", c.name, resp.StatusCode, c.want)
		}
	}
	// DELETE from another site, too.
	req, _ := http.NewRequest("DELETE", ts.url+"/api/workspace/designs/000000000000000000", nil)
	req.Header.Set("Origin", "https://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a cross-site DELETE: %d, want 403", resp.StatusCode)
	}
}

// A live connection ends when its token expires, even when it sends
// nothing: it would otherwise go on receiving the design's changes.
func TestIdleConnectionClosedAtExpiry(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	share(t, ts, alice, id, Member{"bob", Viewer})
	// Within the 30 s leeway: taken, and expired 1 s later.
	tok := token(t, "bob", -29*time.Second)
	cl, err := dial(t, ts, id, tok, 0, []byte(firstDesign))
	if err != nil {
		t.Fatal(err)
	}
	cl.waitFor("the close", func(c *liveClient) bool { return c.closed != nil })
	if code, reason := cl.closeStatus(); code != closeUnauthorized {
		t.Errorf("closed with %d %q, want %d", code, reason, closeUnauthorized)
	}
}

// A token issued in the future (iat), or not yet valid (nbf), is refused;
// so is one far larger than any portal's.
func TestTokenTimesAndSize(t *testing.T) {
	sign := func(c jwt.MapClaims) string {
		s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(testSecret)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	exp := time.Now().Add(time.Hour).Unix()
	future := time.Now().Add(10 * time.Minute).Unix()
	for name, tok := range map[string]string{
		"iat in the future": sign(jwt.MapClaims{"sub": "ada", "exp": exp, "iat": future}),
		"nbf in the future": sign(jwt.MapClaims{"sub": "ada", "exp": exp, "nbf": future}),
		"no exp":            sign(jwt.MapClaims{"sub": "ada"}),
		"alg none":          "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0." + strings.Split(sign(jwt.MapClaims{"sub": "ada", "exp": exp}), ".")[1] + ".",
		"huge":              sign(jwt.MapClaims{"sub": "ada", "exp": exp, "pad": strings.Repeat("x", 64<<10)}),
	} {
		r := httptest.NewRequest("GET", "/api/workspace/me", nil)
		r.RemoteAddr = "192.0.2.1:5000"
		r.Header.Set("Authorization", "Bearer "+tok)
		if u, err := (Auth{Key: testSecret}).Identify(r, ""); err == nil {
			t.Errorf("%s: taken as %q", name, u.ID)
		}
	}
}

// history?before=SEQ lists only changes before SEQ, even when the
// design's next change is after another design's.
func TestHistoryBefore(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice := token(t, "alice", time.Hour)
	a, b := create(t, ts, alice), create(t, ts, alice)
	ca, _ := dial(t, ts, a, alice, 0, []byte(firstDesign))
	cb, _ := dial(t, ts, b, alice, 0, []byte(firstDesign))
	if err := ca.sendUntilAcked("a1", addChange("x")); err != nil {
		t.Fatal(err)
	}
	if err := cb.sendUntilAcked("b1", addChange("x")); err != nil {
		t.Fatal(err)
	}
	if err := ca.sendUntilAcked("a2", addChange("y")); err != nil {
		t.Fatal(err)
	}
	var h struct{ Changes []Change }
	before := ca.acks["a2"]
	if code := call(t, ts.url, "GET", "/api/workspace/designs/"+a+"/history?before="+itoa(before), alice, nil, &h); code != 200 {
		t.Fatalf("history: %d", code)
	}
	for _, c := range h.Changes {
		if c.Seq >= before {
			t.Errorf("history before %d lists change %d (%s)", before, c.Seq, c.ID)
		}
	}
	if len(h.Changes) != 1 {
		t.Errorf("history before %d: %+v, want a1 alone", before, h.Changes)
	}
}

func itoa(n uint64) string { return strings.TrimSpace(jsonNumber(n)) }

func jsonNumber(n uint64) string { b, _ := json.Marshal(n); return string(b) }

// One member's connections cannot fill a design's: a viewer opening
// tabs until the design is full would shut its owner out.
func TestOneUserCannotFillADesign(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{ConnectionsPerDesign: 4, ConnectionsPerUser: 2})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	share(t, ts, alice, id, Member{"carol", Viewer})
	carol := token(t, "carol", time.Hour)
	var refused int
	for range 4 {
		if !welcomed(t, ts, id, carol) {
			refused++
		}
	}
	if refused != 2 {
		t.Errorf("carol's 4 connections: %d refused, want 2", refused)
	}
	if !welcomed(t, ts, id, alice) {
		t.Errorf("the owner was refused once carol opened 4")
	}
}

// welcomed dials and reports whether the server welcomed the client
// rather than closing it (dial returns either way).
func welcomed(t *testing.T, ts *testServer, id, tok string) bool {
	cl, err := dial(t, ts, id, tok, 0, []byte(firstDesign))
	if err != nil {
		t.Fatal(err)
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return cl.closed == nil
}

// A change's id is unique to its author, not to the design: another
// member's change with the same id (two editors counting c-1, c-2…, or
// one guessing the other's next id) is stored, not acked as a resend of
// the first while it was never stored.
func TestSameChangeIDFromTwoUsers(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice, bob := token(t, "alice", time.Hour), token(t, "bob", time.Hour)
	id := create(t, ts, alice)
	share(t, ts, alice, id, Member{"bob", Editor})
	a, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	if err := a.sendUntilAcked("c-1", addChange("db")); err != nil {
		t.Fatal(err)
	}
	b, _ := dial(t, ts, id, bob, 0, []byte(firstDesign))
	b.waitFor("alice's change", func(c *liveClient) bool { return c.seq == a.acks["c-1"] })
	if err := b.sendUntilAcked("c-1", addChange("cache")); err != nil {
		t.Fatal(err)
	}
	if b.acks["c-1"] == a.acks["c-1"] {
		t.Errorf("bob's c-1 was acked at alice's sequence %d: not stored", a.acks["c-1"])
	}
	if d := readDesign(t, ts, alice, id); !strings.Contains(d.Design, "cache") {
		t.Errorf("bob's acked change is not in the design:\n%s", d.Design)
	}
	// Each one's resend is still stored once.
	a2, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	a2.send("c-1", addChange("db"))
	a2.waitFor("the ack", func(c *liveClient) bool { return c.acks["c-1"] > 0 || c.refused["c-1"] != nil })
	if a2.acks["c-1"] != a.acks["c-1"] {
		t.Errorf("alice's resend: acked at %d (refused %v), want %d", a2.acks["c-1"], a2.refused["c-1"], a.acks["c-1"])
	}
}

// MembersPerDesign counts the owner, whom setMembers adds when the list
// leaves them out.
func TestMembersLimitCountsTheOwner(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{MembersPerDesign: 2})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	code := call(t, ts.url, "PUT", "/api/workspace/designs/"+id+"/members", alice, map[string]any{"members": []Member{{"bob", Editor}, {"carol", Viewer}}}, nil)
	if code != http.StatusConflict {
		t.Errorf("3 members with the owner, limit 2: %d, want 409", code)
	}
	share(t, ts, alice, id, Member{"bob", Editor})
}

// Sockets that have not said hello are anyone's (nobody is identified
// yet): their number is bounded, the hello's 10 s wait alone is not.
func TestPendingHellosBounded(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{PendingHellos: 2})
	url := "ws" + strings.TrimPrefix(ts.url, "http") + "/api/workspace/designs/000000000000000000/live"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for i := range 3 {
		conn, resp, err := websocket.Dial(ctx, url, nil)
		if i < 2 {
			if err != nil {
				t.Fatalf("connection %d: %v", i, err)
			}
			defer conn.CloseNow()
			continue
		}
		if err == nil {
			conn.CloseNow()
			t.Fatal("a third silent connection was accepted")
		}
		if resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("the third: %v, want 503", err)
		}
	}
}

// Closing the workspace does not wait on each client in turn: a client
// that never answers the close handshake costs its 5 s once, not once
// per client.
func TestCloseDoesNotWaitOnClientsInTurn(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	url := "ws" + strings.TrimPrefix(ts.url, "http") + "/api/workspace/designs/" + id + "/live"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for range 3 {
		conn, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.CloseNow()
		hello, _ := json.Marshal(ClientMessage{Type: "hello", Token: alice})
		conn.Write(ctx, websocket.MessageText, hello)
		// and never reads again: the close frame goes unanswered
	}
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	ts.ws.Close()
	if took := time.Since(start); took > 9*time.Second {
		t.Errorf("Close took %v with 3 silent clients", took)
	}
}

// A proxy written as an IPv4-mapped IPv6 CIDR (as some tools print
// addresses) is the same proxy: remote addresses are compared unmapped.
func TestTrustedProxyMappedAndZoned(t *testing.T) {
	for _, c := range []struct{ proxies, remote string }{
		{"::ffff:10.0.0.0/104", "10.1.2.3:5000"},
		{"::ffff:10.1.2.3", "[::ffff:10.1.2.3]:5000"},
		{"fe80::/64", "[fe80::1%eth0]:5000"},
	} {
		p, err := ParseProxies(c.proxies)
		if err != nil {
			t.Fatal(err)
		}
		r := httptest.NewRequest("GET", "/api/workspace/me", nil)
		r.RemoteAddr = c.remote
		r.Header.Set("X-User", "ada")
		if u, err := (Auth{Header: "X-User", TrustedProxies: p}).Identify(r, ""); err != nil || u.ID != "ada" {
			t.Errorf("proxy %s, remote %s: %q %v", c.proxies, c.remote, u.ID, err)
		}
	}
	// and nothing else is trusted by them
	p, _ := ParseProxies("::ffff:10.0.0.0/104")
	r := httptest.NewRequest("GET", "/api/workspace/me", nil)
	r.RemoteAddr = "192.0.2.1:5000"
	r.Header.Set("X-User", "ada")
	if u, err := (Auth{Header: "X-User", TrustedProxies: p}).Identify(r, ""); err == nil {
		t.Errorf("192.0.2.1 was trusted as %q", u.ID)
	}
}

// history reads back from its end: the last 200 changes, in order, and
// before= pages further back, with other designs' changes in between.
func TestHistoryPagesBack(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{ChangesPerSecond: 1e6, ChangeBurst: 1 << 20})
	alice := token(t, "alice", time.Hour)
	a, b := create(t, ts, alice), create(t, ts, alice)
	ca, _ := dial(t, ts, a, alice, 0, []byte(firstDesign))
	cb, _ := dial(t, ts, b, alice, 0, []byte(firstDesign))
	const n = 230
	for i := range n {
		if err := ca.sendUntilAcked("a"+itoa(uint64(i)), json.RawMessage(`{"op":"touch"}`)); err != nil {
			t.Fatal(err)
		}
		if i%50 == 0 {
			if err := cb.sendUntilAcked("b"+itoa(uint64(i)), json.RawMessage(`{"op":"touch"}`)); err != nil {
				t.Fatal(err)
			}
		}
	}
	var page struct{ Changes []Change }
	call(t, ts.url, "GET", "/api/workspace/designs/"+a+"/history", alice, nil, &page)
	if len(page.Changes) != maxHistory || page.Changes[0].ID != "a30" || page.Changes[maxHistory-1].ID != "a229" {
		t.Fatalf("the last page: %d changes, %s to %s", len(page.Changes), page.Changes[0].ID, page.Changes[len(page.Changes)-1].ID)
	}
	for i := 1; i < len(page.Changes); i++ {
		if page.Changes[i].Seq <= page.Changes[i-1].Seq {
			t.Fatalf("out of order at %d", i)
		}
	}
	var prev struct{ Changes []Change }
	call(t, ts.url, "GET", "/api/workspace/designs/"+a+"/history?before="+itoa(page.Changes[0].Seq), alice, nil, &prev)
	if len(prev.Changes) != 30 || prev.Changes[0].ID != "a0" || prev.Changes[29].ID != "a29" || prev.Changes[0].User != "alice" {
		t.Fatalf("the page before: %d changes %+v", len(prev.Changes), prev.Changes)
	}
}

// The change rate is a user's on a design, not a connection's: more
// sockets do not buy more changes a second.
func TestChangeRateIsPerUser(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{ChangesPerSecond: 0.001, ChangeBurst: 2})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	var acked, limited int
	for c := range 2 {
		cl, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
		for i := range 2 {
			cid := "c" + itoa(uint64(c*2+i))
			cl.send(cid, json.RawMessage(`{"op":"touch"}`))
			cl.waitFor("an answer", func(c *liveClient) bool { return c.acks[cid] > 0 || c.refused[cid] != nil })
			if cl.acks[cid] > 0 {
				acked++
			} else if cl.refused[cid].Code == CodeRate {
				limited++
			}
		}
	}
	if acked != 2 || limited != 2 {
		t.Errorf("4 changes from 2 sockets, burst 2: %d acked, %d refused for rate", acked, limited)
	}
}

// A member removed while the design's hub starts (it reads the entry,
// then the design, which may take seconds, then watches the entry) is
// cut all the same: the watch must not begin after the read.
func TestMemberRemovedWhileHubStarts(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice, bob := token(t, "alice", time.Hour), token(t, "bob", time.Hour)
	id := create(t, ts, alice)
	share(t, ts, alice, id, Member{"bob", Editor})
	removed := make(chan struct{})
	afterHubEntryRead = func(hid string) {
		if hid == id {
			call(t, ts.url, "PUT", "/api/workspace/designs/"+id+"/members", alice, map[string]any{"members": []Member{}}, nil)
			time.Sleep(200 * time.Millisecond) // the update is out before the hub goes on
			close(removed)
		}
	}
	defer func() { afterHubEntryRead = nil }()
	cl, err := dial(t, ts, id, bob, 0, []byte(firstDesign))
	if err != nil {
		t.Fatal(err)
	}
	<-removed
	cl.send("after", addChange("mallory"))
	cl.waitFor("the close or an answer", func(c *liveClient) bool {
		return c.closed != nil || c.acks["after"] > 0 || c.refused["after"] != nil
	})
	if cl.acks["after"] > 0 {
		t.Errorf("bob, removed while the hub started, stored a change at %d", cl.acks["after"])
	}
}

// A public key in another format than PEM (OpenSSH's, a JWK, a PEM
// mangled) is not an HS256 secret: taken as one, anyone who has the
// public key (everyone) could sign tokens with it.
func TestParseKeyRefusesPublicKeysAsSecrets(t *testing.T) {
	for name, data := range map[string]string{
		"OpenSSH":     "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGt8mXcZ0y4bq7kqf0v9y3Yc1pTz4nX2QhK6m7a8b9c0 portal@example\n",
		"JWK":         `{"kty":"OKP","crv":"Ed25519","x":"a3yZdxnTLhurupJ_S_3LdhzWlPPidfZCErqbtrxvdzQ"}`,
		"mangled PEM": "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAa3yZdxnTLhurupJ/S/3LdhzWlPPidfZCEr\n",
	} {
		if _, err := ParseKey([]byte(data)); err == nil {
			t.Errorf("%s was taken as an HS256 secret", name)
		}
	}
}

// A store that does not answer is not "not found": 4004 tells a client
// the design is gone or closed to it, and it would give up; it is told to
// try again later instead.
func TestLiveStoreDownIsNotNotFound(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	ts.ws.nc.Close()
	cl, err := dial(t, ts, id, alice, 0, []byte(firstDesign))
	if err != nil {
		t.Fatal(err)
	}
	cl.waitFor("the close", func(c *liveClient) bool { return c.closed != nil })
	if code, reason := cl.closeStatus(); code != websocket.StatusTryAgainLater {
		t.Errorf("closed with %d %q, want %d", code, reason, websocket.StatusTryAgainLater)
	}
}
