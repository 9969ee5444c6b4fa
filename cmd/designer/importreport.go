package main

import (
	"github.com/archdesigner/designer/catalogue/diag"
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
		out.NotImported = append(out.NotImported, notImportedResult{Line: u.Pos.Line, Column: u.Pos.Column, Address: diag.Clip(u.Address), Type: diag.Clip(u.Type), Why: u.Why})
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
	var items [][]field
	for _, u := range r.NotImported {
		items = append(items, []field{{"line", u.Line}, {"column", u.Column}, {"address", u.Address}, {"type", u.Type}, {"why", u.Why}})
	}
	b = appendYAMLItems(b, "notImported", items)
	items = items[:0]
	for _, l := range r.LeftOut {
		item := []field{{"line", l.Line}, {"column", l.Column}, {"address", l.Address}, {"type", l.Type}, {"what", l.What}, {"why", l.Why}}
		if l.Address == "" {
			item = append(item[:2], item[4:]...)
		}
		items = append(items, item)
	}
	b = appendYAMLItems(b, "leftOut", items)
	items = items[:0]
	for _, e := range r.Dropped {
		item := []field{{"code", string(e.Code)}, {"line", e.Line}, {"column", e.Column}, {"path", e.Path}, {"message", e.Message}}
		if e.Path == "" {
			item = append(item[:3], item[4:]...)
		}
		items = append(items, item)
	}
	return appendYAMLItems(b, "dropped", items)
}

// field is a key of a YAML mapping and its value, a string or an int.
type field struct {
	key   string
	value any
}

// appendYAMLItems writes a list, name, of mappings at the second level,
// each string double-quoted.
func appendYAMLItems(b []byte, name string, items [][]field) []byte {
	if len(items) == 0 {
		return append(b, "  "+name+": []\n"...)
	}
	b = append(b, "  "+name+":\n"...)
	for _, item := range items {
		for i, f := range item {
			if i == 0 {
				b = append(b, "    - "...)
			} else {
				b = append(b, "      "...)
			}
			b = append(append(b, f.key...), ": "...)
			switch v := f.value.(type) {
			case int:
				b = yamlout.Int(b, int64(v))
			case string:
				b = yamlout.String(b, v)
			}
			b = append(b, '\n')
		}
	}
	return b
}
