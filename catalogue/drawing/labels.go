package drawing

import (
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// The provider chip's geometry: about a character's width of its 10 px
// text, and the padding either side.
const (
	ChipChar = 6
	ChipPad  = 6
)

// FrameLabel is what a group's frame says: its boundary's name (name), its
// own name or id, and where it is (its region, zone or CIDR).
func FrameLabel(name string, g catalogue.Group) string {
	label := name + " · " + g.ID
	if g.Name != "" {
		label = name + " · " + g.Name
	}
	for _, key := range []string{"region", "zone", "cidr"} {
		if v, ok := g.Props[key]; ok {
			label += " · " + v.Text()
			break
		}
	}
	return label
}

// BadgeShape is the mark of severity s, around (0, 0).
func BadgeShape(s catalogue.Severity) string {
	switch s {
	case catalogue.SeverityError:
		return "M -1.6 -6 H 1.6 L 1.2 2 H -1.2 Z M -1.6 3.4 H 1.6 V 6.4 H -1.6 Z"
	case catalogue.SeverityWarning:
		return "M 0 -6 L 6 5 H -6 Z"
	}
	return "M -1.5 -1.6 H 1.5 V 6.4 H -1.5 Z M -1.5 -6.4 H 1.5 V -3.4 H -1.5 Z"
}

// Spread is how many zones a node says it runs in when more than one
// (zones named or counted), else 0: the canvas draws such a node as a
// stack of boxes, as diagrams draw several instances of one thing.
func Spread(n *catalogue.Node) int {
	if k := max(len(n.Zones), n.ZoneCount); k > 1 {
		return k
	}
	return 0
}

// StackOffset is how far each box of a stack sits behind the one in front.
const StackOffset = 4

// Where a node's text goes in its box (NodeWidth × NodeHeight), as the
// canvas and the pictures draw it: from TextX, the title up to the badge,
// the product name up to the connector, and the last line up to the
// provider's chip, which ends before the kind's icon.
const (
	TextX     = 12
	TitleEnd  = NodeWidth - 30 // the badge's disc starts at NodeWidth-24
	nameEnd   = NodeWidth - 14 // 5 px short of the connector's dot (NodeWidth-9)
	iconStart = NodeWidth - 28 // the kind's icon, 20 px, 8 px from the side
	lineGap   = 4              // between the last line and the chip or icon
)

// The font sizes of a node's lines, in px (the stylesheet's, for the
// canvas, and the pictures'), at full size and zoomed out.
const (
	TitlePx        = 13
	NamePx         = 12
	KindPx         = 11
	ChipPx         = 10
	SummaryTitlePx = 20
	SummaryNamePx  = 15
)

// NodeText is what a node's box says, each line shortened to fit its room
// (with an ellipsis where cut), and the full text, for the tooltip.
type NodeText struct {
	Title string   // bold, TitlePx, baseline at y 22
	Name  []string // NamePx: one line at y 42, or two at NameLineY
	Kind  string   // KindPx at y 60, beside the chip; none when the name takes two lines
	// The provider's chip (Chip empty for none): its left edge and width.
	Chip         string
	ChipX, ChipW float64
	Full         string // every line whole, one a line
}

// NameLineY are the baselines of a product name drawn on two lines: the
// second beside the chip, where the kind line goes when the name takes one.
var NameLineY = [2]float64{40, 57}

// NodeWords is what a node's box says, whole: its title (its display name,
// else its id), its product's name, its kind line (the kind's name, after
// the id when the display name is the title) and its provider (the chip's
// text; empty for a vendor-neutral product).
type NodeWords struct {
	Title, Name, Kind, Provider string
}

// WordsOf is what node n's box says, in the products of catalogue cat (an
// unknown product's id for its name).
func WordsOf(cat *catalogue.Catalogue, n *catalogue.Node) NodeWords {
	w := NodeWords{Title: n.ID, Name: n.Component}
	if comp := cat.Components[n.Component]; comp != nil {
		w.Name, w.Kind = comp.Name, comp.Kind
		if k := cat.Kinds[comp.Kind]; k != nil && k.Name != "" {
			w.Kind = k.Name
		}
		// A cloud's products carry its id as a chip; open-source and
		// vendor-neutral ones ("default") none.
		if comp.Provider != "default" {
			w.Provider = comp.Provider
		}
	}
	if n.Name != "" {
		w.Title, w.Kind = n.Name, strings.TrimSuffix(n.ID+" · "+w.Kind, " · ")
	}
	return w
}

// Layout lays out the words in the box, with the kind's icon at the bottom
// right or not (icon). A product name too long for one line takes two, and
// the kind line gives way to it: the icon shows the kind, and the
// accessible name and the tooltip keep it. What does not fit ends in an
// ellipsis.
func (w NodeWords) Layout(icon bool) NodeText {
	title, name, kind, provider := w.Title, w.Name, w.Kind, w.Provider
	t := NodeText{Title: Fit(title, TitlePx, true, TitleEnd-TextX), Chip: provider}
	end := float64(NodeWidth - TextX) // the chip's right edge, and the last line's
	if icon {
		end = iconStart - lineGap
	}
	if provider != "" {
		t.ChipW = float64(ChipChar*len([]rune(provider)) + 2*ChipPad)
		t.ChipX = end - t.ChipW
		end = t.ChipX - lineGap
	}
	if t.Name = Lines(name, NamePx, false, nameEnd-TextX, end-TextX); len(t.Name) < 2 {
		t.Kind = Fit(kind, KindPx, false, end-TextX)
	}
	var full []string
	for _, s := range []string{title, name, strings.TrimSuffix(kind+" · "+provider, " · ")} {
		if s != "" {
			full = append(full, s)
		}
	}
	t.Full = strings.Join(full, "\n")
	return t
}

// SummaryLabel is what a node's box says zoomed out: its title and product
// name, in larger type, each shortened to fit beside the badge and icon.
func SummaryLabel(title, name string) (string, string) {
	return Fit(title, SummaryTitlePx, true, TitleEnd-TextX), Fit(name, SummaryNamePx, false, iconStart-lineGap-TextX)
}

// The room of a group frame's label: the canvas draws the boundary's icon
// before it, from FrameLabelX; both end FrameLabelPad short of the frame's
// right side.
const (
	FrameLabelX   = 26
	FrameLabelPad = 8
	FrameLabelPx  = 12
)

// FitFrameLabel is label shortened, with an ellipsis, to fit a frame width
// wide when it starts at x, in bold type of size px.
func FitFrameLabel(label string, width, x, px float64) string {
	return Fit(label, px, true, width-x-FrameLabelPad)
}

// LabelCache keeps the layouts of nodes' words (NodeWords.Layout and
// SummaryLabel), for a canvas that draws the same names on every render:
// a layout measures every character of every line, often more than once
// to find where a line breaks. The font is the one TextWidth measures, so
// the words and the room decide a layout. It holds up to labelCacheSize
// of each and then starts again, a design's names being far fewer. The
// zero value is ready to use; it is not safe for concurrent use.
type LabelCache struct {
	full    map[labelKey]NodeText
	summary map[[2]string][2]string
}

// labelCacheSize bounds each of a LabelCache's maps.
const labelCacheSize = 4096

// labelKey is what a node's full layout depends on.
type labelKey struct {
	words NodeWords
	icon  bool
}

// Layout is w.Layout(icon), laid out once. The NodeText's lines are
// shared with later calls: not to be changed.
func (c *LabelCache) Layout(w NodeWords, icon bool) NodeText {
	k := labelKey{w, icon}
	if t, ok := c.full[k]; ok {
		return t
	}
	t := w.Layout(icon)
	if len(c.full) >= labelCacheSize || c.full == nil {
		c.full = make(map[labelKey]NodeText)
	}
	c.full[k] = t
	return t
}

// Summary is SummaryLabel(title, name), laid out once.
func (c *LabelCache) Summary(title, name string) (string, string) {
	k := [2]string{title, name}
	if s, ok := c.summary[k]; ok {
		return s[0], s[1]
	}
	top, bottom := SummaryLabel(title, name)
	if len(c.summary) >= labelCacheSize || c.summary == nil {
		c.summary = make(map[[2]string][2]string)
	}
	c.summary[k] = [2]string{top, bottom}
	return top, bottom
}
