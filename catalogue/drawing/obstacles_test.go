package drawing

import (
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// A frame's label keeps routes off as wide as the canvas draws it at its
// largest: measured, in the boundary's name, and cut to its frame.
func TestObstaclesMeasureFrameLabels(t *testing.T) {
	cat := mustCatalogue(t)
	for _, tc := range []struct{ boundary, name string }{
		{"network", "WWWWWWWWWWWWWWWWWW"},
		{"zone", "eu-a"},
		{"region", "iiiiiiiiiiiiiiiiiiiiiiii"},
		{"network", "a name far longer than the frame it is the label of, cut"},
	} {
		d := &catalogue.Design{
			Groups: []catalogue.Group{{ID: "g", Boundary: tc.boundary, Name: tc.name}},
			Nodes: []catalogue.Node{
				{ID: "a", Component: "service", In: "g", Position: &catalogue.Point{X: 40, Y: 200}},
				{ID: "b", Component: "service", In: "g", Position: &catalogue.Point{X: 300, Y: 200}},
			},
		}
		pos := NodePositions(d)
		frames := GroupFrames(d, pos)
		obstacles := Obstacles(d, pos, frames, nil, BoundaryNames(cat))
		got := obstacles[len(obstacles)-1]
		f := frames["g"].Box
		drawn := FitFrameLabel(cat.Boundaries[tc.boundary].Name+" · "+tc.name, f.X1-f.X0, FrameLabelX, FrameLabelMaxPx)
		end := f.X0 + FrameLabelX + TextWidth(drawn, FrameLabelMaxPx, true)
		if got.X1 < min(end, f.X1) || got.X1 > min(end+8, f.X1) || got.Y0 != f.Y0 || got.Y1 != f.Y0+GroupLabel {
			t.Errorf("%s %q: the label kept off is %v, drawn to x %g in the frame %v", tc.boundary, tc.name, got, end, f)
		}
	}
}
