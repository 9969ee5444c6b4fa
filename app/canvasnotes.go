package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// renderNotes draws the notes in or around the view, each with the line
// that ties it to what it is on.
func (c *Canvas) renderNotes(d *catalogue.Design, nl *drawing.NoteLayout, drawn drawing.Rect, labels drawing.LabelMode) []app.UI {
	boxes := nl.Boxes()
	sel := c.Store.Selection().Note - 1
	out := make([]app.UI, 0, 2*len(boxes))
	for i, n := range d.Notes {
		box := boxes[i]
		anchor, on := nl.Anchor(n.On)
		reach := box
		if on {
			reach = drawing.Rect{X0: min(box.X0, anchor.X0), Y0: min(box.Y0, anchor.Y0), X1: max(box.X1, anchor.X1), Y1: max(box.Y1, anchor.Y1)}
		}
		if !drawn.Meets(reach.X0, reach.Y0, reach.X1, reach.Y1) {
			continue
		}
		idx := strconv.Itoa(i)
		if on {
			if a, b, ok := drawing.Tether(box, anchor); ok {
				out = append(out, svg("line").ID("note-line-"+idx).DataSet("part", "tether").Aria("hidden", "true").
					Attr("x1", a.X).Attr("y1", a.Y).Attr("x2", b.X).Attr("y2", b.Y))
			}
		}
		lines := drawing.NoteLines(n.Text)
		body := []app.UI{
			svg("rect").DataSet("part", "note").Attr("width", drawing.NoteWidth).Attr("height", box.Y1-box.Y0).Attr("rx", "4"),
		}
		if labels != drawing.LabelsNone {
			// Each line ends in a space, for the lines to read as words
			// when taken together (the accessible name holds them).
			spans := make([]app.UI, len(lines))
			for k, l := range lines {
				spans[k] = svg("tspan").Attr("x", drawing.NotePad).Attr("y", drawing.NotePad+13+k*drawing.NoteLine).Text(l + " ")
			}
			body = append(body, svg("text").DataSet("part", "note-text").Body(spans...))
		}
		out = append(out, svg("g").ID("note-"+idx).DataSet("note", idx).
			Attr("transform", translate(box.X0, box.Y0)).
			Attr("tabindex", "0").Attr("role", "button").Aria("label", drawing.NoteName(i, lines, n.On)).
			DataSet("selected", strconv.FormatBool(sel == i)).Body(body...))
	}
	return out
}

// noteDrag is what a drag of a note patches: the note, and the line that
// ties it to what it is on (with that one's box).
type noteDrag struct {
	index  int
	line   app.Value
	anchor drawing.Rect
	on     bool
	height float64
}

// moveTether redraws a dragged note's line for the note at x, y.
func (n *noteDrag) moveTether(x, y float64) {
	if !n.on || !n.line.Truthy() {
		return
	}
	a, b, ok := drawing.Tether(drawing.Rect{X0: x, Y0: y, X1: x + drawing.NoteWidth, Y1: y + n.height}, n.anchor)
	if !ok {
		a, b = drawing.Point{X: x, Y: y}, drawing.Point{X: x, Y: y}
	}
	for k, v := range map[string]float64{"x1": a.X, "y1": a.Y, "x2": b.X, "y2": b.Y} {
		n.line.Call("setAttribute", k, v)
	}
}

// noteElements are the notes on the nodes and groups in ids, with their
// lines: what moves with them in a drag.
func noteElements(d *catalogue.Design, ids map[string]bool) []heldElement {
	var out []heldElement
	for i, n := range d.Notes {
		if ids[n.On] {
			idx := strconv.Itoa(i)
			out = append(out, held("note-"+idx)...)
			out = append(out, held("note-line-"+idx)...)
		}
	}
	return out
}

// held is the element with id as a heldElement, if it is drawn.
func held(id string) []heldElement {
	el := app.Window().GetElementByID(id)
	if !el.Truthy() {
		return nil
	}
	orig := ""
	if t := el.Call("getAttribute", "transform"); t.Truthy() {
		orig = t.String()
	}
	return []heldElement{{elem: el, orig: orig}}
}

// addNote adds a note on node or group on ("" for the canvas) and puts the
// focus in its text, selected, for the user to type over it.
func addNote(s *state.Store, on string) {
	if _, err := s.AddNote(on, "Note"); err != nil {
		s.Report(err)
		return
	}
	afterRender("note-text", func(el app.Value) {
		el.Call("focus")
		el.Call("select")
	})
}
