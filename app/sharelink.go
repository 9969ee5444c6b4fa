package app

import (
	"fmt"

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
// if the link had not been followed (false).
func (e *Editor) openShared(fragment string) bool {
	data, err := share.Decode(fragment)
	if err == nil {
		e.store.SetShared(true) // before the import, whose change the canvas sees
		if err = e.store.Import(share.Name, data); err == nil {
			e.sharing = true
			e.store.SetReadOnly(true)
			e.store.Say(fmt.Sprintf("Opened a shared design: %d nodes, %d edges, read-only.", len(e.store.Design().Nodes), len(e.store.Design().Edges)))
			return true
		}
	}
	e.store.SetShared(false)
	var lines []string
	switch err := err.(type) {
	case catalogue.ErrorList:
		lines = err.Lines()
	default:
		lines = []string{err.Error()}
	}
	e.shareProblems = lines
	// The address no longer names the link, so a reload starts as usual.
	u := *app.Window().URL()
	u.Fragment = ""
	app.Window().Get("history").Call("replaceState", nil, "", u.String())
	return false
}

// leaveShared opens the user's own design in place of the shared one,
// which was never stored.
func (e *Editor) leaveShared(app.Context, app.Event) {
	id := library.FirstID
	if latest := e.loadLibrary().Latest(); latest != nil {
		id = latest.ID
	}
	e.goTo(designAddress(id))
}

// onCopyShareLink puts a link that carries the design on the clipboard, or
// says why it cannot (a design too large for a link).
func (e *Editor) onCopyShareLink(ctx app.Context, _ app.Event) {
	if e.platform == nil {
		return
	}
	fragment, err := share.Encode(e.store.Export())
	if err != nil {
		if ce, ok := err.(*catalogue.Error); ok {
			err = fmt.Errorf("No share link: %s", ce.Msg)
		}
		e.store.Report(err)
		return
	}
	u := app.Window().URL()
	link := u.Scheme + "://" + u.Host + "/#" + fragment
	size := (len(link) + 1023) / 1024
	e.platform.CopyText(link, func(err error) {
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				e.store.Report(fmt.Errorf("copying the share link failed (%v); use Export YAML instead", err))
				return
			}
			e.store.Say(fmt.Sprintf("Copied a share link (%d KB): whoever opens it sees this design read-only. The design travels inside the link, never to a server.", size))
		})
	})
}

// renderShareAlerts are the share view's notice, and why a link was
// refused.
func (e *Editor) renderShareAlerts() app.UI {
	return app.Div().Body(
		app.If(e.sharing,
			app.Div().Class("notice").Role("region").Aria("label", "Shared design").Body(
				app.Span().Text("A design shared by link, read-only. Nothing of it is stored in this browser until you save a copy, and your own designs are as you left them."),
				app.Button().Text("Save a copy to my designs").OnClick(e.saveSharedCopy),
				app.Button().Text("Open my design").OnClick(e.leaveShared),
			),
		),
		app.If(len(e.shareProblems) > 0,
			app.Div().Class("alert").Role("alert").Aria("label", "Share link").Body(
				app.P().Text("The share link could not be opened, so your own design is shown, unchanged:"),
				problemList(e.shareProblems),
				app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) {
					e.shareProblems = nil
					// The alert goes with its button: the focus goes to the canvas.
					e.ctx.Defer(func(app.Context) { focusFirst("#canvas") })
				}),
			),
		),
	)
}
