package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// hub is one design live on this server while it has clients: the design
// as of its last change, the recent changes for clients catching up, the
// design's members, and the presences of everyone on it from any server.
// Every server with clients of a design consumes the design's subject, so
// each sees every change in stream order.
type hub struct {
	w  *Workspace
	id string

	mu       sync.Mutex
	advanced *sync.Cond // signalled when seq moves on
	design   []byte
	seq      uint64
	snapSeq  uint64
	ring     []ringEntry
	recent   map[string]uint64
	entry    *Entry
	clients  map[*client]struct{}
	presence map[string]*presenceState
	// rates are each member's change rate here, shared by their clients
	// and kept while the hub lives (members are bounded), so neither more
	// sockets nor reconnecting buys more changes a second.
	rates   map[string]*bucket
	broken  error
	stopped bool

	appendMu sync.Mutex // one append at a time from this server
	touch    chan struct{}
	cancel   context.CancelFunc
	consume  jetstream.ConsumeContext
	sub      *nats.Subscription
}

type ringEntry struct {
	seq  uint64
	id   string // resendKey's: the author's and the change's
	data []byte // the encoded ServerMessage
}

type presenceState struct {
	data []byte
	seen time.Time
}

// join returns the design's hub, starting it when it has none here. A
// hub starts outside the workspace's lock (it reads the store, which may
// take seconds while a cluster elects leaders); others joining the same
// design meanwhile wait for it.
func (w *Workspace) join(id string) (*hub, error) {
	for {
		w.mu.Lock()
		if w.closed {
			w.mu.Unlock()
			return nil, errors.New("the workspace is closing")
		}
		if h, ok := w.hubs[id]; ok {
			w.mu.Unlock()
			return h, nil
		}
		if starting, ok := w.starting[id]; ok {
			w.mu.Unlock()
			<-starting
			continue
		}
		starting := make(chan struct{})
		w.starting[id] = starting
		w.mu.Unlock()
		h, err := w.startHub(id)
		w.mu.Lock()
		delete(w.starting, id)
		if err == nil && w.closed {
			h.stop()
			h, err = nil, errors.New("the workspace is closing")
		}
		if err == nil {
			w.hubs[id] = h
		}
		w.mu.Unlock()
		close(starting)
		return h, err
	}
}

func (w *Workspace) startHub(id string) (*hub, error) {
	ctx, cancel := context.WithCancel(w.ctx)
	h := &hub{w: w, id: id, recent: map[string]uint64{}, clients: map[*client]struct{}{}, presence: map[string]*presenceState{}, rates: map[string]*bucket{}, touch: make(chan struct{}, 1), cancel: cancel}
	h.advanced = sync.NewCond(&h.mu)
	fail := func(err error) (*hub, error) {
		h.stop()
		return nil, err
	}
	load, cancelLoad := context.WithTimeout(ctx, 20*time.Second)
	defer cancelLoad()
	// The watch begins before the entry is read: a change of members
	// while the hub starts (reading the design may take seconds) comes
	// through it, after the entry read here, and is applied in order.
	watcher, err := w.index.Watch(ctx, id, jetstream.UpdatesOnly())
	if err != nil {
		return fail(err)
	}
	watching := false
	defer func() {
		if !watching {
			watcher.Stop()
		}
	}()
	e, _, err := w.entry(load, id)
	if err != nil {
		return fail(err)
	}
	h.entry = e
	if afterHubEntryRead != nil {
		afterHubEntryRead(id)
	}
	snap, err := w.getSnapshot(load, id)
	if err != nil {
		return fail(err)
	}
	h.design, h.seq, h.snapSeq = []byte(snap.Design), snap.Seq, snap.Seq
	for k, v := range snap.Recent {
		h.recent[k] = v
	}
	last, err := w.lastSeq(load, id)
	if err != nil {
		return fail(err)
	}
	if err := w.readChanges(load, id, h.seq, last, func(seq uint64, r record) error { h.apply(seq, r); return nil }); err != nil {
		return fail(err)
	}
	cons, err := w.changes.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{subject(id)}, DeliverPolicy: jetstream.DeliverByStartSequencePolicy, OptStartSeq: h.seq + 1,
	})
	if err != nil {
		return fail(err)
	}
	// Heartbeats every second: when the node that holds the consumer goes,
	// the ordered consumer notices within seconds and starts again after
	// the last change it delivered.
	if h.consume, err = cons.Consume(h.onMessage, jetstream.PullHeartbeat(time.Second), jetstream.PullExpiry(5*time.Second),
		jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
			w.log.Printf("workspace: design %s: consuming changes: %v", id, err)
		})); err != nil {
		return fail(err)
	}
	if h.sub, err = w.nc.Subscribe(presencePrefix+id, h.onPresence); err != nil {
		return fail(err)
	}
	watching = true
	go h.watchEntry(ctx, watcher)
	go h.housekeep(ctx)
	return h, nil
}

// afterHubEntryRead, when set (by a test), runs when a starting hub has
// read the design's entry.
var afterHubEntryRead func(id string)

// onMessage takes one change from the stream.
func (h *hub) onMessage(msg jetstream.Msg) {
	meta, err := msg.Metadata()
	if err != nil {
		return
	}
	var r record
	if err := json.Unmarshal(msg.Data(), &r); err != nil {
		h.w.log.Printf("workspace: design %s: change %d is unreadable: %v", h.id, meta.Sequence.Stream, err)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.apply(meta.Sequence.Stream, r)
}

// apply moves the design on by one stored change and sends it to every
// client; h.mu is held.
func (h *hub) apply(seq uint64, r record) {
	if seq <= h.seq {
		return
	}
	next, err := h.w.cfg.Codec.Apply(h.design, r.Change)
	if err != nil {
		// Checked before it was stored, so only a codec that changed
		// meanwhile gets here: clients are sent to resync.
		h.broken = fmt.Errorf("stored change %d (%s) does not apply: %w", seq, r.ID, err)
		h.w.log.Printf("workspace: design %s: %v", h.id, h.broken)
	} else {
		h.design = next
	}
	h.seq = seq
	data, _ := json.Marshal(ServerMessage{Type: "change", Seq: seq, ID: r.ID, User: r.User, Name: r.Name, At: r.At.Format(time.RFC3339Nano), Change: r.Change})
	key := resendKey(r.User, r.ID)
	h.ring = append(h.ring, ringEntry{seq: seq, id: key, data: data})
	h.recent[key] = seq
	if over := len(h.ring) - h.w.limits.CatchUp; over > 0 {
		for _, old := range h.ring[:over] {
			if h.recent[old.id] == old.seq {
				delete(h.recent, old.id)
			}
		}
		h.ring = append([]ringEntry(nil), h.ring[over:]...)
	}
	for c := range h.clients {
		c.queue(data)
	}
	h.advanced.Broadcast()
	if h.broken == nil && seq-h.snapSeq >= uint64(h.w.limits.SnapshotEvery) {
		h.snapSeq = seq
		snap := snapshot{Seq: seq, Design: string(h.design), Recent: map[string]uint64{}}
		for _, e := range h.ring {
			snap.Recent[e.id] = e.seq
		}
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if err := h.w.putSnapshot(ctx, h.id, snap); err != nil {
				h.w.log.Printf("workspace: design %s: snapshot at %d: %v", h.id, seq, err)
			}
		}()
	}
}

// catchUp reads the design's changes up to upto from the stream itself,
// for when the consumer lags (its node lost, being recreated): the
// consumer's own copies of them are then skipped.
func (h *hub) catchUp(ctx context.Context, upto uint64) {
	h.mu.Lock()
	from := h.seq
	h.mu.Unlock()
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	err := h.w.readChanges(rctx, h.id, from, upto, func(seq uint64, r record) error {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.apply(seq, r)
		return nil
	})
	if err != nil {
		h.w.log.Printf("workspace: design %s: catching up to %d: %v", h.id, upto, err)
	}
}

// waitBeyond waits until the design has moved past seq, or timeout.
func (h *hub) waitBeyond(seq uint64, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	if timeout <= 0 {
		h.mu.Lock()
		defer h.mu.Unlock()
		return h.seq > seq
	}
	timer := time.AfterFunc(timeout, func() {
		h.mu.Lock()
		h.advanced.Broadcast()
		h.mu.Unlock()
	})
	defer timer.Stop()
	h.mu.Lock()
	defer h.mu.Unlock()
	for h.seq <= seq && !h.stopped && time.Now().Before(deadline) {
		h.advanced.Wait()
	}
	return h.seq > seq
}

// submit checks a client's change against the design as it is, stores it
// right after the design's last change, and returns its sequence once this
// hub has it. A change id already stored returns its sequence: a resend is
// applied once.
func (h *hub) submit(ctx context.Context, user User, m *ClientMessage) (uint64, *ProtocolError) {
	h.appendMu.Lock()
	defer h.appendMu.Unlock()
	for range 20 {
		if ctx.Err() != nil {
			break
		}
		h.mu.Lock()
		seq, resent := h.recent[resendKey(user.ID, m.ID)]
		design, last, broken := h.design, h.seq, h.broken
		h.mu.Unlock()
		if resent {
			return seq, nil
		}
		if broken != nil {
			return 0, protoErr(CodeBusy, "the server cannot apply this design's changes (%v); reload it", broken)
		}
		next, err := h.w.cfg.Codec.Apply(design, m.Change)
		if err != nil {
			return 0, protoErr(CodeConflict, "change %s does not apply to the design at %d: %v", m.ID, last, err)
		}
		if len(next) > h.w.limits.DesignBytes {
			return 0, protoErr(CodeTooLarge, "after change %s the design would be %d bytes; designs are limited to %d", m.ID, len(next), h.w.limits.DesignBytes)
		}
		r := record{ID: m.ID, Base: m.Base, User: user.ID, Name: user.Name, At: time.Now().UTC(), Change: m.Change}
		ack, err := h.w.appendChange(ctx, h.id, last, r)
		if isWrongLast(err) {
			// Another server stored a change first: catch up, try again.
			if !h.waitBeyond(last, time.Second) {
				if upto, err := h.w.lastSeq(ctx, h.id); err == nil {
					h.catchUp(ctx, upto)
				}
			}
			continue
		}
		if err != nil {
			return 0, protoErr(CodeBusy, "the store did not take change %s: %v; send it again (it is stored once)", m.ID, err)
		}
		if !h.waitBeyond(ack.Sequence-1, time.Second) {
			h.catchUp(ctx, ack.Sequence)
		}
		if !h.waitBeyond(ack.Sequence-1, 0) {
			return 0, protoErr(CodeBusy, "change %s is stored at %d but not yet seen here; send it again (it is stored once)", m.ID, ack.Sequence)
		}
		h.markUpdated()
		return ack.Sequence, nil
	}
	return 0, protoErr(CodeBusy, "the store did not take change %s in time; send it again (it is stored once)", m.ID)
}

func (h *hub) markUpdated() {
	select {
	case h.touch <- struct{}{}:
	default:
	}
}

// housekeep writes the index's updated and seq at most twice a second,
// expires presences, and catches up with the stream when the consumer
// lags (see behind).
func (h *hub) housekeep(ctx context.Context) {
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	var lag lagCheck
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			h.expirePresence(time.Now())
			if upto, ok := lag.behind(ctx, h); ok {
				h.catchUp(ctx, upto)
			}
			select {
			case <-h.touch:
				h.mu.Lock()
				seq := h.seq
				h.mu.Unlock()
				uctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				_, err := h.w.updateEntry(uctx, h.id, func(e *Entry) error {
					if seq > e.Seq {
						e.Seq, e.Updated = seq, time.Now().UTC()
					}
					return nil
				})
				cancel()
				if err != nil && !errors.Is(err, errNotFound) {
					h.w.log.Printf("workspace: design %s: index: %v", h.id, err)
				}
			default:
			}
		}
	}
}

// lagEvery is how often a hub asks the stream for the design's last
// change, to notice a consumer that stopped delivering.
const lagEvery = time.Second

// lagCheck notices a hub whose consumer has stopped delivering: a consumer
// on a node that was lost, or one being made again while the stream elects
// a leader, delivered nothing for 10 to 20 s on a loaded cluster (the
// ordered consumer's own reset waits up to 10 s for each try, and backs off
// between them), and the clients here saw no one else's changes meanwhile
// though the stream had them.
type lagCheck struct {
	next   time.Time
	target uint64 // the stream's last change when last asked, if past the hub's
}

// behind asks the stream, at most every lagEvery, for the design's last
// change (a direct get: any replica answers, while the stream elects a
// leader too); it returns it when the hub was already behind it when last
// asked and has not reached it since: the consumer had lagEvery to deliver
// it and did not.
func (l *lagCheck) behind(ctx context.Context, h *hub) (uint64, bool) {
	now := time.Now()
	if now.Before(l.next) {
		return 0, false
	}
	l.next = now.Add(lagEvery)
	h.mu.Lock()
	seq := h.seq
	h.mu.Unlock()
	lagging := l.target > seq
	qctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	last, err := h.w.lastSeq(qctx, h.id)
	cancel()
	if err != nil {
		return 0, false
	}
	if last <= seq {
		l.target = 0
		return 0, false
	}
	target := l.target
	l.target = last
	return target, lagging
}

// watchEntry follows the design's index entry: new members take effect at
// once, a member removed is dropped, a deleted design closes every client.
func (h *hub) watchEntry(ctx context.Context, watcher jetstream.KeyWatcher) {
	defer watcher.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case kv, ok := <-watcher.Updates():
			if !ok {
				return
			}
			if kv == nil {
				continue
			}
			if kv.Operation() != jetstream.KeyValuePut {
				h.shutdown(closeNotFound, "not found: the design was deleted")
				return
			}
			var e Entry
			if json.Unmarshal(kv.Value(), &e) != nil {
				continue
			}
			h.mu.Lock()
			before := h.entry
			h.entry = &e
			for c := range h.clients {
				switch now := e.RoleOf(c.user.ID); {
				case now == "":
					go c.close(closeNotFound, "not found")
				case before == nil || before.RoleOf(c.user.ID) != now:
					// Told at once: a viewer made an editor may edit, an
					// editor made a viewer is read-only, without reopening.
					msg, _ := json.Marshal(ServerMessage{Type: "role", Role: now})
					c.queue(msg)
				}
			}
			h.mu.Unlock()
		}
	}
}

// role is user's role now.
func (h *hub) role(user string) Role {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.entry.RoleOf(user)
}

// errHubStopped is add's answer when the hub's last client left between
// join and add: the caller joins again, starting a new hub.
var errHubStopped = errors.New("the design's hub stopped")

// add registers c, queueing first what it missed since `since`: the
// changes after it, or the whole design when it is too far behind (or
// ahead of what the store has), then the presences here.
func (h *hub) add(c *client, since uint64) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopped {
		return errHubStopped
	}
	if len(h.clients) >= h.w.limits.ConnectionsPerDesign {
		return fmt.Errorf("the design has %d live connections here, the most it may; try again later", len(h.clients))
	}
	mine := 0
	for other := range h.clients {
		if other.user.ID == c.user.ID {
			mine++
		}
	}
	if mine >= h.w.limits.ConnectionsPerUser {
		return fmt.Errorf("you have %d live connections to this design here, the most a user may; close one", mine)
	}
	if h.rates[c.user.ID] == nil {
		h.rates[c.user.ID] = newBucket(h.w.limits.ChangesPerSecond, h.w.limits.ChangeBurst)
	}
	c.rate = h.rates[c.user.ID]
	role := h.entry.RoleOf(c.user.ID)
	if role == "" {
		return errNotFound // removed since live() read the entry
	}
	welcome, _ := json.Marshal(ServerMessage{Type: "welcome", User: c.user.ID, Name: c.user.Name, Role: role, Seq: h.seq, Session: c.session})
	c.queue(welcome)
	switch {
	case since == h.seq:
	case since < h.seq && len(h.ring) > 0 && since+1 >= h.ring[0].seq:
		for _, e := range h.ring {
			if e.seq > since {
				c.queue(e.data)
			}
		}
	default:
		snap, _ := json.Marshal(ServerMessage{Type: "snapshot", Seq: h.seq, Design: string(h.design)})
		c.queue(snap)
	}
	for _, p := range h.presence {
		c.queue(p.data)
	}
	h.clients[c] = struct{}{}
	return nil
}

// remove unregisters c; the last client out stops the hub.
func (h *hub) remove(c *client) {
	h.w.mu.Lock()
	defer h.w.mu.Unlock()
	h.mu.Lock()
	delete(h.clients, c)
	empty := len(h.clients) == 0
	h.mu.Unlock()
	if empty && h.w.hubs[h.id] == h {
		delete(h.w.hubs, h.id)
		h.stop()
	}
}

// shutdown closes every client with code and reason and stops the hub.
func (h *hub) shutdown(code int, reason string) {
	h.mu.Lock()
	clients := make([]*client, 0, len(h.clients))
	for c := range h.clients {
		clients = append(clients, c)
	}
	h.mu.Unlock()
	// Each close waits up to 5 s for the client's answer: all at once,
	// or a few silent clients would hold the server's stop for minutes.
	var wg sync.WaitGroup
	for _, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.close(code, reason)
		}()
	}
	wg.Wait()
}

func (h *hub) stop() {
	h.mu.Lock()
	h.stopped = true
	h.advanced.Broadcast()
	h.mu.Unlock()
	if h.consume != nil {
		h.consume.Stop()
	}
	if h.sub != nil {
		h.sub.Unsubscribe()
	}
	h.cancel()
}

// onPresence takes what goes over ws.presence.<id> from any server: a
// presence, a leave, or the design's deletion.
func (h *hub) onPresence(msg *nats.Msg) {
	var m ServerMessage
	if json.Unmarshal(msg.Data, &m) != nil {
		return
	}
	switch m.Type {
	case "deleted":
		go h.shutdown(closeNotFound, "not found: the design was deleted")
		return
	case "presence", "gone":
	default:
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if m.Type == "gone" {
		if _, ok := h.presence[m.Session]; !ok {
			return
		}
		delete(h.presence, m.Session)
	} else {
		h.presence[m.Session] = &presenceState{data: msg.Data, seen: time.Now()}
	}
	for c := range h.clients {
		if c.session != m.Session {
			c.queue(msg.Data)
		}
	}
}

func (h *hub) expirePresence(now time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for session, p := range h.presence {
		if now.Sub(p.seen) > h.w.limits.PresenceTTL {
			delete(h.presence, session)
			gone, _ := json.Marshal(ServerMessage{Type: "gone", Session: session})
			for c := range h.clients {
				c.queue(gone)
			}
		}
	}
}
