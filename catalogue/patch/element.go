package patch

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// The value of an add op is the element as a JSON object whose keys are the
// fields a set op names ("component", "assume.availability", …) and, for
// nodes and groups, "props": an object of the property values. Fields left
// at their zero are left out. The element's key (id, ends, what a note is on)
// is the op's Key, not repeated here.

// encodeElement writes an element for an add op.
func encodeElement[T any](t *T, fields []field[T], props map[string]catalogue.Value) json.RawMessage {
	m := make(map[string]any, len(fields)+1)
	for _, f := range fields {
		if !f.zero(t) {
			m[f.name] = f.get(t)
		}
	}
	if len(props) > 0 {
		m["props"] = props
	}
	return encode(m)
}

// decodeElement reads an add op's element into t, checking every value;
// props is nil for elements without properties. A field the element needs
// (a node's component, a group's boundary, a note's text) is in required.
func decodeElement[T any](raw json.RawMessage, t *T, fields []field[T], props *map[string]catalogue.Value, required ...string) error {
	if isNull(raw) {
		return fmt.Errorf("the %s to add is missing; give it as an object of its fields", elementWords(required))
	}
	var m map[string]json.RawMessage
	if err := strict(raw, &m); err != nil {
		return fmt.Errorf("not an object of fields: %v", err)
	}
	for _, name := range slices.Sorted(maps.Keys(m)) {
		raw := m[name]
		if name == "props" && props != nil {
			p, err := decodeProps(raw)
			if err != nil {
				return err
			}
			*props = p
			continue
		}
		f := findField(fields, name)
		if f == nil {
			known := fieldNames(fields)
			if props != nil {
				known = append(known, "props")
			}
			return fmt.Errorf("unknown field %q; the fields are %s", clip(name), strings.Join(known, ", "))
		}
		if err := f.set(t, raw); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
	for _, name := range required {
		if f := findField(fields, name); f != nil && f.zero(t) {
			return fmt.Errorf("%q is required", name)
		}
	}
	return nil
}

func elementWords(required []string) string {
	switch {
	case slices.Contains(required, "component"):
		return "node"
	case slices.Contains(required, "boundary"):
		return "group"
	case slices.Contains(required, "text"):
		return "note"
	}
	return "edge"
}

// decodeProps reads an object of property values.
func decodeProps(raw json.RawMessage) (map[string]catalogue.Value, error) {
	if isNull(raw) {
		return nil, nil
	}
	var m map[string]json.RawMessage
	if err := strict(raw, &m); err != nil {
		return nil, fmt.Errorf("props: not an object of property values: %v", err)
	}
	if len(m) == 0 {
		return nil, nil
	}
	out := make(map[string]catalogue.Value, len(m))
	for name, raw := range m {
		if !catalogue.ValidPropertyName(name) {
			return nil, fmt.Errorf("props: %q is not a property name (up to 64 letters and digits, camelCase)", clip(name))
		}
		v, err := propValue(raw)
		if err != nil {
			return nil, fmt.Errorf("props.%s: %v", name, err)
		}
		if !v.IsSet() {
			return nil, fmt.Errorf("props.%s: null; an added element's property has a value (leave it out instead)", name)
		}
		out[name] = v
	}
	return out, nil
}
