package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
)

// editOffline opens d1 live in a new session on p, loses the connection,
// sets api's timeout to 90 and lets autosave's flush run, as its timer
// would: the change is kept in p's storage.
func editOffline(t *testing.T, p *fakeTeam) *tabSession {
	t.Helper()
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	s.teamOf().refresh()
	s.team.open(workspaceDesign{ID: "d1", Name: "Orders"})
	p.sock.connect()
	p.sock.say(`{"type":"welcome","user":"local","role":"editor","seq":4}`)
	p.sock.drop()
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(90)); err != nil {
		t.Fatal(err)
	}
	s.autosave.flush()
	if _, ok := p.db[keptKey("d1")]; !ok {
		t.Fatalf("the unsent change was not kept; stored %v", keys(p.db))
	}
	return s
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// timeout is api's timeout in s's design (0 when unset).
func timeout(s *tabSession) catalogue.Value {
	return s.store.Design().Nodes[0].Props["timeoutSeconds"]
}

// TestLiveKeepsUnsent: a change the server has not stored survives the
// tab: the next visit shows it and sends it under its id, once the stream
// has caught up with the welcome, and forgets it once stored.
func TestLiveKeepsUnsent(t *testing.T) {
	t.Run("sent after a reload", func(t *testing.T) {
		p := newFakeTeam()
		first := editOffline(t, p)
		kept := first.team.live.session.Pending()[0]

		s := newSession(p, state.NewStore(mustEmbedded(t)))
		s.team = nil
		s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
		if timeout(s) != catalogue.IntValue(90) {
			t.Fatalf("the kept change is not shown: timeout %v; told %q", timeout(s), s.store.Notice().Text)
		}
		if n := s.store.Notice().Text; !strings.Contains(n, "with your 1 change not stored when you left") {
			t.Errorf("told %q", n)
		}
		if got := s.team.liveStatus(); got != "Connecting… 1 change waiting" {
			t.Errorf("status %q", got)
		}
		p.sock.connect()
		p.sock.say(`{"type":"welcome","user":"local","role":"editor","seq":4}`)
		c := sentChange(t, p.sock.last())
		if c.ID != kept || c.Base != 4 {
			t.Errorf("sent %s (base %d), want the kept %s on 4", c.ID, c.Base, kept)
		}
		echo, _ := json.Marshal(map[string]any{"type": "change", "seq": 5, "id": c.ID, "change": json.RawMessage(mustJSON(t, c))})
		p.sock.say(string(echo))
		s.autosave.flush()
		if _, ok := p.db[keptKey("d1")]; ok {
			t.Error("a stored change is still kept")
		}
	})

	t.Run("already stored: not sent again", func(t *testing.T) {
		p := newFakeTeam()
		first := editOffline(t, p)
		_, _, pend := first.team.live.session.Unsent()
		c := pend[0]
		// The server stored it before the connection went: its design is at
		// 5 with it.
		p.routes["GET /api/workspace/designs/d1"] = func([]byte) (int, string) {
			b, _ := json.Marshal(map[string]any{"id": "d1", "name": "Orders", "role": "editor", "seq": 5,
				"design": sharedDesign + "    props: {timeoutSeconds: 90}\n"})
			return 200, string(b)
		}
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
		p.sock.connect()
		p.sock.say(`{"type":"welcome","user":"local","role":"editor","seq":5}`)
		if p.sock.count() != 1 {
			t.Fatalf("sent before the stream caught up:\n%s", p.sock)
		}
		stored, _ := json.Marshal(map[string]any{"type": "change", "seq": 5, "id": c.ID, "change": json.RawMessage(mustJSON(t, c))})
		p.sock.say(string(stored))
		if p.sock.count() != 1 || s.team.live.session.Waiting() != 0 {
			t.Errorf("a change the server had was sent again (%d waiting):\n%s", s.team.live.session.Waiting(), p.sock)
		}
		if timeout(s) != catalogue.IntValue(90) {
			t.Errorf("timeout %v", timeout(s))
		}
	})

	t.Run("opened offline", func(t *testing.T) {
		p := newFakeTeam()
		editOffline(t, p)
		delete(p.routes, "GET /api/workspace/designs/d1")
		delete(p.routes, "GET /api/workspace/me")
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		s.teamOf().open(workspaceDesign{ID: "d1", Name: "d1"})
		if s.team.live == nil || timeout(s) != catalogue.IntValue(90) {
			t.Fatalf("not opened from what was kept; told %q", s.store.Notice().Text)
		}
		if n := s.store.Notice().Text; !strings.Contains(n, "Opened “Orders” as this browser last had it") {
			t.Errorf("told %q", n)
		}
	})

	t.Run("another user's", func(t *testing.T) {
		p := newFakeTeam()
		editOffline(t, p)
		p.routes["GET /api/workspace/me"] = func([]byte) (int, string) { return 200, `{"user":"bob","name":"Bob"}` }
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
		if timeout(s) != (catalogue.Value{}) {
			t.Errorf("another user's kept change was shown: %v", timeout(s))
		}
		if _, ok := p.db[keptKey("d1")]; !ok {
			t.Error("another user's kept change was removed")
		}
	})

	t.Run("unreadable", func(t *testing.T) {
		p := newFakeTeam()
		p.db[keptKey("d1")] = `{"v":1,"user":"local","seq":4,"design":"nodes: []","changes":[{"id":"x","ops":[{"op":"bogus"}]}]}`
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
		if s.team.live == nil || s.team.live.session == nil {
			t.Fatal("the design did not open")
		}
		if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "could not be put back: kept change 1") {
			t.Errorf("told %+v", n)
		}
		if _, ok := p.db[keptKey("d1")]; ok {
			t.Error("what cannot be put back is still kept")
		}
	})
}
