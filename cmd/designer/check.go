package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// report is the outcome of checking one design file.
type report struct {
	File       string
	Design     *catalogue.Design
	Resolution *catalogue.Resolution
	Errors     catalogue.ErrorList
}

// exitCode is 2 for an unusable file, 1 for an error-severity violation, else 0.
func (r *report) exitCode() int {
	switch {
	case len(r.Errors) > 0:
		return exitUnusable
	case r.Resolution.Worst() == catalogue.SeverityError:
		return exitViolated
	}
	return exitOK
}

// evaluate reads, parses, checks and resolves one design file.
func evaluate(cat *catalogue.Catalogue, file string) *report {
	r := &report{File: file}
	data, err := readDesign(file)
	if err != nil {
		if e, ok := err.(*catalogue.Error); ok {
			r.Errors = append(r.Errors, e)
		} else {
			r.Errors.Add(catalogue.Pos{File: file}, diag.CodeUnreadable, "%v", err)
		}
		return r
	}
	r.Design, r.Errors = cat.ReadDesign(file, data)
	if len(r.Errors) > 0 {
		return r
	}
	r.Resolution = cat.Resolve(r.Design)
	return r
}

// readDesign reads a file, refusing one larger than a design may be before
// reading it whole.
func readDesign(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not a design file", file)
	}
	if err := catalogue.SizeError(file, info.Size()); err != nil {
		return nil, err
	}
	return os.ReadFile(file)
}

func (e *env) check(args []string) int {
	fs := e.flags("check")
	format := fs.String("o", "text", "output `format`: text or json")
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(e.stderr, "designer check: -o %s: use text or json\n", *format)
		return exitUnusable
	}
	if len(files) == 0 {
		fmt.Fprintln(e.stderr, "designer check: name at least one design FILE")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	code := exitOK
	out := []checkResult{}
	for _, file := range files {
		r := evaluate(cat, file)
		code = max(code, r.exitCode())
		if *format == "json" {
			res := r.result()
			out = append(out, checkResult{File: res.File, Violations: res.Violations, Errors: res.Errors})
			continue
		}
		for _, err := range r.Errors {
			fmt.Fprintln(e.stderr, err)
		}
		if r.Resolution == nil {
			continue
		}
		for _, v := range r.Resolution.Violations {
			where := v.Node
			if v.Edge != nil {
				where = v.Edge.From + " -> " + v.Edge.To
			}
			fmt.Fprintf(e.stdout, "%s: %s: %s: %s (rule %s)\n", r.Design.PosOf(v), v.Severity, where, v.Message, v.Rule)
		}
	}
	if *format == "json" {
		writeJSON(e.stdout, map[string]any{"files": out})
	}
	return code
}

// resolveResult is the JSON and YAML form of a report.
type resolveResult struct {
	File       string                `json:"file" yaml:"file"`
	Nodes      []nodeResult          `json:"nodes" yaml:"nodes"`
	Violations []catalogue.Violation `json:"violations" yaml:"violations"`
	Errors     []errorResult         `json:"errors" yaml:"errors"`
}

// checkResult is the JSON form of a report for check: no nodes.
type checkResult struct {
	File       string                `json:"file"`
	Violations []catalogue.Violation `json:"violations"`
	Errors     []errorResult         `json:"errors"`
}

type nodeResult struct {
	ID         string                    `json:"id" yaml:"id"`
	Component  string                    `json:"component" yaml:"component"`
	Kind       string                    `json:"kind" yaml:"kind"`
	Properties map[string]propertyResult `json:"properties" yaml:"properties"`
}

type propertyResult struct {
	Value  catalogue.Value  `json:"value" yaml:"value"`
	Source catalogue.Source `json:"source" yaml:"source"`
}

// errorResult is a problem in the JSON and YAML output: its position, the
// message after it, and the problem's stable code and path (see
// catalogue.Code).
type errorResult struct {
	Code    catalogue.Code `json:"code" yaml:"code"`
	Line    int            `json:"line" yaml:"line"`
	Column  int            `json:"column" yaml:"column"`
	Path    string         `json:"path,omitempty" yaml:"path,omitempty"`
	Message string         `json:"message" yaml:"message"`
}

func (r *report) result() resolveResult {
	out := resolveResult{File: r.File, Nodes: []nodeResult{}, Violations: []catalogue.Violation{}, Errors: []errorResult{}}
	for _, err := range r.Errors {
		out.Errors = append(out.Errors, errorResult{Code: err.Code, Line: err.Pos.Line, Column: err.Pos.Column, Path: err.Path, Message: err.Msg})
	}
	if r.Resolution == nil {
		return out
	}
	out.Violations = append(out.Violations, r.Resolution.Violations...)
	for _, n := range r.Resolution.Nodes {
		nr := nodeResult{ID: n.ID, Component: n.Component, Kind: n.Kind, Properties: map[string]propertyResult{}}
		for _, p := range n.Properties {
			nr.Properties[p.Name] = propertyResult{Value: p.Value, Source: p.Source}
		}
		out.Nodes = append(out.Nodes, nr)
	}
	return out
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}
