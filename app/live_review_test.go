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
