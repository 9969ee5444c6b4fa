package app

import (
	"slices"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// dragRouter is what the edges of the nodes moving route round while they
// are dragged, as the canvas routes them when they are dropped (see
// drawing.Obstacles): every other node's box, the open frames' labels, and
// the notes but those on a moving node, which move with it. hiddenIn is
// what the collapsed groups hide.
func dragRouter(d *catalogue.Design, moving map[string]bool, hiddenIn map[string]string) drawing.Router {
	pos := drawing.NodePositions(d)
	var frames map[string]drawing.GroupFrame
	if len(d.Groups) > 0 {
		frames = drawing.GroupFrames(d, pos)
	}
	kept := *d
	kept.Nodes = slices.DeleteFunc(slices.Clone(d.Nodes), func(n catalogue.Node) bool { return moving[n.ID] })
	if len(d.Notes) > 0 {
		kept.Notes = slices.DeleteFunc(slices.Clone(d.Notes), func(n catalogue.Note) bool { return moving[n.On] })
	}
	for id := range moving {
		delete(pos, id)
	}
	return drawing.Router{Ix: drawing.NewBoxIndex(drawing.Obstacles(&kept, pos, frames, hiddenIn, nil))}
}
