package app

import (
	"html"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/drawing"
)

// iconsSprite holds the icons drawn for this project (web/icons.svg, served
// as the drawing package's sprite holds it, the pictures' source too): one
// symbol per kind ("kind-stream") and per boundary ("boundary-zone").
const iconsSprite = "/web/icons.svg"

// kindIcon and boundaryIcon are the sprite's ids for a kind and a boundary.
func kindIcon(kind string) string         { return drawing.KindIcon(kind) }
func boundaryIcon(boundary string) string { return drawing.BoundaryIcon(boundary) }

// svgIcon draws icon id of the sprite in an SVG drawing at x, y, size by
// size, inside a node's or a group's button (whose children are
// presentational: its accessible name says what the icon shows).
func svgIcon(id string, x, y, size float64) app.UI {
	return svg("use").DataSet("part", "icon").Attr("href", iconsSprite+"#"+id).
		Attr("x", x).Attr("y", y).Attr("width", size).Attr("height", size)
}

// htmlIcon is icon id of the sprite as markup for an HTML element.
func htmlIcon(id string) app.UI {
	return app.Raw(`<svg class="icon" width="20" height="20" aria-hidden="true" focusable="false"><use href="` +
		html.EscapeString(iconsSprite+"#"+id) + `"></use></svg>`)
}
