package drawing

import (
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// A dragged group is not dropped in itself or what it holds; a move
// crosses a frame's edge when the frame holding each end differs.
func TestDropFramesWithoutAndCrossed(t *testing.T) {
	d := &catalogue.Design{
		Groups: []catalogue.Group{{ID: "r", Boundary: "region"}, {ID: "z", Boundary: "zone", In: "r"}},
		Nodes:  []catalogue.Node{{ID: "a", Component: "aws-lambda", In: "z", Position: &catalogue.Point{X: 100, Y: 100}}},
	}
	inside := GroupsWithin(d, "r")
	if !inside["r"] || !inside["z"] || len(inside) != 2 {
		t.Fatalf("within r: %v", inside)
	}
	df := NewDropFrames(d, func(string) bool { return false })
	cx, cy := Centre(100, 100)
	if got := df.At(cx, cy); got != "z" {
		t.Errorf("at a's middle: %q", got)
	}
	if got := df.Without(GroupsWithin(d, "z")).At(cx, cy); got != "r" {
		t.Errorf("without z, at a's middle: %q", got)
	}
	if got := df.Without(inside).At(cx, cy); got != "" {
		t.Errorf("without r, at a's middle: %q", got)
	}
	if g, crossed := df.Crossed(cx, cy, cx+5, cy); crossed || g != "z" {
		t.Errorf("a step inside z: %q, %v", g, crossed)
	}
	if g, crossed := df.Crossed(cx, cy, cx+1000, cy); !crossed || g != "" {
		t.Errorf("a step out of everything: %q, %v", g, crossed)
	}
}
