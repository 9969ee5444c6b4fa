package app

import (
	"math"
	"strconv"
)

// viewport is the pan (X, Y, in screen pixels) and zoom (Scale): a canvas
// point (x, y) is drawn at (X + x·Scale, Y + y·Scale).
type viewport struct{ X, Y, Scale float64 }

// Zoom limits, and the zoom below which node labels are too small to read
// and are not drawn.
const (
	minScale  = 0.05
	maxScale  = 4
	fitScale  = 1.5 // fit never zooms in further
	textScale = 0.45
)

// transform is the viewport as an SVG transform.
func (v viewport) transform() string {
	b := append(make([]byte, 0, 48), "translate("...)
	b = append(strconv.AppendFloat(b, v.X, 'f', 2, 64), ' ')
	b = append(strconv.AppendFloat(b, v.Y, 'f', 2, 64), ") scale("...)
	return string(append(strconv.AppendFloat(b, v.Scale, 'f', 4, 64), ')'))
}

// toCanvas turns a point in screen pixels (relative to the canvas) into
// canvas coordinates.
func (v viewport) toCanvas(px, py float64) (float64, float64) {
	return (px - v.X) / v.Scale, (py - v.Y) / v.Scale
}

// drawn is the part of the canvas to draw for a w×h pixel view: the view
// and half a view around it, so that short pans show drawn content at once.
func (v viewport) drawn(w, h float64) rect {
	vw, vh := w/v.Scale, h/v.Scale
	x0, y0 := -v.X/v.Scale, -v.Y/v.Scale
	return rect{x0 - vw/2, y0 - vh/2, x0 + vw*1.5, y0 + vh*1.5}
}

// holds reports whether box b lies wholly inside r.
func (r rect) holds(b rect) bool {
	return b.X0 >= r.X0 && b.Y0 >= r.Y0 && b.X1 <= r.X1 && b.Y1 <= r.Y1
}

// meets reports whether the box spanned by two corners, in any order,
// overlaps r.
func (r rect) meets(ax, ay, bx, by float64) bool {
	return math.Max(ax, bx) >= r.X0 && math.Min(ax, bx) <= r.X1 && math.Max(ay, by) >= r.Y0 && math.Min(ay, by) <= r.Y1
}

// zoomedAt is v zoomed by factor (within the limits) keeping the canvas
// point under screen point (px, py) where it is.
func (v viewport) zoomedAt(factor, px, py float64) viewport {
	scale := math.Min(maxScale, math.Max(minScale, v.Scale*factor))
	cx, cy := v.toCanvas(px, py)
	return viewport{X: px - cx*scale, Y: py - cy*scale, Scale: scale}
}

// fitting is the view of a w×h pixel canvas that shows box b whole, centred,
// with a margin, zoomed between minScale and fitScale.
func fitting(b rect, w, h float64) viewport {
	const margin = 40
	scale := math.Min((w-2*margin)/(b.X1-b.X0), (h-2*margin)/(b.Y1-b.Y0))
	scale = math.Min(fitScale, math.Max(minScale, scale))
	return viewport{
		X:     (w-(b.X1-b.X0)*scale)/2 - b.X0*scale,
		Y:     (h-(b.Y1-b.Y0)*scale)/2 - b.Y0*scale,
		Scale: scale,
	}
}

// centredOn is v panned so that canvas point (x, y) is at the middle of a
// w×h pixel view, at the same zoom.
func (v viewport) centredOn(x, y, w, h float64) viewport {
	return viewport{X: w/2 - x*v.Scale, Y: h/2 - y*v.Scale, Scale: v.Scale}
}
