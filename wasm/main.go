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
	ui.Routes(browser{}, servedCatalogue())
	app.RunWhenOnBrowser()
}

// servedCatalogue loads the catalogue the server names when it lays an
// organisation's catalogue over the embedded one (nil otherwise, or when it
// cannot be had, and the editor uses its own), after preparing the embedded
// one from its snapshot.
func servedCatalogue() *catalogue.Catalogue {
	if snap, err := snapshots.ReadFile("snapshot/catalogue.snapshot"); err == nil {
		if err := catalogue.UseSnapshot(string(snap)); err != nil {
			fmt.Println(err, "(the editor parsed the catalogue files instead)")
		}
	}
	path := app.Getenv(ui.CatalogueEnv)
	if path == "" {
		return nil
	}
	data, err := fetchBytes(path)
	if err == nil {
		var cat *catalogue.Catalogue
		if cat, err = catalogue.LoadSelfContained(data); err == nil {
			return cat
		}
	}
	fmt.Println("the server's catalogue could not be loaded (", err, "); the editor shows its own")
	return nil
}
