package drawing

import (
	"math"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestZoomedAtKeepsThePointUnderThePointer(t *testing.T) {
	for _, tc := range []struct {
		v              Viewport
		factor, px, py float64
		scale          float64
	}{
		{Viewport{Scale: 1}, 2, 100, 50, 2},
		{Viewport{X: -30, Y: 12, Scale: 0.5}, 0.5, 400, 300, 0.25},
		{Viewport{Scale: 3}, 10, 0, 0, maxScale},     // clamped above
		{Viewport{Scale: 0.1}, 0.01, 7, 9, minScale}, // clamped below
	} {
		got := tc.v.ZoomedAt(tc.factor, tc.px, tc.py)
		bx, by := tc.v.ToCanvas(tc.px, tc.py)
		ax, ay := got.ToCanvas(tc.px, tc.py)
		if !near(got.Scale, tc.scale) || !near(ax, bx) || !near(ay, by) {
			t.Errorf("%+v ×%v at (%v,%v): %+v; point %v,%v moved to %v,%v", tc.v, tc.factor, tc.px, tc.py, got, bx, by, ax, ay)
		}
	}
}

func TestFitting(t *testing.T) {
	for _, tc := range []struct {
		name   string
		b      Rect
		w, h   float64
		scale  float64
		x0, y0 float64 // the canvas point at the view's top-left, or NaN: the box is centred on that axis
	}{
		{"small: no closer than fitScale", Rect{40, 40, 220, 112}, 1000, 600, fitScale, math.NaN(), math.NaN()},
		{"exactly one", Rect{100, 200, 1100, 700}, 1080, 580, 1, math.NaN(), math.NaN()},
		{"wide: the width decides", Rect{0, 0, 1400, 400}, 1040, 600, 960.0 / 1400, math.NaN(), math.NaN()},
		// Too wide for the canvas at a readable zoom: whole all the same,
		// its labels in the zoomed-out form.
		{"too wide: whole", Rect{0, 0, 2000, 400}, 1040, 600, 960.0 / 2000, math.NaN(), math.NaN()},
		{"photo sharing at 1440x900", Rect{40, 40, 1940, 400}, 680, 560, 600.0 / 1900, math.NaN(), math.NaN()},
		// Too large even at fitFloor: from the top-left along the axis it overflows.
		{"tall: from the top, centred across", Rect{-500, -500, 500, 99500}, 800, 600, fitFloor, math.NaN(), -500 - 40/fitFloor},
		{"huge both ways: from the top-left", Rect{-500, -500, 19500, 99500}, 800, 600, fitFloor, -500 - 40/fitFloor, -500 - 40/fitFloor},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Fitting(tc.b, tc.w, tc.h)
			cx, cy := v.ToCanvas(tc.w/2, tc.h/2)
			lx, ly := v.ToCanvas(0, 0)
			okX := math.IsNaN(tc.x0) && near(cx, (tc.b.X0+tc.b.X1)/2) || near(lx, tc.x0)
			okY := math.IsNaN(tc.y0) && near(cy, (tc.b.Y0+tc.b.Y1)/2) || near(ly, tc.y0)
			if !near(v.Scale, tc.scale) || !okX || !okY {
				t.Errorf("%+v in %vx%v: %+v (centre %v,%v; top-left %v,%v)", tc.b, tc.w, tc.h, v, cx, cy, lx, ly)
			}
			// Whole along each axis it fits on at fitFloor.
			x0, y0 := v.ToCanvas(0, 0)
			x1, y1 := v.ToCanvas(tc.w, tc.h)
			if math.IsNaN(tc.x0) && (tc.b.X0 < x0 || tc.b.X1 > x1) || math.IsNaN(tc.y0) && (tc.b.Y0 < y0 || tc.b.Y1 > y1) {
				t.Errorf("%+v in %vx%v: %+v shows only %v,%v–%v,%v", tc.b, tc.w, tc.h, v, x0, y0, x1, y1)
			}
		})
	}
}

func TestDrawnCoversTheViewAndHalfAround(t *testing.T) {
	r := Viewport{X: -100, Y: -50, Scale: 2}.Drawn(800, 600)
	// The view shows canvas x 50..450 and y 25..325.
	if want := (Rect{-150, -125, 650, 475}); r != want {
		t.Errorf("drawn %+v, want %+v", r, want)
	}
	for _, tc := range []struct {
		ax, ay, bx, by float64
		meets          bool
	}{
		{0, 0, 10, 10, true},
		{700, 0, 660, 10, false}, // right of it, corners in any order
		{-400, -400, 1000, 1000, true},
		{0, 480, 10, 500, false},
	} {
		if got := r.Meets(tc.ax, tc.ay, tc.bx, tc.by); got != tc.meets {
			t.Errorf("meets(%v,%v,%v,%v) = %v", tc.ax, tc.ay, tc.bx, tc.by, got)
		}
	}
}

func TestCentredOn(t *testing.T) {
	v := Viewport{X: 5, Y: 5, Scale: 0.5}.CentredOn(300, 200, 800, 600)
	if x, y := v.ToCanvas(400, 300); !near(x, 300) || !near(y, 200) || v.Scale != 0.5 {
		t.Errorf("%+v shows %v,%v at the middle", v, x, y)
	}
}

func TestLayout(t *testing.T) {
	d := &catalogue.Design{Nodes: []catalogue.Node{
		{ID: "a", Position: &catalogue.Point{X: -20, Y: 10}},
		{ID: "b"}, // no position: grid cell 1
	}}
	if x, y := Position(&d.Nodes[1], 1); x != GridOrigin+GridX || y != GridOrigin {
		t.Errorf("fallback cell %v,%v", x, y)
	}
	b, ok := DesignBounds(d)
	if want := (Rect{-20, 10, GridOrigin + GridX + NodeWidth, GridOrigin + NodeHeight}); !ok || b != want {
		t.Errorf("bounds %+v, want %+v", b, want)
	}
	if _, ok := DesignBounds(&catalogue.Design{}); ok {
		t.Error("an empty design has bounds")
	}
	for _, tc := range []struct {
		v    float64
		want int
	}{{0, 0}, {219, 0}, {220, 1}, {-1, -1}, {-220, -1}, {-221, -2}} {
		if got := floorDiv(tc.v, GridX); got != tc.want {
			t.Errorf("floorDiv(%v) = %d, want %d", tc.v, got, tc.want)
		}
	}
}

func TestViewportStored(t *testing.T) {
	v := Viewport{X: -116, Y: 138.125, Scale: 0.6}
	if got, ok := ParseViewport(v.String()); !ok || got != v {
		t.Errorf("parseViewport(%q) = %+v, %v", v.String(), got, ok)
	}
	for _, bad := range []string{"", "1 2", "1 2 3 4", "a 2 0.5", "1 2 NaN", "1 2 +Inf", "1 2 0", "1 2 9"} {
		if v, ok := ParseViewport(bad); ok {
			t.Errorf("parseViewport(%q) = %+v, want refused", bad, v)
		}
	}
}
