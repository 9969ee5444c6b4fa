//go:build wasm

// Command wasm is the editor's browser entry point: it registers the pages
// with the browser bridge and hands control to go-app. Server code (go-app's
// Handler, net/http) stays out of this build, which keeps app.wasm small.
package main

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	ui "github.com/archdesigner/designer/app"
)

func main() {
	ui.Routes(browser{})
	app.RunWhenOnBrowser()
}
