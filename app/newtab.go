package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// Links that open in a new tab: a catalogue page opened from the palette
// leaves the editor, with its undo history and selection, where it was.

// aboutLink is the ⓘ link of a palette entry to its catalogue page at
// href, which opens in a new tab (see keepNewTabs) and says so.
func aboutLink(href, name string) app.HTMLA {
	return app.A().Class("entry-page").Href(href).Target("_blank").Rel("noopener").
		Aria("label", "About "+name+" (opens in a new tab)").
		Title("Catalogue page of " + name + ", in a new tab").Body(app.Raw(infoIcon))
}

// keepNewTabs lets the links under root with target=_blank open in a new
// tab, as the browser does with them: go-app takes every link's click on the
// window and navigates in place instead, so the click goes no further than
// root. It returns the function that stops listening.
func keepNewTabs(root app.Value) func() {
	return listen(root, "click", func(ev app.Value) {
		if target := ev.Get("target"); target.Truthy() && target.Get("closest").Truthy() {
			if link := target.Call("closest", `a[target="_blank"]`); link.Truthy() {
				ev.Call("stopPropagation")
			}
		}
	}, nil)
}
