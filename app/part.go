package app

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// part is a piece of a larger drawing (a node on the canvas, a row of a
// list) that go-app draws again only when what it shows changed: on every
// render of its parent, go-app compares a child component's exported
// fields with those drawn (reflect.DeepEqual) and renders it again only
// when one differs. An edit of one node then draws that node, not every
// node in view. One type serves every kind of part, for each component
// type costs app.wasm the methods it takes from app.Compo.
type part struct {
	app.Compo
	// View is what the part shows, and draws it: a pointer to a struct of
	// plain values (and pointers that stay the same between renders, such
	// as the catalogue's, or the component whose handlers it calls).
	View partView
}

// partView is what a part shows.
type partView interface {
	render() app.UI
}

// Render draws the view.
func (p *part) Render() app.UI { return p.View.render() }
