package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// renderLiveLost is the alert of a workspace design the server closed for
// good (see liveLink.stop): why, what of this tab's edits it never stored,
// and Keep as a new design, which adds the design as it is in this tab to
// this browser's designs and opens it there. Embedded there is none: the
// host keeps the designs, and hears of it with the closed event.
func (a *Alerts) renderLiveLost() app.UI {
	s := a.Session
	if s.team == nil || s.team.live == nil || !s.team.live.final || s.embed != nil {
		return nil
	}
	l := s.team.live
	say := fmt.Sprintf("“%s” is no longer live: %s. It stays here as it is, read-only.", l.design.Name, l.why)
	if l.unsent > 0 {
		say += fmt.Sprintf(" %d %s made here never reached the server: keep the design to keep them.", l.unsent, plural(l.unsent, "edit"))
	}
	return app.Div().Class("alert").Role("alert").Aria("label", "No longer live").Body(
		app.Span().Text(say),
		app.If(s.platform != nil,
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
