package importer

// tooDense is the refusal of YAML past maxYAMLMarks.
const tooDense = "more than 1,000,000 line ends and YAML marks (`- `, `? ` and `: `, and in flow collections `[`, `{`, `:` and, twice, `,`; " +
	"not counting quoted or block scalars' text, nor comments), each of which may start a value: a file this dense may hold more values than imports take (1,000,000), " +
	"and is refused before it is parsed; import the system in parts"

// scanYAML refuses YAML too dense for its parser to build within the
// limits, by the line it crossed maxYAMLMarks on, before the parser runs.
// It counts the file's structure, as yaml.v3 reads it
// (https://yaml.org/spec/1.2.2/), not its text: a ConfigMap's CSV in a
// block scalar, a quoted JSON document or a comment holds no values. It
// reads the file once and allocates nothing.
//
// What it takes for text is what the parser takes for text: a quote starts
// a quoted scalar only where a value may start (at a line's start, after
// `- `, `? `, `: ` or a flow collection's `[`, `{`, `,`), not within a plain
// scalar nor on a line that continues one (more indented than what holds
// it); a block scalar is the lines after its `|` or `>` more indented than
// the key or item it is the value of, and its blank lines.
//
// A file with line ends other than \n and \r\n (a lone \r, U+0085, U+2028,
// U+2029, which yaml.v3 also ends lines at) is counted without telling text
// from structure: every line end and every mark, wherever it stands.
func scanYAML(data []byte) *limitError {
	if marks, line := yamlMarks(data); marks > maxYAMLMarks {
		return &limitError{line: line, column: 1, msg: tooDense}
	}
	return nil
}

// yamlMarks counts the marks of data, as scanYAML does, up to past
// maxYAMLMarks, and says the line it got to.
func yamlMarks(data []byte) (marks, line int) {
	if otherLineEnds(data) {
		return countEveryMark(data)
	}
	s := yamlScan{data: data, line: 1, owner: -1}
	s.run()
	return s.marks, s.line
}

// otherLineEnds says whether data ends a line with a lone \r, or with
// U+0085, U+2028 or U+2029.
func otherLineEnds(data []byte) bool {
	for i, c := range data {
		switch {
		case c == '\r' && (i+1 == len(data) || data[i+1] != '\n'):
			return true
		case c == 0xC2 && i+1 < len(data) && data[i+1] == 0x85:
			return true
		case c == 0xE2 && i+2 < len(data) && data[i+1] == 0x80 && (data[i+2] == 0xA8 || data[i+2] == 0xA9):
			return true
		}
	}
	return false
}

// countEveryMark counts every line end and every mark of data, in text or
// not, up to past maxYAMLMarks, and says the line it got to.
func countEveryMark(data []byte) (marks, line int) {
	line = 1
	for i, c := range data {
		switch {
		case c == '\n', c == '\r' && (i+1 == len(data) || data[i+1] != '\n'),
			c == 0xC2 && i+1 < len(data) && data[i+1] == 0x85,
			c == 0xE2 && i+2 < len(data) && data[i+1] == 0x80 && (data[i+2] == 0xA8 || data[i+2] == 0xA9):
			line++
			marks++
		case c == '[', c == '{', c == ':', c == '-', c == '?':
			marks++
		case c == ',':
			marks += 2
		}
		if marks > maxYAMLMarks {
			break
		}
	}
	return marks, line
}

// yamlScan is where scanYAML is in a file, and what it has counted.
type yamlScan struct {
	data      []byte
	i         int // the next byte
	lineStart int // where the line of i starts
	line      int
	marks     int
	flow      int // how deep in flow collections
	// owner is the column of the key or item that the block values after
	// it belong to (-1: the document): a block scalar's lines, and a plain
	// scalar's continued lines, are indented more.
	owner int
	// plain says a plain scalar of block context is open at the line's
	// end: the next line continues it when indented more than owner.
	plain bool
	// flowExpect says a value may start where the line's end leaves a
	// flow collection: after its `[`, `{`, `,` or a `: `, not within a
	// plain scalar, which a next line may continue.
	flowExpect bool
}

func (s *yamlScan) over() bool { return s.marks > maxYAMLMarks }

// run counts the file's marks, up to past maxYAMLMarks.
func (s *yamlScan) run() {
	for s.i < len(s.data) && !s.over() {
		s.scanLine()
	}
}

// lineEnd counts the line end at i and moves past it.
func (s *yamlScan) lineEnd() {
	s.i++
	s.line++
	s.marks++
	s.lineStart = s.i
}

// scanLine counts the structure of the line at i, and of the quoted and
// block scalars it starts, and moves past it.
func (s *yamlScan) scanLine() {
	data := s.data
	for s.i < len(data) && data[s.i] == ' ' {
		s.i++
	}
	indent := s.i - s.lineStart
	if s.i == len(data) {
		return
	}
	if c := data[s.i]; c == '\n' || c == '#' || c == '\r' && s.i+1 < len(data) && data[s.i+1] == '\n' {
		s.toLineEnd() // a blank line, or a comment's: it changes nothing
		return
	}
	// Where a value may start, and the column of the first token since.
	expect, key := true, indent
	if s.flow > 0 {
		expect = s.flowExpect
	} else {
		if s.plain && indent > s.owner {
			expect = false // the plain scalar goes on
		} else {
			s.plain = false
			if indent == 0 && documentMarker(data[s.i:]) {
				s.i += 3
				s.owner, key = -1, -1
			}
		}
	}
	for s.i < len(data) && data[s.i] != '\n' && !s.over() {
		c := data[s.i]
		column := s.i - s.lineStart
		next := byte(' ')
		if s.i+1 < len(data) {
			next = data[s.i+1]
		}
		spaceNext := next == ' ' || next == '\t' || next == '\n' || next == '\r'
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			s.i++
		case c == '#' && (s.i == s.lineStart || data[s.i-1] == ' ' || data[s.i-1] == '\t'):
			s.flowExpect = s.flow > 0 && expect
			s.toLineEnd()
			return
		case expect && (c == '"' || c == '\''):
			if key < 0 {
				key = column
			}
			s.quoted(c)
			expect, s.plain = false, false
		case expect && s.flow == 0 && (c == '|' || c == '>') && blockHeader(data[s.i+1:]):
			s.toLineEnd()
			s.blockScalar()
			return
		case expect && s.flow == 0 && (c == '-' || c == '?') && spaceNext:
			s.marks++
			s.i++
			s.owner, key = column, -1
		case c == ':' && (spaceNext || s.flow > 0 || s.i > 0 && (data[s.i-1] == '"' || data[s.i-1] == '\'')):
			s.marks++
			s.i++
			// In a flow collection `a:'b` is one plain scalar: a value
			// starts after `: `, or right after a quoted key's `:`.
			expect = spaceNext || s.i > 1 && (data[s.i-2] == '"' || data[s.i-2] == '\'')
			s.plain = false
			if s.flow == 0 {
				expect = true
				if key < 0 {
					key = column
				}
				s.owner, key = key, -1
			}
		case (c == '[' || c == '{') && (expect || s.flow > 0):
			if s.flow == 0 && key < 0 {
				key = column // a key that is a flow collection: `- [a]: b`
			}
			s.marks++
			s.i++
			s.flow++
			expect, s.plain = true, false
		case (c == ']' || c == '}') && s.flow > 0:
			s.i++
			s.flow--
			expect = false
		case c == ',' && s.flow > 0:
			s.marks += 2 // a flow mapping's `a,` is a key and a null
			s.i++
			expect = true
		case c == '?' && s.flow > 0 && expect && spaceNext:
			s.marks++
			s.i++
		case expect && c == '!':
			// A tag, after which a value may still start.
			if key < 0 {
				key = column
			}
			for s.i < len(data) && !isSpace(data[s.i]) && (s.flow == 0 || !isFlowIndicator(data[s.i])) {
				s.i++
			}
		case expect && (c == '&' || c == '*'):
			// An anchor, after which a value may still start, or an
			// alias, which is one: a name of letters, digits, `_` and `-`,
			// as yaml.v3 reads it.
			if key < 0 {
				key = column
			}
			for s.i++; s.i < len(data) && isAnchorChar(data[s.i]); s.i++ {
			}
			expect = c == '&'
		default:
			if expect {
				expect = false
				s.plain = s.flow == 0
				if key < 0 {
					key = column
				}
			}
			s.i++
		}
	}
	s.flowExpect = s.flow > 0 && expect
	if s.i < len(data) && !s.over() {
		s.lineEnd()
	}
}

// toLineEnd moves past the line end after i, counting it.
func (s *yamlScan) toLineEnd() {
	for s.i < len(s.data) && s.data[s.i] != '\n' {
		s.i++
	}
	if s.i < len(s.data) {
		s.lineEnd()
	}
}

// quoted moves past the quoted scalar at i, quoted by q, over its lines:
// none of it is counted.
func (s *yamlScan) quoted(q byte) {
	data := s.data
	for s.i++; s.i < len(data); s.i++ {
		switch c := data[s.i]; {
		case c == '\n':
			s.line++
			s.lineStart = s.i + 1
		case q == '"' && c == '\\' && s.i+1 < len(data):
			s.i++ // what it escapes, a line end too
			if data[s.i] == '\n' {
				s.line++
				s.lineStart = s.i + 1
			}
		case c == q && q == '\'' && s.i+1 < len(data) && data[s.i+1] == '\'':
			s.i++ // '' is a quote
		case c == q:
			s.i++
			return
		}
	}
}

// blockScalar moves past the lines of a block scalar whose header ended
// the line before i: those indented more than its owner, and blank ones,
// until a document's marker.
func (s *yamlScan) blockScalar() {
	data := s.data
	for s.i < len(data) {
		j := s.i
		for j < len(data) && data[j] == ' ' {
			j++
		}
		blank := j == len(data) || data[j] == '\n' || data[j] == '\r' && j+1 < len(data) && data[j+1] == '\n'
		if !blank && (j-s.i <= s.owner || j == s.i && documentMarker(data[j:])) {
			return
		}
		for s.i = j; s.i < len(data) && data[s.i] != '\n'; s.i++ {
		}
		if s.i < len(data) {
			s.i++
			s.line++
			s.lineStart = s.i
		}
	}
}

// blockHeader says whether rest, what follows a `|` or `>`, makes it a
// block scalar's header: an indentation and a chomping indicator, at most,
// then nothing but a comment.
func blockHeader(rest []byte) bool {
	i := 0
	for i < len(rest) && i < 2 && (rest[i] == '-' || rest[i] == '+' || rest[i] >= '1' && rest[i] <= '9') {
		i++
	}
	spaced := i == 0
	for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t' || rest[i] == '\r') {
		i++
		spaced = true
	}
	return i == len(rest) || rest[i] == '\n' || rest[i] == '#' && spaced && i > 0
}

// documentMarker says whether line starts with `---` or `...` alone.
func documentMarker(line []byte) bool {
	if len(line) < 3 || !(string(line[:3]) == "---" || string(line[:3]) == "...") {
		return false
	}
	return len(line) == 3 || isSpace(line[3])
}

// isAnchorChar says whether c may be in an anchor's name, as yaml.v3
// reads one.
func isAnchorChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isFlowIndicator(c byte) bool { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}' }
