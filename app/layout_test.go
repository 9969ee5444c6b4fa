package app

import (
	"testing"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// A group's frame holds what it holds, padded, with its label on top; a
// drop lands in the innermost frame under it, or in none.
func TestGroupFramesAndDrops(t *testing.T) {
	d := &catalogue.Design{
		Groups: []catalogue.Group{{ID: "eu", Boundary: "region"}, {ID: "eu-a", Boundary: "zone", In: "eu"}, {ID: "empty", Boundary: "region"}},
		Nodes: []catalogue.Node{
			{ID: "a", Component: "kafka", In: "eu-a", Position: &catalogue.Point{X: 100, Y: 100}},
			{ID: "b", Component: "kafka", In: "eu", Position: &catalogue.Point{X: 400, Y: 100}},
			{ID: "c", Component: "kafka", Position: &catalogue.Point{X: 800, Y: 400}},
		},
	}
	frames := drawing.GroupFrames(d, drawing.NodePositions(d))
	zone := frames["eu-a"]
	if zone.Box != (drawing.Rect{X0: 100 - drawing.GroupPad, Y0: 100 - drawing.GroupPad - drawing.GroupLabel, X1: 100 + drawing.NodeWidth + drawing.GroupPad, Y1: 100 + drawing.NodeHeight + drawing.GroupPad}) || zone.Depth != 1 {
		t.Errorf("zone frame %+v", zone)
	}
	region := frames["eu"]
	if region.Box.X0 != zone.Box.X0-drawing.GroupPad || region.Box.X1 != 400+drawing.NodeWidth+drawing.GroupPad || region.Depth != 0 {
		t.Errorf("region frame %+v", region)
	}
	if e := frames["empty"]; e.Box.X0 <= 800+drawing.NodeWidth || e.Box.X1-e.Box.X0 != drawing.EmptyW {
		t.Errorf("an empty group's frame %+v is not beside the design", e)
	}
	none := func(string) bool { return false }
	for _, tc := range []struct {
		x, y float64
		want string
	}{{150, 130, "eu-a"}, {450, 130, "eu"}, {850, 430, ""}} {
		if got := drawing.DropTarget(d, tc.x, tc.y, none); got != tc.want {
			t.Errorf("drop at %g,%g: %q, want %q", tc.x, tc.y, got, tc.want)
		}
	}
	// A collapsed group's frame is not drawn: a drop there lands outside.
	if got := drawing.DropTarget(d, 150, 130, func(id string) bool { return id == "eu" }); got != "" {
		t.Errorf("drop on a collapsed region: %q", got)
	}
}

func TestPanelSizes(t *testing.T) {
	s := state.NewStore(&catalogue.Catalogue{})
	if got := panelSizes(s, 0); got != "" {
		t.Errorf("none chosen: %q", got)
	}
	s.SetPanelWidth(state.PanelPalette, 300)
	s.SetPanelWidth(state.PanelInspector, 420)
	saved := panelSizes(s, 240)
	if saved != "palette=300 inspector=420 panels=240" {
		t.Errorf("saved %q", saved)
	}
	got, height := parsePanelSizes(saved + " inspector=9999 canvas=300 palette=x palette=100")
	if len(got) != 2 || got[state.PanelPalette] != 300 || got[state.PanelInspector] != 420 || height != 240 {
		t.Errorf("read back %v and height %d", got, height)
	}
	for _, bad := range []string{"panels=20", "panels=99999", "panels=tall"} {
		if _, h := parsePanelSizes(bad); h != 0 {
			t.Errorf("%s read as height %d", bad, h)
		}
	}
}
