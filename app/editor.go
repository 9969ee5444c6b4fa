package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/share"
)

// Editor is the editor's page: the toolbar, the alerts, the drawers, and
// the palette, canvas, inspector and problems around one Store, of the
// editing session it shows (see session). go-app makes one for each visit
// to the page (see Routes).
type Editor struct {
	app.Compo

	platform   Platform
	catalogues Catalogues // the catalogue of the page, when prerendering
	store      *state.Store
	// session is the tab's editing session, which outlives the editor: an
	// editor that resumes it takes it over with the store.
	session         *tabSession
	updateAvailable bool
	// panelsHeight is the Problems and Analysis panels' height the user
	// chose, in pixels (0: the stylesheet's; see renderPanelsResizer).
	panelsHeight int
	resumed      bool // the session comes from an earlier editor (see resume)

	// mounted is set once the browser runs the editor: the prerendered page
	// looks the same but does not act yet.
	mounted bool
	// unsubscribe ends the editor's subscription to the store (see changed);
	// drawnVersion is the store's version it last redrew for.
	unsubscribe  func()
	drawnVersion int
	// redraws counts the editor's renders, for the components that show
	// the session's state (see Alerts.Redraws).
	redraws int

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

// Render lays out the editor.
func (e *Editor) Render() app.UI {
	s := e.store
	if s == nil {
		return app.Div().ID("editor") // prerendering, until OnPreRender
	}
	e.redraws++
	ss := e.session
	resizers := e.renderResizers()
	// In focus mode (data-focus) the stylesheet gives the canvas the
	// window: the panels stay mounted, with what they hold, but are not
	// displayed, so neither the tab order nor a screen reader meets them.
	return app.Div().ID("editor").DataSet("ready", strconv.FormatBool(e.mounted)).DataSet("focus", strconv.FormatBool(s.Focused())).Body(
		newToolbar(ss),
		newAlerts(ss, e.updateAvailable, e.redraws),
		app.If(ss.sheet == designsSheet && ss.embed == nil, newDesignsDrawer(ss, e.redraws)),
		app.If(ss.sheet == historySheet && ss.embed == nil && !ss.sharing, newHistoryDrawer(ss, e.redraws)),
		app.Main().ID("workspace").
			DataSet("palette", strconv.FormatBool(!s.PanelHidden(state.PanelPalette))).
			DataSet("inspector", strconv.FormatBool(!s.PanelHidden(state.PanelInspector))).Body(
			app.If(!s.PanelHidden(state.PanelPalette), &Palette{Store: s, Catalogue: s.Catalogue(), ReadOnly: s.ReadOnly()}).
				Else(panelStrip(state.PanelPalette, "Show palette", func() { s.HidePanel(state.PanelPalette, false) })),
			&Canvas{Store: s, Version: s.Version(), Platform: e.platform, ViewKey: ss.viewKey(), Presence: ss.teamOf().presence()},
			app.If(!s.PanelHidden(state.PanelInspector), &Inspector{Store: s, Version: s.Version()}).
				Else(panelStrip(state.PanelInspector, "Show inspector", func() { s.HidePanel(state.PanelInspector, false) })),
			app.Range(resizers).Slice(func(i int) app.UI { return resizers[i] }),
		),
		app.Div().ID("panels").Body(
			e.renderPanelsResizer(),
			&Problems{Store: s, Version: s.Version()},
			&Analysis{Store: s, Version: s.Version()},
		),
	)
}

// open starts the editor's store on catalogue cat, in a new session.
func (e *Editor) open(cat *catalogue.Catalogue) {
	e.store = state.NewStore(cat)
	e.session = newSession(e.platform, e.store)
}

// OnPreRender makes the store, on the server, from the page's catalogue.
func (e *Editor) OnPreRender(ctx app.Context) {
	if e.store == nil {
		e.open(e.catalogues(ctx.Page().URL()))
	}
}

// resume continues the editing session of an earlier editor of this page:
// its store, and what autosave, the library and the versions know. (go-app
// makes an editor for every navigation to the page, also one between two
// designs, which it then drops for the editor shown: only a mounted editor
// subscribes.)
func (e *Editor) resume(prev *Editor) {
	e.store, e.session, e.resumed = prev.store, prev.session, true
}

// OnMount restores the autosaved design (unless it resumed a session) and
// listens for shortcuts, paste and dropped files.
func (e *Editor) OnMount(ctx app.Context) {
	e.ctx = ctx
	e.mounted = true
	s := e.session
	s.tab.show(e)
	e.store.OnExported = s.versions.exportedPicture
	e.unsubscribe = e.store.Subscribe(e.changed)
	if app.IsClient {
		// A large design's edit is drawn before its system analysis runs
		// (the Analysis region says it is updating meanwhile).
		e.store.DeferAnalysis(func(run func()) { afterNextPaint(e.ctx, run) })
	}
	defer s.tab.runPending()
	defer e.Update()
	if e.platform != nil {
		defer e.platform.Started()
	}
	// Store what is pending before the page goes away. The handler runs
	// while the browser dispatches the event, before the page is frozen or
	// closed; a dispatch to the UI goroutine could come too late.
	e.listen("pagehide", func(app.Value) { s.autosave.flushOnExit() })
	e.listeners = append(e.listeners, listen(app.Window().Get("document"), "visibilitychange", func(app.Value) {
		if app.Window().Get("document").Get("visibilityState").String() == "hidden" {
			s.autosave.flushOnExit()
		}
	}, nil))
	if embedMode(app.Window().URL()) {
		// The host owns the design: nothing is read from or written to the
		// user's own storage (the theme follows the system's).
		e.startEmbedding(ctx)
		e.listen("keydown", e.onKeyDown)
		e.listen("paste", e.onPaste)
		e.listen("copy", e.onCopyNodes)
		e.listen("cut", e.onCopyNodes)
		return
	}
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
		// A shared design or a version is not the address's; an address
		// that names another design (Back from a catalogue page to an
		// entry of it) opens it (see OnNav).
		if key := addressKey(app.Window().URL()); !s.readOnlyView() && (key == "" || key == s.openKey) {
			s.keepAddress()
		}
		s.autosave.watch()
	case share.Is(app.Window().URL().Fragment) && s.openShared(app.Window().URL().Fragment):
		s.openKey = sharedKey
	default:
		s.openAddress(app.Window().URL())
	}
}

// OnNav opens the design the address names, when it is another (see
// follow), and adds the component named by ?add= (the catalogue pages' "Add
// to design"), then drops the parameter from the address (keeping the rest:
// the design it is in).
func (e *Editor) OnNav(ctx app.Context) {
	u := ctx.Page().URL()
	if e.mounted && e.session.embed == nil && e.platform != nil {
		if key := addressKey(u); key != "" && key != e.session.openKey {
			e.session.follow(u)
		}
	}
	id := u.Query().Get("add")
	if id == "" || e.store == nil {
		return
	}
	switch s := e.session; {
	case s.sharing:
		e.store.Report(fmt.Errorf("%s was not added: this shared design is read-only (Open my design, then add it there)", id))
	case s.versions.viewing != "":
		e.store.Report(fmt.Errorf("%s was not added: this version is read-only (Back to the design, then add it there)", id))
	case s.autosave.restoring:
		s.autosave.adding = id // into the saved design, once read
	default:
		addFromCatalogue(e.store, id)
	}
	clean := *u
	q := clean.Query()
	q.Del("add")
	clean.RawQuery = q.Encode()
	ctx.Page().ReplaceURL(&clean)
}

// addFromCatalogue adds a node of component id to the design of s, as a
// catalogue page's "Add to design" asks.
func addFromCatalogue(s *state.Store, id string) {
	if _, err := s.AddNode(id); err != nil {
		s.Report(err)
		return
	}
	s.Say("Added " + s.Selection().Node + " from the catalogue.")
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
	s := e.session
	s.autosave.flushBeforeLeaving()
	s.tab.hide(e)
	for _, remove := range e.listeners {
		remove()
	}
	e.listeners = nil
	for _, stop := range []*func(){&e.unsubscribe, &s.unwatch} {
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

// changed hears every commit of the store: a change of the design is
// autosaved, and the editor (with every panel whose version it passes)
// redraws after any change of what is drawn, whichever component raised it:
// with go-app's Emit or Dispatch, from a listener or a timer. The update is
// go-app's, so it merges with the one an Emit schedules in the same frame.
func (e *Editor) changed(s *state.Store, c state.Changed) {
	if c.Design && !c.Opened { // a design opened is as it was stored
		e.session.autosave.noteChange(e.ctx)
	}
	if e.ctx != nil && e.mounted && s.Version() != e.drawnVersion {
		e.drawnVersion = s.Version()
		e.ctx.Dispatch(func(app.Context) {})
	}
}

// afterNextPaint runs run on the UI goroutine in a task after the browser
// has painted the frame that go-app is rendering, once it is idle: go-app
// renders on a timer of its own and the browser paints only once the wasm
// yields, so the function waits for the render (Defer), then for an idle
// period (which follows the paint, and any input waiting), or 200 ms at
// most. Where requestIdleCallback is missing (Safari), it waits for the
// next animation frame (which comes just before the paint) and a task
// after it.
func afterNextPaint(ctx app.Context, run func()) {
	ctx.Defer(func(ctx app.Context) {
		var wait, task app.Func
		task = app.FuncOf(func(app.Value, []app.Value) any {
			task.Release()
			ctx.Dispatch(func(app.Context) { run() })
			return nil
		})
		if w := app.Window(); w.Get("requestIdleCallback").Truthy() {
			w.Call("requestIdleCallback", task, map[string]any{"timeout": 200})
			return
		}
		wait = app.FuncOf(func(app.Value, []app.Value) any {
			wait.Release()
			app.Window().Call("setTimeout", task, 0)
			return nil
		})
		app.Window().Call("requestAnimationFrame", wait)
	})
}
