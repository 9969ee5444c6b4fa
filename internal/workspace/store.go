package workspace

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Role is what a member may do with a design.
type Role string

// The roles: an owner also sets members and deletes; an editor changes the
// design; a viewer reads it and sees others' presence.
const (
	Owner  Role = "owner"
	Editor Role = "editor"
	Viewer Role = "viewer"
)

func (r Role) valid() bool { return r == Owner || r == Editor || r == Viewer }

// Member is a user and their role in one design.
type Member struct {
	User string `json:"user"`
	Role Role   `json:"role"`
}

// Entry is one design in the index.
type Entry struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Owner   string    `json:"owner"`
	Members []Member  `json:"members"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	// Seq is the stream sequence of the design's last change (0 for none).
	Seq uint64 `json:"seq"`
}

// RoleOf returns user's role in the design, or "" when they are no member.
func (e *Entry) RoleOf(user string) Role {
	for _, m := range e.Members {
		if m.User == user {
			return m.Role
		}
	}
	return ""
}

// snapshot is a design's YAML and the sequence of the last change it
// includes, with the changes before it that a resend may repeat (by
// resendKey).
type snapshot struct {
	Seq    uint64            `json:"seq"`
	Design string            `json:"design"`
	Recent map[string]uint64 `json:"recent,omitempty"`
}

// record is one stored change: the change and who made it when.
type record struct {
	ID     string          `json:"id"`
	Base   uint64          `json:"base"`
	User   string          `json:"user"`
	Name   string          `json:"name"`
	At     time.Time       `json:"at"`
	Change json.RawMessage `json:"change"`
}

var errNotFound = errors.New("not found")

func newID() string {
	var b [9]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func subject(id string) string { return changePrefix + id }

// entry reads a design's index entry and its revision.
func (w *Workspace) entry(ctx context.Context, id string) (*Entry, uint64, error) {
	if !validDesignID(id) {
		return nil, 0, errNotFound
	}
	kv, err := w.index.Get(ctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, 0, errNotFound
	}
	if err != nil {
		return nil, 0, err
	}
	var e Entry
	if err := json.Unmarshal(kv.Value(), &e); err != nil {
		return nil, 0, fmt.Errorf("index entry %s: %w", id, err)
	}
	return &e, kv.Revision(), nil
}

func validDesignID(id string) bool {
	if len(id) != 18 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil
}

// updateEntry changes a design's entry with f, retrying when another
// server changed it meanwhile.
func (w *Workspace) updateEntry(ctx context.Context, id string, f func(*Entry) error) (*Entry, error) {
	for range 10 {
		e, rev, err := w.entry(ctx, id)
		if err != nil {
			return nil, err
		}
		if err := f(e); err != nil {
			return nil, err
		}
		data, _ := json.Marshal(e)
		if _, err := w.index.Update(ctx, id, data, rev); err == nil {
			return e, nil
		} else if !errors.Is(err, jetstream.ErrKeyExists) {
			return nil, err
		}
	}
	return nil, errors.New("the design's entry kept changing; try again")
}

// entries lists the index; a user's view of it filters by role.
func (w *Workspace) entries(ctx context.Context) ([]*Entry, error) {
	lister, err := w.index.ListKeys(ctx)
	if err != nil {
		return nil, err
	}
	var out []*Entry
	for key := range lister.Keys() {
		e, _, err := w.entry(ctx, key)
		if errors.Is(err, errNotFound) {
			continue // deleted meanwhile
		}
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Updated.After(out[j].Updated) })
	return out, nil
}

// create stores a new design: its snapshot first, then its index entry, so
// that a design is visible only once it is whole.
func (w *Workspace) create(ctx context.Context, owner User, name string, design []byte) (*Entry, error) {
	all, err := w.entries(ctx)
	if err != nil {
		return nil, err
	}
	owned := 0
	for _, e := range all {
		if e.Owner == owner.ID {
			owned++
		}
	}
	if owned >= w.limits.DesignsPerUser {
		return nil, &apiError{status: 409, Code: "limit-designs", Message: fmt.Sprintf("you own %d designs, the most a user may; delete one first", owned)}
	}
	now := time.Now().UTC()
	e := &Entry{ID: newID(), Name: name, Owner: owner.ID, Members: []Member{{User: owner.ID, Role: Owner}}, Created: now, Updated: now}
	if err := w.putSnapshot(ctx, e.ID, snapshot{Seq: 0, Design: string(design)}); err != nil {
		return nil, err
	}
	data, _ := json.Marshal(e)
	if _, err := w.index.Create(ctx, e.ID, data); err != nil {
		w.snaps.Delete(ctx, e.ID)
		return nil, err
	}
	return e, nil
}

func (w *Workspace) putSnapshot(ctx context.Context, id string, s snapshot) error {
	data, _ := json.Marshal(s)
	_, err := w.snaps.PutBytes(ctx, id, data)
	return err
}

// snapshotTry bounds one try of reading a snapshot (see getSnapshot).
const snapshotTry = 4 * time.Second

// getSnapshot reads a design's snapshot. An object's read makes a consumer
// of its chunks, and a request to make one that reaches no meta leader
// (the node that was it lost, a new one not yet elected) is answered by
// no one: a read then waited its caller's whole context (20 s for the
// API's) and failed, though a new leader was there within seconds. So a
// try lasts snapshotTry, and another follows while ctx lasts.
func (w *Workspace) getSnapshot(ctx context.Context, id string) (snapshot, error) {
	var s snapshot
	for {
		tctx, cancel := context.WithTimeout(ctx, snapshotTry)
		data, err := w.snaps.GetBytes(tctx, id)
		cancel()
		if errors.Is(err, jetstream.ErrObjectNotFound) {
			return s, errNotFound
		}
		if err == nil {
			err = json.Unmarshal(data, &s)
			return s, err
		}
		select {
		case <-ctx.Done():
			return s, fmt.Errorf("read the snapshot of %s: %w", id, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// lastSeq is the sequence of a design's last stored change, 0 for none.
func (w *Workspace) lastSeq(ctx context.Context, id string) (uint64, error) {
	msg, err := w.changes.GetLastMsgForSubject(ctx, subject(id))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return msg.Sequence, nil
}

// readChanges calls f with each of a design's changes after seq `after` up
// to and including `upto`, in order.
//
// A read's consumer can fail under it for a moment: one just made may not
// yet be known to this client's node (its interest goes round the
// cluster's routes after the answer), and one on a node that was lost is
// gone; a pull then answers "no responders". On a cluster under load
// that happened to reads on a healthy cluster too, and a design's read
// answered 503. So a read that fails so starts again after the last change
// it had, with a fresh consumer, until ctx ends; what f or a change's
// decoding says is final.
func (w *Workspace) readChanges(ctx context.Context, id string, after, upto uint64, f func(seq uint64, r record) error) error {
	for {
		if upto <= after {
			return nil
		}
		err := w.readChangesOnce(ctx, id, &after, upto, f)
		var final finalError
		if err == nil || errors.As(err, &final) {
			return unwrapFinal(err)
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// finalError is an error of readChangesOnce that reading again would
// not mend.
type finalError struct{ err error }

func (e finalError) Error() string { return e.err.Error() }

func unwrapFinal(err error) error {
	var final finalError
	if errors.As(err, &final) {
		return final.err
	}
	return err
}

// readChangesOnce is one attempt of readChanges with one consumer; after
// moves on with each change handed to f.
func (w *Workspace) readChangesOnce(ctx context.Context, id string, after *uint64, upto uint64, f func(seq uint64, r record) error) error {
	cons, err := w.changes.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{subject(id)}, DeliverPolicy: jetstream.DeliverByStartSequencePolicy, OptStartSeq: *after + 1,
		// Unbounded by default: a read whose consumer was on a lost node
		// retried for ever, whatever ctx (each try waits up to 10 s).
		// Bounded, the attempt fails and readChanges starts another while
		// ctx lasts.
		MaxResetAttempts: 1,
	})
	if err != nil {
		return err
	}
	for {
		wait := 10 * time.Second
		if deadline, ok := ctx.Deadline(); ok {
			wait = min(wait, time.Until(deadline))
		}
		if wait <= 0 || ctx.Err() != nil {
			return fmt.Errorf("read changes of %s after %d: %w", id, *after, context.DeadlineExceeded)
		}
		msg, err := cons.Next(jetstream.FetchMaxWait(wait))
		if err != nil {
			return fmt.Errorf("read changes of %s after %d: %w", id, *after, err)
		}
		meta, err := msg.Metadata()
		if err != nil {
			return err
		}
		// upto need not be one of this design's sequences (history's
		// before=): the design's next change may be beyond it.
		if meta.Sequence.Stream > upto {
			*after = upto
			return nil
		}
		var r record
		if err := json.Unmarshal(msg.Data(), &r); err != nil {
			return finalError{fmt.Errorf("change %d of %s: %w", meta.Sequence.Stream, id, err)}
		}
		if err := f(meta.Sequence.Stream, r); err != nil {
			return finalError{err}
		}
		*after = meta.Sequence.Stream
		if meta.Sequence.Stream >= upto {
			return nil
		}
	}
}

// changeBefore returns a design's last change at or before stream
// sequence upto (1 or more), by one direct get: found is false when there
// is none. History reads back with it, one change a request, so that a
// page costs its 200 changes whatever the design's length.
func (w *Workspace) changeBefore(ctx context.Context, id string, upto uint64) (seq uint64, r record, found bool, err error) {
	req, _ := json.Marshal(map[string]any{"multi_last": []string{subject(id)}, "up_to_seq": upto})
	inbox := w.nc.NewRespInbox()
	sub, err := w.nc.SubscribeSync(inbox)
	if err != nil {
		return 0, r, false, err
	}
	defer sub.Unsubscribe()
	if err := w.nc.PublishRequest("$JS.API.DIRECT.GET."+changeStream, inbox, req); err != nil {
		return 0, r, false, err
	}
	for {
		msg, err := sub.NextMsgWithContext(ctx)
		if err != nil {
			return 0, r, false, fmt.Errorf("read the change of %s before %d: %w", id, upto+1, err)
		}
		switch status := msg.Header.Get("Status"); status {
		case "":
		case "404":
			return 0, r, false, nil
		case "204": // the end of the batch
			return seq, r, found, nil
		default:
			return 0, r, false, fmt.Errorf("read the change of %s before %d: status %s %s", id, upto+1, status, msg.Header.Get("Description"))
		}
		if found {
			continue // one subject: no more than one, but do not trust it
		}
		if seq, err = strconv.ParseUint(msg.Header.Get(jetstream.SequenceHeader), 10, 64); err != nil || seq == 0 || seq > upto {
			return 0, r, false, fmt.Errorf("read the change of %s before %d: sequence %q", id, upto+1, msg.Header.Get(jetstream.SequenceHeader))
		}
		if err := json.Unmarshal(msg.Data, &r); err != nil {
			return 0, r, false, fmt.Errorf("change %d of %s: %w", seq, id, err)
		}
		found = true
	}
}

// current returns a design as it is now: its snapshot with the changes
// after it applied, and the sequence of its last change.
func (w *Workspace) current(ctx context.Context, id string) ([]byte, uint64, error) {
	snap, err := w.getSnapshot(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	last, err := w.lastSeq(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	design := []byte(snap.Design)
	err = w.readChanges(ctx, id, snap.Seq, last, func(seq uint64, r record) error {
		next, err := w.cfg.Codec.Apply(design, r.Change)
		if err != nil {
			return fmt.Errorf("change %d (%s) of %s no longer applies: %w", seq, r.ID, id, err)
		}
		design = next
		return nil
	})
	return design, max(last, snap.Seq), err
}

// remove deletes a design: its entry first (it is gone for everyone at
// once), then its changes and snapshot; live clients are told.
func (w *Workspace) remove(ctx context.Context, id string, rev uint64) error {
	if err := w.index.Delete(ctx, id, jetstream.LastRevision(rev)); err != nil {
		return err
	}
	w.nc.Publish(presencePrefix+id, []byte(`{"type":"deleted"}`))
	if err := w.changes.Purge(ctx, jetstream.WithPurgeSubject(subject(id))); err != nil {
		return err
	}
	if err := w.snaps.Delete(ctx, id); err != nil && !errors.Is(err, jetstream.ErrObjectNotFound) {
		return err
	}
	return nil
}

// appendChange stores one change after the design's change at `last`: the
// store refuses it when another change came first (the caller catches up
// and tries again), and stores a resent id once.
func (w *Workspace) appendChange(ctx context.Context, id string, last uint64, r record) (*jetstream.PubAck, error) {
	data, _ := json.Marshal(r)
	msg := &nats.Msg{Subject: subject(id), Data: data, Header: nats.Header{}}
	return w.js.PublishMsg(ctx, msg, jetstream.WithMsgID(id+"/"+resendKey(r.User, r.ID)), jetstream.WithExpectLastSequencePerSubject(last))
}

// resendKey names a change as its author's resend would: a change id is
// unique to the client that made it, not to the design, so another
// member's change with the same id is another change. The user's id,
// which may be long and hold anything, goes in hashed.
func resendKey(user, changeID string) string {
	sum := sha256.Sum256([]byte(user))
	return hex.EncodeToString(sum[:12]) + "/" + changeID
}

// isWrongLast reports whether err is JetStream's "wrong last sequence".
func isWrongLast(err error) bool {
	var apiErr *jetstream.APIError
	// 10071 alone, 10164 (its constant form) from a replicated stream.
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence || apiErr.ErrorCode == 10164)
}
