package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue/library"
)

// ownedTeam is a fake workspace with one design, Orders (d1), that the
// user owns, shared with bob as a viewer.
func ownedTeam() *fakeTeam {
	p := newFakeTeam()
	p.routes["GET /api/workspace/designs"] = func([]byte) (int, string) {
		return 200, `{"designs":[{"id":"d1","name":"Orders","owner":"local","role":"owner","seq":4}]}`
	}
	p.routes["GET /api/workspace/designs/d1"] = func([]byte) (int, string) {
		b, _ := json.Marshal(map[string]any{"id": "d1", "name": "Orders", "role": "owner", "seq": 4, "design": sharedDesign,
			"members": []shareMember{{"local", "owner"}, {"bob", "viewer"}}})
		return 200, string(b)
	}
	return p
}

func TestShareDialog(t *testing.T) {
	p := ownedTeam()
	var sent string
	refuse := true
	p.routes["PUT /api/workspace/designs/d1/members"] = func(body []byte) (int, string) {
		sent = string(body)
		if refuse {
			return 409, `{"error":{"code":"limit-members","message":"51 members with the owner; a design may have 50"}}`
		}
		return 200, `{"id":"d1","members":[]}`
	}
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	tm := s.teamOf()
	tm.refresh()
	tm.openShare(tm.designs[0])
	f := tm.share
	if f == nil || !f.loaded || len(f.members) != 2 {
		t.Fatalf("the dialog did not read the members: %+v", f)
	}
	for _, tc := range []struct {
		person, problem string
	}{
		{"  ", "Say who to add"},
		{"bob", "bob is a member already"},
		{strings.Repeat("x", 201), "at most 200 bytes"},
	} {
		f.person = tc.person
		f.add()
		if !strings.Contains(f.problem, tc.problem) || len(f.members) != 2 {
			t.Errorf("adding %q: problem %q, members %v", tc.person, f.problem, f.members)
		}
	}
	f.person, f.role = " cy ", "viewer"
	f.add()
	f.setRole("bob", "editor")
	f.setRole("local", "viewer") // the owner stays the owner
	f.remove("local")
	want := []shareMember{{"local", "owner"}, {"bob", "editor"}, {"cy", "viewer"}}
	if fmt.Sprint(f.members) != fmt.Sprint(want) || f.person != "" || f.problem != "" {
		t.Fatalf("members %v, person %q, problem %q", f.members, f.person, f.problem)
	}
	// A person typed and not added is not dropped by Save.
	f.person = "dee"
	tm.saveShare()
	if sent != "" || !strings.Contains(f.problem, "Add dee") {
		t.Errorf("saved with a person left in the field: sent %q, problem %q", sent, f.problem)
	}
	f.person = ""
	tm.saveShare()
	if sent != `{"members":[{"user":"local","role":"owner"},{"user":"bob","role":"editor"},{"user":"cy","role":"viewer"}]}` {
		t.Errorf("sent %s", sent)
	}
	// Refused: the server's code and message in the dialog, the form kept.
	if tm.share != f || !strings.Contains(f.problem, "limit-members") || !strings.Contains(f.problem, "a design may have 50") || len(f.members) != 3 {
		t.Errorf("after a refusal: open %v, problem %q, members %v", tm.share == f, f.problem, f.members)
	}
	refuse = false
	tm.saveShare()
	if tm.share != nil || s.store.Notice().Text != "Shared Orders with 2 people." {
		t.Errorf("after saving: open %v, notice %q", tm.share != nil, s.store.Notice().Text)
	}
}

func TestWorkspaceHistoryPages(t *testing.T) {
	p := ownedTeam()
	page := func(from, to int) string {
		var cs []map[string]any
		for seq := from; seq <= to; seq++ {
			cs = append(cs, map[string]any{"seq": seq, "id": fmt.Sprint("c", seq), "user": "bob", "name": "Bob", "at": "2026-12-07T19:00:00Z",
				"change": json.RawMessage(fmt.Sprintf(`{"id":"c%d","base":%d,"ops":[{"op":"setNode","key":{"id":"api"},"field":"props.replicas","value":%d}]}`, seq, seq-1, seq))})
		}
		b, _ := json.Marshal(map[string]any{"id": "d1", "changes": cs})
		return string(b)
	}
	p.routes["GET /api/workspace/designs/d1/history"] = func([]byte) (int, string) { return 200, page(2, 201) }
	p.routes["GET /api/workspace/designs/d1/history?before=2"] = func([]byte) (int, string) { return 200, page(1, 1) }
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	tm := s.teamOf()
	tm.refresh()
	tm.openHistory(tm.designs[0])
	h := tm.history
	if len(h.changes) != 200 || h.changes[0].Seq != 201 || !h.older {
		t.Fatalf("first page: %d changes, newest %d, older %v, problem %q", len(h.changes), h.changes[0].Seq, h.older, h.problem)
	}
	if got := strings.Join(h.changes[0].words, "; "); got != "set api's replicas to 201" {
		t.Errorf("words %q", got)
	}
	tm.readHistory(h)
	if len(h.changes) != 201 || h.changes[200].Seq != 1 || h.older {
		t.Errorf("second page: %d changes, oldest %d, older %v", len(h.changes), h.changes[len(h.changes)-1].Seq, h.older)
	}
	// A refusal says the server's code; what was read stays.
	p.routes["GET /api/workspace/designs/d1/history?before=1"] = func([]byte) (int, string) {
		return 404, `{"error":{"code":"not-found","message":"not found"}}`
	}
	h.older = true
	tm.readHistory(h)
	if !strings.Contains(h.problem, "not-found") || len(h.changes) != 201 {
		t.Errorf("refused: problem %q, %d changes", h.problem, len(h.changes))
	}
}

// TestMoveBetweenPlaces: each move and copy leaves both places as they
// were when a step fails, and says which copy exists.
func TestMoveBetweenPlaces(t *testing.T) {
	t.Run("move to the workspace refused: this browser's copy stays", func(t *testing.T) {
		p := ownedTeam()
		p.routes["POST /api/workspace/designs"] = func([]byte) (int, string) {
			return 409, `{"error":{"code":"limit-designs","message":"200 designs; a user may own 200"}}`
		}
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		tm := s.teamOf()
		tm.refresh()
		tm.moveOpen("Shop")
		if e := s.library.index().Find(s.designID); e == nil || e.InTrash() || s.store.ReadOnly() {
			t.Errorf("this browser's design went, or stays read-only (%v): %+v", s.store.ReadOnly(), e)
		}
		if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "limit-designs") || !strings.Contains(n.Text, "still here only") {
			t.Errorf("notice %+v", n)
		}
	})
	t.Run("move to the workspace: this browser's copy in the trash, the workspace's live", func(t *testing.T) {
		p := ownedTeam()
		p.routes["POST /api/workspace/designs"] = func([]byte) (int, string) { return 201, `{"id":"d1","name":"Orders","role":"owner"}` }
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		tm := s.teamOf()
		tm.refresh()
		local := s.designID
		tm.moveOpen("Orders")
		if e := s.library.index().Find(local); e == nil || !e.InTrash() {
			t.Errorf("this browser's copy is not in the trash: %+v", e)
		}
		if tm.live == nil || tm.live.design.ID != "d1" {
			t.Errorf("the workspace's copy is not open live: %q", s.store.Notice().Text)
		}
	})
	t.Run("move here, delete refused: both copies, and it says so", func(t *testing.T) {
		p := ownedTeam()
		p.routes["DELETE /api/workspace/designs/d1"] = func([]byte) (int, string) {
			return 403, `{"error":{"code":"owner-only","message":"only the design's owner may do this"}}`
		}
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		var went []string
		s.navigate = func(u string) { went = append(went, u) }
		tm := s.teamOf()
		tm.refresh()
		tm.askMove(tm.designs[0])
		tm.confirm = nil
		tm.moveHere(tm.designs[0])
		n := s.store.Notice()
		if !n.Error || !strings.Contains(n.Text, "is copied to this browser") || !strings.Contains(n.Text, "still in the workspace") || !strings.Contains(n.Text, "owner-only") {
			t.Errorf("notice %+v", n)
		}
		copies := 0
		for _, e := range s.library.index().Designs {
			if e.Name == "Orders" {
				copies++
			}
		}
		if copies != 1 || len(went) != 0 || tm.moving != "" {
			t.Errorf("%d copies here, went %v, moving %q", copies, went, tm.moving)
		}
	})
	t.Run("delete refused while open live: still live, and it says why", func(t *testing.T) {
		p := ownedTeam()
		p.routes["DELETE /api/workspace/designs/d1"] = func([]byte) (int, string) {
			return 403, `{"error":{"code":"owner-only","message":"only the design's owner may do this"}}`
		}
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		tm := s.teamOf()
		tm.refresh()
		tm.open(tm.designs[0])
		tm.deleteFromWorkspace(tm.designs[0])
		if n := s.store.Notice(); tm.live == nil || p.sock.closed || !strings.Contains(n.Text, "was not deleted") || !strings.Contains(n.Text, "owner-only") {
			t.Errorf("live %v, socket closed %v, notice %q", tm.live != nil, p.sock.closed, n.Text)
		}
	})
	t.Run("delete while open live: left, and this browser's design opens", func(t *testing.T) {
		p := ownedTeam()
		p.routes["DELETE /api/workspace/designs/d1"] = func([]byte) (int, string) { return 200, `{"deleted":"d1"}` }
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		tm := s.teamOf()
		tm.refresh()
		tm.open(tm.designs[0]) // in place: no navigate yet
		// A view kept of it goes with it.
		p.stored[workspaceViewKey("d1")] = "10 20 1.5"
		var went []string
		s.navigate = func(u string) { went = append(went, u) }
		tm.deleteFromWorkspace(tm.designs[0])
		if tm.live != nil || !p.sock.closed || len(went) != 1 || went[0] != "/" || s.store.Notice().Text != "Deleted Orders from the workspace." {
			t.Errorf("live %v, socket closed %v, went %v, notice %q", tm.live != nil, p.sock.closed, went, s.store.Notice().Text)
		}
		if v, kept := p.stored[workspaceViewKey("d1")]; kept {
			t.Errorf("the view of the deleted design is still kept: %q", v)
		}
	})
	t.Run("copy here: a new design of this browser, opened", func(t *testing.T) {
		p := ownedTeam()
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		var went []string
		s.navigate = func(u string) { went = append(went, u) }
		tm := s.teamOf()
		tm.refresh()
		tm.copyHere(tm.designs[0])
		var id string
		for _, e := range s.library.index().Designs {
			if e.Name == "Orders" {
				id = e.ID
			}
		}
		if id == "" || len(went) != 1 || went[0] != designAddress(id) {
			t.Fatalf("copy %q, went %v: %q", id, went, s.store.Notice().Text)
		}
		if got := p.db[library.DesignKey(id)]; !strings.Contains(got, "aws-lambda") {
			t.Errorf("stored %q", got)
		}
	})
	t.Run("copy here, not stored: nothing listed", func(t *testing.T) {
		p := ownedTeam()
		p.failDB = fmt.Errorf("quota exceeded")
		s := newSession(p, state.NewStore(mustEmbedded(t)))
		tm := s.teamOf()
		tm.refresh()
		before := len(s.library.index().Designs)
		tm.copyHere(tm.designs[0])
		if n := s.store.Notice(); !strings.Contains(n.Text, "quota exceeded") || len(s.library.index().Designs) != before || tm.moving != "" {
			t.Errorf("notice %q, %d designs (was %d), moving %q", n.Text, len(s.library.index().Designs), before, tm.moving)
		}
	})
}
