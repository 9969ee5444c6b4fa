package state

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/archdesigner/designer/app/state/statetest"
	"github.com/archdesigner/designer/catalogue"
)

// TestLiveRandomConverges drives two tabs through random edits, undos,
// redos, losses and reconnects with the server taking and delivering in
// random order: once all is settled every tab shows the server's design.
func TestLiveRandomConverges(t *testing.T) {
	for seed := range uint64(300) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 7))
			srv, cs := newSim(t, statetest.ThreeNodes, "a", "b")
			var trace []string
			for range 60 {
				c := cs[r.IntN(2)]
				ids := []string{}
				for _, n := range c.s.Design().Nodes {
					ids = append(ids, n.ID)
				}
				pick := func() string {
					if len(ids) == 0 {
						return "a"
					}
					return ids[r.IntN(len(ids))]
				}
				switch k := r.IntN(11); k {
				case 0, 1:
					id, v := pick(), r.IntN(5)+1
					trace = append(trace, fmt.Sprintf("%s set %s %d", c.name, id, v))
					_ = c.s.SetProp(id, "timeoutSeconds", catalogue.IntValue(int64(v)))
				case 2:
					trace = append(trace, c.name+" add")
					_, _ = c.s.AddNode("redis")
				case 3:
					id := pick()
					trace = append(trace, c.name+" delete "+id)
					_ = c.s.DeleteNode(id)
				case 4:
					trace = append(trace, c.name+" undo")
					_ = c.s.Undo()
				case 5:
					trace = append(trace, c.name+" redo")
					_ = c.s.Redo()
				case 6, 7:
					if len(c.outbox) > 0 {
						trace = append(trace, "take "+c.name)
						srv.take(c)
					}
				case 8:
					trace = append(trace, "read "+c.name)
					c.read(t)
				case 9:
					if c.online {
						trace = append(trace, "lose "+c.name)
						c.online, c.inbox, c.outbox = false, nil, nil
						c.live.Disconnected()
					} else if r.IntN(3) == 0 {
						// As a server does: the welcome (the resend),
						// then the whole design.
						trace = append(trace, "welcome+snapshot "+c.name)
						c.online = true
						c.live.Welcome(srv.seq)
						c.inbox = append(c.inbox, simMsg{kind: "snapshot", seq: srv.seq, design: srv.design})
					} else if r.IntN(2) == 0 {
						trace = append(trace, "reconnect "+c.name)
						srv.reconnect(c)
					} else {
						trace = append(trace, "resync "+c.name)
						srv.resync(c)
					}
				case 10:
					id, v := pick(), r.IntN(3)
					trace = append(trace, fmt.Sprintf("%s move %s %d", c.name, id, v))
					_ = c.s.MoveNode(id, float64(v*40), 40)
				}
			}
			for _, c := range cs {
				if !c.online {
					srv.reconnect(c)
				}
			}
			srv.settle(t)
			want := string(catalogue.EncodeDesignYAML(srv.design))
			for _, c := range cs {
				if got := string(c.s.Export()); got != want || c.live.Waiting() != 0 {
					t.Fatalf("%s (waiting %d) shows\n%s\nthe server has\n%s\ntrace: %q", c.name, c.live.Waiting(), got, want, trace)
				}
			}
		})
	}
}
