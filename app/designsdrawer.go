package app

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// DesignsDrawer is the Designs drawer: the library's designs, the most
// recently changed first, with what each holds and the ways to open,
// rename, duplicate and delete them; the trash; the backup. The editor
// renders it while it is open (see newDesignsDrawer), which the toolbar's
// Designs button and the drawer's Close toggle; it keeps the rename under
// way.
type DesignsDrawer struct {
	app.Compo

	Session *tabSession
	// Redraws counts the editor's renders: the list is the library's as
	// stored, which changes as the design is saved (see Alerts.Redraws).
	Redraws int

	// renaming is the design whose name is being edited.
	renaming string
}

// newDesignsDrawer is the Designs drawer of the page that shows session
// s, as of the editor's render redraws.
func newDesignsDrawer(s *tabSession, redraws int) *DesignsDrawer {
	return &DesignsDrawer{Session: s, Redraws: redraws}
}

// Render lists the designs, and the trash.
func (d *DesignsDrawer) Render() app.UI {
	s := d.Session
	ix := s.library.index()
	now := s.now()
	live := ix.Listed(s.designsQuery, false)
	trash := ix.Listed("", true)
	rows := make([]app.UI, 0, len(live))
	for _, entry := range live {
		rows = append(rows, d.renderRow(entry, now))
	}
	switch {
	case len(live) == 0 && strings.TrimSpace(s.designsQuery) != "":
		rows = append(rows, app.Li().Class("hint").Text("No design's name holds “"+s.designsQuery+"”."))
	case len(live) == 0:
		rows = append(rows, app.Li().Class("hint").Text("No designs yet."))
	}
	// The editor always has a design open: with nothing drawn in it and no
	// other design, kept or in the trash, the list would show that empty one
	// alone, which says nothing. (A shared design open is not the user's.)
	all := ix.Listed("", false)
	open := s.store.Design()
	empty := len(all) <= 1 && len(trash) == 0 && !s.sharing &&
		!slices.ContainsFunc(all, func(e library.Entry) bool { return e.Nodes > 0 }) &&
		len(open.Nodes)+len(open.Groups)+len(open.Notes) == 0
	storage := "Your designs live in this browser's storage for this site, and nowhere else: export them all to back them up."
	if s.library.quota > 0 {
		storage += fmt.Sprintf(" The site uses %s of the %s the browser allows it.", bytesSize(s.library.usage), bytesSize(s.library.quota))
	}
	return app.Section().ID("designs").Class("sheet").Aria("label", "Designs").Attr("tabindex", "-1").
		OnKeyDown(func(ctx app.Context, ev app.Event) {
			if ev.Get("key").String() == "Escape" && d.renaming == "" {
				d.close(ctx)
			}
		}).Body(
		app.Div().Class("sheet-head").Body(
			app.H2().Text("Designs"),
			app.Button().Text("Close designs").OnClick(func(ctx app.Context, _ app.Event) { d.close(ctx) }),
		),
		app.Input().ID("designs-search").Type("search").Placeholder("Search by name").Aria("label", "Search designs").
			Value(s.designsQuery).OnInput(func(ctx app.Context, _ app.Event) { s.designsQuery = ctx.JSSrc().Get("value").String() }),
		app.Div().Class("sheet-tools").Body(
			app.Button().Text("New design").OnClick(func(app.Context, app.Event) { s.library.newDesign() }),
			app.Button().Text("Export all designs").Title("One zip file with every design and its versions, which Import designs archive reads back").
				OnClick(func(app.Context, app.Event) { s.library.exportAll() }),
			app.Label().Class("button").For("archive-file").Text("Import designs archive"),
			app.Input().ID("archive-file").Type("file").Accept(archiveAccept).Class("visually-hidden").OnChange(d.onImportArchive),
		),
		d.renderWorkspace(),
		app.H3().Class("designs-where").Text("This browser"),
		app.If(empty, app.P().Class("empty-designs").Text("No saved designs yet: the one open here is empty. "+
			"What you add to it is saved in this browser as you go; New design starts another, "+
			"and Import design (in the toolbar) or Import designs archive brings designs in.")),
		app.Ul().Class("design-list").Body(rows...),
		app.If(len(trash) > 0,
			app.Details().Class("trash").Body(
				app.Summary().Text(fmt.Sprintf("Trash (%d)", len(trash))),
				app.P().Class("hint").Text(fmt.Sprintf("Deleted designs are kept for %d days, then removed with their versions.", library.TrashDays)),
				app.Ul().Class("design-list").Body(d.renderTrash(trash)...),
			),
		),
		app.P().Class("hint").Text(storage),
	)
}

// renderRow is one design of the list.
func (d *DesignsDrawer) renderRow(entry library.Entry, now time.Time) app.UI {
	s := d.Session
	about := fmt.Sprintf("%s · %s · changed %s", library.Count(entry.Nodes, "node"), entry.Problems(), ago(entry.Changed, now))
	var name app.UI
	switch {
	case d.renaming == entry.ID:
		name = app.Input().ID("rename-design").Type("text").Value(entry.Name).Aria("label", "New name for "+entry.Name).
			MaxLength(library.MaxNameLength).AutoFocus(true).
			OnChange(func(ctx app.Context, _ app.Event) {
				d.renaming = ""
				s.library.rename(entry.ID, ctx.JSSrc().Get("value").String())
			}, entry.ID).
			OnKeyDown(func(ctx app.Context, ev app.Event) {
				if ev.Get("key").String() == "Escape" {
					d.renaming = ""
					ctx.Defer(func(app.Context) { focusFirst("#designs-search") })
				}
			}, entry.ID)
	case entry.ID == s.designID && !s.readOnlyView():
		name = app.Span().Class("design-name").Body(app.Strong().Text(entry.Name), app.Text(" (open here)"))
	default:
		name = app.Button().Class("link design-name").Aria("label", "Open "+entry.Name).Text(entry.Name).
			OnClick(func(app.Context, app.Event) { s.goTo(designAddress(entry.ID)) }, entry.ID)
	}
	return app.Li().DataSet("worst", worstOf(entry)).Body(
		name,
		app.Span().Class("hint design-about").Text(about),
		app.Span().Class("design-actions").Body(
			app.Button().Text("Rename").Aria("label", "Rename "+entry.Name).
				OnClick(func(app.Context, app.Event) { d.renaming = entry.ID }, entry.ID),
			app.Button().Text("Duplicate").Aria("label", "Duplicate "+entry.Name).
				OnClick(func(app.Context, app.Event) { s.library.withEntry(entry.ID, s.library.duplicate) }, entry.ID),
			app.Button().Text("Delete").Aria("label", "Delete "+entry.Name).
				OnClick(func(app.Context, app.Event) { s.library.withEntry(entry.ID, s.library.delete) }, entry.ID),
		),
	)
}

// renderTrash lists the deleted designs, each with Recover.
func (d *DesignsDrawer) renderTrash(trash []library.Entry) []app.UI {
	s := d.Session
	rows := make([]app.UI, 0, len(trash))
	for _, entry := range trash {
		until := entry.Deleted.Add(library.TrashDays * 24 * time.Hour)
		rows = append(rows, app.Li().Body(
			app.Span().Class("design-name").Text(entry.Name),
			app.Span().Class("hint design-about").Text(fmt.Sprintf("%s · deleted %s, kept until %s", library.Count(entry.Nodes, "node"), entry.Deleted.Local().Format("2 Jan 2006"), until.Local().Format("2 Jan 2006"))),
			app.Span().Class("design-actions").Body(
				// Names in the trash may repeat: the time tells them apart.
				app.Button().Text("Recover").Aria("label", "Recover "+entry.Name+", deleted "+when(entry.Deleted)).
					OnClick(func(app.Context, app.Event) { s.library.withEntry(entry.ID, s.library.recover) }, entry.ID),
			),
		))
	}
	return rows
}

// close closes the drawer, and the page redraws without it.
func (d *DesignsDrawer) close(ctx app.Context) {
	ctx.Emit(func() { d.Session.toggleDesigns(ctx) })
}

// onImportArchive reads the archive file chosen.
func (d *DesignsDrawer) onImportArchive(ctx app.Context, ev app.Event) {
	input := ctx.JSSrc()
	if files := input.Get("files"); files.Truthy() && files.Length() > 0 {
		d.Session.library.readArchive(ctx, files.Index(0))
	}
	input.Set("value", "")
}

// toggleDesigns opens or closes the Designs drawer (closing History), the
// trash emptied of what is due and the storage estimate read as it opens.
func (s *tabSession) toggleDesigns(ctx app.Context) {
	if s.toggleSheet(ctx, designsSheet, "#designs-button", "#designs-search") {
		s.library.purgeTrash()
		s.library.refreshEstimate()
		s.teamOf().dropDialogs()
		s.teamOf().refresh()
	}
}

// toggleSheet opens drawer which (closing the other) or, open, closes it;
// open, it takes the focus (to focus), closed, it gives it back to its
// button. It reports whether it opened.
func (s *tabSession) toggleSheet(ctx app.Context, which sheet, button, focus string) bool {
	if s.sheet == which {
		s.sheet = noSheet
		ctx.Defer(func(app.Context) { focusFirst(button) })
		return false
	}
	s.sheet = which
	ctx.Defer(func(app.Context) { focusFirst(focus) })
	return true
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
