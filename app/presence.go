package app

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"time"
)

// Presence on a live design (issue 41): who else is on it, their pointers
// and their selections, as the workspace relays them (the README's Team
// server). It is the session's presence scope: never in the design, its
// undo, its exports or pictures, nor in the library. This tab says where it
// is with a presenceSender; what the others say is kept in a presenceRoom;
// the toolbar (PresenceBadges) and the canvas (PresenceLayer) show it.
// Presence arrives up to ten times a second a person, so it reaches the UI
// goroutine through the canvas layer's own context: a pointer moving
// renders that layer, never the editor.

// How presence is paced.
const (
	presenceEvery     = 100 * time.Millisecond // at most ten messages a second
	presenceHeartbeat = 2 * time.Second        // the server forgets a presence after 5 s of silence
	presenceGone      = 6 * time.Second        // a presence not heard of for this long is gone
)

// presencePalette are the colours people are shown in: each has a contrast
// of 3:1 or more with the canvas in both themes (web/designer.css's
// --canvas), and of 4.5:1 with the white of the name tags' text.
var presencePalette = [...]string{"#e03131", "#c2410c", "#15803d", "#0e7490", "#1971c2", "#7048e8", "#ae3ec9", "#d6336c"}

// presenceColour is user's colour: the same in every tab and every editor.
func presenceColour(user string) string {
	h := uint32(2166136261) // FNV-1a
	for i := 0; i < len(user); i++ {
		h = (h ^ uint32(user[i])) * 16777619
	}
	return presencePalette[h%uint32(len(presencePalette))]
}

// presencePoint is a pointer's place in design coordinates.
type presencePoint struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// peer is another tab on the live design, as its presence last said.
type peer struct {
	Session   string // the server's id of its connection
	User      string
	Name      string
	Colour    string         // one of presencePalette
	Mine      bool           // one of this user's other tabs
	Pointer   *presencePoint // nil while its pointer is off the canvas
	Selection []string       // the ids of the nodes and groups it selected
	seen      time.Time
}

// presenceRoom is who else is on the live design. Its methods run on the UI
// goroutine.
type presenceRoom struct {
	self  string // this tab's session, never shown
	user  string // this tab's user
	peers []peer // in the order they came
}

// reset empties the room for a connection whose session is self, of user.
func (r *presenceRoom) reset(self, user string) {
	*r = presenceRoom{self: self, user: user}
}

// presenceChange is what a presence changed of what is shown, each kind
// more than the one before.
type presenceChange uint8

const (
	presenceSame   presenceChange = iota // nothing shown
	presenceMoved                        // only a pointer on the canvas moved
	presenceShown                        // what the canvas shows of someone
	presencePeople                       // who is here: the toolbar's list too
)

// apply takes a presence or gone message at now, and says what it changed.
func (r *presenceRoom) apply(m serverMessage, now time.Time) presenceChange {
	if m.Session == "" || m.Session == r.self {
		return presenceSame
	}
	i := slices.IndexFunc(r.peers, func(p peer) bool { return p.Session == m.Session })
	if m.Type == "gone" {
		if i < 0 {
			return presenceSame
		}
		r.peers = slices.Delete(r.peers, i, i+1)
		return presencePeople
	}
	if m.Type != "presence" {
		return presenceSame
	}
	colour := m.Colour
	if !slices.Contains(presencePalette[:], colour) {
		colour = presenceColour(m.User)
	}
	name := strings.TrimSpace(m.Name)
	if name == "" {
		name = m.User
	}
	p := peer{Session: m.Session, User: m.User, Name: name, Colour: colour, Mine: m.User != "" && m.User == r.user,
		Pointer: m.Pointer, Selection: m.Selection, seen: now}
	if i < 0 {
		r.peers = append(r.peers, p)
		return presencePeople
	}
	old := r.peers[i]
	r.peers[i] = p
	switch {
	case old.Name != p.Name || old.Colour != p.Colour || old.User != p.User:
		return presencePeople
	case !slices.Equal(old.Selection, p.Selection) || (old.Pointer == nil) != (p.Pointer == nil):
		return presenceShown
	case !samePoint(old.Pointer, p.Pointer):
		return presenceMoved
	}
	return presenceSame
}

// expire drops the peers not heard of since presenceGone before now, and
// reports whether any went.
func (r *presenceRoom) expire(now time.Time) bool {
	n := len(r.peers)
	r.peers = slices.DeleteFunc(r.peers, func(p peer) bool { return now.Sub(p.seen) >= presenceGone })
	return len(r.peers) != n
}

func samePoint(a, b *presencePoint) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// presenceMessage is this tab's presence as the protocol has it.
type presenceMessage struct {
	Type      string         `json:"type"`
	Name      string         `json:"name,omitempty"`
	Colour    string         `json:"colour,omitempty"`
	Pointer   *presencePoint `json:"pointer,omitempty"`
	Selection []string       `json:"selection,omitempty"`
}

// presenceSender says where this tab is: at most once every presenceEvery
// (a change within it goes at its end, with what is latest), and every
// presenceHeartbeat when nothing changes. Nothing is queued: a presence the
// socket cannot take now is dropped, and the next says what is current. Its
// methods may run on any goroutine (the canvas's pointer listener, timers).
type presenceSender struct {
	mu       sync.Mutex
	send     func(text string) bool // nil while not live
	out      presenceMessage
	last     time.Time // when the last presence went
	trailing bool      // a send is due at the end of the pace
	due      int       // counts the sends made due, for a late one to know it is stale
	now      func() time.Time
	after    func(d time.Duration, f func()) // runs f after d, on any goroutine
}

// start begins saying presence through send, as name in colour with
// selection, at once.
func (s *presenceSender) start(send func(string) bool, name, colour string, selection []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.send, s.out = send, presenceMessage{Type: "presence", Name: name, Colour: colour, Selection: selection}
	s.sendLocked()
}

// stop ends saying presence; what it said is forgotten.
func (s *presenceSender) stop() {
	s.mu.Lock()
	s.send, s.out = nil, presenceMessage{}
	s.mu.Unlock()
}

// live reports whether presence is being said.
func (s *presenceSender) live() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.send != nil
}

// pointer says the pointer is at p on the canvas (nil: it left it).
func (s *presenceSender) pointer(p *presencePoint) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.send == nil || samePoint(s.out.Pointer, p) {
		return
	}
	s.out.Pointer = p
	s.paced()
}

// selected says what is selected, when it changed.
func (s *presenceSender) selected(ids []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.send == nil || slices.Equal(s.out.Selection, ids) {
		return
	}
	s.out.Selection = ids
	s.paced()
}

// beat says the presence again when nothing went for most of a heartbeat.
func (s *presenceSender) beat() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.send != nil && s.now().Sub(s.last) >= presenceHeartbeat*3/4 {
		s.sendLocked()
	}
}

// paced sends now, or at the end of the pace when a presence went less
// than presenceEvery ago.
func (s *presenceSender) paced() {
	since := s.now().Sub(s.last)
	if since >= presenceEvery {
		s.sendLocked()
		return
	}
	if s.trailing {
		return // the send due says what is latest
	}
	s.trailing = true
	s.due++
	due := s.due
	s.after(presenceEvery-since, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.trailing && s.due == due && s.send != nil {
			s.sendLocked()
		}
	})
}

func (s *presenceSender) sendLocked() {
	text, _ := json.Marshal(s.out)
	s.last = s.now()
	s.trailing = false
	_ = s.send(string(text)) // dropped when the socket is not open
}
