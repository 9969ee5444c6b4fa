package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/diff"
	"github.com/archdesigner/designer/catalogue/importer"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/picture"
)

// diffCmd says what a change of a design means: designer diff OLD NEW, or
// designer diff --git REV FILE for the file at a git revision against the
// file as it is.
func (e *env) diffCmd(args []string) int {
	fs := e.flags("diff")
	format := fs.String("o", "text", "output `format`: text, markdown or json")
	rev := fs.String("git", "", "compare FILE with itself at git `REV` (a commit, branch or tag)")
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if *format != "text" && *format != "markdown" && *format != "json" {
		fmt.Fprintf(e.stderr, "designer diff: -o %s: use text, markdown or json\n", *format)
		return exitUnusable
	}
	switch {
	case *rev == "" && len(files) != 2:
		fmt.Fprintln(e.stderr, "designer diff: name the OLD and NEW design files, or --git REV and one FILE")
		return exitUnusable
	case *rev != "" && len(files) != 1:
		fmt.Fprintln(e.stderr, "designer diff: with --git REV, name one FILE")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	var oldName string
	var oldData []byte
	newName := files[len(files)-1]
	if *rev != "" {
		oldName = *rev + ":" + filepath.ToSlash(newName)
		oldData, err = gitShow(*rev, newName)
	} else {
		oldName = files[0]
		oldData, err = readDesign(oldName)
	}
	if err != nil {
		e.tell(oldName, err)
		return exitUnusable
	}
	newData, err := readDesign(newName)
	if err != nil {
		e.tell(newName, err)
		return exitUnusable
	}
	if oldData, err = importer.DesignText(oldName, oldData); err != nil {
		e.tell(oldName, err)
		return exitUnusable
	}
	if newData, err = importer.DesignText(newName, newData); err != nil {
		e.tell(newName, err)
		return exitUnusable
	}
	oldD, oldErrs := cat.ReadDesign(oldName, oldData)
	newD, newErrs := cat.ReadDesign(newName, newData)
	if len(oldErrs)+len(newErrs) > 0 {
		for _, ce := range append(oldErrs, newErrs...) {
			fmt.Fprintln(e.stderr, ce)
		}
		return exitUnusable
	}
	// Two designs are held at once, each with its resolution and analysis:
	// what the comparison does not read is let go as soon as it can be.
	// A diff says what changed, not where it is written (the positions of
	// two 50,000-node designs are 14 MB), and it compares the resolved
	// values, not the overrides they were resolved from (40 MB of maps).
	oldD.Positions, newD.Positions = nil, nil
	oldSide := diff.Resolved(cat, oldD)
	dropOverrides(oldD)
	newSide := diff.Resolved(cat, newD)
	dropOverrides(newD)
	r := diff.CompareSides(oldSide, newSide)
	// A report of 50,000 changed nodes is some 200,000 lines: written a
	// block at a time, not a system call a line. The writer keeps the
	// first error, which Flush returns.
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	switch *format {
	case "json":
		writeJSON(out, map[string]any{"old": oldName, "new": newName, "changed": !r.Empty(), "diff": r})
	case "markdown":
		writeDiffMarkdown(out, oldName, newName, r)
	default:
		writeDiffText(out, oldName, newName, r)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "designer diff: the report was not written in full: %v\n", err)
		return exitUnusable
	}
	if r.Empty() {
		return exitOK
	}
	return exitViolated
}

// dropOverrides lets go of the nodes' property overrides of a
// design that has been resolved, once only the resolution's values are
// read.
func dropOverrides(d *catalogue.Design) {
	for i := range d.Nodes {
		d.Nodes[i].Props = nil
	}
}

// tell writes a problem reading a file on stderr, with its code.
func (e *env) tell(file string, err error) {
	if ce, ok := err.(*catalogue.Error); ok {
		fmt.Fprintln(e.stderr, ce)
		return
	}
	fmt.Fprintln(e.stderr, &catalogue.Error{Pos: catalogue.Pos{File: file}, Code: diag.CodeUnreadable, Msg: err.Error()})
}

// gitShow is a file as it was at a git revision, the path taken from where
// designer runs (git's "REV:./path"), bounded like any design.
func gitShow(rev, file string) ([]byte, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("--git %q: a revision does not start with -", rev)
	}
	// git reads "REV:./path" and "REV:../path" from where it runs, and
	// an absolute path not at all: one is made relative.
	if filepath.IsAbs(file) {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		if file, err = filepath.Rel(wd, file); err != nil {
			return nil, err
		}
	}
	path := filepath.ToSlash(file)
	if !strings.HasPrefix(path, "./") && !strings.HasPrefix(path, "../") {
		path = "./" + path
	}
	cmd := exec.Command("git", "show", "--no-textconv", rev+":"+path)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git show %s:%s: %s", rev, path, msg)
	}
	sizeError := catalogue.SizeError
	if picture.Named(file) { // a picture that carries a design: see picture.MaxBytes
		sizeError = picture.SizeError
	}
	if err := sizeError(rev+":"+file, int64(len(out))); err != nil {
		return nil, err
	}
	return out, nil
}

func writeDiffText(w io.Writer, oldName, newName string, r *diff.Report) {
	fmt.Fprintf(w, "%s → %s\n", oldName, newName)
	if r.Empty() {
		fmt.Fprintln(w, "No semantic change (positions, notes and formatting are not compared).")
		return
	}
	for _, sec := range r.Sections() {
		fmt.Fprintf(w, "\n%s\n", sec.Title)
		for _, l := range sec.Lines {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
}

func writeDiffMarkdown(w io.Writer, oldName, newName string, r *diff.Report) {
	fmt.Fprintf(w, "## Design change: %s → %s\n\n", mdCode(oldName), mdCode(newName))
	if r.Empty() {
		fmt.Fprintln(w, "No semantic change (positions, notes and formatting are not compared).")
		return
	}
	worse := 0
	for _, a := range r.Analysis {
		if a.Worse {
			worse++
		}
	}
	introduced := 0
	for _, f := range r.Findings {
		if f.Change == "introduced" {
			introduced++
		}
	}
	fmt.Fprintf(w, "%s, %s and %s differ; %s introduced, %d fixed; %s worse.\n",
		library.Count(len(r.Nodes), "node"), library.Count(len(r.Edges), "edge"), library.Count(len(r.Groups), "group"),
		library.Count(introduced, "violation"), len(r.Findings)-introduced, library.Count(worse, "analysis result"))
	for _, sec := range r.Sections() {
		fmt.Fprintf(w, "\n### %s\n\n", sec.Title)
		for _, l := range sec.Lines {
			indent := ""
			if strings.HasPrefix(l, "    ") {
				indent, l = "  ", strings.TrimPrefix(l, "    ")
			} else if len(l) > 2 && strings.Contains("+-~", l[:1]) && l[1] == ' ' {
				l = l[2:] // the line says added, removed or changed in words
			}
			fmt.Fprintf(w, "%s- %s\n", indent, mdCell(l))
		}
	}
}
