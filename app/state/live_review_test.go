package state

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/app/state/statetest"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/patch"
)

// A change refused as a conflict when nothing came from the stream since it
// was sent will be refused again, as it is: it is not sent again and again
// (a loop with the server), but dropped, and the user told.
func TestLiveConflictWithNothingNewIsNotResentForever(t *testing.T) {
	s := NewStore(statetest.Catalogue(t))
	must(t, s.Open("shared.yaml", []byte(statetest.ThreeNodes)))
	var sent []patch.Change
	n := 0
	l := s.GoLive(7, func(c patch.Change) { sent = append(sent, c) }, func() string { n++; return strings.Repeat("0", 7) + string(rune('a'+n)) })
	before := string(s.Export())
	must(t, s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	if len(sent) != 1 {
		t.Fatalf("sent %d changes, want 1", len(sent))
	}
	for range 3 {
		l.Refused(sent[len(sent)-1].ID, RefusedConflict, "does not apply to the design at 7")
	}
	if len(sent) != 1 {
		t.Errorf("the refused change was sent %d more times with nothing new from the server", len(sent)-1)
	}
	if l.Waiting() != 0 {
		t.Errorf("%d changes still waiting", l.Waiting())
	}
	if got := string(s.Export()); got != before {
		t.Errorf("the design shown is not the server's:\n%s", got)
	}
	if !s.Notice().Error || !strings.Contains(s.Notice().Text, "not stored") {
		t.Errorf("notice %+v", s.Notice())
	}
}

// A snapshot holding this tab's own change in flight (stored before the
// connection was lost) neither tells the user it was overridden nor shows
// anything but the server's design once acknowledged.
func TestLiveSnapshotWithOwnChange(t *testing.T) {
	for _, edit := range []struct {
		name string
		do   func(s *Store) error
	}{
		{"a property", func(s *Store) error { return s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)) }},
		{"a new node", func(s *Store) error { _, err := s.AddNode("redis"); return err }},
		{"a deleted node", func(s *Store) error { return s.DeleteNode("c") }},
	} {
		t.Run(edit.name, func(t *testing.T) {
			srv, cs := newSim(t, statetest.ThreeNodes, "a")
			a := cs[0]
			must(t, edit.do(a.s))
			srv.take(a)
			a.inbox, a.online = nil, false // lost before the echo and ack
			a.live.Disconnected()
			a.s.Say("")
			srv.resync(a)
			a.live.Resend()
			srv.settle(t)
			if got, want := string(a.s.Export()), string(catalogue.EncodeDesignYAML(srv.design)); got != want {
				t.Errorf("shown:\n%s\nserver:\n%s", got, want)
			}
			if a.live.Waiting() != 0 || srv.seq != 1 {
				t.Errorf("waiting %d, server at %d", a.live.Waiting(), srv.seq)
			}
			if n := a.s.Notice(); n.Text != "" {
				t.Errorf("told %+v", n)
			}
		})
	}
}

// A change of the stream that does not apply here makes the session wait
// for the design read again: the changes the stream brings meanwhile are
// not folded into a design known to be wrong, and those past the design
// read again are folded in after it, so nothing of the stream is lost.
func TestLiveStreamBrokenUntilSnapshot(t *testing.T) {
	s := NewStore(statetest.Catalogue(t))
	must(t, s.Open("shared.yaml", []byte(statetest.ThreeNodes)))
	l := s.GoLive(0, func(patch.Change) {}, func() string { return "00000000" })
	set := func(id string, v string) []patch.Op {
		return []patch.Op{{Op: patch.SetNode, Key: patch.Key{ID: id}, Field: "props.timeoutSeconds", Value: []byte(v)}}
	}
	// The server's design at 1: a's timeout 10 (here, its change reads
	// as an edit of a node this tab lacks).
	d1, err := patch.Apply(s.Design(), set("a", "10"))
	must(t, err)
	if err := l.Remote(1, "x", set("nope", "10")); err == nil {
		t.Fatal("a change of a missing node applied")
	}
	must(t, l.Remote(2, "y", set("b", "20")))
	l.Snapshot(1, d1) // read before change 2 was stored
	want, err := patch.Apply(d1, set("b", "20"))
	must(t, err)
	if got := string(s.Export()); got != string(catalogue.EncodeDesignYAML(want)) {
		t.Errorf("shown:\n%s\nwant:\n%s", got, catalogue.EncodeDesignYAML(want))
	}
	if l.Seq() != 2 {
		t.Errorf("seq %d, want 2", l.Seq())
	}
}

// While the stream disagrees with this tab, its edits wait: made on a
// design known to be wrong, they are sent rebased on the design read again.
func TestLiveBrokenHoldsEdits(t *testing.T) {
	s := NewStore(statetest.Catalogue(t))
	must(t, s.Open("shared.yaml", []byte(statetest.ThreeNodes)))
	var sent []patch.Change
	l := s.GoLive(0, func(c patch.Change) { sent = append(sent, c) }, func() string { return "00000001" })
	d1 := s.Design()
	bad := []patch.Op{{Op: patch.SetNode, Key: patch.Key{ID: "nope"}, Field: "props.timeoutSeconds", Value: []byte("10")}}
	if err := l.Remote(1, "x", bad); err == nil {
		t.Fatal("a change of a missing node applied")
	}
	must(t, s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	if len(sent) != 0 {
		t.Fatalf("sent %+v while the stream disagrees", sent)
	}
	must(t, l.Snapshot(1, d1))
	if len(sent) != 1 || sent[0].Base != 1 {
		t.Errorf("after the snapshot sent %+v, want one change on 1", sent)
	}
}

// After a reconnect the change in flight is sent at the welcome and again,
// rebased, after the snapshot that follows: the first send's conflict does
// not drop it while the second's answer is to come.
func TestLiveConflictOfAnEarlierSend(t *testing.T) {
	s := NewStore(statetest.Catalogue(t))
	must(t, s.Open("shared.yaml", []byte(statetest.ThreeNodes)))
	var sent []patch.Change
	l := s.GoLive(0, func(c patch.Change) { sent = append(sent, c) }, func() string { return "00000001" })
	must(t, s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	l.Disconnected()
	l.Resend() // the welcome
	set := []patch.Op{{Op: patch.SetNode, Key: patch.Key{ID: "b"}, Field: "props.timeoutSeconds", Value: []byte("5")}}
	d1, err := patch.Apply(l.Confirmed(), set)
	must(t, err)
	must(t, l.Snapshot(1, d1))
	if len(sent) != 3 {
		t.Fatalf("sent %d times, want 3", len(sent))
	}
	l.Refused("00000001", RefusedConflict, "does not apply to the design at 1") // the welcome's send
	if l.Waiting() != 1 {
		t.Fatalf("the change was dropped while its second send is unanswered; notice %q", s.Notice().Text)
	}
	must(t, l.Remote(2, "00000001", sent[2].Ops)) // the second send, stored
	if l.Waiting() != 0 || s.Design().Nodes[0].Props["timeoutSeconds"] != catalogue.IntValue(60) {
		t.Errorf("waiting %d, design %s", l.Waiting(), s.Export())
	}
	if s.Notice().Error {
		t.Errorf("told %q", s.Notice().Text)
	}
}

// Undo takes back the user's own step after a snapshot that held it: the
// snapshot's difference is not a co-editor's change Undo must keep.
func TestLiveUndoAfterSnapshotWithOwnChange(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a")
	a := cs[0]
	must(t, a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	srv.take(a)
	a.inbox, a.online = nil, false
	a.live.Disconnected()
	srv.resync(a)
	srv.settle(t)
	a.s.Undo()
	srv.settle(t)
	if v, ok := srv.design.Nodes[0].Props["timeoutSeconds"]; ok {
		t.Errorf("after Undo the server has timeout %v, want none", v)
	}
	if got, want := string(a.s.Export()), string(catalogue.EncodeDesignYAML(srv.design)); got != want {
		t.Errorf("shown:\n%s\nserver:\n%s", got, want)
	}
}

// A conflict while the stream waits for a snapshot is not taken for one
// with nothing new: what came waits unfolded, and the snapshot sends the
// change again.
func TestLiveConflictWhileBroken(t *testing.T) {
	s := NewStore(statetest.Catalogue(t))
	must(t, s.Open("shared.yaml", []byte(statetest.ThreeNodes)))
	var sent []patch.Change
	l := s.GoLive(0, func(c patch.Change) { sent = append(sent, c) }, func() string { return "00000001" })
	d0 := s.Design()
	must(t, s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	bad := []patch.Op{{Op: patch.SetNode, Key: patch.Key{ID: "nope"}, Field: "props.timeoutSeconds", Value: []byte("10")}}
	if err := l.Remote(1, "x", bad); err == nil {
		t.Fatal("a change of a missing node applied")
	}
	l.Refused("00000001", RefusedConflict, "does not apply")
	if l.Waiting() != 1 {
		t.Fatalf("dropped while the stream waits: %q", s.Notice().Text)
	}
	must(t, l.Snapshot(1, d0))
	if len(sent) != 2 || sent[1].Base != 1 {
		t.Errorf("sent %+v", sent)
	}
}
