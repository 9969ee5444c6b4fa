package app

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// presenceOf reads a presence message as the server would.
func presenceOf(t *testing.T, text string) presenceMessage {
	t.Helper()
	var m presenceMessage
	if err := json.Unmarshal([]byte(text), &m); err != nil || m.Type != "presence" {
		t.Fatalf("not a presence: %s", text)
	}
	return m
}

// The room keeps who else is here: it takes their presence and their
// leaving, tells the toolbar only when who is here changed, never shows
// this tab, and forgets those not heard of for presenceGone.
func TestPresenceRoom(t *testing.T) {
	start := time.Date(2026, 12, 7, 19, 0, 0, 0, time.UTC)
	var r presenceRoom
	r.reset("s-me", "ada")
	for _, c := range []struct {
		what   string
		msg    string
		at     time.Duration
		change presenceChange
		want   string // the peers after: session:name:colour:pointer:selection, each
	}{
		{"bob joins", `{"type":"presence","session":"s-bob","user":"bob","name":"Bob","colour":"#1971c2"}`, 0, presencePeople, "s-bob:Bob:#1971c2:-:"},
		{"bob's pointer comes", `{"type":"presence","session":"s-bob","user":"bob","name":"Bob","colour":"#1971c2","pointer":{"x":10,"y":20}}`, time.Second, presenceShown, "s-bob:Bob:#1971c2:10,20:"},
		{"bob's pointer moves", `{"type":"presence","session":"s-bob","user":"bob","name":"Bob","colour":"#1971c2","pointer":{"x":11,"y":20}}`, time.Second, presenceMoved, "s-bob:Bob:#1971c2:11,20:"},
		{"bob's pointer moves back", `{"type":"presence","session":"s-bob","user":"bob","name":"Bob","colour":"#1971c2","pointer":{"x":10,"y":20}}`, time.Second, presenceMoved, "s-bob:Bob:#1971c2:10,20:"},
		{"bob says the same", `{"type":"presence","session":"s-bob","user":"bob","name":"Bob","colour":"#1971c2","pointer":{"x":10,"y":20}}`, 2 * time.Second, presenceSame, "s-bob:Bob:#1971c2:10,20:"},
		{"bob selects", `{"type":"presence","session":"s-bob","user":"bob","name":"Bob","colour":"#1971c2","selection":["api","edge"]}`, 3 * time.Second, presenceShown, "s-bob:Bob:#1971c2:-:api,edge"},
		{"this tab is never shown", `{"type":"presence","session":"s-me","user":"ada","name":"Ada"}`, 3 * time.Second, presenceSame, "s-bob:Bob:#1971c2:-:api,edge"},
		{"a colour outside the palette is the user's", `{"type":"presence","session":"s-eve","user":"eve","name":"","colour":"#ffffff"}`, 4 * time.Second, presencePeople,
			"s-bob:Bob:#1971c2:-:api,edge s-eve:eve:" + presenceColour("eve") + ":-:"},
		{"ada's other tab", `{"type":"presence","session":"s-ada2","user":"ada","name":"Ada"}`, 4 * time.Second, presencePeople,
			"s-bob:Bob:#1971c2:-:api,edge s-eve:eve:" + presenceColour("eve") + ":-: s-ada2:Ada (mine):" + presenceColour("ada") + ":-:"},
		{"eve goes", `{"type":"gone","session":"s-eve"}`, 5 * time.Second, presencePeople, "s-bob:Bob:#1971c2:-:api,edge s-ada2:Ada (mine):" + presenceColour("ada") + ":-:"},
		{"a gone for nobody", `{"type":"gone","session":"s-eve"}`, 5 * time.Second, presenceSame, "s-bob:Bob:#1971c2:-:api,edge s-ada2:Ada (mine):" + presenceColour("ada") + ":-:"},
		{"bob renamed", `{"type":"presence","session":"s-bob","user":"bob","name":"Robert","colour":"#1971c2"}`, 6 * time.Second, presencePeople, "s-bob:Robert:#1971c2:-: s-ada2:Ada (mine):" + presenceColour("ada") + ":-:"},
	} {
		var m serverMessage
		if err := json.Unmarshal([]byte(c.msg), &m); err != nil {
			t.Fatal(err)
		}
		if got := r.apply(m, start.Add(c.at)); got != c.change {
			t.Errorf("%s: change %d, want %d", c.what, got, c.change)
		}
		if got := describePeers(r.peers); got != c.want {
			t.Errorf("%s: peers %s\nwant %s", c.what, got, c.want)
		}
	}
	// Ada's other tab was last heard of at 4 s, Bob at 6 s.
	if r.expire(start.Add(4*time.Second + presenceGone - time.Millisecond)) {
		t.Error("a presence went before presenceGone")
	}
	if !r.expire(start.Add(4*time.Second+presenceGone)) || describePeers(r.peers) != "s-bob:Robert:#1971c2:-:" {
		t.Errorf("after presenceGone of silence the peers are %s", describePeers(r.peers))
	}
	if !r.expire(start.Add(6*time.Second+presenceGone)) || len(r.peers) != 0 {
		t.Errorf("everyone silent: the peers are %s", describePeers(r.peers))
	}
}

func describePeers(peers []peer) string {
	var out []string
	for _, p := range peers {
		at := "-"
		if p.Pointer != nil {
			at = fmt.Sprintf("%g,%g", p.Pointer.X, p.Pointer.Y)
		}
		name := p.Name
		if p.Mine {
			name += " (mine)"
		}
		out = append(out, strings.Join([]string{p.Session, name, p.Colour, at, strings.Join(p.Selection, ",")}, ":"))
	}
	return strings.Join(out, " ")
}

// fakePace is a presenceSender's clock and timers, run by hand.
type fakePace struct {
	now   time.Time
	due   []pendingSend
	sent  []string
	taken bool // whether the socket takes a send
}

type pendingSend struct {
	at time.Time
	f  func()
}

func newFakePace(s *presenceSender) *fakePace {
	p := &fakePace{now: time.Date(2026, 12, 7, 19, 0, 0, 0, time.UTC), taken: true}
	s.now = func() time.Time { return p.now }
	s.after = func(d time.Duration, f func()) { p.due = append(p.due, pendingSend{p.now.Add(d), f}) }
	return p
}

func (p *fakePace) send(text string) bool {
	if !p.taken {
		return false
	}
	p.sent = append(p.sent, text)
	return true
}

// advance moves the clock by d, running what falls due.
func (p *fakePace) advance(d time.Duration) {
	p.now = p.now.Add(d)
	for i := 0; i < len(p.due); {
		if !p.due[i].at.After(p.now) {
			f := p.due[i].f
			p.due = append(p.due[:i], p.due[i+1:]...)
			f()
			continue
		}
		i++
	}
}

// The sender says presence at once when it starts, then at most once every
// presenceEvery, its last word always the latest (a pointer's leaving
// included); a heartbeat when nothing changed; nothing while not live; and
// never queues what the socket did not take.
func TestPresenceSender(t *testing.T) {
	var s presenceSender
	pace := newFakePace(&s)
	s.pointer(&presencePoint{1, 1})
	if len(pace.sent) != 0 || s.live() {
		t.Fatal("a sender not started sent")
	}
	s.start(pace.send, "Ada", "#e03131", []string{"api"})
	if len(pace.sent) != 1 {
		t.Fatalf("start sent %d", len(pace.sent))
	}
	if m := presenceOf(t, pace.sent[0]); m.Name != "Ada" || m.Colour != "#e03131" || m.Pointer != nil || strings.Join(m.Selection, ",") != "api" {
		t.Errorf("start said %+v", m)
	}
	// A second of moves every 5 ms: ten sends, the last at the last place.
	for i := 1; i <= 200; i++ {
		pace.advance(5 * time.Millisecond)
		s.pointer(&presencePoint{float64(i), 0})
	}
	pace.advance(presenceEvery)
	if n := len(pace.sent) - 1; n < 9 || n > 11 {
		t.Errorf("a second of pointer moves sent %d presences, want about 10", n)
	}
	if m := presenceOf(t, pace.sent[len(pace.sent)-1]); m.Pointer == nil || m.Pointer.X != 200 {
		t.Errorf("the last presence said %+v, not the pointer's last place", m.Pointer)
	}
	// Leaving the canvas soon after a move: said at the pace's end.
	s.pointer(&presencePoint{5, 5})
	pace.advance(10 * time.Millisecond)
	s.pointer(nil)
	n := len(pace.sent)
	pace.advance(presenceEvery)
	if len(pace.sent) != n+1 || presenceOf(t, pace.sent[n]).Pointer != nil {
		t.Errorf("leaving the canvas was not said: %v", pace.sent[n-1:])
	}
	// A selection that is the same says nothing; another says it.
	pace.advance(time.Second)
	n = len(pace.sent)
	s.selected([]string{"api"})
	s.selected([]string{"api", "db"})
	if len(pace.sent) != n+1 || strings.Join(presenceOf(t, pace.sent[n]).Selection, ",") != "api,db" {
		t.Errorf("the selection sent %v", pace.sent[n:])
	}
	// The heartbeat: nothing while the last presence is recent.
	n = len(pace.sent)
	pace.advance(time.Second)
	s.beat()
	if len(pace.sent) != n {
		t.Error("a heartbeat went a second after a presence")
	}
	pace.advance(time.Second)
	s.beat()
	if len(pace.sent) != n+1 {
		t.Error("no heartbeat two seconds after the last presence")
	}
	// A socket that does not take it: dropped, not sent again later.
	pace.taken = false
	pace.advance(time.Second)
	s.pointer(&presencePoint{7, 7})
	pace.taken = true
	n = len(pace.sent)
	pace.advance(time.Second)
	if len(pace.sent) != n || len(pace.due) != 0 {
		t.Errorf("a presence the socket did not take was kept: %d sent, %d due", len(pace.sent)-n, len(pace.due))
	}
	// Stopped: nothing more, even what was due.
	pace.advance(time.Second)
	s.pointer(&presencePoint{8, 8})
	s.pointer(&presencePoint{9, 9}) // due at the pace's end
	s.stop()
	n = len(pace.sent)
	pace.advance(time.Second)
	s.beat()
	s.pointer(&presencePoint{10, 10})
	if len(pace.sent) != n || s.live() {
		t.Errorf("a stopped sender sent %v", pace.sent[n:])
	}
}

// The palette's colours stand out from the canvas in both themes (3:1, the
// contrast WCAG asks of graphics) and carry the name tags' white text
// (4.5:1), and each user keeps theirs.
func TestPresencePalette(t *testing.T) {
	css, err := os.ReadFile("../web/designer.css")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`--canvas:\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)`).FindStringSubmatch(string(css))
	if m == nil {
		t.Fatal("web/designer.css has no --canvas: light-dark(#…, #…)")
	}
	for _, c := range presencePalette {
		for _, against := range []struct {
			colour string
			least  float64
		}{{m[1], 3}, {m[2], 3}, {"#ffffff", 4.5}} {
			if r := contrast(c, against.colour); r < against.least {
				t.Errorf("%s against %s: contrast %.2f, want at least %g", c, against.colour, r, against.least)
			}
		}
	}
	if presenceColour("ada") != presenceColour("ada") || presenceColour("ada") == presenceColour("bob") && presenceColour("bob") == presenceColour("eve") {
		t.Error("the colours are not per user")
	}
}

func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func luminance(hex string) float64 {
	var l float64
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		c := float64(v) / 255
		if c <= 0.03928 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		l += w * c
	}
	return l
}

// A live design's tab says it is here once welcomed (as the /me name, in
// its user's colour, with its selection, and again when the selection
// changes), shows the others the server tells of, and stops both when the
// design is left.
func TestLivePresence(t *testing.T) {
	p := newFakeTeam()
	s := newSession(p, state.NewStore(mustEmbedded(t)))
	tm := s.teamOf()
	tm.refresh()
	tm.open(tm.designs[0])
	sock := p.sock
	sock.connect()
	if len(sock.presence) != 0 {
		t.Error("presence went before the welcome")
	}
	// Before /me answers (a reload of the live address), the welcome's name.
	tm.user = ""
	sock.say(`{"type":"welcome","user":"local","name":"Ada Lovelace","role":"viewer","seq":4,"session":"s-me"}`)
	if len(sock.presence) != 1 {
		t.Fatalf("the welcome was followed by %d presences", len(sock.presence))
	}
	if m := presenceOf(t, sock.presence[0]); m.Name != "Ada Lovelace" || m.Colour != presenceColour("local") || len(m.Selection) != 0 {
		t.Errorf("said %+v", m)
	}
	// Reconnected: said again at once, as the /me name.
	tm.user = "Ada"
	sock.say(`{"type":"presence","session":"s-old","user":"bob","name":"Bob"}`)
	sock.drop()
	sock.connect()
	sock.say(`{"type":"welcome","user":"local","name":"Ada Lovelace","role":"viewer","seq":4,"session":"s-me"}`)
	if m := presenceOf(t, sock.presence[len(sock.presence)-1]); len(sock.presence) != 2 || m.Name != "Ada" {
		t.Errorf("after reconnecting, %d presences, the last %+v", len(sock.presence), m)
	}
	s.store.Select("api")
	here := tm.presence()
	for _, f := range here.later {
		f()
	}
	if m := presenceOf(t, sock.presence[len(sock.presence)-1]); strings.Join(m.Selection, ",") != "api" {
		t.Errorf("the selection was said as %+v", m)
	}
	sock.say(`{"type":"presence","session":"s-bob","user":"bob","name":"Bob","colour":"#1971c2","pointer":{"x":3,"y":4}}`)
	sock.say(`{"type":"presence","session":"s-me","user":"local","name":"Ada"}`)
	if got := describePeers(here.room.peers); got != "s-bob:Bob:#1971c2:3,4:" {
		t.Errorf("the others are %s (the connection before's are the server's to tell again)", got)
	}
	// An error naming no change is this tab's presence's, say: reported,
	// nothing else.
	sock.say(`{"type":"error","error":{"code":"bad-field","message":"the colour is not of the form #rrggbb"}}`)
	if n := s.store.Notice(); !n.Error || !strings.Contains(n.Text, "#rrggbb") {
		t.Errorf("the error was not reported: %+v", n)
	}
	tm.leave()
	if len(here.room.peers) != 0 || here.out.live() {
		t.Errorf("left: %d others still shown, saying presence %v", len(here.room.peers), here.out.live())
	}
	n := len(sock.presence)
	sock.say(`{"type":"presence","session":"s-bob","user":"bob","name":"Bob"}`)
	if len(here.room.peers) != 0 || len(sock.presence) != n {
		t.Error("presence goes on after leaving")
	}
}

// The canvas's layer draws each other tab's pointer at its design
// coordinates, at the same size on screen whatever the zoom, and an
// outline around each node it selected; the toolbar names them all.
func TestPresenceViews(t *testing.T) {
	s := state.NewStore(mustEmbedded(t))
	if err := s.Import("d.yaml", []byte(sharedDesign)); err != nil {
		t.Fatal(err)
	}
	ses := newSession(nil, s)
	here := ses.teamOf().presence()
	here.room.reset("s-me", "ada")
	for i, name := range []string{"Bob", "Eve", "Ann", "Cy", "Dee", "Flo"} {
		here.room.apply(serverMessage{Type: "presence", Session: fmt.Sprint("s-", i), User: name, Name: name,
			Pointer: &presencePoint{X: 100, Y: 50}, Selection: []string{"api", "nowhere"}}, time.Now())
	}
	c := &Canvas{Store: s, Presence: here}
	c.OnInit()
	c.Render()
	c.here.setView("translate(0 0) scale(2)", 2)
	html := app.HTMLString(c.here.Render())
	if n := strings.Count(html, `data-part="presence-pointer"`); n != 6 {
		t.Errorf("%d pointers drawn, want 6", n)
	}
	if !strings.Contains(html, `transform="translate(100.0 50.0) scale(0.5)"`) {
		t.Errorf("the pointer is not at its design place, scaled to the zoom:\n%s", html)
	}
	x, y, _ := s.Position("api")
	box := drawing.NodeBox(x, y)
	if n := strings.Count(html, `data-part="presence-outline"`); n != 6 {
		t.Errorf("%d outlines drawn, want 6 (one a person; nowhere is no node)", n)
	}
	// go-app writes the attributes in any order.
	for _, outline := range regexp.MustCompile(`<rect[^>]*presence-outline[^>]*>`).FindAllString(html, -1) {
		for _, want := range []string{fmt.Sprintf(`x="%.4f"`, box.X0-4), fmt.Sprintf(`y="%.4f"`, box.Y0-4),
			fmt.Sprintf(`width="%.4f"`, box.X1-box.X0+8), fmt.Sprintf(`height="%.4f"`, box.Y1-box.Y0+8)} {
			if !strings.Contains(outline, want) {
				t.Errorf("the outline %s is not around api's box (%s)", outline, want)
			}
		}
	}
	if got := app.HTMLString((&PresenceBadges{p: here}).Render()); strings.Contains(got, "status") {
		t.Errorf("with no design live, the toolbar shows %s", got)
	}
	here.link = &liveLink{} // live
	badges := app.HTMLString((&PresenceBadges{p: here}).Render())
	if !strings.Contains(badges, `aria-label="Here: Bob, Eve, Ann, Cy, Dee, Flo"`) || strings.Count(badges, "<circle") != maxBadges || !strings.Contains(badges, "+1") {
		t.Errorf("the toolbar shows:\n%s", badges)
	}
}

// BenchmarkPresence is the Go side of presence arriving with five people
// here, each with a node selected. A pointer moving is decoded and applied
// (the browser then sets one transform: no render); anything else renders
// the presence layer (the browser then diffs it).
func BenchmarkPresence(b *testing.B) {
	s := state.NewStore(mustEmbedded(b))
	if err := s.Import("d.yaml", []byte(sharedDesign)); err != nil {
		b.Fatal(err)
	}
	here := newSession(nil, s).teamOf().presence()
	here.room.reset("s-me", "ada")
	for i := range 5 {
		here.room.apply(serverMessage{Type: "presence", Session: fmt.Sprint("s-", i), User: fmt.Sprint("u", i), Name: "Person",
			Pointer: &presencePoint{X: 100, Y: 50}, Selection: []string{"api"}}, time.Now())
	}
	c := &Canvas{Store: s, Presence: here}
	c.OnInit()
	c.Render()
	msg := []byte(`{"type":"presence","session":"s-0","user":"u0","name":"Person","colour":"#e03131","pointer":{"x":0,"y":0},"selection":["api"]}`)
	b.Run("pointer-moved", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			n++
			var m serverMessage
			if err := json.Unmarshal(msg, &m); err != nil {
				b.Fatal(err)
			}
			m.Pointer.X = float64(n%500 + 1)
			if here.room.apply(m, time.Now()) != presenceMoved {
				b.Fatal("not a move")
			}
			_ = pointerTransform(*m.Pointer, 1)
		}
	})
	b.Run("layer-render", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c.here.Render()
		}
	})
}
