package app

import (
	"fmt"
	"net/url"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// Opening a design swaps it in place: the address names the design (and
// the version previewed), go-app adds each address to the tab's history and
// calls OnNav, which opens what it names once what the design before
// changed is stored. No page load: the design before stays drawn until
// the next is read.

// sharedKey is the openKey of a share link's design, which no address of
// a design names.
const sharedKey = "#shared"

// addressKey names the design and version an address opens ("" for none:
// the design open stays).
func addressKey(u *url.URL) string {
	q := u.Query()
	if q.Get("design") == "" {
		return ""
	}
	return q.Get("design") + "@" + q.Get("version")
}

// openAddress starts on what address u names: a version's preview, or a
// design of the library (then a version of it restored, if asked), or the
// design most recently changed.
func (e *Editor) openAddress(u *url.URL) {
	e.chooseDesign(u)
	e.watch()
	e.openKey = addressKey(app.Window().URL())
	query := u.Query()
	if stamp := query.Get("version"); stamp != "" && e.platform != nil {
		e.openVersion(stamp)
		return
	}
	if stamp := query.Get("restore"); stamp != "" {
		e.afterRestore = func() { e.restoreStamp(stamp) }
	}
	e.restore()
}

// watch listens for other tabs' saves of the open design.
func (e *Editor) watch() {
	if e.unwatch != nil {
		e.unwatch()
		e.unwatch = nil
	}
	if e.platform == nil || e.ctx == nil {
		return
	}
	ctx := e.ctx
	e.unwatch = e.platform.Watch(library.DesignKey(e.designID), func(value string) {
		ctx.Dispatch(func(app.Context) { e.otherTabSaved(value) })
	})
}

// reopen opens what address u names in place of the open design, as a
// page load on u would: what the editor knew of the design before (its
// autosave, history, conflicts, warnings) goes, and the store shows the
// design before read-only until the next is read (an edit meanwhile would
// be lost), then starts afresh on it (see Store.Open).
func (e *Editor) reopen(u *url.URL) {
	*e.saveState = saveState{tabState: e.saveState.tabState, designID: library.FirstID}
	e.opens++
	e.store.SetShared(false)
	e.store.SetReadOnly(true)
	e.opening = true
	e.openAddress(u)
	if e.ctx != nil {
		e.ctx.Defer(func(app.Context) { focusFirst("#canvas") }) // what had the focus (Open, in Designs) is gone
	}
}

// opened ends reopen's wait: the design read is editable.
func (e *Editor) opened() {
	if e.opening {
		e.opening = false
		e.store.SetReadOnly(false)
	}
}

// goTo opens the design (or version) at address u in this tab, in place
// of the open one, once what the open design changed is stored: the
// address goes into the tab's history, and OnNav opens it (see follow).
// While the design cannot give way yet, it says what to do first.
func (e *Editor) goTo(u string) {
	e.leaveFor(func() {
		switch {
		case e.navigate != nil:
			e.navigate(u)
		case e.ctx != nil:
			e.ctx.Navigate(u)
		}
	}, func(err error) { e.store.Report(err) })
}

// follow opens what address u names in place of the open design: the
// address of goTo, of a link, or of Back or Forward. When the open design
// cannot give way yet, the address goes back to it.
func (e *Editor) follow(u *url.URL) {
	e.leaveFor(func() { e.reopen(u) }, func(err error) {
		if err != nil {
			e.store.Report(err)
		}
		e.keepAddress()
	})
}

// leaveFor runs leave once what the open design changed is stored, with
// the versions on their way; or refused, when the design cannot give way
// yet (nil: a save failed, and its warning says so). The design waits for
// the user's choice (another tab's design, or a saved design that no longer
// loads), or it is still being read.
func (e *Editor) leaveFor(leave func(), refused func(error)) {
	switch {
	case e.theirs != "":
		refused(fmt.Errorf("Choose which design to keep (the alert above) before opening another"))
		return
	case e.holding:
		refused(fmt.Errorf("Export or discard the saved design that no longer loads (the alert above) before opening another"))
		return
	case (e.restoring || e.opening) && !e.readOnlyView():
		refused(fmt.Errorf("The design is still being read; open the other one in a moment"))
		return
	case e.readOnlyView():
		leave()
		return
	}
	var attempt func()
	attempt = func() {
		if e.unsaved || e.saving {
			e.flushSave()
			if e.saving {
				e.afterSave = append(e.afterSave, attempt)
				return
			}
			if e.unsaved {
				refused(nil)
				return
			}
		}
		if e.history.recording {
			e.history.afterVersions = append(e.history.afterVersions, attempt)
			return
		}
		leave()
	}
	attempt()
}
