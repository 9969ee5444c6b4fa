package drawing

import "strings"

// The widths of the printable ASCII characters (space to tilde), in
// thousandths of an em, in the font the editor draws with: the stylesheet's
// system-ui, -apple-system, "Segoe UI", Roboto, sans-serif, which is DejaVu
// Sans in the headless Chromium the browser tests run. Measured there with
// a canvas's measureText at 1000 px, a character at a time, regular (400)
// and bold (700; 600 measured the same). The fonts of other systems
// (Segoe UI, San Francisco, Roboto) are narrower, so text measured here
// fits there too, with room to spare.
var (
	regularWidths = [95]uint16{
		318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, //  !"#$%&'()*+,-./
		636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, // 0123456789:;<=>?
		1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, // @ABCDEFGHIJKLMNO
		603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, // PQRSTUVWXYZ[\]^_
		500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, // `abcdefghijklmno
		635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838, // pqrstuvwxyz{|}~
	}
	boldWidths = [95]uint16{
		348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, //  !"#$%&'()*+,-./
		696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, // 0123456789:;<=>?
		1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, // @ABCDEFGHIJKLMNO
		733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, // PQRSTUVWXYZ[\]^_
		500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, // `abcdefghijklmno
		716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838, // pqrstuvwxyz{|}~
	}
)

// Ellipsis ends a shortened text.
const Ellipsis = "…"

// Widths of what the table lacks, in thousandths of an em: the
// punctuation the editor writes itself (measured as the table was, regular
// and bold) and any other character, taken as an em (wider than any letter
// of the table, as wide as a CJK character), for such text to be cut too
// early rather than too late.
const otherWidth = 1000

// TextWidth is how wide s is drawn, in pixels, at size px, bold or not, in
// the font the editor draws with.
func TextWidth(s string, px float64, bold bool) float64 {
	total := 0
	for _, r := range s {
		total += runeWidth(r, bold)
	}
	return float64(total) * px / 1000
}

// runeWidth is r's width in thousandths of an em.
func runeWidth(r rune, bold bool) int {
	if r >= ' ' && r <= '~' {
		if bold {
			return int(boldWidths[r-' '])
		}
		return int(regularWidths[r-' '])
	}
	regular, heavy := otherWidth, otherWidth
	switch r {
	case '·', '‘', '’':
		regular, heavy = 318, 380
	case '“', '”':
		regular, heavy = 518, 657
	case '–':
		regular, heavy = 500, 500
	case '•':
		regular, heavy = 590, 639
	case '→', '×':
		regular, heavy = 838, 838
	case '—', '…':
		regular, heavy = 1000, 1000
	}
	if bold {
		return heavy
	}
	return regular
}

// Fit is s if it fits in room pixels at size px, else the longest start
// of s that does with an ellipsis after it (trailing spaces dropped), or
// the ellipsis alone.
func Fit(s string, px float64, bold bool, room float64) string {
	if TextWidth(s, px, bold) <= room {
		return s
	}
	return shorten(s, px, bold, room)
}

// shorten is the longest start of s, of whole words where a word fits,
// that fits in room with an ellipsis after it.
func shorten(s string, px float64, bold bool, room float64) string {
	limit := room * 1000 / px
	total := float64(runeWidth('…', bold))
	end := 0
	for i, r := range s {
		total += float64(runeWidth(r, bold))
		if total > limit {
			break
		}
		end = i + len(string(r))
	}
	// At a word's end where one fits: a word cut in two reads as another
	// word, to the eye and to a speech user saying what is shown (a
	// checker of label-in-name compares whole words).
	if end < len(s) && s[end] != ' ' {
		if sp := strings.LastIndexByte(s[:end], ' '); sp > 0 {
			end = sp
		}
	}
	return strings.TrimRight(s[:end], " ·–—,;:") + Ellipsis
}

// Lines breaks s into lines, line i at most rooms[i] pixels wide at size
// px: between words where it can, inside a word longer than its line, and
// the last line ends in an ellipsis when s does not fit them all. Runs of
// spaces count as one; an empty s is no lines.
func Lines(s string, px float64, bold bool, rooms ...float64) []string {
	s = strings.Join(strings.Fields(s), " ")
	var lines []string
	for i, room := range rooms {
		switch {
		case s == "":
			return lines
		case TextWidth(s, px, bold) <= room:
			return append(lines, s)
		case i == len(rooms)-1:
			return append(lines, shorten(s, px, bold, room))
		}
		line := longestLine(s, px, bold, room)
		lines = append(lines, line)
		s = strings.TrimLeft(s[len(line):], " ")
	}
	return lines
}

// longestLine is the longest start of s that fits in room and ends before
// a space or after a hyphen or slash; the longest that fits, ending
// anywhere, when no such start does; at least one character.
func longestLine(s string, px float64, bold bool, room float64) string {
	best := ""
	for i, r := range s {
		end := i // before a space
		if r == '-' || r == '/' {
			end = i + 1
		} else if r != ' ' {
			continue
		}
		if TextWidth(s[:end], px, bold) > room {
			break
		}
		best = s[:end]
	}
	if best != "" {
		return best
	}
	end := 0
	for i, r := range s {
		if i > 0 && TextWidth(s[:i+len(string(r))], px, bold) > room {
			break
		}
		end = i + len(string(r))
	}
	return s[:end]
}
