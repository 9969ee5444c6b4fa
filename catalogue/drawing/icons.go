package drawing

import (
	_ "embed" // the icons' sprite
	"encoding/xml"
	"strconv"
	"strings"
	"sync"
)

// iconSprite is the icons drawn for this project, as one SVG sprite: a
// 20×20 line drawing in currentColor per kind ("kind-stream") and per
// boundary ("boundary-zone"). The editor serves the same file as
// web/icons.svg (a test keeps the two the same), and the pictures draw the
// icons from it, so a node in a picture shows the icon it shows on the
// canvas.
//
//go:embed icons.svg
var iconSprite string

// IconSprite is the sprite of the icons, as web/icons.svg holds it.
func IconSprite() string { return iconSprite }

// KindIcon is the sprite's id for a kind's icon.
func KindIcon(kind string) string { return "kind-" + kind }

// BoundaryIcon is the sprite's id for a boundary's icon.
func BoundaryIcon(boundary string) string { return "boundary-" + boundary }

// iconShapes reads the sprite's symbols once: each id's drawing (what the
// symbol holds).
var iconShapes = sync.OnceValue(func() map[string]string {
	var sprite struct {
		Symbols []struct {
			ID    string `xml:"id,attr"`
			Inner string `xml:",innerxml"`
		} `xml:"defs>symbol"`
	}
	shapes := map[string]string{}
	if err := xml.Unmarshal([]byte(iconSprite), &sprite); err != nil {
		return shapes // a test reads the sprite
	}
	for _, s := range sprite.Symbols {
		var lines []string
		for _, line := range strings.Split(s.Inner, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				lines = append(lines, line)
			}
		}
		shapes[s.ID] = strings.Join(lines, "")
	}
	return shapes
})

// IconSVG is icon id of the sprite as SVG markup standing alone (no <use>,
// which some programs a picture is pasted into do not follow): drawn at x,
// y, size by size, its lines in colour. It is "" for an id the sprite has
// not.
func IconSVG(id string, x, y, size float64, colour string) string {
	shape, ok := iconShapes()[id]
	if !ok {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<g transform="translate(`)
	b.WriteString(num(x) + " " + num(y))
	if size != 20 {
		b.WriteString(") scale(" + num(size/20))
	}
	b.WriteString(`)" fill="none" stroke="` + colour + `" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">`)
	b.WriteString(strings.ReplaceAll(shape, "currentColor", colour))
	b.WriteString(`</g>`)
	return b.String()
}

// num is x as %g writes it.
func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
