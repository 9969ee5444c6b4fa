package catalogue

import "github.com/archdesigner/designer/catalogue/diag"

// The catalogue reports its problems in package diag's terms; these aliases
// let callers that read catalogues and designs name them from here.
type (
	// Pos is a position in a file.
	Pos = diag.Pos
	// Error is one problem with its code, path and related positions.
	Error = diag.Error
	// ErrorList is the problems of one or more files.
	ErrorList = diag.ErrorList
	// Code says what kind of problem an Error is.
	Code = diag.Code
)
