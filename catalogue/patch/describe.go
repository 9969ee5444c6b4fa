package patch

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Describe says in words what a change's ops do, for people reading a
// design's history: one line an op ("set api's replicas to 3", "added node
// jobs (aws-sqs)", "deleted the edge api → jobs"), except that the
// positions set of several nodes (a drag of a selection) are one line
// ("moved 3 nodes"), as are the reorderings of a list. At most max lines
// are said (max < 1 says them all); the rest is one more line, "and N
// more". A change without ops says "no change".
func Describe(ops []Op, max int) []string {
	type moved struct {
		line int // the line it is said on
		keys map[Key]bool
	}
	var lines []string
	// Moves and reorders are counted by what they are of, and said once,
	// on the line of the first.
	type kind struct {
		verb string
		t    target
	}
	moves := map[kind]*moved{}
	count := func(verb string, t target, k Key) {
		m := moves[kind{verb, t}]
		if m == nil {
			m = &moved{line: len(lines), keys: map[Key]bool{}}
			moves[kind{verb, t}] = m
			lines = append(lines, "")
		}
		m.keys[k] = true
		lines[m.line] = movedWords(verb, t, m.keys)
	}
	for _, op := range ops {
		t := op.Op.target()
		switch {
		case op.Field == "position" && t != onDesign:
			count("moved", t, op.Key)
		case op.Op == MoveNode || op.Op == MoveGroup || op.Op == MoveEdge || op.Op == MoveNote:
			count("reordered", t, op.Key)
		default:
			lines = append(lines, opWords(op))
		}
	}
	if len(lines) == 0 {
		return []string{"no change"}
	}
	if max > 0 && len(lines) > max {
		rest := len(lines) - max
		lines = append(lines[:max:max], "and "+strconv.Itoa(rest)+" more")
	}
	return lines
}

// movedWords says what a move (verb "moved") or a reordering ("reordered")
// of the elements keys of t did: "moved node api", "moved 3 nodes".
func movedWords(verb string, t target, keys map[Key]bool) string {
	if len(keys) == 1 {
		for k := range keys {
			return verb + " " + theWords(k, t)
		}
	}
	return verb + " " + strconv.Itoa(len(keys)) + " " + plural(t)
}

// plural names elements of t: "nodes", "edges".
func plural(t target) string {
	switch t {
	case onGroup:
		return "groups"
	case onEdge:
		return "edges"
	case onNote:
		return "notes"
	}
	return "nodes"
}

// theWords names an element for a sentence: "node api", "the edge api →
// db", "a note on api", "the design".
func theWords(k Key, t target) string {
	switch t {
	case onEdge:
		return "the " + k.words(t)
	case onNote:
		return "a " + k.words(t)
	}
	return k.words(t)
}

// fieldOf names a field of an element: "api's replicas" for a node or a
// group; for an edge or a note the element comes after ("protocol of the
// edge api → db"), which reads better than a possessive.
func fieldOf(k Key, t target, field string) string {
	field = strings.TrimPrefix(field, "props.")
	switch t {
	case onNode, onGroup:
		return k.ID + "'s " + field
	}
	return field + " of " + theWords(k, t)
}

// opWords says one op in words (see Describe).
func opWords(op Op) string {
	t := op.Op.target()
	switch op.Op {
	case AddNode:
		var n struct {
			Component string `json:"component"`
		}
		if json.Unmarshal(op.Value, &n) == nil && n.Component != "" {
			return "added " + theWords(op.Key, t) + " (" + n.Component + ")"
		}
		return "added " + theWords(op.Key, t)
	case AddGroup, AddEdge, AddNote:
		return "added " + theWords(op.Key, t)
	case RemoveNode, RemoveGroup, RemoveEdge, RemoveNote:
		return "deleted " + theWords(op.Key, t)
	case RenameNode, RenameGroup:
		var to string
		_ = json.Unmarshal(op.Value, &to)
		return "renamed " + theWords(op.Key, t) + " to " + to
	case SetNote:
		if op.Field == "text" {
			return "edited the text of " + theWords(op.Key, t)
		}
	}
	what := fieldOf(op.Key, t, op.Field)
	if t == onDesign {
		what = "the design's " + op.Field
	}
	v, ok := valueWords(op.Value)
	switch {
	case isNull(op.Value) || len(op.Value) == 0:
		return "cleared " + what
	case !ok:
		return "changed " + what
	}
	return "set " + what + " to " + v
}

// valueWords says a short value as people write it: a number or a word as
// it is, text in quotes; a list, an object or a long text is not said.
func valueWords(raw json.RawMessage) (string, bool) {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return "", false
	}
	switch x := v.(type) {
	case string:
		if len(x) > 40 || strings.ContainsAny(x, "\n\r") {
			return "", false
		}
		return "“" + x + "”", true
	case float64, bool:
		return strings.TrimSpace(string(raw)), true
	}
	return "", false
}
