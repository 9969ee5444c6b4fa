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

// simServer is the workspace server as the live session sees it: it
// applies each change as sent to its design, in the order it takes them,
// stores a change id once, and sends every stored change to every client
// (the sender too) in stream order, with an ack or a refusal to the sender.
type simServer struct {
	t       *testing.T
	design  *catalogue.Design
	seq     uint64
	log     []simMsg // the stream, for a client catching up
	stored  map[string]uint64
	clients []*simClient
	viewers map[*simClient]bool
}

// simMsg is one message from the server to a client.
type simMsg struct {
	kind   string // change, ack, refused, snapshot
	design *catalogue.Design
	seq    uint64
	base   uint64 // the sequence the change was made on
	id     string
	ops    []patch.Op
	code   string
}

// simClient is one tab: its store, its live session, what it sent that the
// server has not taken yet, and what the server sent it that it has not
// read yet.
type simClient struct {
	name    string
	s       *Store
	live    *Live
	outbox  [][]byte
	inbox   []simMsg
	online  bool
	nextID  int
	refused []string
}

func newSim(t *testing.T, yaml string, names ...string) (*simServer, []*simClient) {
	t.Helper()
	d, errs := catalogue.ParseDesign("shared.yaml", []byte(yaml))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	srv := &simServer{t: t, design: d, stored: map[string]uint64{}, viewers: map[*simClient]bool{}}
	for _, name := range names {
		c := &simClient{name: name, s: NewStore(statetest.Catalogue(t)), online: true}
		if err := c.s.Open("shared.yaml", catalogue.EncodeDesignYAML(srv.design)); err != nil {
			t.Fatal(err)
		}
		c.live = c.s.GoLive(srv.seq, func(ch patch.Change) {
			// What goes on the wire: the change as JSON, read back by the
			// server as the workspace's codec reads it.
			data, err := json.Marshal(ch)
			if err != nil {
				t.Fatal(err)
			}
			if c.online {
				c.outbox = append(c.outbox, data)
			} else {
				c.live.Disconnected() // as the editor's link does
			}
		}, func() string { c.nextID++; return fmt.Sprintf("%s-%d", c.name, c.nextID) })
		srv.clients = append(srv.clients, c)
	}
	return srv, srv.clients
}

// take reads the oldest change c sent, as the server does.
func (srv *simServer) take(c *simClient) {
	srv.t.Helper()
	if len(c.outbox) == 0 {
		srv.t.Fatalf("%s sent nothing", c.name)
	}
	data := c.outbox[0]
	c.outbox = c.outbox[1:]
	ch, err := patch.DecodeChange(data, patch.DefaultLimits())
	if err != nil {
		srv.t.Fatalf("the server cannot read %s's change %s: %v", c.name, data, err)
	}
	if srv.viewers[c] {
		c.inbox = append(c.inbox, simMsg{kind: "refused", id: ch.ID, code: RefusedViewer})
		return
	}
	if seq, ok := srv.stored[ch.ID]; ok {
		c.inbox = append(c.inbox, simMsg{kind: "ack", id: ch.ID, seq: seq})
		return
	}
	next, err := patch.Apply(srv.design, ch.Ops)
	if err != nil {
		c.inbox = append(c.inbox, simMsg{kind: "refused", id: ch.ID, code: RefusedConflict})
		return
	}
	srv.design, srv.seq = next, srv.seq+1
	srv.stored[ch.ID] = srv.seq
	m := simMsg{kind: "change", seq: srv.seq, id: ch.ID, base: ch.Base, ops: ch.Ops}
	srv.log = append(srv.log, m)
	for _, o := range srv.clients {
		if o.online {
			o.inbox = append(o.inbox, m)
		}
	}
	if c.online {
		c.inbox = append(c.inbox, simMsg{kind: "ack", id: ch.ID, seq: srv.seq})
	}
}

// read hands c what the server sent it, in order.
func (c *simClient) read(t *testing.T) {
	t.Helper()
	for len(c.inbox) > 0 {
		m := c.inbox[0]
		c.inbox = c.inbox[1:]
		switch m.kind {
		case "change":
			if err := c.live.RemoteChange(m.seq, patch.Change{ID: m.id, Base: m.base, Ops: m.ops}); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		case "ack":
			c.live.Acked(m.id, m.seq)
		case "snapshot":
			c.live.Snapshot(m.seq, m.design)
		case "refused":
			c.refused = append(c.refused, m.code)
			c.live.Refused(m.id, m.code, "you are a viewer of this design")
		}
	}
}

// reconnect brings c back: the server replays what it missed after its
// last sequence, and c sends again what is pending, with the same ids.
func (srv *simServer) reconnect(c *simClient) {
	c.online = true
	for _, m := range srv.log {
		if m.seq > c.live.Seq() {
			c.inbox = append(c.inbox, m)
		}
	}
	c.live.Welcome(srv.seq)
}

// resync brings c back as a server does a client too far behind: the
// whole design, then what c sends again.
func (srv *simServer) resync(c *simClient) {
	c.online = true
	c.inbox = append(c.inbox, simMsg{kind: "snapshot", seq: srv.seq, design: srv.design})
	c.read(srv.t)
}

// settle runs the exchange until nobody has anything to send or read.
func (srv *simServer) settle(t *testing.T) {
	t.Helper()
	for range 100 {
		busy := false
		for _, c := range srv.clients {
			if len(c.outbox) > 0 {
				srv.take(c)
				busy = true
			}
		}
		for _, c := range srv.clients {
			if len(c.inbox) > 0 {
				c.read(t)
				busy = true
			}
		}
		if !busy {
			return
		}
	}
	t.Fatal("the exchange never settled")
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestLiveConverges(t *testing.T) {
	cases := []struct {
		name string
		// run drives two clients and the server; settle follows.
		run func(t *testing.T, srv *simServer, a, b *simClient)
		// want checks the converged design.
		want func(d *catalogue.Design) string
		// notice is a part of what b is told, when not "".
		notice string
	}{
		{
			name: "a property on one side, a node on the other",
			run: func(t *testing.T, srv *simServer, a, b *simClient) {
				must(t, a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
				_, err := b.s.AddNode("redis")
				must(t, err)
				srv.take(a)
				srv.take(b)
			},
			want: func(d *catalogue.Design) string {
				if len(d.Nodes) != 5 || d.Nodes[0].Props["timeoutSeconds"] != catalogue.IntValue(60) {
					return "want 5 nodes and a's timeout 60"
				}
				return ""
			},
		},
		{
			name: "the same field at once: the later in the stream wins",
			run: func(t *testing.T, srv *simServer, a, b *simClient) {
				must(t, a.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(10)))
				must(t, b.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(20)))
				srv.take(a)
				b.read(t) // a's change reaches b before b's own is taken
				srv.take(b)
			},
			want: func(d *catalogue.Design) string {
				if v := d.Nodes[1].Props["timeoutSeconds"]; v != catalogue.IntValue(20) {
					return fmt.Sprintf("b's timeout is %v, want 20 (b's change is later)", v)
				}
				return ""
			},
		},
		{
			name: "an edit of a node another deleted is refused, rebased and dropped with a notice",
			run: func(t *testing.T, srv *simServer, a, b *simClient) {
				must(t, a.s.DeleteNode("c"))
				must(t, b.s.SetNodeName("c", "queue"))
				srv.take(a)
				srv.take(b) // refused: c is gone
			},
			want: func(d *catalogue.Design) string {
				for _, n := range d.Nodes {
					if n.ID == "c" {
						return "c is back"
					}
				}
				return ""
			},
			notice: "was not kept",
		},
		{
			name: "edits while the first is in flight wait as one change",
			run: func(t *testing.T, srv *simServer, a, b *simClient) {
				must(t, b.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(30)))
				must(t, b.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(40)))
				must(t, b.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(50)))
				if w := b.live.Waiting(); w != 2 {
					t.Errorf("waiting %d, want 2 (one in flight, the rest gathered)", w)
				}
				must(t, a.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(5)))
			},
			want: func(d *catalogue.Design) string {
				if d.Nodes[0].Props["timeoutSeconds"] != catalogue.IntValue(50) || d.Nodes[1].Props["timeoutSeconds"] != catalogue.IntValue(5) {
					return "want a's timeout 50 and b's 5"
				}
				return ""
			},
		},
		{
			name: "offline edits are resent with their ids after a reconnect and stored once",
			run: func(t *testing.T, srv *simServer, a, b *simClient) {
				must(t, b.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(70)))
				srv.take(b) // stored, but the ack and the stream are lost
				b.online, b.inbox = false, nil
				b.live.Disconnected()
				must(t, b.s.MoveNode("d", 500, 500))
				must(t, a.s.SetNodeName("d", "events"))
				srv.take(a)
				srv.reconnect(b)
				srv.settle(t)
				if srv.seq != 3 {
					t.Errorf("the stream holds %d changes, want 3 (b's first once)", srv.seq)
				}
			},
			want: func(d *catalogue.Design) string {
				n := d.Nodes[3]
				if n.Name != "events" || n.Position == nil || n.Position.X != 500 || d.Nodes[0].Props["timeoutSeconds"] != catalogue.IntValue(70) {
					return "want d named events at 500, a's timeout 70"
				}
				return ""
			},
		},
		{
			name: "a snapshot after an absence: what was stored is acknowledged, the rest rebased and sent",
			run: func(t *testing.T, srv *simServer, a, b *simClient) {
				must(t, b.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(70)))
				srv.take(b) // stored; b hears nothing of it
				b.online, b.inbox = false, nil
				b.live.Disconnected()
				must(t, b.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(33)))
				must(t, a.s.DeleteNode("d"))
				srv.take(a)
				srv.resync(b)
				if srv.seq != 2 {
					t.Errorf("the stream holds %d changes before b's second, want 2", srv.seq)
				}
			},
			want: func(d *catalogue.Design) string {
				if len(d.Nodes) != 3 || d.Nodes[0].Props["timeoutSeconds"] != catalogue.IntValue(70) || d.Nodes[1].Props["timeoutSeconds"] != catalogue.IntValue(33) {
					return "want d gone, a's timeout 70 and b's 33"
				}
				return ""
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, cs := newSim(t, statetest.ThreeNodes, "a", "b")
			a, b := cs[0], cs[1]
			tc.run(t, srv, a, b)
			srv.settle(t)
			want := string(catalogue.EncodeDesignYAML(srv.design))
			for _, c := range cs {
				if got := string(c.s.Export()); got != want {
					t.Errorf("%s shows\n%s\nthe server has\n%s", c.name, got, want)
				}
				if c.live.Waiting() != 0 {
					t.Errorf("%s still has %d changes waiting", c.name, c.live.Waiting())
				}
			}
			if msg := tc.want(srv.design); msg != "" {
				t.Error(msg)
			}
			if tc.notice != "" && !strings.Contains(b.s.Notice().Text, tc.notice) {
				t.Errorf("b was told %q, want it to say %q", b.s.Notice().Text, tc.notice)
			}
		})
	}
}

// TestLiveUndoKeepsOthersChanges: Undo takes back the user's own step,
// never a co-editor's change that came after it.
func TestLiveUndoKeepsOthersChanges(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a", "b")
	a, b := cs[0], cs[1]
	must(t, a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	srv.settle(t)
	must(t, b.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(20)))
	srv.settle(t)
	if !a.s.CanUndo() {
		t.Fatal("a's own step is no longer undoable")
	}
	a.s.Undo()
	srv.settle(t)
	for _, c := range cs {
		d := c.s.Design()
		if _, ok := d.Nodes[0].Props["timeoutSeconds"]; ok {
			t.Errorf("%s: a's own change is still there after a's Undo", c.name)
		}
		if d.Nodes[1].Props["timeoutSeconds"] != catalogue.IntValue(20) {
			t.Errorf("%s: a's Undo reverted b's change", c.name)
		}
	}
	if b.s.CanUndo() != true || a.s.CanUndo() {
		t.Errorf("undo: a %v (want false), b %v (want true): a remote change is never an undo step", a.s.CanUndo(), b.s.CanUndo())
	}
}

// TestLiveUndoTakesOthersEditOfOwnStep: Undo of one's own added node
// takes with it a co-editor's later edit of that node (it has nowhere to
// go), says so, and both converge on the design without it; the rest of
// their change stays.
func TestLiveUndoTakesOthersEditOfOwnStep(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a", "b")
	a, b := cs[0], cs[1]
	id, err := a.s.AddNode("redis")
	must(t, err)
	srv.settle(t)
	must(t, b.s.SetNodeName(id, "cache"))
	must(t, b.s.SetNodeName("c", "queue"))
	srv.settle(t)
	if !a.s.Undo() {
		t.Fatal("a cannot undo its add")
	}
	if !strings.Contains(a.s.Notice().Text, "Another person's change to node "+id+": name went with your step") {
		t.Errorf("a was told %q", a.s.Notice().Text)
	}
	srv.settle(t)
	want := string(catalogue.EncodeDesignYAML(srv.design))
	for _, c := range cs {
		if got := string(c.s.Export()); got != want {
			t.Errorf("%s shows\n%s\nthe server has\n%s", c.name, got, want)
		}
	}
	if strings.Contains(want, id) || !strings.Contains(want, "queue") {
		t.Errorf("want the node gone and b's other edit kept:\n%s", want)
	}
}

// TestLiveViewer: a refused change of a viewer makes the design read-only
// with the reason and puts back the server's design.
func TestLiveViewer(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a")
	a := cs[0]
	srv.viewers[a] = true
	before := string(a.s.Export())
	must(t, a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	srv.settle(t)
	if got := string(a.s.Export()); got != before {
		t.Errorf("the viewer's refused edit is still shown:\n%s", got)
	}
	if a.live.Viewer() == "" || !strings.Contains(a.s.Notice().Text, "Read only") {
		t.Errorf("viewer %q, notice %q", a.live.Viewer(), a.s.Notice().Text)
	}
	a.live.SetViewer(a.live.Viewer())
	if err := a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)); err == nil {
		t.Error("a viewer's design still takes edits")
	}
}

// BenchmarkLiveRemote times a co-editor's one-property change arriving at a
// design of 1,000 nodes, with an undo history of 0 and of 200 steps to
// carry it through (see Live: the cost of Undo never reverting it).
func BenchmarkLiveRemote(b *testing.B) {
	for _, steps := range []int{0, maxHistory} {
		b.Run(fmt.Sprintf("history=%d", steps), func(b *testing.B) {
			cat := statetest.Catalogue(b)
			s := NewStore(cat)
			if err := s.Open("big.yaml", statetest.Chain(1000, []string{"aws-lambda"})); err != nil {
				b.Fatal(err)
			}
			for i := range steps {
				if err := s.MoveNode("n-1", float64(i), 0); err != nil {
					b.Fatal(err)
				}
			}
			l := s.GoLive(0, func(patch.Change) {}, func() string { return "x" })
			b.ResetTimer()
			for i := range b.N {
				v, _ := json.Marshal(i%900 + 1)
				op := patch.Op{Op: patch.SetNode, Key: patch.Key{ID: "n-500"}, Field: "props.timeoutSeconds", Value: v}
				if err := l.Remote(uint64(i+1), fmt.Sprintf("r-%d", i), []patch.Op{op}); err != nil {
					b.Fatal(err)
				}
			}
			if s.CanUndo() != (steps > 0) {
				b.Fatal("the history was lost")
			}
			if got := s.Design().Nodes[500].Props["timeoutSeconds"]; got != catalogue.IntValue(int64((b.N-1)%900+1)) {
				b.Fatalf("the remote change is not shown: timeoutSeconds %v", got)
			}
		})
	}
}

// BenchmarkLiveUndo times Undo of one's own step at 1,000 nodes after a
// co-editor's change arrived (it is kept through the step).
func BenchmarkLiveUndo(b *testing.B) {
	cat := statetest.Catalogue(b)
	s := NewStore(cat)
	if err := s.Open("big.yaml", statetest.Chain(1000, []string{"aws-lambda"})); err != nil {
		b.Fatal(err)
	}
	l := s.GoLive(0, func(patch.Change) {}, func() string { return "x" })
	for i := range b.N {
		if err := s.MoveNode("n-1", float64(i), 0); err != nil {
			b.Fatal(err)
		}
		v, _ := json.Marshal(i%900 + 1)
		op := patch.Op{Op: patch.SetNode, Key: patch.Key{ID: "n-500"}, Field: "props.timeoutSeconds", Value: v}
		if err := l.Remote(uint64(i+1), fmt.Sprintf("r-%d", i), []patch.Op{op}); err != nil {
			b.Fatal(err)
		}
		if !s.Undo() {
			b.Fatal("nothing to undo")
		}
		if got := s.Design().Nodes[500].Props["timeoutSeconds"]; got != catalogue.IntValue(int64(i%900+1)) {
			b.Fatalf("Undo reverted the co-editor's change: %v", got)
		}
	}
}

// TestLiveLogBounded: however many co-editors' changes come while the user
// does nothing, the log kept for the undo history stays bounded, and Undo
// still keeps them.
func TestLiveLogBounded(t *testing.T) {
	srv, cs := newSim(t, statetest.ThreeNodes, "a", "b")
	a, b := cs[0], cs[1]
	must(t, a.s.SetProp("a", "timeoutSeconds", catalogue.IntValue(60)))
	srv.settle(t)
	for i := range 3 * maxLog {
		must(t, b.s.SetProp("b", "timeoutSeconds", catalogue.IntValue(int64(i%900+1))))
		srv.settle(t)
	}
	if n := len(a.live.log); n >= maxLog {
		t.Errorf("a keeps %d remote changes, want fewer than %d", n, maxLog)
	}
	a.s.Undo()
	srv.settle(t)
	for _, c := range cs {
		d := c.s.Design()
		if _, ok := d.Nodes[0].Props["timeoutSeconds"]; ok || d.Nodes[1].Props["timeoutSeconds"] != catalogue.IntValue(int64((3*maxLog-1)%900+1)) {
			t.Errorf("%s: a's own change back, or b's last lost: %v %v", c.name, d.Nodes[0].Props, d.Nodes[1].Props)
		}
	}
}

// BenchmarkLiveLocalEdit times one's own edit at 1,000 nodes with the
// design open live (its change diffed and handed to the sender) and not.
func BenchmarkLiveLocalEdit(b *testing.B) {
	for _, live := range []bool{false, true} {
		b.Run(fmt.Sprintf("live=%v", live), func(b *testing.B) {
			s := NewStore(statetest.Catalogue(b))
			if err := s.Open("big.yaml", statetest.Chain(1000, []string{"aws-lambda"})); err != nil {
				b.Fatal(err)
			}
			sent := 0
			if live {
				s.GoLive(0, func(patch.Change) { sent++ }, func() string { return "x" })
			}
			for i := range b.N {
				if err := s.SetProp("n-500", "timeoutSeconds", catalogue.IntValue(int64(i%900+1))); err != nil {
					b.Fatal(err)
				}
			}
			if live && sent == 0 {
				b.Fatal("nothing sent")
			}
		})
	}
}

// TestLiveWaitingBounded: edits made offline, however many, wait as at
// most maxWaiting changes of no more ops than the design has, and once
// back they converge.
func TestLiveWaitingBounded(t *testing.T) {
	srv, cs := newSim(t, string(statetest.Chain(150, []string{"aws-lambda"})), "a", "b")
	b := cs[1]
	b.online = false
	b.live.Disconnected()
	ids := make([]string, 150)
	for i := range ids {
		ids[i] = fmt.Sprintf("n-%d", i)
	}
	for range 3 * maxWaiting {
		// 150 nodes moved: each edit too large to gather with another.
		must(t, b.s.MoveNodes(ids, 10, 0))
	}
	if n := b.live.Waiting(); n > maxWaiting {
		t.Errorf("%d changes wait, want at most %d", n, maxWaiting)
	}
	ops := 0
	for _, c := range b.live.pending {
		ops += len(c.Ops)
	}
	if ops > maxWaiting*150 {
		t.Errorf("%d ops wait", ops)
	}
	srv.reconnect(b)
	srv.settle(t)
	want := string(catalogue.EncodeDesignYAML(srv.design))
	for _, c := range cs {
		if got := string(c.s.Export()); got != want {
			t.Errorf("%s differs from the server", c.name)
		}
	}
	if x := srv.design.Nodes[0].Position.X; x != 40+3*maxWaiting*10 {
		t.Errorf("n-0 is at x %v on the server, want %v: offline moves lost", x, 40+3*maxWaiting*10)
	}
}

// TestLiveSplitsLargeChanges: a change larger than the server takes in one
// message goes as several, in order, and converges; one op alone too large
// is not sent, is taken back, and the user is told.
func TestLiveSplitsLargeChanges(t *testing.T) {
	srv, cs := newSim(t, string(statetest.Chain(150, []string{"aws-lambda"})), "a", "b")
	b := cs[1]
	b.live.SetMaxBytes(2000)
	ids := make([]string, 150)
	for i := range ids {
		ids[i] = fmt.Sprintf("n-%d", i)
	}
	must(t, b.s.MoveNodes(ids, 10, 0))
	if b.live.Waiting() < 2 {
		t.Errorf("%d changes wait, want the move split", b.live.Waiting())
	}
	for len(b.outbox) > 0 || len(b.inbox) > 0 {
		for _, data := range b.outbox {
			if len(data) > 2000 {
				t.Fatalf("sent %d bytes, over 2000", len(data))
			}
		}
		srv.settle(t)
	}
	if got, want := string(b.s.Export()), string(catalogue.EncodeDesignYAML(srv.design)); got != want {
		t.Errorf("after the split move b and the server differ")
	}
	if x := srv.design.Nodes[149].Position.X; x != 40+29*220+10 {
		t.Errorf("n-149 is at x %v on the server, want %v", x, 40+29*220+10)
	}

	b.live.SetMaxBytes(60)
	before := string(b.s.Export())
	must(t, b.s.SetNodeName("n-1", strings.Repeat("x", 100)))
	srv.settle(t)
	if got := string(b.s.Export()); got != before {
		t.Error("a change too large to send is still shown")
	}
	if n := b.s.Notice(); !n.Error || !strings.Contains(n.Text, "was not sent") {
		t.Errorf("told %+v", n)
	}
}
