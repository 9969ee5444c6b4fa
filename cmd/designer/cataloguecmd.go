package main

import (
	"fmt"
	"text/tabwriter"
)

func (e *env) catalogueCmd(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, "designer catalogue: name a subcommand: lint [DIR] or list\n")
		return exitUnusable
	}
	switch args[0] {
	case "lint":
		return e.lint(args[1:])
	case "list":
		return e.list(args[1:])
	}
	fmt.Fprintf(e.stderr, "designer catalogue: unknown subcommand %q; use lint or list\n", args[0])
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
		fmt.Fprintln(e.stderr, err)
		return exitUnusable
	}
	fmt.Fprintf(e.stdout, "catalogue is clean: %d kinds, %d components, %d rules\n", len(cat.Kinds), len(cat.Components), len(cat.Rules))
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
