package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// Themes: the stylesheet follows the system's light or dark unless the
// page's root element says data-theme="light" or "dark".
const (
	themeSystem = ""
	themeLight  = "light"
	themeDark   = "dark"
	keyTheme    = "designer.theme" // the user's choice, kept across visits
)

// savedTheme is the theme the user chose, or themeSystem.
func savedTheme(p Platform) string {
	if p == nil {
		return themeSystem
	}
	t, ok, err := p.Load(keyTheme)
	if err != nil || !ok || (t != themeLight && t != themeDark) {
		return themeSystem
	}
	return t
}

// applyTheme sets the page's theme.
func applyTheme(theme string) {
	root := app.Window().Get("document").Get("documentElement")
	if theme == themeSystem {
		root.Call("removeAttribute", "data-theme")
		return
	}
	root.Call("setAttribute", "data-theme", theme)
}

// renderTheme is the toolbar's theme choice.
func (t *Toolbar) renderTheme() app.UI {
	return app.Span().Class("theme").Body(
		app.Label().For("theme").Text("Theme"),
		app.Select().ID("theme").OnChange(t.onTheme).Body(
			option(themeSystem, "System", t.theme == themeSystem),
			option(themeLight, "Light", t.theme == themeLight),
			option(themeDark, "Dark", t.theme == themeDark),
		),
	)
}

// onTheme applies the theme chosen and keeps it, unless embedded (the host
// owns what is stored) or storage refuses (then it lasts for this visit).
func (t *Toolbar) onTheme(ctx app.Context, ev app.Event) {
	choice := ctx.JSSrc().Get("value").String()
	if choice != themeLight && choice != themeDark {
		choice = themeSystem
	}
	t.theme = choice
	applyTheme(choice)
	if p := t.Session.platform; p != nil && t.Session.embed == nil && !t.Session.readOnlyView() {
		_ = p.Store(keyTheme, choice)
	}
}
