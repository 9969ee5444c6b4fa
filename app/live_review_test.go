package app

import (
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

// A change the server cannot read as a message is answered with an error,
// not a refusal naming it: the change is not left in flight for ever,
// holding every later edit back.
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
	sock.say(`{"type":"error","error":{"code":"too-large","message":"the message is 70000 bytes; messages are limited to 65536 bytes"}}`)
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
