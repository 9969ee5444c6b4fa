package state

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/patch"
)

// maxCoalesced is the most ops the changes waiting behind the one in flight
// are gathered into before a new change is started: it keeps the queue
// short (a drag of a hundred steps waits as one change) while a change stays
// well under the server's message size.
const maxCoalesced = 200

// maxWaiting bounds the changes waiting to be sent; past it, those not yet
// sent are made one again, the difference between the design after the
// one in flight and the design shown, so that what waits while offline is
// never more than the design itself.
const maxWaiting = 64

// Live is a design opened live from a team workspace (issue 41): the
// store's design is the server's confirmed design (the stream up to Seq)
// with this tab's pending changes applied on top.
//
// Every commit of this tab that changes the design (Recorded, Undone,
// Redone) becomes a patch.Change, the patch.Diff of the design before and
// after, queued in order and handed to the sender one at a time: the head
// is in flight until the server's stream brings it back (the same id), when
// it moves into the confirmed design exactly as the stream stored it. Any
// other change from the stream is applied to the confirmed design, the
// pending changes are rebased over it (patch.Rebase: the later writer wins,
// a delete wins over edits), and the design shown becomes confirmed plus
// pending, committed NotRecorded (never an undo step), with a notice of
// what of the user's was overridden. So every client folds the same stream
// into the same confirmed design, and converges on it once nothing is
// pending.
//
// Undo never reverts another person's change: the co-editors' changes are
// logged, and a design of the undo or redo history that Undo or Redo takes
// back has those that came since it was taken applied to it first (lazily:
// the Store's carry hook). So Undo steps back over the user's own edit and
// keeps the others'. A co-editor's op that no longer applies to it (an
// edit of a node the user's undone step had added) goes with the step, and
// the notice names it. Measured at 1,000 nodes (go test ./app/state -bench
// Live -count 3): carrying each remote change through the 200 steps of
// history at once cost 15–87 ms (38 MB) per remote change against 0.6–1.4
// ms with no history; done lazily it costs 0.43–0.52 ms (0.46 MB) with 200
// steps, and an Undo one Apply per remote change since its step. The log
// is bounded (maxLog). Clearing the history on each remote change would
// cost nothing but leave Undo useless while someone else edits.
type Live struct {
	s         *Store
	send      func(patch.Change)
	newID     func() string
	confirmed *catalogue.Design
	seq       uint64
	// pending are this tab's changes the stream has not brought back, in
	// order; the head is in flight when inFlight.
	pending  []patch.Change
	inFlight bool
	// headSent says the head was handed to the sender at least once: it
	// may be stored under its id, so nothing more is gathered into it.
	headSent bool
	// sends is how many times the head was sent on this connection without
	// an answer: a reconnect sends it at the welcome and again after a
	// snapshot, and the first answer may not be the last.
	sends int
	// shown is the design as this session last saw it: a commit's change
	// is the difference from it.
	shown    *catalogue.Design
	applying bool // a commit of the session's own: not a local edit
	viewer   string
	ended    bool
	cancel   func()
	// held is what a snapshot's rebase took of the change in flight, told
	// only once the server's answer shows it was not in the snapshot: the
	// snapshot may hold that change itself, and then nobody overrode it.
	held []string
	// broken says a change of the stream did not apply here: until a
	// Snapshot, the stream's changes wait in behind, not folded into a
	// design known to be wrong, and those past the snapshot follow it.
	broken  bool
	behind  []remoteChange
	holding bool // a snapshot's rebase: what the head loses is held
	// maxBytes bounds a change as JSON (0: no bound; see SetMaxBytes).
	maxBytes int
	// log holds the co-editors' changes (and snapshots' differences) in
	// the order they were applied, the first being the logBase-th; marks
	// says, for each design of the undo history, how many of them it has.
	log     [][]patch.Op
	logBase int
	marks   map[*catalogue.Design]int
	// catchUp is the sequence the server said it had at its welcome:
	// nothing is sent until the stream is folded in up to it (see
	// Welcome).
	catchUp uint64
	// mine are this tab's own changes as the stream stored them, the
	// latest maxMine (see RemoteChange).
	mine []remoteChange
	// ahead says the welcome's sequence was behind this tab's: nothing is
	// sent until a snapshot.
	ahead   bool
	drained func() // see OnDrained
	// sealed is how many of the pending changes, from the head, nothing
	// is gathered into: those kept or restored (see Seal, Restore), which
	// another tab may hold and send under the same ids.
	sealed int
}

// GoLive opens the store's design live: it is the server's design at
// sequence seq. Local edits are handed to send (on the caller's goroutine,
// in order, each once until Resend); newID names each change (a design id,
// unique: a lower-case UUID). Remote, Acked, Refused and Snapshot feed it
// what the server says; Close ends it.
func (s *Store) GoLive(seq uint64, send func(patch.Change), newID func() string) *Live {
	l := &Live{s: s, send: send, newID: newID, confirmed: s.design, shown: s.design, seq: seq, marks: map[*catalogue.Design]int{}}
	for _, d := range append(slices.Clone(s.past), s.future...) {
		l.marks[d] = 0
	}
	cancel := s.Subscribe(l.heard)
	s.carry = l.carry
	l.cancel = func() {
		cancel()
		s.carry = nil
	}
	return l
}

// Seq is the last sequence of the stream folded into the confirmed design:
// what a hello after a reconnect says it has.
func (l *Live) Seq() uint64 { return l.seq }

// Waiting is the number of this tab's changes the server has not yet
// stored.
func (l *Live) Waiting() int { return len(l.pending) }

// InFlight reports whether the head of the pending changes was handed to
// the sender and awaits the server's answer.
func (l *Live) InFlight() bool { return l.inFlight }

// Pending returns the ids of the changes waiting, in order.
func (l *Live) Pending() []string {
	ids := make([]string, len(l.pending))
	for i, c := range l.pending {
		ids[i] = c.ID
	}
	return ids
}

// Viewer is why this tab may not change the design ("" while it may).
func (l *Live) Viewer() string { return l.viewer }

// Ended reports whether the session is over: closed, or another design
// was opened in its place.
func (l *Live) Ended() bool { return l.ended }

// Confirmed is the design as the server's stream has it up to Seq.
func (l *Live) Confirmed() *catalogue.Design { return l.confirmed }

// Close ends the session: later commits are no longer sent.
func (l *Live) Close() {
	if !l.ended {
		l.ended = true
		l.cancel()
	}
}

// heard turns a local commit of the design into a pending change.
func (l *Live) heard(s *Store, c Changed) {
	if l.ended || !c.Design || l.applying {
		return
	}
	if c.Opened {
		l.Close() // another design in its place
		return
	}
	if c.History != NotRecorded {
		// The design before went into the history, as of the log now.
		l.marks[l.shown] = l.logBase + len(l.log)
	}
	ops := patch.Diff(l.shown, s.design)
	l.shown = s.design
	if len(ops) == 0 {
		return
	}
	switch n := len(l.pending); {
	case n >= maxWaiting:
		l.squash()
	case n > l.sealed && (n > 1 || !l.headSent) && len(l.pending[n-1].Ops)+len(ops) <= maxCoalesced:
		last := &l.pending[n-1]
		last.Ops = append(last.Ops[:len(last.Ops):len(last.Ops)], ops...)
	default:
		l.pending = append(l.pending, patch.Change{ID: l.newID(), Base: l.seq, Ops: ops})
	}
	l.flush()
}

// SetMaxBytes bounds the changes sent, as JSON, to what the server takes
// in one message: a larger one is sent as several, in order, each applying
// after the one before.
func (l *Live) SetMaxBytes(n int) { l.maxBytes = n }

// fit splits the head of the pending changes, not yet sent, until it is
// within maxBytes. One op alone larger than that cannot be sent: it is
// dropped, the design shown goes back to what the server has, and the user
// is told; fit then reports false.
func (l *Live) fit() bool {
	if l.maxBytes <= 0 || l.headSent {
		return true
	}
	for {
		head := l.pending[0]
		data, _ := json.Marshal(head)
		if len(data) <= l.maxBytes {
			return true
		}
		if len(head.Ops) == 1 {
			l.pending = l.pending[1:]
			l.show(nil, nil, fmt.Sprintf("Your change to %s was not sent: it is %d KB, and the workspace takes changes of up to %d KB.", head.Ops[0].Describe(), len(data)>>10, l.maxBytes>>10))
			return false
		}
		half := len(head.Ops) / 2
		rest := patch.Change{ID: l.newID(), Base: head.Base, Ops: head.Ops[half:]}
		l.pending[0].Ops = head.Ops[:half:half]
		l.pending = slices.Insert(l.pending, 1, rest)
	}
}

// squash makes the changes not yet sent one: the difference between the
// design after the one sent (or the confirmed design) and the design shown.
func (l *Live) squash() {
	from, keep := l.confirmed, 0
	if l.headSent && len(l.pending) > 0 {
		keep = 1
	}
	if l.sealed >= maxWaiting-1 {
		// Kept changes fill the queue: they are made one with the rest
		// (another tab holding them would then send a change that the
		// server takes once), so that what waits stays bounded and can be
		// restored.
		l.sealed = keep
	}
	keep = max(keep, min(l.sealed, len(l.pending)))
	for _, c := range l.pending[:keep] {
		if d, err := patch.Apply(from, c.Ops); err == nil {
			from = d
		}
	}
	l.pending = append(l.pending[:keep], patch.Change{ID: l.newID(), Base: l.seq, Ops: patch.Diff(from, l.shown)})
}

// flush hands the head of the pending changes to the sender when none is
// in flight.
func (l *Live) flush() {
	if l.ended || l.inFlight || len(l.pending) == 0 || l.viewer != "" || l.broken || l.seq < l.catchUp || l.ahead {
		// broken: made on a design known to be wrong, it waits for the
		// snapshot; behind the welcome's sequence, for the stream.
		return
	}
	if !l.fit() {
		l.flush()
		return
	}
	l.inFlight, l.headSent = true, true
	l.sends++
	head := &l.pending[0]
	head.Base = l.seq
	if head.Ops == nil {
		head.Ops = []patch.Op{}
	}
	l.send(*head)
}

// dropHead removes the head of the pending changes: stored, or never to
// be.
func (l *Live) dropHead() {
	l.pending = l.pending[1:]
	l.inFlight, l.headSent, l.held, l.sends = false, false, nil, 0
	l.sealed = max(l.sealed-1, 0)
	if len(l.pending) == 0 && l.drained != nil {
		l.drained()
	}
}

// OnDrained calls f whenever the last change waiting is stored, or
// dropped: what was kept of them can go.
func (l *Live) OnDrained(f func()) { l.drained = f }

// Resend hands the change in flight to the sender again, with its id, as a
// reconnect needs (the server stores a change sent twice once); with none
// in flight it sends the head.
func (l *Live) Resend() {
	l.inFlight = false
	l.flush()
}

// Welcome says the server welcomed a connection when its stream was at
// seq, and sends what waits once the stream's changes up to seq (which
// follow the welcome) are folded in: a change of this tab that the server
// stored before the connection went then comes back as itself first, and
// is confirmed rather than sent again, and what is sent is based on the
// design as the server has it. When the server is behind this tab (its
// stream lost changes this tab folded), what waits is held until the
// snapshot that follows the welcome.
func (l *Live) Welcome(seq uint64) {
	l.catchUp, l.ahead = seq, seq < l.seq
	l.Resend()
}

// Disconnected says the connection is gone: nothing is in flight until
// Resend.
func (l *Live) Disconnected() { l.inFlight, l.sends = false, 0 }

// Missed says a message of the stream did not read here (a change, a
// snapshot): as when a change does not apply (see Remote), the stream's
// changes wait for a Snapshot.
func (l *Live) Missed() { l.broken = true }

// remoteChange is a change of the stream as Remote takes it: made on the
// design at base.
type remoteChange struct {
	seq, base uint64
	id        string
	ops       []patch.Op
}

// maxMine bounds this tab's own stored changes kept to tell the user when
// a later change of someone else's undoes them (see RemoteChange).
const maxMine = 64

// maxBehind bounds the stream's changes kept while the session waits for a
// snapshot: past it, the oldest go (the snapshot is then past them, or the
// next disagreement asks for another).
const maxBehind = 4096

// Remote folds the stream's change at seq, with id and ops as the server
// stored them, into the confirmed design. Our own change coming back
// confirms it; another's is applied under the pending changes, which are
// rebased over it. A change at or before Seq was already folded and is
// ignored. An error means the stream and this tab disagree: the shell
// should resynchronise (see Snapshot); until then the stream's changes
// wait.
func (l *Live) Remote(seq uint64, id string, ops []patch.Op) error {
	return l.remote(remoteChange{seq: seq, id: id, base: seq - 1, ops: ops})
}

// RemoteChange is Remote of change c, made on the design at c.Base. When
// another person's change undoes what this tab's own changes, stored after
// c.Base, set (its author had not seen them), the user is told what of
// theirs was not kept (see patch.Overwritten): the later writer wins, and
// the earlier one hears of it.
func (l *Live) RemoteChange(seq uint64, c patch.Change) error {
	return l.remote(remoteChange{seq: seq, id: c.ID, base: c.Base, ops: c.Ops})
}

func (l *Live) remote(c remoteChange) error {
	seq, id, ops := c.seq, c.id, c.ops
	if l.ended || seq <= l.seq {
		return nil
	}
	if l.broken {
		if len(l.behind) >= maxBehind {
			l.behind = l.behind[1:]
		}
		l.behind = append(l.behind, c)
		return nil
	}
	next, err := patch.Apply(l.confirmed, ops)
	if err != nil {
		l.broken = true
		return fmt.Errorf("change %d (%s) from the server does not apply here: %w", seq, id, err)
	}
	l.confirmed, l.seq = next, seq
	if len(l.pending) > 0 && l.pending[0].ID == id {
		// Stored after the snapshot, if any: what it lost was lost.
		lost := l.held
		l.dropHead()
		if len(l.mine) == maxMine {
			l.mine = l.mine[1:]
		}
		l.mine = append(l.mine, remoteChange{seq: seq, id: id, ops: ops})
		l.show(nil, lost, "")
		l.flush()
		return nil
	}
	var undone []string
	for _, m := range l.mine {
		if m.seq > c.base {
			for _, o := range patch.Overwritten(m.ops, ops) {
				undone = append(undone, o.Message())
			}
		}
	}
	l.show(ops, append(l.rebase(ops), undone...), "")
	l.flush() // the stream may have reached the welcome's sequence
	return nil
}

// Unsent is what this tab has that the server has not stored, for keeping
// across a reload: the confirmed design, its sequence, and the changes
// waiting on top of it. No changes waiting: nil.
func (l *Live) Unsent() (uint64, *catalogue.Design, []patch.Change) {
	if len(l.pending) == 0 || l.ended || l.viewer != "" {
		return l.seq, l.confirmed, nil
	}
	out := slices.Clone(l.pending)
	for i := range out {
		if out[i].Ops == nil {
			out[i].Ops = []patch.Op{} // a sent change rebased away: still answered under its id
		}
	}
	return l.seq, l.confirmed, out
}

// Seal says the changes waiting were kept where another session may put
// them back (see Restore) and send them under their ids: nothing more is
// gathered into them, or the server, storing one, would take the other for
// its resend.
func (l *Live) Seal() { l.sealed = len(l.pending) }

// Discard drops the changes waiting (restored ones that are not this
// user's to send): the design shown becomes the confirmed design.
func (l *Live) Discard() {
	l.pending, l.inFlight, l.headSent, l.sealed, l.sends = nil, false, false, 0, 0
	l.show(nil, nil, "")
}

// Restore puts back the changes Unsent kept in an earlier visit, on the
// design this session was opened with, which must be the confirmed design
// they were kept with. They are shown at once and sent after the next
// welcome (each under its id, so one the server stored comes back as
// itself; see Welcome). Changes
// that do not apply in order to the design are refused whole, with the
// first that does not: nothing is restored then.
func (l *Live) Restore(pending []patch.Change) error {
	if len(pending) > maxWaiting {
		return fmt.Errorf("%d changes were kept; at most %d are", len(pending), maxWaiting)
	}
	d := l.confirmed
	for i, c := range pending {
		if c.ID == "" {
			return fmt.Errorf("kept change %d has no id", i+1)
		}
		next, err := patch.Apply(d, c.Ops)
		if err != nil {
			return fmt.Errorf("kept change %d does not apply: %w", i+1, err)
		}
		d = next
	}
	l.pending = append(l.pending[:0], pending...)
	// The head may have been sent before the reload, and stored: nothing
	// is gathered into it (the server would take the resend as the change
	// it has, and drop what was added).
	l.inFlight, l.headSent, l.sends = false, len(pending) > 0, 0
	// Nothing is gathered into them either: the tab that kept them may
	// still be open and send them, grown differently, under the same ids.
	l.sealed = len(l.pending)
	l.show(nil, nil, "")
	l.flush()
	return nil
}

// Acked is the server's answer that change id is stored at seq. The
// stream brings it back in order, which is when it is confirmed; but after
// a snapshot or a reconnect the stream may already be past it, and then it
// is in the confirmed design already.
func (l *Live) Acked(id string, seq uint64) {
	if len(l.pending) > 0 && l.pending[0].ID == id && seq <= l.seq {
		l.dropHead()
		l.show(nil, nil, "")
		l.flush()
	}
}

// The codes of a refused change the session acts on (see Refused).
const (
	RefusedViewer   = "viewer"
	RefusedConflict = "conflict"
	RefusedBusy     = "busy"
	RefusedRate     = "rate"
)

// Refused is the server's refusal of change id with its code and message.
// A conflict (the change was made before a change the stream now holds)
// is sent again as rebased on what arrived (dropped, the user told, when
// nothing arrived since it was sent); busy and rate wait for the
// shell's Resend; viewer makes the design read-only with the reason and
// drops what was pending; any other code means the change can never be
// stored, so it is dropped and the user told why.
func (l *Live) Refused(id, code, message string) {
	if len(l.pending) == 0 || l.pending[0].ID != id {
		return
	}
	l.sends = max(l.sends-1, 0)
	if code == RefusedConflict && l.sends > 0 {
		return // sent again since, rebased: that send's answer decides
	}
	l.inFlight = false
	switch code {
	case RefusedConflict:
		switch {
		case len(l.pending[0].Ops) == 0:
			// Rebased away whole: nothing of it is left to store.
			l.dropHead()
		case l.pending[0].Base == l.seq && !l.broken:
			// (broken: what came waits, unfolded; the snapshot resends it)
			// Nothing came from the stream since it was sent (the server
			// sends what it applied before it answers): sent again, it
			// would be refused again, for ever. It can never be stored.
			l.dropHead()
			l.show(nil, nil, "Your change was not stored: "+message)
		}
		l.flush()
	case RefusedBusy, RefusedRate:
	case RefusedViewer:
		l.SetViewer(message)
	default:
		l.dropHead()
		l.show(nil, nil, "Your change was not stored: "+message)
		l.flush()
	}
}

// SetViewer makes the design read-only with the reason (the server said
// this user is a viewer), or editable again with "".
func (l *Live) SetViewer(reason string) {
	l.viewer = reason
	ro := reason != ""
	if ro {
		l.pending, l.inFlight, l.headSent = nil, false, false
		l.show(nil, nil, "Read only: "+reason)
	}
	l.s.commit(change{readOnly: &ro})
}

// Snapshot replaces the confirmed design with the server's whole design
// at seq (the client was too far behind): what changed meanwhile is taken
// as one remote change, and the pending changes are rebased over it and
// sent again (those already stored are acknowledged once more, not stored
// twice). The stream's changes past seq that came while the session
// waited for it (see Remote) follow; an error means one of them does not
// apply either, and the shell should read the design again.
func (l *Live) Snapshot(seq uint64, d *catalogue.Design) error {
	if l.ended {
		return nil
	}
	ops := patch.Diff(l.confirmed, d)
	l.confirmed, l.seq, l.ahead = d, seq, false
	l.holding = true
	lost := l.rebase(ops)
	before := l.s.design
	l.show(nil, lost, "")
	l.holding = false
	// What the undo history is to keep is what changed of the design shown:
	// the snapshot's difference may hold this tab's own changes too, which
	// Undo takes back.
	if others := patch.Diff(before, l.s.design); len(others) > 0 {
		l.record(others)
	}
	behind := l.behind
	l.broken, l.behind = false, nil
	var err error
	for i, c := range behind {
		if err = l.remote(c); err != nil {
			// Still disagreeing: the shell reads the design again.
			l.behind = append(l.behind, behind[i+1:]...)
			break
		}
	}
	l.Resend()
	return err
}

// rebase rewrites the pending changes to apply after remote, and returns
// what of them was lost, in words for the user.
func (l *Live) rebase(remote []patch.Op) (lost []string) {
	for i := range l.pending {
		var over []patch.Overridden
		l.pending[i].Ops, over = patch.Rebase(l.pending[i].Ops, remote)
		for _, o := range over {
			if i == 0 && l.holding && l.headSent {
				l.held = append(l.held, o.Message())
			} else {
				lost = append(lost, o.Message())
			}
		}
	}
	return lost
}

// show commits confirmed plus pending as the design, when it differs from
// the one shown, NotRecorded. remote, when not nil, is carried through the
// undo history; lost and say are what the user is told.
func (l *Live) show(remote []patch.Op, lost []string, say string) {
	if remote != nil {
		l.record(remote)
	}
	d := l.confirmed
	kept := l.pending[:0]
	for i, p := range l.pending {
		sent := i == 0 && l.headSent
		next, err := patch.Apply(d, p.Ops)
		if err != nil {
			why := "Your change could not be kept after another person's: " + err.Error()
			if sent && l.holding {
				l.held = append(l.held, why)
			} else {
				lost = append(lost, why)
			}
			if sent {
				// The server may hold it: it is answered, and then dropped.
				p.Ops = nil
				kept = append(kept, p)
			}
			continue
		}
		if len(p.Ops) == 0 && !sent {
			continue // rebased away whole: nothing to send
		}
		d = next
		kept = append(kept, p)
	}
	l.pending = kept
	c := change{}
	if len(patch.Diff(l.s.design, d)) > 0 {
		c.design, c.history = d, NotRecorded
	}
	if say != "" {
		lost = append([]string{say}, lost...)
	}
	if len(lost) > 0 {
		c.notice = &Notice{Text: strings.Join(lost, " "), Error: say != "" && strings.HasPrefix(say, "Your change")}
	}
	if c.design == nil && c.notice == nil {
		return
	}
	l.applying = true
	l.s.commit(c)
	l.applying = false
	l.shown = l.s.design
}

// maxLog bounds the co-editors' changes kept for the undo history: past
// it, the history's designs that need the oldest are brought up to date at
// once (one Apply each per maxLog/2 remote changes), and those go.
const maxLog = 4 * maxHistory

// record logs a co-editor's change for the undo history (see carry),
// forgetting what no design of the history still needs.
func (l *Live) record(ops []patch.Op) {
	l.log = append(l.log, ops)
	if len(l.log) < maxLog {
		return
	}
	now := l.logBase + len(l.log)
	held := map[*catalogue.Design]bool{}
	for _, stack := range [][]*catalogue.Design{l.s.past, l.s.future} {
		for i, d := range stack {
			if at, ok := l.marks[d]; ok && at < now-maxLog/2 {
				// Rewritten in place: the same step, as Undo would
				// bring it back; nothing shown changes.
				d, _ = l.carry(d)
				stack[i], l.marks[d] = d, now
			}
			held[d] = true
		}
	}
	oldest := now
	for d, at := range l.marks {
		if !held[d] {
			delete(l.marks, d)
		} else if at < oldest {
			oldest = at
		}
	}
	l.log = slices.Delete(l.log, 0, oldest-l.logBase)
	l.logBase = oldest
}

// carry brings d, a design of the undo history that Undo or Redo takes
// back, up to date with the co-editors' changes logged since it was taken.
// An op that no longer applies to it is left out, and named in the note.
func (l *Live) carry(d *catalogue.Design) (*catalogue.Design, string) {
	at, ok := l.marks[d]
	if !ok {
		return d, ""
	}
	delete(l.marks, d)
	var lost []string
	for _, ops := range l.log[max(at-l.logBase, 0):] {
		if next, err := patch.Apply(d, ops); err == nil {
			d = next
			continue
		}
		for _, op := range ops {
			if next, err := patch.Apply(d, []patch.Op{op}); err == nil {
				d = next
			} else {
				lost = append(lost, op.Describe())
			}
		}
	}
	if len(lost) == 0 {
		return d, ""
	}
	return d, "Another person's change to " + strings.Join(lost, ", ") + " went with your step."
}
