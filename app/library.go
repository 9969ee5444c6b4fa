package app

import (
	"cmp"
	"fmt"
	"net/url"
	"strings"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/importer"
	"github.com/archdesigner/designer/catalogue/library"
)

// designLibrary is the library of designs this browser keeps (see
// package library), as the editor uses it: one design is open in a tab,
// named by the address (/?design=ID), so that each tab has its own design,
// undo history, autosave and conflict handling; opening another swaps it in
// place (see reopen), and the browser's back and forward move between them.
// It adds, imports, duplicates, deletes, recovers and renames designs, and
// keeps the list up to date as the open one is saved. The session holds it
// (the Designs drawer and the alerts show it); opening another design
// starts it afresh.
type designLibrary struct {
	s *tabSession
	// warning says the list of designs could not be read or kept.
	warning string
	// clash is an import whose design has the id of a design in the
	// library, waiting for the user's choice (see importFile).
	clash *pendingImport
	// announce says the address named the design: once restored, the
	// status says which design opened.
	announce bool
	// unlisted says the address named a design the list does not have.
	unlisted bool
	// importReport is what the import of another tool's file left out.
	importReport []string
	// usage and quota are the browser's storage estimate, for the Designs
	// drawer.
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

// index reads the list of designs. With none yet (a first visit, or
// an editor from before the library) it is the first design alone, stored
// where the editor always kept its design. A list that no longer reads is
// kept aside (never written over) and the editor starts a new one.
func (l *designLibrary) index() *library.Index {
	fresh := func() *library.Index {
		ix := &library.Index{}
		ix.Add(library.FirstID, "", l.s.now())
		return ix
	}
	if l.s.platform == nil {
		return fresh()
	}
	text, ok, err := l.s.platform.Load(keyLibrary)
	if err != nil {
		l.warning = "The list of your designs could not be read (" + err.Error() + "); the designs themselves are untouched."
		return fresh()
	}
	if !ok {
		return fresh()
	}
	ix, err := library.Parse(text)
	if err != nil {
		if keepErr := l.s.platform.Store(keyLibraryDamaged, text); keepErr != nil {
			l.warning = err.Error() + ", and it could not be kept aside (" + keepErr.Error() + "). A new list was started."
		} else {
			l.warning = err.Error() + ". It is kept aside (" + keyLibraryDamaged + " in this site's storage) and a new list was started; a design of the old list opens again by its address (/?design=ID), which lists it again."
		}
		return fresh()
	}
	return ix
}

// update changes the list of designs as it is stored now (another
// tab may have changed it) and stores it; nothing is stored when change
// fails.
func (l *designLibrary) update(change func(ix *library.Index) error) error {
	ix := l.index()
	if err := change(ix); err != nil {
		return err
	}
	l.s.store.SetTitle(l.title(ix))
	if l.s.platform == nil {
		return nil
	}
	if err := l.s.platform.Store(keyLibrary, ix.Encode()); err != nil {
		return fmt.Errorf("the list of designs could not be stored (%v)", err)
	}
	return nil
}

// title is the name the user gave the open design, which its exports take
// (see state.Document.SetTitle): "" while it is the library's "Untitled
// design", and for a shared design, which is not the library's.
func (l *designLibrary) title(ix *library.Index) string {
	entry := ix.Find(l.s.designID)
	if entry == nil || l.s.sharing || strings.HasPrefix(entry.Name, "Untitled design") {
		return ""
	}
	return entry.Name
}

// choose picks the design to edit: the one address u names, else
// the one most recently changed, else a new one; and puts it in the
// address, so that a reload stays on it.
func (l *designLibrary) choose(u *url.URL) {
	asked := u.Query().Get("design")
	l.announce = asked != ""
	// The trash is emptied of what is due in the same change of the list.
	var gone []library.Entry
	err := l.update(func(ix *library.Index) error {
		gone = ix.Purge(l.s.now())
		if asked != "" {
			entry := ix.Find(asked)
			switch {
			case entry == nil && library.ValidID(asked):
				// Not listed (a list that was damaged and started again, or
				// a design purged meanwhile): it opens, and is listed again
				// if anything is stored under it (see relist).
				l.s.designID, l.unlisted = asked, true
				return nil
			case entry != nil:
				l.s.designID = asked
				if entry.InTrash() {
					l.warning = fmt.Sprintf("%s is in the trash (deleted %s): changes to it are kept, and it goes with the trash %d days after its last change unless you recover it (Designs, Trash).",
						entry.Name, entry.Deleted.Local().Format("2 Jan 2006"), library.TrashDays)
				}
				return nil
			}
			l.s.store.Report(fmt.Errorf("%q is not the address of a design; the most recently changed design is open instead", asked))
		}
		if latest := ix.Latest(); latest != nil {
			l.s.designID = latest.ID
			return nil
		}
		id := library.FirstID
		if ix.Find(id) != nil {
			id = library.NewID()
		}
		ix.Add(id, "", l.s.now())
		l.s.designID = id
		return nil
	})
	if err != nil {
		l.warning = err.Error()
	} else {
		for _, entry := range gone { // out of the stored list: their text goes too
			l.removeStored(entry.ID)
		}
	}
	l.s.keepAddress()
	l.s.versions.load()
	if l.s.platform != nil {
		if report, ok, _ := l.s.platform.Load(keyImportReport + l.s.designID); ok {
			l.importReport = strings.Split(report, "\n")
			l.s.platform.Remove(keyImportReport + l.s.designID)
		}
	}
}

// noteSaved updates the open design's entry in the list after a save: when
// it changed, its size and problems, its own id, and its name while the
// user has not chosen one.
func (l *designLibrary) noteSaved(design string) {
	d := l.s.store.Design()
	errs, warnings := 0, 0
	for _, v := range l.s.store.Resolution().Violations {
		switch {
		case v.Suppressed:
		case v.Severity == catalogue.SeverityError:
			errs++
		case v.Severity == catalogue.SeverityWarning:
			warnings++
		}
	}
	err := l.update(func(ix *library.Index) error {
		entry := ix.Find(l.s.designID)
		if entry == nil {
			// Gone from the list (another tab purged or replaced it):
			// the design is stored, so it is listed again.
			entry = ix.Add(l.s.designID, "", l.s.now())
		}
		entry.Changed, entry.Nodes, entry.Errors, entry.Warnings, entry.DesignID = l.s.now(), len(d.Nodes), errs, warnings, d.ID
		if strings.HasPrefix(entry.Name, "Untitled design") {
			if own := library.CleanName(cmp.Or(d.Name, d.ID)); own != "" {
				entry.Name = ix.UniqueName(own, l.s.designID)
			}
		}
		return nil
	})
	if err != nil {
		l.warning = err.Error()
	}
	l.s.versions.recordEdit(design)
}

// newDesign adds an empty design to the library and opens it.
func (l *designLibrary) newDesign() {
	l.addDesign("", "nodes: []\n", &catalogue.Design{}, library.WhyImport, "", nil)
}

// addDesign stores text, design read (nil when it no longer loads), as a
// new design of the library named name (made unique), records its first
// version (why, unless ""), and opens it; the library changes only once the
// design is stored. edit, if not nil, changes the new entry before it is
// listed.
func (l *designLibrary) addDesign(name, text string, read *catalogue.Design, why, summary string, edit func(*library.Entry)) {
	if l.s.platform == nil {
		return
	}
	id := library.NewID()
	l.s.platform.StoreDesign(library.DesignKey(id), text, func(err error) {
		l.s.run(func() {
			if err != nil {
				l.s.store.Report(fmt.Errorf("The design could not be added to your designs (%v); nothing changed", err))
				return
			}
			nodes := 0
			if read != nil {
				nodes = len(read.Nodes)
			}
			err := l.update(func(ix *library.Index) error {
				entry := ix.Add(id, name, l.s.now())
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
				l.s.store.Report(err)
				l.s.platform.RemoveDesign(library.DesignKey(id), func(error) {})
				return
			}
			open := func() { l.s.goTo(designAddress(id)) }
			if why == "" {
				open()
				return
			}
			l.s.versions.recordFirst(id, text, nodes, why, summary, open)
		})
	})
}

// importFile adds a design read from a file to the library and opens
// it (into the open design when that is blank), or lists why not. A design
// whose id another design of the library has asks first (see
// Alerts.renderLibrary). Embedded, the host owns storage: the import replaces
// the design, undoable.
func (l *designLibrary) importFile(name string, data []byte) {
	if l.s.embed != nil || l.s.platform == nil {
		l.s.importData(name, data)
		return
	}
	if l.s.loading != nil {
		// Not dropped for this one: a restore dropped would leave autosave
		// waiting for it for good, an import dropped would go unsaid.
		l.s.store.Report(fmt.Errorf("%s was not imported: another design is being read (%s); wait until it is, or press Stop, then import it again", fileBase(name), l.s.loading.what))
		return
	}
	if len(data) >= stepBytes && importer.Detect(data) == "" && bigDesign(name, data) {
		// A big design: read in steps, with progress and Stop (another
		// tool's file, and a picture of a small design, at once).
		l.s.readInSteps("Importing "+fileBase(name), l.s.store.Reading(name, data, true), func(r *state.Reading) {
			d, text, report, err := l.s.store.ReadResult(r)
			l.imported(name, d, text, report, err)
		}, func() {
			l.s.store.Say(fmt.Sprintf("Stopped importing %s; your designs are unchanged.", fileBase(name)))
		})
		return
	}
	d, text, report, err := l.s.store.Read(name, data)
	l.imported(name, d, text, report, err)
}

// bigDesign says the design in file name is big enough to be read in
// steps: its text's size, a picture's design's rather than the picture's.
// A picture that does not read is read at once, which says why.
func bigDesign(name string, data []byte) bool {
	text, err := importer.DesignText(name, data)
	return err == nil && len(text) >= stepBytes
}

// imported adds the design read from file name to the library, or says
// why not (see importFile).
func (l *designLibrary) imported(name string, d *catalogue.Design, text string, report []string, err error) {
	l.s.importErrors, l.importReport = nil, nil
	if list, ok := err.(catalogue.ErrorList); ok {
		l.s.importErrors = list.Lines()
		l.s.store.Report(fmt.Errorf("Import refused: %s in %s; your designs are unchanged", library.Count(len(list), "problem"), name))
		return
	}
	if err != nil {
		l.s.store.Report(err)
		return
	}
	p := &pendingImport{name: name, text: text, design: d, report: report}
	if clash := l.index().WithDesignID(d.ID); clash != nil && (clash.ID != l.s.designID || !l.blank()) {
		p.clash = *clash
		l.clash = p
		return
	}
	l.addImported(p)
}

// blank says the open design holds nothing: an import fills it rather than
// add a design beside it. While autosave holds (a restore stopped, a saved
// design that no longer loads), what is shown stands in for the saved
// design and is stored nowhere: an import is a design of its own.
func (l *designLibrary) blank() bool {
	if l.s.autosave.holding {
		return false
	}
	d := l.s.store.Design()
	return len(d.Nodes)+len(d.Groups)+len(d.Notes)+len(d.Edges) == 0
}

// addImported adds an import to the library as a new design, or, when the
// open design is blank, makes it that design (undoable), named after it.
func (l *designLibrary) addImported(p *pendingImport) {
	l.clash = nil
	name := cmp.Or(p.design.Name, p.design.ID, strings.TrimSuffix(strings.TrimSuffix(fileBase(p.name), ".yaml"), ".yml"))
	summary := "imported from " + fileBase(p.name)
	if !l.blank() {
		l.addDesign(name, p.text, p.design, library.WhyImport, summary, func(entry *library.Entry) {
			// Shown when the new design's page opens.
			if len(p.report) > 0 && l.s.platform.Store(keyImportReport+entry.ID, strings.Join(p.report, "\n")) != nil {
				l.importReport = p.report
			}
		})
		l.s.store.Say(fmt.Sprintf("Importing %s as a new design…", fileBase(p.name)))
		return
	}
	if err := l.s.store.Replace(p.name, p.design); err != nil {
		l.s.store.Report(err)
		return
	}
	l.importReport = p.report
	err := l.update(func(ix *library.Index) error {
		if entry := ix.Find(l.s.designID); entry != nil && strings.HasPrefix(entry.Name, "Untitled design") {
			entry.Name = ix.UniqueName(name, l.s.designID)
		}
		return nil
	})
	if err != nil {
		l.warning = err.Error()
	}
	l.s.versions.recordSaying(library.WhyImport, summary, string(l.s.store.Export()), nil)
}

// replaceImported imports over the library's design of the same id, once a
// version of it is recorded (or not at all). The open design takes the
// import as an undoable step; another opens on it (a tab that has it open
// is told, as for any change from another tab).
func (l *designLibrary) replaceImported(p *pendingImport) {
	l.clash = nil
	id, name := p.clash.ID, p.clash.Name
	refuse := func(err error) {
		l.s.store.Report(fmt.Errorf("%s was not replaced: it could not be kept as a version first (%v); export it, then import again", name, err))
	}
	if id == l.s.designID {
		l.s.versions.record(library.WhyReplace, string(l.s.store.Export()), func(err error) {
			if err != nil {
				refuse(err)
				return
			}
			l.s.store.Report(l.s.store.Replace(p.name, p.design))
			l.importReport = p.report
		})
		return
	}
	l.s.versions.recordOf(id, library.WhyReplace, func(err error) {
		if err != nil {
			refuse(err)
			return
		}
		l.s.platform.StoreDesign(library.DesignKey(id), p.text, func(err error) {
			l.s.run(func() {
				if err != nil {
					l.s.store.Report(fmt.Errorf("%s was not replaced (%v); nothing changed", name, err))
					return
				}
				// Copies kept in localStorage are older than the import now:
				// the next start would take them for newer.
				l.s.platform.Remove(library.ExitKey(id))
				l.s.platform.Remove(library.DesignKey(id))
				l.s.versions.recordFirst(id, p.text, len(p.design.Nodes), library.WhyImport, "imported from "+fileBase(p.name), func() {
					l.s.goTo(designAddress(id))
				})
			})
		})
	})
}

// loadStored reads what is stored of design id as its next start would
// (the copy kept as a page went, an older editor's copy in localStorage,
// else the database's), or the open design as it is now; done runs on the
// UI goroutine.
func (l *designLibrary) loadStored(id string, done func(text string, ok bool, err error)) {
	if id == l.s.designID && l.s.autosave.inStore() {
		done(string(l.s.store.Export()), true, nil)
		return
	}
	for _, key := range []string{library.ExitKey(id), library.DesignKey(id)} {
		if saved, ok, err := l.s.platform.Load(key); err == nil && ok && strings.TrimSpace(saved) != "" {
			done(saved, true, nil)
			return
		}
	}
	l.s.platform.LoadDesign(library.DesignKey(id), func(text string, ok bool, err error) {
		l.s.run(func() { done(text, ok, err) })
	})
}

// fileBase is the last element of a file name.
func fileBase(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		return name[i+1:]
	}
	return name
}

// duplicate adds a copy of a design of the library, named "… copy",
// and opens it.
func (l *designLibrary) duplicate(entry library.Entry) {
	copyOf := func(text string) {
		l.addDesign(entry.Name+" copy", text, l.s.versions.readOrNil(text), library.WhyImport, "duplicated from "+entry.Name, func(n *library.Entry) {
			n.Nodes, n.Errors, n.Warnings, n.DesignID = entry.Nodes, entry.Errors, entry.Warnings, entry.DesignID
		})
	}
	l.loadStored(entry.ID, func(text string, ok bool, err error) {
		if err != nil || !ok {
			l.s.store.Report(fmt.Errorf("%s could not be read (%v); nothing was duplicated", entry.Name, orMissing(err)))
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

// delete moves a design to the trash, where it stays for
// library.TrashDays. Deleting the open design opens the most recent other
// one (or a new one).
func (l *designLibrary) delete(entry library.Entry) {
	err := l.update(func(ix *library.Index) error { return ix.Delete(entry.ID, l.s.now()) })
	if err != nil {
		l.s.store.Report(err)
		return
	}
	l.s.store.Say(fmt.Sprintf("Moved %s to the trash, where it stays for %d days (Designs, Trash, to recover it).", entry.Name, library.TrashDays))
	if entry.ID != l.s.designID {
		return
	}
	if next := l.index().Latest(); next != nil {
		l.s.goTo(designAddress(next.ID))
		return
	}
	l.newDesign()
}

// recover takes a design out of the trash.
func (l *designLibrary) recover(entry library.Entry) {
	var name string
	err := l.update(func(ix *library.Index) error {
		if err := ix.Recover(entry.ID); err != nil {
			return err
		}
		name = ix.Find(entry.ID).Name
		return nil
	})
	if err != nil {
		l.s.store.Report(err)
		return
	}
	l.s.store.Say("Recovered " + name + " from the trash.")
}

// rename names a design of the library.
func (l *designLibrary) rename(id, name string) {
	err := l.update(func(ix *library.Index) error { return ix.Rename(id, name) })
	if err != nil {
		l.s.store.Report(err)
		return
	}
	l.s.store.Say("Renamed the design to " + l.index().Find(id).Name + ".")
}

// purgeTrash removes what has been in the trash for library.TrashDays:
// its design, kept copies and versions.
func (l *designLibrary) purgeTrash() {
	var gone []library.Entry
	if err := l.update(func(ix *library.Index) error { gone = ix.Purge(l.s.now()); return nil }); err != nil {
		return
	}
	for _, entry := range gone {
		l.removeStored(entry.ID)
	}
}

// removeStored removes everything stored of design id, its view (pan and
// zoom) too.
func (l *designLibrary) removeStored(id string) {
	l.s.platform.Remove(library.ExitKey(id))
	l.s.platform.Remove(viewKey(id))
	l.s.platform.RemoveDesign(library.DesignKey(id), func(error) {})
	l.s.platform.RemoveDesign(library.UnreadableKey(id), func(error) {})
	l.s.platform.LoadDesign(library.HistoryKey(id), func(text string, ok bool, err error) {
		l.s.run(func() {
			h, perr := library.ParseHistory(text)
			if err != nil || perr != nil {
				return // its versions' keys are unknown: they stay
			}
			for _, v := range h.Versions {
				l.s.platform.RemoveDesign(library.VersionKey(id, v.Stamp()), func(error) {})
			}
			l.s.platform.RemoveDesign(library.HistoryKey(id), func(error) {})
		})
	})
}

// saveSharedCopy adds the shared design this page shows to the library and
// opens it there.
func (l *designLibrary) saveSharedCopy() {
	d := l.s.store.Design()
	l.addDesign(cmp.Or(d.Name, d.ID, "Shared design"), string(l.s.store.Export()), d, library.WhyImport, "saved from a share link", nil)
}

// relist lists again the unlisted design the address named once it is
// read: under its own name when something was stored under it; else it is
// a new design, listed when first saved.
func (l *designLibrary) relist(found bool) {
	if !l.unlisted {
		return
	}
	l.unlisted = false
	if !found {
		l.s.store.Report(fmt.Errorf("This browser has no design %q (it may have been in the trash for more than %d days); this is a new, empty design", l.s.designID, library.TrashDays))
		return
	}
	d := l.s.store.Design()
	err := l.update(func(ix *library.Index) error {
		if ix.Find(l.s.designID) == nil {
			ix.Add(l.s.designID, cmp.Or(d.Name, d.ID, "Recovered design"), l.s.now())
		}
		return nil
	})
	if err != nil {
		l.warning = err.Error()
	}
}

// announceOpened says which design the page opened, when the address named
// it (another design was opened, or the page reloaded on it).
func (l *designLibrary) announceOpened() {
	if !l.announce {
		return
	}
	l.announce = false
	name := "the design"
	if entry := l.index().Find(l.s.designID); entry != nil {
		name = entry.Name
	}
	d := l.s.store.Design()
	l.s.store.Say(fmt.Sprintf("Opened %s: %s, %s.", name, library.Count(len(d.Nodes), "node"), library.Count(len(d.Edges), "edge")))
}

// withEntry calls f with the design id names as the list has it now: a
// row's handlers capture its id alone, as go-app keeps the first handler a
// row was drawn with while its id stays the same (a rename changes the
// rest).
func (l *designLibrary) withEntry(id string, f func(library.Entry)) {
	entry := l.index().Find(id)
	if entry == nil {
		l.s.store.Report(fmt.Errorf("This design is no longer in the list (another tab may have removed it)"))
		return
	}
	f(*entry)
}

// refreshEstimate asks how much of the browser's storage the editor uses,
// for the Designs drawer.
func (l *designLibrary) refreshEstimate() {
	if l.s.platform == nil {
		return
	}
	l.s.platform.StorageEstimate(func(usage, quota float64) {
		l.s.run(func() { l.usage, l.quota = usage, quota })
	})
}
