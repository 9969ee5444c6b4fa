package app

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/archdesigner/designer/catalogue"
)

// Note geometry: a note is a box of fixed width whose height follows its
// text, wrapped into lines of at most noteChars characters (13 px text at
// about 6.5 px a character fills the width inside the padding; the canvas
// clips what a wider font draws past it).
const (
	NoteWidth    = 200
	notePad      = 10
	noteLine     = 18
	noteChars    = 27
	noteMaxLines = 12
	noteGap      = 24 // between a note placed by default and what it is on
)

// noteLines wraps a note's text for drawing: its own line breaks kept, words
// moved to the next line when they would pass noteChars, longer words cut,
// and no more than noteMaxLines, the last then ending in "…".
func noteLines(text string) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			for utf8.RuneCountInString(word) > noteChars {
				if line != "" {
					lines, line = append(lines, line), ""
				}
				r := []rune(word)
				lines, word = append(lines, string(r[:noteChars])), string(r[noteChars:])
			}
			switch {
			case line == "":
				line = word
			case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= noteChars:
				line += " " + word
			default:
				lines, line = append(lines, line), word
			}
		}
		lines = append(lines, line)
	}
	for len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) > noteMaxLines {
		lines = lines[:noteMaxLines]
		last := []rune(lines[noteMaxLines-1])
		if len(last) >= noteChars {
			last = last[:noteChars-1]
		}
		lines[noteMaxLines-1] = string(last) + "…"
	}
	return lines
}

// noteHeight is the height of a note drawn with n lines.
func noteHeight(n int) float64 { return float64(2*notePad + max(n, 1)*noteLine) }

// noteLayout places notes: where each is drawn, given where what it may be
// on is drawn.
type noteLayout struct {
	d        *catalogue.Design
	pos      map[string][2]float64
	frames   map[string]groupFrame
	hiddenIn map[string]string
	below    float64 // where unplaced free notes start: below the design
}

// newNoteLayout lays out d's notes over the nodes at pos and the group
// frames (nil without groups), with hiddenIn saying what is drawn as a
// collapsed group's box.
func newNoteLayout(d *catalogue.Design, pos map[string][2]float64, frames map[string]groupFrame, hiddenIn map[string]string) *noteLayout {
	l := &noteLayout{d: d, pos: pos, frames: frames, hiddenIn: hiddenIn, below: gridOrigin}
	if b, ok := designBounds(d); ok {
		l.below = b.Y1 + 40
	}
	for _, f := range frames {
		l.below = math.Max(l.below, f.box.Y1+40)
	}
	return l
}

// anchor is the box drawn for what note i is on, and false for a note on
// nothing (or on something the design lacks).
func (l *noteLayout) anchor(on string) (rect, bool) {
	if on == "" {
		return rect{}, false
	}
	if g := l.hiddenIn[on]; g != "" {
		f := l.frames[g].box
		return nodeBox(f.X0, f.Y0), true
	}
	if p, ok := l.pos[on]; ok {
		return nodeBox(p[0], p[1]), true
	}
	if f, ok := l.frames[on]; ok {
		return f.box, true
	}
	return rect{}, false
}

// boxes are where every note is drawn, in order.
func (l *noteLayout) boxes() []rect {
	out := make([]rect, len(l.d.Notes))
	y := l.below
	for i, n := range l.d.Notes {
		h := noteHeight(len(noteLines(n.Text)))
		a, on := l.anchor(n.On)
		switch {
		case on && n.Position != nil:
			out[i] = rect{a.X0 + n.Position.X, a.Y0 + n.Position.Y, a.X0 + n.Position.X + NoteWidth, a.Y0 + n.Position.Y + h}
		case on: // beside it, to the right
			out[i] = rect{a.X1 + noteGap, a.Y0, a.X1 + noteGap + NoteWidth, a.Y0 + h}
		case n.Position != nil:
			out[i] = rect{n.Position.X, n.Position.Y, n.Position.X + NoteWidth, n.Position.Y + h}
		default: // one under the other, below the design
			out[i] = rect{gridOrigin, y, gridOrigin + NoteWidth, y + h}
			y += h + 16
		}
	}
	return out
}

// stored is the position a note drawn with its top-left corner at x, y
// keeps in the design: from the top-left of what it is on, if anything.
func (l *noteLayout) stored(on string, x, y float64) catalogue.Point {
	if a, ok := l.anchor(on); ok {
		return catalogue.Point{X: x - a.X0, Y: y - a.Y0}
	}
	return catalogue.Point{X: x, Y: y}
}

// tether is the line drawn from a note's box to what it is on: between the
// two boxes' centres, cut where it leaves each; false when the boxes meet.
func tether(note, on rect) (point, point, bool) {
	a := point{(note.X0 + note.X1) / 2, (note.Y0 + note.Y1) / 2}
	b := point{(on.X0 + on.X1) / 2, (on.Y0 + on.Y1) / 2}
	if note.X0 <= on.X1 && on.X0 <= note.X1 && note.Y0 <= on.Y1 && on.Y0 <= note.Y1 {
		return point{}, point{}, false
	}
	return edgeOf(note, a, b), edgeOf(on, b, a), true
}

// edgeOf is where the segment from a (inside r) towards b leaves r.
func edgeOf(r rect, a, b point) point {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 1.0
	if dx > 0 {
		t = math.Min(t, (r.X1-a.X)/dx)
	} else if dx < 0 {
		t = math.Min(t, (r.X0-a.X)/dx)
	}
	if dy > 0 {
		t = math.Min(t, (r.Y1-a.Y)/dy)
	} else if dy < 0 {
		t = math.Min(t, (r.Y0-a.Y)/dy)
	}
	return point{a.X + t*dx, a.Y + t*dy}
}

// noteName is note i's accessible name: its number (two notes may say the
// same), the text it draws, in order (label in name), and what it is on.
func noteName(i int, lines []string, on string) string {
	name := "Note " + strconv.Itoa(i+1) + ": " + strings.Join(lines, " ")
	if on != "" {
		name += ", on " + on
	}
	return name
}
