// Command hello is go-app's hello world, built and served the way the editor
// is (the wasm entry point without server code, the same flags, local icons),
// so that the browser benchmark can compare the editor against it.
package main

import "github.com/maxence-charriere/go-app/v9/pkg/app"

type hello struct {
	app.Compo
}

func (h *hello) Render() app.UI {
	return app.H1().Text("Hello, world!")
}

func routes() {
	app.Route("/", &hello{})
}
