package app

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The Share dialog of a workspace design its owner opens from Designs:
// the members and their roles, changed in the dialog and sent together
// with Save (the API's PUT members, which only the owner may call). Only
// the owner has it: the others would see a form the server refuses, and
// the Workspace list names the owner to ask.

// shareMember is one member of a design as the dialog edits it.
type shareMember struct {
	User string `json:"user"`
	Role string `json:"role"`
}

// shareForm is the Share dialog while it is open.
type shareForm struct {
	design  workspaceDesign
	loaded  bool
	members []shareMember // the owner first, as the server lists them
	person  string        // the add row's user and role
	role    string
	problem string // the add row's problem, or the server's refusal
	saving  bool
}

// modal is a dialog of the Workspace, drawn modal by the browser (see
// team.showModal). It is made with Elem, as the canvas's SVG is: each
// element type of go-app's own costs app.wasm all its methods.
func modal(id, title string, body ...app.UI) app.HTMLElem {
	return app.Elem("dialog").ID(id).Class("workspace-dialog").Aria("labelledby", id+"-title").
		Body(append([]app.UI{app.H2().ID(id + "-title").Text(title)}, body...)...)
}

// showModal shows the dialog with id modal once it is drawn, its first
// control focused: the rest of the page is inert, so the focus stays in
// it. Escape closes it (close). Its keys are heard by a listener of the
// page's, not go-app's, whose handlers run after the event has gone by:
// Escape must be stopped before the Designs drawer, around the dialog,
// closes on it too, and before the browser closes the dialog itself.
func (t *team) showModal(id string, close func()) {
	t.endModal()
	if app.IsServer {
		return
	}
	afterRender(id, func(el app.Value) {
		if !el.Get("open").Bool() {
			el.Call("showModal")
		}
		escape := func(ev app.Value) {
			ev.Call("preventDefault")
			ev.Call("stopImmediatePropagation")
			t.s.run(close)
		}
		offKey := listen(el, "keydown", func(ev app.Value) {
			if ev.Get("key").String() == "Escape" {
				escape(ev)
			}
		}, nil)
		offCancel := listen(el, "cancel", escape, nil)
		t.modalOff = func() { offKey(); offCancel() }
	})
}

// endModal stops listening to the modal dialog closed (or about to be).
func (t *team) endModal() {
	if t.modalOff != nil {
		t.modalOff()
		t.modalOff = nil
	}
}

// refocus gives the focus back to the control with id back once the
// dialog with id dialog is gone (inert, the page takes no focus), or to
// the Designs drawer's search when that control is gone too.
func refocus(dialog, back string) {
	if app.IsServer {
		return
	}
	tries := 0
	var fn app.Func
	fn = app.FuncOf(func(app.Value, []app.Value) any {
		doc := app.Window()
		if doc.GetElementByID(dialog).Truthy() && tries < 40 {
			tries++
			doc.Call("setTimeout", fn, 25)
			return nil
		}
		fn.Release()
		if el := doc.GetElementByID(back); el.Truthy() {
			el.Call("focus")
		} else if el := doc.GetElementByID("designs-search"); el.Truthy() {
			el.Call("focus")
		}
		return nil
	})
	app.Window().Call("setTimeout", fn, 0)
}

// openShare opens the Share dialog of d and reads its members.
func (t *team) openShare(d workspaceDesign) {
	f := &shareForm{design: d, role: "editor"}
	t.share, t.history, t.confirm = f, nil, nil
	t.showModal("share-dialog", t.closeShare)
	t.s.workspace().Request("GET", designPath(d.ID), nil, func(status int, data []byte, err error) {
		t.s.run(func() {
			if t.share != f {
				return
			}
			var body struct {
				Members []shareMember `json:"members"`
			}
			switch {
			case err != nil || status == 0:
				f.problem = "The members could not be read: no answer from the server."
			case status != statusOK:
				f.problem = apiError("The members could not be read", status, data).Error()
			case json.Unmarshal(data, &body) != nil:
				f.problem = "The members could not be read: the server's answer does not read."
			default:
				f.loaded, f.members = true, body.Members
				if !app.IsServer {
					// Who to add is what the dialog is most often for.
					afterRender("share-person", func(el app.Value) { el.Call("focus") })
				}
			}
		})
	})
}

// closeShare closes the Share dialog, what was not saved forgotten.
func (t *team) closeShare() {
	t.endModal()
	if f := t.share; f != nil {
		t.share = nil
		refocus("share-dialog", "share-"+f.design.ID)
	}
}

// add adds the add row's person with its role, or says what is wrong.
func (f *shareForm) add() {
	who := strings.TrimSpace(f.person)
	f.problem = ""
	switch {
	case who == "":
		f.problem = "Say who to add: their user id, as the sign-in names them."
		return
	case len(who) > 200:
		f.problem = fmt.Sprintf("A user id is at most 200 bytes; this one is %d.", len(who))
		return
	}
	for _, m := range f.members {
		if m.User == who {
			f.problem = who + " is a member already: change their role above."
			return
		}
	}
	f.members = append(f.members, shareMember{User: who, Role: f.role})
	f.person = ""
}

// setRole changes user's role in the form.
func (f *shareForm) setRole(user, role string) {
	for i := range f.members {
		if f.members[i].User == user && f.members[i].Role != "owner" {
			f.members[i].Role = role
		}
	}
}

// remove takes user out of the form.
func (f *shareForm) remove(user string) {
	for i, m := range f.members {
		if m.User == user && m.Role != "owner" {
			f.members = append(f.members[:i:i], f.members[i+1:]...)
			return
		}
	}
}

// saveShare sends the form's members; the server's refusal stays in the
// dialog with the form as it was.
func (t *team) saveShare() {
	f := t.share
	if f == nil || !f.loaded || f.saving {
		return
	}
	if strings.TrimSpace(f.person) != "" {
		f.problem = "Add " + strings.TrimSpace(f.person) + " (or clear the field) before saving."
		return
	}
	f.saving, f.problem = true, ""
	body, _ := json.Marshal(map[string][]shareMember{"members": f.members})
	t.s.workspace().Request("PUT", designPath(f.design.ID)+"/members", body, func(status int, data []byte, err error) {
		t.s.run(func() {
			f.saving = false
			switch {
			case err != nil || status == 0:
				f.problem = "Not saved: no answer from the server. The members above are as you left them: save again."
			case status != statusOK:
				f.problem = apiError("Not saved", status, data).Error()
			default:
				if t.share == f {
					t.closeShare()
				}
				switch others := len(f.members) - 1; others {
				case 0:
					t.s.store.Say(f.design.Name + " is shared with no one now.")
				case 1:
					t.s.store.Say("Shared " + f.design.Name + " with 1 person.")
				default:
					t.s.store.Say(fmt.Sprintf("Shared %s with %d people.", f.design.Name, others))
				}
				t.list()
			}
		})
	})
}

// renderShare is the Share dialog, when open.
func (t *team) renderShare() app.UI {
	f := t.share
	if f == nil {
		return nil
	}
	// The members and the add row are one element, reading or read: go-app
	// diffs by position, and a control moved to another would be drawn
	// anew, losing the focus the dialog gave it.
	var members []app.UI
	if !f.loaded {
		if f.problem == "" {
			members = append(members, app.P().Class("hint").Text("Reading the members…"))
		}
	} else {
		rows := make([]app.UI, 0, len(f.members))
		for _, m := range f.members {
			if m.Role == "owner" {
				rows = append(rows, app.Li().Body(app.Span().Class("member-user").Text(m.User), app.Span().Class("member-role").Text("owner")))
				continue
			}
			rows = append(rows, app.Li().Body(
				app.Span().Class("member-user").Text(m.User),
				app.Select().Aria("label", "Role of "+m.User).OnChange(func(ctx app.Context, _ app.Event) {
					f.setRole(m.User, ctx.JSSrc().Get("value").String())
				}, m.User).Body(
					option("editor", "editor", m.Role == "editor"),
					option("viewer", "viewer", m.Role == "viewer"),
				),
				app.Button().Text("Remove").Aria("label", "Remove "+m.User).
					OnClick(func(app.Context, app.Event) { f.remove(m.User) }, m.User),
			))
		}
		members = append(members,
			app.Ul().Class("member-list").Aria("label", "Members").Body(rows...),
			app.Div().Class("member-add").Body(
				app.Label().For("share-person").Text("Person"),
				app.Input().ID("share-person").Type("text").Value(f.person).Attr("autocomplete", "off").
					OnInput(func(ctx app.Context, _ app.Event) { f.person = ctx.JSSrc().Get("value").String() }).
					OnKeyDown(func(_ app.Context, e app.Event) {
						if e.Get("key").String() == "Enter" {
							f.person = app.Window().GetElementByID("share-person").Get("value").String()
							f.add()
						}
					}),
				app.Label().For("share-role").Text("Role"),
				app.Select().ID("share-role").OnChange(func(ctx app.Context, _ app.Event) { f.role = ctx.JSSrc().Get("value").String() }).Body(
					option("editor", "editor", f.role == "editor"),
					option("viewer", "viewer", f.role == "viewer"),
				),
				app.Button().Text("Add").Aria("label", "Add the person").OnClick(func(app.Context, app.Event) { f.add() }),
			),
		)
	}
	body := []app.UI{
		app.P().Class("hint").Text("Each person is named by their user id as the sign-in names them: the value of the " +
			"proxy's header (such as X-Forwarded-User), or the sub of the portal's token. An editor changes the design; a viewer reads it."),
		app.Div().Body(members...),
		app.P().ID("share-problem").Class("problem").Role("alert").Text(f.problem),
		app.Div().Class("actions").Body(
			button(!f.loaded || f.saving).Text(map[bool]string{false: "Save", true: "Saving…"}[f.saving]).
				OnClick(func(app.Context, app.Event) { t.saveShare() }),
			app.Button().Text("Cancel").OnClick(func(app.Context, app.Event) { t.closeShare() }),
		),
	}
	return modal("share-dialog", "Share "+f.design.Name, body...)
}
