package catalogue

import (
	"fmt"
	"sort"
	"strings"
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
		fmt.Fprintf(&b, "%d:%d", p.Line, p.Column)
	}
	return b.String()
}

// Error is one problem found in an input, with where it is.
type Error struct {
	Pos Pos
	Msg string
}

// Error formats the problem as "file:line:col: message", the form editors and
// CI logs understand.
func (e *Error) Error() string {
	if where := e.Pos.String(); where != "" {
		return where + ": " + e.Msg
	}
	return e.Msg
}

// ErrorList collects every problem of an input, in the manner of
// go/scanner.ErrorList, so that a user sees all of them at once.
type ErrorList []*Error

// Add appends a problem at pos.
func (l *ErrorList) Add(pos Pos, format string, args ...any) {
	*l = append(*l, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
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

// Error joins the problems one per line.
func (l ErrorList) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
