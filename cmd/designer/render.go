package main

import (
	"fmt"
	"github.com/archdesigner/designer/catalogue/analysis"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/importer"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/picture"
)

// render writes the picture the editor's Export picture draws, as SVG with
// the design inside it: the same renderer, run natively.
func (e *env) render(args []string) int {
	fs := e.flags("render")
	format := fs.String("o", "svg", "output `format`: svg")
	dark := fs.Bool("dark", false, "draw in the dark theme's colours")
	badges := fs.Bool("badges", false, "draw each node's worst problem")
	noTitle := fs.Bool("no-title", false, "draw no title (the design's name) above the picture")
	noLegend := fs.Bool("no-legend", false, "draw no legend of the flows under the picture")
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if *format != "svg" {
		fmt.Fprintf(e.stderr, "designer render: -o %s: use svg (the editor's Export picture draws PNG)\n", *format)
		return exitUnusable
	}
	if len(files) != 1 {
		fmt.Fprintln(e.stderr, "designer render: name one design FILE")
		return exitUnusable
	}
	r := e.importDesign(files[0])
	if r == nil {
		return exitUnusable
	}
	pic := drawing.Picture(r.cat, r.Design, drawing.PictureOptions{Dark: *dark, Badges: *badges, Title: !*noTitle, Legend: !*noLegend, Worst: r.worst()})
	svg, err := picture.EmbedSVG(pic, catalogue.EncodeDesignYAML(r.Design))
	if err != nil {
		fmt.Fprintln(e.stderr, "designer render:", err)
		return exitUnusable
	}
	return e.write("render", []byte(svg+"\n"))
}

// importDesign reads a design file (or a picture with a design in it, or
// another tool's file, imported) as the editor's Import does, laying out the
// nodes without a position and telling every problem, and what an import
// left out, on stderr; nil when it cannot be used.
func (e *env) importDesign(file string) *report {
	cat := e.catalogueOrFail()
	if cat == nil {
		return nil
	}
	data, err := readDesign(file)
	if err != nil {
		if ce, ok := err.(*catalogue.Error); ok {
			fmt.Fprintln(e.stderr, ce)
		} else {
			fmt.Fprintln(e.stderr, &catalogue.Error{Pos: catalogue.Pos{File: file}, Code: diag.CodeUnreadable, Msg: err.Error()})
		}
		return nil
	}
	var m *importer.Mappings
	if importer.Detect(data) != "" {
		if m, err = e.mappings(cat); err != nil {
			fmt.Fprintln(e.stderr, err)
			return nil
		}
	}
	d, left, err := importer.Read(cat, m, file, data)
	if err != nil {
		if list, ok := err.(catalogue.ErrorList); ok {
			for _, ce := range list {
				fmt.Fprintln(e.stderr, ce)
			}
		} else {
			fmt.Fprintln(e.stderr, err)
		}
		return nil
	}
	for _, line := range left {
		fmt.Fprintln(e.stderr, "note: "+line)
	}
	drawing.PlaceUnplaced(d)
	r := &report{File: file, Design: d, cat: cat}
	r.Resolution, r.Analysis = analysis.Resolve(cat, d)
	return r
}

// worst tells the worst severity of a node's problems in r, not counting
// suppressed ones or a connection's ("" for none), as the canvas badges it.
func (r *report) worst() func(id string) catalogue.Severity {
	by := map[string]catalogue.Severity{}
	for _, v := range r.Resolution.Violations {
		if !v.Suppressed && v.Edge == nil && v.Severity.Rank() > by[v.Node].Rank() {
			by[v.Node] = v.Severity
		}
	}
	return func(id string) catalogue.Severity { return by[id] }
}
