package catalogue

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Type is the type of a property.
type Type string

// The property types a kind may declare.
const (
	TypeEnum    Type = "enum"
	TypeBoolean Type = "boolean"
	TypeInteger Type = "integer"
	TypeString  Type = "string"
)

var types = []string{string(TypeEnum), string(TypeBoolean), string(TypeInteger), string(TypeString)}

// valueKind is the dynamic type of a Value.
type valueKind uint8

const (
	noValue valueKind = iota
	stringValue
	intValue
	boolValue
)

// Value is a property value: a string (for enum and string properties), an
// integer or a boolean. The zero Value is "no value".
type Value struct {
	s    string
	i    int64
	kind valueKind
	b    bool
}

// StringValue returns a string value.
func StringValue(s string) Value { return Value{kind: stringValue, s: s} }

// IntValue returns an integer value.
func IntValue(i int64) Value { return Value{kind: intValue, i: i} }

// BoolValue returns a boolean value.
func BoolValue(b bool) Value { return Value{kind: boolValue, b: b} }

// IsSet reports whether v holds a value.
func (v Value) IsSet() bool { return v.kind != noValue }

// Str returns the string held, or "".
func (v Value) Str() string { return v.s }

// Int returns the integer held, or 0.
func (v Value) Int() int64 { return v.i }

// Bool returns the boolean held, or false.
func (v Value) Bool() bool { return v.b }

// Interface returns the value as a Go string, int64 or bool, or nil when unset.
func (v Value) Interface() any {
	switch v.kind {
	case stringValue:
		return v.s
	case intValue:
		return v.i
	case boolValue:
		return v.b
	}
	return nil
}

// Literal formats the value as it is written in YAML and JSON: strings
// double-quoted, integers and booleans bare, and "—" when unset.
func (v Value) Literal() string {
	switch v.kind {
	case stringValue:
		return strconv.Quote(v.s)
	case intValue:
		return strconv.FormatInt(v.i, 10)
	case boolValue:
		return strconv.FormatBool(v.b)
	}
	return "—"
}

// Text formats the value for people: strings as they are, "unset" when unset.
func (v Value) Text() string {
	switch v.kind {
	case stringValue:
		return v.s
	case noValue:
		return "unset"
	}
	return v.Literal()
}

// fits reports whether v can be a value of a property of type t.
func (v Value) fits(t Type) bool {
	switch t {
	case TypeEnum, TypeString:
		return v.kind == stringValue
	case TypeInteger:
		return v.kind == intValue
	case TypeBoolean:
		return v.kind == boolValue
	}
	return false
}

// typeWords names the dynamic type of v for messages.
func (v Value) typeWords() string {
	switch v.kind {
	case stringValue:
		return "a string"
	case intValue:
		return "an integer"
	case boolValue:
		return "a boolean"
	}
	return "nothing"
}

// MarshalJSON writes the value as a JSON string, number, boolean or null.
func (v Value) MarshalJSON() ([]byte, error) {
	// Without HTML escaping, like every other string the CLI writes (a
	// value's < stays <, not \u003c); json.Marshal of a whole document
	// escapes it again where that matters.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v.Interface()); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads a JSON string, integer or boolean (null leaves v unset).
func (v *Value) UnmarshalJSON(data []byte) error {
	switch text := string(bytes.TrimSpace(data)); {
	case text == "null":
		*v = Value{}
	case text == "true" || text == "false":
		*v = BoolValue(text == "true")
	case strings.HasPrefix(text, `"`):
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*v = StringValue(s)
	default:
		i, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return fmt.Errorf("%s is not a string, an integer, a boolean or null", text)
		}
		*v = IntValue(i)
	}
	return nil
}
