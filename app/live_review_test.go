package app

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
)

// A viewer made an editor meanwhile is told so by the welcome of the next
// connection: the design is editable again, and the status says Live.
func TestLiveViewerMadeEditor(t *testing.T) {
	p := newFakeTeam()
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	tm := s.teamOf()
	tm.open(workspaceDesign{ID: "d1", Name: "Orders"})
	sock := p.sock
	sock.connect()
	sock.say(`{"type":"welcome","user":"local","role":"viewer","seq":4}`)
	if !s.store.ReadOnly() {
		t.Fatal("a viewer may edit")
	}
	sock.drop()
	sock.connect()
	sock.say(`{"type":"welcome","user":"local","role":"editor","seq":4}`)
	if s.store.ReadOnly() || tm.liveStatus() != "Live" {
		t.Errorf("an editor's design: read-only %v, status %q", s.store.ReadOnly(), tm.liveStatus())
	}
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(60)); err != nil {
		t.Fatal(err)
	}
	if sentChange(t, sock.last()).ID == "" {
		t.Error("the editor's change was not sent")
	}
}

// A change the server cannot read as a message is answered with an error
// naming it, not a refusal: the change is not left in flight for ever,
// holding every later edit back. An error naming no change (one answering
// this tab's presence) answers no change: it is reported, and the change in
// flight waits for its own answer.
func TestLiveErrorAnswersChangeInFlight(t *testing.T) {
	p := newFakeTeam()
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	tm := s.teamOf()
	tm.open(workspaceDesign{ID: "d1", Name: "Orders"})
	sock := p.sock
	sock.connect()
	sock.say(`{"type":"welcome","user":"local","role":"editor","seq":4}`)
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(60)); err != nil {
		t.Fatal(err)
	}
	first := sentChange(t, sock.last())
	sock.say(`{"type":"error","error":{"code":"bad-field","message":"the colour \"red\" is not of the form #rrggbb"}}`)
	if n := tm.live.session.Waiting(); n != 1 || !tm.live.session.InFlight() {
		t.Errorf("an error naming no change was taken for the change's answer: %d waiting", n)
	}
	if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "not of the form #rrggbb") {
		t.Errorf("the error naming no change was not reported: %+v", n)
	}
	sock.say(`{"type":"error","id":"another","error":{"code":"bad-field","message":"not this one"}}`)
	if n := tm.live.session.Waiting(); n != 1 {
		t.Errorf("an error naming another change answered this one: %d waiting", n)
	}
	sock.say(`{"type":"error","id":"` + first.ID + `","error":{"code":"bad-json","message":"the base is not a number"}}`)
	if n := tm.live.session.Waiting(); n != 0 {
		t.Errorf("%d changes still waiting", n)
	}
	if v := s.store.Design().Nodes[0].Props["timeoutSeconds"]; v == catalogue.IntValue(60) {
		t.Error("the change the server did not take is still shown")
	}
	if err := s.store.SetProp("api", "timeoutSeconds", catalogue.IntValue(90)); err != nil {
		t.Fatal(err)
	}
	if c := sentChange(t, sock.last()); c.ID == first.ID || len(c.Ops) != 1 {
		t.Errorf("the next edit was not sent: %+v", c)
	}
}

// A change of the stream that does not read (or a snapshot that does not)
// is a change this tab misses: the stream's next changes wait for the
// design read again instead of being folded into a design without it.
func TestLiveUnreadableChangeStopsTheStream(t *testing.T) {
	p := newFakeTeam()
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	tm := s.teamOf()
	tm.open(workspaceDesign{ID: "d1", Name: "Orders"})
	sock := p.sock
	sock.connect()
	sock.say(`{"type":"welcome","user":"local","role":"editor","seq":4}`)
	p.routes["GET /api/workspace/designs/d1"] = func([]byte) (int, string) { return 0, "" } // no answer yet
	sock.say(`{"type":"change","seq":5,"id":"x","change":{"id":"00000000-0000-4000-8000-000000000001","ops":"not ops"}}`)
	sock.say(`{"type":"change","seq":6,"id":"y","change":{"id":"00000000-0000-4000-8000-000000000002","base":5,"ops":[{"op":"setNode","key":{"id":"api"},"field":"props.timeoutSeconds","value":7}]}}`)
	if v, ok := s.store.Design().Nodes[0].Props["timeoutSeconds"]; ok {
		t.Errorf("change 6 was folded in after change 5 was missed: timeout %v", v)
	}
	if tm.live.session.Seq() != 4 {
		t.Errorf("seq %d, want 4 until the design is read again", tm.live.session.Seq())
	}
	tm.leave()
}
