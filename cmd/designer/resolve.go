package main

import (
	"fmt"

	"github.com/archdesigner/designer/catalogue"
)

func (e *env) resolve(args []string) int {
	fs := e.flags("resolve")
	format := fs.String("o", "yaml", "output `format`: yaml or json")
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if *format != "yaml" && *format != "json" {
		fmt.Fprintf(e.stderr, "designer resolve: -o %s: use yaml or json\n", *format)
		return exitUnusable
	}
	if len(files) != 1 {
		fmt.Fprintln(e.stderr, "designer resolve: name exactly one design FILE")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	r := e.evaluateInput(cat, files[0])
	for _, err := range r.Errors {
		fmt.Fprintln(e.stderr, err)
	}
	write := writeResolveYAML
	if *format == "json" {
		write = writeResolveJSON
	}
	if err := write(e.stdout, r); err != nil {
		fmt.Fprintf(e.stderr, "designer resolve: the resolution was not written in full: %v\n", err)
		return exitUnusable
	}
	return r.exitCode(catalogue.SeverityError)
}
