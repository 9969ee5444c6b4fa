package main

import (
	"fmt"

	"github.com/archdesigner/designer/internal/server"

	"github.com/archdesigner/designer/catalogue/library"
)

// static writes the editor as a folder for any static host.
func (e *env) static(args []string) int {
	fs := e.flags("static")
	web := fs.String("web", "web", "the `DIR` with app.wasm, icons and styles")
	out := fs.String("out", "", "the `DIR` to write the site to")
	base := fs.String("base-url", "", "absolute `URL` the markdown pages' links start with (default: site-relative links)")
	if rest, err := parse(fs, args); err != nil || len(rest) > 0 || *out == "" {
		fmt.Fprintln(e.stderr, "designer static: --out DIR is required; takes --web DIR and --base-url URL")
		return exitUnusable
	}
	opts, ok := e.servedCatalogue("static")
	if !ok {
		return exitUnusable
	}
	opts.BaseURL = *base
	n, err := server.WriteStatic(*web, *out, opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "designer static: %v\n", err)
		return exitUnusable
	}
	fmt.Fprintf(e.stdout, "wrote %s under %s\n", library.Count(n, "file"), *out)
	return exitOK
}
