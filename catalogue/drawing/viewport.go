package drawing

import (
	"math"
	"strconv"
	"strings"
)

// Viewport is the pan (X, Y, in screen pixels) and zoom (Scale): a canvas
// point (x, y) is drawn at (X + x·Scale, Y + y·Scale).
type Viewport struct{ X, Y, Scale float64 }

// Zoom limits, and the zooms at which labels change: below TextScale none
// is drawn (too small to tell, and Chromium lays out every text of an SVG
// again whenever anything in it moves); below fullScale a node shows its id
// and product alone, drawn large, so that a design fitted whole into the
// canvas still has its names; from fullScale, all three lines (id,
// product, kind and provider).
const (
	minScale  = 0.05
	maxScale  = 4
	fitScale  = 1.5  // fit never zooms in further
	fitFloor  = 0.1  // nor out: a 1,440 px canvas shows 14,000 px of design
	TextScale = 0.3  // the id in summary is 6 px here
	fullScale = 0.85 // the node's id is 11 px here
)

// LabelMode is how much text the canvas draws on a node.
type LabelMode int

const (
	LabelsNone LabelMode = iota
	LabelsSummary
	LabelsFull
)

// Labels is how much text the canvas draws at v's zoom.
func (v Viewport) Labels() LabelMode {
	switch {
	case v.Scale >= fullScale:
		return LabelsFull
	case v.Scale >= TextScale:
		return LabelsSummary
	}
	return LabelsNone
}

// Transform is the viewport as an SVG transform.
func (v Viewport) Transform() string {
	b := append(make([]byte, 0, 48), "translate("...)
	b = append(strconv.AppendFloat(b, v.X, 'f', 2, 64), ' ')
	b = append(strconv.AppendFloat(b, v.Y, 'f', 2, 64), ") scale("...)
	return string(append(strconv.AppendFloat(b, v.Scale, 'f', 4, 64), ')'))
}

// String is the viewport as it is stored: "x y scale".
func (v Viewport) String() string {
	return strconv.FormatFloat(v.X, 'f', -1, 64) + " " + strconv.FormatFloat(v.Y, 'f', -1, 64) + " " + strconv.FormatFloat(v.Scale, 'f', -1, 64)
}

// ParseViewport reads what String writes, and false for anything else or a
// zoom outside the limits.
func ParseViewport(s string) (Viewport, bool) {
	f := strings.Fields(s)
	if len(f) != 3 {
		return Viewport{}, false
	}
	var n [3]float64
	for i, t := range f {
		v, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return Viewport{}, false
		}
		n[i] = v
	}
	v := Viewport{X: n[0], Y: n[1], Scale: n[2]}
	return v, v.Scale >= minScale && v.Scale <= maxScale
}

// ToCanvas turns a point in screen pixels (relative to the canvas) into
// canvas coordinates.
func (v Viewport) ToCanvas(px, py float64) (float64, float64) {
	return (px - v.X) / v.Scale, (py - v.Y) / v.Scale
}

// Drawn is the part of the canvas to draw for a w×h pixel view: the view
// and half a view around it, so that short pans show drawn content at once.
func (v Viewport) Drawn(w, h float64) Rect {
	vw, vh := w/v.Scale, h/v.Scale
	x0, y0 := -v.X/v.Scale, -v.Y/v.Scale
	return Rect{x0 - vw/2, y0 - vh/2, x0 + vw*1.5, y0 + vh*1.5}
}

// Holds reports whether box b lies wholly inside r.
func (r Rect) Holds(b Rect) bool {
	return b.X0 >= r.X0 && b.Y0 >= r.Y0 && b.X1 <= r.X1 && b.Y1 <= r.Y1
}

// Meets reports whether the box spanned by two corners, in any order,
// overlaps r.
func (r Rect) Meets(ax, ay, bx, by float64) bool {
	return math.Max(ax, bx) >= r.X0 && math.Min(ax, bx) <= r.X1 && math.Max(ay, by) >= r.Y0 && math.Min(ay, by) <= r.Y1
}

// ZoomedAt is v zoomed by factor (within the limits) keeping the canvas
// point under screen point (px, py) where it is.
func (v Viewport) ZoomedAt(factor, px, py float64) Viewport {
	scale := math.Min(maxScale, math.Max(minScale, v.Scale*factor))
	cx, cy := v.ToCanvas(px, py)
	return Viewport{X: px - cx*scale, Y: py - cy*scale, Scale: scale}
}

// Fitting is the view of a w×h pixel canvas that shows box b whole,
// centred, with a margin, at whatever zoom that takes between fitFloor and
// fitScale (its labels drawn as Labels says for that zoom). A box too large
// to show whole at fitFloor is shown from its top-left corner, along the
// axis it overflows, to be scrolled from there.
func Fitting(b Rect, w, h float64) Viewport {
	const margin = 40
	scale := math.Min((w-2*margin)/(b.X1-b.X0), (h-2*margin)/(b.Y1-b.Y0))
	scale = math.Min(fitScale, math.Max(fitFloor, scale))
	place := func(lo, hi, size float64) float64 {
		if (hi-lo)*scale > size-2*margin {
			return margin - lo*scale
		}
		return (size-(hi-lo)*scale)/2 - lo*scale
	}
	return Viewport{X: place(b.X0, b.X1, w), Y: place(b.Y0, b.Y1, h), Scale: scale}
}

// CentredOn is v panned so that canvas point (x, y) is at the middle of a
// w×h pixel view, at the same zoom.
func (v Viewport) CentredOn(x, y, w, h float64) Viewport {
	return Viewport{X: w/2 - x*v.Scale, Y: h/2 - y*v.Scale, Scale: v.Scale}
}
