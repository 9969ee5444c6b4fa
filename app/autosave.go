package app

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue/library"
)

// autosave keeps the open design in the browser's storage: it reads it
// back when the design opens, stores each change once changes pause (and
// at once as the page goes), and keeps another tab's save of it from being
// overwritten, or overwriting, silently. The session holds it; opening
// another design starts it afresh.
type autosave struct {
	s *tabSession

	saveWarning    string
	restoreWarning string
	storageWarning string // the browser's storage runs low
	// unsaved says the design changed since it was last stored, lastChange
	// when it last changed; queued that a flush is scheduled.
	unsaved, queued bool
	lastChange      time.Time
	// saving says a write (of writing) is on its way; restoring that the
	// saved design is still being read (autosave waits for both).
	saving, restoring bool
	writing           string
	afterSave         []func(stored bool) // to run once the next save has finished, or failed
	adding            string              // the component a catalogue page asked to add, once restored
	// saveSeq counts the saves started; the copy kept on exit is older than
	// the saves from exitAfter on, which remove it.
	saveSeq, exitAfter int
	// unreadable is the text of a saved design that no longer loads; while
	// holding, it could not be kept aside (or not be read), so autosave
	// stores nothing (it would overwrite the only copy) until the user
	// exports or discards it.
	unreadable string
	holding    bool
	// stopped is the saved design whose restore the user stopped (see
	// restored), kept as it is in storage: autosave holds until it is
	// restored (Restore it) or another design is opened.
	stopped          string
	stoppedFromLocal bool
	// afterRestore runs once the saved design is restored (a restore of a
	// version, asked for by the address).
	afterRestore func()
	// saved is what this tab last stored; theirs is a design another tab
	// stored since, which waits for the user's choice (autosave pauses, so
	// neither tab silently overwrites the other).
	saved, theirs string
}

// saveDelay is how long autosave waits for changes to pause: encoding and
// storing a large design on every arrow-key move made each move lag.
const saveDelay = 300 * time.Millisecond

// noteChange notes a change of the design. The design is stored (or,
// embedded, sent to the host) once no change has come for saveDelay, timed
// in the component of ctx (at once without one), and at once when the page
// is hidden or closed or the editor leaves the page (flush).
func (a *autosave) noteChange(ctx app.Context) {
	a.unsaved, a.lastChange = true, time.Now()
	if ctx == nil {
		a.flush()
		return
	}
	if !a.queued {
		a.queued = true
		a.saveAfter(ctx, saveDelay)
	}
}

// saveAfter flushes once d has passed, or waits again if a change came in
// the meantime.
func (a *autosave) saveAfter(ctx app.Context, d time.Duration) {
	ctx.After(d, func(app.Context) {
		if more := waitMore(a.lastChange, time.Now()); more > 0 {
			a.saveAfter(ctx, more)
			return
		}
		a.queued = false
		a.flush()
	})
}

// waitMore is how much longer autosave waits at now, for changes to have
// paused for saveDelay since the last one.
func waitMore(lastChange, now time.Time) time.Duration {
	return max(0, saveDelay-now.Sub(lastChange))
}

// flushBeforeLeaving stores what is unsaved as the editor leaves the page:
// a save queued for later would not run, as go-app drops the dispatches
// (and the timers) of a component that left the page.
func (a *autosave) flushBeforeLeaving() {
	a.flush()
	a.queued = false
}

// flush stores the design if it changed since it was last stored, and
// says so when it cannot (a failed save is tried again at the next flush).
// While another tab's design waits for the user's choice, a saved design
// that no longer loads waits to be exported, or the saved design is still
// being read, it stores nothing. Embedded, it sends autosave if the design
// changed since the host loaded or saved it.
func (a *autosave) flush() {
	s := a.s
	if t := s.team; t != nil && t.live != nil {
		t.live.keep() // what the server has not stored, kept here
	}
	if !a.unsaved {
		return
	}
	// What is saved with the design (its problems, in the list of
	// designs; the host's autosave event) is of the design as it is.
	s.store.Settle()
	if s.readOnlyView() {
		a.unsaved = false // a shared design, or a version, is never stored
		return
	}
	if s.embed != nil {
		a.unsaved = false
		s.embed.flush()
		return
	}
	if s.platform == nil || a.theirs != "" || a.holding || a.restoring {
		return
	}
	a.save(string(s.store.Export()), nil)
}

// flushOnExit stores the design as the page goes away. The database's
// write may not finish before the page is gone, so a design that fits is
// also kept in localStorage (library.ExitKey), at once, which the next start
// takes (and moves into the database); the save of that design, once
// finished, removes it.
func (a *autosave) flushOnExit() {
	s := a.s
	if t := s.team; t != nil && t.live != nil {
		t.live.keep()
	}
	if s.readOnlyView() {
		return
	}
	if !a.unsaved && a.saving && a.writing != "" && s.embed == nil && len(a.writing) <= maxExitCopy {
		// Nothing new, but the last save is still on its way.
		_ = s.platform.Store(library.ExitKey(s.designID), a.writing)
		a.exitAfter = a.saveSeq
		return
	}
	if !a.unsaved || s.embed != nil || s.platform == nil || a.theirs != "" || a.holding || a.restoring {
		a.flush()
		return
	}
	design := string(s.store.Export())
	busy := a.saving
	a.save(design, nil)
	if len(design) <= maxExitCopy {
		_ = s.platform.Store(library.ExitKey(s.designID), design) // best effort: the database's write is on its way
		// The save just started writes this design; one on its way
		// already writes an older one, and the next does not.
		a.exitAfter = a.saveSeq
		if busy {
			a.exitAfter++
		}
	}
}

// maxExitCopy is the largest design flushOnExit also keeps in localStorage,
// whose quota is about 5 MB (in UTF-16, 2.5 million characters in some
// browsers).
const maxExitCopy = 2 << 20

// save stores design and then calls then (if not nil). One write is on its
// way at a time: a change meanwhile is stored once it has finished.
func (a *autosave) save(design string, then func()) {
	s := a.s
	if then != nil {
		a.afterSave = append(a.afterSave, func(stored bool) {
			if stored {
				then()
			}
		})
	}
	if a.saving {
		a.unsaved = true
		return
	}
	a.saving, a.unsaved, a.writing = true, false, design
	a.saveSeq++
	seq := a.saveSeq
	key := library.DesignKey(s.designID)
	s.platform.StoreDesign(key, design, func(err error) {
		s.run(func() {
			a.saving, a.writing = false, ""
			if err != nil {
				a.unsaved = true
				a.saveWarning = "Autosave failed (" + err.Error() + "): your latest changes live only in this tab. Export the design to keep it."
				// What waited for the save (opening another design, a
				// backup) does not happen minutes later on some other save:
				// it hears that this one failed.
				thens := a.afterSave
				a.afterSave = nil
				for _, f := range thens {
					f(false)
				}
				return
			}
			// The database holds it: a copy in localStorage (an older
			// editor's, or this one kept on exit) would be taken for newer.
			s.platform.Remove(key)
			if seq >= a.exitAfter {
				s.platform.Remove(library.ExitKey(s.designID))
			}
			if !s.tab.persisting {
				// Ask the browser to keep the storage once it holds a
				// design (not at start-up, where the request would only
				// slow the first render).
				s.tab.persisting = true
				s.platform.Persist()
			}
			a.saved, a.saveWarning = design, ""
			a.checkStorage(len(design))
			s.library.noteSaved(design)
			if a.unsaved {
				a.flush()
				if a.saving {
					return // the next save runs what waits
				}
			}
			thens := a.afterSave
			a.afterSave = nil
			for _, f := range thens {
				f(true)
			}
		})
	})
}

// lowStorage is when the storage estimate is worth a warning: less free
// than twice the design and this much more, or 90% of the quota used.
const lowStorage = 5 << 20

// checkStorage warns when the browser's storage for the editor runs low,
// after a save of size bytes: the next saves may fail.
func (a *autosave) checkStorage(size int) {
	a.s.platform.StorageEstimate(func(usage, quota float64) {
		a.s.run(func() {
			free := quota - usage
			if quota <= 0 || free >= float64(2*size+lowStorage) && usage <= 0.9*quota {
				a.storageWarning = ""
				return
			}
			a.storageWarning = fmt.Sprintf("Browser storage for this site is nearly full: %s of %s used, and the design takes %s. "+
				"Export the design to keep a copy, or free space (other sites' data, or this browser's settings).", megabytes(usage), megabytes(quota), megabytes(float64(size)))
		})
	})
}

func megabytes(n float64) string {
	return strconv.FormatFloat(n/1e6, 'f', 1, 64) + " MB"
}

// watch listens for other tabs' saves of the open design, for the editor
// shown.
func (a *autosave) watch() {
	s := a.s
	if s.unwatch != nil {
		s.unwatch()
		s.unwatch = nil
	}
	ctx := s.ctx()
	if s.platform == nil || ctx == nil {
		return
	}
	opens := s.tab.opens
	s.unwatch = s.platform.Watch(library.DesignKey(s.designID), func(value string) {
		ctx.Dispatch(func(app.Context) {
			if s.tab.opens == opens { // not a save heard before another design opened
				a.otherTabSaved(value)
			}
		})
	})
}

// otherTabSaved notes a design another tab stored, unless it is this tab's.
// While a restore is stopped it is the saved design that Restore it
// restores: this tab shows no design of its own to keep over it.
func (a *autosave) otherTabSaved(value string) {
	if a.stopped != "" {
		a.stopped = value
		return
	}
	if value == a.saved || value == string(a.s.store.Export()) {
		return
	}
	a.theirs = value
}

// useTheirs loads the other tab's design (undoable) and resumes autosave.
func (a *autosave) useTheirs() {
	theirs := a.theirs
	a.theirs = ""
	a.saved = theirs
	if err := a.s.store.Import("the other tab's design", []byte(theirs)); err != nil {
		a.s.store.Report(err)
	}
}

// keepMine stores this tab's design over the other tab's and resumes
// autosave.
func (a *autosave) keepMine() {
	a.theirs = ""
	a.save(string(a.s.store.Export()), func() {
		a.s.store.Say("Kept this tab's design; the other tab's changes were replaced.")
	})
}

// inStore says the store holds the open design as it is to be stored: not
// a share link's or a version's, and read (neither still being read nor
// one that no longer loads).
func (a *autosave) inStore() bool {
	return !a.s.readOnlyView() && !a.restoring && !a.holding && a.unreadable == ""
}

// restore loads the autosaved design, from the browser's database, or from
// localStorage when it holds one: the copy a page going away keeps in case
// its last save to the database did not finish (see flushOnExit), or a
// design saved there before the editor used the database. That one is the
// newest, and it moves into the database (and out of localStorage) once
// written there. A design that no longer reads is kept aside and never
// overwritten: while it cannot be kept (no room), autosave waits until the
// user has exported or discarded it. Either way the editor starts empty and
// says what happened. The database answers after the first render: until
// it has, autosave waits.
func (a *autosave) restore() {
	s := a.s
	if s.platform == nil {
		return
	}
	a.restoring = true
	for _, key := range []string{library.ExitKey(s.designID), library.DesignKey(s.designID)} {
		if saved, ok, err := s.platform.Load(key); err == nil && ok && strings.TrimSpace(saved) != "" {
			a.restored(saved, nil, true)
			return
		}
	}
	empty, opens := s.store.Design(), s.tab.opens
	s.platform.LoadDesign(library.DesignKey(s.designID), func(saved string, ok bool, err error) {
		s.run(func() {
			if s.tab.opens != opens {
				return // another design was opened meanwhile
			}
			if s.store.Design() != empty && err == nil && ok && saved != string(s.store.Export()) {
				// The user changed the design before the database
				// answered.
				a.bothChanged(saved)
				return
			}
			a.restored(saved, err, false)
		})
	})
}

// restored takes the design restore read (fromLocal: from localStorage).
// The editor shows it; when there is none or it does not read, the design
// the editor started with (at start-up, empty or what the user did
// meanwhile), or an empty one in place of the design before, which reopen
// kept shown meanwhile.
func (a *autosave) restored(saved string, err error, fromLocal bool) {
	s := a.s
	if err == nil && len(saved) >= stepBytes && s.ctx() != nil {
		// A big design: read in steps, with progress and Stop, while
		// autosave waits (restoring). What the user does meanwhile is
		// not overwritten: it waits for a choice, as another tab's
		// change does.
		before := s.store.Design()
		a.restoring = true
		s.readInSteps("Restoring the saved design", s.store.Reading("saved design", []byte(saved), false), func(r *state.Reading) {
			if s.store.Design() != before && saved != string(s.store.Export()) {
				a.bothChanged(saved)
				return
			}
			a.open(saved, nil, fromLocal, func() error { return s.store.OpenRead(r) })
		}, func() {
			a.restoring, a.holding, a.stopped, a.stoppedFromLocal = false, true, saved, fromLocal
			if s.opening {
				// Not the design before, which reopen kept shown
				// read-only, under this one's name.
				s.store.Clear()
				s.opened()
			}
			a.restoreWarning = "Restoring the saved design was stopped. It is kept as it was in this browser's storage; " +
				"autosave is off until it is restored, so what you change now is not saved."
		})
		return
	}
	a.open(saved, err, fromLocal, func() error { return s.store.Open("saved design", []byte(saved)) })
}

// restoreStopped restores the saved design whose restore was stopped.
func (a *autosave) restoreStopped() {
	if l := a.s.loading; l != nil {
		// Not dropped for it (see readInSteps).
		a.s.store.Report(fmt.Errorf("The saved design was not restored: another design is being read (%s); wait until it is, or press Stop, then restore it", l.what))
		return
	}
	saved := a.stopped
	a.stopped, a.holding, a.restoreWarning = "", false, ""
	a.restoring = true
	a.restored(saved, nil, a.stoppedFromLocal)
}

// bothChanged keeps the design the user changed before the saved one was
// read, and the saved one waiting for the user's choice (as another tab's
// does): neither is dropped.
func (a *autosave) bothChanged(saved string) {
	s := a.s
	a.restoring, a.theirs = false, saved
	s.opened()
	if id := a.adding; id != "" {
		a.adding = ""
		addFromCatalogue(s.store, id)
	}
}

// open takes the saved design restored read, opened by openSaved, as
// restored says.
func (a *autosave) open(saved string, err error, fromLocal bool, openSaved func() error) {
	s := a.s
	a.restoring = false
	if s.opening {
		if err != nil || strings.TrimSpace(saved) == "" {
			s.store.Clear()
		}
		s.opened()
	}
	if id := a.adding; id != "" {
		a.adding = ""
		defer addFromCatalogue(s.store, id)
	}
	switch {
	case err != nil:
		// It may still be there: nothing is saved over it until the user
		// says (Discard), or reloads.
		a.holding = true
		a.restoreWarning = "Your saved design could not be read from browser storage (" + err.Error() + "). " +
			"So that it is not overwritten, autosave is off until you reload or discard it: export what you change now."
	case strings.TrimSpace(saved) != "":
		defer a.runAfterRestore()
		defer s.library.relist(true)
		a.saved = saved
		if err := openSaved(); err != nil {
			if s.tab.opens > 0 {
				s.store.Clear() // not the design before, which reopen kept shown
			}
			a.unreadable = saved
			why := err.Error()
			// Nothing is saved until the copy is kept.
			a.holding = true
			a.restoreWarning = "Your saved design no longer loads (" + why + "). Keeping a copy in this browser's storage…"
			s.platform.StoreDesign(library.UnreadableKey(s.designID), saved, func(keepErr error) {
				s.run(func() {
					if a.unreadable != saved {
						return // exported or discarded meanwhile
					}
					if keepErr != nil {
						a.restoreWarning = "Your saved design no longer loads (" + why + "), and browser storage has no room for a copy (" + keepErr.Error() + "). " +
							"So that it is not overwritten, autosave is off until you export or discard it: changes made now are not saved."
						return
					}
					a.holding = false
					a.restoreWarning = "Your saved design no longer loads (" + why + "). A copy is kept in this browser's storage; export it to keep it as a file."
					a.flush()
				})
			})
			return
		}
		if fromLocal {
			a.unsaved = true // into the database, which takes it out of localStorage
		}
	default:
		defer a.runAfterRestore()
		s.library.relist(false)
	}
	a.flush()
}

// runAfterRestore runs what waited for the saved design.
func (a *autosave) runAfterRestore() {
	a.s.library.announceOpened()
	if f := a.afterRestore; f != nil {
		a.afterRestore = nil
		f()
	}
}

// exportSaved offers the saved design that no longer loads as a file, and
// turns autosave back on if it waited for that.
func (a *autosave) exportSaved() {
	s := a.s
	if err := s.platform.Download("saved-design.yaml", "application/yaml", []byte(a.unreadable)); err != nil {
		s.store.Report(fmt.Errorf("export the saved design: %w", err))
		return
	}
	s.store.Say("Exported the saved design that no longer loads as saved-design.yaml.")
	a.releaseSaved()
}

// discardSaved gives up the saved design that no longer loads.
func (a *autosave) discardSaved() {
	a.s.store.Say("Discarded the saved design that no longer loaded.")
	a.releaseSaved()
}

func (a *autosave) releaseSaved() {
	wasHolding := a.holding
	a.unreadable, a.holding, a.restoreWarning = "", false, ""
	if wasHolding {
		a.unsaved = true
		a.flush()
	}
}
