package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
	"github.com/archdesigner/designer/catalogue/library"
)

// analyzeResult is the JSON form of analyze's output.
type analyzeResult struct {
	File string `json:"file"`
	*analysis.Report
	Errors []errorResult `json:"errors"`
	Import *importResult `json:"import,omitempty"`
}

func (e *env) analyze(args []string) int {
	fs := e.flags("analyze")
	format := fs.String("o", "text", "output `format`: text or json")
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(e.stderr, "designer analyze: -o %s: use text or json\n", *format)
		return exitUnusable
	}
	if len(files) != 1 {
		fmt.Fprintln(e.stderr, "designer analyze: name one design FILE")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	r := e.evaluateInput(cat, files[0])
	// Written a block at a time; the writer keeps the first error.
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	if *format == "json" {
		out := analyzeResult{File: r.File, Report: r.Analysis, Errors: r.result().Errors, Import: r.Import}
		if out.Report == nil {
			out.Report = &analysis.Report{Entries: []analysis.Entry{}, SPOFs: []analysis.SPOF{}, Losses: []analysis.Loss{}, Sinks: []analysis.Sink{}, Durability: []analysis.Durability{}, Objectives: []analysis.Objective{}, CutSets: []analysis.CutSet{}}
		}
		writeJSON(w, out)
	} else {
		for _, err := range r.Errors {
			fmt.Fprintln(e.stderr, err)
		}
		if r.Analysis != nil {
			writeAnalysis(w, r.File, r.Analysis)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "designer analyze: the report was not written in full: %v\n", err)
		return exitUnusable
	}
	return r.exitCode(catalogue.SeverityError)
}

// writeAnalysis writes a report for people: each section, each result with
// its reason, each availability with its factors and their sources.
func writeAnalysis(w io.Writer, file string, a *analysis.Report) {
	pct := catalogue.FormatPercent
	fmt.Fprintf(w, "%s: entry points (%d)\n", file, len(a.Entries))
	if len(a.Entries) == 0 {
		fmt.Fprintln(w, "  none: no node has outgoing flows and nothing flowing in; mark one with entry: true")
	}
	for _, e := range a.Entries {
		down := strconv.FormatFloat(e.DowntimeMinutesPerMonth, 'f', 1, 64)
		if e.NoFigure() {
			fmt.Fprintf(w, "  %s (%s): unknown: no part of it has a published or assumed figure\n", e.Node, e.Why)
		} else {
			fmt.Fprintf(w, "  %s (%s): %s %% available, %s minutes down a month\n", e.Node, e.Why, qualify(e.Qualifier(), pct(e.Availability)), qualify(e.DowntimeQualifier(), down))
		}
		switch {
		case e.Truncated:
			fmt.Fprintln(w, "    the walk stopped at its budget or nesting bound: copies past it are taken as all needed (a lower figure), and no SPOF or loss is claimed for this entry")
		case e.Approximate:
			fmt.Fprintln(w, "    copies share some of what they need, counted as needed by all of them: a lower figure")
		}
		fmt.Fprintf(w, "    = %s\n", e.Describe())
		writeFactors(w, e.Factors, "    ")
		if e.Bound {
			fmt.Fprintf(w, "    unknown: %s; state a figure with assume: {availability: …} to get a result\n", strings.Join(e.Unknown, ", "))
		}
	}
	if a.Skipped > 0 {
		fmt.Fprintf(w, "  %d more entry points not analysed: the design is too large for one analysis\n", a.Skipped)
	}
	fmt.Fprintf(w, "single points of failure (%d)\n", len(a.SPOFs))
	for _, s := range a.SPOFs {
		what := s.Node
		if s.Group != "" {
			what = "group " + s.Group
		}
		fmt.Fprintf(w, "  %s: cuts %s: %s\n", what, strings.Join(s.Cuts, ", "), s.Because)
	}
	writeCutSets(w, a)
	fmt.Fprintf(w, "zone and region loss (%d)\n", len(a.Losses))
	for _, l := range a.Losses {
		shares := ""
		if len(l.Shares) > 0 {
			shares = ", and a share of " + list(l.Shares)
		}
		fmt.Fprintf(w, "  %s %s: takes %s%s; cuts %s; data at risk: %s\n", l.Boundary, l.Group, list(l.Nodes), shares, list(l.Cuts), list(l.DataAtRisk))
		writeRecovery(w, l)
	}
	fmt.Fprintf(w, "delivery (%s)\n", library.Count(len(a.Sinks), "sink"))
	for _, s := range a.Sinks {
		fmt.Fprintf(w, "  %s: %s: %s\n", s.Node, s.Delivery, s.Because)
	}
	fmt.Fprintf(w, "durability (%s)\n", library.Count(len(a.Durability), "stateful node"))
	for _, d := range a.Durability {
		n := "unknown"
		if d.FailuresTolerated != nil {
			n = fmt.Sprintf("%d %s failure", *d.FailuresTolerated, d.Of)
			if *d.FailuresTolerated != 1 {
				n += "s"
			}
		}
		fmt.Fprintf(w, "  %s: tolerates %s: %s\n", d.Node, n, d.Because)
	}
	if len(a.Objectives) == 0 {
		return
	}
	fmt.Fprintf(w, "objectives (%d)\n", len(a.Objectives))
	for _, o := range a.Objectives {
		state := o.State()
		actual := strconv.FormatFloat(o.Actual, 'f', -1, 64)
		switch {
		case o.Measure == "failuresTolerated" && !o.Known:
			actual = "unknown"
		case o.Bound:
			actual = "at most " + actual
		}
		fmt.Fprintf(w, "  %s %s %s: %s (%s)\n", o.Target, o.Measure, strconv.FormatFloat(o.Objective, 'f', -1, 64), state, actual)
	}
}

// writeRecovery writes how the nodes a loss takes serve again: the worst
// figures, then each node's with its page, "unknown" where no document says.
func writeRecovery(w io.Writer, l analysis.Loss) {
	if len(l.Recovery) == 0 {
		return
	}
	fmt.Fprintf(w, "    recovery: %s\n", l.Summary())
	for _, r := range l.Recovery {
		if r.Docs == "" {
			fmt.Fprintf(w, "      %s\n", r.Words())
			continue
		}
		fmt.Fprintf(w, "      %s (%s)\n", r.Words(), r.Docs)
	}
	if l.MoreRecovery > 0 {
		fmt.Fprintf(w, "      and %d more that fail over\n", l.MoreRecovery)
	}
}

// writeCutSets writes each entry's cut sets on a line: "alb is cut by: alb;
// db; app-a + app-b; zones az-a + az-b".
func writeCutSets(w io.Writer, a *analysis.Report) {
	points := "entry points"
	if len(a.CutSets) == 1 {
		points = "entry point"
	}
	fmt.Fprintf(w, "cut sets (%d %s)\n", len(a.CutSets), points)
	for _, cs := range a.CutSets {
		if len(cs.Sets) == 0 {
			fmt.Fprintf(w, "  %s: no set of one or two nodes, zones or regions cuts it\n", cs.Entry)
			continue
		}
		sets := make([]string, len(cs.Sets))
		for i, s := range cs.Sets {
			sets[i] = cutWords(s)
		}
		line := "  " + cs.Entry + " is cut by: " + strings.Join(sets, "; ")
		if cs.More > 0 {
			line += "; and " + strconv.Itoa(cs.More) + " more"
		}
		if cs.Partial != "" {
			line += " (" + cs.Partial + ")"
		}
		fmt.Fprintln(w, line)
	}
}

// cutWords names a cut set: "db", "app-a + app-b", "zone az-a", "app-a +
// zone az-b", "zones az-a + az-b".
func cutWords(s analysis.Cut) string {
	words := slices.Clone(s.Nodes)
	if len(s.Groups) > 0 {
		b := s.Boundary
		if len(s.Groups) > 1 {
			b += "s"
		}
		words = append(words, b+" "+strings.Join(s.Groups, " + "))
	}
	return strings.Join(words, " + ")
}

func writeFactors(w io.Writer, fs []analysis.Factor, indent string) {
	for _, f := range fs {
		name := f.Node
		if f.Source == analysis.SourceRedundant {
			name = "any of " + strings.Join(f.Nodes, ", ")
		}
		line := fmt.Sprintf("%s%s: %s %% (%s", indent, name, catalogue.FormatPercent(f.Value), f.Source)
		switch {
		case f.Source == analysis.SourceUnknown:
			line = fmt.Sprintf("%s%s: unknown (%s", indent, name, f.Note)
		case f.Note != "":
			line += "; " + f.Note
		}
		line += ")"
		if f.Docs != "" {
			line += " " + f.Docs
		}
		fmt.Fprintln(w, line)
		for i, br := range f.Branches {
			fmt.Fprintf(w, "%s  via %s:\n", indent, f.Nodes[i])
			writeFactors(w, br, indent+"    ")
		}
	}
}

func qualify(q, figure string) string {
	if q == "" {
		return figure
	}
	return q + " " + figure
}

func list(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}
