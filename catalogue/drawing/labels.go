package drawing

import "github.com/archdesigner/designer/catalogue"

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
