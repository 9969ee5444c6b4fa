package main

import (
	"fmt"
	"github.com/archdesigner/designer/catalogue/drawing"
	"strings"

	"github.com/archdesigner/designer/catalogue/export"
)

// export writes a design in a diagram tool's format, as the editor's
// Export menu does: the same core module.
func (e *env) export(args []string) int {
	fs := e.flags("export")
	format := fs.String("f", "", "`format`: "+strings.Join(export.IDs(), ", "))
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if _, ok := export.Lookup(*format); !ok {
		fmt.Fprintf(e.stderr, "designer export: -f %q: use %s\n", *format, strings.Join(export.IDs(), ", "))
		return exitUnusable
	}
	if len(files) != 1 {
		fmt.Fprintln(e.stderr, "designer export: name one design FILE")
		return exitUnusable
	}
	r := e.importDesign(files[0])
	if r == nil {
		return exitUnusable
	}
	out, err := export.Write(*format, r.cat, r.Design, drawing.LayoutGeometry())
	if err != nil {
		fmt.Fprintln(e.stderr, "designer export:", err)
		return exitUnusable
	}
	return e.write("export", out)
}
