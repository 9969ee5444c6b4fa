package patch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// Change is what a client sends and the server's stream holds: the user's
// ops, made on the design as it was after the stream's sequence Base, under
// an ID the client chose, so that a change sent again after a reconnect is
// applied once. Its JSON is {"id": …, "base": …, "ops": [op, …]}, as
// schema/change.schema.json describes.
type Change struct {
	// ID is a design id (1 to 64 lower-case letters, digits and single
	// hyphens): a lower-case UUID is one.
	ID   string `json:"id"`
	Base uint64 `json:"base"`
	Ops  []Op   `json:"ops"`
}

// Limits bound what DecodeChange reads, each checked before the work it
// bounds.
type Limits struct {
	// Bytes is the most a message may be.
	Bytes int
	// Ops is the most ops one change may carry.
	Ops int
	// Value is the most bytes one op's value may be (an added node with
	// its properties, a list of suppressions).
	Value int
}

// DefaultLimits are the limits of a live edit: a paste of a few thousand
// nodes fits; a whole design of the largest size is loaded, not sent.
func DefaultLimits() Limits {
	return Limits{Bytes: 4 << 20, Ops: 20000, Value: 1 << 20}
}

// maxField bounds a set op's field name: "props." and a property name.
const maxField = len("objectives.availability") + 64

// DecodeChange reads a change message strictly: unknown fields, a field
// given twice or spelled in another case, text that is not UTF-8, wrong
// types, a change or an op over its limits (more ops than lim.Ops are
// refused before they are all read), ids that are not design ids,
// fields and values an op cannot have, are an *Error with a stable code,
// the op's index (-1 for the change itself) and what would be right. What
// it returns applies or fails on a design (Apply) as a whole; it has not
// been checked against one.
func DecodeChange(data []byte, lim Limits) (Change, error) {
	var c Change
	if len(data) > lim.Bytes {
		return c, &Error{Code: diag.CodeTooLarge, Op: -1, Msg: fmt.Sprintf("the message is %d bytes; a change is at most %d (send a large edit as several changes)", len(data), lim.Bytes)}
	}
	if !utf8.Valid(data) {
		at := 0
		for at < len(data) {
			r, size := utf8.DecodeRune(data[at:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			at += size
		}
		return c, &Error{Code: CodeInvalidChange, Op: -1, Msg: fmt.Sprintf("the message is not UTF-8 (byte %d); send JSON text, which is UTF-8", at)}
	}
	top, err := readTop(data, lim)
	if err != nil {
		return c, err
	}
	switch {
	case top.ID == nil:
		return c, &Error{Code: diag.CodeRequired, Op: -1, Msg: "`id` is required: the change's own id, so that a change sent twice applies once"}
	case !catalogue.ValidID(*top.ID):
		return c, &Error{Code: diag.CodeInvalidID, Op: -1, Msg: fmt.Sprintf("the change's id %q is not an id; use 1 to 64 lower-case letters, digits and single hyphens (a lower-case UUID is one)", clip(*top.ID))}
	case top.Base == nil:
		return c, &Error{Code: diag.CodeRequired, Op: -1, Msg: "`base` is required: the last sequence of the design's stream the client had applied (0 for none)"}
	case top.Ops == nil:
		return c, &Error{Code: diag.CodeRequired, Op: -1, Msg: "`ops` is required: a list of ops (it may be empty)"}
	}
	c = Change{ID: *top.ID, Base: *top.Base, Ops: make([]Op, len(top.Ops))}
	for i, raw := range top.Ops {
		op := &c.Ops[i]
		if msg, code := checkKeys(raw); msg != "" {
			return Change{}, &Error{Code: code, Op: i, Msg: msg}
		}
		if err := decodeStrict(raw, op); err != nil {
			return Change{}, &Error{Code: codeOf(err), Op: i, Msg: "not an op {\"op\", \"key\", \"field\", \"value\", \"after\"}: " + words(err)}
		}
		if err := Check(i, *op, lim); err != nil {
			return Change{}, err
		}
	}
	return c, nil
}

// Check checks one op on its own, without a design: its kind, the key its
// kind needs, its field and value, its place.
func Check(i int, op Op, lim Limits) *Error {
	t := op.Op.target()
	if op.Op == "" || t == onDesign && op.Op != SetDesign {
		return opError(i, op, diag.CodeUnknownOp, "unknown op %q; use one of %s", clip(string(op.Op)), kindList())
	}
	if len(op.Value) > lim.Value {
		return opError(i, op, diag.CodeTooLarge, "the value is %d bytes; at most %d", len(op.Value), lim.Value)
	}
	if err := checkKey(op.Key, t, "key"); err != "" {
		return opError(i, op, diag.CodeInvalidID, "%s", err)
	}
	isSet := op.Op == SetNode || op.Op == SetGroup || op.Op == SetEdge || op.Op == SetNote || op.Op == SetDesign
	switch {
	case isSet && op.Field == "":
		return opError(i, op, diag.CodeRequired, "`field` is required: the field it sets")
	case !isSet && op.Field != "":
		return opError(i, op, diag.CodeNotApplicable, "`field` is only for set ops; leave it out")
	case len(op.Field) > maxField:
		return opError(i, op, CodeUnknownField, "the field name is %d bytes; no field is longer than %d", len(op.Field), maxField)
	}
	placed := isAdd(op.Op) || op.Op == MoveNode || op.Op == MoveGroup || op.Op == MoveEdge || op.Op == MoveNote
	if op.After != nil {
		if !placed {
			return opError(i, op, diag.CodeNotApplicable, "`after` is only for add and move ops; leave it out")
		}
		if err := checkKey(*op.After, t, "after"); err != "" {
			return opError(i, op, diag.CodeInvalidID, "%s", err)
		}
	}
	hasValue := isSet || isAdd(op.Op) || op.Op == RenameNode || op.Op == RenameGroup
	if !hasValue && op.Value != nil {
		return opError(i, op, diag.CodeNotApplicable, "a %s op has no `value`; leave it out", op.Op)
	}
	if hasValue && op.Value == nil {
		return opError(i, op, diag.CodeRequired, "`value` is required (null clears a field)")
	}
	// The value is read as Apply reads it, into a scratch element.
	var err error
	switch op.Op {
	case AddNode:
		var n catalogue.Node
		err = decodeElement(op.Value, &n, nodeFields, &n.Props, "component")
	case AddGroup:
		var g catalogue.Group
		err = decodeElement(op.Value, &g, groupFields, &g.Props, "boundary")
	case AddEdge:
		err = decodeElement(op.Value, &catalogue.Edge{}, edgeFields, nil)
		if err == nil && op.Key.From == op.Key.To {
			return opError(i, op, diag.CodeSelfEdge, "connects `%s` to itself; an edge joins two different nodes", op.Key.From)
		}
	case AddNote:
		err = decodeElement(op.Value, &catalogue.Note{}, noteFields, nil, "text")
	case RenameNode, RenameGroup:
		if _, e := id(op.Value); e != nil {
			return opError(i, op, diag.CodeInvalidID, "the new id is %v", e)
		}
	case SetNode:
		var n catalogue.Node
		err = setScratch(op, &n, nodeFields, &n.Props)
	case SetGroup:
		var g catalogue.Group
		err = setScratch(op, &g, groupFields, &g.Props)
	case SetEdge:
		err = setScratch(op, &catalogue.Edge{}, edgeFields, nil)
	case SetNote:
		err = setScratch(op, &catalogue.Note{}, noteFields, nil)
	case SetDesign:
		err = setScratch(op, &catalogue.Design{}, designFields, nil)
	}
	if err != nil {
		var unknown unknownField
		if errors.As(err, &unknown) {
			return opError(i, op, CodeUnknownField, "%v", err)
		}
		return opError(i, op, diag.CodeWrongType, "%v", err)
	}
	return nil
}

type unknownField struct{ error }

// setScratch sets op's field on a scratch element, so that its value is
// checked as Apply checks it.
func setScratch[T any](op Op, t *T, fields []field[T], props *map[string]catalogue.Value) error {
	if name, ok := strings.CutPrefix(op.Field, "props."); ok && props != nil {
		return setProp(props, name, op)
	}
	f := findField(fields, op.Field)
	if f == nil {
		more := ""
		if props != nil {
			more = " and props.<name>"
		}
		return unknownField{fmt.Errorf("no field %q; the fields are %s%s", clip(op.Field), strings.Join(fieldNames(fields), ", "), more)}
	}
	return f.set(t, op.Value)
}

// checkKey says what is wrong with a key for an op on t, or "".
func checkKey(k Key, t target, what string) string {
	bad := func(s string) bool { return !catalogue.ValidID(s) }
	if k.N < 0 || k.N > catalogue.MaxEdges {
		return fmt.Sprintf("%s.n is %d; it counts from 0 the edges between the same two nodes, or the notes on one thing", what, k.N)
	}
	switch t {
	case onNode, onGroup:
		if bad(k.ID) {
			return fmt.Sprintf("%s.id %q is not an id; use 1 to 64 lower-case letters, digits and single hyphens", what, clip(k.ID))
		}
		if k.From != "" || k.To != "" || k.On != "" || k.N != 0 {
			return what + " of a node or a group is {\"id\"} alone"
		}
	case onEdge:
		if bad(k.From) || bad(k.To) {
			return fmt.Sprintf("%s of an edge is {\"from\", \"to\", \"n\"} with node ids; %q → %q are not both ids", what, clip(k.From), clip(k.To))
		}
		if k.ID != "" || k.On != "" {
			return what + " of an edge is {\"from\", \"to\", \"n\"} alone"
		}
	case onNote:
		if k.On != "" && bad(k.On) {
			return fmt.Sprintf("%s.on %q is not an id; name a node or a group, or leave it out for the canvas", what, clip(k.On))
		}
		if k.ID != "" || k.From != "" || k.To != "" {
			return what + " of a note is {\"on\", \"n\"} alone"
		}
	default:
		if k != (Key{}) {
			return what + " of a design op is {}"
		}
	}
	return ""
}

// decodeStrict decodes one JSON value, refusing unknown fields and
// anything after it.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more after the JSON value")
	}
	return nil
}

// codeOf gives a decoding error its code.
func codeOf(err error) diag.Code {
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr):
		return diag.CodeWrongType
	case strings.Contains(err.Error(), "unknown field"):
		return diag.CodeUnknownKey
	}
	return CodeInvalidChange
}

// words says a decoding error for people.
func words(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("%s is %s where %s is wanted", typeErr.Field, typeErr.Value, typeErr.Type)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// top is a change message's own fields; Ops holds each op unread.
type top struct {
	ID   *string
	Base *uint64
	Ops  []json.RawMessage
}

// readTop reads a change's own fields, streaming its ops so that a message
// of more ops than lim.Ops is refused before they are all held, and
// refusing a field twice or spelled in another case (encoding/json would
// take the last, and any case).
func readTop(data []byte, lim Limits) (top, *Error) {
	var t top
	fail := func(code diag.Code, msg string) (top, *Error) {
		return top{}, &Error{Code: code, Op: -1, Msg: "not a change {\"id\", \"base\", \"ops\"}: " + msg}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil {
		return fail(CodeInvalidChange, words(err))
	} else if tok != json.Delim('{') {
		return fail(diag.CodeWrongType, fmt.Sprintf("the message is %v, not an object", tok))
	}
	seen := map[string]bool{}
	typeErr := func(name string, err error) (top, *Error) {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return fail(diag.CodeWrongType, fmt.Sprintf("%s is %s where %s is wanted", name, te.Value, te.Type))
		}
		return fail(CodeInvalidChange, words(err))
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fail(CodeInvalidChange, words(err))
		}
		name, _ := tok.(string)
		if seen[name] {
			return fail(CodeInvalidChange, fmt.Sprintf("%q twice; give each field once", clip(name)))
		}
		seen[name] = true
		switch name {
		case "id":
			if err := dec.Decode(&t.ID); err != nil {
				return typeErr(name, err)
			}
		case "base":
			if err := dec.Decode(&t.Base); err != nil {
				return typeErr(name, err)
			}
		case "ops":
			tok, err := dec.Token()
			if err != nil {
				return fail(CodeInvalidChange, words(err))
			}
			if tok == nil {
				continue // null: missing
			}
			if tok != json.Delim('[') {
				return fail(diag.CodeWrongType, fmt.Sprintf("ops is %v where a list of ops is wanted", tok))
			}
			t.Ops = []json.RawMessage{}
			for dec.More() {
				if len(t.Ops) == lim.Ops {
					return top{}, &Error{Code: diag.CodeTooLarge, Op: -1, Msg: fmt.Sprintf("more than %d ops; a change carries at most %d (send it as several changes)", lim.Ops, lim.Ops)}
				}
				var raw json.RawMessage
				if err := dec.Decode(&raw); err != nil {
					return fail(CodeInvalidChange, words(err))
				}
				t.Ops = append(t.Ops, raw)
			}
			if _, err := dec.Token(); err != nil {
				return fail(CodeInvalidChange, words(err))
			}
		default:
			return fail(diag.CodeUnknownKey, fmt.Sprintf("unknown field %q; the fields are id, base and ops", clip(name)))
		}
	}
	if _, err := dec.Token(); err != nil {
		return fail(CodeInvalidChange, words(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail(CodeInvalidChange, "more after the JSON value")
	}
	return t, nil
}

// structKeys are the names of the fields that ops and their values decode
// into structs; encoding/json matches them in any case.
var structKeys = []string{"op", "key", "field", "value", "after", "id", "from", "to", "on", "n", "x", "y", "rule", "node", "reason"}

// checkKeys says what is wrong with the keys of the objects in an op, or
// "": a key given twice in one object (encoding/json would keep the last,
// where another reader may keep the first), or a field's name in another
// case. Malformed JSON is left to the decoder to report.
func checkKeys(raw []byte) (string, diag.Code) {
	type object struct {
		keys    map[string]bool
		wantKey bool
		last    string // the key whose value comes next
		props   bool   // an object of property values: any names
	}
	var stack []*object // nil for a list
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1] != nil {
			stack[n-1].wantKey = true
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", ""
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{':
				o := &object{keys: map[string]bool{}, wantKey: true}
				if n := len(stack); n > 0 && stack[n-1] != nil {
					o.props = stack[n-1].last == "props"
				}
				stack = append(stack, o)
			case '[':
				stack = append(stack, nil)
			default:
				stack = stack[:len(stack)-1]
				if len(stack) == 0 {
					return "", ""
				}
				valueDone()
			}
			continue
		case string:
			if n := len(stack); n > 0 && stack[n-1] != nil && stack[n-1].wantKey {
				o := stack[n-1]
				if o.keys[v] {
					return fmt.Sprintf("%q twice in one object; give each field once", clip(v)), CodeInvalidChange
				}
				o.keys[v] = true
				o.wantKey, o.last = false, v
				for _, k := range structKeys {
					if o.props {
						break
					}
					if v != k && strings.EqualFold(v, k) {
						return fmt.Sprintf("unknown field %q; write it %q", clip(v), k), diag.CodeUnknownKey
					}
				}
				continue
			}
		}
		valueDone()
		if len(stack) == 0 {
			return "", ""
		}
	}
}
