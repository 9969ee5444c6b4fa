package workspace

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Presence reaches the others, not its sender, and is gone when its client
// leaves, or within the TTL when it stops saying it is here.
func TestPresence(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{PresenceTTL: time.Second})
	alice, bob := token(t, "alice", time.Hour), token(t, "bob", time.Hour)
	id := create(t, ts, alice)
	share(t, ts, alice, id, Member{"bob", Viewer})
	a, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	b, _ := dial(t, ts, id, bob, 0, []byte(firstDesign))
	say := func(c *liveClient, m ClientMessage) {
		data, _ := json.Marshal(m)
		if err := c.conn.Write(context.Background(), websocket.MessageText, data); err != nil {
			t.Fatal(err)
		}
	}
	next := func(c *liveClient, typ string) ServerMessage {
		t.Helper()
		for {
			select {
			case m := <-c.msgs:
				if m.Type == typ {
					return m
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("no %s in 5 s", typ)
			}
		}
	}
	// A viewer may be present: presence changes nothing.
	say(b, ClientMessage{Type: "presence", Name: "Bob B", Colour: "#112233", Pointer: &Point{X: 3, Y: 4}, Selection: []string{"api"}})
	p := next(a, "presence")
	if p.User != "bob" || p.Name != "Bob B" || p.Colour != "#112233" || p.Pointer == nil || p.Pointer.X != 3 || len(p.Selection) != 1 {
		t.Errorf("alice saw %+v", p)
	}
	// Bob says nothing more: gone within the TTL.
	start := time.Now()
	if g := next(a, "gone"); g.Session != p.Session {
		t.Errorf("gone %q, want %q", g.Session, p.Session)
	}
	if waited := time.Since(start); waited > 3*time.Second {
		t.Errorf("the presence lasted %v after its TTL of 1 s", waited)
	}
	// Alice's presence reaches Bob, not herself; her leaving is gone at once.
	say(a, ClientMessage{Type: "presence", Name: "Alice"})
	q := next(b, "presence")
	a.conn.Close(websocket.StatusNormalClosure, "")
	if g := next(b, "gone"); g.Session != q.Session {
		t.Errorf("gone %q, want %q", g.Session, q.Session)
	}
	for len(a.msgs) > 0 {
		if m := <-a.msgs; m.Type == "presence" && m.User == "alice" {
			t.Error("alice was sent her own presence")
		}
	}
}
