//go:build wasm

// Command wasm is the editor's browser entry point: it registers the pages
// with the browser bridge and hands control to go-app. Server code (go-app's
// Handler, net/http) stays out of this build, which keeps app.wasm small.
package main

import (
	"embed"
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	ui "github.com/archdesigner/designer/app"
	"github.com/archdesigner/designer/catalogue"
)

// snapshots holds the catalogue snapshot that make wasm writes (and a
// README, so that the folder embeds when there is none).
//
//go:embed snapshot
var snapshots embed.FS

func main() {
	// Before anything reads the address: a damaged one stops go-app.
	ui.MendAddress()
	cat, err := servedCatalogue()
	if err != nil {
		page := func() app.Composer { return &broken{err: err} }
		app.RouteFunc("/", page)
		app.RouteWithRegexpFunc(`^/catalogue(/.*)?$`, page)
	} else {
		ui.Routes(&browser{}, ui.One(cat))
	}
	app.RunWhenOnBrowser()
}

// servedCatalogue loads the catalogue the server names when it lays an
// organisation's catalogue over the embedded one, or else the embedded one:
// from its snapshot, or by parsing its files when the snapshot is missing or
// stale.
func servedCatalogue() (*catalogue.Catalogue, error) {
	if path := app.Getenv(ui.CatalogueEnv); path != "" {
		data, err := fetchBytes(path)
		if err == nil {
			var cat *catalogue.Catalogue
			if cat, err = catalogue.LoadSelfContained(data); err == nil {
				return cat, nil
			}
		}
		fmt.Println("the server's catalogue could not be loaded (", err, "); the editor shows its own")
	}
	if snap, err := snapshots.ReadFile("snapshot/catalogue.snapshot"); err == nil {
		cat, err := catalogue.LoadSnapshot(string(snap), catalogue.Embedded())
		if err == nil {
			return cat, nil
		}
		fmt.Println(err, "(the editor parses the catalogue files instead)")
	}
	return catalogue.LoadEmbedded()
}

// broken is the page of an editor whose catalogue failed to load, which
// only a broken build can cause: it says so rather than show nothing.
type broken struct {
	app.Compo
	err error
}

// Render shows the error.
func (b *broken) Render() app.UI {
	return app.Main().ID("editor").Body(
		app.H1().Text("The catalogue failed to load"),
		app.Pre().Role("alert").Text(b.err.Error()),
	)
}
