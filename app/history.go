package app

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diff"
	"github.com/archdesigner/designer/catalogue/library"
)

// historyState is what the editor knows of the open design's versions
// (see package library): they are recorded on import, on Export YAML,
// Export to…, Export picture and Save version, at most every
// library.EditInterval while editing, and before a restore or an import
// replaces the design.
type historyState struct {
	// loaded says h was read (or found damaged: then nothing is recorded,
	// so that the damaged list is not written over).
	loaded bool
	h      *library.History
	// lastText is the newest version's text, and lastDesign the design it
	// holds once read (or the store's design it was taken from), for the
	// next one's summary.
	lastText   string
	lastDesign *catalogue.Design
	// recording says a version is being stored, queue the ones waiting
	// to be, afterVersions what waits for them all (leaving the page).
	recording     bool
	queue         []func(next func())
	afterVersions []func()
	// warning says a version could not be kept.
	warning string
	// show says the History region is open.
	show bool
	// viewing is the stamp of the version this page previews, read-only
	// (/?design=ID&version=STAMP); previewed the version itself.
	viewing   string
	previewed library.Version
	// onLoad runs once the history is read (or found unreadable).
	onLoad []func()
}

// readOnlyView says the page shows a design that is not stored: a share
// link's, or a version's preview.
func (e *Editor) readOnlyView() bool { return e.sharing || e.history.viewing != "" }

// viewing says the page previews a version.
func (e *Editor) viewing() bool { return e.history.viewing != "" }

// loadHistory reads the open design's versions and the newest one's text.
func (e *Editor) loadHistory() {
	if e.platform == nil {
		return
	}
	id, opens := e.designID, e.opens
	e.platform.LoadDesign(library.HistoryKey(id), func(text string, _ bool, err error) {
		h, perr := library.ParseHistory(text)
		e.run(func() {
			if e.opens != opens {
				return // another design was opened meanwhile
			}
			defer func() {
				waiting := e.history.onLoad
				e.history.onLoad = nil
				for _, f := range waiting {
					f()
				}
			}()
			if err != nil || perr != nil {
				e.history.warning = fmt.Sprintf("The design's history could not be read (%v); no versions are recorded until the page is reloaded, so that it is not written over.", cmp.Or(err, perr))
				return
			}
			e.history.h, e.history.loaded = h, true
			last := h.Last()
			if last == nil {
				return
			}
			e.platform.LoadDesign(library.VersionKey(id, last.Stamp()), func(text string, ok bool, err error) {
				e.run(func() {
					if err == nil && ok && e.opens == opens && e.history.h.Last() != nil && e.history.h.Last().At == last.At {
						e.history.lastText = text
					}
				})
			})
		})
	})
}

// recordEdit records a version of the open design after a save, when the
// newest is library.EditInterval old (or there is none) and the design
// differs from it.
func (e *Editor) recordEdit(text string) {
	if !e.history.loaded || e.history.recording || text == e.history.lastText {
		return
	}
	if last := e.history.h.Last(); last != nil && e.now().Sub(last.At) < library.EditInterval {
		return
	}
	e.recordVersion(library.WhyEdit, text, nil)
}

// recordVersion records text, the open design's, as a version of it, then
// runs then (if not nil) with the outcome (the user is told of a failure).
func (e *Editor) recordVersion(why, text string, then func(error)) {
	e.recordVersionSaying(why, "", text, then)
}

// recordVersionSaying is recordVersion with the version's summary given
// ("" for the semantic diff's from the version before).
func (e *Editor) recordVersionSaying(why, summary, text string, then func(error)) {
	if then == nil {
		then = func(error) {}
	}
	switch {
	case e.platform == nil || e.readOnlyView():
		then(errors.New("this design is not stored here"))
		return
	case !e.history.loaded:
		then(errors.New("the design's history could not be read"))
		return
	}
	d := e.store.Design()
	prev := e.history.lastDesign
	if prev == nil && e.history.lastText != "" {
		// Read once a session: later versions compare with the store's.
		prev, _ = e.store.Catalogue().ReadDesign("previous version", []byte(e.history.lastText))
	}
	if summary == "" {
		summary = e.summarize(prev, d)
	}
	e.storeVersion(e.designID, text, len(d.Nodes), why, summary, func(err error) {
		if err == nil {
			e.history.lastText, e.history.lastDesign = text, d
		}
		then(err)
	})
}

// recordVersionOf records what is stored of design id (not the open one)
// as a version of it, then runs then with the outcome: nil when it was
// recorded, or when nothing is stored to record.
func (e *Editor) recordVersionOf(id, why string, then func(error)) {
	e.loadStored(id, func(text string, ok bool, err error) {
		switch {
		case err != nil:
			then(err)
		case !ok:
			then(nil)
		default:
			d := e.readOrNil(text)
			nodes := 0
			if d != nil {
				nodes = len(d.Nodes)
			}
			e.storeVersion(id, text, nodes, why, e.summarize(nil, d), then)
		}
	})
}

// recordFirstVersion starts the history of a design just added (text, a
// design of nodes nodes), then runs then.
func (e *Editor) recordFirstVersion(id, text string, nodes int, why, summary string, then func()) {
	e.storeVersion(id, text, nodes, why, summary, func(error) { then() })
}

// readOrNil is the design text holds, or nil when it no longer loads.
func (e *Editor) readOrNil(text string) *catalogue.Design {
	d, errs := e.store.Catalogue().ReadDesign("version", []byte(text))
	if len(errs) > 0 {
		return nil
	}
	return d
}

// storeVersion adds text (a design of nodes nodes) to design id's history
// as a version, thins it, and stores the version and the history; done
// gets the outcome on the UI goroutine. The history is read again first
// (another tab may have added to it), and one version is stored at a time.
// When the version cannot be stored (storage is short), the history is as
// it was and the user is told, with the way to export.
func (e *Editor) storeVersion(id, text string, nodes int, why, summary string, done func(error)) {
	e.queueVersion(func(next func()) {
		finish := func(err error) {
			if err != nil {
				e.history.warning = fmt.Sprintf("A version of the design could not be kept (%v): browser storage may be short. Nothing was dropped; export the design (or all designs, in Designs) to keep a copy.", err)
			} else {
				e.history.warning = ""
			}
			done(err)
			next()
		}
		e.platform.LoadDesign(library.HistoryKey(id), func(htext string, _ bool, herr error) {
			e.run(func() {
				h, perr := library.ParseHistory(htext)
				if err := cmp.Or(herr, perr); err != nil {
					finish(err)
					return
				}
				v := h.Add(library.Version{At: e.now(), Why: why, Nodes: nodes, Size: len(text), Summary: summary})
				dropped := h.Thin(e.now())
				e.platform.StoreDesign(library.VersionKey(id, v.Stamp()), text, func(err error) {
					e.run(func() {
						if err != nil {
							finish(err)
							return
						}
						e.platform.StoreDesign(library.HistoryKey(id), h.Encode(), func(err error) {
							e.run(func() {
								if err != nil {
									e.platform.RemoveDesign(library.VersionKey(id, v.Stamp()), func(error) {})
									finish(err)
									return
								}
								for _, old := range dropped {
									e.platform.RemoveDesign(library.VersionKey(id, old.Stamp()), func(error) {})
								}
								if id == e.designID {
									e.history.h, e.history.loaded = h, true
								}
								finish(nil)
							})
						})
					})
				})
			})
		})
	})
}

// queueVersion runs store now, or once the versions on their way are
// stored: each reads the history the one before wrote.
func (e *Editor) queueVersion(store func(next func())) {
	if e.history.recording {
		e.history.queue = append(e.history.queue, store)
		return
	}
	e.history.recording = true
	store(e.nextVersion)
}

// nextVersion stores the next version waiting, or runs what waited for
// them all.
func (e *Editor) nextVersion() {
	if len(e.history.queue) > 0 {
		store := e.history.queue[0]
		e.history.queue = e.history.queue[1:]
		store(e.nextVersion)
		return
	}
	e.history.recording = false
	waiting := e.history.afterVersions
	e.history.afterVersions = nil
	for _, f := range waiting {
		f()
	}
}

// summarize says what changed from prev to next, in a line: the semantic
// diff's summary, or the counts when there is nothing to compare with (or
// next no longer loads: nil).
func (e *Editor) summarize(prev, next *catalogue.Design) string {
	if next == nil {
		return "a design that no longer loads"
	}
	if prev != nil {
		return diff.Compare(e.store.Catalogue(), prev, next).Summary()
	}
	return fmt.Sprintf("%s, %s", library.Count(len(next.Nodes), "node"), library.Count(len(next.Edges), "edge"))
}

// exportedPicture records a version once Export picture has written the
// design (a picture carries it).
func (e *Editor) exportedPicture() {
	e.recordVersion(library.WhyExport, string(e.store.Export()), nil)
}

// saveVersion records the open design as a version now (History's Save
// version).
func (e *Editor) saveVersion(app.Context, app.Event) {
	text := string(e.store.Export())
	if !e.history.loaded {
		e.store.Report(fmt.Errorf("The history is not readable, so no version was recorded; export the design to keep a copy"))
		return
	}
	e.recordVersion("saved", text, func(err error) {
		if err == nil {
			e.store.Say("Saved a version of the design.")
		}
	})
}

// openVersion shows a version of the open design instead of the design,
// read-only and stored nowhere, with the ways to restore or export it.
func (e *Editor) openVersion(stamp string) {
	e.history.viewing = stamp
	e.store.SetShared(true)
	e.store.SetReadOnly(true)
	id, opens := e.designID, e.opens
	e.platform.LoadDesign(library.HistoryKey(id), func(htext string, _ bool, herr error) {
		e.platform.LoadDesign(library.VersionKey(id, stamp), func(text string, ok bool, err error) {
			e.run(func() {
				if e.opens != opens {
					return // another design was opened meanwhile
				}
				e.opening = false // read-only, as a version's preview stays
				h, perr := library.ParseHistory(htext)
				var v *library.Version
				if herr == nil && perr == nil {
					v = h.Find(stamp)
				}
				if err != nil || !ok || v == nil {
					e.store.Clear()
					e.store.Report(fmt.Errorf("This version is not in the design's history any more (%v): older versions thin out", orMissing(err)))
					return
				}
				e.history.previewed = *v
				if err := e.store.Open("the version of "+when(v.At), []byte(text)); err != nil {
					e.store.Clear()
					if list, ok := err.(catalogue.ErrorList); ok {
						e.importErrors = list.Lines()
					}
					e.store.Report(fmt.Errorf("This version no longer loads; export it to keep it as a file"))
					return
				}
				e.store.Say(fmt.Sprintf("A version of %s, read-only: %s.", when(v.At), v.Summary))
			})
		})
	})
}

// restoreVersion makes a version of the open design the design again, as
// an undoable step, after recording the design as it is.
func (e *Editor) restoreVersion(v library.Version) {
	if e.viewing() {
		e.goTo(designAddress(e.designID, "restore", v.Stamp()))
		return
	}
	id := e.designID
	e.platform.LoadDesign(library.VersionKey(id, v.Stamp()), func(text string, ok bool, err error) {
		e.run(func() {
			if err != nil || !ok {
				e.store.Report(fmt.Errorf("The version of %s could not be read (%v); nothing changed", when(v.At), orMissing(err)))
				return
			}
			e.recordVersion(library.WhyRestore, string(e.store.Export()), func(err error) {
				if err != nil {
					e.store.Report(fmt.Errorf("Nothing was restored: the design as it is could not be kept as a version first (%v); export it, then restore", err))
					return
				}
				if err := e.store.Import("the version of "+when(v.At), []byte(text)); err != nil {
					e.store.Report(fmt.Errorf("The version of %s no longer loads (%v); nothing changed", when(v.At), err))
					return
				}
				e.store.Say(fmt.Sprintf("Restored the version of %s (Undo takes it back).", when(v.At)))
			})
		})
	})
}

// exportVersion offers a version of the open design as a file.
func (e *Editor) exportVersion(v library.Version) {
	e.platform.LoadDesign(library.VersionKey(e.designID, v.Stamp()), func(text string, ok bool, err error) {
		e.run(func() {
			if err != nil || !ok {
				e.store.Report(fmt.Errorf("The version of %s could not be read (%v)", when(v.At), orMissing(err)))
				return
			}
			name := fmt.Sprintf("%s-%s.yaml", strings.TrimSuffix(e.store.ExportName(), ".yaml"), v.At.Local().Format("2006-01-02-1504"))
			if err := e.platform.Download(name, "application/yaml", []byte(text)); err != nil {
				e.store.Report(err)
				return
			}
			e.store.Say("Exported the version of " + when(v.At) + " as " + name + ".")
		})
	})
}

// restoreStamp restores the version stamped stamp, as the address asked
// (a preview's Restore this version), once the history is read.
func (e *Editor) restoreStamp(stamp string) {
	ms, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return
	}
	restore := func() { e.restoreVersion(library.Version{At: time.UnixMilli(ms)}) }
	if e.history.loaded || e.history.warning != "" {
		restore()
		return
	}
	e.history.onLoad = append(e.history.onLoad, restore)
}
