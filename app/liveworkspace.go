package app

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
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
					Disabled(t.copying).OnClick(func(app.Context, app.Event) { t.copyOpen(copyName) }),
			),
		),
		app.Ul().Class("design-list workspace-list").Body(rows...),
	)
}

// renderWorkspaceRow is one workspace design: Open it live, with the
// user's role.
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
	return app.Li().DataSet("role", wd.Role).Body(name, app.Span().Class("hint design-about").Text(about))
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
