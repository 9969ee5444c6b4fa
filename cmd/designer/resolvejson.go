package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/archdesigner/designer/catalogue"
)

// writeResolveJSON writes a report as resolve's JSON, indented by two
// spaces, line by line: for 50,000 nodes encoding/json took seconds and
// hundreds of megabytes, most of them to indent a document it had built
// whole. The output is what json.Encoder with SetIndent("", "  ") and
// SetEscapeHTML(false) writes for resolveResult (TestResolveJSONIsEncodingJSON).
func writeResolveJSON(w io.Writer, r *report) error {
	out := bufio.NewWriterSize(w, 64<<10)
	b := make([]byte, 0, 4096)
	b = append(b, "{\n  \"file\": "...)
	b = appendJSONString(b, r.File)
	var one bytes.Buffer
	enc := json.NewEncoder(&one)
	enc.SetIndent("    ", "  ")
	enc.SetEscapeHTML(false)
	// encode appends v as the standard encoder indents it at depth prefix.
	encode := func(b []byte, v any) ([]byte, error) {
		one.Reset()
		if err := enc.Encode(v); err != nil {
			return b, err
		}
		return append(b, bytes.TrimSuffix(one.Bytes(), []byte("\n"))...), nil
	}
	b = append(b, ",\n  \"groups\": ["...)
	var groups []catalogue.ResolvedGroup
	if r.Resolution != nil {
		groups = r.Resolution.Groups
	}
	for i, g := range groups {
		var err error
		if b, err = encode(append(b, "\n    "...), groupResult{ID: g.ID, Boundary: g.Boundary, Placement: g.Placement(), Values: g.Values}); err != nil {
			return err
		}
		if i < len(groups)-1 {
			b = append(b, ',')
		}
	}
	b = closeList(b, len(groups) > 0)
	b = append(b, ",\n  \"nodes\": ["...)
	nodes, violations := r.resolved()
	for i := range nodes {
		n := &nodes[i]
		b = append(b, "\n    {\n      \"id\": "...)
		b = appendJSONString(b, n.ID)
		b = append(b, ",\n      \"component\": "...)
		b = appendJSONString(b, n.Component)
		b = append(b, ",\n      \"kind\": "...)
		b = appendJSONString(b, n.Kind)
		b = append(b, ",\n      \"properties\": {"...)
		for j, p := range n.Properties {
			b = append(b, "\n        "...)
			b = appendJSONString(b, p.Name)
			b = append(b, ": {\n          \"value\": "...)
			b = appendJSONValue(b, p.Value)
			b = append(b, ",\n          \"source\": "...)
			b = appendJSONString(b, string(p.Source))
			b = append(b, "\n        }"...)
			if j < len(n.Properties)-1 {
				b = append(b, ',')
			}
		}
		if len(n.Properties) > 0 {
			b = append(b, "\n      "...)
		}
		b = append(b, '}')
		if p := placementOf(n); p != nil {
			enc.SetIndent("      ", "  ")
			var err error
			b, err = encode(append(b, ",\n      \"placement\": "...), p)
			enc.SetIndent("    ", "  ")
			if err != nil {
				return err
			}
		}
		b = append(b, "\n    }"...)
		if i < len(nodes)-1 {
			b = append(b, ',')
		}
		b = flushTo(out, b)
	}
	b = closeList(b, len(nodes) > 0)
	b = append(b, ",\n  \"edges\": ["...)
	var edges []catalogue.ResolvedEdge
	if r.Resolution != nil {
		edges = r.Resolution.Edges
	}
	for i, e := range edges {
		one.Reset()
		if err := enc.Encode(edgeResultOf(r.Design, e)); err != nil {
			return err
		}
		b = append(append(b, "\n    "...), bytes.TrimSuffix(one.Bytes(), []byte("\n"))...)
		if i < len(edges)-1 {
			b = append(b, ',')
		}
		b = flushTo(out, b)
	}
	b = closeList(b, len(edges) > 0)
	b = append(b, ",\n  \"violations\": ["...)
	for i, v := range violations {
		// Violations are few (a handful per node at most), so the
		// standard encoder writes each: its fixes and suppression too.
		one.Reset()
		if err := enc.Encode(v); err != nil {
			return err
		}
		b = append(append(b, "\n    "...), bytes.TrimSuffix(one.Bytes(), []byte("\n"))...)
		if i < len(violations)-1 {
			b = append(b, ',')
		}
		b = flushTo(out, b)
	}
	b = closeList(b, len(violations) > 0)
	b = append(b, ",\n  \"errors\": ["...)
	for i, e := range r.Errors {
		b = append(b, "\n    {\n      \"code\": "...)
		b = appendJSONString(b, string(e.Code))
		b = append(b, ",\n      \"line\": "...)
		b = strconv.AppendInt(b, int64(e.Pos.Line), 10)
		b = append(b, ",\n      \"column\": "...)
		b = strconv.AppendInt(b, int64(e.Pos.Column), 10)
		if e.Path != "" {
			b = append(b, ",\n      \"path\": "...)
			b = appendJSONString(b, e.Path)
		}
		b = append(b, ",\n      \"message\": "...)
		b = appendJSONString(b, e.Msg)
		b = append(b, "\n    }"...)
		if i < len(r.Errors)-1 {
			b = append(b, ',')
		}
		b = flushTo(out, b)
	}
	b = closeList(b, len(r.Errors) > 0)
	if r.Import != nil {
		var text bytes.Buffer
		enc := json.NewEncoder(&text)
		enc.SetIndent("  ", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r.Import); err != nil {
			return err
		}
		b = append(append(b, ",\n  \"import\": "...), bytes.TrimSuffix(text.Bytes(), []byte("\n"))...)
	}
	b = append(b, "\n}\n"...)
	flushTo(out, b)
	return out.Flush()
}

// closeList ends a JSON list that was opened at the second level.
func closeList(b []byte, items bool) []byte {
	if items {
		b = append(b, "\n  "...)
	}
	return append(b, ']')
}

// appendJSONValue writes a value as encoding/json does (Value.MarshalJSON).
func appendJSONValue(b []byte, v catalogue.Value) []byte {
	switch x := v.Interface().(type) {
	case string:
		return appendJSONString(b, x)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case bool:
		return strconv.AppendBool(b, x)
	}
	return append(b, "null"...)
}

// appendJSONString writes s as encoding/json does without HTML escaping:
// quotes, backslashes and control characters escaped (\b, \f, \n, \r, \t,
// else \u00XX), U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
