package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// renderNote shows a note's text and what it is on, both editable.
func (in *Inspector) renderNote(i int) app.UI {
	s := in.Store
	n := s.Note(i)
	d := s.Design()
	ids := make([]string, 0, len(d.Nodes)+len(d.Groups))
	for _, node := range d.Nodes {
		ids = append(ids, node.ID)
	}
	for _, g := range d.Groups {
		ids = append(ids, g.ID)
	}
	return app.Div().Body(
		app.P().Body(app.Strong().Text("Note"), app.Text(onWords(n.On))),
		app.Div().Class("field").Body(
			app.Label().For("note-text").Text("Note text"),
			// The value is set as a property (go-app sets "value" so), for
			// the field to show another note's text once selected.
			// The handlers keep the note they were drawn for (its index is
			// their scope, for go-app to replace them when it changes): a
			// click elsewhere changes the selection before the field's
			// change event comes.
			app.Textarea().ID("note-text").Attr("rows", "5").Attr("value", n.Text).
				OnChange(func(ctx app.Context, e app.Event) {
					s.Report(s.SetNoteText(i, ctx.JSSrc().Get("value").String()))
				}, i),
		),
		app.Div().Class("field").Body(
			app.Label().For("note-on").Text("On"),
			in.noteOnSelect.render("note-on", "the canvas", ids, n.On, func(ctx app.Context, e app.Event) {
				s.Report(s.SetNoteOn(i, selectValue(e)))
			}, i),
		),
		app.P().Class("hint").Text("A note on a node or a group moves with it."),
		deleteButton("Delete note", s),
	)
}

// onWords says what a note is on: " on api", or "" (as the store's notices
// say it).
func onWords(on string) string {
	if on == "" {
		return ""
	}
	return " on " + on
}
