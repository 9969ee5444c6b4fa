package app

import (
	"encoding/json"
	"strings"
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
)

// presence is a tab session's presence on its live design: what this tab
// says (out) and what the others say (room), and the views that show them.
// The session keeps one (see team.presence); a live link starts it at each
// welcome, and leaving the live design stops it.
type presence struct {
	t   *team
	out presenceSender

	// mu guards what follows, which the socket's goroutine reads and
	// changes too (see liveLink.message).
	mu     sync.Mutex
	room   presenceRoom
	link   *liveLink       // the link it speaks for, nil when not live
	layer  *PresenceLayer  // the canvas's layer, while mounted
	badges *PresenceBadges // the toolbar's, while mounted

	ticking     chan struct{} // closed to stop the heartbeat and the sweep
	unsubscribe func()        // ends listening to the store's selection
	// later holds the paced sends outside a browser (native tests run them).
	later []func()
}

// presence is the session's presence, made on first use.
func (t *team) presence() *presence {
	if t.here == nil {
		p := &presence{t: t}
		p.out.now = time.Now
		p.out.after = func(d time.Duration, f func()) {
			if app.IsClient {
				time.AfterFunc(d, f)
				return
			}
			p.later = append(p.later, f)
		}
		t.here = p
	}
	return t.here
}

// start begins presence for link l, welcomed as session of user named
// name: this tab says it is here at once, then on every change and
// heartbeat, and the others are shown as the server tells of them.
func (p *presence) start(l *liveLink, session, user, name string) {
	p.halt()
	p.mu.Lock()
	p.link = l
	p.room.reset(session, user)
	p.mu.Unlock()
	s := p.t.s.store
	// The /me name, or the welcome's when /me has not answered yet (a
	// reload of a live design's address).
	p.out.start(l.sendPresence, firstOf(p.t.user, name), presenceColour(user), selectedIDs(s))
	p.unsubscribe = s.Subscribe(func(s *state.Store, ch state.Changed) {
		if ch.Selection || ch.Opened {
			p.out.selected(selectedIDs(s))
		}
	})
	if app.IsClient {
		stop := make(chan struct{})
		p.ticking = stop
		go p.tick(stop)
	}
	p.redraw(true)
}

// stop ends presence: nothing more is said, and nobody is shown.
func (p *presence) stop() {
	if p == nil || !p.live() {
		return
	}
	p.halt()
	p.mu.Lock()
	p.link = nil
	p.room = presenceRoom{}
	p.mu.Unlock()
	p.redraw(true)
}

// halt stops saying presence and listening.
func (p *presence) halt() {
	p.out.stop()
	if p.ticking != nil {
		close(p.ticking)
		p.ticking = nil
	}
	if p.unsubscribe != nil {
		p.unsubscribe()
		p.unsubscribe = nil
	}
}

// tick says the heartbeat and drops those not heard of, every second,
// until stop closes.
func (p *presence) tick(stop chan struct{}) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			p.out.beat()
			p.dispatch(func() {
				if p.ticking != stop {
					return
				}
				p.mu.Lock()
				gone := p.room.expire(p.t.s.now())
				p.mu.Unlock()
				if gone {
					p.redraw(true)
				}
			})
		}
	}
}

// live reports whether presence is on (a live link was welcomed).
func (p *presence) live() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.link != nil
}

// anyone reports whether anybody else is shown.
func (p *presence) anyone() bool {
	if p == nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.room.peers) > 0
}

// receive takes another tab's presence or leaving, from link l, on any
// goroutine. A pointer that only moved is moved on the canvas at once,
// without a render (ten times a second a person); anything else renders
// the layer, and the toolbar when who is here changed.
func (p *presence) receive(l *liveLink, m serverMessage) {
	p.mu.Lock()
	if p.link != l {
		p.mu.Unlock()
		return
	}
	change := p.room.apply(m, p.t.s.now())
	layer := p.layer
	p.mu.Unlock()
	switch {
	case change == presenceSame:
	case change == presenceMoved && layer != nil && layer.movePointer(m.Session, *m.Pointer):
	default:
		p.dispatch(func() { p.redraw(change == presencePeople) })
	}
}

// redraw renders the canvas's layer again, and the toolbar's list when
// who is here changed (UI goroutine).
func (p *presence) redraw(people bool) {
	p.mu.Lock()
	layer, badges := p.layer, p.badges
	p.mu.Unlock()
	if layer != nil {
		layer.Update()
	}
	if people && badges != nil {
		badges.Update()
	}
}

// dispatch runs f on the UI goroutine and renders the canvas's presence
// layer, not the editor; before the layer is mounted, through the session
// (which renders the editor).
func (p *presence) dispatch(f func()) {
	p.mu.Lock()
	layer := p.layer
	p.mu.Unlock()
	if layer != nil && layer.ctx != nil {
		layer.ctx.Dispatch(func(app.Context) { f() })
		return
	}
	p.t.s.run(f)
}

// hover says where this tab's pointer is on the canvas, nil when it left.
func (p *presence) hover(at *presencePoint) {
	if p != nil {
		p.out.pointer(at)
	}
}

// selectedIDs are the ids of the nodes and the group selected in s.
func selectedIDs(s *state.Store) []string {
	ids := s.SelectedNodes()
	if g := s.Selection().Group; g != "" {
		ids = append(ids[:len(ids):len(ids)], g)
	}
	if len(ids) > maxPresenceSelection {
		ids = ids[:maxPresenceSelection]
	}
	return ids
}

// maxPresenceSelection is the most ids a presence names (the server takes
// up to 1,000): the others see the first of a larger selection.
const maxPresenceSelection = 200

// sendPresence sends one presence if the socket is open now; it is never
// queued (see presenceSender).
func (l *liveLink) sendPresence(text string) bool {
	return l.online && !l.closed && l.sock != nil && l.sock.Send(text)
}

// message takes one message from the socket, on any goroutine: presence
// goes to the presence layer's own rendering; everything else to receive,
// through the session.
func (l *liveLink) message(text string) {
	if p := l.t.here; p != nil && (strings.HasPrefix(text, `{"type":"presence"`) || strings.HasPrefix(text, `{"type":"gone"`)) {
		var m serverMessage
		if json.Unmarshal([]byte(text), &m) == nil {
			p.receive(l, m)
			return
		}
	}
	l.t.s.run(func() { l.receive(text) })
}
