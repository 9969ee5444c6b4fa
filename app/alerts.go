package app

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// Alerts are what the user must not miss, under the toolbar: failed saves,
// a design that could not be restored, another tab's changes, refused
// imports and comparisons, a share link's or a version's view, what the
// library could not do, an update of the editor. The editor renders them
// (see newAlerts); their Dismiss buttons are their own.
type Alerts struct {
	app.Compo

	Session         *tabSession
	UpdateAvailable bool
	// Redraws counts the editor's renders: what the alerts show is the
	// session's, which changes outside the store (the platform's answers,
	// the other components' actions), and the editor redraws after each
	// change.
	Redraws int
}

// newAlerts are the alerts of the page that shows session s, as of the
// editor's render redraws.
func newAlerts(s *tabSession, updateAvailable bool, redraws int) *Alerts {
	return &Alerts{Session: s, UpdateAvailable: updateAvailable, Redraws: redraws}
}

// Render lists the alerts that apply, in the order of their urgency.
func (a *Alerts) Render() app.UI {
	s := a.Session
	save := s.autosave
	return app.Div().ID("alerts").Body(
		a.renderLoading(),
		a.renderShare(),
		a.renderLiveLost(),
		a.renderLibrary(),
		app.If(save.theirs != "",
			app.Div().Class("alert").Role("alert").Aria("label", "Changed in another tab").Body(
				app.Span().Text("This design was changed in another tab. Autosave is paused here until you choose which design to keep."),
				app.Button().Text("Load the other tab's design").OnClick(func(app.Context, app.Event) { s.autosave.useTheirs() }),
				app.Button().Text("Keep this tab's design").OnClick(func(app.Context, app.Event) { s.autosave.keepMine() }),
			),
		),
		app.If(a.UpdateAvailable,
			app.Div().Class("notice").Role("status").Body(
				app.Span().Text("A new version of the editor is ready. Your design is saved and comes back after the reload."),
				app.Button().Text("Reload to update").OnClick(func(ctx app.Context, _ app.Event) { ctx.Reload() }),
			),
		),
		app.If(save.saveWarning != "",
			app.Div().Class("alert").Role("alert").Body(
				app.Span().Text(save.saveWarning),
				app.Button().Text("Export the design").OnClick(func(app.Context, app.Event) { s.exportYAML() }),
			),
		),
		app.If(save.storageWarning != "",
			app.Div().Class("alert").Role("alert").Aria("label", "Storage").Body(
				app.Span().Text(save.storageWarning),
				app.Button().Text("Export a copy").OnClick(func(app.Context, app.Event) { s.exportYAML() }),
			),
		),
		app.If(save.restoreWarning != "",
			app.Div().Class("alert").Role("alert").Body(
				app.Span().Text(save.restoreWarning),
				app.If(save.unreadable != "",
					app.Button().Text("Export the saved design").OnClick(func(app.Context, app.Event) { s.autosave.exportSaved() }),
				),
				app.If(save.stopped != "",
					app.Button().Text("Restore it").OnClick(func(app.Context, app.Event) { s.autosave.restoreStopped() }),
				).ElseIf(save.holding,
					app.Button().Text("Discard the saved design").OnClick(func(app.Context, app.Event) { s.autosave.discardSaved() }),
				).Else(
					app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { s.autosave.restoreWarning = "" }),
				),
			),
		),
		app.If(len(s.importErrors) > 0,
			app.Div().Class("alert").Role("alert").Aria("label", "Import errors").Body(
				app.P().Text("The design was not imported; it is unchanged. Fix these and import again:"),
				problemList(s.importErrors),
				app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { s.importErrors = nil }),
			),
		),
		app.If(len(s.store.CompareErrors()) > 0,
			app.Div().Class("alert").Role("alert").Aria("label", "Compare errors").Body(
				app.P().Text("Nothing was compared; the design is unchanged. Fix these and compare again:"),
				problemList(s.store.CompareErrors()),
				app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { s.store.SetCompareErrors(nil) }),
			),
		),
	)
}

// renderLibrary is what the library has to say: an import whose design is
// already in the library, a version being previewed, a list or a version
// that could not be kept.
func (a *Alerts) renderLibrary() app.UI {
	s := a.Session
	lib, vs := s.library, s.versions
	var parts []app.UI
	if p := lib.clash; p != nil {
		parts = append(parts, app.Div().Class("alert").Role("alert").Aria("label", "Design already in your designs").Body(
			app.Span().Text(fmt.Sprintf("%s holds the design %q, which your designs have as %s.", fileBase(p.name), p.design.ID, p.clash.Name)),
			// The scope is the import: another one while this alert shows
			// gets handlers of its own.
			app.Button().Text("Replace "+p.clash.Name).Title("A version of it is recorded first: its History can restore it").
				OnClick(func(app.Context, app.Event) { s.library.replaceImported(p) }, fmt.Sprintf("%p", p)),
			app.Button().Text("Add as a new design").OnClick(func(app.Context, app.Event) { s.library.addImported(p) }, fmt.Sprintf("%p", p)),
			app.Button().Text("Cancel import").OnClick(func(app.Context, app.Event) {
				s.library.clash = nil
				s.store.Say("Import cancelled; your designs are unchanged.")
			}),
		))
	}
	if vs.viewing != "" {
		v := vs.previewed
		text := "A version of the design, read-only: the design itself is unchanged."
		if !v.At.IsZero() {
			text = fmt.Sprintf("The version of %s (%s), read-only: the design itself is unchanged. Export YAML exports this version.", when(v.At), v.Why)
		}
		parts = append(parts, app.Div().Class("notice").Role("region").Aria("label", "Version").Body(
			app.Span().Text(text),
			app.If(!v.At.IsZero(), app.Button().Text("Restore this version").OnClick(func(app.Context, app.Event) { s.versions.restore(s.versions.previewed) })),
			app.Button().Text("Back to the design").OnClick(func(app.Context, app.Event) { s.goTo(designAddress(s.designID)) }),
		))
	}
	if len(lib.importReport) > 0 {
		parts = append(parts, app.Div().Class("notice").Role("region").Aria("label", "Import report").Body(
			app.P().Text(fmt.Sprintf("The import left out %s (each line says why):", library.Count(len(lib.importReport), "thing"))),
			reportList(lib.importReport),
			app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { s.library.importReport = nil }),
		))
	}
	if lib.warning != "" {
		parts = append(parts, app.Div().Class("alert").Role("alert").Aria("label", "Designs list").Body(
			app.Span().Text(lib.warning),
			app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { s.library.warning = "" }),
		))
	}
	if vs.warning != "" {
		parts = append(parts, app.Div().Class("alert").Role("alert").Aria("label", "Versions").Body(
			app.Span().Text(vs.warning),
			app.Button().Text("Export the design").OnClick(func(app.Context, app.Event) { s.exportYAML() }),
			app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { s.versions.warning = "" }),
		))
	}
	return app.Div().Body(parts...)
}

// maxListed is how many problems an alert lists: a hostile file can have
// tens of thousands, which would take the page seconds to draw.
const maxListed = 50

// problemList lists problems, the first maxListed of them, saying how
// many more there are.
func problemList(lines []string) app.UI {
	return listed(lines, func(more int) string {
		return fmt.Sprintf("and %d more %s (designer check lists them all)", more, plural(more, "problem"))
	})
}

// reportList lists what an import left out, as problemList lists problems.
func reportList(lines []string) app.UI {
	return listed(lines, func(more int) string {
		return fmt.Sprintf("and %d more (designer import lists them all on its standard error)", more)
	})
}

// listed lists the first maxListed lines, then what more says of the rest.
func listed(lines []string, more func(int) string) app.UI {
	shown := lines[:min(len(lines), maxListed)]
	items := make([]app.UI, 0, len(shown)+1)
	for _, l := range shown {
		items = append(items, app.Li().Body(app.Code().Text(l)))
	}
	if rest := len(lines) - len(shown); rest > 0 {
		items = append(items, app.Li().Text(more(rest)))
	}
	return app.Ul().Body(items...)
}
