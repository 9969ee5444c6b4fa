package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"

	"github.com/archdesigner/designer/catalogue"
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

// keptKey is where a workspace design's unsent changes are kept.
func keptKey(id string) string { return "designer.live/" + id }

// keep writes the changes waiting to be stored, or removes what was kept
// once none wait. One write is started per difference.
func (l *liveLink) keep() {
	s := l.t.s
	if l.session == nil || s.platform == nil {
		return
	}
	seq, confirmed, pending := l.session.Unsent()
	key := keptKey(l.design.ID)
	if len(pending) == 0 {
		if l.keptText != "" {
			l.keptText = ""
			s.platform.RemoveDesign(key, func(error) {})
		}
		return
	}
	if l.keptDesign == "" || l.keptSeq != seq {
		l.keptDesign, l.keptSeq = string(catalogue.EncodeDesignYAML(confirmed)), seq
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
	name := l.design.Name
	s.platform.StoreDesign(key, l.keptText, func(err error) {
		if err == nil {
			return
		}
		s.run(func() {
			if !l.keepFailed {
				l.keepFailed = true
				s.store.Report(fmt.Errorf("Your changes to %s that the server has not stored could not be kept in this browser (%v): they are lost if this page closes before it reconnects", name, err))
			}
		})
	})
}

// readKept reads what was kept of design id for user (see keep) and calls
// done on the UI goroutine with it, nil when nothing was, or with why what
// was kept cannot be used; what cannot be used is removed.
func (t *team) readKept(id string, done func(k *keptChanges, changes []patch.Change, err error)) {
	s := t.s
	if s.platform == nil {
		done(nil, nil, nil)
		return
	}
	key := keptKey(id)
	s.platform.LoadDesign(key, func(text string, ok bool, err error) {
		s.run(func() {
			if err != nil || !ok {
				done(nil, nil, nil)
				return
			}
			k, changes, err := decodeKept(text)
			if err != nil {
				s.platform.RemoveDesign(key, func(error) {})
				done(nil, nil, err)
				return
			}
			t.whoAmI(func(user string) {
				if user != "" && k.User != "" && user != k.User {
					// Another person's, who used this browser: not sent
					// as this one's. It stays for them.
					done(nil, nil, nil)
					return
				}
				done(k, changes, nil)
			})
		})
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
// themselves (see state.Live's Welcome).
func (l *liveLink) openKept(k *keptChanges, changes []patch.Change) error {
	s := l.t.s
	if err := s.store.Open(l.design.Name+".yaml", []byte(k.Design)); err != nil {
		return fmt.Errorf("the design they were made on does not open: %v", err)
	}
	l.startSession(k.Seq)
	if err := l.session.Restore(changes); err != nil {
		return err
	}
	l.keptText = "(restored)" // removed once stored
	return nil
}

// dropKept removes kept changes that cannot be put back, and says so.
func (l *liveLink) dropKept(why error) {
	s := l.t.s
	s.platform.RemoveDesign(keptKey(l.design.ID), func(error) {})
	s.store.Report(fmt.Errorf("Your changes to %s that the server had not stored when you left could not be put back: %v", l.design.Name, why))
}

// designPath is the workspace API's path of design id.
func designPath(id string) string { return "/api/workspace/designs/" + url.PathEscape(id) }
