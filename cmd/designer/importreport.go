package main

import (
	"github.com/archdesigner/designer/catalogue/importer"
	"github.com/archdesigner/designer/catalogue/yamlout"
)

// importResult is what the import of another tool's file (a Compose file,
// a plan) did not bring into the design, as check, analyze and resolve
// write it under "import" (absent for a design): the resources not
// imported, what the design has no place for, and the values dropped,
// each with its line and column in the file. No environment value is in
// it: the import never keeps one.
type importResult struct {
	Format      importer.Format     `json:"format"`
	NotImported []notImportedResult `json:"notImported"`
	LeftOut     []leftOutResult     `json:"leftOut"`
	Dropped     []errorResult       `json:"dropped"`
}

// notImportedResult is a resource that became nothing, and why.
type notImportedResult struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Address string `json:"address"`
	Type    string `json:"type"`
	Why     string `json:"why"`
}

// leftOutResult is something the design has no place for: of the resource
// at address, of type, or (none) of the file itself.
type leftOutResult struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Address string `json:"address,omitempty"`
	Type    string `json:"type,omitempty"`
	What    string `json:"what"`
	Why     string `json:"why"`
}

// importResultOf is the import part of the reports of res.
func importResultOf(res *importer.Result) *importResult {
	out := &importResult{Format: res.Format, NotImported: []notImportedResult{}, LeftOut: []leftOutResult{}, Dropped: []errorResult{}}
	for _, u := range res.Unmapped {
		out.NotImported = append(out.NotImported, notImportedResult{Line: u.Pos.Line, Column: u.Pos.Column, Address: u.Address, Type: u.Type, Why: u.Why})
	}
	for _, l := range res.LeftOut {
		out.LeftOut = append(out.LeftOut, leftOutResult{Line: l.Pos.Line, Column: l.Pos.Column, Address: l.Address, Type: l.Type, What: l.What, Why: l.Why})
	}
	for _, e := range res.Dropped {
		out.Dropped = append(out.Dropped, errorResult{Code: e.Code, Line: e.Pos.Line, Column: e.Pos.Column, Path: e.Path, Message: e.Msg})
	}
	return out
}

// appendYAML writes the import part of resolve's YAML, as its JSON holds
// it.
func (r *importResult) appendYAML(b []byte) []byte {
	b = append(yamlout.String(append(b, "import:\n  format: "...), string(r.Format)), '\n')
	field := func(b []byte, first bool, name, value string) []byte {
		if first {
			b = append(b, "    - "...)
		} else {
			b = append(b, "      "...)
		}
		return append(yamlout.String(append(append(b, name...), ": "...), value), '\n')
	}
	number := func(b []byte, first bool, name string, n int) []byte {
		if first {
			b = append(b, "    - "...)
		} else {
			b = append(b, "      "...)
		}
		return append(yamlout.Int(append(append(b, name...), ": "...), int64(n)), '\n')
	}
	list := func(b []byte, name string, n int) []byte {
		if n == 0 {
			return append(append(b, "  "+name...), ": []\n"...)
		}
		return append(b, "  "+name+":\n"...)
	}
	b = list(b, "notImported", len(r.NotImported))
	for _, u := range r.NotImported {
		b = number(b, true, "line", u.Line)
		b = number(b, false, "column", u.Column)
		b = field(b, false, "address", u.Address)
		b = field(b, false, "type", u.Type)
		b = field(b, false, "why", u.Why)
	}
	b = list(b, "leftOut", len(r.LeftOut))
	for _, l := range r.LeftOut {
		b = number(b, true, "line", l.Line)
		b = number(b, false, "column", l.Column)
		if l.Address != "" {
			b = field(b, false, "address", l.Address)
			b = field(b, false, "type", l.Type)
		}
		b = field(b, false, "what", l.What)
		b = field(b, false, "why", l.Why)
	}
	b = list(b, "dropped", len(r.Dropped))
	for _, e := range r.Dropped {
		b = field(b, true, "code", string(e.Code))
		b = number(b, false, "line", e.Line)
		b = number(b, false, "column", e.Column)
		if e.Path != "" {
			b = field(b, false, "path", e.Path)
		}
		b = field(b, false, "message", e.Message)
	}
	return b
}
