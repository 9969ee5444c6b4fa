package patch

import (
	"encoding/json"
	"strconv"
)

// Kind names what an Op does.
type Kind string

// The kinds of op. Add ops carry the whole element in Value; set ops one
// Field; move ops only After; rename ops the new id in Value.
const (
	AddNode     Kind = "addNode"
	RemoveNode  Kind = "removeNode"
	SetNode     Kind = "setNode"
	RenameNode  Kind = "renameNode"
	MoveNode    Kind = "moveNode"
	AddGroup    Kind = "addGroup"
	RemoveGroup Kind = "removeGroup"
	SetGroup    Kind = "setGroup"
	RenameGroup Kind = "renameGroup"
	MoveGroup   Kind = "moveGroup"
	AddEdge     Kind = "addEdge"
	RemoveEdge  Kind = "removeEdge"
	SetEdge     Kind = "setEdge"
	MoveEdge    Kind = "moveEdge"
	AddNote     Kind = "addNote"
	RemoveNote  Kind = "removeNote"
	SetNote     Kind = "setNote"
	MoveNote    Kind = "moveNote"
	SetDesign   Kind = "setDesign"
)

// Kinds lists every kind of op, for messages and the schema's test.
var Kinds = []Kind{AddNode, RemoveNode, SetNode, RenameNode, MoveNode, AddGroup, RemoveGroup, SetGroup, RenameGroup, MoveGroup,
	AddEdge, RemoveEdge, SetEdge, MoveEdge, AddNote, RemoveNote, SetNote, MoveNote, SetDesign}

// Key names what an op changes (see the package comment): ID for a node or
// a group; From, To and N for an edge; On and N for a note; nothing for the
// design itself.
type Key struct {
	ID   string `json:"id,omitempty"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	On   string `json:"on,omitempty"`
	N    int    `json:"n,omitempty"`
}

// Op is one field-level change of a design. Value is JSON: the element an
// add op adds, the field's new value of a set op (null removes a property
// or clears an optional field), the new id of a rename.
type Op struct {
	Op    Kind            `json:"op"`
	Key   Key             `json:"key"`
	Field string          `json:"field,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
	// After is the element an add or move op places this one after; nil
	// places it first.
	After *Key `json:"after,omitempty"`
}

// target says what of the design an op's kind is about.
type target uint8

const (
	onDesign target = iota
	onNode
	onGroup
	onEdge
	onNote
)

func (k Kind) target() target {
	switch k {
	case AddNode, RemoveNode, SetNode, RenameNode, MoveNode:
		return onNode
	case AddGroup, RemoveGroup, SetGroup, RenameGroup, MoveGroup:
		return onGroup
	case AddEdge, RemoveEdge, SetEdge, MoveEdge:
		return onEdge
	case AddNote, RemoveNote, SetNote, MoveNote:
		return onNote
	}
	return onDesign
}

// words names the key of an element of t for people: "node api", "edge
// api → db", "edge #2 api → db", "note on api", "the design".
func (k Key) words(t target) string {
	nth := ""
	if k.N > 0 {
		nth = "#" + strconv.Itoa(k.N+1) + " "
	}
	switch t {
	case onNode:
		return "node " + k.ID
	case onGroup:
		return "group " + k.ID
	case onEdge:
		return "edge " + nth + k.From + " → " + k.To
	case onNote:
		if k.On == "" {
			return "note " + nth + "on the canvas"
		}
		return "note " + nth + "on " + k.On
	}
	return "the design"
}

// Describe says in words what the op changes: "node api: props.acks".
func (op Op) Describe() string {
	w := op.Key.words(op.Op.target())
	if op.Field != "" {
		w += ": " + op.Field
	}
	return w
}
