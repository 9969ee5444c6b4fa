package app

import (
	"cmp"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// libraryState is what the editor knows of the library of designs this
// browser keeps (see package library): one design is open in a tab, named
// by the address (/?design=ID), so that each tab has its own design, undo
// history, autosave and conflict handling; opening another swaps it in
// place (see reopen), and the browser's back and forward move between them.
type libraryState struct {
	// libraryWarning says the list of designs could not be read or kept.
	libraryWarning string
	// showDesigns says the Designs region is open; designsQuery is its
	// search, renaming the design whose name is being edited.
	showDesigns  bool
	designsQuery string
	renaming     string
	// clash is an import whose design has the id of a design in the
	// library, waiting for the user's choice (see importToLibrary).
	clash *pendingImport
	// navigate goes to an address in the tab (a test's records it): go-app
	// adds it to the tab's history and calls OnNav, which opens it.
	navigate func(u string)
	// clock is the time (a test's is fixed).
	clock   func() time.Time
	history historyState
	// announce says the address named the design: once restored, the
	// status says which design opened.
	announce bool
	// unlisted says the address named a design the list does not have.
	unlisted bool
	// importReport is what the import of another tool's file left out.
	importReport []string
	// usage and quota are the browser's storage estimate, for the Designs
	// region.
	usage, quota float64
}

// pendingImport is a design read from a file, to add to the library.
type pendingImport struct {
	name   string // the file's
	text   string // the design, as the editor writes it
	design *catalogue.Design
	clash  library.Entry // the library's design with the same id
	// report is what an import of another tool's file left out.
	report []string
}

func (e *Editor) now() time.Time {
	if e.clock != nil {
		return e.clock()
	}
	return time.Now()
}

// loadLibrary reads the list of designs. With none yet (a first visit, or
// an editor from before the library) it is the first design alone, stored
// where the editor always kept its design. A list that no longer reads is
// kept aside (never written over) and the editor starts a new one.
func (e *Editor) loadLibrary() *library.Index {
	fresh := func() *library.Index {
		ix := &library.Index{}
		ix.Add(library.FirstID, "", e.now())
		return ix
	}
	if e.platform == nil {
		return fresh()
	}
	text, ok, err := e.platform.Load(keyLibrary)
	if err != nil {
		e.libraryWarning = "The list of your designs could not be read (" + err.Error() + "); the designs themselves are untouched."
		return fresh()
	}
	if !ok {
		return fresh()
	}
	ix, err := library.Parse(text)
	if err != nil {
		if keepErr := e.platform.Store(keyLibraryDamaged, text); keepErr != nil {
			e.libraryWarning = err.Error() + ", and it could not be kept aside (" + keepErr.Error() + "). A new list was started."
		} else {
			e.libraryWarning = err.Error() + ". It is kept aside (" + keyLibraryDamaged + " in this site's storage) and a new list was started; a design of the old list opens again by its address (/?design=ID), which lists it again."
		}
		return fresh()
	}
	return ix
}

// updateLibrary changes the list of designs as it is stored now (another
// tab may have changed it) and stores it; nothing is stored when change
// fails.
func (e *Editor) updateLibrary(change func(ix *library.Index) error) error {
	ix := e.loadLibrary()
	if err := change(ix); err != nil {
		return err
	}
	if e.platform == nil {
		return nil
	}
	if err := e.platform.Store(keyLibrary, ix.Encode()); err != nil {
		return fmt.Errorf("the list of designs could not be stored (%v)", err)
	}
	return nil
}

// chooseDesign picks the design to edit: the one address u names, else
// the one most recently changed, else a new one; and puts it in the
// address, so that a reload stays on it.
func (e *Editor) chooseDesign(u *url.URL) {
	asked := u.Query().Get("design")
	e.announce = asked != ""
	// The trash is emptied of what is due in the same change of the list.
	var gone []library.Entry
	err := e.updateLibrary(func(ix *library.Index) error {
		gone = ix.Purge(e.now())
		if asked != "" {
			entry := ix.Find(asked)
			switch {
			case entry == nil && library.ValidID(asked):
				// Not listed (a list that was damaged and started again, or
				// a design purged meanwhile): it opens, and is listed again
				// if anything is stored under it (see relist).
				e.designID, e.unlisted = asked, true
				return nil
			case entry != nil:
				e.designID = asked
				if entry.InTrash() {
					e.libraryWarning = fmt.Sprintf("%s is in the trash (deleted %s): changes to it are kept, and it goes with the trash %d days after its last change unless you recover it (Designs, Trash).",
						entry.Name, entry.Deleted.Local().Format("2 Jan 2006"), library.TrashDays)
				}
				return nil
			}
			e.store.Report(fmt.Errorf("%q is not the address of a design; the most recently changed design is open instead", asked))
		}
		if latest := ix.Latest(); latest != nil {
			e.designID = latest.ID
			return nil
		}
		id := library.FirstID
		if ix.Find(id) != nil {
			id = library.NewID()
		}
		ix.Add(id, "", e.now())
		e.designID = id
		return nil
	})
	if err != nil {
		e.libraryWarning = err.Error()
	} else {
		for _, entry := range gone { // out of the stored list: their text goes too
			e.removeStored(entry.ID)
		}
	}
	e.keepAddress()
	e.loadHistory()
	if e.platform != nil {
		if report, ok, _ := e.platform.Load(keyImportReport + e.designID); ok {
			e.importReport = strings.Split(report, "\n")
			e.platform.Remove(keyImportReport + e.designID)
		}
	}
}

// keepAddress puts the open design in the address, keeping the rest of it
// but a restore asked for.
func (e *Editor) keepAddress() {
	u := *app.Window().URL()
	if u.Path == "" {
		return // not in a browser
	}
	q := u.Query()
	if q.Get("design") == e.designID && !q.Has("restore") {
		return
	}
	q.Set("design", e.designID)
	q.Del("restore") // done once: a reload must not restore again
	u.RawQuery = q.Encode()
	if e.ctx != nil {
		e.ctx.Page().ReplaceURL(&u) // go-app's too: back to the address before is a navigation
		return
	}
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
}

// designAddress is the address that opens design id (with more of the
// query, if any).
func designAddress(id string, more ...string) string {
	q := url.Values{"design": {id}}
	for i := 0; i+1 < len(more); i += 2 {
		q.Set(more[i], more[i+1])
	}
	return "/?" + q.Encode()
}

// noteSaved updates the open design's entry in the list after a save: when
// it changed, its size and problems, its own id, and its name while the
// user has not chosen one.
func (e *Editor) noteSaved(design string) {
	d := e.store.Design()
	errs, warnings := 0, 0
	for _, v := range e.store.Resolution().Violations {
		switch {
		case v.Suppressed:
		case v.Severity == catalogue.SeverityError:
			errs++
		case v.Severity == catalogue.SeverityWarning:
			warnings++
		}
	}
	err := e.updateLibrary(func(ix *library.Index) error {
		entry := ix.Find(e.designID)
		if entry == nil {
			// Gone from the list (another tab purged or replaced it):
			// the design is stored, so it is listed again.
			entry = ix.Add(e.designID, "", e.now())
		}
		entry.Changed, entry.Nodes, entry.Errors, entry.Warnings, entry.DesignID = e.now(), len(d.Nodes), errs, warnings, d.ID
		if strings.HasPrefix(entry.Name, "Untitled design") {
			if own := library.CleanName(cmp.Or(d.Name, d.ID)); own != "" {
				entry.Name = ix.UniqueName(own, e.designID)
			}
		}
		return nil
	})
	if err != nil {
		e.libraryWarning = err.Error()
	}
	e.recordEdit(design)
}

// newDesign adds an empty design to the library and opens it.
func (e *Editor) newDesign() {
	e.addDesign("", "nodes: []\n", &catalogue.Design{}, library.WhyImport, "", nil)
}

// addDesign stores text, design read (nil when it no longer loads), as a
// new design of the library named name (made unique), records its first
// version (why, unless ""), and opens it; the library changes only once the
// design is stored. edit, if not nil, changes the new entry before it is
// listed.
func (e *Editor) addDesign(name, text string, read *catalogue.Design, why, summary string, edit func(*library.Entry)) {
	if e.platform == nil {
		return
	}
	id := library.NewID()
	e.platform.StoreDesign(library.DesignKey(id), text, func(err error) {
		e.run(func() {
			if err != nil {
				e.store.Report(fmt.Errorf("The design could not be added to your designs (%v); nothing changed", err))
				return
			}
			nodes := 0
			if read != nil {
				nodes = len(read.Nodes)
			}
			err := e.updateLibrary(func(ix *library.Index) error {
				entry := ix.Add(id, name, e.now())
				if read != nil {
					// Its own id, for an import of it to be noticed.
					entry.DesignID, entry.Nodes = read.ID, nodes
				}
				if edit != nil {
					edit(entry)
				}
				return nil
			})
			if err != nil {
				e.store.Report(err)
				e.platform.RemoveDesign(library.DesignKey(id), func(error) {})
				return
			}
			open := func() { e.goTo(designAddress(id)) }
			if why == "" {
				open()
				return
			}
			e.recordFirstVersion(id, text, nodes, why, summary, open)
		})
	})
}

// importToLibrary adds a design read from a file to the library and opens
// it (into the open design when that is blank), or lists why not. A design
// whose id another design of the library has asks first (see
// renderLibraryAlerts). Embedded, the host owns storage: the import replaces
// the design, undoable.
func (e *Editor) importToLibrary(name string, data []byte) {
	if e.embed != nil || e.platform == nil {
		e.importData(name, data)
		return
	}
	d, text, report, err := e.store.Read(name, data)
	e.importErrors, e.importReport = nil, nil
	if list, ok := err.(catalogue.ErrorList); ok {
		e.importErrors = list.Lines()
		e.store.Report(fmt.Errorf("Import refused: %d problems in %s; your designs are unchanged", len(list), name))
		return
	}
	if err != nil {
		e.store.Report(err)
		return
	}
	p := &pendingImport{name: name, text: text, design: d, report: report}
	if clash := e.loadLibrary().WithDesignID(d.ID); clash != nil && (clash.ID != e.designID || !e.blank()) {
		p.clash = *clash
		e.clash = p
		return
	}
	e.addImported(p)
}

// blank says the open design holds nothing: an import fills it rather than
// add a design beside it.
func (e *Editor) blank() bool {
	d := e.store.Design()
	return len(d.Nodes)+len(d.Groups)+len(d.Notes)+len(d.Edges) == 0
}

// addImported adds an import to the library as a new design, or, when the
// open design is blank, makes it that design (undoable), named after it.
func (e *Editor) addImported(p *pendingImport) {
	e.clash = nil
	name := cmp.Or(p.design.Name, p.design.ID, strings.TrimSuffix(strings.TrimSuffix(fileBase(p.name), ".yaml"), ".yml"))
	summary := "imported from " + fileBase(p.name)
	if !e.blank() {
		e.addDesign(name, p.text, p.design, library.WhyImport, summary, func(entry *library.Entry) {
			// Shown when the new design's page opens.
			if len(p.report) > 0 && e.platform.Store(keyImportReport+entry.ID, strings.Join(p.report, "\n")) != nil {
				e.importReport = p.report
			}
		})
		e.store.Say(fmt.Sprintf("Importing %s as a new design…", fileBase(p.name)))
		return
	}
	if err := e.store.Replace(p.name, p.design); err != nil {
		e.store.Report(err)
		return
	}
	e.importReport = p.report
	err := e.updateLibrary(func(ix *library.Index) error {
		if entry := ix.Find(e.designID); entry != nil && strings.HasPrefix(entry.Name, "Untitled design") {
			entry.Name = ix.UniqueName(name, e.designID)
		}
		return nil
	})
	if err != nil {
		e.libraryWarning = err.Error()
	}
	e.recordVersionSaying(library.WhyImport, summary, string(e.store.Export()), nil)
}

// replaceImported imports over the library's design of the same id, once a
// version of it is recorded (or not at all). The open design takes the
// import as an undoable step; another opens on it (a tab that has it open
// is told, as for any change from another tab).
func (e *Editor) replaceImported(p *pendingImport) {
	e.clash = nil
	id, name := p.clash.ID, p.clash.Name
	refuse := func(err error) {
		e.store.Report(fmt.Errorf("%s was not replaced: it could not be kept as a version first (%v); export it, then import again", name, err))
	}
	if id == e.designID {
		e.recordVersion(library.WhyReplace, string(e.store.Export()), func(err error) {
			if err != nil {
				refuse(err)
				return
			}
			e.store.Report(e.store.Replace(p.name, p.design))
			e.importReport = p.report
		})
		return
	}
	e.recordVersionOf(id, library.WhyReplace, func(err error) {
		if err != nil {
			refuse(err)
			return
		}
		e.platform.StoreDesign(library.DesignKey(id), p.text, func(err error) {
			e.run(func() {
				if err != nil {
					e.store.Report(fmt.Errorf("%s was not replaced (%v); nothing changed", name, err))
					return
				}
				// Copies kept in localStorage are older than the import now:
				// the next start would take them for newer.
				e.platform.Remove(library.ExitKey(id))
				e.platform.Remove(library.DesignKey(id))
				e.recordFirstVersion(id, p.text, len(p.design.Nodes), library.WhyImport, "imported from "+fileBase(p.name), func() {
					e.goTo(designAddress(id))
				})
			})
		})
	})
}

// loadStored reads what is stored of design id as its next start would
// (the copy kept as a page went, an older editor's copy in localStorage,
// else the database's), or the open design as it is now; done runs on the
// UI goroutine.
func (e *Editor) loadStored(id string, done func(text string, ok bool, err error)) {
	if id == e.designID && !e.readOnlyView() && !e.restoring && !e.holding && e.unreadable == "" {
		done(string(e.store.Export()), true, nil)
		return
	}
	for _, key := range []string{library.ExitKey(id), library.DesignKey(id)} {
		if saved, ok, err := e.platform.Load(key); err == nil && ok && strings.TrimSpace(saved) != "" {
			done(saved, true, nil)
			return
		}
	}
	e.platform.LoadDesign(library.DesignKey(id), func(text string, ok bool, err error) {
		e.run(func() { done(text, ok, err) })
	})
}

// fileBase is the last element of a file name.
func fileBase(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		return name[i+1:]
	}
	return name
}

// duplicateDesign adds a copy of a design of the library, named "… copy",
// and opens it.
func (e *Editor) duplicateDesign(entry library.Entry) {
	copyOf := func(text string) {
		e.addDesign(entry.Name+" copy", text, e.readOrNil(text), library.WhyImport, "duplicated from "+entry.Name, func(n *library.Entry) {
			n.Nodes, n.Errors, n.Warnings, n.DesignID = entry.Nodes, entry.Errors, entry.Warnings, entry.DesignID
		})
	}
	e.loadStored(entry.ID, func(text string, ok bool, err error) {
		if err != nil || !ok {
			e.store.Report(fmt.Errorf("%s could not be read (%v); nothing was duplicated", entry.Name, orMissing(err)))
			return
		}
		copyOf(text)
	})
}

func orMissing(err error) error {
	if err == nil {
		return fmt.Errorf("it is not in this browser's storage")
	}
	return err
}

// deleteDesign moves a design to the trash, where it stays for
// library.TrashDays. Deleting the open design opens the most recent other
// one (or a new one).
func (e *Editor) deleteDesign(entry library.Entry) {
	err := e.updateLibrary(func(ix *library.Index) error { return ix.Delete(entry.ID, e.now()) })
	if err != nil {
		e.store.Report(err)
		return
	}
	e.store.Say(fmt.Sprintf("Moved %s to the trash, where it stays for %d days (Designs, Trash, to recover it).", entry.Name, library.TrashDays))
	if entry.ID != e.designID {
		return
	}
	if next := e.loadLibrary().Latest(); next != nil {
		e.goTo(designAddress(next.ID))
		return
	}
	e.newDesign()
}

// recoverDesign takes a design out of the trash.
func (e *Editor) recoverDesign(entry library.Entry) {
	var name string
	err := e.updateLibrary(func(ix *library.Index) error {
		if err := ix.Recover(entry.ID); err != nil {
			return err
		}
		name = ix.Find(entry.ID).Name
		return nil
	})
	if err != nil {
		e.store.Report(err)
		return
	}
	e.store.Say("Recovered " + name + " from the trash.")
}

// renameDesign names a design of the library.
func (e *Editor) renameDesign(id, name string) {
	e.renaming = ""
	err := e.updateLibrary(func(ix *library.Index) error { return ix.Rename(id, name) })
	if err != nil {
		e.store.Report(err)
		return
	}
	e.store.Say("Renamed the design to " + e.loadLibrary().Find(id).Name + ".")
}

// purgeTrash removes what has been in the trash for library.TrashDays:
// its design, kept copies and versions.
func (e *Editor) purgeTrash() {
	var gone []library.Entry
	if err := e.updateLibrary(func(ix *library.Index) error { gone = ix.Purge(e.now()); return nil }); err != nil {
		return
	}
	for _, entry := range gone {
		e.removeStored(entry.ID)
	}
}

// removeStored removes everything stored of design id.
func (e *Editor) removeStored(id string) {
	e.platform.Remove(library.ExitKey(id))
	e.platform.RemoveDesign(library.DesignKey(id), func(error) {})
	e.platform.RemoveDesign(library.UnreadableKey(id), func(error) {})
	e.platform.LoadDesign(library.HistoryKey(id), func(text string, ok bool, err error) {
		e.run(func() {
			h, perr := library.ParseHistory(text)
			if err != nil || perr != nil {
				return // its versions' keys are unknown: they stay
			}
			for _, v := range h.Versions {
				e.platform.RemoveDesign(library.VersionKey(id, v.Stamp()), func(error) {})
			}
			e.platform.RemoveDesign(library.HistoryKey(id), func(error) {})
		})
	})
}

// saveSharedCopy adds the shared design this page shows to the library and
// opens it there.
func (e *Editor) saveSharedCopy(app.Context, app.Event) {
	d := e.store.Design()
	e.addDesign(cmp.Or(d.Name, d.ID, "Shared design"), string(e.store.Export()), d, library.WhyImport, "saved from a share link", nil)
}

// relist lists again the unlisted design the address named once it is
// read: under its own name when something was stored under it; else it is
// a new design, listed when first saved.
func (e *Editor) relist(found bool) {
	if !e.unlisted {
		return
	}
	e.unlisted = false
	if !found {
		e.store.Report(fmt.Errorf("This browser has no design %q (it may have been in the trash for more than %d days); this is a new, empty design", e.designID, library.TrashDays))
		return
	}
	d := e.store.Design()
	err := e.updateLibrary(func(ix *library.Index) error {
		if ix.Find(e.designID) == nil {
			ix.Add(e.designID, cmp.Or(d.Name, d.ID, "Recovered design"), e.now())
		}
		return nil
	})
	if err != nil {
		e.libraryWarning = err.Error()
	}
}

// announceOpened says which design the page opened, when the address named
// it (another design was opened, or the page reloaded on it).
func (e *Editor) announceOpened() {
	if !e.announce {
		return
	}
	e.announce = false
	name := "the design"
	if entry := e.loadLibrary().Find(e.designID); entry != nil {
		name = entry.Name
	}
	d := e.store.Design()
	e.store.Say(fmt.Sprintf("Opened %s: %s, %s.", name, library.Count(len(d.Nodes), "node"), library.Count(len(d.Edges), "edge")))
}
