package app

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// exportAll offers every design of the library (not the trash's), with its
// versions, as one archive (see library.WriteArchive): the backup that
// Import designs archive reads back.
func (e *Editor) exportAll() {
	if e.platform == nil {
		return
	}
	entries := e.loadLibrary().Listed("", false)
	saved := make([]library.Saved, len(entries))
	var problems []string
	// One read at a time, in order; then the archive.
	var next func(i int)
	finish := func() {
		if len(problems) > 0 {
			e.importErrors = problems
			e.store.Report(fmt.Errorf("Nothing was exported: %d of your designs could not be read", len(problems)))
			return
		}
		var b bytes.Buffer
		if err := library.WriteArchive(&b, saved, e.now()); err != nil {
			e.store.Report(err)
			return
		}
		name := "designs-" + e.now().Local().Format("2006-01-02") + ".zip"
		if err := e.platform.Download(name, "application/zip", b.Bytes()); err != nil {
			e.store.Report(err)
			return
		}
		e.store.Say(fmt.Sprintf("Exported %s with their versions as %s.", library.Count(len(saved), "design"), name))
	}
	next = func(i int) {
		if i == len(entries) {
			finish()
			return
		}
		entry := entries[i]
		saved[i].Entry = entry
		e.readSaved(entry, func(text string, versions []library.SavedVersion, err error) {
			if err != nil {
				problems = append(problems, entry.Name+": "+err.Error())
			}
			saved[i].Text, saved[i].Versions = text, versions
			next(i + 1)
		})
	}
	// The open design as it is now, not as last stored.
	e.flushSave()
	if e.saving {
		e.afterSave = append(e.afterSave, func() { next(0) })
		return
	}
	next(0)
}

// readSaved reads a design's text and its versions', on the UI goroutine.
func (e *Editor) readSaved(entry library.Entry, done func(string, []library.SavedVersion, error)) {
	e.platform.LoadDesign(library.DesignKey(entry.ID), func(text string, ok bool, err error) {
		if err == nil && !ok {
			// Listed but never stored (a design opened and left empty).
			text = "nodes: []\n"
		}
		if err != nil && entry.ID == e.designID {
			err = nil
			text = string(e.store.Export())
		}
		e.platform.LoadDesign(library.HistoryKey(entry.ID), func(htext string, _ bool, herr error) {
			e.run(func() {
				if err != nil {
					done("", nil, err)
					return
				}
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
					e.platform.LoadDesign(library.VersionKey(entry.ID, v.Stamp()), func(vtext string, ok bool, err error) {
						e.run(func() {
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

// onImportArchive reads the archive file chosen in the Designs region.
func (e *Editor) onImportArchive(ctx app.Context, ev app.Event) {
	input := ctx.JSSrc()
	files := input.Get("files")
	if files.Truthy() && files.Length() > 0 && e.platform != nil {
		file := files.Index(0)
		if size := int64(file.Get("size").Float()); size > library.MaxArchiveBytes {
			e.importErrors = []string{fmt.Sprintf("%s: the archive is %d bytes; archives are limited to %d bytes (200 MiB)", file.Get("name").String(), size, library.MaxArchiveBytes)}
		} else {
			e.platform.ReadFile(file, func(name string, data []byte, err error) {
				ctx.Emit(func() {
					if err != nil {
						e.importErrors = []string{name + ": " + err.Error()}
						return
					}
					e.importArchive(name, data)
				})
			})
		}
	}
	input.Set("value", "")
}

// importArchive adds the designs of an archive to the library, each with
// its versions, as new designs: one whose id and text the library already
// has is skipped (the archive came from here). Every design must load, or
// nothing is added.
func (e *Editor) importArchive(name string, data []byte) {
	designs, err := library.ReadArchive(name, data)
	e.importErrors = nil
	if err == nil {
		var problems catalogue.ErrorList
		for _, d := range designs {
			if _, errs := e.store.Catalogue().ReadDesign(name+":"+d.Entry.Name, []byte(d.Text)); len(errs) > 0 {
				problems = append(problems, errs...)
			}
		}
		if len(problems) > 0 {
			err = problems
		}
	}
	if list, ok := err.(catalogue.ErrorList); ok {
		e.importErrors = list.Lines()
		e.store.Report(fmt.Errorf("Archive refused: %d problems in %s; your designs are unchanged", len(list), name))
		return
	}
	if err != nil {
		e.store.Report(err)
		return
	}
	ix := e.loadLibrary()
	var added, skipped int
	var next func(i int)
	next = func(i int) {
		if i == len(designs) {
			msg := fmt.Sprintf("Imported %s from %s.", library.Count(added, "design"), fileBase(name))
			if skipped > 0 {
				msg += fmt.Sprintf(" Skipped %s this browser already has.", library.Count(skipped, "design"))
			}
			e.store.Say(msg)
			return
		}
		d := designs[i]
		if here := ix.Find(d.Entry.ID); here != nil && !here.InTrash() {
			e.sameText(d, func(same bool) {
				if same {
					skipped++
					next(i + 1)
					return
				}
				e.addSaved(d, func(ok bool) {
					if ok {
						added++
					}
					next(i + 1)
				})
			})
			return
		}
		e.addSaved(d, func(ok bool) {
			if ok {
				added++
			}
			next(i + 1)
		})
	}
	next(0)
}

// sameText says whether the library's design of d's id holds d's text.
func (e *Editor) sameText(d library.Saved, done func(bool)) {
	if d.Entry.ID == e.designID {
		done(string(e.store.Export()) == d.Text)
		return
	}
	e.platform.LoadDesign(library.DesignKey(d.Entry.ID), func(text string, ok bool, err error) {
		e.run(func() { done(err == nil && ok && text == d.Text) })
	})
}

// addSaved stores an archive's design and its versions as a new design of
// the library (listed only once all of it is stored), and tells done.
func (e *Editor) addSaved(d library.Saved, done func(bool)) {
	id := library.NewID()
	h := &library.History{}
	for _, v := range d.Versions {
		h.Add(v.Version)
	}
	keys := []string{library.DesignKey(id), library.HistoryKey(id)}
	values := []string{d.Text, h.Encode()}
	for i, v := range d.Versions {
		keys = append(keys, library.VersionKey(id, h.Versions[i].Stamp()))
		values = append(values, v.Text)
	}
	var next func(i int)
	next = func(i int) {
		if i == len(keys) {
			err := e.updateLibrary(func(ix *library.Index) error {
				entry := ix.Add(id, d.Entry.Name, d.Entry.Changed)
				entry.Created, entry.DesignID = d.Entry.Created, d.Entry.DesignID
				if read, errs := e.store.Catalogue().ReadDesign("archive", []byte(d.Text)); len(errs) == 0 {
					entry.Nodes = len(read.Nodes)
				}
				return nil
			})
			if err != nil {
				e.store.Report(err)
			}
			done(err == nil)
			return
		}
		e.platform.StoreDesign(keys[i], values[i], func(err error) {
			e.run(func() {
				if err != nil {
					e.store.Report(fmt.Errorf("%s was not imported (%v); storage may be short", d.Entry.Name, err))
					for _, k := range keys[:i] {
						e.platform.RemoveDesign(k, func(error) {})
					}
					done(false)
					return
				}
				next(i + 1)
			})
		})
	}
	next(0)
}

// archiveAccept is what the archive's file input offers.
var archiveAccept = strings.Join([]string{".zip", "application/zip"}, ",")
