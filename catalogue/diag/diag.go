// Package diag is the vocabulary of problems the core reports: a position in
// a file (Pos), a problem with its stable code, path and related positions
// (Error), the list of a file's problems (ErrorList), and the near-miss
// suggestion that ends many messages. It is a leaf: the strict YAML decoder
// and the catalogue both build on it, and the catalogue re-exports its types.
package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Pos is a position in a source file. Line and Column start at 1; a zero Line
// means the position is unknown (for example a design built in the editor).
type Pos struct {
	File   string
	Line   int
	Column int
}

// String formats the position as file:line:col, leaving out what is unknown.
func (p Pos) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		if b.Len() > 0 {
			b.WriteByte(':')
		}
		b.WriteString(strconv.Itoa(p.Line))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(p.Column))
	}
	return b.String()
}

// Error is one problem found in an input: where it is, a stable code that
// says what kind of problem it is (see codes.go), the path of the value in
// its file ("nodes[2].props.acks", or "" for the file as a whole), the
// positions of related declarations (the kind file line that declares the
// enum a value is not one of), and the message, which starts with the path.
type Error struct {
	Pos     Pos
	Code    Code
	Path    string
	Related []Pos
	Msg     string
}

// Error formats the problem as "file:line:col: message", the form editors and
// CI logs understand.
func (e *Error) Error() string {
	if where := e.Pos.String(); where != "" {
		return where + ": " + e.Msg
	}
	return e.Msg
}

// errorJSON is an Error in the CLI's and the embed protocol's JSON.
type errorJSON struct {
	Code    Code          `json:"code"`
	File    string        `json:"file,omitempty"`
	Line    int           `json:"line,omitempty"`
	Column  int           `json:"column,omitempty"`
	Path    string        `json:"path,omitempty"`
	Message string        `json:"message"`
	Related []relatedJSON `json:"related,omitempty"`
}

type relatedJSON struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// MarshalJSON writes the problem as {"code", "file", "line", "column",
// "path", "message", "related": [{"file", "line", "column"}]}, leaving out
// what is unknown; message is what is wrong, without the position (as in
// the CLI's JSON).
func (e *Error) MarshalJSON() ([]byte, error) {
	out := errorJSON{Code: e.Code, File: e.Pos.File, Line: e.Pos.Line, Column: e.Pos.Column, Path: e.Path, Message: e.Msg}
	for _, r := range e.Related {
		out.Related = append(out.Related, relatedJSON{File: r.File, Line: r.Line, Column: r.Column})
	}
	return json.Marshal(out)
}

// ErrorList collects every problem of an input, in the manner of
// go/scanner.ErrorList, so that a user sees all of them at once.
type ErrorList []*Error

// leadingPath returns the path a message starts with ("nodes[2].props.acks"
// of "nodes[2].props.acks: …"), or "". (By hand, not with a regular
// expression, which would be compiled at start-up.)
func leadingPath(msg string) string {
	end := strings.Index(msg, ": ")
	if end <= 0 {
		return ""
	}
	path := msg[:end]
	for _, part := range strings.Split(path, ".") {
		name, index, indexed := strings.Cut(part, "[")
		if name == "" || !isLetter(name[0]) {
			return ""
		}
		for i := 1; i < len(name); i++ {
			if c := name[i]; !isLetter(c) && !(c >= '0' && c <= '9') && c != '-' {
				return ""
			}
		}
		if indexed {
			digits, ok := strings.CutSuffix(index, "]")
			if _, err := strconv.Atoi(digits); !ok || err != nil {
				return ""
			}
		}
	}
	return path
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Add appends a problem at pos with its code and returns it, for the caller
// to add related positions. A message starts with the path of the value it
// is about, where there is one, and that becomes the problem's Path.
func (l *ErrorList) Add(pos Pos, code Code, format string, args ...any) *Error {
	e := &Error{Pos: pos, Code: code, Msg: fmt.Sprintf(format, args...)}
	e.Path = leadingPath(e.Msg)
	*l = append(*l, e)
	return e
}

// Sort orders the problems by file, line and column, keeping the order of
// problems found at the same place.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Line == 0 && l[i].Msg < l[j].Msg
	})
}

// Error is the first problem and how many more there are, on one line, as
// go/scanner's ErrorList says it; Lines and Print give all of them.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	case 2:
		return l[0].Error() + " (and 1 more problem)"
	}
	return l[0].Error() + " (and " + strconv.Itoa(len(l)-1) + " more problems)"
}

// Lines returns every problem as a "file:line:col: message" line.
func (l ErrorList) Lines() []string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return lines
}

// Print writes every problem to w, one per line.
func (l ErrorList) Print(w io.Writer) error {
	for _, e := range l {
		if _, err := io.WriteString(w, e.Error()+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// maxEcho is how many characters of a user's text a message repeats.
const maxEcho = 60

// Clip returns s for a message that repeats it: whole when it is short, else
// its first characters and "…", so that a huge unknown value gives a message
// of a line rather than one as large as the file.
func Clip(s string) string {
	if len(s) <= maxEcho {
		return s
	}
	n := 0
	for i := range s {
		if n == maxEcho {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// BadCharAdvice is what to do about a BadChar.
const BadCharAdvice = "remove it (tabs and line breaks are fine)"

// BadChar describes the first character of s that no text in our files may
// hold, with its byte offset, or returns "" when there is none: control
// characters other than tab, line feed and carriage return (XML, and so the
// SVG export, cannot carry them, and they rewrite a terminal's screen), the
// non-characters U+FFFE and U+FFFF, and bytes that are not UTF-8.
func BadChar(s string) (string, int) {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return "a byte that is not UTF-8", i
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0x7f, r >= 0x80 && r <= 0x9f:
			return fmt.Sprintf("the control character U+%04X", r), i
		case r == 0xfffe, r == 0xffff:
			return fmt.Sprintf("the non-character U+%04X", r), i
		}
	}
	return "", -1
}
