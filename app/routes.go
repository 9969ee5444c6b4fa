package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Routes registers the editor's pages. The browser entry point and the server
// both call it, so that the server prerenders what the browser will show.
func Routes(p Platform) {
	app.RouteFunc("/", func() app.Composer { return NewEditor(p) })
	app.RouteWithRegexp(`^/catalogue(/.*)?$`, &CataloguePage{})
}
