package drawing

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
	NotePad      = 10
	NoteLine     = 18
	NoteChars    = 27
	NoteMaxLines = 12
	NoteGap      = 24 // between a note placed by default and what it is on
)

// NoteLines wraps a note's text for drawing: its own line breaks kept, words
// moved to the next line when they would pass noteChars, longer words cut,
// and no more than noteMaxLines, the last then ending in "…".
func NoteLines(text string) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			for utf8.RuneCountInString(word) > NoteChars {
				if line != "" {
					lines, line = append(lines, line), ""
				}
				r := []rune(word)
				lines, word = append(lines, string(r[:NoteChars])), string(r[NoteChars:])
			}
			switch {
			case line == "":
				line = word
			case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= NoteChars:
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
	if len(lines) > NoteMaxLines {
		lines = lines[:NoteMaxLines]
		last := []rune(lines[NoteMaxLines-1])
		if len(last) >= NoteChars {
			last = last[:NoteChars-1]
		}
		lines[NoteMaxLines-1] = string(last) + "…"
	}
	return lines
}

// NoteHeight is the height of a note drawn with n lines.
func NoteHeight(n int) float64 { return float64(2*NotePad + max(n, 1)*NoteLine) }

// NoteLayout places notes: where each is drawn, given where what it may be
// on is drawn.
type NoteLayout struct {
	d        *catalogue.Design
	pos      map[string][2]float64
	frames   map[string]GroupFrame
	hiddenIn map[string]string
	below    float64 // where unplaced free notes start: below the design
}

// NewNoteLayout lays out d's notes over the nodes at pos and the group
// frames (nil without groups), with hiddenIn saying what is drawn as a
// collapsed group's box.
func NewNoteLayout(d *catalogue.Design, pos map[string][2]float64, frames map[string]GroupFrame, hiddenIn map[string]string) *NoteLayout {
	l := &NoteLayout{d: d, pos: pos, frames: frames, hiddenIn: hiddenIn, below: GridOrigin}
	if b, ok := DesignBounds(d); ok {
		l.below = b.Y1 + 40
	}
	for _, f := range frames {
		l.below = math.Max(l.below, f.Box.Y1+40)
	}
	return l
}

// Anchor is the box drawn for what note i is on, and false for a note on
// nothing (or on something the design lacks).
func (l *NoteLayout) Anchor(on string) (Rect, bool) {
	if on == "" {
		return Rect{}, false
	}
	if g := l.hiddenIn[on]; g != "" {
		f := l.frames[g].Box
		return NodeBox(f.X0, f.Y0), true
	}
	if p, ok := l.pos[on]; ok {
		return NodeBox(p[0], p[1]), true
	}
	if f, ok := l.frames[on]; ok {
		return f.Box, true
	}
	return Rect{}, false
}

// Boxes are where every note is drawn, in order.
func (l *NoteLayout) Boxes() []Rect {
	out := make([]Rect, len(l.d.Notes))
	y := l.below
	for i, n := range l.d.Notes {
		h := NoteHeight(len(NoteLines(n.Text)))
		a, on := l.Anchor(n.On)
		switch {
		case on && n.Position != nil:
			out[i] = Rect{a.X0 + n.Position.X, a.Y0 + n.Position.Y, a.X0 + n.Position.X + NoteWidth, a.Y0 + n.Position.Y + h}
		case on: // beside it, to the right
			out[i] = Rect{a.X1 + NoteGap, a.Y0, a.X1 + NoteGap + NoteWidth, a.Y0 + h}
		case n.Position != nil:
			out[i] = Rect{n.Position.X, n.Position.Y, n.Position.X + NoteWidth, n.Position.Y + h}
		default: // one under the other, below the design
			out[i] = Rect{GridOrigin, y, GridOrigin + NoteWidth, y + h}
			y += h + 16
		}
	}
	return out
}

// Stored is the position a note drawn with its top-left corner at x, y
// keeps in the design: from the top-left of what it is on, if anything.
func (l *NoteLayout) Stored(on string, x, y float64) catalogue.Point {
	if a, ok := l.Anchor(on); ok {
		return catalogue.Point{X: x - a.X0, Y: y - a.Y0}
	}
	return catalogue.Point{X: x, Y: y}
}

// Tether is the line drawn from a note's box to what it is on: between the
// two boxes' centres, cut where it leaves each; false when the boxes meet.
func Tether(note, on Rect) (Point, Point, bool) {
	a := Point{(note.X0 + note.X1) / 2, (note.Y0 + note.Y1) / 2}
	b := Point{(on.X0 + on.X1) / 2, (on.Y0 + on.Y1) / 2}
	if note.X0 <= on.X1 && on.X0 <= note.X1 && note.Y0 <= on.Y1 && on.Y0 <= note.Y1 {
		return Point{}, Point{}, false
	}
	return edgeOf(note, a, b), edgeOf(on, b, a), true
}

// edgeOf is where the segment from a (inside r) towards b leaves r.
func edgeOf(r Rect, a, b Point) Point {
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
	return Point{a.X + t*dx, a.Y + t*dy}
}

// NoteName is note i's accessible name: its number (two notes may say the
// same), the text it draws, in order (label in name), and what it is on.
func NoteName(i int, lines []string, on string) string {
	name := "Note " + strconv.Itoa(i+1) + ": " + strings.Join(lines, " ")
	if on != "" {
		name += ", on " + on
	}
	return name
}
