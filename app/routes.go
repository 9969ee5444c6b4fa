package app

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
)

// CatalogueEnv names the go-app environment variable that gives, when the
// server lays an organisation's catalogue over the embedded one, the path of
// the whole catalogue for the editor to load instead of its own.
const CatalogueEnv = "DESIGNER_CATALOGUE"

// Catalogues gives the catalogue a page shows, from the page's address. The
// browser shows one catalogue (One); a server process may run several
// handlers with catalogues of their own under go-app's one route table, and
// tells their pages apart by the address it prerenders them at.
type Catalogues func(page *url.URL) *catalogue.Catalogue

// One is the Catalogues of a process that shows the one catalogue cat.
func One(cat *catalogue.Catalogue) Catalogues {
	return func(*url.URL) *catalogue.Catalogue { return cat }
}

// Routes registers the editor's pages in go-app's route table, which is the
// process's: the entry points call it once (the browser's, and the server's
// before it makes its handlers), so that the server prerenders what the
// browser will show.
func Routes(p Platform, cats Catalogues) {
	// In the browser the editing session outlives a visit to the catalogue
	// pages: go-app makes a new editor for each navigation to it, which takes
	// over the session (see session): the store, and with it the design, the
	// selection and the undo history, and what autosave, the library and the
	// versions know. A navigation from one design to another makes one too, which
	// go-app drops for the editor shown (it opens the other design in place,
	// see Editor.OnNav). (The server makes a fresh editor for every request,
	// and its store when it prerenders, once the page's address is known.)
	var last *Editor
	app.RouteFunc("/", func() app.Composer {
		e := &Editor{platform: p, catalogues: cats}
		if p != nil {
			if last != nil {
				e.resume(last)
			} else {
				e.open(cats(app.Window().URL()))
			}
			last = e
		}
		return e
	})
	app.RouteWithRegexpFunc(`^/catalogue(/.*)?$`, func() app.Composer { return &CataloguePage{platform: p, catalogues: cats} })
}
