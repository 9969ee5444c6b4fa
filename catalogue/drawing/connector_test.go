package drawing

import "testing"

// The connector sits on the middle of the right side unless an arrowhead
// ends there, and then nearest it clear of every arrowhead.
func TestConnector(t *testing.T) {
	right := func(y float64) Head { return Head{Point{NodeWidth, y}, Point{NodeWidth + 40, y}} }
	bottom := func(x float64) Head { return Head{Point{x, NodeHeight}, Point{x, NodeHeight + 40}} }
	for _, tc := range []struct {
		name  string
		heads []Head
		want  Point
	}{
		{"none", nil, Point{NodeWidth, NodeHeight / 2}},
		{"one from the left", []Head{{Point{0, NodeHeight / 2}, Point{-40, NodeHeight / 2}}}, Point{NodeWidth, NodeHeight / 2}},
		{"one at the middle", []Head{right(NodeHeight / 2)}, Point{NodeWidth, NodeHeight/2 + 20}},
		{"two on the right", []Head{right(24), right(48)}, Point{NodeWidth / 2, NodeHeight}},
		{"two on the right and one below", []Head{right(24), right(48), bottom(NodeWidth / 2)}, Point{NodeWidth/2 + 20, NodeHeight}},
	} {
		if got := Connector(tc.heads); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
