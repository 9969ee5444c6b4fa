package app

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/picture"
)

// Editor is the editor's page: toolbar, palette, canvas, inspector and
// problems around one Store.
type Editor struct {
	app.Compo

	platform   Platform
	catalogues Catalogues // the catalogue of the page, when prerendering
	store      *Store

	importErrors   []string
	saveWarning    string
	restoreWarning string
	// unsaved says the design changed since it was last stored, lastChange
	// when it last changed; saveQueued that a flushSave is scheduled.
	unsaved, saveQueued bool
	lastChange          time.Time
	// unreadable is the text of a saved design that no longer loads; while
	// holding, it could not be kept aside, so autosave stores nothing (it
	// would overwrite the only copy) until the user exports or discards it.
	unreadable      string
	holding         bool
	updateAvailable bool
	persisting      bool // persistent storage was asked for
	resumed         bool // the store comes from an earlier editor (see resume)
	// saved is what this tab last stored; theirs is a design another tab
	// stored since, which waits for the user's choice (autosave pauses, so
	// neither tab silently overwrites the other).
	saved, theirs string

	embed *embedding // the host's protocol, in embed mode (?embed=1)
	theme string     // the user's choice of theme, or themeSystem

	// mounted is set once the browser runs the editor: the prerendered page
	// looks the same but does not act yet.
	mounted bool

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

// open starts the editor's store on catalogue cat.
func (e *Editor) open(cat *catalogue.Catalogue) {
	e.store = NewStore(cat)
	e.store.OnChange = e.autosave
}

// OnPreRender makes the store, on the server, from the page's catalogue.
func (e *Editor) OnPreRender(ctx app.Context) {
	if e.store == nil {
		e.open(e.catalogues(ctx.Page().URL()))
	}
}

// resume continues an editing session from an earlier editor of this page.
func (e *Editor) resume(s *Store) {
	e.store, e.resumed = s, true
	s.OnChange = e.autosave
}

// OnMount restores the autosaved design (unless it resumed a session) and
// listens for shortcuts, paste and dropped files.
func (e *Editor) OnMount(ctx app.Context) {
	e.ctx = ctx
	e.mounted = true
	defer e.Update()
	if e.platform != nil {
		defer e.platform.Started()
	}
	// Store what is pending before the page goes away. The handler runs
	// while the browser dispatches the event, before the page is frozen or
	// closed; a dispatch to the UI goroutine could come too late.
	e.listen("pagehide", func(app.Value) { e.flushSave() })
	e.listeners = append(e.listeners, listen(app.Window().Get("document"), "visibilitychange", func(app.Value) {
		if app.Window().Get("document").Get("visibilityState").String() == "hidden" {
			e.flushSave()
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
	if !e.resumed {
		e.restore()
	}
	if e.platform != nil {
		e.listeners = append(e.listeners, e.platform.Watch(keyDesign, func(value string) {
			ctx.Dispatch(func(app.Context) { e.otherTabSaved(value) })
		}))
	}
	e.listen("keydown", e.onKeyDown)
	e.listen("paste", e.onPaste)
	e.listen("copy", e.onCopyNodes)
	e.listen("cut", e.onCopyNodes)
	e.listen("dragover", func(ev app.Value) {
		ev.Call("preventDefault")
	})
	e.listen("drop", e.onDrop)
}

// OnNav adds the component named by ?add= (the catalogue pages' "Add to
// design"), then drops the parameter from the address.
func (e *Editor) OnNav(ctx app.Context) {
	u := ctx.Page().URL()
	id := u.Query().Get("add")
	if id == "" || e.store == nil {
		return
	}
	if _, err := e.store.AddNode(id); err != nil {
		e.store.Report(err)
	} else {
		e.store.Say("Added " + e.store.Selection().Node + " from the catalogue.")
	}
	clean := *u
	clean.RawQuery = ""
	ctx.Page().ReplaceURL(&clean)
}

// OnAppUpdate offers to reload: go-app calls it once a new version has been
// installed. The design is saved when the page goes, so reloading loses
// nothing.
func (e *Editor) OnAppUpdate(ctx app.Context) {
	e.updateAvailable = true
}

// OnDismount stores what is unsaved and releases the window listeners.
func (e *Editor) OnDismount() {
	// A save queued for later would not run: go-app drops the dispatches of
	// a component that left the page.
	e.flushSave()
	for _, remove := range e.listeners {
		remove()
	}
	e.listeners = nil
}

// listen adds a window listener (see listen).
func (e *Editor) listen(event string, h func(ev app.Value)) {
	e.listeners = append(e.listeners, listen(app.Window(), event, h, nil))
}

// restore loads the autosaved design. A design that no longer reads is kept
// aside and never overwritten: when there is no room for the copy, autosave
// waits until the user has exported or discarded it. Either way the editor
// starts empty and says what happened.
func (e *Editor) restore() {
	if e.platform == nil {
		return
	}
	saved, ok, err := e.platform.Load(keyDesign)
	switch {
	case err != nil:
		e.restoreWarning = "Your saved design could not be read from browser storage: " + err.Error()
	case ok && strings.TrimSpace(saved) != "":
		e.saved = saved
		if err := e.store.Restore("saved design", []byte(saved)); err != nil {
			e.unreadable = saved
			why := err.Error()
			if keepErr := e.platform.Store(keyUnreadable, saved); keepErr != nil {
				e.holding = true
				e.restoreWarning = "Your saved design no longer loads (" + why + "), and browser storage has no room for a copy (" + keepErr.Error() + "). " +
					"So that it is not overwritten, autosave is off until you export or discard it: changes made now are not saved."
				return
			}
			e.restoreWarning = "Your saved design no longer loads (" + why + "). A copy is kept in this browser's storage; export it to keep it as a file."
		}
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

// autosave notes a change of the design. The design is stored (or, embedded,
// sent to the host) once no change has come for saveDelay, and at once when
// the page is hidden or closed or the editor leaves the page (flushSave).
func (e *Editor) autosave(*Store) {
	e.unsaved, e.lastChange = true, time.Now()
	if e.embed != nil {
		e.embed.noteChange()
	}
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
// While another tab's design waits for the user's choice, or a saved design
// that no longer loads waits to be exported, it stores nothing. Embedded, it
// sends autosave if the design changed since the host loaded or saved it.
func (e *Editor) flushSave() {
	if !e.unsaved {
		return
	}
	if e.embed != nil {
		e.unsaved = false
		e.embed.flush()
		return
	}
	if e.platform == nil || e.theirs != "" || e.holding {
		return
	}
	e.unsaved = !e.save(string(e.store.Export()))
}

// save stores design and reports whether it could.
func (e *Editor) save(design string) bool {
	if err := e.platform.Store(keyDesign, design); err != nil {
		e.saveWarning = "Autosave failed (" + err.Error() + "): your latest changes live only in this tab. Export the design to keep it."
		return false
	}
	if !e.persisting {
		// Ask the browser to keep the storage once it holds a design (not at
		// start-up, where the request would only slow the first render).
		e.persisting = true
		e.platform.Persist()
	}
	e.saved, e.saveWarning = design, ""
	return true
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
	if e.save(string(e.store.Export())) {
		e.unsaved = false
		e.store.Say("Kept this tab's design; the other tab's changes were replaced.")
	}
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

// onDrop imports a dropped YAML file.
func (e *Editor) onDrop(ev app.Value) {
	ev.Call("preventDefault")
	files := ev.Get("dataTransfer").Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	e.readFile(files.Index(0))
}

// readFile reads a File and imports it on the UI goroutine.
func (e *Editor) readFile(file app.Value) {
	if e.platform == nil {
		return
	}
	// Refuse an oversized file before reading it into memory.
	name, size := file.Get("name").String(), int64(file.Get("size").Float())
	sizeError := catalogue.SizeError
	if picture.Named(name) { // a picture that carries a design: see picture.MaxBytes
		sizeError = picture.SizeError
	}
	if err := sizeError(name, size); err != nil {
		e.ctx.Dispatch(func(app.Context) { e.importErrors = []string{err.Error()} })
		return
	}
	e.platform.ReadFile(file, func(name string, data []byte, err error) {
		e.ctx.Dispatch(func(app.Context) {
			if err != nil {
				e.importErrors = []string{name + ": " + err.Error()}
				return
			}
			e.importData(name, data)
		})
	})
}

// importData replaces the design with an imported one, or lists why not.
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

// renderAlerts shows what the user must not miss: failed saves, a design that
// could not be restored, refused imports.
func (e *Editor) renderAlerts() app.UI {
	return app.Div().ID("alerts").Body(
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
				app.Ul().Body(app.Range(e.importErrors).Slice(func(i int) app.UI {
					return app.Li().Body(app.Code().Text(e.importErrors[i]))
				})),
				app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { e.importErrors = nil }),
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
