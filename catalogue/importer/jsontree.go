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
	// line, and col the column of offset colOff on it (columns count
	// characters, as yaml.v3's do).
	line, col, colOff int
	values            int
	// unread are the root's keys the format's reader never reads: their
	// values are passed over, neither built nor counted.
	unread []string
	// limit is set once a limit is crossed: the tree stops there.
	limit *limitError
}

// limitError is where a file crossed a limit (diag.CodeTooLarge), or, from
// parseJSON, where it stopped being JSON.
type limitError struct {
	line, column int
	msg          string
}

// parseJSON reads data as one JSON document, but for the values of the
// root's keys unread, which it passes over. It returns the document's
// root; or the limit data crossed; or, when data is not strict JSON, where
// it stops being JSON (the YAML parser then reads it, or refuses it with its
// own message).
func parseJSON(data []byte, unread []string) (root *yaml.Node, limit, notJSON *limitError) {
	if limit := scanJSON(data, unread); limit != nil {
		return nil, limit, nil
	}
	p := &jsonTree{data: string(data), line: 1, col: 1, unread: unread}
	p.space()
	root = p.value(1)
	if p.limit != nil {
		return nil, p.limit, nil
	}
	if root != nil {
		if p.space(); p.off == len(p.data) {
			return root, nil, nil
		}
	}
	p.off = min(p.off, len(p.data))
	return nil, nil, &limitError{line: p.line, column: p.column(), msg: "not well-formed JSON here"}
}

// scanJSON counts a JSON file's values and depth as parseJSON would, at a
// fraction of its cost and with nothing allocated, so that a file past the
// limits is refused before its tree is built (or its text copied). It stops
// at what is not JSON: parseJSON then says so.
func scanJSON(data []byte, unread []string) *limitError {
	values, line, lineStart := 1, 1, 0
	var open []byte // the collections the offset is in, '[' or '{'
	at := func(i int, msg string) *limitError {
		return &limitError{line: line, column: utf8.RuneCount(data[lineStart:i]) + 1, msg: msg}
	}
	// first counts the first entry of the collection opened before i.
	first := func(i int, c byte) {
		for ; i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'); i++ {
		}
		if i < len(data) && data[i] != c+2 { // ']' is '[' + 2, '}' is '{' + 2
			values += entry(c)
		}
	}
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			line, lineStart = line+1, i+1
		case '"':
			start := i
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				} else if data[i] == '\n' {
					return nil
				}
			}
			if len(open) == 1 && open[0] == '{' && i < len(data) {
				if end := unreadValue(data, start, i+1, unread); end > 0 {
					breaks, last := lineBreaks(data[:end], i+1)
					if breaks > 0 {
						line, lineStart = line+breaks, last
					}
					values -= 2 // its key and its value
					i = end - 1
				}
			}
		case '[', '{':
			if len(open) >= maxDepth {
				return at(i, tooDeep)
			}
			open = append(open, c)
			first(i+1, c)
		case ']', '}':
			if len(open) == 0 {
				return nil
			}
			open = open[:len(open)-1]
		case ',':
			if len(open) == 0 {
				return nil
			}
			values += entry(open[len(open)-1])
		default:
			continue
		}
		if values > maxValues {
			return at(i, tooManyValues)
		}
	}
	return nil
}

// unreadValue is the end of the value of the key data[start:end] when it is
// one of unread, or 0. A value passed over is not checked as JSON: only its
// strings and brackets are followed to find its end.
func unreadValue[T string | []byte](data T, start, end int, unread []string) int {
	if len(unread) == 0 {
		return 0
	}
	i := end
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n') {
		i++
	}
	if i >= len(data) || data[i] != ':' {
		return 0
	}
	key := string(data[start+1 : end-1])
	found := false
	for _, k := range unread {
		found = found || k == key
	}
	if !found {
		return 0
	}
	for i++; i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'); i++ {
	}
	depth := 0
	for ; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return i
			}
			if depth--; depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\r', '\n':
			if depth == 0 {
				return i
			}
		}
	}
	return 0
}

// lineBreaks are the line breaks of data from offset from (YAML's: \r\n, \n
// or a lone \r), and the offset the last line starts at.
func lineBreaks[T string | []byte](data T, from int) (breaks, last int) {
	for i := from; i < len(data); i++ {
		if c := data[i]; c == '\n' || c == '\r' && (i+1 == len(data) || data[i+1] != '\n') {
			breaks, last = breaks+1, i+1
		}
	}
	return breaks, last
}

// entry is the values an entry of a collection opened by c holds: an item,
// or a key and its value.
func entry(c byte) int {
	if c == '{' {
		return 2
	}
	return 1
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
	p.colOff, p.col = p.off, 1
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
// not JSON (the offset where it stops) or a limit is crossed.
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
		start := p.off
		k := p.value(depth + 1)
		if k == nil {
			return nil
		}
		if depth > 1 || !p.passOver(start) {
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
		}
		if more, ok := p.next('}'); !ok {
			return nil
		} else if !more {
			return n
		}
	}
}

// passOver reads past the value of the root's key just read, from start,
// when it is one of p.unread: true, the key uncounted.
func (p *jsonTree) passOver(start int) bool {
	end := unreadValue(p.data, start, p.off, p.unread)
	if end == 0 {
		return false
	}
	p.values--
	if breaks, last := lineBreaks(p.data[:end], p.off); breaks > 0 {
		p.line += breaks
		p.colOff, p.col = last, 1
	}
	p.off = end
	return true
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
		if more, ok := p.next(']'); !ok {
			return nil
		} else if !more {
			return n
		}
	}
}

// next reads past the comma before a collection's next entry (more) or
// its closing bracket; ok is false when neither is there.
func (p *jsonTree) next(closing byte) (more, ok bool) {
	p.space()
	if p.off < len(p.data) {
		switch p.data[p.off] {
		case ',':
			p.off++
			p.space()
			return true, true
		case closing:
			p.off++
			return false, true
		}
	}
	return false, false
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
				p.off = start // a bad escape: the string is not JSON
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
	if n := digits(); n == 0 {
		return nil
	} else if n > 1 && p.data[first] == '0' {
		p.off = first + 1 // a leading zero
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
