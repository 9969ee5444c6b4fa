package catalogue

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
	"gopkg.in/yaml.v3"
)

// Note is free text drawn on the canvas: the sketch's own words ("orders
// arrive here first"). A note may be On a node or a group, which it then
// moves with: its Position is then measured from that one's top-left
// corner, else from the canvas's origin. A note without a position is
// placed beside what it is on, or below the design.
type Note struct {
	Text     string
	Position *Point
	On       string
}

// MaxNotes bounds a design's notes, like its nodes.
const MaxNotes = 50000

type notePos struct{ self, on lineCol }

// NotePath returns the source map path of note i, or of one of its fields
// ("text", "on").
func NotePath(i int, field string) string {
	p := "notes[" + strconv.Itoa(i) + "]"
	if field != "" {
		p += "." + field
	}
	return p
}

// parseNotes reads a design's notes. What they are on is checked once the
// nodes and groups are read (checkNotes).
func (d *decoder) parseNotes(n *yaml.Node, src *PosMap) []Note {
	if !d.IsKind(n, yaml.SequenceNode, "notes", "a list of notes, each { text, position, on }") {
		return nil
	}
	if len(n.Content) > MaxNotes {
		d.Errorf(n, diag.CodeTooLarge, "notes: %d notes; a design is limited to %d", len(n.Content), MaxNotes)
		return nil
	}
	notes := make([]Note, 0, len(n.Content))
	src.notes = make([]notePos, len(n.Content))
	for i, item := range n.Content {
		what := NotePath(i, "")
		src.notes[i].self = at(d.Pos(item))
		var note Note
		f := d.Fields(item, what, "text", "position", "on")
		if f == nil {
			// Kept in place, for the notes after it to keep their
			// indexes in what is reported (the design is refused).
			notes = append(notes, note)
			continue
		}
		if v, ok := f["text"]; !ok {
			d.Errorf(item, diag.CodeRequired, "%s: `text` is required (the words the note shows)", what)
		} else if s, good := d.Str(v.Val, what+".text"); good {
			note.Text = d.limitText(v.Val, what+".text", s)
			if strings.TrimSpace(s) == "" {
				d.Errorf(v.Val, diag.CodeEmpty, "%s.text: must not be empty; write what the note says, or remove the note", what)
			}
		}
		if v, ok := f["position"]; ok {
			note.Position = d.point(v.Val, what+".position")
		}
		if v, ok := f["on"]; ok {
			if s, good := d.Str(v.Val, what+".on"); good {
				note.On = s
				src.notes[i].on = at(d.Pos(v.Val))
			}
		}
		notes = append(notes, note)
		n.Content[i] = nil
	}
	return notes
}

// checkNotes reports a note on something the design does not have.
func (d *decoder) checkNotes(des *Design, nodeIDs, groupIDs map[string]int, src *PosMap) {
	var ids []string // for hints, sorted when first needed
	for i, note := range des.Notes {
		if note.On == "" {
			continue
		}
		_, node := nodeIDs[note.On]
		_, group := groupIDs[note.On]
		if node || group {
			continue
		}
		if ids == nil {
			ids = append(slices.Collect(maps.Keys(nodeIDs)), slices.Collect(maps.Keys(groupIDs))...)
			slices.Sort(ids)
		}
		d.Errorf(src.notes[i].on.node(d), diag.CodeUnknownNode, "notes[%d].on: a note is on a node or a group (or, without `on`, on the canvas), and no node or group has the id `%s`%s", i, diag.Clip(note.On), d.DidYouMean(note.On, ids))
	}
}

// point reads a position, {x, y}; nil when it is not one.
func (d *decoder) point(n *yaml.Node, what string) *Point {
	pf := d.Fields(n, what, "x", "y")
	if pf == nil {
		return nil
	}
	var p Point
	ok := true
	for _, c := range []struct {
		key string
		dst *float64
	}{{"x", &p.X}, {"y", &p.Y}} {
		cv, has := pf[c.key]
		if !has {
			d.Errorf(n, diag.CodeRequired, "%s: `%s` is required", what, c.key)
			ok = false
			continue
		}
		x, good := d.Number(cv.Val, what+"."+c.key)
		*c.dst = x
		ok = ok && good
	}
	if !ok {
		return nil
	}
	return &p
}
