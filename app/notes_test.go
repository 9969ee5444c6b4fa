package app

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue/drawing"
)

func TestNoteLines(t *testing.T) {
	long := strings.Repeat("x", 30)
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Orders arrive here first", []string{"Orders arrive here first"}},
		{"Orders arrive here first, then go to the queue", []string{"Orders arrive here first,", "then go to the queue"}},
		{"one\n\ntwo\n", []string{"one", "", "two"}},
		{"a " + long, []string{"a", strings.Repeat("x", 27), "xxx"}},
		{strings.Repeat("word ", 100), nil}, // checked below: cut at noteMaxLines
	} {
		got := drawing.NoteLines(c.text)
		if c.want == nil {
			if len(got) != drawing.NoteMaxLines || !strings.HasSuffix(got[drawing.NoteMaxLines-1], "…") {
				t.Errorf("%q: %d lines, last %q", c.text, len(got), got[len(got)-1])
			}
			continue
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
	for _, l := range drawing.NoteLines(strings.Repeat("abc defgh ", 40)) {
		if n := len([]rune(l)); n > drawing.NoteChars {
			t.Errorf("line %q has %d characters", l, n)
		}
	}
}

// The SVG export draws every note, escaped, and the Fit box holds them.
func TestNotesDrawnInExportAndBounds(t *testing.T) {
	s := newStore(t)
	mustAdd(t, s, "kafka")
	if _, err := s.AddNote("kafka", "a <b> & c"); err != nil {
		t.Fatal(err)
	}
	svg := pictureOf(s, nil, drawing.PictureOptions{})
	if !strings.Contains(svg, "a &lt;b&gt; &amp; c</tspan>") || !strings.Contains(svg, "<line ") {
		t.Errorf("export:\n%s", svg)
	}
	b, _ := drawing.ContentBounds(s.Design())
	note, _ := s.NoteBox(0)
	if b.X1 < note.X1 || b.Y1 < note.Y1 {
		t.Errorf("bounds %v do not hold the note %v", b, note)
	}
}
