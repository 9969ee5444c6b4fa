package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/patch"
)

// keptChanges is what a live design keeps in this browser of the changes
// the server has not stored, so that a reload, a crash or a tab closed
// while offline does not lose them: the confirmed design they apply to,
// its sequence, and the changes in order (see state.Live's Unsent and
// Restore). It is written when autosave would save (after edits pause,
// and as the page goes), removed once nothing waits, and taken back the
// next time the same user opens the design live in this browser.
type keptChanges struct {
	Version int               `json:"v"`
	User    string            `json:"user"`
	Name    string            `json:"name"`
	Seq     uint64            `json:"seq"`
	Design  string            `json:"design"`
	Changes []json.RawMessage `json:"changes"`
}

// keptVersion is keptChanges' format; another is not read.
const keptVersion = 1

// Each tab keeps its own record, so that two tabs of a design do not
// overwrite or remove each other's; an index in localStorage (written at
// once, in the page's task) lists a design's records, which the next open
// of the design claims one at a time.

// keptKey is where tab keeps workspace design id's unsent changes.
func keptKey(id, tab string) string { return "designer.live/" + id + "/" + tab }

// keptIndexKey lists the keys of design id's records (see keptKey).
func keptIndexKey(id string) string { return "designer.live.index/" + id }

// keptIndex reads the keys of design id's records.
func (s *tabSession) keptIndex(id string) []string {
	text, ok, err := s.platform.Load(keptIndexKey(id))
	var keys []string
	if err != nil || !ok || json.Unmarshal([]byte(text), &keys) != nil {
		return nil
	}
	return keys
}

// setKeptIndex adds key to design id's index, or removes it.
func (s *tabSession) setKeptIndex(id, key string, in bool) {
	keys := slices.DeleteFunc(s.keptIndex(id), func(k string) bool { return k == key })
	if in {
		keys = append(keys, key)
	}
	if len(keys) == 0 {
		s.platform.Remove(keptIndexKey(id))
		return
	}
	data, _ := json.Marshal(keys)
	_ = s.platform.Store(keptIndexKey(id), string(data))
}

// keepKey is this tab's record of the live design.
func (l *liveLink) keepKey() string {
	t := l.t.s.tab
	if t.keepID == "" {
		t.keepID = library.NewID()
	}
	return keptKey(l.design.ID, t.keepID)
}

// keep writes the changes waiting to be stored, or removes what this tab
// kept once none wait. One write is started per difference.
func (l *liveLink) keep() {
	s := l.t.s
	if l.session == nil || s.platform == nil || s.embed != nil || l.gone {
		// (Embedded, nothing is kept in the browser: the portal's exit
		// event says what was not stored. Gone: nobody can store them.)
		return
	}
	seq, confirmed, pending := l.session.Unsent()
	key := l.keepKey()
	if len(pending) == 0 {
		if l.keptText != "" {
			l.keptText = ""
			s.setKeptIndex(l.design.ID, key, false)
			s.platform.RemoveDesign(key, func(error) {})
		}
		return
	}
	if l.keptFrom != confirmed {
		l.keptDesign, l.keptFrom = string(catalogue.EncodeDesignYAML(confirmed)), confirmed
	}
	k := keptChanges{Version: keptVersion, User: l.t.userID, Name: l.design.Name, Seq: seq, Design: l.keptDesign}
	for _, c := range pending {
		data, _ := json.Marshal(c)
		k.Changes = append(k.Changes, data)
	}
	data, _ := json.Marshal(k)
	if string(data) == l.keptText {
		return
	}
	l.keptText = string(data)
	l.session.Seal()
	s.setKeptIndex(l.design.ID, key, true)
	name := l.design.Name
	s.platform.StoreDesign(key, l.keptText, func(err error) {
		if err == nil {
			return
		}
		s.run(func() {
			if !l.keepFailed {
				l.keepFailed = true
				s.store.Report(fmt.Errorf("Your changes to %s that the server has not stored could not be kept in this browser (%v): Export YAML keeps a copy", name, err))
			}
		})
	})
}

// readKept claims one record of design id kept for this user (see keep),
// the first of the index that reads, and calls done on the UI goroutine
// with it, its key and its text (to put it back), or nil when there is
// none; err says why a record that was there cannot be used (it is
// removed). Another user's records stay for them. A record is claimed
// (taken off the index) as it is read, so that one open takes it.
func (t *team) readKept(id string, done func(k *keptChanges, changes []patch.Change, key, text string, err error)) {
	s := t.s
	if s.platform == nil || s.embed != nil {
		done(nil, nil, "", "", nil)
		return
	}
	t.whoAmI(func(user string) {
		keys := s.keptIndex(id)
		var next func(i int)
		next = func(i int) {
			if i == len(keys) {
				done(nil, nil, "", "", nil)
				return
			}
			key := keys[i]
			s.platform.LoadDesign(key, func(text string, ok bool, err error) {
				s.run(func() {
					if err != nil {
						next(i + 1)
						return
					}
					if !ok {
						s.setKeptIndex(id, key, false) // gone: its tab removed it
						next(i + 1)
						return
					}
					k, changes, err := decodeKept(text)
					if err == nil && user != "" && k.User != "" && user != k.User {
						next(i + 1) // another person's, who used this browser
						return
					}
					s.setKeptIndex(id, key, false)
					if err != nil {
						s.platform.RemoveDesign(key, func(error) {})
						done(nil, nil, "", "", err)
						return
					}
					done(k, changes, key, text, nil)
				})
			})
		}
		next(0)
	})
}

// decodeKept reads what keep wrote, checking each change as the server
// would.
func decodeKept(text string) (*keptChanges, []patch.Change, error) {
	var k keptChanges
	if err := json.Unmarshal([]byte(text), &k); err != nil {
		return nil, nil, fmt.Errorf("what was kept does not read: %v", err)
	}
	if k.Version != keptVersion {
		return nil, nil, fmt.Errorf("what was kept is of format %d; this editor reads %d", k.Version, keptVersion)
	}
	if len(k.Changes) == 0 || k.Design == "" {
		return nil, nil, errors.New("what was kept holds no design or no changes")
	}
	changes := make([]patch.Change, 0, len(k.Changes))
	for i, raw := range k.Changes {
		c, err := patch.DecodeChange(raw, patch.DefaultLimits())
		if err != nil {
			return nil, nil, fmt.Errorf("kept change %d: %v", i+1, err)
		}
		changes = append(changes, c)
	}
	return &k, changes, nil
}

// whoAmI calls done with the signed-in user's id, asking the server when
// it is not known yet; "" when it does not answer (offline).
func (t *team) whoAmI(done func(user string)) {
	if t.userID != "" || t.s.workspace() == nil {
		done(t.userID)
		return
	}
	t.s.workspace().Request("GET", "/api/workspace/me", nil, func(status int, data []byte, err error) {
		t.s.run(func() {
			var me struct {
				User string `json:"user"`
			}
			if err == nil && status == statusOK && json.Unmarshal(data, &me) == nil {
				t.userID = me.User
			}
			done(t.userID)
		})
	})
}

// openKept opens the design as it was kept, at its sequence, with the
// changes kept on it waiting to be sent: the stream's changes since follow
// the welcome, and the changes the server already stored come back as
// themselves (see state.Live's Welcome). They are kept again at once as
// this tab's, the record claimed going (key, text: see readKept).
func (l *liveLink) openKept(k *keptChanges, changes []patch.Change, key, text string) error {
	s := l.t.s
	if err := s.store.Open(l.design.Name+".yaml", []byte(k.Design)); err != nil {
		return fmt.Errorf("the design they were made on does not open: %v", err)
	}
	l.startSession(k.Seq)
	if err := l.session.Restore(changes); err != nil {
		return err
	}
	if l.t.userID == "" {
		l.t.userID = k.User // offline: the welcome says (see checkRestored)
	}
	l.restored = &restoredFrom{user: k.User, key: key, text: text}
	if key != l.keepKey() {
		s.platform.RemoveDesign(key, func(error) {})
	}
	l.keep()
	return nil
}

// restoredFrom is the record a live link put back (see openKept), until
// the welcome says whose the connection is.
type restoredFrom struct{ user, key, text string }

// checkRestored, at the welcome of user, drops the changes put back from
// another user's record (kept while they used this browser, opened here
// offline when it could not be told), and keeps it for them again; it
// reports whether it did.
func (l *liveLink) checkRestored(user string) bool {
	r := l.restored
	l.restored = nil
	if r == nil || r.user == "" || r.user == user {
		return false
	}
	s := l.t.s
	l.session.Discard()
	l.keep() // this tab's record goes
	s.setKeptIndex(l.design.ID, r.key, true)
	s.platform.StoreDesign(r.key, r.text, func(error) {})
	s.store.Report(fmt.Errorf("The changes this browser kept for %s were not sent as yours: they stay for them", r.user))
	return true
}

// dropKept removes the record at key, whose changes cannot be put back,
// and says so.
func (l *liveLink) dropKept(key string, why error) {
	s := l.t.s
	if key != "" {
		s.platform.RemoveDesign(key, func(error) {})
	}
	s.store.Report(fmt.Errorf("Your changes to %s that the server had not stored when you left could not be put back: %v", l.design.Name, why))
}

// forgetKept removes the records of design id kept for this user (or for
// nobody known), which the server no longer has, or no longer lets this
// user see; other users' stay for them. Embedded, nothing is kept.
func (s *tabSession) forgetKept(id string) {
	if s.platform == nil || s.embed != nil {
		return
	}
	user := s.teamOf().userID
	for _, key := range s.keptIndex(id) {
		s.platform.LoadDesign(key, func(text string, ok bool, err error) {
			s.run(func() {
				if err != nil {
					return
				}
				if ok {
					if k, _, derr := decodeKept(text); derr == nil && k.User != "" && user != "" && k.User != user {
						return
					}
					s.platform.RemoveDesign(key, func(error) {})
				}
				s.setKeptIndex(id, key, false)
			})
		})
	}
}

// designPath is the workspace API's path of design id.
func designPath(id string) string { return "/api/workspace/designs/" + url.PathEscape(id) }
