package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// HistoryDrawer is the History drawer: the open design's versions, the
// newest first, each to preview, restore or export, and Save version. The
// editor renders it while it is open (see newHistoryDrawer), which the
// toolbar's History button and the drawer's Close toggle.
type HistoryDrawer struct {
	app.Compo

	Session *tabSession
	// Redraws counts the editor's renders: the versions change as they are
	// recorded, which the platform answers (see Alerts.Redraws).
	Redraws int
}

// newHistoryDrawer is the History drawer of the page that shows session
// s, as of the editor's render redraws.
func newHistoryDrawer(s *tabSession, redraws int) *HistoryDrawer {
	return &HistoryDrawer{Session: s, Redraws: redraws}
}

// Render lists the versions.
func (d *HistoryDrawer) Render() app.UI {
	s := d.Session
	vs := s.versions
	var rows []app.UI
	var total, count int
	if h := vs.h; h != nil {
		total, count = h.Bytes(), len(h.Versions)
		for i := len(h.Versions) - 1; i >= 0; i-- {
			v := h.Versions[i]
			at := when(v.At)
			current := vs.viewing != "" && vs.viewing == v.Stamp()
			rows = append(rows, app.Li().Body(
				app.Span().Class("version-when").Body(
					app.Text(at),
					app.Span().Class("hint").Text(fmt.Sprintf(" · %s · %s", v.Why, library.Count(v.Nodes, "node"))),
				),
				app.Div().Class("version-summary").Text(v.Summary),
				app.Span().Class("design-actions").Body(
					app.If(!current,
						app.Button().Text("Preview").Aria("label", "Preview the version of "+at).
							OnClick(func(app.Context, app.Event) { s.goTo(designAddress(s.designID, "version", v.Stamp())) }, v.Stamp()),
					),
					app.Button().Text("Restore").Aria("label", "Restore the version of "+at).
						OnClick(func(app.Context, app.Event) { s.versions.restore(v) }, v.Stamp()),
					app.Button().Text("Export").Aria("label", "Export the version of "+at).
						OnClick(func(app.Context, app.Event) { s.versions.export(v) }, v.Stamp()),
				),
			))
		}
	}
	if len(rows) == 0 {
		rows = append(rows, app.Li().Class("hint").Text("No versions yet: one is recorded on import and export, with Save version, and every few minutes while you edit."))
	}
	name := ""
	if entry := s.library.index().Find(s.designID); entry != nil {
		name = entry.Name
	}
	return app.Section().ID("history").Class("sheet sheet-right").Aria("label", "History").Attr("tabindex", "-1").
		OnKeyDown(func(ctx app.Context, ev app.Event) {
			if ev.Get("key").String() == "Escape" {
				d.close(ctx)
			}
		}).Body(
		app.Div().Class("sheet-head").Body(
			app.H2().Text("History of "+name),
			app.Button().ID("history-close").Text("Close history").OnClick(func(ctx app.Context, _ app.Event) { d.close(ctx) }),
		),
		app.If(vs.viewing == "", app.Div().Class("sheet-tools").Body(
			button(!vs.loaded).Text("Save version").Title("Record the design as it is now").
				OnClick(func(app.Context, app.Event) { s.versions.saveVersion() }),
		)),
		app.P().Class("hint").Text(fmt.Sprintf("Versions are recorded on import and export, with Save version, every %d minutes while you edit, and before a restore or an import replaces the design. Every version of the last day is kept, then one a day for a month, then one a week, within %s for the design (the oldest go first): %s, %s.",
			int(library.EditInterval.Minutes()), bytesSize(library.MaxHistoryBytes), library.Count(count, "version"), bytesSize(float64(total)))),
		app.Ol().Class("version-list").Body(rows...),
	)
}

// close closes the drawer, and the page redraws without it.
func (d *HistoryDrawer) close(ctx app.Context) {
	ctx.Emit(func() { d.Session.toggleHistory(ctx) })
}

// toggleHistory opens or closes the History drawer (closing Designs).
func (s *tabSession) toggleHistory(ctx app.Context) {
	s.toggleSheet(ctx, historySheet, "#history-button", "#history-close")
}
