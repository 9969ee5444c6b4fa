package app

import (
	"fmt"
	"net/url"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
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
	if id := q.Get(workspaceParam); id != "" {
		return "workspace:" + id // a workspace design, live
	}
	if q.Get("design") == "" {
		return ""
	}
	return q.Get("design") + "@" + q.Get("version")
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

// openAddress starts on what address u names: a workspace design live, a
// version's preview, or a design of the library (then a version of it restored, if asked), or the
// design most recently changed.
func (s *tabSession) openAddress(u *url.URL) {
	if s.openLiveAddress(u) {
		return
	}
	s.library.choose(u)
	s.autosave.watch()
	s.openKey = addressKey(app.Window().URL())
	query := u.Query()
	if stamp := query.Get("version"); stamp != "" && s.platform != nil {
		s.versions.preview(stamp)
		return
	}
	if stamp := query.Get("restore"); stamp != "" {
		s.autosave.afterRestore = func() { s.versions.restoreStamp(stamp) }
	}
	s.autosave.restore()
}

// keepAddress puts the open design in the address, keeping the rest of it
// but a restore asked for.
func (s *tabSession) keepAddress() {
	u := *app.Window().URL()
	if u.Path == "" {
		return // not in a browser
	}
	q := u.Query()
	if q.Get("design") == s.designID && !q.Has("restore") && !q.Has(workspaceParam) {
		return
	}
	q.Set("design", s.designID)
	q.Del("restore")      // done once: a reload must not restore again
	q.Del(workspaceParam) // a workspace design that did not open
	u.RawQuery = q.Encode()
	if ctx := s.ctx(); ctx != nil {
		ctx.Page().ReplaceURL(&u) // go-app's too: back to the address before is a navigation
		return
	}
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
}

// reopen opens what address u names in place of the open design, as a
// page load on u would: what the session knew of the design before (its
// autosave, history, conflicts, warnings) goes, and the store shows the
// design before read-only until the next is read (an edit meanwhile would
// be lost), then starts afresh on it (see state.Store.Open).
func (s *tabSession) reopen(u *url.URL) {
	s.startAfresh()
	s.tab.opens++
	s.store.SetShared(false)
	s.store.SetReadOnly(true)
	s.opening = true
	s.openAddress(u)
	if ctx := s.ctx(); ctx != nil {
		ctx.Defer(func(app.Context) { focusFirst("#canvas") }) // what had the focus (Open, in Designs) is gone
	}
}

// opened ends reopen's wait: the design read is editable.
func (s *tabSession) opened() {
	if s.opening {
		s.opening = false
		s.store.SetReadOnly(false)
	}
}

// goTo opens the design (or version) at address u in this tab, in place
// of the open one, once what the open design changed is stored: the
// address goes into the tab's history, and OnNav opens it (see follow).
// While the design cannot give way yet, it says what to do first.
func (s *tabSession) goTo(u string) {
	s.leaveFor(func() {
		if s.navigate != nil {
			s.navigate(u)
		} else if ctx := s.ctx(); ctx != nil {
			ctx.Navigate(u)
		}
	}, func(err error) { s.store.Report(err) })
}

// follow opens what address u names in place of the open design: the
// address of goTo, of a link, or of Back or Forward. When the open design
// cannot give way yet, the address goes back to it.
func (s *tabSession) follow(u *url.URL) {
	s.leaveFor(func() { s.reopen(u) }, func(err error) {
		if err != nil {
			s.store.Report(err)
		}
		s.putBackAddress()
	})
}

// putBackAddress writes the address of the design open over the one a
// refused navigation went to (only a design of the library refuses: a
// share link's and a version's pages give way at once). The entry the
// browser moved to is that design's now.
func (s *tabSession) putBackAddress() {
	u := *app.Window().URL()
	if u.Path == "" {
		return // not in a browser
	}
	u.RawQuery, u.Fragment = url.Values{"design": {s.designID}}.Encode(), ""
	if t := s.team; t != nil && t.live != nil {
		u.RawQuery = url.Values{workspaceParam: {t.live.design.ID}}.Encode()
	}
	if ctx := s.ctx(); ctx != nil {
		ctx.Page().ReplaceURL(&u)
	}
	s.openKey = addressKey(&u)
}

// leaveFor runs leave once what the open design changed is stored, with
// the versions on their way; or refused, when the design cannot give way
// yet (nil: a save failed, and its warning says so). The design waits for
// the user's choice (another tab's design, or a saved design that no longer
// loads), or it is still being read.
func (s *tabSession) leaveFor(leave func(), refused func(error)) {
	a, vs := s.autosave, s.versions
	switch {
	case a.theirs != "":
		refused(fmt.Errorf("Choose which design to keep (the alert above) before opening another"))
		return
	case s.loading != nil && !a.restoring:
		refused(fmt.Errorf("A design is being imported; wait until it is, or press Stop, before opening another"))
		return
	case a.stopped != "":
		// Its restore stopped, the saved design is as it was: nothing
		// of it is lost by leaving (what was changed since is not
		// saved, as the alert says).
		leave()
		return
	case a.holding:
		refused(fmt.Errorf("Export or discard the saved design that no longer loads (the alert above) before opening another"))
		return
	case s.team.warnUnsent():
		refused(fmt.Errorf("%s: they are lost if you leave. Wait until the toolbar says Live, or Export YAML to keep them; open the other design again to leave anyway", s.team.live.Status()))
		return
	case (a.restoring || s.opening) && !s.readOnlyView():
		refused(fmt.Errorf("The design is still being read; open the other one in a moment"))
		return
	case s.readOnlyView():
		leave()
		return
	}
	var attempt func()
	attempt = func() {
		if a.unsaved || a.saving {
			a.flush()
			if a.saving {
				a.afterSave = append(a.afterSave, func(stored bool) {
					if !stored {
						refused(nil) // the save's warning says why
						return
					}
					attempt()
				})
				return
			}
			if a.unsaved {
				refused(nil)
				return
			}
		}
		if vs.recording {
			vs.afterVersions = append(vs.afterVersions, attempt)
			return
		}
		leave()
	}
	attempt()
}
