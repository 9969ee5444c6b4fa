package app

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/share"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// openShared shows the design a share link's fragment carries, read-only,
// and keeps the user's own design and settings as they are: nothing is
// written to storage for it (the theme and panel widths are read, as
// settings of the browser rather than of a design). A link that cannot be read back
// is refused with why, and the editor starts on the user's own design as
// if the link had not been followed (false). A link may carry another
// tool's file (it is read as a file the editor imports): what its import
// left out is in the Import report.
func (s *tabSession) openShared(fragment string) bool {
	data, err := share.Decode(fragment)
	if err == nil {
		s.store.SetShared(true) // before the import, whose change the canvas sees
		var report []string
		if report, err = s.store.ImportReported(share.Name, data); err == nil {
			s.sharing = true
			s.store.SetReadOnly(true)
			s.store.Say(fmt.Sprintf("Opened a shared design: %s, %s, read-only.", library.Count(len(s.store.Design().Nodes), "node"), library.Count(len(s.store.Design().Edges), "edge")))
			// A link carrying another tool's file: what its import left
			// out is shown as a file's import shows it.
			s.library.importReport = report
			return true
		}
	}
	s.store.SetShared(false)
	var lines []string
	switch err := err.(type) {
	case catalogue.ErrorList:
		lines = err.Lines()
	default:
		lines = []string{err.Error()}
	}
	s.shareProblems = lines
	// The address no longer names the link, so a reload starts as usual.
	u := *app.Window().URL()
	u.Fragment = ""
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
	return false
}

// MendAddress makes the page's address one that Go reads as a URL, before
// go-app starts (call it before app.RunWhenOnBrowser) and whenever the
// address changes in place (popstate, which fires before go-app's own
// handler and the editor's hashchange): a `%` that starts no escape, as in
// a share link damaged on its way (#d=%%%), makes url.Parse fail, and
// go-app, given no URL, stops before drawing anything. The `%` is escaped,
// so that the link reads back as it was written and is refused with why
// (see openShared); an address that still does not read loses its query
// and fragment.
func MendAddress() {
	mend := func() {
		href := app.Window().Get("location").Get("href").String()
		if _, err := url.Parse(href); err == nil {
			return
		}
		mended := escapeStrayPercents(href)
		if _, err := url.Parse(mended); err != nil {
			loc := app.Window().Get("location")
			mended = loc.Get("origin").String() + loc.Get("pathname").String()
		}
		app.Window().Get("history").Call("replaceState", nil, "", mended)
	}
	mend()
	app.Window().Call("addEventListener", "popstate", app.FuncOf(func(app.Value, []app.Value) any {
		mend()
		return nil
	}))
}

// escapeStrayPercents escapes each `%` of s that is not followed by two
// hexadecimal digits as %25, leaving the escapes as they are.
func escapeStrayPercents(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// leaveShared opens the user's own design in place of the shared one,
// which was never stored.
func (s *tabSession) leaveShared() {
	id := library.FirstID
	if latest := s.library.index().Latest(); latest != nil {
		id = latest.ID
	}
	s.goTo(designAddress(id))
}

// onCopyShareLink puts a link that carries the design on the clipboard, or
// says why it cannot (a design too large for a link).
func (t *Toolbar) onCopyShareLink(ctx app.Context, _ app.Event) {
	s := t.Session
	if s.platform == nil {
		return
	}
	fragment, err := share.Encode(s.store.Export())
	if err != nil {
		if ce, ok := err.(*catalogue.Error); ok {
			err = fmt.Errorf("No share link: %s", ce.Msg)
		}
		s.store.Report(err)
		return
	}
	u := app.Window().URL()
	link := u.Scheme + "://" + u.Host + "/#" + fragment
	size := (len(link) + 1023) / 1024
	s.platform.CopyText(link, func(err error) {
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				s.store.Report(fmt.Errorf("copying the share link failed (%v); use Export YAML instead", err))
				return
			}
			s.store.Say(fmt.Sprintf("Copied a share link (%d KB): whoever opens it sees this design read-only. The design travels inside the link, never to a server.", size))
		})
	})
}

// renderShare is the share view's notice, and why a link was
// refused.
func (a *Alerts) renderShare() app.UI {
	s := a.Session
	return app.Div().Body(
		app.If(s.sharing,
			app.Div().Class("notice").Role("region").Aria("label", "Shared design").Body(
				app.Span().Text("A design shared by link, read-only. Nothing of it is stored in this browser until you save a copy, and your own designs are as you left them."),
				app.Button().Text("Save a copy to my designs").OnClick(func(app.Context, app.Event) { s.library.saveSharedCopy() }),
				app.Button().Text("Open my design").OnClick(func(app.Context, app.Event) { s.leaveShared() }),
			),
		),
		app.If(len(s.shareProblems) > 0,
			app.Div().Class("alert").Role("alert").Aria("label", "Share link").Body(
				app.P().Text("The share link is damaged or cannot be read, so it was not opened: your own design is shown, unchanged. Ask whoever shared it for a new link. What is wrong with it:"),
				problemList(s.shareProblems),
				app.Button().Text("Dismiss").OnClick(func(ctx app.Context, _ app.Event) {
					s.shareProblems = nil
					// The alert goes with its button: the focus goes to the canvas.
					ctx.Defer(func(app.Context) { focusFirst("#canvas") })
				}),
			),
		),
	)
}
