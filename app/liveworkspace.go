package app

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// renderWorkspace is the Designs drawer's Workspace section: the serving
// host's team workspace, when it has one (see team). A host without one
// (a static host, a server run with --workspace=false) shows nothing; one
// that does not answer says so, with Try again.
func (d *DesignsDrawer) renderWorkspace() app.UI {
	s := d.Session
	t := s.teamOf()
	head := app.H3().Class("designs-where").Text("Workspace")
	switch t.state {
	case teamUnknown, teamAbsent:
		return app.Text("")
	case teamAsking:
		return app.Section().Class("workspace").Aria("label", "Workspace").Body(head,
			app.P().Class("hint").Text("Asking the server for the team workspace…"))
	case teamUnreachable:
		return app.Section().Class("workspace").Aria("label", "Workspace").Body(head,
			app.P().Class("hint").Text("The team workspace is not reachable ("+t.why+"). This browser's designs work as ever."),
			app.Button().Text("Try again").OnClick(func(app.Context, app.Event) { t.refresh() }),
		)
	}
	rows := make([]app.UI, 0, len(t.designs))
	for _, wd := range t.designs {
		rows = append(rows, d.renderWorkspaceRow(wd))
	}
	if len(rows) == 0 {
		rows = append(rows, app.Li().Class("hint").Text("No designs in the workspace yet: copy one there."))
	}
	copyName := d.openName()
	return app.Section().Class("workspace").Aria("label", "Workspace").Body(head,
		app.P().Class("hint").Text("On the server, shared with your team; signed in as "+t.user+"."),
		app.Div().Class("sheet-tools").Body(
			app.If(t.live == nil && !s.sharing,
				app.Button().Text("Copy to workspace").Title("A copy of the open design on the server, which you own and may share").
					Disabled(t.copying || t.moving != "").OnClick(func(app.Context, app.Event) { t.copyOpen(copyName) }),
			),
			app.If(t.live == nil && !s.readOnlyView() && s.library.index().Find(s.designID) != nil,
				app.Button().Text("Move to workspace").Title("The open design goes to the server, where you own it and may share it; this browser's copy goes to the trash").
					Disabled(t.copying || t.moving != "").OnClick(func(app.Context, app.Event) { t.moveOpen(copyName) }),
			),
		),
		app.Ul().Class("design-list workspace-list").Body(rows...),
		t.renderShare(),
		t.renderHistory(),
		t.renderConfirm(),
	)
}

// renderWorkspaceRow is one workspace design: Open it live, with the
// user's role; its History, and Copy here, for anyone who sees it; Share,
// Move here and Delete for its owner (the server refuses them to others).
func (d *DesignsDrawer) renderWorkspaceRow(wd workspaceDesign) app.UI {
	t := d.Session.teamOf()
	about := fmt.Sprintf("%s · owner %s · changed %s", roleWords(wd.Role), wd.Owner, ago(wd.Updated, d.Session.now()))
	var name app.UI
	if t.live != nil && t.live.design.ID == wd.ID {
		name = app.Span().Class("design-name").Body(app.Strong().Text(wd.Name), app.Text(" (open here, live)"))
	} else {
		name = app.Button().Class("link design-name").Aria("label", "Open "+wd.Name+" live").Text(wd.Name).
			OnClick(func(app.Context, app.Event) { t.open(wd) }, wd.ID)
	}
	owner := wd.Role == "owner"
	busy := t.moving != ""
	// The server tells an open connection its new role (a role message);
	// should that not have come (a server of before it), the list, read as
	// Designs opens, says so, and a reopen welcomes with the role.
	promoted := t.live != nil && t.live.design.ID == wd.ID && t.live.session != nil &&
		t.live.session.Viewer() != "" && wd.Role != "viewer"
	return app.Li().DataSet("role", wd.Role).Body(
		name,
		app.Span().Class("hint design-about").Text(about),
		app.Span().Class("design-actions").Body(
			app.If(promoted, app.Button().Text("Reopen to edit").Aria("label", "Reopen to edit "+wd.Name).
				Title("You may edit it now; it was opened while you were a viewer").
				OnClick(func(app.Context, app.Event) { t.withDesign(wd.ID, t.open) }, wd.ID)),
			app.If(owner, app.Button().ID("share-"+wd.ID).Text("Share").Aria("label", "Share "+wd.Name).
				OnClick(func(app.Context, app.Event) { t.withDesign(wd.ID, t.openShare) }, wd.ID)),
			app.Button().ID("history-"+wd.ID).Text("History").Aria("label", "History of "+wd.Name).
				OnClick(func(app.Context, app.Event) { t.withDesign(wd.ID, t.openHistory) }, wd.ID),
			button(busy).Text("Copy").Aria("label", "Copy "+wd.Name+" to this browser").
				Title("Copy to this browser: a new design there with the workspace design's content; the workspace keeps its own").
				OnClick(func(app.Context, app.Event) { t.withDesign(wd.ID, t.copyHere) }, wd.ID),
			app.If(owner, button(busy).ID("move-"+wd.ID).Text("Move").Aria("label", "Move "+wd.Name+" to this browser").
				Title("Move to this browser: a copy there, then the design leaves the workspace").
				OnClick(func(app.Context, app.Event) { t.withDesign(wd.ID, t.askMove) }, wd.ID)),
			app.If(owner, button(busy).ID("delete-"+wd.ID).Text("Delete").Aria("label", "Delete "+wd.Name+" from the workspace").
				OnClick(func(app.Context, app.Event) { t.withDesign(wd.ID, t.askDelete) }, wd.ID)),
		),
	)
}

// roleWords says a role for the list: "you edit", "you view", "you own".
func roleWords(role string) string {
	switch role {
	case "owner":
		return "you own it"
	case "viewer":
		return "you may view it"
	}
	return "you may edit it"
}

// openName is the name the open design has in this browser's library, for
// its copy in the workspace.
func (d *DesignsDrawer) openName() string {
	s := d.Session
	if e := s.library.index().Find(s.designID); e != nil && strings.TrimSpace(e.Name) != "" {
		return e.Name
	}
	return "Untitled design"
}

// withDesign calls f with the workspace design id names as the list has
// it now: a row's handlers capture its id alone, as go-app keeps the
// first handler a row was drawn with while its id stays the same.
func (t *team) withDesign(id string, f func(workspaceDesign)) {
	for _, d := range t.designs {
		if d.ID == id {
			f(d)
			return
		}
	}
	t.s.store.Report(fmt.Errorf("This design is no longer in the workspace's list"))
}

// workspaceConfirm is a move to this browser or a delete from the
// workspace waiting for the owner's yes: either takes the design from
// everyone it is shared with.
type workspaceConfirm struct {
	design workspaceDesign
	move   bool // move it to this browser; else delete it
}

// askMove asks the owner to confirm moving d to this browser.
func (t *team) askMove(d workspaceDesign) {
	t.confirm, t.share, t.history = &workspaceConfirm{design: d, move: true}, nil, nil
	t.showModal("confirm-dialog", t.closeConfirm)
}

// askDelete asks the owner to confirm deleting d from the workspace.
func (t *team) askDelete(d workspaceDesign) {
	t.confirm, t.share, t.history = &workspaceConfirm{design: d}, nil, nil
	t.showModal("confirm-dialog", t.closeConfirm)
}

// closeConfirm closes the confirm dialog, the focus back on the button
// that asked.
func (t *team) closeConfirm() {
	t.endModal()
	if c := t.confirm; c != nil {
		t.confirm = nil
		back := "delete-"
		if c.move {
			back = "move-"
		}
		refocus("confirm-dialog", back+c.design.ID)
	}
}

// renderConfirm is the confirm dialog of a move or a delete, when open.
func (t *team) renderConfirm() app.UI {
	c := t.confirm
	if c == nil {
		return nil
	}
	title, text, yes := "Delete "+c.design.Name+" from the workspace?",
		"It is deleted from the server with its history: everyone you shared it with loses access, and it is in no one's trash. "+
			"Copy it to this browser first to keep it.", "Delete from the workspace"
	if c.move {
		title, text, yes = "Move "+c.design.Name+" to this browser?",
			"A copy is kept in this browser, then the design is deleted from the workspace with its history: "+
				"everyone you shared it with loses access.", "Move to this browser"
	}
	return modal("confirm-dialog", title,
		app.P().ID("confirm-dialog-text").Text(text),
		app.Div().Class("actions").Body(
			app.Button().Class("danger").Text(yes).OnClick(func(app.Context, app.Event) {
				if c := t.confirm; c != nil {
					t.endModal()
					t.confirm = nil
					if c.move {
						t.moveHere(c.design)
					} else {
						t.deleteFromWorkspace(c.design)
					}
				}
			}),
			app.Button().Text("Cancel").OnClick(func(app.Context, app.Event) { t.closeConfirm() }),
		),
	).Role("alertdialog").Aria("describedby", "confirm-dialog-text")
}

// created reads the server's answer to a new design (its id and name).
func created(data []byte) (workspaceDesign, error) {
	var d workspaceDesign
	if err := json.Unmarshal(data, &d); err != nil || d.ID == "" {
		return d, fmt.Errorf("the server's answer does not name the new design")
	}
	return d, nil
}

// moveOpen moves the open design of this browser to the workspace under
// name: once it can be left (saved here, as opening another design waits
// for), it is read-only while a copy goes to the server; once the server
// has it, this browser's goes to the trash (where Recover brings it back)
// and the workspace's opens live. A copy refused leaves this browser's as
// it was, editable again.
func (t *team) moveOpen(name string) {
	if t.copying || t.moving != "" || t.state != teamReady {
		return
	}
	s := t.s
	localID := s.designID
	t.moving = localID
	s.leaveFor(func() {
		s.store.SetReadOnly(true) // what is sent is what is left here
		body, _ := json.Marshal(map[string]string{"name": name, "design": string(s.store.Export())})
		opens := s.tab.opens
		s.workspace().Request("POST", "/api/workspace/designs", body, func(status int, data []byte, err error) {
			s.run(func() { t.movedOpen(localID, name, status, data, err, opens != s.tab.opens) })
		})
	}, func(err error) {
		t.moving = ""
		if err != nil {
			s.store.Report(fmt.Errorf("Not moved to the workspace: %w", err))
		}
	})
}

// movedOpen finishes moveOpen once the server answered the copy.
// moved says another design was opened meanwhile: it is left as it is.
func (t *team) movedOpen(localID, name string, status int, data []byte, err error, moved bool) {
	s := t.s
	t.moving = ""
	var d workspaceDesign
	switch {
	case err != nil || status == 0:
		err = fmt.Errorf("Not moved to the workspace: no answer from the server; the design is still here only")
	case status != statusCreated:
		err = fmt.Errorf("%w; the design is still here only", apiError("Not moved to the workspace", status, data))
	default:
		if d, err = created(data); err != nil {
			err = fmt.Errorf("Moved to the workspace? %v; this browser's copy stays, and the workspace's list says whether it is there", err)
		}
	}
	if err == nil {
		if uerr := s.library.update(func(ix *library.Index) error { return ix.Delete(localID, s.now()) }); uerr != nil {
			err = fmt.Errorf("Copied to the workspace as “%s”, and this browser's copy stays here too: %v", d.Name, uerr)
		}
	}
	t.list()
	if err != nil {
		if !moved {
			s.store.SetReadOnly(false)
		}
		s.store.Report(err)
		return
	}
	s.store.Say("Moved " + name + " to the workspace; this browser's copy is in the trash (Designs, Trash, to recover it).")
	if !moved {
		t.open(d)
	}
}

// copyHere copies workspace design d to this browser as a new design,
// which opens.
func (t *team) copyHere(d workspaceDesign) {
	t.fetchHere(d, "copied from the workspace", func(id string) {
		t.s.store.Say("Copied " + d.Name + " to this browser; the workspace keeps its own.")
		t.s.goTo(designAddress(id))
	})
}

// moveHere moves workspace design d to this browser: a copy here, then
// the design is deleted on the server, and the copy opens. When the
// server does not delete it, both copies are there, as the status says.
func (t *team) moveHere(d workspaceDesign) {
	s := t.s
	if l := t.live; l != nil && l.design.ID == d.ID && l.session != nil && l.session.Waiting() > 0 {
		// The copy is the server's: what waits here would be in neither.
		s.store.Report(fmt.Errorf("%s was not moved: %s; move it once the toolbar says Live", d.Name, l.Status()))
		return
	}
	t.fetchHere(d, "moved from the workspace", func(id string) {
		t.removeFromServer(d, func(_ bool, why error) {
			if why != nil {
				s.store.Report(fmt.Errorf("%s is copied to this browser (Designs, This browser) and is still in the workspace: %v", d.Name, why))
				return
			}
			s.store.Say("Moved " + d.Name + " to this browser; it is no longer in the workspace.")
			s.goTo(designAddress(id))
		})
	})
}

// removeFromServer deletes workspace design d on the server, and calls
// done with whether it was open here live and why the server kept it (nil
// when it is deleted). Open here, it stays live until the server has
// deleted it, then it is left (its connection closes as the design goes):
// a refusal leaves it as it was.
func (t *team) removeFromServer(d workspaceDesign, done func(wasLive bool, why error)) {
	s := t.s
	t.moving = d.ID
	s.workspace().Request("DELETE", designPath(d.ID), nil, func(status int, data []byte, err error) {
		s.run(func() {
			t.moving = ""
			t.list()
			var why error
			switch {
			case err != nil || status == 0:
				why = fmt.Errorf("no answer from the server")
			case status != statusOK:
				why = apiError("the server refused", status, data)
			}
			wasLive := t.live != nil && t.live.design.ID == d.ID
			if wasLive && why == nil {
				t.live.gone = true // nothing of it is kept: it cannot be stored
				t.leave()
			}
			if why == nil {
				s.forgetKept(d.ID)
				if s.platform != nil {
					s.platform.Remove(workspaceViewKey(d.ID)) // the view kept of it
				}
			}
			done(wasLive, why)
		})
	})
}

// fetchHere reads workspace design d and keeps it in this browser's
// library as a new design with its first version (why summary), then
// calls done with its id; a failure says why, and nothing is kept.
func (t *team) fetchHere(d workspaceDesign, summary string, done func(id string)) {
	s := t.s
	if t.moving != "" || s.platform == nil {
		return
	}
	t.moving = d.ID
	fail := func(err error) {
		t.moving = ""
		s.store.Report(fmt.Errorf("%s was not copied to this browser: %v; the workspace's is as it was", d.Name, err))
	}
	s.workspace().Request("GET", designPath(d.ID), nil, func(status int, data []byte, err error) {
		s.run(func() {
			var body struct {
				Name   string `json:"name"`
				Design string `json:"design"`
			}
			switch {
			case err != nil || status == 0:
				fail(fmt.Errorf("no answer from the server"))
				return
			case status != statusOK:
				fail(apiError("the server answered", status, data))
				return
			case json.Unmarshal(data, &body) != nil:
				fail(fmt.Errorf("the server's answer does not read"))
				return
			}
			read, text, _, err := s.store.Read(body.Name+".yaml", []byte(body.Design))
			if err != nil {
				fail(err)
				return
			}
			t.keepHere(firstOf(body.Name, d.Name), text, read, summary, func(id string, err error) {
				if err != nil {
					fail(err)
					return
				}
				t.moving = ""
				done(id)
			})
		})
	})
}

// keepHere stores text (read) as a new design of this browser's library
// named name, lists it with its first version, and calls done with its
// id, or the error that left the library as it was.
func (t *team) keepHere(name, text string, read *catalogue.Design, summary string, done func(id string, err error)) {
	s := t.s
	id := library.NewID()
	s.platform.StoreDesign(library.DesignKey(id), text, func(err error) {
		s.run(func() {
			if err != nil {
				done("", err)
				return
			}
			err := s.library.update(func(ix *library.Index) error {
				entry := ix.Add(id, name, s.now())
				entry.DesignID, entry.Nodes = read.ID, len(read.Nodes)
				return nil
			})
			if err != nil {
				s.platform.RemoveDesign(library.DesignKey(id), func(error) {})
				done("", err)
				return
			}
			s.versions.recordFirst(id, text, len(read.Nodes), library.WhyImport, summary, func() { done(id, nil) })
		})
	})
}

// deleteFromWorkspace deletes workspace design d (its owner's, confirmed);
// open here live, this browser's latest design opens in its place.
func (t *team) deleteFromWorkspace(d workspaceDesign) {
	s := t.s
	if t.moving != "" {
		return
	}
	t.removeFromServer(d, func(wasLive bool, why error) {
		if why != nil {
			s.store.Report(fmt.Errorf("%s was not deleted from the workspace: %v", d.Name, why))
			return
		}
		s.store.Say("Deleted " + d.Name + " from the workspace.")
		if wasLive {
			s.goTo("/")
		}
	})
}

// dropDialogs forgets the Workspace's dialogs, as the Designs drawer
// opens: one left open when the drawer closed under it (another design
// opened) is not shown again.
func (t *team) dropDialogs() {
	t.endModal()
	t.share, t.history, t.confirm = nil, nil, nil
}
