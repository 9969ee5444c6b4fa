package app

import "testing"

func TestGestureEnds(t *testing.T) {
	for _, tc := range []struct {
		name   string
		g      gesture
		moves  [][2]float64 // client positions
		scale  float64
		commit bool
		want   ending
		x, y   float64
	}{
		{"click on a node", gesture{kind: gestureNode, startX: 100, startY: 100, origX: 40, origY: 40, x: 40, y: 40}, [][2]float64{{102, 100}}, 1, true, endRestore, 42, 40},
		{"drag a node", gesture{kind: gestureNode, startX: 100, startY: 100, origX: 40, origY: 40}, [][2]float64{{120, 110}, {150, 130}}, 1, true, endMoveNode, 90, 70},
		{"drag a node zoomed in", gesture{kind: gestureNode, startX: 0, startY: 0, origX: 40, origY: 40}, [][2]float64{{50, -25}}, 2, true, endMoveNode, 65, 28},
		{"drag a node back where it was", gesture{kind: gestureNode, origX: 40, origY: 40}, [][2]float64{{30, 0}, {0, 0}}, 1, true, endRestore, 40, 40},
		{"cancel a node drag", gesture{kind: gestureNode, origX: 40, origY: 40}, [][2]float64{{30, 0}}, 1, false, endRestore, 70, 40},
		{"pan", gesture{kind: gesturePan, origX: 10, origY: 10}, [][2]float64{{5, -5}}, 3, true, endKeepView, 15, 5},
		{"cancel a pan", gesture{kind: gesturePan, origX: 10, origY: 10}, [][2]float64{{5, -5}}, 1, false, endResetView, 15, 5},
		{"connect", gesture{kind: gestureConnect}, [][2]float64{{80, 0}}, 1, true, endConnect, 0, 0},
		{"cancel a connection", gesture{kind: gestureConnect}, [][2]float64{{80, 0}}, 1, false, endNoConnect, 0, 0},
		{"no gesture", gesture{}, nil, 1, true, endNothing, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.g
			for _, m := range tc.moves {
				g.move(m[0], m[1], tc.scale)
			}
			if got := g.end(tc.commit); got != tc.want || g.x != tc.x || g.y != tc.y {
				t.Errorf("end = %d at %g,%g; want %d at %g,%g", got, g.x, g.y, tc.want, tc.x, tc.y)
			}
		})
	}
}

// Dragging a group's label moves what it holds by whole units; a click, or a
// drag back to the start, moves nothing.
func TestGroupGesture(t *testing.T) {
	g := gesture{kind: gestureGroup, startX: 100, startY: 100}
	g.move(150.4, 80, 2)
	if g.x != 25 || g.y != -10 || g.end(true) != endMoveGroup {
		t.Errorf("offset %g,%g, end %v", g.x, g.y, g.end(true))
	}
	if g.end(false) != endRestoreGroup {
		t.Error("a cancelled group drag moved")
	}
	click := gesture{kind: gestureGroup, startX: 100, startY: 100}
	click.move(101, 100, 1)
	if click.end(true) != endRestoreGroup {
		t.Error("a click moved the group")
	}
}
