package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/patch"
)

// welcomed opens d1 ("Orders") live in a new session on p, connected and
// welcomed by the server as the local user with role.
func welcomed(t *testing.T, p *fakeTeam, role string) *tabSession {
	t.Helper()
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
	p.sock.connect()
	p.sock.say(`{"type":"welcome","user":"local","role":"` + role + `","seq":4}`)
	return s
}

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
	if len(kept(p, "d1")) != 1 {
		t.Fatalf("the unsent change was not kept; stored %v", keys(p.db))
	}
	return s
}

// kept is what p keeps of design id: the records its index lists.
func kept(p *fakeTeam, id string) []string {
	var keys []string
	_ = json.Unmarshal([]byte(p.stored[keptIndexKey(id)]), &keys)
	var out []string
	for _, k := range keys {
		if v, ok := p.db[k]; ok {
			out = append(out, v)
		}
	}
	return out
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
		keptID := first.team.live.session.Pending()[0]

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
		if c.ID != keptID || c.Base != 4 {
			t.Errorf("sent %s (base %d), want the kept %s on 4", c.ID, c.Base, keptID)
		}
		echo, _ := json.Marshal(map[string]any{"type": "change", "seq": 5, "id": c.ID, "change": json.RawMessage(mustJSON(t, c))})
		p.sock.say(string(echo))
		s.autosave.flush()
		if k := kept(p, "d1"); len(k) != 0 {
			t.Errorf("a stored change is still kept: %v", k)
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
		if len(kept(p, "d1")) != 1 {
			t.Error("another user's kept change was removed")
		}
	})

	t.Run("unreadable", func(t *testing.T) {
		p := newFakeTeam()
		p.db[keptKey("d1", "t1")] = `{"v":1,"user":"local","seq":4,"design":"nodes: []","changes":[{"id":"x","ops":[{"op":"bogus"}]}]}`
		p.stored[keptIndexKey("d1")] = `["` + keptKey("d1", "t1") + `"]`
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
		if s.team.live == nil || s.team.live.session == nil {
			t.Fatal("the design did not open")
		}
		if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "could not be put back: kept change 1") {
			t.Errorf("told %+v", n)
		}
		if _, ok := p.db[keptKey("d1", "t1")]; ok || len(kept(p, "d1")) != 0 {
			t.Error("what cannot be put back is still kept")
		}
	})
}

// TestLiveKeepsEachTabsOwn: two tabs of a design, each offline with an
// edit, keep each their own record: neither overwrites nor removes the
// other's, and the next opens put back one each.
func TestLiveKeepsEachTabsOwn(t *testing.T) {
	p := newFakeTeam()
	open := func() *tabSession {
		s := welcomed(t, p, "editor")
		p.sock.drop()
		return s
	}
	a, b := open(), open()
	if err := a.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(90)); err != nil {
		t.Fatal(err)
	}
	a.autosave.flush()
	if err := b.store.SetProp("api", "memoryMB", catalogue.IntValue(512)); err != nil {
		t.Fatal(err)
	}
	b.autosave.flush()
	if n := len(kept(p, "d1")); n != 2 {
		t.Fatalf("%d records kept, want one a tab", n)
	}
	shown := map[string]bool{}
	for range 2 {
		c := newSession(p, state.NewStore(mustEmbedded(t)))
		c.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
		props := c.store.Design().Nodes[0].Props
		shown["timeout"] = shown["timeout"] || props["timeoutSeconds"] == catalogue.IntValue(90)
		shown["memory"] = shown["memory"] || props["memoryMB"] == catalogue.IntValue(512)
		// Stored: what this tab took goes.
		p.sock.connect()
		p.sock.say(`{"type":"welcome","user":"local","role":"editor","seq":4}`)
		sent := sentChange(t, p.sock.last())
		echo, _ := json.Marshal(map[string]any{"type": "change", "seq": 5, "id": sent.ID, "change": json.RawMessage(mustJSON(t, sent))})
		p.sock.say(string(echo))
		c.team.leave()
	}
	if !shown["timeout"] || !shown["memory"] {
		t.Errorf("put back %v: a tab's edit was lost", shown)
	}
	if n := len(kept(p, "d1")); n != 0 {
		t.Errorf("%d records left once both were stored", n)
	}
}

// TestLiveKeptRebasedAwayHead: a change in flight that a co-editor's
// delete rebased away is kept as an empty change, which reads back.
func TestLiveKeptRebasedAwayHead(t *testing.T) {
	p := newFakeTeam()
	s := welcomed(t, p, "editor")
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(90)); err != nil { // in flight
		t.Fatal(err)
	}
	empty, _, _, err := s.store.Read("x.yaml", []byte("nodes: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	id := "3b241101-e2bb-4255-8caf-4136c566a962"
	rm := mustJSON(t, patch.Change{ID: id, Base: 4, Ops: patch.Diff(s.team.live.session.Confirmed(), empty)})
	msg, _ := json.Marshal(map[string]any{"type": "change", "seq": 5, "id": id, "change": json.RawMessage(rm)})
	p.sock.say(string(msg)) // a co-editor removed api
	if _, err := s.store.AddNode("kafka"); err != nil {
		t.Fatal(err)
	}
	s.autosave.flushOnExit()
	records := kept(p, "d1")
	if len(records) != 1 {
		t.Fatalf("%d records", len(records))
	}
	if _, changes, err := decodeKept(records[0]); err != nil || len(changes) != 2 {
		t.Errorf("what was kept reads back as %d changes, %v:\n%s", len(changes), err, records[0])
	}
}

// TestLiveKeptForAnotherUser: changes put back while offline from a record
// another user kept are dropped at the welcome, not sent as this user's,
// and their record is kept for them again.
func TestLiveKeptForAnotherUser(t *testing.T) {
	p := newFakeTeam()
	editOffline(t, p) // local's
	delete(p.routes, "GET /api/workspace/designs/d1")
	delete(p.routes, "GET /api/workspace/me")
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
	if timeout(s) != catalogue.IntValue(90) {
		t.Fatal("not put back offline")
	}
	p.sock.connect()
	p.sock.say(`{"type":"welcome","user":"bob","role":"editor","seq":4}`)
	if p.sock.count() != 1 {
		t.Errorf("sent another user's changes:\n%s", p.sock)
	}
	if timeout(s) != (catalogue.Value{}) || s.team.live.session.Waiting() != 0 {
		t.Errorf("another user's changes still shown or waiting")
	}
	if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "kept for local were not sent as yours") {
		t.Errorf("told %+v", n)
	}
	if records := kept(p, "d1"); len(records) != 1 || !strings.Contains(records[0], `"user":"local"`) {
		t.Errorf("local's record is not kept for them: %v", records)
	}
}

// TestLiveKeptOthersSurviveNotFound: a design this user may no longer see
// (404) drops this user's kept changes, not another user's.
func TestLiveKeptOthersSurviveNotFound(t *testing.T) {
	p := newFakeTeam()
	editOffline(t, p) // local's
	p.routes["GET /api/workspace/me"] = func([]byte) (int, string) { return 200, `{"user":"bob","name":"Bob"}` }
	p.routes["GET /api/workspace/designs/d1"] = func([]byte) (int, string) {
		return 404, `{"error":{"code":"not-found","message":"not found"}}`
	}
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	s.teamOf().refresh()
	s.team.open(workspaceDesign{ID: "d1", Name: "Orders"})
	if n := len(kept(p, "d1")); n != 1 {
		t.Errorf("%d records left: local's was removed by bob's not found", n)
	}
}

// TestLiveUserChangedAtWelcome: a reconnect welcomed as another user (the
// proxy's sign-in changed, or the portal's fresh token is someone else's)
// does not send what the first user made.
func TestLiveUserChangedAtWelcome(t *testing.T) {
	p := newFakeTeam()
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	s.teamOf().open(workspaceDesign{ID: "d1", Name: "Orders"})
	p.sock.connect()
	p.sock.say(`{"type":"welcome","user":"alice","role":"editor","seq":4}`)
	p.sock.drop()
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(90)); err != nil {
		t.Fatal(err)
	}
	p.sock.reset()
	p.sock.connect()
	p.sock.say(`{"type":"welcome","user":"bob","role":"editor","seq":4}`)
	if p.sock.count() != 1 || s.team.live.session.Waiting() != 0 {
		t.Errorf("alice's change went on bob's connection:\n%s", p.sock)
	}
	if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "signed in as bob") {
		t.Errorf("told %+v", n)
	}
}

// TestLiveRoleChanges: the server's role message makes an open design
// editable for a viewer made an editor, and read-only for an editor made a
// viewer, saying so.
func TestLiveRoleChanges(t *testing.T) {
	p := newFakeTeam()
	s := welcomed(t, p, "viewer")
	if !s.store.ReadOnly() {
		t.Fatal("a viewer's design is editable")
	}
	p.sock.say(`{"type":"role","role":"editor"}`)
	if s.store.ReadOnly() || s.team.liveStatus() != "Live" || !strings.Contains(s.store.Notice().Text, "You may now edit Orders") {
		t.Errorf("made an editor: read-only %v, status %q, told %q", s.store.ReadOnly(), s.team.liveStatus(), s.store.Notice().Text)
	}
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(90)); err != nil {
		t.Errorf("an editor cannot edit: %v", err)
	}
	p.sock.say(`{"type":"role","role":"viewer"}`)
	if n := s.store.Notice(); !s.store.ReadOnly() || !n.Error || !strings.Contains(n.Text, "You are now a viewer of Orders") {
		t.Errorf("made a viewer: read-only %v, told %+v", s.store.ReadOnly(), n)
	}
}
