package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// renderLiveLost shows what must not be missed of a workspace design's
// link beyond the toolbar's few words: embedded, why the design waits for
// the portal's token; and once the server closed the link for good (see
// liveLink.stop), why, what of this tab's edits it never stored, and, but
// embedded (the host keeps the designs, and hears of it with the closed
// event), Keep as a new design, which adds the design as it is in this tab
// to this browser's designs and opens it there.
func (a *Alerts) renderLiveLost() app.UI {
	s := a.Session
	if s.team == nil || s.team.live == nil {
		return nil
	}
	l := s.team.live
	if !l.final {
		if s.embed == nil || s.embed.waiting == "" {
			return nil
		}
		// The status line announces it; this is its whole text, shown.
		return app.Div().Class("notice").Role("region").Aria("label", "Workspace sign-in").Body(app.Span().Text(s.embed.waiting))
	}
	say := fmt.Sprintf("“%s” is no longer live: %s. It stays here as it is, read-only.", l.design.Name, l.why)
	keep := s.embed == nil && s.platform != nil
	if l.unsent > 0 {
		say += fmt.Sprintf(" %d %s made here never reached the server", l.unsent, plural(l.unsent, "edit"))
		if keep {
			say += ": keep the design to keep them"
		}
		say += "."
	}
	return app.Div().Class("alert").Role("alert").Aria("label", "No longer live").Body(
		app.Span().Text(say),
		app.If(keep,
			app.Button().Text("Keep as a new design").Title("Add the design as it is in this tab to your designs in this browser, and open it there").
				OnClick(func(app.Context, app.Event) { l.keepAsNew() }),
		),
	)
}

// keepAsNew adds the design as this tab shows it to this browser's designs, as
// a new design, and opens it there.
func (l *liveLink) keepAsNew() {
	s := l.t.s
	s.library.addDesign(l.design.Name, string(s.store.Export()), s.store.Design(), library.WhyImport, "kept from the workspace when it was no longer live", nil)
}
