package app

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// when is a time as the library shows it, to the second (two versions a
// minute apart stay apart), in the browser's time zone.
func when(t time.Time) string { return t.Local().Format("2006-01-02 15:04:05") }

// ago says how long before now t was, roughly.
func ago(t, now time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	}
	return t.Local().Format("2 Jan 2006")
}

// toggleDesigns opens or closes the Designs region; open, it takes the
// focus, closed, it gives it back to its button.
func (e *Editor) toggleDesigns(ctx app.Context, _ app.Event) {
	e.showDesigns = !e.showDesigns
	e.renaming = ""
	if e.showDesigns {
		e.history.show = false
		e.purgeTrash()
		e.refreshEstimate()
		ctx.Defer(func(app.Context) { focusFirst("#designs-search") })
		return
	}
	ctx.Defer(func(app.Context) { focusFirst("#designs-button") })
}

// toggleHistory opens or closes the History region.
func (e *Editor) toggleHistory(ctx app.Context, _ app.Event) {
	e.history.show = !e.history.show
	if e.history.show {
		e.showDesigns = false
		ctx.Defer(func(app.Context) { focusFirst("#history-close") })
		return
	}
	ctx.Defer(func(app.Context) { focusFirst("#history-button") })
}

// refreshEstimate asks how much of the browser's storage the editor uses,
// for the Designs region.
func (e *Editor) refreshEstimate() {
	if e.platform == nil {
		return
	}
	e.platform.StorageEstimate(func(usage, quota float64) {
		e.run(func() { e.usage, e.quota = usage, quota })
	})
}

// renderLibraryButtons are the toolbar's Designs and History: not embedded
// (the host keeps the designs), nor on a share link's page.
func (e *Editor) renderLibraryButtons() app.UI {
	if e.embed != nil {
		return nil
	}
	return app.Div().Class("library-buttons").Body(
		app.Button().ID("designs-button").Text("Designs").Title("Your designs in this browser: open, rename, duplicate, delete, back up").
			Aria("expanded", strconv.FormatBool(e.showDesigns)).Aria("controls", "designs").OnClick(e.toggleDesigns),
		app.If(!e.sharing,
			app.Button().ID("history-button").Text("History").Title("The design's recorded versions: preview, restore, export").
				Aria("expanded", strconv.FormatBool(e.history.show)).Aria("controls", "history").OnClick(e.toggleHistory),
		),
	)
}

// renderDesigns is the Designs region: the library's designs, the most
// recently changed first, with what each holds and the ways to open,
// rename, duplicate and delete them; the trash; the backup.
func (e *Editor) renderDesigns() app.UI {
	if !e.showDesigns || e.embed != nil {
		return nil
	}
	ix := e.loadLibrary()
	now := e.now()
	live := ix.Listed(e.designsQuery, false)
	trash := ix.Listed("", true)
	rows := make([]app.UI, 0, len(live))
	for _, entry := range live {
		rows = append(rows, e.renderDesignRow(entry, now))
	}
	if len(live) == 0 {
		rows = append(rows, app.Li().Class("hint").Text("No design's name holds “"+e.designsQuery+"”."))
	}
	storage := "Your designs live in this browser's storage for this site, and nowhere else: export them all to back them up."
	if e.quota > 0 {
		storage += fmt.Sprintf(" The site uses %s of the %s the browser allows it.", bytesSize(e.usage), bytesSize(e.quota))
	}
	return app.Section().ID("designs").Class("sheet").Aria("label", "Designs").Attr("tabindex", "-1").
		OnKeyDown(func(ctx app.Context, ev app.Event) {
			if ev.Get("key").String() == "Escape" && e.renaming == "" {
				e.toggleDesigns(ctx, ev)
			}
		}).Body(
		app.Div().Class("sheet-head").Body(
			app.H2().Text("Designs"),
			app.Button().Text("Close designs").OnClick(e.toggleDesigns),
		),
		app.Input().ID("designs-search").Type("search").Placeholder("Search by name").Aria("label", "Search designs").
			Value(e.designsQuery).OnInput(func(ctx app.Context, _ app.Event) { e.designsQuery = ctx.JSSrc().Get("value").String() }),
		app.Div().Class("sheet-tools").Body(
			app.Button().Text("New design").OnClick(func(app.Context, app.Event) { e.newDesign() }),
			app.Button().Text("Export all designs").Title("One zip file with every design and its versions, which Import designs archive reads back").
				OnClick(func(app.Context, app.Event) { e.exportAll() }),
			app.Label().Class("button").For("archive-file").Text("Import designs archive"),
			app.Input().ID("archive-file").Type("file").Accept(archiveAccept).Class("visually-hidden").OnChange(e.onImportArchive),
		),
		app.Ul().Class("design-list").Body(rows...),
		app.If(len(trash) > 0,
			app.Details().Class("trash").Body(
				app.Summary().Text(fmt.Sprintf("Trash (%d)", len(trash))),
				app.P().Class("hint").Text(fmt.Sprintf("Deleted designs are kept for %d days, then removed with their versions.", library.TrashDays)),
				app.Ul().Class("design-list").Body(e.renderTrash(trash)...),
			),
		),
		app.P().Class("hint").Text(storage),
	)
}

// renderDesignRow is one design of the list.
func (e *Editor) renderDesignRow(entry library.Entry, now time.Time) app.UI {
	about := fmt.Sprintf("%s · %s · changed %s", library.Count(entry.Nodes, "node"), entry.Problems(), ago(entry.Changed, now))
	var name app.UI
	switch {
	case e.renaming == entry.ID:
		name = app.Input().ID("rename-design").Type("text").Value(entry.Name).Aria("label", "New name for "+entry.Name).
			MaxLength(library.MaxNameLength).AutoFocus(true).
			OnChange(func(ctx app.Context, _ app.Event) { e.renameDesign(entry.ID, ctx.JSSrc().Get("value").String()) }, entry.ID).
			OnKeyDown(func(ctx app.Context, ev app.Event) {
				if ev.Get("key").String() == "Escape" {
					e.renaming = ""
					ctx.Defer(func(app.Context) { focusFirst("#designs-search") })
				}
			}, entry.ID)
	case entry.ID == e.designID && !e.readOnlyView():
		name = app.Span().Class("design-name").Body(app.Strong().Text(entry.Name), app.Text(" (open here)"))
	default:
		name = app.Button().Class("link design-name").Aria("label", "Open "+entry.Name).Text(entry.Name).
			OnClick(func(app.Context, app.Event) { e.goTo(designAddress(entry.ID)) }, entry.ID)
	}
	return app.Li().DataSet("worst", worstOf(entry)).Body(
		name,
		app.Span().Class("hint design-about").Text(about),
		app.Span().Class("design-actions").Body(
			app.Button().Text("Rename").Aria("label", "Rename "+entry.Name).
				OnClick(func(app.Context, app.Event) { e.renaming = entry.ID }, entry.ID),
			app.Button().Text("Duplicate").Aria("label", "Duplicate "+entry.Name).
				OnClick(func(app.Context, app.Event) { e.withEntry(entry.ID, e.duplicateDesign) }, entry.ID),
			app.Button().Text("Delete").Aria("label", "Delete "+entry.Name).
				OnClick(func(app.Context, app.Event) { e.withEntry(entry.ID, e.deleteDesign) }, entry.ID),
		),
	)
}

func worstOf(entry library.Entry) string {
	switch {
	case entry.Errors > 0:
		return "error"
	case entry.Warnings > 0:
		return "warning"
	}
	return "none"
}

// withEntry calls f with the design id names as the list has it now: a
// row's handlers capture its id alone, as go-app keeps the first handler a
// row was drawn with while its id stays the same (a rename changes the
// rest).
func (e *Editor) withEntry(id string, f func(library.Entry)) {
	entry := e.loadLibrary().Find(id)
	if entry == nil {
		e.store.Report(fmt.Errorf("This design is no longer in the list (another tab may have removed it)"))
		return
	}
	f(*entry)
}

// renderTrash lists the deleted designs, each with Recover.
func (e *Editor) renderTrash(trash []library.Entry) []app.UI {
	rows := make([]app.UI, 0, len(trash))
	for _, entry := range trash {
		until := entry.Deleted.Add(library.TrashDays * 24 * time.Hour)
		rows = append(rows, app.Li().Body(
			app.Span().Class("design-name").Text(entry.Name),
			app.Span().Class("hint design-about").Text(fmt.Sprintf("%s · deleted %s, kept until %s", library.Count(entry.Nodes, "node"), entry.Deleted.Local().Format("2 Jan 2006"), until.Local().Format("2 Jan 2006"))),
			app.Span().Class("design-actions").Body(
				// Names in the trash may repeat: the time tells them apart.
				app.Button().Text("Recover").Aria("label", "Recover "+entry.Name+", deleted "+when(entry.Deleted)).
					OnClick(func(app.Context, app.Event) { e.withEntry(entry.ID, e.recoverDesign) }, entry.ID),
			),
		))
	}
	return rows
}

// renderHistory is the History region: the open design's versions, the
// newest first, each to preview, restore or export.
func (e *Editor) renderHistory() app.UI {
	if !e.history.show || e.embed != nil || e.sharing {
		return nil
	}
	h := e.history.h
	var rows []app.UI
	var total, count int
	if h != nil {
		total, count = h.Bytes(), len(h.Versions)
		for i := len(h.Versions) - 1; i >= 0; i-- {
			v := h.Versions[i]
			at := when(v.At)
			current := e.viewing() && e.history.viewing == v.Stamp()
			rows = append(rows, app.Li().Body(
				app.Span().Class("version-when").Body(
					app.Text(at),
					app.Span().Class("hint").Text(fmt.Sprintf(" · %s · %s", v.Why, library.Count(v.Nodes, "node"))),
				),
				app.Div().Class("version-summary").Text(v.Summary),
				app.Span().Class("design-actions").Body(
					app.If(!current,
						app.Button().Text("Preview").Aria("label", "Preview the version of "+at).
							OnClick(func(app.Context, app.Event) { e.goTo(designAddress(e.designID, "version", v.Stamp())) }, v.Stamp()),
					),
					app.Button().Text("Restore").Aria("label", "Restore the version of "+at).
						OnClick(func(app.Context, app.Event) { e.restoreVersion(v) }, v.Stamp()),
					app.Button().Text("Export").Aria("label", "Export the version of "+at).
						OnClick(func(app.Context, app.Event) { e.exportVersion(v) }, v.Stamp()),
				),
			))
		}
	}
	if len(rows) == 0 {
		rows = append(rows, app.Li().Class("hint").Text("No versions yet: one is recorded on import and export, with Save version, and every few minutes while you edit."))
	}
	name := ""
	if entry := e.loadLibrary().Find(e.designID); entry != nil {
		name = entry.Name
	}
	return app.Section().ID("history").Class("sheet sheet-right").Aria("label", "History").Attr("tabindex", "-1").
		OnKeyDown(func(ctx app.Context, ev app.Event) {
			if ev.Get("key").String() == "Escape" {
				e.toggleHistory(ctx, ev)
			}
		}).Body(
		app.Div().Class("sheet-head").Body(
			app.H2().Text("History of "+name),
			app.Button().ID("history-close").Text("Close history").OnClick(e.toggleHistory),
		),
		app.If(!e.viewing(), app.Div().Class("sheet-tools").Body(
			button(!e.history.loaded).Text("Save version").Title("Record the design as it is now").OnClick(e.saveVersion),
		)),
		app.P().Class("hint").Text(fmt.Sprintf("Versions are recorded on import and export, with Save version, every %d minutes while you edit, and before a restore or an import replaces the design. Every version of the last day is kept, then one a day for a month, then one a week, within %s for the design (the oldest go first): %s, %s.",
			int(library.EditInterval.Minutes()), bytesSize(library.MaxHistoryBytes), library.Count(count, "version"), bytesSize(float64(total)))),
		app.Ol().Class("version-list").Body(rows...),
	)
}

// renderLibraryAlerts are what the library has to say: an import whose
// design is already in the library, a version being previewed, a list or
// a version that could not be kept.
func (e *Editor) renderLibraryAlerts() app.UI {
	var parts []app.UI
	if p := e.clash; p != nil {
		parts = append(parts, app.Div().Class("alert").Role("alert").Aria("label", "Design already in your designs").Body(
			app.Span().Text(fmt.Sprintf("%s holds the design %q, which your designs have as %s.", fileBase(p.name), p.design.ID, p.clash.Name)),
			// The scope is the import: another one while this alert shows
			// gets handlers of its own.
			app.Button().Text("Replace "+p.clash.Name).Title("A version of it is recorded first: its History can restore it").
				OnClick(func(app.Context, app.Event) { e.replaceImported(p) }, fmt.Sprintf("%p", p)),
			app.Button().Text("Add as a new design").OnClick(func(app.Context, app.Event) { e.addImported(p) }, fmt.Sprintf("%p", p)),
			app.Button().Text("Cancel import").OnClick(func(app.Context, app.Event) {
				e.clash = nil
				e.store.Say("Import cancelled; your designs are unchanged.")
			}),
		))
	}
	if e.viewing() {
		v := e.history.previewed
		text := "A version of the design, read-only: the design itself is unchanged."
		if !v.At.IsZero() {
			text = fmt.Sprintf("The version of %s (%s), read-only: the design itself is unchanged. Export YAML exports this version.", when(v.At), v.Why)
		}
		parts = append(parts, app.Div().Class("notice").Role("region").Aria("label", "Version").Body(
			app.Span().Text(text),
			app.If(!v.At.IsZero(), app.Button().Text("Restore this version").OnClick(func(app.Context, app.Event) { e.restoreVersion(v) })),
			app.Button().Text("Back to the design").OnClick(func(app.Context, app.Event) { e.goTo(designAddress(e.designID)) }),
		))
	}
	if len(e.importReport) > 0 {
		parts = append(parts, app.Div().Class("notice").Role("region").Aria("label", "Import report").Body(
			app.P().Text(fmt.Sprintf("The import left out %s (add rules to the catalogue's imports/ to map more):", library.Count(len(e.importReport), "thing"))),
			problemList(e.importReport),
			app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { e.importReport = nil }),
		))
	}
	if e.libraryWarning != "" {
		parts = append(parts, app.Div().Class("alert").Role("alert").Aria("label", "Designs list").Body(
			app.Span().Text(e.libraryWarning),
			app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { e.libraryWarning = "" }),
		))
	}
	if e.history.warning != "" {
		parts = append(parts, app.Div().Class("alert").Role("alert").Aria("label", "Versions").Body(
			app.Span().Text(e.history.warning),
			app.Button().Text("Export the design").OnClick(e.onExport),
			app.Button().Text("Dismiss").OnClick(func(app.Context, app.Event) { e.history.warning = "" }),
		))
	}
	return app.Div().Body(parts...)
}

// bytesSize is a size in kB below a megabyte, in MB, or in GB from a
// thousand MB.
func bytesSize(n float64) string {
	if n < 1e6 {
		return strconv.FormatFloat(math.Ceil(n/1e3), 'f', 0, 64) + " kB"
	}
	if n >= 1e9 {
		return strconv.FormatFloat(n/1e9, 'f', 1, 64) + " GB"
	}
	return megabytes(n)
}
