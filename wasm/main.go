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
	if snap, err := snapshots.ReadFile("snapshot/catalogue.json"); err == nil {
		if err := catalogue.UseSnapshot(snap); err != nil {
			fmt.Println(err, "(the editor parsed the catalogue files instead)")
		}
	}
	ui.Routes(browser{})
	app.RunWhenOnBrowser()
}
