package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/patch"
)

// fakeTeam is a platform whose host has a workspace: Request answers from
// routes (status 0 for a path it lacks: no answer), Dial records the
// socket.
type fakeTeam struct {
	*fakePlatform
	routes map[string]func(body []byte) (int, string)
	sock   *fakeSocket
	none   bool // the page was served without a workspace
	token  string
}

func (f *fakeTeam) Request(method, path string, body []byte, done func(int, []byte, error)) {
	if f.none {
		done(0, nil, ErrNoWorkspace)
		return
	}
	r, ok := f.routes[method+" "+path]
	if !ok {
		done(0, nil, fmt.Errorf("fetch failed"))
		return
	}
	status, text := r(body)
	done(status, []byte(text), nil)
}

func (f *fakeTeam) Authorize(token string) { f.token = token }

func (f *fakeTeam) Dial(path string, ev SocketEvents) Socket {
	f.sock = &fakeSocket{path: path, ev: ev}
	return f.sock
}

// fakeSocket records what is sent while it is open: the presence apart
// from the rest, which the tests of changes read.
type fakeSocket struct {
	path     string
	ev       SocketEvents
	open     bool
	sent     []string
	presence []string
	closed   bool
}

func (s *fakeSocket) Send(text string) bool {
	if !s.open {
		return false
	}
	if strings.HasPrefix(text, `{"type":"presence"`) {
		s.presence = append(s.presence, text)
		return true
	}
	s.sent = append(s.sent, text)
	return true
}
func (s *fakeSocket) Close()         { s.closed = true }
func (s *fakeSocket) connect()       { s.open = true; s.ev.Open() }
func (s *fakeSocket) drop()          { s.open = false; s.ev.Closed(1006, "", time.Second) }
func (s *fakeSocket) say(m string)   { s.ev.Message(m) }
func (s *fakeSocket) last() string   { return s.sent[len(s.sent)-1] }
func (s *fakeSocket) count() int     { return len(s.sent) }
func (s *fakeSocket) reset()         { s.sent = nil }
func (s *fakeSocket) String() string { return strings.Join(s.sent, "\n") }

const sharedDesign = `nodes:
  - {id: api, component: aws-lambda, position: {x: 40, y: 40}}
`

func newFakeTeam() *fakeTeam {
	return &fakeTeam{fakePlatform: &fakePlatform{stored: map[string]string{}, db: map[string]string{}}, routes: map[string]func([]byte) (int, string){
		"GET /api/workspace/me": func([]byte) (int, string) { return 200, `{"user":"local","name":"Ada"}` },
		"GET /api/workspace/designs": func([]byte) (int, string) {
			return 200, `{"designs":[{"id":"d1","name":"Orders","owner":"local","role":"editor","seq":4}]}`
		},
		"GET /api/workspace/designs/d1": func([]byte) (int, string) {
			b, _ := json.Marshal(map[string]any{"id": "d1", "name": "Orders", "role": "editor", "seq": 4, "design": sharedDesign})
			return 200, string(b)
		},
	}}
}

// sentChange reads a change message as the server does.
func sentChange(t *testing.T, text string) patch.Change {
	t.Helper()
	var m struct {
		Type   string          `json:"type"`
		ID     string          `json:"id"`
		Base   uint64          `json:"base"`
		Change json.RawMessage `json:"change"`
	}
	if err := json.Unmarshal([]byte(text), &m); err != nil || m.Type != "change" {
		t.Fatalf("not a change message: %s", text)
	}
	c, err := patch.DecodeChange(m.Change, patch.DefaultLimits())
	if err != nil {
		t.Fatalf("the server's codec refuses %s: %v", m.Change, err)
	}
	if c.ID != m.ID {
		t.Fatalf("the message's id %q is not the change's %q", m.ID, c.ID)
	}
	return c
}

func TestLiveLink(t *testing.T) {
	p := newFakeTeam()
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	tm := s.teamOf()
	tm.refresh()
	if tm.state != teamReady || len(tm.designs) != 1 || tm.user != "Ada" {
		t.Fatalf("team %v, designs %v, user %q", tm.state, tm.designs, tm.user)
	}
	tm.open(tm.designs[0])
	if tm.live == nil || tm.live.session == nil {
		t.Fatalf("the design did not open live: %q", s.store.Notice().Text)
	}
	sock := p.sock
	if sock.path != "/api/workspace/designs/d1/live" {
		t.Errorf("dialled %s", sock.path)
	}
	status := func(want string) {
		t.Helper()
		if got := tm.liveStatus(); got != want {
			t.Errorf("status %q, want %q", got, want)
		}
	}
	status("Connecting…") // never connected: not reconnecting

	sock.connect()
	if sock.last() != `{"type":"hello","since":4}` {
		t.Errorf("hello %s", sock.last())
	}
	sock.say(`{"type":"welcome","user":"local","role":"editor","seq":4}`)
	status("Live")

	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(60)); err != nil {
		t.Fatal(err)
	}
	first := sentChange(t, sock.last())
	if first.Base != 4 || len(first.Ops) != 1 {
		t.Errorf("sent %+v", first)
	}
	status("Live · 1 change sending")
	echo, _ := json.Marshal(map[string]any{"type": "change", "seq": 5, "id": first.ID, "user": "local", "change": json.RawMessage(mustJSON(t, first))})
	sock.say(string(echo))
	sock.say(`{"type":"ack","id":"` + first.ID + `","seq":5}`)
	status("Live")

	// Lost: an edit waits, and goes again, with its id, after the welcome.
	sock.drop()
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(90)); err != nil {
		t.Fatal(err)
	}
	status("Reconnecting… 1 change waiting")
	// Leaving keeps it in this browser (see TestLiveKeepsUnsent): nothing
	// is refused. Where it cannot be kept, leaving is refused once, with
	// why; a second try leaves.
	left, why := false, error(nil)
	s.leaveFor(func() { left = true }, func(err error) { why = err })
	if !left || why != nil {
		t.Errorf("leaving with an unsent change kept here: left %v, refused %v", left, why)
	}
	tm.live.keepFailed, left = true, false
	s.leaveFor(func() { left = true }, func(err error) { why = err })
	if left || why == nil || !strings.Contains(why.Error(), "1 change waiting: they are lost if you leave") {
		t.Errorf("leaving with an unsent change not kept: left %v, refused %v", left, why)
	}
	s.leaveFor(func() { left = true }, func(error) {})
	if !left {
		t.Error("the second try did not leave")
	}
	tm.live.keepFailed = false
	sock.reset()
	sock.connect()
	sock.say(`{"type":"welcome","user":"local","role":"editor","seq":5}`)
	if sock.count() != 2 || sock.sent[0] != `{"type":"hello","since":5}` {
		t.Fatalf("after the reconnect sent:\n%s", sock)
	}
	second := sentChange(t, sock.last())

	// Another's change in the same field, earlier in the stream, is
	// rebased under ours: ours stays shown.
	other := patch.Change{ID: "other-1", Base: 5, Ops: []patch.Op{{Op: patch.SetNode, Key: patch.Key{ID: "api"}, Field: "props.timeoutSeconds", Value: json.RawMessage("30")}}}
	msg, _ := json.Marshal(map[string]any{"type": "change", "seq": 6, "id": "other-1", "user": "bob", "change": json.RawMessage(mustJSON(t, other))})
	sock.say(string(msg))
	if v := s.store.Design().Nodes[0].Props["timeoutSeconds"]; v != catalogue.IntValue(90) {
		t.Errorf("timeout shown %v, want ours, 90", v)
	}
	echo, _ = json.Marshal(map[string]any{"type": "change", "seq": 7, "id": second.ID, "change": json.RawMessage(mustJSON(t, second))})
	sock.say(string(echo))
	status("Live")
	if !s.readOnlyView() {
		t.Error("a live design is stored here too")
	}
	for k, v := range p.db {
		if strings.Contains(v, "timeoutSeconds: 90") && !strings.HasPrefix(k, "designer.live/") {
			t.Errorf("the live design was saved in this browser under %s", k)
		}
	}

	// A viewer's welcome: read only, said so.
	sock.drop()
	sock.connect()
	sock.say(`{"type":"welcome","user":"local","role":"viewer","seq":7}`)
	status("Read only: you are a viewer")
	if !s.store.ReadOnly() {
		t.Error("a viewer may still edit")
	}

	tm.leave()
	if !sock.closed || s.readOnlyView() {
		t.Error("leaving did not close the socket, or the session still thinks a design is live")
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLiveViewerOpensReadOnly: a viewer's design is read-only as soon as
// it is read, before the socket's welcome says so again.
func TestLiveViewerOpensReadOnly(t *testing.T) {
	p := newFakeTeam()
	p.routes["GET /api/workspace/designs/d1"] = func([]byte) (int, string) {
		b, _ := json.Marshal(map[string]any{"id": "d1", "name": "Orders", "role": "viewer", "seq": 4, "design": sharedDesign})
		return 200, string(b)
	}
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
	if !s.store.ReadOnly() || s.team.liveStatus() != "Read only: you are a viewer" {
		t.Errorf("read-only %v, status %q", s.store.ReadOnly(), s.team.liveStatus())
	}
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(60)); err == nil {
		t.Error("a viewer could edit")
	}
}

func TestTeamStates(t *testing.T) {
	cases := []struct {
		name string
		me   func([]byte) (int, string) // nil: no answer
		want teamState
		why  string
	}{
		{"a static host's 404 page", func([]byte) (int, string) { return http.StatusNotFound, "<html>not found</html>" }, teamAbsent, ""},
		{"no answer (offline)", nil, teamUnreachable, "no answer"},
		{"the server failing", func([]byte) (int, string) {
			return 503, `{"error":{"code":"busy","message":"the store is starting"}}`
		}, teamUnreachable, "the store is starting (busy)"},
		{"a workspace", func([]byte) (int, string) { return 200, `{"user":"local"}` }, teamReady, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := newFakeTeam()
			if tc.me == nil {
				delete(p.routes, "GET /api/workspace/me")
			} else {
				p.routes["GET /api/workspace/me"] = tc.me
			}
			s := newSession(p, state.NewStore(mustEmbedded(t)))
			tm := s.teamOf()
			tm.refresh()
			if tm.state != tc.want || !strings.Contains(tm.why, tc.why) {
				t.Errorf("state %v (%q), want %v (%q)", tm.state, tm.why, tc.want, tc.why)
			}
		})
	}
	// A page served without a workspace asks nothing, and shows none.
	p := newFakeTeam()
	p.none = true
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	s.teamOf().refresh()
	if s.teamOf().state != teamAbsent {
		t.Error("a page served without a workspace has one")
	}
	// A platform without a workspace (prerendering, a host's fake) has none.
	s = newSession(&fakePlatform{stored: map[string]string{}}, state.NewStore(mustEmbedded(t)))
	s.teamOf().refresh()
	if s.teamOf().state != teamAbsent {
		t.Error("a platform without a Workspace has one")
	}
}

func TestCopyToWorkspace(t *testing.T) {
	p := newFakeTeam()
	var posted map[string]string
	p.routes["POST /api/workspace/designs"] = func(body []byte) (int, string) {
		_ = json.Unmarshal(body, &posted)
		return http.StatusCreated, `{"id":"d2"}`
	}
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	if _, err := s.store.AddNode("kafka"); err != nil {
		t.Fatal(err)
	}
	tm := s.teamOf()
	tm.refresh()
	tm.copyOpen("Payments")
	if posted["name"] != "Payments" || !strings.Contains(posted["design"], `component: "kafka"`) {
		t.Errorf("posted %v", posted)
	}
	if !strings.Contains(s.store.Notice().Text, "Copied to the workspace") {
		t.Errorf("told %q", s.store.Notice().Text)
	}
	p.routes["POST /api/workspace/designs"] = func([]byte) (int, string) {
		return 422, `{"error":{"code":"invalid-design","message":"the design has 1 problems"}}`
	}
	tm.copyOpen("Payments")
	if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "invalid-design") {
		t.Errorf("a refused copy told %+v", n)
	}
}

// TestLiveAddressFallsBack: an address naming a workspace design that
// cannot be opened (the host serves no workspace, or the design is gone)
// opens this browser's design instead, editable, and says why.
func TestLiveAddressFallsBack(t *testing.T) {
	for _, none := range []bool{true, false} {
		p := newFakeTeam()
		p.none = none
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		u, _ := url.Parse("/?workspace=gone")
		if !s.openLiveAddress(u) {
			t.Fatal("the address's workspace design was not tried")
		}
		if s.team.live != nil || s.store.ReadOnly() || s.readOnlyView() {
			t.Errorf("none %v: left half open: live %v, read-only %v", none, s.team.live != nil, s.store.ReadOnly())
		}
		if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "gone was not opened") {
			t.Errorf("none %v: told %+v", none, n)
		}
	}
}

// A workspace design open live keeps its view under a key of its own: it
// once took the library design's (the first design's, after startAfresh),
// so that it was shown as that design was left, and its view saved over
// that design's.
func TestLiveDesignViewKey(t *testing.T) {
	s := &tabSession{designID: "first"}
	if got, want := s.viewKey(), viewKey("first"); got != want {
		t.Errorf("the library's design: key %q, want %q", got, want)
	}
	s.team = &team{live: &liveLink{design: workspaceDesign{ID: "0799ade0bc6ebf9c42"}}}
	if got := s.viewKey(); got != "" {
		t.Errorf("a live design being read: key %q, want none", got)
	}
	s.team.live.session = &state.Live{}
	if got, want := s.viewKey(), keyView+"/workspace/0799ade0bc6ebf9c42"; got != want {
		t.Errorf("a live design: key %q, want %q", got, want)
	}
}
