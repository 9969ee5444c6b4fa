package app

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// livePortal is a portal that frames the editor with workspace design d1:
// it records the events the editor posts and which requests reached the
// workspace with which token.
type livePortal struct {
	t        *testing.T
	p        *fakeTeam
	s        *tabSession
	em       *embedding
	events   []map[string]any
	requests []string // "GET path as token"
}

func newLivePortal(t *testing.T) *livePortal {
	t.Helper()
	lp := &livePortal{t: t, p: newFakeTeam()}
	get := lp.p.routes["GET /api/workspace/designs/d1"]
	lp.p.routes["GET /api/workspace/designs/d1"] = func(b []byte) (int, string) {
		lp.requests = append(lp.requests, "GET d1 as "+lp.p.token)
		if lp.p.token != "good" && lp.p.token != "fresh" {
			return 401, `{"error":{"code":"unauthorized","message":"the token is refused: token signature is invalid"}}`
		}
		return get(b)
	}
	lp.s = newSession(lp.p, state.NewStore(mustEmbedded(t)))
	lp.em = lp.s.embedIn([]string{portal}, func(origin, data string) {
		var event map[string]any
		if err := json.Unmarshal([]byte(data), &event); err != nil || origin != portal {
			t.Fatalf("posted %q to %s", data, origin)
		}
		lp.events = append(lp.events, event)
	}, "d1")
	return lp
}

// send posts an action and returns the events it answered.
func (lp *livePortal) send(action string) []map[string]any {
	lp.t.Helper()
	lp.events = nil
	lp.em.receive(portal, action)
	return lp.events
}

// event is the one event named name among events.
func (lp *livePortal) event(events []map[string]any, name string) map[string]any {
	lp.t.Helper()
	var found map[string]any
	for _, e := range events {
		if e["event"] == name {
			if found != nil {
				lp.t.Fatalf("two %s events: %v", name, events)
			}
			found = e
		}
	}
	if found == nil {
		lp.t.Fatalf("no %s event among %v", name, events)
	}
	return found
}

// A portal frames a workspace design: the editor says so in init, asks
// nothing of the workspace before the token, refuses load, opens the design
// live with the token (in every request and in the hello), and asks for a
// fresh token when the server refuses one.
func TestEmbedLiveToken(t *testing.T) {
	lp := newLivePortal(t)
	s := lp.s
	if init := lp.event(lp.events, "init"); init["workspace"] != "d1" {
		t.Errorf("init %v does not name the workspace design", init)
	}
	if len(lp.requests) != 0 || lp.p.sock != nil || !s.store.ReadOnly() || s.team.liveStatus() != tokenWait {
		t.Fatalf("before the token: requests %v, socket %v, read-only %v, status %q", lp.requests, lp.p.sock, s.store.ReadOnly(), s.team.liveStatus())
	}
	load := lp.event(lp.send(`{"action":"load","design":"nodes: []"}`), "load")
	if !strings.Contains(fmt.Sprint(load["errors"]), "code:workspace-design") {
		t.Errorf("load of a workspace design's page: %v", load)
	}

	// A forged token: refused, said to the portal and to the user.
	lp.event(lp.send(`{"action":"configure","token":"forged"}`), "configure")
	if tok := lp.event(lp.events, "token"); tok["reason"] != "refused" || !strings.Contains(fmt.Sprint(tok["message"]), "signature is invalid") {
		t.Errorf("token event %v", tok)
	}
	if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "refused the portal's token: the token is refused: token signature is invalid (unauthorized). Waiting for a fresh one") {
		t.Errorf("notice %+v", n)
	}
	if s.team.live == nil || s.team.live.session != nil || lp.p.sock != nil {
		t.Fatal("the design opened with a refused token, or the link went")
	}

	// A good one opens it, live.
	lp.send(`{"action":"configure","token":"good"}`)
	if got := strings.Join(lp.requests, "; "); got != "GET d1 as forged; GET d1 as good" {
		t.Errorf("requests %s", got)
	}
	sock := lp.p.sock
	if sock == nil || s.team.live.session == nil || s.store.ReadOnly() {
		t.Fatalf("the design did not open live: %q", s.store.Notice().Text)
	}
	sock.connect()
	if sock.last() != `{"type":"hello","since":4,"token":"good"}` {
		t.Errorf("hello %s", sock.last())
	}
	sock.say(`{"type":"welcome","user":"ada","role":"editor","seq":4}`)
	if s.team.liveStatus() != "Live" {
		t.Errorf("status %q", s.team.liveStatus())
	}
	if e := lp.event(lp.send(`{"action":"configure","readOnly":true}`), "configure"); !strings.Contains(fmt.Sprint(e["errors"]), "workspace-design") {
		t.Errorf("readOnly on a workspace design: %v", e)
	}

	// The token expires: the server closes 4001; the portal is asked for a
	// fresh one, an edit meanwhile waits, and goes once it comes.
	lp.events = nil
	sock.open = false
	sock.ev.Closed(4001, "your token expired; reconnect with a fresh one", -1)
	if tok := lp.event(lp.events, "token"); tok["reason"] != "expired" {
		t.Errorf("token event %v", tok)
	}
	if s.store.ReadOnly() {
		t.Fatal("waiting for a token made the design read-only")
	}
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(60)); err != nil {
		t.Fatal(err)
	}
	lp.events = nil
	lp.em.exit()
	if exit := lp.event(lp.events, "exit"); exit["modified"] != true {
		t.Errorf("exit with an edit the server has not stored: %v", exit)
	}
	lp.send(`{"action":"configure","token":"fresh"}`)
	if lp.p.sock == sock {
		t.Fatal("no new socket for the fresh token")
	}
	sock = lp.p.sock
	sock.connect()
	if sock.last() != `{"type":"hello","since":4,"token":"fresh"}` {
		t.Errorf("hello %s", sock.last())
	}
	sock.say(`{"type":"welcome","user":"ada","role":"editor","seq":4}`)
	if c := sentChange(t, sock.last()); len(c.Ops) != 1 {
		t.Errorf("the waiting edit was not sent: %+v", c)
	}
	if lp.p.token != "fresh" {
		t.Errorf("requests go with %q", lp.p.token)
	}

	// The same token again changes nothing; a fresh one while live
	// connects again with it at once.
	lp.send(`{"action":"configure","token":"fresh"}`)
	if sock.closed || lp.p.sock != sock {
		t.Error("the same token again connected again")
	}
	lp.send(`{"action":"configure","token":"good"}`)
	if !sock.closed || lp.p.sock == sock {
		t.Error("a fresh token while live did not connect again")
	}
}

// The protocol's refusals of a token: without a workspace design framed,
// and empty.
func TestEmbedTokenRefusals(t *testing.T) {
	h, _ := newHost(t)
	if e := h.only(h.send(portal, `{"action":"configure","token":"x"}`)); !strings.Contains(fmt.Sprint(e["errors"]), "code:no-workspace") {
		t.Errorf("a token without a workspace design: %v", e)
	}
	if e := h.only(h.send(portal, `{"action":"configure","token":5}`)); !strings.Contains(fmt.Sprint(e["errors"]), "`token` must be a string") {
		t.Errorf("a number for a token: %v", e)
	}
	lp := newLivePortal(t)
	if e := lp.event(lp.send(`{"action":"configure","token":" "}`), "configure"); !strings.Contains(fmt.Sprint(e["errors"]), "code:empty-token") || len(lp.requests) != 0 {
		t.Errorf("an empty token: %v, requests %v", e, lp.requests)
	}
}

// After a final close the design is read-only with why; leaving does not
// warn of edits that can never be sent, and Keep as a new design adds it,
// as this tab has it, to the library.
func TestLiveFinalClose(t *testing.T) {
	p := newFakeTeam()
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
	var went string
	s.navigate = func(u string) { went = u } // Keep opens the kept design
	sock := p.sock
	sock.connect()
	sock.say(`{"type":"welcome","user":"local","role":"editor","seq":4}`)
	sock.drop()
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(75)); err != nil {
		t.Fatal(err)
	}
	sock.ev.Closed(4004, "not found", -1)
	l := s.team.live
	if got := s.team.liveStatus(); got != "Not live, read only: deleted, or access removed" {
		t.Errorf("status %q", got)
	}
	if !s.store.ReadOnly() || !l.final || l.unsent != 1 {
		t.Errorf("read-only %v, final %v, unsent %d", s.store.ReadOnly(), l.final, l.unsent)
	}
	if n := s.store.Notice(); !strings.Contains(n.Text, "1 edit made here was not stored by the server") {
		t.Errorf("notice %q", n.Text)
	}
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(80)); err == nil {
		t.Error("the closed design is still editable")
	}
	left := false
	s.leaveFor(func() { left = true }, func(err error) { t.Errorf("leaving refused: %v", err) })
	if !left {
		t.Error("leaving did not leave")
	}

	l.keepAsNew()
	var kept *library.Entry
	for i, e := range s.library.index().Designs {
		if e.Name == "Orders" {
			kept = &s.library.index().Designs[i]
		}
	}
	if kept == nil || !strings.Contains(p.db[library.DesignKey(kept.ID)], "timeoutSeconds: 75") {
		t.Fatalf("kept %+v: %q", kept, p.db)
	}
	if went != designAddress(kept.ID) {
		t.Errorf("went to %q, not the kept design", went)
	}
}

// The 4000 loop: a socket closed 4000 again and again waits longer each
// time, through the platform's Reconnect (see TestReconnect); the link
// stays editable meanwhile.
func TestLiveTooSlowStaysEditable(t *testing.T) {
	p := newFakeTeam()
	s := welcomed(t, p, "editor")
	p.sock.ev.Closed(4000, "too slow: resync from your last sequence", 0)
	if s.store.ReadOnly() || s.team.live.final || !strings.HasPrefix(s.team.liveStatus(), "Reconnecting") {
		t.Errorf("after 4000: read-only %v, status %q", s.store.ReadOnly(), s.team.liveStatus())
	}
}

func TestTokenExpired(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	jwt := func(payload string) string {
		return "e30." + base64.RawURLEncoding.EncodeToString([]byte(payload)) + ".sig"
	}
	for _, c := range []struct {
		token string
		want  bool
	}{
		{jwt(`{"exp":999999}`), true},
		{jwt(`{"exp":1000000}`), true},
		{jwt(`{"exp":1000001}`), false},
		{jwt(`{"sub":"ada"}`), false},
		{jwt(`not json`), false},
		{"forged", false},
		{"a.!!!.c", false},
	} {
		if got := tokenExpired(c.token, now); got != c.want {
			t.Errorf("%s: %v, want %v", c.token, got, c.want)
		}
	}
}
