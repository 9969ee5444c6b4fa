package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/archdesigner/designer/catalogue/pages"

	"github.com/archdesigner/designer/catalogue/library"
)

func (e *env) catalogueCmd(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, "designer catalogue: name a subcommand: lint [DIR], list, page ID or pages --out DIR\n")
		return exitUnusable
	}
	switch args[0] {
	case "lint":
		return e.lint(args[1:])
	case "list":
		return e.list(args[1:])
	case "page":
		return e.page(args[1:])
	case "pages":
		return e.pages(args[1:])
	}
	fmt.Fprintf(e.stderr, "designer catalogue: unknown subcommand %q; use lint, list, page or pages\n", args[0])
	return exitUnusable
}

// lint loads the catalogue (with DIR laid over the embedded one, so that a
// full catalogue or an organisation's overlay both lint) and reports every
// problem.
func (e *env) lint(args []string) int {
	fs := e.flags("catalogue lint")
	dirs, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if len(dirs) > 1 {
		fmt.Fprintln(e.stderr, "designer catalogue lint: name at most one DIR")
		return exitUnusable
	}
	if len(dirs) == 1 {
		e.overlay = dirs[0]
	}
	cat, err := e.catalogue()
	if err != nil {
		printErrors(e.stderr, err)
		return exitUnusable
	}
	fmt.Fprintf(e.stdout, "catalogue is clean: %s, %s, %s\n", library.Count(len(cat.Kinds), "kind"), library.Count(len(cat.Components), "component"), library.Count(len(cat.Rules), "rule"))
	return exitOK
}

// list prints every component with its kind, provider and name.
func (e *env) list(args []string) int {
	fs := e.flags("catalogue list")
	if rest, err := parse(fs, args); err != nil || len(rest) > 0 {
		fmt.Fprintln(e.stderr, "designer catalogue list: takes no arguments")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "KIND\tCOMPONENT\tPROVIDER\tNAME")
	for _, k := range cat.KindIDs() {
		for _, c := range cat.ComponentsOfKind(k) {
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", k, c.ID, c.Provider, c.Name)
		}
	}
	w.Flush()
	return exitOK
}

// defaultBaseURL is where `make run` serves the editor.
const defaultBaseURL = "http://127.0.0.1:8000"

// page prints one catalogue page as markdown: a component's, or with --kind
// or --rule a kind's or a rule's; "index" is the catalogue's index.
func (e *env) page(args []string) int {
	fs := e.flags("catalogue page")
	base := fs.String("base-url", defaultBaseURL, "absolute `URL` the links start with")
	kind := fs.Bool("kind", false, "ID is a kind")
	rule := fs.Bool("rule", false, "ID is a rule")
	boundary := fs.Bool("boundary", false, "ID is a boundary")
	ids, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if flags := btoi(*kind) + btoi(*rule) + btoi(*boundary); len(ids) != 1 || flags > 1 {
		fmt.Fprintln(e.stderr, "designer catalogue page: name one ID (a component; with --kind a kind, with --rule a rule, with --boundary a boundary; index for the index)")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	path := pages.ComponentPath(ids[0])
	switch {
	case *kind:
		path = pages.KindPath(ids[0])
	case *rule:
		path = pages.RulePath(ids[0])
	case *boundary:
		path = pages.BoundaryPath(ids[0])
	case ids[0] == "index":
		path = pages.IndexPath
	}
	pg, ok := pages.At(cat, path, strings.TrimSuffix(*base, "/"), nil)
	if !ok {
		known := cat.ComponentIDs()
		switch {
		case *kind:
			known = cat.KindIDs()
		case *rule:
			known = cat.RuleIDs()
		case *boundary:
			known = cat.BoundaryIDs()
		}
		fmt.Fprintf(e.stderr, "designer catalogue page: no page for %q; known: %s\n", ids[0], strings.Join(known, ", "))
		return exitUnusable
	}
	return e.write("catalogue page", []byte(pg.Markdown()))
}

// pages writes every catalogue page as markdown under DIR, at the paths the
// server serves them: DIR/catalogue.md, DIR/catalogue/kinds/ID.md…
func (e *env) pages(args []string) int {
	fs := e.flags("catalogue pages")
	base := fs.String("base-url", defaultBaseURL, "absolute `URL` the links start with")
	out := fs.String("out", "", "the `DIR` to write to")
	if rest, err := parse(fs, args); err != nil || len(rest) > 0 || *out == "" {
		fmt.Fprintln(e.stderr, "designer catalogue pages: --out DIR is required and takes no other arguments")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	paths := pages.Paths(cat)
	for _, path := range paths {
		pg, _ := pages.At(cat, path, strings.TrimSuffix(*base, "/"), nil)
		file := filepath.Join(*out, filepath.FromSlash(path)+".md")
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			fmt.Fprintf(e.stderr, "designer catalogue pages: %v\n", err)
			return exitUnusable
		}
		if err := os.WriteFile(file, []byte(pg.Markdown()), 0o644); err != nil {
			fmt.Fprintf(e.stderr, "designer catalogue pages: %v\n", err)
			return exitUnusable
		}
	}
	fmt.Fprintf(e.stdout, "wrote %s under %s\n", library.Count(len(paths), "page"), *out)
	return exitOK
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
