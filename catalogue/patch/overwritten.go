package patch

import "bytes"

// Overwritten returns what of the user's change mine, already in the
// server's stream, the later ops of someone else's change undo: a field
// they set again to another value, or what they deleted that mine added or
// edited. Rebase tells the user who sends later what they lost; this tells
// the one who sent first, when the later change reaches them. Keys are
// compared as they are: a rename between the two changes hides what it
// renamed.
func Overwritten(mine, later []Op) []Overridden {
	type field struct {
		op    Kind
		key   Key
		field string
	}
	set := map[field]Op{}
	removed := map[target]map[Key]Op{}
	for _, op := range later {
		switch op.Op {
		case SetNode, SetGroup, SetEdge, SetNote, SetDesign:
			set[field{op.Op, op.Key, op.Field}] = op
		case RemoveNode, RemoveGroup, RemoveEdge, RemoveNote:
			t := op.Op.target()
			if removed[t] == nil {
				removed[t] = map[Key]Op{}
			}
			removed[t][op.Key] = op
		}
	}
	gone := func(t target, k Key) (Op, bool) {
		op, ok := removed[t][k]
		return op, ok
	}
	var out []Overridden
	for _, op := range mine {
		t := op.Op.target()
		o := Overridden{Op: op, What: op.Describe()}
		if r, ok := gone(t, op.Key); ok && t != onDesign && op.Op != r.Op {
			o.Why = "someone else deleted " + r.Key.words(t) + " afterwards"
		} else if r, ok := gone(onNode, Key{ID: op.Key.From}); ok && t == onEdge && op.Op != RemoveEdge {
			o.Why = "someone else deleted " + r.Key.words(onNode) + " afterwards"
		} else if r, ok := gone(onNode, Key{ID: op.Key.To}); ok && t == onEdge && op.Op != RemoveEdge {
			o.Why = "someone else deleted " + r.Key.words(onNode) + " afterwards"
		} else if r, ok := set[field{op.Op, op.Key, op.Field}]; ok && !bytes.Equal(r.Value, op.Value) {
			o.Why = "someone else set it to " + clip(string(r.Value)) + " afterwards"
		}
		if o.Why != "" {
			out = append(out, o)
		}
	}
	return out
}
