package app

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// exportAll offers every design of the library (not the trash's), with its
// versions, as one archive (see library.WriteArchive): the backup that
// Import designs archive reads back.
func (l *designLibrary) exportAll() {
	if l.s.platform == nil {
		return
	}
	entries := l.index().Listed("", false)
	saved := make([]library.Saved, len(entries))
	var problems []string
	// One read at a time, in order; then the archive.
	var next func(i int)
	finish := func() {
		if len(problems) > 0 {
			l.s.importErrors = problems
			l.s.store.Report(fmt.Errorf("Nothing was exported: %d of your designs could not be read", len(problems)))
			return
		}
		// WriteArchive refuses an archive that Import designs archive
		// would refuse, saying why and what to do.
		var b bytes.Buffer
		if err := library.WriteArchive(&b, saved, l.s.now()); err != nil {
			l.s.store.Report(fmt.Errorf("Nothing was exported: %w", err))
			return
		}
		name := "designs-" + l.s.now().Local().Format("2006-01-02") + ".zip"
		if err := l.s.platform.Download(name, "application/zip", b.Bytes()); err != nil {
			l.s.store.Report(err)
			return
		}
		l.s.store.Say(fmt.Sprintf("Exported %s with their versions as %s.", library.Count(len(saved), "design"), name))
	}
	next = func(i int) {
		if i == len(entries) {
			finish()
			return
		}
		entry := entries[i]
		saved[i].Entry = entry
		l.readSaved(entry, func(text string, versions []library.SavedVersion, err error) {
			if err != nil {
				problems = append(problems, entry.Name+": "+err.Error())
			}
			saved[i].Text, saved[i].Versions = text, versions
			next(i + 1)
		})
	}
	next(0) // the open design as it is now (see loadStored)
}

// readSaved reads a design's text, as its next start would, and its
// versions', on the UI goroutine.
func (l *designLibrary) readSaved(entry library.Entry, done func(string, []library.SavedVersion, error)) {
	l.loadStored(entry.ID, func(text string, ok bool, err error) {
		if err != nil {
			done("", nil, err)
			return
		}
		if !ok {
			// Listed but never stored (a design opened and left blank).
			text = "nodes: []\n"
		}
		l.s.platform.LoadDesign(library.HistoryKey(entry.ID), func(htext string, _ bool, herr error) {
			l.s.run(func() {
				h, perr := library.ParseHistory(htext)
				if herr != nil || perr != nil {
					// The design without its history rather than nothing.
					done(text, nil, nil)
					return
				}
				var versions []library.SavedVersion
				var next func(i int)
				next = func(i int) {
					if i == len(h.Versions) {
						done(text, versions, nil)
						return
					}
					v := h.Versions[i]
					l.s.platform.LoadDesign(library.VersionKey(entry.ID, v.Stamp()), func(vtext string, ok bool, err error) {
						l.s.run(func() {
							if err == nil && ok {
								versions = append(versions, library.SavedVersion{Version: v, Text: vtext})
							}
							next(i + 1)
						})
					})
				}
				next(0)
			})
		})
	})
}

// readArchive reads an archive file (Import designs archive) and imports
// it; then the component of ctx and every component holding it update (see
// readDesignFile).
func (l *designLibrary) readArchive(ctx app.Context, file app.Value) {
	if l.s.platform == nil {
		return
	}
	if size := int64(file.Get("size").Float()); size > library.MaxArchiveBytes {
		ctx.Emit(func() {
			l.s.importErrors = []string{fmt.Sprintf("%s: the archive is %d bytes; archives are limited to %d bytes (%d MiB)", file.Get("name").String(), size, library.MaxArchiveBytes, library.MaxArchiveBytes>>20)}
		})
		return
	}
	l.s.platform.ReadFile(file, func(name string, data []byte, err error) {
		if err != nil {
			ctx.Emit(func() { l.s.importErrors = []string{name + ": " + err.Error()} })
			return
		}
		// Up to 256 MiB of designs to read: off the UI goroutine, resting
		// a moment after each few megabytes so that the page still paints
		// and answers (Go's wasm goroutines share the page's one thread).
		cat := l.s.store.Catalogue()
		ctx.Async(func() {
			designs, err := readArchiveDesigns(cat, name, data, func() { time.Sleep(time.Millisecond) })
			ctx.Emit(func() { l.addArchive(name, designs, err) })
		})
	})
}

// importArchive adds the designs of an archive to the library, each with
// its versions, as new designs: one whose id and text the library already
// has is skipped (the archive came from here). Every design must load, or
// nothing is added. It does at once what readArchive does in two steps,
// the reading off the UI goroutine (readArchiveDesigns, then addArchive):
// the tests' way in, with no browser to wait on.
func (l *designLibrary) importArchive(name string, data []byte) {
	designs, err := readArchiveDesigns(l.s.store.Catalogue(), name, data, func() {})
	l.addArchive(name, designs, err)
}

// readArchiveDesigns reads an archive and each design in it, calling rest
// after each few megabytes of designs read: every design must load.
func readArchiveDesigns(cat *catalogue.Catalogue, name string, data []byte, rest func()) ([]library.Saved, error) {
	designs, err := library.ReadArchive(name, data)
	if err != nil {
		return nil, err
	}
	var problems catalogue.ErrorList
	read := 0
	for i, d := range designs {
		if read += len(d.Text); read > 4<<20 {
			rest()
			read = 0
		}
		got, errs := cat.ReadDesign(name+":"+d.Entry.Name, []byte(d.Text))
		if len(errs) > 0 {
			problems = append(problems, errs...)
			continue
		}
		designs[i].Entry.Nodes = len(got.Nodes) // read once: the list shows it
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return designs, nil
}

// addArchive adds the designs read from an archive (readArchiveDesigns), or
// says why none were.
func (l *designLibrary) addArchive(name string, designs []library.Saved, err error) {
	l.s.importErrors = nil
	if list, ok := err.(catalogue.ErrorList); ok {
		l.s.importErrors = list.Lines()
		l.s.store.Report(fmt.Errorf("Archive refused: %s in %s; your designs are unchanged", library.Count(len(list), "problem"), name))
		return
	}
	if err != nil {
		l.s.store.Report(err)
		return
	}
	ix := l.index()
	var adding []library.Saved
	skipped := 0
	// Which designs this browser has already (the same id, the same text),
	// one at a time; then all the others are stored, or none.
	var next func(i int)
	next = func(i int) {
		if i == len(designs) {
			l.addSaved(adding, func(err error) {
				if err != nil {
					l.s.store.Report(fmt.Errorf("Nothing was imported from %s (%v); your designs are unchanged", fileBase(name), err))
					return
				}
				msg := fmt.Sprintf("Imported %s from %s.", library.Count(len(adding), "design"), fileBase(name))
				if skipped > 0 {
					msg += fmt.Sprintf(" Skipped %s this browser already has.", library.Count(skipped, "design"))
				}
				l.s.store.Say(msg)
			})
			return
		}
		d := designs[i]
		here := ix.Find(d.Entry.ID)
		if here == nil || here.InTrash() {
			adding = append(adding, d)
			next(i + 1)
			return
		}
		l.loadStored(d.Entry.ID, func(text string, ok bool, err error) {
			if err == nil && ok && text == d.Text {
				skipped++
			} else {
				adding = append(adding, d)
			}
			next(i + 1)
		})
	}
	next(0)
}

// addSaved stores an archive's designs with their versions as new designs
// of the library, and lists them all at once when all of them are stored;
// on a failure it removes what it stored, lists none, and tells done.
func (l *designLibrary) addSaved(designs []library.Saved, done func(error)) {
	type stored struct {
		key, value string
	}
	var writes []stored
	ids := make([]string, len(designs))
	for i, d := range designs {
		id := library.NewID()
		ids[i] = id
		h := &library.History{}
		for _, v := range d.Versions {
			h.Add(v.Version)
		}
		writes = append(writes, stored{library.DesignKey(id), d.Text}, stored{library.HistoryKey(id), h.Encode()})
		for j, v := range d.Versions {
			writes = append(writes, stored{library.VersionKey(id, h.Versions[j].Stamp()), v.Text})
		}
	}
	var next func(i int)
	next = func(i int) {
		if i < len(writes) {
			l.s.platform.StoreDesign(writes[i].key, writes[i].value, func(err error) {
				l.s.run(func() {
					if err != nil {
						for _, w := range writes[:i] {
							l.s.platform.RemoveDesign(w.key, func(error) {})
						}
						done(err)
						return
					}
					next(i + 1)
				})
			})
			return
		}
		err := l.update(func(ix *library.Index) error {
			for i, d := range designs {
				entry := ix.Add(ids[i], d.Entry.Name, d.Entry.Changed)
				entry.Created, entry.DesignID, entry.Nodes = d.Entry.Created, d.Entry.DesignID, d.Entry.Nodes
			}
			return nil
		})
		if err != nil {
			for _, w := range writes {
				l.s.platform.RemoveDesign(w.key, func(error) {})
			}
		}
		done(err)
	}
	next(0)
}

// archiveAccept is what the archive's file input offers.
var archiveAccept = strings.Join([]string{".zip", "application/zip"}, ",")
