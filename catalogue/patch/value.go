package patch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/archdesigner/designer/catalogue"
)

// errNull is a null where a value is required.
var errNull = errors.New("null; give a value")

// isNull reports whether raw is JSON null (or missing).
func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}

// strict decodes raw into v: one JSON value of v's type and nothing after
// it (json.Unmarshal refuses trailing data).
func strict(raw json.RawMessage, v any) error { return json.Unmarshal(raw, v) }

// strictObject decodes raw into v, a struct or a list of structs, also
// refusing fields v does not have.
func strictObject(raw json.RawMessage, v any) error { return decodeStrict(raw, v) }

// encode writes v as JSON without HTML escaping; the values an op carries
// always encode.
func encode(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only design values are encoded, and they always can be
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// text reads a design's free text: a JSON string within the design's limits.
func text(raw json.RawMessage) (string, error) {
	if isNull(raw) {
		return "", errNull
	}
	var s string
	if err := strict(raw, &s); err != nil {
		return "", fmt.Errorf("not a string: %v", err)
	}
	if _, problem := catalogue.TextProblem(s); problem != "" {
		return "", errors.New(problem)
	}
	return s, nil
}

// ref reads an id that may be empty (none): "in", "replicaOf", a note's on.
func ref(raw json.RawMessage) (string, error) {
	if isNull(raw) {
		return "", nil
	}
	var s string
	if err := strict(raw, &s); err != nil {
		return "", fmt.Errorf("not a string: %v", err)
	}
	if s != "" && !catalogue.ValidID(s) {
		return "", fmt.Errorf("%q is not an id; use 1 to 64 lower-case letters, digits and single hyphens", clip(s))
	}
	return s, nil
}

// id reads an id that must be set.
func id(raw json.RawMessage) (string, error) {
	s, err := ref(raw)
	if err == nil && s == "" {
		err = errors.New("empty; give an id of 1 to 64 lower-case letters, digits and single hyphens")
	}
	return s, err
}

// boolean reads true or false.
func boolean(raw json.RawMessage) (bool, error) {
	var b bool
	if isNull(raw) {
		return false, errNull
	}
	if err := strict(raw, &b); err != nil {
		return false, errors.New("not true or false")
	}
	return b, nil
}

// percent reads a figure of the analysis (0 or null: none).
func percent(raw json.RawMessage) (float64, error) {
	if isNull(raw) {
		return 0, nil
	}
	var f float64
	if err := strict(raw, &f); err != nil {
		return 0, errors.New("not a number")
	}
	if f == 0 {
		return 0, nil
	}
	// As a design file writes it, so that what Apply makes reads back.
	if _, problem := catalogue.ParsePercent(strconv.FormatFloat(f, 'f', -1, 64)); problem != "" {
		return 0, fmt.Errorf("%s (or null, for none)", problem)
	}
	return f, nil
}

// count reads an integer between 0 (or null: none) and most.
func count(raw json.RawMessage, most int) (int, error) {
	if isNull(raw) {
		return 0, nil
	}
	var k int
	if err := strict(raw, &k); err != nil {
		return 0, errors.New("not an integer")
	}
	if k < 0 || k > most {
		return 0, fmt.Errorf("%d is not between 0 and %d", k, most)
	}
	return k, nil
}

// point reads a position, or null for none.
func point(raw json.RawMessage) (*catalogue.Point, error) {
	if isNull(raw) {
		return nil, nil
	}
	var p struct{ X, Y *float64 }
	if err := strictObject(raw, &p); err != nil || p.X == nil || p.Y == nil {
		return nil, fmt.Errorf("not a position {\"x\": number, \"y\": number}")
	}
	for _, c := range []float64{*p.X, *p.Y} {
		if c < -1e15 || c > 1e15 {
			return nil, fmt.Errorf("%v is not a coordinate between -1e15 and 1e15, as a design file holds", c)
		}
	}
	return &catalogue.Point{X: *p.X, Y: *p.Y}, nil
}

// propValue reads a property's value: a string, an integer or a boolean;
// null removes it.
func propValue(raw json.RawMessage) (catalogue.Value, error) {
	var v catalogue.Value
	if isNull(raw) {
		return v, nil
	}
	t := bytes.TrimSpace(raw)
	if t[0] == '{' || t[0] == '[' {
		return v, errors.New("not a string, an integer or a boolean")
	}
	if err := v.UnmarshalJSON(t); err != nil {
		return v, err
	}
	if _, problem := catalogue.TextProblem(v.Str()); problem != "" {
		return v, errors.New(problem)
	}
	return v, nil
}

// ids reads a list of ids (regions, zones), null for none.
func ids(raw json.RawMessage, most int) ([]string, error) {
	if isNull(raw) {
		return nil, nil
	}
	var list []string
	if err := strict(raw, &list); err != nil {
		return nil, errors.New("not a list of strings")
	}
	if len(list) > most {
		return nil, fmt.Errorf("%d entries; at most %d", len(list), most)
	}
	for i, s := range list {
		if _, problem := catalogue.TextProblem(s); problem != "" || s == "" {
			return nil, fmt.Errorf("%q cannot be an entry: not empty, %s", clip(s), problem)
		}
		if slices.Contains(list[:i], s) {
			return nil, fmt.Errorf("%q is listed twice; list each once", clip(s))
		}
	}
	if len(list) == 0 {
		return nil, nil
	}
	return list, nil
}

// clip shortens a value quoted in a message.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}
