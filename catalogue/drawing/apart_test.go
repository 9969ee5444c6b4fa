package drawing

import "testing"

// Two edges between the same columns whose bends would share an upright
// run (and an edge each way between two nodes, which would lie on each
// other) keep apart, and a route keeps off a frame's border where there is
// room; each route still keeps clear of the boxes.
func TestRoutesApart(t *testing.T) {
	a, b := NodeBox(40, 40), NodeBox(560, 300)
	c, d := NodeBox(40, 120), NodeBox(560, 220)
	rt := Router{Ix: NewBoxIndex([]Rect{a, b, c, d}), Drawn: NewDrawn(nil)}
	first := rt.RouteAt(a, b, Port(a, sideRight, 0.5), Port(b, sideLeft, 0.5))
	rt.Drawn.Add(first)
	second := rt.RouteAt(c, d, Port(c, sideRight, 0.5), Port(d, sideLeft, 0.5))
	checkRoute(t, second, c, d)
	if !rt.Drawn.apart(second) {
		t.Errorf("%v runs along %v", second, first)
	}
	// Without what was drawn, the two share their upright run.
	alone := Router{Ix: rt.Ix}.RouteAt(c, d, Port(c, sideRight, 0.5), Port(d, sideLeft, 0.5))
	dr := NewDrawn(nil)
	dr.Add(first)
	if dr.apart(alone) {
		t.Errorf("without what was drawn, %v does not run along %v: the test shows nothing", alone, first)
	}

	// Along a frame's border: a detour under a node, inside its frame.
	s, m, e := NodeBox(40, 200), NodeBox(300, 200), NodeBox(600, 200)
	frame := Rect{24, 162, 796, 288}
	rt = Router{Ix: NewBoxIndex([]Rect{s, m, e}), Drawn: NewDrawn([]Rect{frame})}
	pts := rt.RouteAt(s, e, Port(s, sideRight, 0.5), Port(e, sideLeft, 0.5))
	checkRoute(t, pts, s, e)
	if crosses(pts, grow(m, routeClear-1)) || !rt.Drawn.apart(pts) {
		t.Errorf("%v runs through the middle node or along the frame %v", pts, frame)
	}
}
