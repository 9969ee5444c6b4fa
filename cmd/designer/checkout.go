package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// The check's output formats for CI, beside text and json: code scanning
// (SARIF), test reports (JUnit), pull-request annotations (GitHub's workflow
// commands) and a pull-request comment (markdown).
var checkFormats = []string{"text", "json", "sarif", "junit", "github", "markdown"}

// failsOn reports whether a violation counts against the run: not
// suppressed, and at least as severe as the --fail-on threshold.
func failsOn(v catalogue.Violation, threshold catalogue.Severity) bool {
	return !v.Suppressed && v.Severity.Rank() >= threshold.Rank()
}

// checkRun is what every CI format is written from: the reports of the
// files checked, the catalogue they were checked against and the
// threshold.
type checkRun struct {
	cat     *catalogue.Catalogue
	reports []*report
	failOn  catalogue.Severity
}

// ruleInfo is a rule's name, description, docs link and default severity,
// from the catalogue or, for a rule the core checks itself, from
// catalogue.BuiltinRule (with the docs the violation carries).
func (c *checkRun) ruleInfo(id string, v catalogue.Violation) (name, description, docs string, severity catalogue.Severity) {
	if r := c.cat.Rules[id]; r != nil {
		return r.Name, r.Description, r.Docs, r.Severity
	}
	if t, ok := catalogue.BuiltinRule(id); ok {
		return t.Name, t.Description, v.Docs, v.Severity
	}
	return id, "", v.Docs, v.Severity
}

// ruleIDs are the catalogue's rules and the core's, sorted: a JUnit report
// has a test case for each.
func (c *checkRun) ruleIDs() []string {
	builtin := catalogue.BuiltinRules()
	ids := make([]string, 0, len(c.cat.Rules)+len(builtin))
	for id := range c.cat.Rules {
		ids = append(ids, id)
	}
	for _, id := range builtin {
		if c.cat.Rules[id] == nil {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// fileURI is a file's path as a URI reference relative to where designer
// ran, as code scanning expects: slashes, each segment escaped.
func fileURI(file string) string {
	parts := strings.Split(filepath.ToSlash(file), "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// sarifLevel is SARIF's name for a severity.
func sarifLevel(s catalogue.Severity) string {
	switch s {
	case catalogue.SeverityError:
		return "error"
	case catalogue.SeverityWarning:
		return "warning"
	}
	return "note"
}

// fingerprint identifies a finding across commits by what it is about (the
// rule, node or edge and property), not by its line, so code scanning keeps
// it as one alert when the lines above it change. Code scanning matches
// fingerprints within a file, so the file's path is not part of it.
// The k-th finding of the same (two parallel edges, say) is told apart by k.
func fingerprint(v catalogue.Violation, k int) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s", v.Rule, where(v), v.Property)
	if k > 1 {
		fmt.Fprintf(h, "\x00%d", k)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	Name                 string       `json:"name,omitempty"`
	ShortDescription     sarifText    `json:"shortDescription"`
	FullDescription      *sarifText   `json:"fullDescription,omitempty"`
	HelpURI              string       `json:"helpUri,omitempty"`
	DefaultConfiguration sarifDefault `json:"defaultConfiguration"`
}

type sarifDefault struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifText          `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	PartialFingerprints map[string]string  `json:"partialFingerprints,omitempty"`
	Fixes               []sarifFix         `json:"fixes,omitempty"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifLocation struct {
	Physical sarifPhysical     `json:"physicalLocation"`
	Logical  []sarifLogicalLoc `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	Artifact sarifArtifact `json:"artifactLocation"`
	Region   *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifLogicalLoc struct {
	Name string `json:"name"`
	Kind string `json:"kind,omitempty"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	Artifact     sarifArtifact      `json:"artifactLocation"`
	Replacements []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	Deleted  sarifRegion `json:"deletedRegion"`
	Inserted sarifText   `json:"insertedContent"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// writeSARIF writes one SARIF 2.1.0 run: every rule that found something
// (with its docs link and default severity), every finding with its place in
// its file, its fixes as edits of the file's text, and the design's
// suppressions as SARIF's in-source suppressions. A file that could not be
// used is a finding of its error's code, so that it shows where the others
// do.
func (c *checkRun) writeSARIF(w io.Writer) {
	run := sarifRun{
		Tool:       sarifTool{sarifDriver{Name: "designer", InformationURI: "https://github.com/archdesigner/designer", Rules: []sarifRule{}}},
		ColumnKind: "unicodeCodePoints", // yaml.v3 counts columns in characters
		Results:    []sarifResult{},
	}
	index := map[string]int{}
	ruleIndex := func(id string, describe func() sarifRule) int {
		if i, ok := index[id]; ok {
			return i
		}
		index[id] = len(run.Tool.Driver.Rules)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, describe())
		return index[id]
	}
	for _, r := range c.reports {
		uri := fileURI(r.File)
		for _, e := range r.Errors {
			id := "design/" + string(e.Code)
			i := ruleIndex(id, func() sarifRule {
				return sarifRule{ID: id, ShortDescription: sarifText{"The design file cannot be used: " + string(e.Code) + "."}, DefaultConfiguration: sarifDefault{"error"}}
			})
			run.Results = append(run.Results, sarifResult{
				RuleID: id, RuleIndex: i, Level: "error", Message: sarifText{e.Msg},
				Locations: []sarifLocation{{Physical: sarifPhysical{Artifact: sarifArtifact{uri}, Region: region(e.Pos)}}},
			})
		}
		if r.Resolution == nil {
			continue
		}
		vs := r.Resolution.Violations
		at := r.Design.PosOfAll(vs)
		var file *fixFile // read at the first fix, once
		tried := false
		seen := map[string]int{}
		base := func(v catalogue.Violation) string { return v.Rule + "\x00" + where(v) + "\x00" + v.Property }
		for k, v := range vs {
			seen[base(v)]++
			i := ruleIndex(v.Rule, func() sarifRule {
				name, desc, docs, sev := c.ruleInfo(v.Rule, v)
				rule := sarifRule{ID: v.Rule, Name: identifierName(v.Rule), ShortDescription: sarifText{name}, HelpURI: docs, DefaultConfiguration: sarifDefault{sarifLevel(sev)}}
				if desc != "" {
					rule.FullDescription = &sarifText{desc}
				}
				return rule
			})
			res := sarifResult{
				RuleID: v.Rule, RuleIndex: i, Level: sarifLevel(v.Severity), Message: sarifText{v.Message},
				Locations: []sarifLocation{{
					Physical: sarifPhysical{Artifact: sarifArtifact{uri}, Region: region(at[k])},
					Logical:  []sarifLogicalLoc{logical(v)},
				}},
				PartialFingerprints: map[string]string{"designerFinding/v1": fingerprint(v, seen[base(v)])},
			}
			if v.Suppressed {
				res.Suppressions = []sarifSuppression{{Kind: "inSource", Justification: v.Reason}}
			}
			for _, f := range v.Fixes {
				if file == nil && !tried {
					tried = true
					if data, err := readDesign(r.File); err == nil {
						file, _ = readFixFile(data, r.Design) // a picture, say, takes no fixes
					}
				}
				if fix, ok := c.sarifFix(file, uri, ruleFix{f, v.Rule}); ok {
					res.Fixes = append(res.Fixes, fix)
				}
			}
			run.Results = append(run.Results, res)
		}
	}
	writeJSON(w, sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}

// sarifFix is a fix as the edits of the file's text it makes; false when
// the file cannot take it (it changed since it was read, say).
func (c *checkRun) sarifFix(file *fixFile, uri string, f ruleFix) (sarifFix, bool) {
	if file == nil {
		return sarifFix{}, false
	}
	edits, err := file.edits(c.cat, []ruleFix{f})
	if err != nil || len(edits) == 0 {
		return sarifFix{}, false
	}
	slices.SortFunc(edits, func(a, b splice) int { return a.start - b.start })
	change := sarifArtifactChange{Artifact: sarifArtifact{uri}}
	for _, e := range edits {
		sl, sc := file.src.lineCol(e.start)
		el, ec := file.src.lineCol(e.end)
		change.Replacements = append(change.Replacements, sarifReplacement{
			Deleted:  sarifRegion{StartLine: sl, StartColumn: sc, EndLine: el, EndColumn: ec},
			Inserted: sarifText{e.text},
		})
	}
	return sarifFix{Description: sarifText{f.Label()}, ArtifactChanges: []sarifArtifactChange{change}}, true
}

// lineCol is the 1-based line and column, in characters, of a byte offset.
func (s *source) lineCol(offset int) (line, col int) {
	line, _ = slices.BinarySearch(s.lines, offset+1)
	start := s.lines[line-1]
	return line, 1 + utf8.RuneCount(s.data[start:offset])
}

// identifierName is a rule's id as SARIF's rule name, an identifier
// (stream-min-insync → StreamMinInsync); the rule's name for people is its
// short description.
func identifierName(id string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '/' || r == '_' }) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// region is a position as SARIF's region, or nil where none is known.
func region(p catalogue.Pos) *sarifRegion {
	if p.Line < 1 {
		return nil
	}
	return &sarifRegion{StartLine: p.Line, StartColumn: max(p.Column, 1)}
}

// logical names what a finding is about in the design: a node, an edge or
// the design.
func logical(v catalogue.Violation) sarifLogicalLoc {
	switch {
	case v.Edge != nil:
		return sarifLogicalLoc{Name: where(v), Kind: "edge"}
	case v.Node != "":
		return sarifLogicalLoc{Name: v.Node, Kind: "node"}
	}
	return sarifLogicalLoc{Name: "design", Kind: "design"}
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// writeJUnit writes a test suite per design file and a test case per rule:
// it fails when the design breaks the rule at or above --fail-on, lists the
// findings below it in its output, and is skipped when every finding of the
// rule is suppressed. A file that cannot be used has one test case, "load",
// in error.
func (c *checkRun) writeJUnit(w io.Writer) {
	out := junitSuites{Name: "designer check"}
	ids := c.ruleIDs()
	for _, r := range c.reports {
		suite := junitSuite{Name: r.File}
		if len(r.Errors) > 0 {
			var b strings.Builder
			for _, e := range r.Errors {
				fmt.Fprintln(&b, e)
			}
			suite.Cases = append(suite.Cases, junitCase{Name: "load", Classname: r.File, Error: &junitProblem{
				Message: fmt.Sprintf("%s make%s the design unusable", library.Count(len(r.Errors), "problem"), verbS(len(r.Errors))), Type: string(r.Errors[0].Code), Text: b.String(),
			}})
			suite.Errors++
		} else {
			byRule := map[string][]int{}
			for k, v := range r.Resolution.Violations {
				byRule[v.Rule] = append(byRule[v.Rule], k)
			}
			at := r.Design.PosOfAll(r.Resolution.Violations)
			for _, id := range ids {
				tc := junitCase{Name: id, Classname: r.File}
				var failing, other strings.Builder
				failed, suppressed := 0, 0
				for _, k := range byRule[id] {
					v := r.Resolution.Violations[k]
					line := fmt.Sprintf("%s: %s: %s: %s\n", at[k], v.Severity, where(v), v.Message)
					switch {
					case v.Suppressed:
						suppressed++
						fmt.Fprintf(&other, "suppressed: %s    because %q\n", line, v.Reason)
					case failsOn(v, c.failOn):
						failed++
						failing.WriteString(line)
					default:
						other.WriteString(line)
					}
				}
				switch {
				case failed > 0:
					tc.Failure = &junitProblem{Message: fmt.Sprintf("%s at %s or worse", library.Count(failed, "finding"), c.failOn), Type: id, Text: failing.String()}
					suite.Failures++
				case suppressed > 0 && suppressed == len(byRule[id]):
					tc.Skipped = &junitSkipped{Message: "every finding is suppressed by the design"}
					suite.Skipped++
				}
				tc.SystemOut = other.String()
				suite.Cases = append(suite.Cases, tc)
			}
		}
		suite.Tests = len(suite.Cases)
		out.Tests += suite.Tests
		out.Failures += suite.Failures
		out.Errors += suite.Errors
		out.Skipped += suite.Skipped
		out.Suites = append(out.Suites, suite)
	}
	io.WriteString(w, xml.Header)
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	enc.Encode(out)
	io.WriteString(w, "\n")
}

// writeGitHub writes each unsuppressed finding as a GitHub Actions workflow
// command, which the run's page and the pull request show as an annotation
// on its line.
func (c *checkRun) writeGitHub(w io.Writer) {
	for _, r := range c.reports {
		for _, e := range r.Errors {
			fmt.Fprintf(w, "::error %s::%s\n", annotationProps(r.File, e.Pos, "designer: "+string(e.Code)), escapeData(e.Msg))
		}
		if r.Resolution == nil {
			continue
		}
		vs := r.Resolution.Violations
		at := r.Design.PosOfAll(vs)
		for k, v := range vs {
			if v.Suppressed {
				continue
			}
			level := map[catalogue.Severity]string{catalogue.SeverityError: "error", catalogue.SeverityWarning: "warning"}[v.Severity]
			if level == "" {
				level = "notice"
			}
			msg := where(v) + ": " + v.Message
			if v.Docs != "" {
				msg += " (" + v.Docs + ")"
			}
			for _, f := range v.Fixes {
				msg += "\n" + f.Label()
			}
			fmt.Fprintf(w, "::%s %s::%s\n", level, annotationProps(r.File, at[k], "designer: "+v.Rule), escapeData(msg))
		}
	}
}

// annotationProps are a workflow command's file, line, col and title.
func annotationProps(file string, p catalogue.Pos, title string) string {
	props := "file=" + escapeProperty(filepath.ToSlash(file))
	if p.Line > 0 {
		props += fmt.Sprintf(",line=%d", p.Line)
		if p.Column > 0 {
			props += fmt.Sprintf(",col=%d", p.Column)
		}
	}
	return props + ",title=" + escapeProperty(title)
}

// escapeData and escapeProperty escape a workflow command's message and
// properties as GitHub's actions/toolkit does (command.ts): a newline in a
// message would end the command, a comma or colon in a property its value.
func escapeData(s string) string { return dataEscaper.Replace(s) }

func escapeProperty(s string) string { return propertyEscaper.Replace(s) }

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// writeMarkdown writes a summary for a pull-request comment: a table of the
// designs with their counts, then each design's findings, worst first, with
// their rule's docs.
func (c *checkRun) writeMarkdown(w io.Writer) {
	fmt.Fprintln(w, "## Design check")
	fmt.Fprintln(w)
	failing := 0
	fmt.Fprintln(w, "| Design | Result | Errors | Warnings | Info | Suppressed |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|")
	for _, r := range c.reports {
		if len(r.Errors) > 0 {
			failing++
			fmt.Fprintf(w, "| %s | unusable: %s | | | | |\n", mdCode(r.File), library.Count(len(r.Errors), "problem"))
			continue
		}
		count := map[catalogue.Severity]int{}
		suppressed, fails := 0, false
		for _, v := range r.Resolution.Violations {
			if v.Suppressed {
				suppressed++
				continue
			}
			count[v.Severity]++
			fails = fails || failsOn(v, c.failOn)
		}
		result := "passes"
		if fails {
			result, failing = "fails", failing+1
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %d |\n", mdCode(r.File), result,
			count[catalogue.SeverityError], count[catalogue.SeverityWarning], count[catalogue.SeverityInfo], suppressed)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%d of %s fail%s at %s or worse.\n", failing, library.Count(len(c.reports), "design"), verbS(failing), c.failOn)
	for _, r := range c.reports {
		var rows []string
		for _, e := range r.Errors {
			rows = append(rows, fmt.Sprintf("| error | %s | %s | %s |", mdCode(e.Pos.String()), mdCell(e.Msg), mdCode(string(e.Code))))
		}
		if r.Resolution != nil {
			vs := r.Resolution.Violations
			at := r.Design.PosOfAll(vs)
			order := make([]int, 0, len(vs))
			for k, v := range vs {
				if !v.Suppressed {
					order = append(order, k)
				}
			}
			slices.SortStableFunc(order, func(a, b int) int { return vs[b].Severity.Rank() - vs[a].Severity.Rank() })
			for _, k := range order {
				v := vs[k]
				rule := mdCode(v.Rule)
				if v.Docs != "" {
					rule = "[" + rule + "](" + mdLink(v.Docs) + ")"
				}
				rows = append(rows, fmt.Sprintf("| %s | %s | %s: %s | %s |", v.Severity, mdCode(fmt.Sprintf("%d:%d", at[k].Line, at[k].Column)), mdCode(where(v)), mdCell(v.Message), rule))
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "<details><summary>%s: %s</summary>\n\n", mdCell(r.File), library.Count(len(rows), "finding"))
		fmt.Fprintln(w, "| Severity | Line | Finding | Rule |")
		fmt.Fprintln(w, "|---|---|---|---|")
		for _, row := range rows {
			fmt.Fprintln(w, row)
		}
		fmt.Fprintln(w, "\n</details>")
	}
}

// mdCell is text for a markdown table cell: one line, no cell break, no
// HTML.
func mdCell(s string) string { return mdCellReplacer.Replace(s) }

// mdCellReplacer and mdCodeReplacer are made once: a replacer builds its
// tables when first used, and one a cell was 1.4 GB of garbage in a diff
// of 50,000 nodes.
var (
	mdCellReplacer = strings.NewReplacer("\r", " ", "\n", " ", "|", `\|`, "<", "&lt;", ">", "&gt;", "&", "&amp;")
	mdCodeReplacer = strings.NewReplacer("\r", " ", "\n", " ", "|", `\|`)
)

// mdCode is text as inline code in a table cell; a backtick in it would end
// the code span, so the span's fence is longer than any run of them.
func mdCode(s string) string {
	s = mdCodeReplacer.Replace(s)
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// mdLink is a URL as a markdown link's target.
func mdLink(s string) string { return mdLinkEscaper.Replace(s) }

var mdLinkEscaper = strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "|", "%7C")

// verbS is the "s" of a verb after n of a thing: "1 design fails", "2
// designs fail".
func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}
