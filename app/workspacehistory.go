package app

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/patch"
)

// The History of a workspace design: who changed what and when, from the
// design's stream (the API's history, 200 changes a page), the newest
// first, each change said in words (patch.Describe). It is read-only:
// restoring an older state is this browser's History's, not the
// workspace's.

// historyPage is how many changes the server answers at most (a full
// page says older ones may be left).
const historyPage = 200

// historyLines is how many lines a change is said in at most, the rest
// counted.
const historyLines = 3

// historyChange is one change of the stream as the dialog shows it.
type historyChange struct {
	Seq    uint64          `json:"seq"`
	User   string          `json:"user"`
	Name   string          `json:"name"`
	At     time.Time       `json:"at"`
	Change json.RawMessage `json:"change"`
	words  []string
}

// historyView is the History dialog while it is open.
type historyView struct {
	design  workspaceDesign
	changes []historyChange // the newest first
	loading bool
	older   bool // the last page was full: older changes may be read
	problem string
}

// openHistory opens the History of d and reads its latest changes.
func (t *team) openHistory(d workspaceDesign) {
	h := &historyView{design: d}
	t.history, t.share, t.confirm = h, nil, nil
	t.showModal("history-dialog", t.closeHistory)
	t.readHistory(h)
}

// readHistory reads the page of changes before the oldest shown.
func (t *team) readHistory(h *historyView) {
	if h.loading {
		return
	}
	h.loading, h.problem = true, ""
	path := designPath(h.design.ID) + "/history"
	if n := len(h.changes); n > 0 {
		path += "?before=" + strconv.FormatUint(h.changes[n-1].Seq, 10)
	}
	t.s.workspace().Request("GET", path, nil, func(status int, data []byte, err error) {
		t.s.run(func() {
			h.loading = false
			var body struct {
				Changes []historyChange `json:"changes"`
			}
			switch {
			case err != nil || status == 0:
				h.problem = "The history could not be read: no answer from the server."
				return
			case status != statusOK:
				h.problem = apiError("The history could not be read", status, data).Error()
				return
			case json.Unmarshal(data, &body) != nil:
				h.problem = "The history could not be read: the server's answer does not read."
				return
			}
			h.changes = append(h.changes, newestFirst(body.Changes)...)
			n := len(h.changes)
			h.older = len(body.Changes) == historyPage && n > 0 && h.changes[n-1].Seq > 1
		})
	})
}

// newestFirst turns a page of the server's (the oldest first) round, each
// change said in words.
func newestFirst(page []historyChange) []historyChange {
	out := make([]historyChange, 0, len(page))
	for i := len(page) - 1; i >= 0; i-- {
		c := page[i]
		var change struct {
			Ops []patch.Op `json:"ops"`
		}
		if json.Unmarshal(c.Change, &change) != nil {
			c.words = []string{"a change this editor does not read"}
		} else {
			c.words = patch.Describe(change.Ops, historyLines)
		}
		c.Change = nil
		out = append(out, c)
	}
	return out
}

// closeHistory closes the History dialog.
func (t *team) closeHistory() {
	t.endModal()
	if h := t.history; h != nil {
		t.history = nil
		refocus("history-dialog", "history-"+h.design.ID)
	}
}

// renderHistory is the History dialog, when open.
func (t *team) renderHistory() app.UI {
	h := t.history
	if h == nil {
		return nil
	}
	now := t.s.now()
	rows := make([]app.UI, 0, len(h.changes))
	for _, c := range h.changes {
		lines := make([]app.UI, 0, len(c.words))
		for _, w := range c.words {
			lines = append(lines, app.Li().Text(w))
		}
		rows = append(rows, app.Li().Body(
			app.Div().Class("change-head").Body(
				app.Strong().Text(firstOf(c.Name, c.User)),
				app.Text(" · "),
				app.Elem("time").Attr("datetime", c.At.UTC().Format(time.RFC3339)).Title(when(c.At)).Text(ago(c.At, now)),
			),
			app.Ul().Class("change-words").Body(lines...),
		))
	}
	status := ""
	switch {
	case h.loading:
		status = "Reading the changes…"
	case len(h.changes) == 0 && h.problem == "":
		status = "No changes yet: the design is as it was made."
	}
	return modal("history-dialog", "History of "+h.design.Name,
		app.P().Class("hint").Text("Who changed what, the newest first, as the workspace stored it."),
		app.Ol().Class("change-list").Aria("label", "Changes").Body(rows...),
		app.P().Class("hint").Role("status").Text(status),
		app.P().Class("problem").Role("alert").Text(h.problem),
		app.Div().Class("actions").Body(
			app.If(h.older, app.Button().Text("Older changes").Disabled(h.loading).
				OnClick(func(app.Context, app.Event) {
					if t.history != nil {
						t.readHistory(t.history)
					}
				})),
			app.Button().Text("Close").OnClick(func(app.Context, app.Event) { t.closeHistory() }),
		),
	)
}
