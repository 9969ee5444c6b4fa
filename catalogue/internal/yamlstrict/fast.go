package yamlstrict

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// parseFast parses the YAML that designs are usually written in, and that
// the editor and the CLI write: block mappings and sequences indented with
// spaces, flow mappings and sequences on one line, double- and
// single-quoted strings on one line, and plain scalars of a few plain forms
// (names, decimal integers and numbers, true and false). It returns the tree
// yaml.v3 makes of it (the root of the document's content), comments left
// out (nothing reads them), or false for anything else, which yaml.v3 then
// parses (and reports, if it is wrong). yaml.v3 took most of a 10,000-node
// import in WebAssembly; a test checks the two agree on every file and fuzz
// input the fast path takes.
//
// yield, if not nil, is called every yieldLines lines (see Decoder.Yield).
func parseFast(data []byte, yield func()) (*yaml.Node, bool) {
	p := &fastParser{yield: yield}
	if !p.split(data) || len(p.lines) == 0 {
		return nil, false
	}
	root, ok := p.block(p.lines[0].indent)
	if !ok || p.i != len(p.lines) {
		return nil, false
	}
	return root, true
}

type fastParser struct {
	yield func()
	lines []fastLine
	i     int // the line being read
	depth int // blocks open
}

// yieldLines is how many lines of a list the fast path reads between two
// calls of its yield: about a millisecond's work in WebAssembly.
const yieldLines = 512

// maxFastDepth is how deep the fast path nests (designs nest four deep):
// deeper is left to yaml.v3, which bounds it.
const maxFastDepth = 32

// fastLine is a line with content (not blank, not only a comment).
type fastLine struct {
	text   string // without its indentation
	indent int    // spaces before text (also its column - 1: ASCII)
	number int    // 1-based
}

// split cuts data into lines with content, refusing what the fast path does
// not take anywhere: tabs, carriage returns, a byte order mark, document
// markers and directives, and text that is not UTF-8.
func (p *fastParser) split(data []byte) bool {
	if !utf8.Valid(data) {
		return false
	}
	s := string(data)
	for _, r := range s {
		// YAML's printable characters, but for tabs, carriage returns
		// and the byte order mark.
		if !(r == '\n' || r >= 0x20 && r <= 0x7e || r == 0x85 || r >= 0xa0 && r <= 0xd7ff || r >= 0xe000 && r <= 0xfffd && r != 0xfeff || r >= 0x10000 && r <= 0x10ffff) {
			return false
		}
	}
	for n := 1; len(s) > 0; n++ {
		line, rest, _ := strings.Cut(s, "\n")
		s = rest
		text := strings.TrimLeft(line, " ")
		if text == "" || text[0] == '#' {
			continue
		}
		if strings.HasPrefix(line, "---") || strings.HasPrefix(line, "...") || line[0] == '%' {
			return false
		}
		p.lines = append(p.lines, fastLine{text: strings.TrimRight(text, " "), indent: len(line) - len(text), number: n})
	}
	return true
}

// block reads the mapping or sequence whose lines start at indent.
func (p *fastParser) block(indent int) (*yaml.Node, bool) {
	if p.i >= len(p.lines) || p.lines[p.i].indent != indent || p.depth >= maxFastDepth {
		return nil, false
	}
	p.depth++
	defer func() { p.depth-- }()
	if isItem(p.lines[p.i].text) {
		return p.sequence(indent)
	}
	return p.mapping(indent)
}

func isItem(text string) bool { return text == "-" || strings.HasPrefix(text, "- ") }

// mapping reads `key: value` lines at indent.
func (p *fastParser) mapping(indent int) (*yaml.Node, bool) {
	first := p.lines[p.i]
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: first.number, Column: indent + 1}
	for p.i < len(p.lines) {
		ln := p.lines[p.i]
		if ln.indent < indent {
			break
		}
		if ln.indent > indent || isItem(ln.text) {
			return nil, false
		}
		key, rest, ok := scanKey(ln.text, ln.number, indent+1)
		if !ok {
			return nil, false
		}
		p.i++
		var value *yaml.Node
		if rest == "" {
			// The value is the block below: deeper, or a sequence at the
			// key's own indentation.
			if p.i >= len(p.lines) {
				return nil, false
			}
			next := p.lines[p.i]
			if next.indent <= indent && !(next.indent == indent && isItem(next.text)) {
				return nil, false // a null value: yaml.v3's position for it is its own
			}
			if value, ok = p.block(next.indent); !ok {
				return nil, false
			}
		} else {
			col := indent + 1 + runes(ln.text[:len(ln.text)-len(rest)])
			if value, ok = inlineValue(rest, ln.number, col, p.depth); !ok {
				return nil, false
			}
		}
		m.Content = append(m.Content, key, value)
	}
	return m, true
}

// sequence reads `- item` lines at indent.
func (p *fastParser) sequence(indent int) (*yaml.Node, bool) {
	first := p.lines[p.i]
	seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: first.number, Column: indent + 1}
	for p.i < len(p.lines) {
		ln := p.lines[p.i]
		if ln.indent < indent {
			break
		}
		if ln.indent > indent || !isItem(ln.text) {
			return nil, false
		}
		if p.yield != nil && p.i%yieldLines == 0 {
			p.yield()
		}
		if ln.text == "-" {
			return nil, false // the item on the lines below: rare, left to yaml.v3
		}
		body := strings.TrimLeft(ln.text[1:], " ")
		at := indent + len(ln.text) - len(body) // the item's indentation
		var item *yaml.Node
		var ok bool
		if _, _, isKey := scanKey(body, ln.number, at+1); isKey {
			// A mapping that starts on the item's line: read as if its
			// first line were indented to where it starts.
			p.lines[p.i] = fastLine{text: body, indent: at, number: ln.number}
			if item, ok = p.mapping(at); !ok {
				return nil, false
			}
		} else {
			if item, ok = inlineValue(body, ln.number, at+1, p.depth); !ok {
				return nil, false
			}
			p.i++
		}
		seq.Content = append(seq.Content, item)
	}
	return seq, true
}

// maxFastKey is the longest key the fast path reads, in bytes.
const maxFastKey = 256

// scanKey reads `key:` at the start of text (at column col), returning the
// key, the text after ": " (empty when the line ends at the colon), and
// whether text starts with a key.
func scanKey(text string, line, col int) (*yaml.Node, string, bool) {
	var key *yaml.Node
	var rest string
	var ok bool
	switch {
	case text == "":
		return nil, "", false
	case text[0] == '"' || text[0] == '\'':
		key, rest, ok = quoted(text, line, col)
	default:
		n := 0
		for n < len(text) && text[n] != ':' && text[n] != ' ' {
			n++
		}
		key, ok = plain(text[:n], line, col)
		rest = text[n:]
	}
	// yaml.v3 refuses keys over 1,024 characters; long ones are left to it.
	if !ok || key.Tag != "!!str" || !strings.HasPrefix(rest, ":") || len(text)-len(rest) > maxFastKey {
		return nil, "", false
	}
	rest = rest[1:]
	switch {
	case rest == "":
		return key, "", true
	case rest[0] != ' ':
		return nil, "", false
	}
	rest = strings.TrimLeft(rest, " ")
	if rest == "" || rest[0] == '#' {
		return key, "", true
	}
	return key, rest, true
}

// inlineValue reads the value that fills the rest of a line (a trailing
// comment aside) from text at column col, depth blocks deep.
func inlineValue(text string, line, col, depth int) (*yaml.Node, bool) {
	var n *yaml.Node
	var rest string
	var ok bool
	switch text[0] {
	case '{', '[':
		n, rest, ok = flow(text, line, col, depth+1)
	case '"', '\'':
		n, rest, ok = quoted(text, line, col)
	default:
		end := strings.Index(text, " #")
		if end < 0 {
			end = len(text)
		}
		n, ok = plain(strings.TrimRight(text[:end], " "), line, col)
		rest = text[end:]
	}
	if !ok {
		return nil, false
	}
	rest = strings.TrimLeft(rest, " ")
	return n, ok && (rest == "" || rest[0] == '#')
}

// flow reads a flow mapping or sequence on one line, depth deep, returning
// what follows.
func flow(text string, line, col, depth int) (*yaml.Node, string, bool) {
	if depth > maxFastDepth {
		return nil, "", false
	}
	open := text[0]
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle, Line: line, Column: col}
	closer := byte('}')
	if open == '[' {
		n.Kind, n.Tag, closer = yaml.SequenceNode, "!!seq", ']'
	}
	pos := 1
	// colAt is the column of pos, counted on from the last asked for (pos
	// only moves on): counting from the start each time made a long line
	// of items quadratic.
	counted, countedRunes := 0, 0
	colAt := func(pos int) int {
		countedRunes += runes(text[counted:pos])
		counted = pos
		return col + countedRunes
	}
	skip := func() {
		for pos < len(text) && text[pos] == ' ' {
			pos++
		}
	}
	skip()
	if pos < len(text) && text[pos] == closer {
		return n, text[pos+1:], true
	}
	for {
		skip()
		if pos >= len(text) {
			return nil, "", false
		}
		if open == '{' {
			kEnd := pos
			for kEnd < len(text) && text[kEnd] != ':' && text[kEnd] != ' ' && text[kEnd] != ',' && text[kEnd] != closer {
				kEnd++
			}
			if text[pos] == '"' || text[pos] == '\'' {
				return nil, "", false // quoted keys in flow: left to yaml.v3
			}
			key, ok := plain(text[pos:kEnd], line, colAt(pos))
			if !ok || key.Tag != "!!str" || kEnd+1 >= len(text) || text[kEnd] != ':' || text[kEnd+1] != ' ' || kEnd-pos > maxFastKey {
				return nil, "", false
			}
			pos = kEnd + 1
			skip()
			n.Content = append(n.Content, key)
		}
		if pos >= len(text) {
			return nil, "", false
		}
		var v *yaml.Node
		var ok bool
		at := colAt(pos)
		switch text[pos] {
		case '{', '[':
			var rest string
			v, rest, ok = flow(text[pos:], line, at, depth+1)
			pos = len(text) - len(rest)
		case '"', '\'':
			var rest string
			v, rest, ok = quoted(text[pos:], line, at)
			pos = len(text) - len(rest)
		default:
			end := pos
			for end < len(text) && text[end] != ',' && text[end] != closer {
				end++
			}
			v, ok = plain(strings.TrimRight(text[pos:end], " "), line, at)
			pos = end
		}
		if !ok {
			return nil, "", false
		}
		n.Content = append(n.Content, v)
		skip()
		if pos >= len(text) {
			return nil, "", false
		}
		switch text[pos] {
		case ',':
			pos++
			skip()
			if pos < len(text) && text[pos] == closer {
				return nil, "", false // a trailing comma: left to yaml.v3
			}
		case closer:
			return n, text[pos+1:], true
		default:
			return nil, "", false
		}
	}
}

// quoted reads a quoted string on one line, returning what follows it.
func quoted(text string, line, col int) (*yaml.Node, string, bool) {
	q := text[0]
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Line: line, Column: col, Style: yaml.DoubleQuotedStyle}
	if q == '\'' {
		n.Style = yaml.SingleQuotedStyle
	}
	var b strings.Builder
	for i := 1; i < len(text); {
		c := text[i]
		switch {
		case c == q && q == '\'' && i+1 < len(text) && text[i+1] == '\'':
			b.WriteByte('\'')
			i += 2
		case c == q:
			n.Value = b.String()
			return n, text[i+1:], true
		case c == '\\' && q == '"':
			if i+1 >= len(text) {
				return nil, "", false
			}
			r, size, ok := unescape(text[i+1:])
			if !ok {
				return nil, "", false
			}
			b.WriteRune(r)
			i += 1 + size
		default:
			b.WriteByte(c)
			i++
		}
	}
	return nil, "", false // not closed on this line
}

// unescape reads a double-quoted escape after its backslash: the
// character, and how many bytes it took.
func unescape(s string) (rune, int, bool) {
	if r, ok := shortEscape[s[0]]; ok {
		return r, 1, true
	}
	digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[s[0]]
	if digits == 0 || len(s) < 1+digits {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(s[1:1+digits], 16, 32)
	if err != nil || !utf8.ValidRune(rune(v)) {
		return 0, 0, false
	}
	return rune(v), 1 + digits, true
}

// shortEscape are yaml.v3's one-letter escapes (no \/: it refuses it).
var shortEscape = map[byte]rune{
	'0': 0, 'a': 7, 'b': 8, 't': 9, 'n': 10, 'v': 11, 'f': 12, 'r': 13, 'e': 0x1b,
	' ': ' ', '"': '"', '\'': '\'', '\\': '\\', 'N': 0x85, '_': 0xa0, 'L': 0x2028, 'P': 0x2029,
}

// plain makes a plain scalar of one of the forms whose tag is plain to see:
// a name (ASCII letters, digits, and _ - . / inside), a decimal integer or
// number, true or false. Anything else (null, ~, yes, 012, 1e3, .inf, ":",
// "#", non-ASCII…) is left to yaml.v3, whose rules for them are its own.
func plain(s string, line, col int) (*yaml.Node, bool) {
	n := &yaml.Node{Kind: yaml.ScalarNode, Value: s, Line: line, Column: col}
	switch {
	case s == "":
		return nil, false
	case s == "true" || s == "false":
		n.Tag = "!!bool"
	case isDecimal(s):
		n.Tag = "!!int"
		if strings.Contains(s, ".") {
			n.Tag = "!!float"
		}
	case isName(s):
		n.Tag = "!!str"
	default:
		return nil, false
	}
	return n, true
}

// isDecimal: an optional minus, digits without a leading zero (at most 18,
// so that yaml.v3 takes it as an int), and an optional fraction.
func isDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" || len(whole) > 18 || whole[0] == '0' && len(whole) > 1 || hasFrac && frac == "" {
		return false
	}
	for _, part := range []string{whole, frac} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return false
			}
		}
	}
	return true
}

// isName: an ASCII letter, then letters, digits, _ - . / and spaces not
// at the end; not true, false or null in any case. (yaml.v3 reads YAML
// 1.1's yes, no, on, off, y and n as strings.)
func isName(s string) bool {
	if !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '/' || c == ' ') {
			return false
		}
	}
	switch strings.ToLower(s) { // yaml.v3's words, in every case (it takes only some)
	case "true", "false", "null":
		return false
	}
	return true
}

// runes counts the characters of s (yaml.v3's columns count characters).
func runes(s string) int { return utf8.RuneCountInString(s) }
