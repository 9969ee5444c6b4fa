package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// arrowStep is how far an arrow key moves what is focused (Shift: further;
// a grid's step with Snap to grid on), or false for another key.
func (c *Canvas) arrowStep(e app.Event) ([2]float64, bool) {
	step := 10.0
	if c.snapOn {
		step = snapStep
	}
	if e.Get("shiftKey").Bool() {
		step *= 5
	}
	v, ok := map[string][2]float64{"ArrowLeft": {-step, 0}, "ArrowRight": {step, 0}, "ArrowUp": {0, -step}, "ArrowDown": {0, step}}[e.Get("key").String()]
	return v, ok
}

// onKeyDown moves the focused node (all those selected, when it is one of
// them), group or note with the arrow keys (Shift: further); Enter or Space
// selects, and with Shift or Ctrl adds to the selection or takes out.
func (c *Canvas) onKeyDown(ctx app.Context, e app.Event) {
	if c.menu.openFromKey(ctx, e) {
		return
	}
	node := closest(e.Get("target"), "g[data-node]")
	edge := closest(e.Get("target"), "[data-edge]")
	key := e.Get("key").String()
	s := c.Store
	switch {
	case node.Truthy():
		id := node.Get("dataset").Get("node").String()
		if v, ok := c.arrowStep(e); ok {
			e.PreventDefault()
			// Carried across a frame's edge, a node joins the group or
			// leaves it (see StepNodes).
			if many := s.SelectedNodes(); len(many) > 1 && s.IsSelected(id) {
				s.Report(s.StepNodes(many, v[0], v[1]))
			} else {
				ox, oy, _ := s.Position(id)
				x, y := ox+v[0], oy+v[1]
				if c.snapOn { // onto the grid, if it was off it
					x, y = snap(x), snap(y)
				}
				s.Report(s.StepNodes([]string{id}, x-ox, y-oy))
				s.Select(id)
			}
			ctx.Defer(func(app.Context) { app.Window().GetElementByID("node-" + id).Call("focus") })
			return
		}
		if key == "Enter" || key == " " {
			e.PreventDefault()
			if e.Get("shiftKey").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
				s.ToggleNode(id) // add it to the selection, or take it out
				return
			}
			s.Select(id)
		}
	case closest(e.Get("target"), "[data-group]").Truthy():
		id := closest(e.Get("target"), "[data-group]").Get("dataset").Get("group").String()
		if v, ok := c.arrowStep(e); ok {
			e.PreventDefault()
			s.Report(s.StepGroup(id, v[0], v[1])) // across a frame's edge, into it or out
			s.SelectGroup(id)
			ctx.Defer(func(app.Context) { app.Window().GetElementByID("group-" + id).Call("focus") })
			return
		}
		if key == "Enter" || key == " " {
			e.PreventDefault()
			s.SelectGroup(id)
		}
	case closest(e.Get("target"), "g[data-note]").Truthy():
		i, _ := strconv.Atoi(closest(e.Get("target"), "g[data-note]").Get("dataset").Get("note").String())
		if v, ok := c.arrowStep(e); ok {
			e.PreventDefault()
			if box, ok := s.NoteBox(i); ok {
				s.Report(s.MoveNote(i, box.X0+v[0], box.Y0+v[1]))
			}
			s.SelectNote(i)
			ctx.Defer(func(app.Context) { app.Window().GetElementByID("note-" + strconv.Itoa(i)).Call("focus") })
			return
		}
		if key == "Enter" || key == " " {
			e.PreventDefault()
			s.SelectNote(i)
		}
	case edge.Truthy() && (key == "Enter" || key == " "):
		e.PreventDefault()
		i, _ := strconv.Atoi(edge.Get("dataset").Get("edge").String())
		s.SelectEdge(i)
	}
}
