package app

import (
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue/library"
)

// tabSession is the editing session of a tab: the store, the design of the
// library open in it, and what its autosave, the library and its versions
// know. It outlives an editor: go-app makes an editor for each visit to the
// page, which resumes the session (see Editor.resume), and the browser's
// storage answers whenever it does, so its answers go to the editor shown
// then (see tabState.run). The editor holds it, and hands it to the
// toolbar, the alerts and the drawers it renders. Opening another design
// starts the design's part afresh (see reopen).
type tabSession struct {
	store    *state.Store
	platform Platform
	tab      *tabState
	// embed is the host's protocol, in embed mode (?embed=1): the host
	// keeps the design, and nothing is stored here.
	embed *embedding

	// designID is the library's id of the design being edited (see
	// designLibrary.choose), which names its storage keys.
	designID string
	autosave *autosave
	library  *designLibrary
	versions *versions
	// sharing says the design is one a share link carried: read-only, and
	// never stored (see openShared); shareProblems why a link was refused.
	sharing       bool
	shareProblems []string
	// loading is the design being read in steps, if any (see readInSteps).
	loading *loading
	// importErrors are why a file was not imported, until dismissed.
	importErrors []string
	// sheet is the drawer open over the workspace (see the drawers'
	// files): the toolbar's buttons say which and open it, the editor
	// places it, and opening another design closes it.
	sheet sheet
	// designsQuery is the Designs drawer's search, kept while the design
	// is open.
	designsQuery string
	// opening says the design is being read in place of another, which the
	// store shows read-only meanwhile (see reopen).
	opening bool
	// openKey is the design (and version) the address named when it
	// opened, to tell a navigation to another (see Editor.OnNav).
	openKey string
	// unwatch ends the watch for other tabs' saves of the open design.
	unwatch func()
	// team is the team workspace, and the design open live from it (see
	// live.go); nil until Designs asks for it.
	team *team

	// navigate goes to an address in the tab (a test's records it): go-app
	// adds it to the tab's history and calls OnNav, which opens it.
	navigate func(u string)
	// clock is the time (a test's is fixed).
	clock func() time.Time
}

// sheet names a drawer.
type sheet int

const (
	noSheet sheet = iota
	designsSheet
	historySheet
)

// newSession starts a session on store, with platform p (nil when
// prerendering).
func newSession(p Platform, store *state.Store) *tabSession {
	s := &tabSession{store: store, platform: p, tab: &tabState{}, autosave: &autosave{}, library: &designLibrary{}, versions: &versions{}}
	s.startAfresh()
	return s
}

// startAfresh forgets what the session knew of the design open, as a page
// load on another design would: its autosave, versions, conflicts,
// warnings, and the drawers open over it.
func (s *tabSession) startAfresh() {
	s.team.leave()
	s.dropLoading()
	s.designID = library.FirstID
	*s.autosave = autosave{s: s}
	*s.library = designLibrary{s: s}
	*s.versions = versions{s: s}
	s.sharing, s.shareProblems, s.importErrors = false, nil, nil
	s.sheet, s.designsQuery = noSheet, ""
	s.opening, s.openKey = false, ""
}

func (s *tabSession) now() time.Time {
	if s.clock != nil {
		return s.clock()
	}
	return time.Now()
}

// readOnlyView says the page shows a design that is not stored here: a
// share link's, a version's preview, or a workspace design open live (the
// server keeps it).
func (s *tabSession) readOnlyView() bool {
	return s.sharing || s.versions.viewing != "" || s.team != nil && s.team.live != nil
}

// ctx is the context of the editor shown, or nil while none is.
func (s *tabSession) ctx() app.Context {
	s.tab.mu.Lock()
	defer s.tab.mu.Unlock()
	if s.tab.owner == nil {
		return nil
	}
	return s.tab.owner.ctx
}

// run runs f on the UI goroutine, in the editor shown (see tabState.run).
func (s *tabSession) run(f func()) { s.tab.run(f) }

// tabState is what outlives the designs a tab opens: the way the
// platform's answers reach the editor shown, and the request that the
// browser keep this site's storage. The session holds it.
type tabState struct {
	// owner is the editor shown, which runs what pending holds; shown says
	// an editor was, once.
	mu      sync.Mutex
	owner   *Editor
	pending []func()
	shown   bool
	// persisting says persistent storage was asked for.
	persisting bool
	// opens counts the designs opened in place (see reopen), so that the
	// storage's late answers about one before are told apart.
	opens int
	// keepID names this tab's records of a live design's unsent changes
	// (see liveLink.keep), made on first use.
	keepID string
}

// show makes e the editor that runs the platform's answers.
func (t *tabState) show(e *Editor) {
	t.mu.Lock()
	t.owner, t.shown = e, true
	t.mu.Unlock()
}

// hide ends e's turn, when it leaves the page: answers wait for the next.
func (t *tabState) hide(e *Editor) {
	t.mu.Lock()
	if t.owner == e {
		t.owner = nil
	}
	t.mu.Unlock()
}

// run runs f on the UI goroutine, in the editor shown, and renders it: for
// the platform's callbacks, which come on any goroutine. With no editor
// shown (or one that goes before it runs f), f waits for the next.
func (t *tabState) run(f func()) {
	t.mu.Lock()
	t.pending = append(t.pending, f)
	owner, shown := t.owner, t.shown
	t.mu.Unlock()
	switch {
	case owner != nil && owner.ctx != nil:
		owner.ctx.Dispatch(func(app.Context) { t.runPending() })
	case owner == nil && !shown:
		t.runPending() // never shown, as in a native test: at once
	}
}

// runPending runs what the platform's callbacks left to run.
func (t *tabState) runPending() {
	for {
		t.mu.Lock()
		if len(t.pending) == 0 {
			t.mu.Unlock()
			return
		}
		f := t.pending[0]
		t.pending = t.pending[1:]
		t.mu.Unlock()
		f()
	}
}
