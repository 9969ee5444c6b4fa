package app

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diff"
	"github.com/archdesigner/designer/catalogue/library"
)

// versions are the open design's recorded versions (see package library):
// they are recorded on import, on Export YAML, Export to…, Export picture
// and Save version, at most every library.EditInterval while editing, and
// before a restore or an import replaces the design; a version can be
// previewed (read-only), restored (undoable) or exported. The session
// holds them (the History drawer lists them); opening another design
// starts them afresh.
type versions struct {
	s *tabSession
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
	// viewing is the stamp of the version this page previews, read-only
	// (/?design=ID&version=STAMP); previewed the version itself.
	viewing   string
	previewed library.Version
	// onLoad runs once the history is read (or found unreadable).
	onLoad []func()
}

// load reads the open design's versions and the newest one's text.
func (vs *versions) load() {
	if vs.s.platform == nil {
		return
	}
	id, opens := vs.s.designID, vs.s.tab.opens
	vs.s.platform.LoadDesign(library.HistoryKey(id), func(text string, _ bool, err error) {
		h, perr := library.ParseHistory(text)
		vs.s.run(func() {
			if vs.s.tab.opens != opens {
				return // another design was opened meanwhile
			}
			defer func() {
				waiting := vs.onLoad
				vs.onLoad = nil
				for _, f := range waiting {
					f()
				}
			}()
			if err != nil || perr != nil {
				vs.warning = fmt.Sprintf("The design's history could not be read (%v); no versions are recorded until the page is reloaded, so that it is not written over.", cmp.Or(err, perr))
				return
			}
			vs.h, vs.loaded = h, true
			last := h.Last()
			if last == nil {
				return
			}
			vs.s.platform.LoadDesign(library.VersionKey(id, last.Stamp()), func(text string, ok bool, err error) {
				vs.s.run(func() {
					if err == nil && ok && vs.s.tab.opens == opens && vs.h.Last() != nil && vs.h.Last().At == last.At {
						vs.lastText = text
					}
				})
			})
		})
	})
}

// recordEdit records a version of the open design after a save, when the
// newest is library.EditInterval old (or there is none) and the design
// differs from it.
func (vs *versions) recordEdit(text string) {
	if !vs.loaded || vs.recording || text == vs.lastText {
		return
	}
	if last := vs.h.Last(); last != nil && vs.s.now().Sub(last.At) < library.EditInterval {
		return
	}
	vs.record(library.WhyEdit, text, nil)
}

// record records text, the open design's, as a version of it, then
// runs then (if not nil) with the outcome (the user is told of a failure).
func (vs *versions) record(why, text string, then func(error)) {
	vs.recordSaying(why, "", text, then)
}

// recordSaying is record with the version's summary given
// ("" for the semantic diff's from the version before).
func (vs *versions) recordSaying(why, summary, text string, then func(error)) {
	if then == nil {
		then = func(error) {}
	}
	switch {
	case vs.s.platform == nil || vs.s.readOnlyView():
		then(errors.New("this design is not stored here"))
		return
	case vs.s.autosave.restoring || vs.s.opening || vs.s.autosave.stopped != "":
		// The store still shows what was there before the design is read
		// (or its restore was stopped): it is not a version of this design.
		then(errors.New("the design is still being read"))
		return
	case !vs.loaded:
		then(errors.New("the design's history could not be read"))
		return
	}
	d := vs.s.store.Design()
	prev := vs.lastDesign
	if prev == nil && vs.lastText != "" {
		// Read once a session: later versions compare with the store's.
		prev, _ = vs.s.store.Catalogue().ReadDesign("previous version", []byte(vs.lastText))
	}
	if summary == "" {
		summary = vs.summarize(prev, d)
	}
	vs.add(vs.s.designID, text, len(d.Nodes), why, summary, func(err error) {
		if err == nil {
			vs.lastText, vs.lastDesign = text, d
		}
		then(err)
	})
}

// recordOf records what is stored of design id (not the open one)
// as a version of it, then runs then with the outcome: nil when it was
// recorded, or when nothing is stored to record.
func (vs *versions) recordOf(id, why string, then func(error)) {
	vs.s.library.loadStored(id, func(text string, ok bool, err error) {
		switch {
		case err != nil:
			then(err)
		case !ok:
			then(nil)
		default:
			d := vs.readOrNil(text)
			nodes := 0
			if d != nil {
				nodes = len(d.Nodes)
			}
			vs.add(id, text, nodes, why, vs.summarize(nil, d), then)
		}
	})
}

// recordFirst starts the history of a design just added (text, a
// design of nodes nodes), then runs then.
func (vs *versions) recordFirst(id, text string, nodes int, why, summary string, then func()) {
	vs.add(id, text, nodes, why, summary, func(error) { then() })
}

// readOrNil is the design text holds, or nil when it no longer loads.
func (vs *versions) readOrNil(text string) *catalogue.Design {
	d, errs := vs.s.store.Catalogue().ReadDesign("version", []byte(text))
	if len(errs) > 0 {
		return nil
	}
	return d
}

// add adds text (a design of nodes nodes) to design id's history
// as a version, thins it, and stores the version and the history; done
// gets the outcome on the UI goroutine. The history is read again first
// (another tab may have added to it), and one version is stored at a time.
// When the version cannot be stored (storage is short), the history is as
// it was and the user is told, with the way to export.
func (vs *versions) add(id, text string, nodes int, why, summary string, done func(error)) {
	vs.enqueue(func(next func()) {
		finish := func(err error) {
			if err != nil {
				vs.warning = fmt.Sprintf("A version of the design could not be kept (%v): browser storage may be short. Nothing was dropped; export the design (or all designs, in Designs) to keep a copy.", err)
			} else {
				vs.warning = ""
			}
			done(err)
			next()
		}
		vs.s.platform.LoadDesign(library.HistoryKey(id), func(htext string, _ bool, herr error) {
			vs.s.run(func() {
				h, perr := library.ParseHistory(htext)
				if err := cmp.Or(herr, perr); err != nil {
					finish(err)
					return
				}
				v := h.Add(library.Version{At: vs.s.now(), Why: why, Nodes: nodes, Size: len(text), Summary: summary})
				dropped := h.Thin(vs.s.now())
				vs.s.platform.StoreDesign(library.VersionKey(id, v.Stamp()), text, func(err error) {
					vs.s.run(func() {
						if err != nil {
							finish(err)
							return
						}
						vs.s.platform.StoreDesign(library.HistoryKey(id), h.Encode(), func(err error) {
							vs.s.run(func() {
								if err != nil {
									vs.s.platform.RemoveDesign(library.VersionKey(id, v.Stamp()), func(error) {})
									finish(err)
									return
								}
								for _, old := range dropped {
									vs.s.platform.RemoveDesign(library.VersionKey(id, old.Stamp()), func(error) {})
								}
								if id == vs.s.designID {
									vs.h, vs.loaded = h, true
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

// enqueue runs store now, or once the versions on their way are
// stored: each reads the history the one before wrote.
func (vs *versions) enqueue(store func(next func())) {
	if vs.recording {
		vs.queue = append(vs.queue, store)
		return
	}
	vs.recording = true
	store(vs.next)
}

// next stores the next version waiting, or runs what waited for
// them all.
func (vs *versions) next() {
	if len(vs.queue) > 0 {
		store := vs.queue[0]
		vs.queue = vs.queue[1:]
		store(vs.next)
		return
	}
	vs.recording = false
	waiting := vs.afterVersions
	vs.afterVersions = nil
	for _, f := range waiting {
		f()
	}
}

// summarize says what changed from prev to next, in a line: the semantic
// diff's summary, or the counts when there is nothing to compare with (or
// next no longer loads: nil).
func (vs *versions) summarize(prev, next *catalogue.Design) string {
	if next == nil {
		return "a design that no longer loads"
	}
	if prev != nil {
		return diff.Compare(vs.s.store.Catalogue(), prev, next).Summary()
	}
	return fmt.Sprintf("%s, %s", library.Count(len(next.Nodes), "node"), library.Count(len(next.Edges), "edge"))
}

// exportedPicture records a version once Export picture has written the
// design (a picture carries it).
func (vs *versions) exportedPicture() {
	vs.record(library.WhyExport, string(vs.s.store.Export()), nil)
}

// saveVersion records the open design as a version now (History's Save
// version).
func (vs *versions) saveVersion() {
	text := string(vs.s.store.Export())
	if !vs.loaded {
		vs.s.store.Report(fmt.Errorf("The history is not readable, so no version was recorded; export the design to keep a copy"))
		return
	}
	vs.record("saved", text, func(err error) {
		if err == nil {
			vs.s.store.Say("Saved a version of the design.")
		}
	})
}

// preview shows a version of the open design instead of the design,
// read-only and stored nowhere, with the ways to restore or export it.
func (vs *versions) preview(stamp string) {
	vs.viewing = stamp
	vs.s.store.SetShared(true)
	vs.s.store.SetReadOnly(true)
	id, opens := vs.s.designID, vs.s.tab.opens
	vs.s.platform.LoadDesign(library.HistoryKey(id), func(htext string, _ bool, herr error) {
		vs.s.platform.LoadDesign(library.VersionKey(id, stamp), func(text string, ok bool, err error) {
			vs.s.run(func() {
				if vs.s.tab.opens != opens {
					return // another design was opened meanwhile
				}
				vs.s.opening = false // read-only, as a version's preview stays
				h, perr := library.ParseHistory(htext)
				var v *library.Version
				if herr == nil && perr == nil {
					v = h.Find(stamp)
				}
				if err != nil || !ok || v == nil {
					vs.s.store.Clear()
					vs.s.store.Report(fmt.Errorf("This version is not in the design's history any more (%v): older versions thin out", orMissing(err)))
					return
				}
				vs.previewed = *v
				if err := vs.s.store.Open("the version of "+when(v.At), []byte(text)); err != nil {
					vs.s.store.Clear()
					if list, ok := err.(catalogue.ErrorList); ok {
						vs.s.importErrors = list.Lines()
					}
					vs.s.store.Report(fmt.Errorf("This version no longer loads; export it to keep it as a file"))
					return
				}
				vs.s.store.Say(fmt.Sprintf("A version of %s, read-only: %s.", when(v.At), v.Summary))
			})
		})
	})
}

// restore makes a version of the open design the design again, as
// an undoable step, after recording the design as it is.
func (vs *versions) restore(v library.Version) {
	if vs.viewing != "" {
		vs.s.goTo(designAddress(vs.s.designID, "restore", v.Stamp()))
		return
	}
	id, opens := vs.s.designID, vs.s.tab.opens
	vs.s.platform.LoadDesign(library.VersionKey(id, v.Stamp()), func(text string, ok bool, err error) {
		vs.s.run(func() {
			if vs.s.tab.opens != opens {
				return // another design was opened meanwhile
			}
			if err != nil || !ok {
				vs.s.store.Report(fmt.Errorf("The version of %s could not be read (%v); nothing changed", when(v.At), orMissing(err)))
				return
			}
			vs.record(library.WhyRestore, string(vs.s.store.Export()), func(err error) {
				if err != nil {
					vs.s.store.Report(fmt.Errorf("Nothing was restored: the design as it is could not be kept as a version first (%v); export it, then restore", err))
					return
				}
				if err := vs.s.store.Import("the version of "+when(v.At), []byte(text)); err != nil {
					vs.s.store.Report(fmt.Errorf("The version of %s no longer loads (%v); nothing changed", when(v.At), err))
					return
				}
				vs.s.store.Say(fmt.Sprintf("Restored the version of %s (Undo takes it back).", when(v.At)))
			})
		})
	})
}

// export offers a version of the open design as a file.
func (vs *versions) export(v library.Version) {
	opens := vs.s.tab.opens
	vs.s.platform.LoadDesign(library.VersionKey(vs.s.designID, v.Stamp()), func(text string, ok bool, err error) {
		vs.s.run(func() {
			if vs.s.tab.opens != opens {
				return // another design was opened meanwhile: its name is not this version's
			}
			if err != nil || !ok {
				vs.s.store.Report(fmt.Errorf("The version of %s could not be read (%v)", when(v.At), orMissing(err)))
				return
			}
			name := fmt.Sprintf("%s-%s.yaml", strings.TrimSuffix(vs.s.store.ExportName(), ".yaml"), v.At.Local().Format("2006-01-02-1504"))
			if err := vs.s.platform.Download(name, "application/yaml", []byte(text)); err != nil {
				vs.s.store.Report(err)
				return
			}
			vs.s.store.Say("Exported the version of " + when(v.At) + " as " + name + ".")
		})
	})
}

// restoreStamp restores the version stamped stamp, as the address asked
// (a preview's Restore this version), once the history is read.
func (vs *versions) restoreStamp(stamp string) {
	ms, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return
	}
	restore := func() { vs.restore(library.Version{At: time.UnixMilli(ms)}) }
	if vs.loaded || vs.warning != "" {
		restore()
		return
	}
	vs.onLoad = append(vs.onLoad, restore)
}
