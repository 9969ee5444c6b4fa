package patch

import (
	"fmt"

	"github.com/archdesigner/designer/catalogue/diag"
)

// Codes of the problems only changes have; the others are the design
// file's (diag.CodeUnknownNode, diag.CodeDuplicateID, …), so that one code
// means one problem wherever it is found.
const (
	// CodeUnknownEdge: no edge has the key an op names.
	CodeUnknownEdge diag.Code = "unknown-edge"
	// CodeUnknownNote: no note has the key an op names.
	CodeUnknownNote diag.Code = "unknown-note"
	// CodeUnknownField: a set op names a field its element does not have.
	CodeUnknownField diag.Code = "unknown-field"
	// CodeWrongOrder: an added or moved edge or note cannot be the n-th
	// its key says: there are fewer such.
	CodeWrongOrder diag.Code = "wrong-order"
	// CodeDanglingReference: after the ops, something names a node or a
	// group that is gone (an edge to a removed node, a node in a removed
	// group).
	CodeDanglingReference diag.Code = "dangling-reference"
	// CodeInvalidChange: a change message that is not JSON of the right
	// shape.
	CodeInvalidChange diag.Code = "invalid-change"
)

// Error is why a change or one of its ops cannot be read or applied: its
// stable Code, the index of the op (-1 for the change itself), what the op
// changes (Where, "node api: props.acks") and what is wrong and what would
// be right (Msg).
type Error struct {
	Code  diag.Code
	Op    int
	Where string
	Msg   string
}

// Error says it in one line: "ops[3] (node api: props.acks): … [code]".
func (e *Error) Error() string {
	if e.Op < 0 {
		return fmt.Sprintf("change: %s [%s]", e.Msg, e.Code)
	}
	if e.Where == "" {
		return fmt.Sprintf("ops[%d]: %s [%s]", e.Op, e.Msg, e.Code)
	}
	return fmt.Sprintf("ops[%d] (%s): %s [%s]", e.Op, e.Where, e.Msg, e.Code)
}

func opError(i int, op Op, code diag.Code, format string, args ...any) *Error {
	return &Error{Code: code, Op: i, Where: op.Describe(), Msg: fmt.Sprintf(format, args...)}
}
