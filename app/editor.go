package app

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/picture"
	"github.com/archdesigner/designer/catalogue/share"
)

// Editor is the editor's page: toolbar, palette, canvas, inspector and
// problems around one Store.
type Editor struct {
	app.Compo

	platform   Platform
	catalogues Catalogues // the catalogue of the page, when prerendering
	store      *Store

	importErrors []string
	// The autosave's state is the session's (see saveState): an editor
	// that resumes the session takes it over with the store.
	*saveState
	updateAvailable bool
	resumed         bool // the store comes from an earlier editor (see resume)

	embed *embedding // the host's protocol, in embed mode (?embed=1)
	theme string     // the user's choice of theme, or themeSystem
	// exportTo is set while the toolbar's Export to… formats show.
	exportTo bool

	// mounted is set once the browser runs the editor: the prerendered page
	// looks the same but does not act yet.
	mounted bool
	// unsubscribe ends the editor's subscription to the store (see changed);
	// drawnVersion is the store's version it last redrew for.
	unsubscribe  func()
	drawnVersion int
	// unwatch ends the watch for other tabs' saves of the open design.
	unwatch func()

	ctx       app.Context
	listeners []func()
}

// NewEditor returns the editor page showing catalogue cat, using platform p
// (nil when prerendering).
func NewEditor(p Platform, cat *catalogue.Catalogue) *Editor {
	e := &Editor{platform: p}
	e.open(cat)
	return e
}

// saveState is what autosave knows of the open design, which outlives an
// editor: go-app makes a new editor for each visit to the page, and the
// browser's storage answers whenever it does, so its answers go to the
// editor shown then (or wait for the next one, see run). Opening another
// design starts it afresh (see reopen).
type saveState struct {
	*tabState
	saveWarning    string
	restoreWarning string
	storageWarning string // the browser's storage runs low
	// unsaved says the design changed since it was last stored, lastChange
	// when it last changed; saveQueued that a flushSave is scheduled.
	unsaved, saveQueued bool
	lastChange          time.Time
	// saving says a write (of writing) is on its way; restoring that the
	// saved design is still being read (autosave waits for both).
	saving, restoring bool
	writing           string
	afterSave         []func() // to run once the next save has finished
	adding            string   // the component a catalogue page asked to add, once restored
	// saveSeq counts the saves started; the copy kept on exit is older than
	// the saves from exitAfter on, which remove it.
	saveSeq, exitAfter int
	// unreadable is the text of a saved design that no longer loads; while
	// holding, it could not be kept aside (or not be read), so autosave
	// stores nothing (it would overwrite the only copy) until the user
	// exports or discards it.
	unreadable string
	holding    bool
	// afterRestore runs once the saved design is restored (a restore of a
	// version, asked for by the address).
	afterRestore func()
	// designID is the library's id of the design being edited (see
	// chooseDesign), which names its storage keys.
	designID string
	// libraryState is what the editor knows of the designs list and the
	// open design's history (see library.go and history.go).
	libraryState
	// sharing says the design is one a share link carried: read-only, and
	// never stored (see openShared); shareProblems why a link was refused.
	sharing       bool
	shareProblems []string
	// saved is what this tab last stored; theirs is a design another tab
	// stored since, which waits for the user's choice (autosave pauses, so
	// neither tab silently overwrites the other).
	saved, theirs string
	// opening says the design is being read in place of another, which the
	// store shows read-only meanwhile (see reopen).
	opening bool
	// openKey is the design (and version) the address named when it
	// opened, to tell a navigation to another (see OnNav).
	openKey string
}

// tabState is what outlives the designs a tab opens: the way the
// platform's answers reach the editor shown, and the request that the
// browser keep this site's storage.
type tabState struct {
	// owner is the editor shown, which runs what pending holds.
	mu      sync.Mutex
	owner   *Editor
	pending []func()
	// persisting says persistent storage was asked for.
	persisting bool
	// opens counts the designs opened in place (see reopen), so that the
	// storage's late answers about one before are told apart.
	opens int
}

// open starts the editor's store on catalogue cat.
func (e *Editor) open(cat *catalogue.Catalogue) {
	e.store = NewStore(cat)
	e.saveState = &saveState{tabState: &tabState{}, designID: library.FirstID}
}

// OnPreRender makes the store, on the server, from the page's catalogue.
func (e *Editor) OnPreRender(ctx app.Context) {
	if e.store == nil {
		e.open(e.catalogues(ctx.Page().URL()))
	}
}

// resume continues an editing session from an earlier editor of this page:
// its store, and what autosave knows. (go-app makes an editor for every
// navigation to the page, also one between two designs, which it then
// drops for the editor shown: only a mounted editor subscribes.)
func (e *Editor) resume(prev *Editor) {
	e.store, e.saveState, e.resumed = prev.store, prev.saveState, true
}

// OnMount restores the autosaved design (unless it resumed a session) and
// listens for shortcuts, paste and dropped files.
func (e *Editor) OnMount(ctx app.Context) {
	e.ctx = ctx
	e.mounted = true
	e.mu.Lock()
	e.owner = e
	e.mu.Unlock()
	e.store.OnExported = e.exportedPicture
	e.unsubscribe = e.store.Subscribe(e.changed)
	defer e.runPending()
	defer e.Update()
	if e.platform != nil {
		defer e.platform.Started()
	}
	// Store what is pending before the page goes away. The handler runs
	// while the browser dispatches the event, before the page is frozen or
	// closed; a dispatch to the UI goroutine could come too late.
	e.listen("pagehide", func(app.Value) { e.flushOnExit() })
	// A press outside Export to… closes its formats (Safari and Firefox on
	// macOS do not focus a pressed button, so focusout cannot tell).
	e.listeners = append(e.listeners, listen(app.Window().Get("document"), "pointerdown", func(ev app.Value) {
		if !e.exportTo {
			return
		}
		if wrap := app.Window().GetElementByID("export-to-wrap"); wrap.Truthy() && wrap.Call("contains", ev.Get("target")).Bool() {
			return
		}
		e.ctx.Dispatch(func(app.Context) { e.closeExportTo(false) })
	}, nil))
	e.listeners = append(e.listeners, listen(app.Window().Get("document"), "visibilitychange", func(app.Value) {
		if app.Window().Get("document").Get("visibilityState").String() == "hidden" {
			e.flushOnExit()
		}
	}, nil))
	if app.Window().URL().Query().Get("embed") == "1" {
		// The host owns the design: nothing is read from or written to the
		// user's own storage (the theme follows the system's).
		e.startEmbedding(ctx)
		e.listen("keydown", e.onKeyDown)
		e.listen("paste", e.onPaste)
		e.listen("copy", e.onCopyNodes)
		e.listen("cut", e.onCopyNodes)
		return
	}
	e.theme = savedTheme(e.platform)
	applyTheme(e.theme)
	e.restorePanels()
	// A share link's design is shown instead of the user's, which stays
	// stored as it is; a new link in the address opens it.
	e.listen("hashchange", func(app.Value) {
		if share.Is(app.Window().URL().Fragment) {
			app.Window().Get("location").Call("reload")
		}
	})
	e.listen("keydown", e.onKeyDown)
	e.listen("paste", e.onPaste)
	e.listen("copy", e.onCopyNodes)
	e.listen("cut", e.onCopyNodes)
	e.listen("dragover", func(ev app.Value) {
		ev.Call("preventDefault")
	})
	e.listen("drop", e.onDrop)
	switch {
	case e.resumed:
		if !e.readOnlyView() { // a shared design or a version is not the address's
			e.keepAddress()
		}
		e.watch()
	case share.Is(app.Window().URL().Fragment) && e.openShared(app.Window().URL().Fragment):
		e.openKey = sharedKey
	default:
		e.openAddress(app.Window().URL())
	}
}

// OnNav opens the design the address names, when it is another (see
// follow), and adds the component named by ?add= (the catalogue pages' "Add
// to design"), then drops the parameter from the address (keeping the rest:
// the design it is in).
func (e *Editor) OnNav(ctx app.Context) {
	u := ctx.Page().URL()
	if e.mounted && e.embed == nil && e.platform != nil {
		if key := addressKey(u); key != "" && key != e.openKey {
			e.follow(u)
		}
	}
	id := u.Query().Get("add")
	if id == "" || e.store == nil {
		return
	}
	switch {
	case e.sharing:
		e.store.Report(fmt.Errorf("%s was not added: this shared design is read-only (Open my design, then add it there)", id))
	case e.viewing():
		e.store.Report(fmt.Errorf("%s was not added: this version is read-only (Back to the design, then add it there)", id))
	case e.restoring:
		e.adding = id // into the saved design, once read
	default:
		e.addFromCatalogue(id)
	}
	clean := *u
	q := clean.Query()
	q.Del("add")
	clean.RawQuery = q.Encode()
	ctx.Page().ReplaceURL(&clean)
}

// addFromCatalogue adds a node of component id, as a catalogue page's "Add
// to design" asks.
func (e *Editor) addFromCatalogue(id string) {
	if _, err := e.store.AddNode(id); err != nil {
		e.store.Report(err)
		return
	}
	e.store.Say("Added " + e.store.Selection().Node + " from the catalogue.")
}

// OnAppUpdate offers to reload: go-app calls it once a new version has been
// installed. The design is saved when the page goes, so reloading loses
// nothing.
func (e *Editor) OnAppUpdate(ctx app.Context) {
	e.updateAvailable = true
}

// OnDismount stores what is unsaved, and ends the editor's listeners and
// subscriptions.
func (e *Editor) OnDismount() {
	// A save queued for later would not run: go-app drops the dispatches of
	// a component that left the page.
	e.flushSave()
	e.saveQueued = false // its timer went with it
	e.mu.Lock()
	if e.owner == e {
		e.owner = nil
	}
	e.mu.Unlock()
	for _, remove := range e.listeners {
		remove()
	}
	e.listeners = nil
	for _, stop := range []*func(){&e.unsubscribe, &e.unwatch} {
		if *stop != nil {
			(*stop)()
			*stop = nil
		}
	}
}

// listen adds a window listener (see listen).
func (e *Editor) listen(event string, h func(ev app.Value)) {
	e.listeners = append(e.listeners, listen(app.Window(), event, h, nil))
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
func (e *Editor) restore() {
	if e.platform == nil {
		return
	}
	e.restoring = true
	for _, key := range []string{library.ExitKey(e.designID), library.DesignKey(e.designID)} {
		if saved, ok, err := e.platform.Load(key); err == nil && ok && strings.TrimSpace(saved) != "" {
			e.restored(saved, nil, true)
			return
		}
	}
	empty, opens := e.store.Design(), e.opens
	e.platform.LoadDesign(library.DesignKey(e.designID), func(saved string, ok bool, err error) {
		e.run(func() {
			if e.opens != opens {
				return // another design was opened meanwhile
			}
			if e.store.Design() != empty && err == nil && ok && saved != string(e.store.Export()) {
				// The user changed the design before the database
				// answered: neither is dropped; the saved one waits for
				// the user's choice, as another tab's does.
				e.restoring, e.theirs = false, saved
				e.opened()
				if id := e.adding; id != "" {
					e.adding = ""
					e.addFromCatalogue(id)
				}
				return
			}
			e.restored(saved, err, false)
		})
	})
}

// restored takes the design restore read (fromLocal: from localStorage).
// The editor shows it; when there is none or it does not read, the design
// the editor started with (at start-up, empty or what the user did
// meanwhile), or an empty one in place of the design before, which reopen
// kept shown meanwhile.
func (e *Editor) restored(saved string, err error, fromLocal bool) {
	e.restoring = false
	if e.opening {
		if err != nil || strings.TrimSpace(saved) == "" {
			e.store.Clear()
		}
		e.opened()
	}
	if id := e.adding; id != "" {
		e.adding = ""
		defer e.addFromCatalogue(id)
	}
	switch {
	case err != nil:
		// It may still be there: nothing is saved over it until the user
		// says (Discard), or reloads.
		e.holding = true
		e.restoreWarning = "Your saved design could not be read from browser storage (" + err.Error() + "). " +
			"So that it is not overwritten, autosave is off until you reload or discard it: export what you change now."
	case strings.TrimSpace(saved) != "":
		defer e.runAfterRestore()
		defer e.relist(true)
		e.saved = saved
		if err := e.store.Open("saved design", []byte(saved)); err != nil {
			if e.opens > 0 {
				e.store.Clear() // not the design before, which reopen kept shown
			}
			e.unreadable = saved
			why := err.Error()
			// Nothing is saved until the copy is kept.
			e.holding = true
			e.restoreWarning = "Your saved design no longer loads (" + why + "). Keeping a copy in this browser's storage…"
			e.platform.StoreDesign(library.UnreadableKey(e.designID), saved, func(keepErr error) {
				e.run(func() {
					if e.unreadable != saved {
						return // exported or discarded meanwhile
					}
					if keepErr != nil {
						e.restoreWarning = "Your saved design no longer loads (" + why + "), and browser storage has no room for a copy (" + keepErr.Error() + "). " +
							"So that it is not overwritten, autosave is off until you export or discard it: changes made now are not saved."
						return
					}
					e.holding = false
					e.restoreWarning = "Your saved design no longer loads (" + why + "). A copy is kept in this browser's storage; export it to keep it as a file."
					e.flushSave()
				})
			})
			return
		}
		if fromLocal {
			e.unsaved = true // into the database, which takes it out of localStorage
		}
	default:
		defer e.runAfterRestore()
		e.relist(false)
	}
	e.flushSave()
}

// runAfterRestore runs what waited for the saved design.
func (e *Editor) runAfterRestore() {
	e.announceOpened()
	if f := e.afterRestore; f != nil {
		e.afterRestore = nil
		f()
	}
}

// run runs f on the UI goroutine, in the editor shown, and renders it: for
// the platform's callbacks, which come on any goroutine. With no editor
// shown (or one that goes before it runs f), f waits for the next.
func (e *Editor) run(f func()) {
	s := e.saveState
	s.mu.Lock()
	s.pending = append(s.pending, f)
	owner := s.owner
	s.mu.Unlock()
	switch {
	case owner != nil && owner.ctx != nil:
		owner.ctx.Dispatch(func(app.Context) { owner.runPending() })
	case owner == nil && e.ctx == nil:
		e.runPending() // not mounted, as in a native test: at once
	}
}

// runPending runs what the platform's callbacks left to run.
func (e *Editor) runPending() {
	for {
		s := e.saveState
		s.mu.Lock()
		if len(s.pending) == 0 {
			s.mu.Unlock()
			return
		}
		f := s.pending[0]
		s.pending = s.pending[1:]
		s.mu.Unlock()
		f()
	}
}

// exportSaved offers the saved design that no longer loads as a file, and
// turns autosave back on if it waited for that.
func (e *Editor) exportSaved() {
	if err := e.platform.Download("saved-design.yaml", "application/yaml", []byte(e.unreadable)); err != nil {
		e.store.Report(fmt.Errorf("export the saved design: %w", err))
		return
	}
	e.store.Say("Exported the saved design that no longer loads as saved-design.yaml.")
	e.releaseSaved()
}

// discardSaved gives up the saved design that no longer loads.
func (e *Editor) discardSaved() {
	e.store.Say("Discarded the saved design that no longer loaded.")
	e.releaseSaved()
}

func (e *Editor) releaseSaved() {
	wasHolding := e.holding
	e.unreadable, e.holding, e.restoreWarning = "", false, ""
	if wasHolding {
		e.unsaved = true
		e.flushSave()
	}
}

// saveDelay is how long autosave waits for changes to pause: encoding and
// storing a large design on every arrow-key move made each move lag.
const saveDelay = 300 * time.Millisecond

// changed hears every commit of the store: a change of the design is
// autosaved, and the editor (with every panel whose version it passes)
// redraws after any change of what is drawn, whichever component raised it:
// with go-app's Emit or Dispatch, from a listener or a timer. The update is
// go-app's, so it merges with the one an Emit schedules in the same frame.
func (e *Editor) changed(s *Store, c Changed) {
	if c.Design && !c.Opened { // a design opened is as it was stored
		e.autosave()
	}
	if e.ctx != nil && e.mounted && s.Version() != e.drawnVersion {
		e.drawnVersion = s.Version()
		e.ctx.Dispatch(func(app.Context) {})
	}
}

// autosave notes a change of the design. The design is stored (or, embedded,
// sent to the host) once no change has come for saveDelay, and at once when
// the page is hidden or closed or the editor leaves the page (flushSave).
func (e *Editor) autosave() {
	e.unsaved, e.lastChange = true, time.Now()
	if e.ctx == nil || !e.mounted {
		e.flushSave()
		return
	}
	if !e.saveQueued {
		e.saveQueued = true
		e.saveAfter(saveDelay)
	}
}

// saveAfter flushes once d has passed, or waits again if a change came in
// the meantime.
func (e *Editor) saveAfter(d time.Duration) {
	e.ctx.After(d, func(app.Context) {
		if more := waitMore(e.lastChange, time.Now()); more > 0 {
			e.saveAfter(more)
			return
		}
		e.saveQueued = false
		e.flushSave()
	})
}

// waitMore is how much longer autosave waits at now, for changes to have
// paused for saveDelay since the last one.
func waitMore(lastChange, now time.Time) time.Duration {
	return max(0, saveDelay-now.Sub(lastChange))
}

// flushSave stores the design if it changed since it was last stored, and
// says so when it cannot (a failed save is tried again at the next flush).
// While another tab's design waits for the user's choice, a saved design
// that no longer loads waits to be exported, or the saved design is still
// being read, it stores nothing. Embedded, it sends autosave if the design
// changed since the host loaded or saved it.
func (e *Editor) flushSave() {
	if !e.unsaved {
		return
	}
	if e.readOnlyView() {
		e.unsaved = false // a shared design, or a version, is never stored
		return
	}
	if e.embed != nil {
		e.unsaved = false
		e.embed.flush()
		return
	}
	if e.platform == nil || e.theirs != "" || e.holding || e.restoring {
		return
	}
	e.save(string(e.store.Export()), nil)
}

// flushOnExit stores the design as the page goes away. The database's
// write may not finish before the page is gone, so a design that fits is
// also kept in localStorage (library.ExitKey), at once, which the next start
// takes (and moves into the database); the save of that design, once
// finished, removes it.
func (e *Editor) flushOnExit() {
	if e.readOnlyView() {
		return
	}
	if !e.unsaved && e.saving && e.writing != "" && e.embed == nil && len(e.writing) <= maxExitCopy {
		// Nothing new, but the last save is still on its way.
		_ = e.platform.Store(library.ExitKey(e.designID), e.writing)
		e.exitAfter = e.saveSeq
		return
	}
	if !e.unsaved || e.embed != nil || e.platform == nil || e.theirs != "" || e.holding || e.restoring {
		e.flushSave()
		return
	}
	design := string(e.store.Export())
	busy := e.saving
	e.save(design, nil)
	if len(design) <= maxExitCopy {
		_ = e.platform.Store(library.ExitKey(e.designID), design) // best effort: the database's write is on its way
		// The save just started writes this design; one on its way
		// already writes an older one, and the next does not.
		e.exitAfter = e.saveSeq
		if busy {
			e.exitAfter++
		}
	}
}

// maxExitCopy is the largest design flushOnExit also keeps in localStorage,
// whose quota is about 5 MB (in UTF-16, 2.5 million characters in some
// browsers).
const maxExitCopy = 2 << 20

// save stores design and then calls then (if not nil). One write is on its
// way at a time: a change meanwhile is stored once it has finished.
func (e *Editor) save(design string, then func()) {
	if then != nil {
		e.afterSave = append(e.afterSave, then)
	}
	if e.saving {
		e.unsaved = true
		return
	}
	e.saving, e.unsaved, e.writing = true, false, design
	e.saveSeq++
	seq := e.saveSeq
	key := library.DesignKey(e.designID)
	e.platform.StoreDesign(key, design, func(err error) {
		e.run(func() {
			e.saving, e.writing = false, ""
			if err != nil {
				e.unsaved = true
				e.saveWarning = "Autosave failed (" + err.Error() + "): your latest changes live only in this tab. Export the design to keep it."
				// What waited for the save (opening another design, a
				// backup) does not happen minutes later on some other save.
				e.afterSave = nil
				return
			}
			// The database holds it: a copy in localStorage (an older
			// editor's, or this one kept on exit) would be taken for newer.
			e.platform.Remove(key)
			if seq >= e.exitAfter {
				e.platform.Remove(library.ExitKey(e.designID))
			}
			if !e.persisting {
				// Ask the browser to keep the storage once it holds a
				// design (not at start-up, where the request would only
				// slow the first render).
				e.persisting = true
				e.platform.Persist()
			}
			e.saved, e.saveWarning = design, ""
			e.checkStorage(len(design))
			e.noteSaved(design)
			if e.unsaved {
				e.flushSave()
				if e.saving {
					return // the next save runs what waits
				}
			}
			thens := e.afterSave
			e.afterSave = nil
			for _, f := range thens {
				f()
			}
		})
	})
}

// lowStorage is when the storage estimate is worth a warning: less free
// than twice the design and this much more, or 90% of the quota used.
const lowStorage = 5 << 20

// checkStorage warns when the browser's storage for the editor runs low,
// after a save of size bytes: the next saves may fail.
func (e *Editor) checkStorage(size int) {
	e.platform.StorageEstimate(func(usage, quota float64) {
		e.run(func() {
			free := quota - usage
			if quota <= 0 || free >= float64(2*size+lowStorage) && usage <= 0.9*quota {
				e.storageWarning = ""
				return
			}
			e.storageWarning = fmt.Sprintf("Browser storage for this site is nearly full: %s of %s used, and the design takes %s. "+
				"Export the design to keep a copy, or free space (other sites' data, or this browser's settings).", megabytes(usage), megabytes(quota), megabytes(float64(size)))
		})
	})
}

func megabytes(n float64) string {
	return strconv.FormatFloat(n/1e6, 'f', 1, 64) + " MB"
}

// otherTabSaved notes a design another tab stored, unless it is this tab's.
func (e *Editor) otherTabSaved(value string) {
	if value == e.saved || value == string(e.store.Export()) {
		return
	}
	e.theirs = value
}

// useTheirs loads the other tab's design (undoable) and resumes autosave.
func (e *Editor) useTheirs(app.Context, app.Event) {
	theirs := e.theirs
	e.theirs = ""
	e.saved = theirs
	if err := e.store.Import("the other tab's design", []byte(theirs)); err != nil {
		e.store.Report(err)
	}
}

// keepMine stores this tab's design over the other tab's and resumes
// autosave.
func (e *Editor) keepMine(app.Context, app.Event) {
	e.theirs = ""
	e.save(string(e.store.Export()), func() {
		e.store.Say("Kept this tab's design; the other tab's changes were replaced.")
	})
}

// isTyping reports whether a key event comes from a text control, where keys
// belong to the control.
func isTyping(ev app.Value) bool {
	target := ev.Get("target")
	if !target.Truthy() {
		return false
	}
	switch strings.ToLower(target.Get("tagName").String()) {
	case "input", "textarea", "select":
		return true
	}
	return target.Get("isContentEditable").Truthy()
}

// onKeyDown handles the editor's shortcuts: undo, redo, delete, select all,
// duplicate.
func (e *Editor) onKeyDown(ev app.Value) {
	if isTyping(ev) || closest(ev.Get("target"), "#context-menu").Truthy() {
		return // the context menu has keys of its own
	}
	key := strings.ToLower(ev.Get("key").String())
	mod := ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool()
	shift := ev.Get("shiftKey").Bool()
	var act func()
	switch {
	case mod && key == "z" && !shift:
		act = func() { e.store.Undo() }
	case mod && (key == "z" && shift || key == "y"):
		act = func() { e.store.Redo() }
	case !mod && (key == "delete" || key == "backspace"):
		act = func() {
			e.store.Report(e.store.DeleteSelection())
			// What had the focus is gone: keep it on the canvas rather
			// than let it fall to the page.
			e.ctx.Defer(func(app.Context) {
				if c := app.Window().GetElementByID("canvas"); c.Truthy() {
					c.Call("focus", map[string]any{"preventScroll": true})
				}
			})
		}
	case !mod && key == "escape":
		act = func() { e.store.Select("") }
	case mod && key == "a" && !shift:
		act = func() { e.store.SelectAll() }
	case mod && key == "d" && !shift && len(e.store.SelectedNodes()) > 0:
		act = func() { e.store.Report(e.store.Duplicate(e.store.SelectedNodes())) }
	default:
		return
	}
	ev.Call("preventDefault")
	e.ctx.Dispatch(func(app.Context) { act() })
}

// onPaste imports YAML pasted anywhere outside a text control.
func (e *Editor) onPaste(ev app.Value) {
	if isTyping(ev) {
		return
	}
	data := ev.Get("clipboardData")
	if !data.Truthy() {
		return
	}
	text := data.Call("getData", "text").String()
	if strings.TrimSpace(text) == "" {
		return
	}
	ev.Call("preventDefault")
	e.ctx.Dispatch(func(app.Context) { e.pasteData([]byte(text)) })
}

// pasteData adds pasted YAML to the design, or lists why not. Text that is
// not a design at all (no nodes or groups key) is left alone, with a quiet
// note in the status line.
func (e *Editor) pasteData(data []byte) {
	if !looksLikeDesign(string(data)) {
		e.store.Say("The pasted text is not a design (it has no nodes), so nothing was added.")
		return
	}
	err := e.store.Paste("pasted YAML", data)
	e.importErrors = nil
	if list, ok := err.(catalogue.ErrorList); ok {
		e.importErrors = list.Lines()
		e.store.Report(fmt.Errorf("Paste refused: %d problems in the pasted YAML; the design is unchanged", len(list)))
		return
	}
	e.store.Report(err)
}

// looksLikeDesign reports whether text has a design's top-level nodes or
// groups key, in YAML or JSON.
func looksLikeDesign(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "nodes:") || strings.HasPrefix(line, "groups:") {
			return true
		}
	}
	t := strings.TrimSpace(text)
	return strings.HasPrefix(t, "{") && (strings.Contains(t, `"nodes"`) || strings.Contains(t, `"groups"`))
}

// onDrop imports a dropped file, or, on a design that is not stored here
// (a share link's, a version's preview), says where to import it; either
// way the browser does not open the file in the editor's place.
func (e *Editor) onDrop(ev app.Value) {
	ev.Call("preventDefault")
	if e.readOnlyView() {
		e.ctx.Dispatch(func(app.Context) {
			e.store.Report(fmt.Errorf("Nothing was imported: this design is read-only here (import into one of your designs)"))
		})
		return
	}
	files := ev.Get("dataTransfer").Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	e.readFile(files.Index(0))
}

// readFile reads a File and imports it on the UI goroutine.
func (e *Editor) readFile(file app.Value) {
	readDesignFile(e.platform, e.ctx, file, e.importToLibrary, func(lines []string) { e.importErrors = lines })
}

// readDesignFile reads a File, refusing one over the size limit before it
// is read into memory, and hands it to use (or what went wrong to fail) on
// the UI goroutine; then the component of ctx and every component holding
// it update (go-app's Emit: a Dispatch would update ctx's component only,
// and the editor's status and alerts would wait for something else to
// redraw them).
func readDesignFile(p Platform, ctx app.Context, file app.Value, use func(name string, data []byte), fail func(lines []string)) {
	if p == nil {
		return
	}
	name, size := file.Get("name").String(), int64(file.Get("size").Float())
	sizeError := catalogue.SizeError
	if picture.Named(name) { // a picture that carries a design: see picture.MaxBytes
		sizeError = picture.SizeError
	}
	if err := sizeError(name, size); err != nil {
		ctx.Emit(func() { fail([]string{err.Error()}) })
		return
	}
	p.ReadFile(file, func(name string, data []byte, err error) {
		ctx.Emit(func() {
			if err != nil {
				fail([]string{name + ": " + err.Error()})
				return
			}
			use(name, data)
		})
	})
}

// importData replaces the design with an imported one (undoable), or lists
// why not: embedded, where the host keeps the design, and for an import
// that replaces the open design of the library.
func (e *Editor) importData(name string, data []byte) {
	err := e.store.Import(name, data)
	e.importErrors = nil
	if list, ok := err.(catalogue.ErrorList); ok {
		e.importErrors = list.Lines()
		e.store.Report(fmt.Errorf("Import refused: %d problems in %s; the design is unchanged", len(list), name))
		return
	}
	e.store.Report(err)
}

// Render lays out the editor.
func (e *Editor) Render() app.UI {
	s := e.store
	if s == nil {
		return app.Div().ID("editor") // prerendering, until OnPreRender
	}
	resizers := e.renderResizers()
	return app.Div().ID("editor").DataSet("ready", strconv.FormatBool(e.mounted)).Body(
		e.renderToolbar(),
		e.renderAlerts(),
		e.renderDesigns(),
		e.renderHistory(),
		app.Main().ID("workspace").
			DataSet("palette", strconv.FormatBool(!s.PanelHidden(PanelPalette))).
			DataSet("inspector", strconv.FormatBool(!s.PanelHidden(PanelInspector))).Body(
			app.If(!s.PanelHidden(PanelPalette), &Palette{Store: s, Catalogue: s.Catalogue(), ReadOnly: s.ReadOnly()}).
				Else(panelStrip(PanelPalette, "Show palette", func() { s.HidePanel(PanelPalette, false) })),
			&Canvas{Store: s, Version: s.Version(), Platform: e.platform},
			app.If(!s.PanelHidden(PanelInspector), &Inspector{Store: s, Version: s.Version()}).
				Else(panelStrip(PanelInspector, "Show inspector", func() { s.HidePanel(PanelInspector, false) })),
			app.Range(resizers).Slice(func(i int) app.UI { return resizers[i] }),
		),
		app.Div().ID("panels").Body(
			&Problems{Store: s, Version: s.Version()},
			&Analysis{Store: s, Version: s.Version()},
		),
	)
}

// maxListed is how many problems an alert lists: a hostile file can have
// tens of thousands, which would take the page seconds to draw.
const maxListed = 50

// problemList lists problems, the first maxListed of them, saying how
// many more there are.
func problemList(lines []string) app.UI {
	shown := lines[:min(len(lines), maxListed)]
	items := make([]app.UI, 0, len(shown)+1)
	for _, l := range shown {
		items = append(items, app.Li().Body(app.Code().Text(l)))
	}
	if more := len(lines) - len(shown); more > 0 {
		items = append(items, app.Li().Text(fmt.Sprintf("and %d more %s (designer check lists them all)", more, plural(more, "problem"))))
	}
	return app.Ul().Body(items...)
}

// renderAlerts shows what the user must not miss: failed saves, a design that
// could not be restored, refused imports.
func (e *Editor) renderAlerts() app.UI {
	return app.Div().ID("alerts").Body(
		e.renderShareAlerts(),
		e.renderLibraryAlerts(),
		app.If(e.theirs != "",
			app.Div().Class("alert").Role("alert").Aria("label", "Changed in another tab").Body(
				app.Span().Text("This design was changed in another tab. Autosave is paused here until you choose which design to keep."),
				app.Button().Text("Load the other tab's design").OnClick(e.useTheirs),
				app.Button().Text("Keep this tab's design").OnClick(e.keepMine),
			),
		),
		app.If(e.updateAvailable,
			app.Div().Class("notice").Role("status").Body(
				app.Span().Text("A new version of the editor is ready. Your design is saved and comes back after the reload."),
				app.Button().Text("Reload to update").OnClick(func(ctx app.Context, _ app.Event) { ctx.Reload() }),
			),
		),
		app.If(e.saveWarning != "",
			app.Div().Class("alert").Role("alert").Body(
				app.Span().Text(e.saveWarning),
				app.Button().Text("Export the design").OnClick(e.onExport),
			),
		),
		app.If(e.storageWarning != "",
			app.Div().Class("alert").Role("alert").Aria("label", "Storage").Body(
				app.Span().Text(e.storageWarning),
				app.Button().Text("Export a copy").OnClick(e.onExport),
			),
		),
		app.If(e.restoreWarning != "",
			app.Div().Class("alert").Role("alert").Body(
				app.Span().Text(e.restoreWarning),
				app.If(e.unreadable != "",
					app.Button().Text("Export the saved design").OnClick(func(app.Context, app.Event) { e.exportSaved() }),
				),
				app.If(e.holding,
					app.Button().Text("Discard the saved design").OnClick(func(app.Context, app.Event) { e.discardSaved() }),
				).Else(
					app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { e.restoreWarning = "" }),
				),
			),
		),
		app.If(len(e.importErrors) > 0,
			app.Div().Class("alert").Role("alert").Aria("label", "Import errors").Body(
				app.P().Text("The design was not imported; it is unchanged. Fix these and import again:"),
				problemList(e.importErrors),
				app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { e.importErrors = nil }),
			),
		),
		app.If(len(e.store.CompareErrors()) > 0,
			app.Div().Class("alert").Role("alert").Aria("label", "Compare errors").Body(
				app.P().Text("Nothing was compared; the design is unchanged. Fix these and compare again:"),
				problemList(e.store.CompareErrors()),
				app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { e.store.SetCompareErrors(nil) }),
			),
		),
	)
}

// onCopyNodes puts the selected nodes on the clipboard as a design fragment
// (readable YAML, which Paste reads back) on Ctrl+C, and on Ctrl+X deletes
// them too; text being typed or selected on the page is copied as usual.
func (e *Editor) onCopyNodes(ev app.Value) {
	ids := e.store.SelectedNodes()
	if isTyping(ev) || len(ids) == 0 || !app.Window().Call("getSelection").Get("isCollapsed").Bool() {
		return
	}
	data := ev.Get("clipboardData")
	if !data.Truthy() {
		return
	}
	data.Call("setData", "text/plain", string(e.store.Fragment(ids)))
	ev.Call("preventDefault")
	cut := ev.Get("type").String() == "cut"
	e.ctx.Dispatch(func(app.Context) {
		if cut {
			e.store.Report(e.store.DeleteNodes(ids))
			return
		}
		e.store.Say(fmt.Sprintf("Copied %d %s.", len(ids), plural(len(ids), "node")))
	})
}
