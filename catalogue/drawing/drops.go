package drawing

import "github.com/archdesigner/designer/catalogue"

// Without is df less the frames of the groups skip names: a dragged
// group's own and those inside it, which it cannot be dropped in.
func (df DropFrames) Without(skip map[string]bool) DropFrames {
	var out DropFrames
	for i, id := range df.ids {
		if !skip[id] {
			out.ids, out.frames = append(out.ids, id), append(out.frames, df.frames[i])
		}
	}
	return out
}

// Crossed is the innermost frame holding the point (x1, y1), and whether
// a move from (x0, y0) to it crossed a frame's edge (the innermost frame
// holding each point differs).
func (df DropFrames) Crossed(x0, y0, x1, y1 float64) (string, bool) {
	to := df.At(x1, y1)
	return to, df.At(x0, y0) != to
}

// GroupsWithin are group id of d and the groups inside it, however deep.
func GroupsWithin(d *catalogue.Design, id string) map[string]bool {
	inside := map[string]bool{id: true}
	for changed := true; changed; {
		changed = false
		for _, g := range d.Groups {
			if !inside[g.ID] && inside[g.In] {
				inside[g.ID], changed = true, true
			}
		}
	}
	return inside
}

// Centre is the middle of the box of a node whose top-left corner is at
// x, y.
func Centre(x, y float64) (float64, float64) {
	return x + NodeWidth/2, y + NodeHeight/2
}
