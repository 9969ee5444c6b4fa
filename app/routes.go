package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
)

// CatalogueEnv names the go-app environment variable that gives, when the
// server lays an organisation's catalogue over the embedded one, the path of
// the whole catalogue for the editor to load instead of its own.
const CatalogueEnv = "DESIGNER_CATALOGUE"

// Routes registers the editor's pages, showing cat (nil: the embedded
// catalogue). The browser entry point and the server both call it, so that
// the server prerenders what the browser will show.
func Routes(p Platform, cat *catalogue.Catalogue) {
	// In the browser the editing session outlives a visit to the catalogue
	// pages: go-app makes a new editor for each navigation to it, which takes
	// over the store, and with it the design, the selection and the undo
	// history. (The server makes a fresh editor for every request.)
	var session *Store
	app.RouteFunc("/", func() app.Composer {
		e := NewEditor(p, cat)
		if p != nil && e.store != nil {
			if session != nil {
				e.resume(session)
			}
			session = e.store
		}
		return e
	})
	app.RouteWithRegexpFunc(`^/catalogue(/.*)?$`, func() app.Composer { return &CataloguePage{platform: p, source: cat} })
}

// catalogueOr returns cat, or the embedded catalogue when cat is nil.
func catalogueOr(cat *catalogue.Catalogue) (*catalogue.Catalogue, error) {
	if cat != nil {
		return cat, nil
	}
	return catalogue.Default()
}
