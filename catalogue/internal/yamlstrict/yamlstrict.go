// Package yamlstrict decodes YAML strictly, for files people and tools write
// by hand and that may be hostile: exactly one document of UTF-8 text, no
// aliases, no duplicate keys, no keys the format lacks (with the near miss),
// and values of the type the format wants. Every problem is reported with
// its position and a stable code, and decoding goes on to report the rest.
package yamlstrict

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/archdesigner/designer/catalogue/diag"
	"gopkg.in/yaml.v3"
)

// Decoder walks a parsed YAML tree strictly: unknown keys, duplicate keys,
// aliases and values of the wrong type are all reported to Errs, with their
// position in File.
type Decoder struct {
	File string
	Errs *diag.ErrorList
	// Hints budgets the "did you mean" hints; nil means no budget.
	Hints *diag.Hints
	// Yield, if not nil, is called now and then while a large document is
	// read, so that a caller in WebAssembly can hand the thread back to
	// the browser (by sleeping) in the middle of a big design.
	Yield func()
}

// DidYouMean is the hint for an unknown word among candidates, within the
// decoder's budget.
func (d *Decoder) DidYouMean(word string, candidates []string) string {
	return d.Hints.DidYouMean(word, candidates)
}

// Pos returns where node n is.
func (d *Decoder) Pos(n *yaml.Node) diag.Pos {
	return diag.Pos{File: d.File, Line: n.Line, Column: n.Column}
}

// Errorf reports a problem with code at node n.
func (d *Decoder) Errorf(n *yaml.Node, code diag.Code, format string, args ...any) *diag.Error {
	return d.Errs.Add(d.Pos(n), code, format, args...)
}

// yamlLine splits yaml.v3's "yaml: line 3: message" into the line and the
// message.
func yamlLine(msg string) (int, string, bool) {
	rest, ok := strings.CutPrefix(msg, "yaml: line ")
	if !ok {
		return 0, "", false
	}
	digits, text, ok := strings.Cut(rest, ": ")
	if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, "", false
	}
	line, err := strconv.Atoi(digits)
	return line, text, err == nil
}

// parserProblems are the messages of yaml.v3's parser (as opposed to its
// scanner). yaml.v3 reports their line counting from 0 (the scanner's from 1),
// pointing at the start of the construct that is not closed.
var parserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// Document parses data as exactly one YAML document and returns its root
// node. yaml.v3 reports syntax errors by line only; the column given is that of
// the first character on the line.
func (d *Decoder) Document(data []byte) *yaml.Node {
	if pos, what := badText(data); what != "" {
		d.Errs.Add(diag.Pos{File: d.File, Line: pos.Line, Column: pos.Column}, diag.CodeNotUTF8, "%s; a file is UTF-8 text", what)
		return nil
	}
	if root, ok := parseFast(data, d.Yield); ok {
		return root
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			d.Errs.Add(diag.Pos{File: d.File, Line: 1, Column: 1}, diag.CodeEmptyFile, "the file is empty; expected a YAML mapping")
			return nil
		}
		d.syntaxError(data, err)
		return nil
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		d.Errorf(&extra, diag.CodeMultipleDocuments, "a second YAML document starts here; a file holds exactly one")
		return nil
	} else if !errors.Is(err, io.EOF) {
		d.syntaxError(data, err)
		return nil
	}
	if len(doc.Content) == 0 {
		d.Errs.Add(diag.Pos{File: d.File, Line: 1, Column: 1}, diag.CodeEmptyFile, "the file is empty; expected a YAML mapping")
		return nil
	}
	return doc.Content[0]
}

// Open parses data as one document holding a mapping, and returns the root
// and its fields by key (see Fields), or nil, nil when it cannot be read.
func (d *Decoder) Open(data []byte, what string, allowed ...string) (*yaml.Node, map[string]Field) {
	root := d.Document(data)
	if root == nil {
		return nil, nil
	}
	f := d.Fields(root, what, allowed...)
	if f == nil {
		return nil, nil
	}
	return root, f
}

// badText finds the first byte that is not UTF-8 text (invalid UTF-8, or a
// control character other than tab, line feed and carriage return) and says
// what it is.
func badText(data []byte) (diag.Pos, string) {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return diag.Pos{Line: line, Column: col}, fmt.Sprintf("byte 0x%02x is not valid UTF-8", data[i])
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0x7f:
			return diag.Pos{Line: line, Column: col}, fmt.Sprintf("control character U+%04X", r)
		case r == '\n':
			line, col = line+1, 1
		default:
			col++
		}
		i += size
	}
	return diag.Pos{}, ""
}

func (d *Decoder) syntaxError(data []byte, err error) {
	msg := err.Error()
	line := 1
	if n, text, ok := yamlLine(msg); ok {
		line, msg = n, text
		if parserProblems[msg] {
			line++
		}
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	d.Errs.Add(diag.Pos{File: d.File, Line: line, Column: firstColumn(data, line)}, diag.CodeYAMLSyntax, "YAML syntax error: %s", msg)
}

// firstColumn returns the column of the first non-blank character on line, or 1.
func firstColumn(data []byte, line int) int {
	lines := bytes.Split(data, []byte("\n"))
	if line < 1 || line > len(lines) {
		return 1
	}
	text := lines[line-1]
	for i, c := range text {
		if c != ' ' && c != '\t' {
			return i + 1
		}
	}
	return 1
}

// Field is one key/value pair of a mapping.
type Field struct {
	Key, Val *yaml.Node
}

// Fields returns the pairs of mapping n by key, reporting duplicate keys and
// keys outside allowed (with the near miss). what names the mapping in messages.
func (d *Decoder) Fields(n *yaml.Node, what string, allowed ...string) map[string]Field {
	if !d.IsKind(n, yaml.MappingNode, what, "a mapping") {
		return nil
	}
	out := make(map[string]Field, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !d.plainKey(k, what) {
			continue
		}
		if prev, dup := out[k.Value]; dup {
			d.Errorf(k, diag.CodeDuplicateKey, "%s: key `%s` is already set at line %d", what, diag.Clip(k.Value), prev.Key.Line)
			continue
		}
		if allowed != nil && !slices.Contains(allowed, k.Value) {
			d.Errorf(k, diag.CodeUnknownKey, "%s: unknown key `%s`%s (allowed: %s)", what, diag.Clip(k.Value), d.DidYouMean(k.Value, allowed), strings.Join(allowed, ", "))
			continue
		}
		out[k.Value] = Field{k, v}
	}
	return out
}

// plainKey reports whether mapping key k is a plain string (no tag, no
// alias, no mapping), reporting it otherwise.
func (d *Decoder) plainKey(k *yaml.Node, what string) bool {
	switch {
	case k.Style&yaml.TaggedStyle != 0:
		d.Errorf(k, diag.CodeTag, "%s: YAML tags (%s) are not supported on keys; write the key without one", what, diag.Clip(k.Tag))
	case k.Kind != yaml.ScalarNode || k.Tag != "!!str":
		d.Errorf(k, diag.CodeWrongType, "%s: keys must be plain strings", what)
	default:
		if bad, _ := diag.BadChar(k.Value); bad != "" {
			d.Errorf(k, diag.CodeControlCharacter, "%s: a key holds %s", what, bad)
			return false
		}
		return true
	}
	return false
}

// Pairs returns the pairs of a mapping whose keys are free-form names (such as
// property names), in file order, reporting duplicates.
func (d *Decoder) Pairs(n *yaml.Node, what string) []Field {
	if !d.IsKind(n, yaml.MappingNode, what, "a mapping") {
		return nil
	}
	seen := map[string]int{}
	var out []Field
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !d.plainKey(k, what) {
			continue
		}
		if line, dup := seen[k.Value]; dup {
			d.Errorf(k, diag.CodeDuplicateKey, "%s: key `%s` is already set at line %d", what, diag.Clip(k.Value), line)
			continue
		}
		seen[k.Value] = k.Line
		out = append(out, Field{k, v})
	}
	return out
}

// IsKind reports whether n is of node kind want, reporting it otherwise.
func (d *Decoder) IsKind(n *yaml.Node, want yaml.Kind, what, wantWords string) bool {
	if n.Style&yaml.TaggedStyle != 0 {
		d.Errorf(n, diag.CodeTag, "%s: YAML tags (%s) are not supported; write the value without one", what, diag.Clip(n.Tag))
		return false
	}
	if n.Kind == yaml.AliasNode {
		d.Errorf(n, diag.CodeAlias, "%s: YAML aliases (*%s) are not supported; write the value out", what, n.Value)
		return false
	}
	if n.Kind != want {
		d.Errorf(n, diag.CodeWrongType, "%s: expected %s, found %s", what, wantWords, Describe(n))
		return false
	}
	return true
}

// Describe names what a node holds, for "expected X, found Y" messages.
func Describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.Tag {
	case "!!str":
		return "the string " + strconv.Quote(diag.Clip(n.Value))
	case "!!int":
		return "the integer " + diag.Clip(n.Value)
	case "!!bool":
		return "the boolean " + diag.Clip(n.Value)
	case "!!float":
		return "the number " + diag.Clip(n.Value)
	case "!!null":
		return "nothing (null)"
	}
	return "`" + diag.Clip(n.Value) + "`"
}

// Str decodes a string; a number or a boolean is not one (quote it).
func (d *Decoder) Str(n *yaml.Node, what string) (string, bool) {
	if !d.IsKind(n, yaml.ScalarNode, what, "a string") {
		return "", false
	}
	if n.Tag != "!!str" {
		d.Errorf(n, diag.CodeWrongType, "%s: expected a string, found %s (quote it: \"%s\")", what, Describe(n), diag.Clip(n.Value))
		return "", false
	}
	if bad, at := diag.BadChar(n.Value); bad != "" {
		d.Errorf(n, diag.CodeControlCharacter, "%s: the text holds %s at character %d; %s", what, bad, utf8.RuneCountInString(n.Value[:at])+1, diag.BadCharAdvice)
		return "", false
	}
	return n.Value, true
}

// Bool decodes true or false.
func (d *Decoder) Bool(n *yaml.Node, what string) (bool, bool) {
	if !d.IsKind(n, yaml.ScalarNode, what, "true or false") {
		return false, false
	}
	if n.Tag != "!!bool" {
		d.Errorf(n, diag.CodeWrongType, "%s: expected true or false, found %s", what, Describe(n))
		return false, false
	}
	var b bool
	if err := n.Decode(&b); err != nil {
		d.Errorf(n, diag.CodeWrongType, "%s: %v", what, err)
		return false, false
	}
	return b, true
}

// Int decodes an integer that fits in 64 bits.
func (d *Decoder) Int(n *yaml.Node, what string) (int64, bool) {
	if !d.IsKind(n, yaml.ScalarNode, what, "an integer") {
		return 0, false
	}
	if n.Tag != "!!int" {
		d.Errorf(n, diag.CodeWrongType, "%s: expected an integer, found %s", what, Describe(n))
		return 0, false
	}
	if !decimal(n.Value) {
		d.Errorf(n, diag.CodeAmbiguousNumber, "%s: write the integer %s in decimal digits: YAML readers disagree on what forms such as 012, 0b101, 0o12 and 1_000 mean", what, diag.Clip(n.Value))
		return 0, false
	}
	var i int64
	if err := n.Decode(&i); err != nil {
		d.Errorf(n, diag.CodeOutOfRange, "%s: %s is not an integer between %d and %d", what, n.Value, int64(-1<<63), int64(1<<63-1))
		return 0, false
	}
	return i, true
}

// decimal reports whether s is an integer in plain decimal: an optional
// sign, then 0 or digits that do not start with 0.
func decimal(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// plainNumber reports whether s is a decimal number: an integer as decimal
// has it, optionally followed by a fraction and an exponent.
func plainNumber(s string) bool {
	mantissa, exponent, hasExp := strings.Cut(strings.ToLower(s), "e")
	whole, fraction, hasFraction := strings.Cut(mantissa, ".")
	if hasExp {
		digits := strings.TrimPrefix(strings.TrimPrefix(exponent, "-"), "+")
		if digits == "" || strings.Trim(digits, "0123456789") != "" {
			return false
		}
	}
	if hasFraction && (fraction == "" || strings.Trim(fraction, "0123456789") != "") {
		return false
	}
	return decimal(whole)
}

// Number decodes a finite number between -1e15 and 1e15.
func (d *Decoder) Number(n *yaml.Node, what string) (float64, bool) {
	if !d.IsKind(n, yaml.ScalarNode, what, "a number") {
		return 0, false
	}
	if n.Tag != "!!int" && n.Tag != "!!float" {
		d.Errorf(n, diag.CodeWrongType, "%s: expected a number, found %s", what, Describe(n))
		return 0, false
	}
	if !plainNumber(n.Value) {
		d.Errorf(n, diag.CodeAmbiguousNumber, "%s: write the number %s in decimal digits (like 12 or 40.5): YAML readers disagree on forms such as 012, 0x1f and 1_000", what, diag.Clip(n.Value))
		return 0, false
	}
	var f float64
	if err := n.Decode(&f); err != nil || f != f || f > 1e15 || f < -1e15 {
		d.Errorf(n, diag.CodeOutOfRange, "%s: %s is not a finite number between -1e15 and 1e15", what, n.Value)
		return 0, false
	}
	return f, true
}

// Strings decodes a list of strings.
func (d *Decoder) Strings(n *yaml.Node, what string) ([]string, bool) {
	if !d.IsKind(n, yaml.SequenceNode, what, "a list of strings") {
		return nil, false
	}
	out := make([]string, 0, len(n.Content))
	ok := true
	for _, item := range n.Content {
		s, good := d.Str(item, what)
		ok = ok && good
		out = append(out, s)
	}
	return out, ok
}
