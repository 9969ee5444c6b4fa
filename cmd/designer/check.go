package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/importer"
	"github.com/archdesigner/designer/catalogue/picture"
)

// report is the outcome of checking one design file.
type report struct {
	cat        *catalogue.Catalogue // set where the design is drawn or exported
	File       string
	Design     *catalogue.Design
	Resolution *catalogue.Resolution
	Analysis   *analysis.Report
	Errors     catalogue.ErrorList
	// Import is what the import of another tool's file left out, or nil
	// for a design.
	Import *importResult
}

// exitCode is 2 for an unusable file, 1 for an unsuppressed violation at
// or above threshold (error, unless --fail-on says otherwise), else 0.
func (r *report) exitCode(threshold catalogue.Severity) int {
	if len(r.Errors) > 0 {
		return exitUnusable
	}
	for _, v := range r.Resolution.Violations {
		if failsOn(v, threshold) {
			return exitViolated
		}
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
	return evaluateData(cat, file, data)
}

// evaluateData parses, checks and resolves a design file's content.
func evaluateData(cat *catalogue.Catalogue, file string, data []byte) *report {
	r := &report{File: file}
	if err := catalogue.SizeError(file, int64(len(data))); err != nil && !picture.Is(data) {
		r.Errors = append(r.Errors, err)
		return r
	}
	data, err := importer.DesignText(file, data)
	if err != nil {
		r.Errors = append(r.Errors, err.(*catalogue.Error))
		return r
	}
	r.Design, r.Errors = cat.ReadDesign(file, data)
	if len(r.Errors) > 0 {
		return r
	}
	r.Resolution, r.Analysis = analysis.Resolve(cat, r.Design)
	return r
}

// readDesign reads a design file through the size limit, refusing what is
// not a regular file: /dev/zero would be read for ever, a named pipe waits
// for ever.
func readDesign(file string) ([]byte, error) {
	info, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("this is %s, not a design file", catalogue.FileKind(info.Mode()))
	}
	// A picture carrying a design is read to a larger bound; the design in
	// it is bounded as any when it is read.
	limit, sizeError := int64(catalogue.MaxDesignBytes), catalogue.SizeError
	if picture.Named(file) {
		limit, sizeError = picture.MaxBytes, picture.SizeError
	}
	if err := sizeError(file, info.Size()); err != nil {
		return nil, err
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The size stated is not always what a file holds (it may grow).
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if err := sizeError(file, int64(len(data))); err != nil {
		return nil, err
	}
	return data, nil
}

func (e *env) check(args []string) int {
	fs := e.flags("check")
	format := fs.String("o", "text", "output `format`: "+strings.Join(checkFormats, ", "))
	failOn := fs.String("fail-on", "error", "the least `severity` that makes the exit status 1: error, warning or info")
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if !slices.Contains(checkFormats, *format) {
		fmt.Fprintf(e.stderr, "designer check: -o %s: use %s\n", *format, strings.Join(checkFormats, ", "))
		return exitUnusable
	}
	threshold := catalogue.Severity(*failOn)
	if threshold.Rank() == 0 {
		fmt.Fprintf(e.stderr, "designer check: --fail-on %s: use error, warning or info\n", *failOn)
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
	run := &checkRun{cat: cat, failOn: threshold}
	for _, file := range files {
		r := e.evaluateInput(cat, file)
		code = max(code, r.exitCode(threshold))
		run.reports = append(run.reports, r)
	}
	// The report is written a block at a time; the writer keeps the first
	// error (a full disk, a closed pipe), which Flush returns.
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	switch *format {
	case "json":
		out := []checkResult{}
		for _, r := range run.reports {
			res := r.result()
			out = append(out, checkResult{File: res.File, Violations: res.Violations, Errors: res.Errors, Import: r.Import})
		}
		writeJSON(w, map[string]any{"files": out})
	case "sarif":
		run.writeSARIF(w)
	case "junit":
		run.writeJUnit(w)
	case "github":
		run.writeGitHub(w)
	case "markdown":
		run.writeMarkdown(w)
	default:
		for _, r := range run.reports {
			for _, err := range r.Errors {
				fmt.Fprintln(e.stderr, err)
			}
			if r.Resolution != nil {
				writeViolations(w, r)
			}
			w.Flush() // a file's violations after its errors, as before
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "designer check: the report was not written in full: %v\n", err)
		return exitUnusable
	}
	return code
}

// writeViolations writes a design's violations one per line, as compilers
// do ("file:line:col: severity: where: message (rule id)"), each fix indented
// under its violation, and the suppressed ones apart, after the others, with
// their reasons.
func writeViolations(w io.Writer, r *report) {
	vs := r.Resolution.Violations
	at := r.Design.PosOfAll(vs)
	suppressed := 0
	for i, v := range vs {
		if v.Suppressed {
			suppressed++
			continue
		}
		rule := v.Rule
		if len(v.Also) > 0 {
			rule += ", also " + strings.Join(v.Also, ", ")
		}
		fmt.Fprintf(w, "%s: %s: %s: %s (rule %s)\n", at[i], v.Severity, where(v), v.Message, rule)
		for _, f := range v.Fixes {
			fmt.Fprintf(w, "    %s\n", f.Label())
		}
	}
	if suppressed == 0 {
		return
	}
	fmt.Fprintf(w, "%s: suppressed (%d):\n", r.File, suppressed)
	for i, v := range vs {
		if v.Suppressed {
			fmt.Fprintf(w, "    %s: %s: %s: rule %s, because %q\n", at[i], v.Severity, where(v), v.Rule, v.Reason)
		}
	}
}

// where names what v is about, as the CLI's reports write it.
func where(v catalogue.Violation) string { return v.Where(" -> ", "design") }

// resolveResult is the JSON form of a report (writeResolveYAML writes the
// same content as YAML).
type resolveResult struct {
	File       string                `json:"file"`
	Groups     []groupResult         `json:"groups"`
	Nodes      []nodeResult          `json:"nodes"`
	Edges      []edgeResult          `json:"edges"`
	Violations []catalogue.Violation `json:"violations"`
	Errors     []errorResult         `json:"errors"`
}

// edgeResult is an edge with its flow and where the flow comes from.
type edgeResult struct {
	From     string     `json:"from"`
	To       string     `json:"to"`
	Flow     flowResult `json:"flow"`
	Protocol string     `json:"protocol,omitempty"`
}

type flowResult struct {
	Value  catalogue.Flow   `json:"value"`
	Source catalogue.Source `json:"source"`
}

func edgeResultOf(d *catalogue.Design, e catalogue.ResolvedEdge) edgeResult {
	de := d.Edges[e.Edge]
	return edgeResult{From: de.From, To: de.To, Flow: flowResult{e.Flow, e.FlowSource}, Protocol: de.Protocol}
}

// checkResult is the JSON form of a report for check: no nodes.
type checkResult struct {
	File       string                `json:"file"`
	Violations []catalogue.Violation `json:"violations"`
	Errors     []errorResult         `json:"errors"`
	Import     *importResult         `json:"import,omitempty"`
}

type nodeResult struct {
	ID         string           `json:"id"`
	Component  string           `json:"component"`
	Kind       string           `json:"kind"`
	Properties propertiesResult `json:"properties"`
	Placement  *placementResult `json:"placement,omitempty"`
}

// placementResult is where a node sits: its chain of groups and the values
// they give it, each with its source and the group that says it.
type placementResult struct {
	Groups []string     `json:"groups"`
	Values placedResult `json:"values"`
}

// placedResult writes placed values as an object keyed by name.
type placedResult []catalogue.Placed

// MarshalJSON writes {"name": {"value": …, "source": "…", "group": "…"}, …}.
func (ps placedResult) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		name, _ := json.Marshal(p.Name)
		value, err := p.Value.MarshalJSON()
		if err != nil {
			return nil, err
		}
		rest, _ := json.Marshal(struct {
			Source catalogue.Source `json:"source"`
			Group  string           `json:"group"`
		}{p.Source, p.Group})
		b = append(append(append(b, name...), `:{"value":`...), value...)
		b = append(append(b, ','), rest[1:]...)
	}
	return append(b, '}'), nil
}

func placementOf(n *catalogue.ResolvedNode) *placementResult {
	if len(n.Placement()) == 0 {
		return nil
	}
	return &placementResult{Groups: n.Placement(), Values: n.PlacedValues()}
}

// groupResult is a group with where it sits and its values.
type groupResult struct {
	ID        string       `json:"id"`
	Boundary  string       `json:"boundary"`
	Placement []string     `json:"placement"`
	Values    placedResult `json:"values"`
}

// propertiesResult is a node's resolved properties as a JSON object keyed
// by name, in the resolution's (sorted) order, without a map per node.
type propertiesResult []catalogue.ResolvedProperty

// MarshalJSON writes {"name": {"value": …, "source": "…"}, …}.
func (ps propertiesResult) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 48*len(ps)+2)
	b = append(b, '{')
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		name, _ := json.Marshal(p.Name)
		value, err := p.Value.MarshalJSON()
		if err != nil {
			return nil, err
		}
		source, _ := json.Marshal(p.Source)
		b = append(append(b, name...), `:{"value":`...)
		b = append(append(b, value...), `,"source":`...)
		b = append(append(b, source...), '}')
	}
	return append(b, '}'), nil
}

// errorResult is a problem in the JSON output: its position, the
// message after it, and the problem's stable code and path (see
// catalogue.Code).
type errorResult struct {
	Code    catalogue.Code `json:"code"`
	Line    int            `json:"line"`
	Column  int            `json:"column"`
	Path    string         `json:"path,omitempty"`
	Message string         `json:"message"`
}

func (r *report) result() resolveResult {
	out := resolveResult{File: r.File, Groups: []groupResult{}, Nodes: []nodeResult{}, Edges: []edgeResult{}, Violations: []catalogue.Violation{}, Errors: []errorResult{}}
	for _, err := range r.Errors {
		out.Errors = append(out.Errors, errorResult{Code: err.Code, Line: err.Pos.Line, Column: err.Pos.Column, Path: err.Path, Message: err.Msg})
	}
	if r.Resolution == nil {
		return out
	}
	out.Violations = append(out.Violations, r.Resolution.Violations...)
	for _, e := range r.Resolution.Edges {
		out.Edges = append(out.Edges, edgeResultOf(r.Design, e))
	}
	for _, g := range r.Resolution.Groups {
		out.Groups = append(out.Groups, groupResult{ID: g.ID, Boundary: g.Boundary, Placement: g.Placement(), Values: g.Values})
	}
	for i := range r.Resolution.Nodes {
		n := &r.Resolution.Nodes[i]
		out.Nodes = append(out.Nodes, nodeResult{ID: n.ID, Component: n.Component, Kind: n.Kind, Properties: n.Properties, Placement: placementOf(n)})
	}
	return out
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}
