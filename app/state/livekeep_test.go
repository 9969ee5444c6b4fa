package state

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/app/state/statetest"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/patch"
)

// TestLiveWelcomeWaitsForTheStream: after a reconnect nothing is sent until
// the stream has caught up with the welcome's sequence, so that a change
// the server stored before the connection went comes back as itself, even
// when the server no longer recognises its id (its window is 10 minutes).
func TestLiveWelcomeWaitsForTheStream(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a", "b")
	a := cs[0]
	_, err := a.s.AddNode("redis")
	must(t, err)
	srv.take(a) // stored at 1; a goes before it reads the echo
	a.online, a.inbox = false, nil
	a.live.Disconnected()
	id := a.live.Pending()[0]
	delete(srv.stored, id) // forgotten, as the server's window does

	srv.reconnect(a)
	if len(a.outbox) != 0 {
		t.Fatalf("a sent %d changes before the stream caught up", len(a.outbox))
	}
	a.read(t)
	srv.settle(t)
	if srv.seq != 1 || a.live.Waiting() != 0 {
		t.Errorf("the stream has %d changes, a waits with %d; want the one change stored once", srv.seq, a.live.Waiting())
	}
	if n := len(a.s.Design().Nodes); n != 5 {
		t.Errorf("a shows %d nodes, want 5", n)
	}
}

// TestLiveRestore: the changes a tab had not had stored, taken with
// Unsent, are put back by a new session on the same confirmed design and
// stored once; changes that do not apply to it are refused whole.
func TestLiveRestore(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a", "b")
	a, b := cs[0], cs[1]
	must(t, a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	_, err := a.s.AddNode("redis")
	must(t, err)
	srv.take(a) // the first is stored; the tab goes before it hears so
	a.online, a.inbox, a.outbox = false, nil, nil
	a.live.Disconnected()
	seq, confirmed, pending := a.live.Unsent()
	if seq != 0 || len(pending) != 2 {
		t.Fatalf("unsent at %d: %d changes, want 2 at 0", seq, len(pending))
	}
	// b changes the same field meanwhile.
	must(t, b.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(30)))
	srv.settle(t)

	// A new tab, as after a reload: the kept design, its changes on top.
	c := &simClient{name: "a2", s: NewStore(statetest.Catalogue(t))}
	must(t, c.s.Open("kept.yaml", catalogue.EncodeDesignYAML(confirmed)))
	c.live = c.s.GoLive(seq, func(ch patch.Change) {
		if c.online {
			data, _ := json.Marshal(ch)
			c.outbox = append(c.outbox, data)
		} else {
			c.live.Disconnected()
		}
	}, func() string { c.nextID++; return fmt.Sprintf("a2-%d", c.nextID) })
	if err := c.live.Restore(pending[1:2]); err != nil { // the add alone applies too
		t.Fatal(err)
	}
	if err := c.live.Restore(pending); err != nil {
		t.Fatal(err)
	}
	if n := len(c.s.Design().Nodes); n != 5 || c.s.Design().Nodes[0].Props["timeoutSeconds"] != catalogue.IntValue(60) {
		t.Fatalf("restored shows %d nodes, timeout %v", n, c.s.Design().Nodes[0].Props["timeoutSeconds"])
	}
	srv.clients = append(srv.clients, c)
	srv.reconnect(c)
	srv.settle(t)
	if srv.seq != 3 {
		t.Errorf("the stream has %d changes; want 3: a's two, stored once, and b's", srv.seq)
	}
	if got, want := catalogue.EncodeDesignYAML(c.s.Design()), catalogue.EncodeDesignYAML(srv.design); string(got) != string(want) {
		t.Errorf("the restored tab ended on\n%s\nthe server on\n%s", got, want)
	}

	// Changes that do not apply to the design: nothing is put back.
	d := &simClient{s: NewStore(statetest.Catalogue(t))}
	must(t, d.s.Open("other.yaml", []byte("nodes: []\n")))
	d.live = d.s.GoLive(0, func(patch.Change) {}, func() string { return "x" })
	if err := d.live.Restore(pending); err == nil || d.live.Waiting() != 0 {
		t.Errorf("changes on another design: %v, %d waiting", err, d.live.Waiting())
	}
}

// TestLiveRestoredSealed: nothing is gathered into changes once kept, nor
// into restored ones: two tabs may both hold them and send them, grown
// each its own way, under the same ids, and the server would take one
// for the other.
func TestLiveRestoredSealed(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a")
	a := cs[0]
	a.online = false
	must(t, a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	_, err := a.s.AddNode("redis")
	must(t, err)
	seq, confirmed, pending := a.live.Unsent()
	a.live.Seal() // as the editor does once it has kept them
	c := &simClient{name: "a2", s: NewStore(statetest.Catalogue(t))}
	must(t, c.s.Open("kept.yaml", catalogue.EncodeDesignYAML(confirmed)))
	c.live = c.s.GoLive(seq, func(ch patch.Change) {
		if c.online {
			data, _ := json.Marshal(ch)
			c.outbox = append(c.outbox, data)
		} else {
			c.live.Disconnected()
		}
	}, func() string { c.nextID++; return fmt.Sprintf("a2-%d", c.nextID) })
	must(t, c.live.Restore(pending))
	srv.clients = append(srv.clients, c)
	must(t, a.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(7)))  // a new change in a
	must(t, c.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(61))) // a change of its own in a2
	srv.reconnect(c)
	srv.settle(t)
	srv.reconnect(a)
	srv.settle(t)
	want := map[string]catalogue.Value{"a": catalogue.IntValue(61), "b": catalogue.IntValue(7)}
	for _, n := range srv.design.Nodes {
		if v, ok := want[n.ID]; ok && n.Props["timeoutSeconds"] != v {
			t.Errorf("%s's timeout is %v on the server, want %v", n.ID, n.Props["timeoutSeconds"], v)
		}
	}
}

// TestLiveWelcomeBehind: a server behind this tab (its stream lost what
// this tab folded) gets nothing until its snapshot has been folded in.
func TestLiveWelcomeBehind(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a")
	a := cs[0]
	must(t, a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	srv.settle(t)
	lost := srv.design
	_ = lost
	a.online, a.inbox, a.outbox = false, nil, nil
	a.live.Disconnected()
	must(t, a.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(7)))
	a.online = true
	a.live.Welcome(0) // the server's stream is back at 0
	if len(a.outbox) != 0 {
		t.Fatalf("sent on a base the server never had: %d changes", len(a.outbox))
	}
	a.live.Snapshot(0, mustParse(t, statetest.ThreeNodes))
	if len(a.outbox) != 1 {
		t.Errorf("after the snapshot %d changes sent, want 1", len(a.outbox))
	}
}

func mustParse(t *testing.T, text string) *catalogue.Design {
	t.Helper()
	d, errs := catalogue.ParseDesign("x.yaml", []byte(text))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return d
}

// TestLiveEarlierWriterTold: two people set one field at once; the later
// in the stream wins, and the one whose change was stored first is told
// that it was not kept; nobody is told when the later change was made
// after seeing the earlier.
func TestLiveEarlierWriterTold(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a", "b")
	a, b := cs[0], cs[1]
	must(t, a.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(10)))
	must(t, b.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(20)))
	srv.take(a) // a's first
	srv.take(b) // b's, made on the design before a's
	srv.settle(t)
	if n := a.s.Notice(); !strings.Contains(n.Text, "was not kept: someone else set it to 20 afterwards") {
		t.Errorf("a was told %q", n.Text)
	}
	if n := b.s.Notice(); strings.Contains(n.Text, "was not kept") {
		t.Errorf("b, whose change won, was told %q", n.Text)
	}

	// b sets it again having seen a's: a is not told again.
	a.s.Say("")
	must(t, b.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(30)))
	srv.settle(t)
	if n := a.s.Notice(); strings.Contains(n.Text, "was not kept") {
		t.Errorf("a was told of a change made after its own was seen: %q", n.Text)
	}
}

// TestLiveKeptBounded: changes sealed as they are kept, edit after edit
// offline, still squash at the bound, so what is kept can be restored.
func TestLiveKeptBounded(t *testing.T) {
	_, cs := newSim(t, statetest.ThreeNodes, "a")
	a := cs[0]
	a.online = false
	for i := range 100 {
		must(t, a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(int64(i+1))))
		a.live.Seal() // kept, as the editor's autosave does
	}
	seq, confirmed, pending := a.live.Unsent()
	if len(pending) > maxWaiting {
		t.Fatalf("%d changes wait; at most %d should", len(pending), maxWaiting)
	}
	c := NewStore(statetest.Catalogue(t))
	must(t, c.Open("kept.yaml", catalogue.EncodeDesignYAML(confirmed)))
	l := c.GoLive(seq, func(patch.Change) {}, func() string { return "x" })
	if err := l.Restore(pending); err != nil {
		t.Errorf("what was kept does not restore: %v", err)
	}
}
