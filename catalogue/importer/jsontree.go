package importer

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// jsonTree reads a JSON file (a Terraform plan, a CloudFormation template
// in JSON) into the tree yaml.v3 would build of it, with the same kinds,
// tags, styles, lines and columns, at a fraction of yaml.v3's cost, and
// bounded while it reads: past maxValues values or maxDepth levels it stops
// there and says so. ok is false, with no tree, when the file is not strict
// JSON, which the YAML parser then reads (or refuses with its own message).
type jsonTree struct {
	data string
	off  int
	// line and the offset it starts at; col is the column of offset
	// colOff on it (columns count characters, as yaml.v3's do).
	line, lineStart, col, colOff int
	values                       int
	// limit is set once a limit is crossed: the tree stops there.
	limit *limitError
}

// limitError is a limit a file crossed (diag.CodeTooLarge), where.
type limitError struct {
	line, column int
	msg          string
}

// parseJSON reads data as one JSON document. It returns the document's
// root, or the limit data crossed, or ok false when data is not strict JSON.
func parseJSON(data []byte) (root *yaml.Node, limit *limitError, ok bool) {
	p := &jsonTree{data: string(data), line: 1, col: 1}
	p.space()
	root = p.value(1)
	if p.limit != nil {
		return nil, p.limit, true
	}
	if root == nil {
		return nil, nil, false
	}
	if p.space(); p.off != len(p.data) {
		return nil, nil, false
	}
	return root, nil, true
}

// space skips white space, counting lines as YAML does (\r\n, \n or a lone
// \r ends one).
func (p *jsonTree) space() {
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case ' ', '\t':
			p.off++
		case '\n':
			p.off++
			p.newLine()
		case '\r':
			p.off++
			if p.off < len(p.data) && p.data[p.off] == '\n' {
				p.off++
			}
			p.newLine()
		default:
			return
		}
	}
}

func (p *jsonTree) newLine() {
	p.line++
	p.lineStart, p.colOff, p.col = p.off, p.off, 1
}

// node is a new node of kind at the current offset, counted against
// maxValues.
func (p *jsonTree) node(kind yaml.Kind, tag string) *yaml.Node {
	if p.values++; p.values > maxValues {
		p.limit = &limitError{line: p.line, column: p.column(), msg: tooManyValues}
		return nil
	}
	return &yaml.Node{Kind: kind, Tag: tag, Line: p.line, Column: p.column()}
}

// column is the current offset's column.
func (p *jsonTree) column() int {
	p.col += utf8.RuneCountInString(p.data[p.colOff:p.off])
	p.colOff = p.off
	return p.col
}

// value reads the value at the current offset, at depth: nil when it is
// not JSON or a limit is crossed.
func (p *jsonTree) value(depth int) *yaml.Node {
	if p.off >= len(p.data) {
		return nil
	}
	switch c := p.data[p.off]; {
	case c == '{' || c == '[':
		if depth > maxDepth {
			p.limit = &limitError{line: p.line, column: p.column(), msg: tooDeep}
			return nil
		}
		if c == '{' {
			return p.object(depth)
		}
		return p.array(depth)
	case c == '"':
		n := p.node(yaml.ScalarNode, "!!str")
		if n == nil {
			return nil
		}
		n.Style = yaml.DoubleQuotedStyle
		s, ok := p.str()
		if !ok {
			return nil
		}
		n.Value = s
		return n
	case c == 't' || c == 'f' || c == 'n':
		for _, word := range [...]string{"true", "false", "null"} {
			if len(p.data)-p.off >= len(word) && p.data[p.off:p.off+len(word)] == word {
				tag := "!!bool"
				if word == "null" {
					tag = "!!null"
				}
				n := p.node(yaml.ScalarNode, tag)
				if n == nil {
					return nil
				}
				n.Value = word
				p.off += len(word)
				return n
			}
		}
		return nil
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	return nil
}

func (p *jsonTree) object(depth int) *yaml.Node {
	n := p.node(yaml.MappingNode, "!!map")
	if n == nil {
		return nil
	}
	n.Style = yaml.FlowStyle
	p.off++ // {
	p.space()
	if p.off < len(p.data) && p.data[p.off] == '}' {
		p.off++
		return n
	}
	for {
		if p.off >= len(p.data) || p.data[p.off] != '"' {
			return nil
		}
		k := p.value(depth + 1)
		if k == nil {
			return nil
		}
		p.space()
		if p.off >= len(p.data) || p.data[p.off] != ':' {
			return nil
		}
		p.off++
		p.space()
		v := p.value(depth + 1)
		if v == nil {
			return nil
		}
		n.Content = append(n.Content, k, v)
		if !p.next('}') {
			return closed(p, n)
		}
	}
}

func (p *jsonTree) array(depth int) *yaml.Node {
	n := p.node(yaml.SequenceNode, "!!seq")
	if n == nil {
		return nil
	}
	n.Style = yaml.FlowStyle
	p.off++ // [
	p.space()
	if p.off < len(p.data) && p.data[p.off] == ']' {
		p.off++
		return n
	}
	for {
		v := p.value(depth + 1)
		if v == nil {
			return nil
		}
		n.Content = append(n.Content, v)
		if !p.next(']') {
			return closed(p, n)
		}
	}
}

// next reads past the comma before a collection's next entry, true, or its
// closing bracket, false; a failed read leaves p.off past the data.
func (p *jsonTree) next(closing byte) bool {
	p.space()
	if p.off < len(p.data) {
		switch p.data[p.off] {
		case ',':
			p.off++
			p.space()
			return true
		case closing:
			p.off++
			return false
		}
	}
	p.off = len(p.data) + 1
	return false
}

// closed is n, or nil when its collection did not close.
func closed(p *jsonTree, n *yaml.Node) *yaml.Node {
	if p.off > len(p.data) {
		return nil
	}
	return n
}

// str reads a string, its escapes decoded as encoding/json decodes them.
func (p *jsonTree) str() (string, bool) {
	start := p.off
	p.off++ // "
	escaped := false
	for p.off < len(p.data) {
		switch c := p.data[p.off]; {
		case c == '"':
			p.off++
			if !escaped {
				return p.data[start+1 : p.off-1], true
			}
			var s string
			if json.Unmarshal([]byte(p.data[start:p.off]), &s) != nil {
				return "", false
			}
			return s, true
		case c == '\\':
			escaped = true
			p.off += 2
		case c < 0x20:
			return "", false
		default:
			p.off++
		}
	}
	return "", false
}

// number reads a number, tagged as yaml.v3 tags it: !!int when it fits 64
// bits, !!float, or !!str past float64's range.
func (p *jsonTree) number() *yaml.Node {
	start := p.off
	if p.data[p.off] == '-' {
		p.off++
	}
	digits := func() int {
		from := p.off
		for p.off < len(p.data) && p.data[p.off] >= '0' && p.data[p.off] <= '9' {
			p.off++
		}
		return p.off - from
	}
	first := p.off
	if n := digits(); n == 0 || n > 1 && p.data[first] == '0' {
		return nil
	}
	if p.off < len(p.data) && p.data[p.off] == '.' {
		p.off++
		if digits() == 0 {
			return nil
		}
	}
	if p.off < len(p.data) && (p.data[p.off] == 'e' || p.data[p.off] == 'E') {
		p.off++
		if p.off < len(p.data) && (p.data[p.off] == '+' || p.data[p.off] == '-') {
			p.off++
		}
		if digits() == 0 {
			return nil
		}
	}
	text := p.data[start:p.off]
	tag := "!!str"
	if _, err := strconv.ParseInt(text, 10, 64); err == nil {
		tag = "!!int"
	} else if _, err := strconv.ParseUint(text, 10, 64); err == nil {
		tag = "!!int"
	} else if _, err := strconv.ParseFloat(text, 64); err == nil {
		tag = "!!float"
	}
	end := p.off
	p.off = start // the node's column is the number's start
	n := p.node(yaml.ScalarNode, tag)
	p.off = end
	if n == nil {
		return nil
	}
	n.Value = text
	return n
}
