package app

import "math"

// The canvas's pointer gestures as a pure state machine: pointerdown begins
// one, each pointermove moves it, and it ends once, committed (pointerup) or
// cancelled (pointercancel). canvasGestures patches the DOM from it while it
// runs and carries out its ending.

// gestureKind is what a gesture does.
type gestureKind int8

const (
	gestureNode    gestureKind = iota + 1 // drag a node
	gesturePan                            // drag the background: pan the view
	gestureConnect                        // drag from a node's connector to another node
	gestureGroup                          // drag a group's label: move what it holds
	gestureNote                           // drag a note
	gestureNodes                          // drag the selected nodes
	gestureBand                           // Shift-drag the background: select the nodes a rubber band meets
)

// clickSlop is how far the pointer may travel (|dx|+|dy|, client pixels)
// before a press counts as a drag rather than a click.
const clickSlop = 3

// gesture is a pointer gesture in progress.
type gesture struct {
	kind           gestureKind
	node           string  // the dragged node or group, or the connection's from node
	startX, startY float64 // where the pointer went down, client pixels
	origX, origY   float64 // the node's position or the view's offset then
	x, y           float64 // the node's position or the view's offset now
	moved          bool    // the pointer has travelled beyond clickSlop
}

// move follows the pointer to client position (px, py) at zoom scale. A
// dragged node moves by whole canvas units; the view pans by pixels.
func (g *gesture) move(px, py, scale float64) {
	dx, dy := px-g.startX, py-g.startY
	if math.Abs(dx)+math.Abs(dy) > clickSlop {
		g.moved = true
	}
	switch g.kind {
	case gestureNode, gestureNote:
		g.x, g.y = math.Round(g.origX+dx/scale), math.Round(g.origY+dy/scale)
	case gesturePan:
		g.x, g.y = g.origX+dx, g.origY+dy
	case gestureGroup, gestureNodes: // x, y are the offset of what moves
		g.x, g.y = math.Round(dx/scale), math.Round(dy/scale)
	}
}

// ending is what ending a gesture does.
type ending int8

const (
	endNothing      ending = iota
	endMoveNode            // move the node to (x, y) in the design: one undoable step
	endRestore             // put the node back where the design has it
	endKeepView            // the view stays at (x, y)
	endResetView           // the view goes back to where it was
	endConnect             // connect node to the node under the pointer, if another
	endNoConnect           // drop the connection being drawn
	endMoveGroup           // move what the group holds by (x, y): one undoable step
	endRestoreGroup        // put what the group holds back
	endMoveNote            // move the note to (x, y): one undoable step
	endRestoreNote         // put the note back
	endMoveNodes           // move the selected nodes by (x, y): one undoable step
	endRestoreNodes        // put the selected nodes back
	endBand                // select the nodes the band meets
)

// end says what ending the gesture does, committed or not. A node that was
// only clicked, or dragged back to where it was, is not moved: no undo step.
func (g *gesture) end(commit bool) ending {
	switch g.kind {
	case gestureNode:
		if commit && g.moved && (g.x != g.origX || g.y != g.origY) {
			return endMoveNode
		}
		return endRestore
	case gesturePan:
		if commit {
			return endKeepView
		}
		return endResetView
	case gestureConnect:
		if commit {
			return endConnect
		}
		return endNoConnect
	case gestureGroup:
		if commit && g.moved && (g.x != 0 || g.y != 0) {
			return endMoveGroup
		}
		return endRestoreGroup
	case gestureNote:
		if commit && g.moved && (g.x != g.origX || g.y != g.origY) {
			return endMoveNote
		}
		return endRestoreNote
	case gestureNodes:
		if commit && g.moved && (g.x != 0 || g.y != 0) {
			return endMoveNodes
		}
		return endRestoreNodes
	case gestureBand:
		if commit {
			return endBand
		}
	}
	return endNothing
}
