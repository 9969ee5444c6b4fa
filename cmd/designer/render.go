package main

import (
	"fmt"

	ui "github.com/archdesigner/designer/app"
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
	s := e.importDesign(files[0])
	if s == nil {
		return exitUnusable
	}
	svg, err := picture.EmbedSVG(ui.Picture(s, ui.PictureOptions{Dark: *dark, Badges: *badges}), s.Export())
	if err != nil {
		fmt.Fprintln(e.stderr, "designer render:", err)
		return exitUnusable
	}
	fmt.Fprintln(e.stdout, svg)
	return exitOK
}

// importDesign reads a design file (or a picture with a design in it) into a
// store as the editor's Import does, telling every problem on stderr; nil
// when it cannot be used.
func (e *env) importDesign(file string) *ui.Store {
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
	s := ui.NewStore(cat)
	if err := s.Import(file, data); err != nil {
		if list, ok := err.(catalogue.ErrorList); ok {
			for _, ce := range list {
				fmt.Fprintln(e.stderr, ce)
			}
		} else {
			fmt.Fprintln(e.stderr, err)
		}
		return nil
	}
	return s
}
