package drawing

import (
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// A picture's flow legend: a line of samples under the drawing, each the
// line an edge of the flow is drawn with and the flow's name, wrapping to
// more lines when the picture is narrower than them.
const (
	legendPx     = 12 // the names' font size
	legendSample = 32 // a sample line's length
	legendGap    = 20 // between one entry and the next
	legendLine   = 22 // one line of entries
	legendAbove  = 4  // between the drawing's margin and the legend
)

// legendEntry is one flow in a picture's legend, and where it goes from
// the legend's corner.
type legendEntry struct {
	flow catalogue.Flow
	x, y float64
}

// legendOf lays out the legend of flows used (in the order catalogue.Flows
// names them) in a line width wide, none when no edge is drawn.
func legendOf(used []catalogue.Flow, width float64) []legendEntry {
	var out []legendEntry
	x, y := 0.0, 0.0
	for _, f := range catalogue.Flows {
		flow := catalogue.Flow(f)
		if !slices.Contains(used, flow) {
			continue
		}
		w := legendSample + 6 + TextWidth(f, legendPx, false)
		if x > 0 && x+w > width {
			x, y = 0, y+legendLine
		}
		out = append(out, legendEntry{flow, x, y})
		x += w + legendGap
	}
	return out
}

// legendHeight is the room legend takes under the drawing.
func legendHeight(legend []legendEntry) float64 {
	return legendAbove + legend[len(legend)-1].y + legendLine
}

// drawLegend draws legend with its top left corner at x, y: each flow's
// line with its arrowhead, as its edges are drawn, and its name.
func drawLegend(b *strings.Builder, legend []legendEntry, x, y float64, c colours) {
	b.WriteString(`<g aria-label="Flows">`)
	for _, e := range legend {
		ex, ey := x+e.x, y+legendAbove+e.y+legendLine/2
		fmt.Fprintf(b, `<path d="M %g %g H %g" fill="none" stroke="%s" stroke-width="2"%s marker-end="url(#arrow)"/>`, ex, ey, ex+legendSample, c.edge, flowDash[e.flow])
		fmt.Fprintf(b, `<text x="%g" y="%g" font-size="%d" dominant-baseline="central" fill="%s">%s</text>`, ex+legendSample+6, ey, legendPx, c.ink, html.EscapeString(string(e.flow)))
	}
	b.WriteString(`</g>`)
}
