package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/importer"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/picture"
)

// mappings loads the import mappings: the embedded ones, and the overlay's
// imports/ (tried first), once a run.
func (e *env) mappings(cat *catalogue.Catalogue) (*importer.Mappings, error) {
	if e.loadedMappings != nil {
		return e.loadedMappings, nil
	}
	layers := []catalogue.Layer{catalogue.EmbeddedImports()}
	if e.overlay != "" {
		root, err := os.OpenRoot(e.overlay)
		if err != nil {
			return nil, err
		}
		layers = append(layers, catalogue.Layer{Name: e.overlay, FS: root.FS()})
	}
	m, err := importer.LoadMappings(cat, layers...)
	if err != nil {
		return nil, err
	}
	e.loadedMappings = m
	return m, nil
}

// readInput reads a file check, analyze, resolve or import takes ("-" is
// standard input) through the largest size any input may have; what it is
// decides its limit later.
func (e *env) readInput(file string) ([]byte, error) {
	if file == "-" {
		data, err := io.ReadAll(io.LimitReader(e.stdin, importer.MaxFileBytes+1))
		if err != nil {
			return nil, err
		}
		if len(data) > importer.MaxFileBytes {
			return nil, &catalogue.Error{Pos: catalogue.Pos{File: "-", Line: 1, Column: 1}, Code: diag.CodeTooLarge,
				Msg: fmt.Sprintf("standard input holds more than %d bytes, more than any input may (64 MiB)", importer.MaxFileBytes)}
		}
		return data, nil
	}
	info, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("this is %s, not a design file", catalogue.FileKind(info.Mode()))
	}
	if info.Size() > importer.MaxFileBytes {
		return nil, &catalogue.Error{Pos: catalogue.Pos{File: file, Line: 1, Column: 1}, Code: diag.CodeTooLarge,
			Msg: fmt.Sprintf("the file is %d bytes, more than any input may (64 MiB)", info.Size())}
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info.Size() > catalogue.MaxDesignBytes {
		// Over a design's limit: read the rest only for a file that may be
		// larger (a plan, a picture), so a design is refused before it is read.
		head := make([]byte, 64<<10)
		n, _ := io.ReadFull(f, head)
		if importer.Detect(head[:n]) == "" && !picture.Is(head[:n]) {
			return nil, catalogue.SizeError(file, info.Size())
		}
		rest, err := io.ReadAll(io.LimitReader(f, importer.MaxFileBytes-int64(n)))
		return append(head[:n], rest...), err
	}
	return io.ReadAll(io.LimitReader(f, importer.MaxFileBytes))
}

// evaluateInput is evaluate for what check, analyze and resolve take: a
// design file, "-" for standard input, or a file of another tool (a
// docker-compose file, Kubernetes manifests, a Terraform plan as `terraform
// show -json` writes it, a CloudFormation template), imported first; what
// the import left out is said on stderr.
func (e *env) evaluateInput(cat *catalogue.Catalogue, file string) *report {
	data, err := e.readInput(file)
	if err != nil {
		r := &report{File: file}
		if ce, ok := err.(*catalogue.Error); ok {
			r.Errors = append(r.Errors, ce)
		} else {
			r.Errors.Add(catalogue.Pos{File: file}, diag.CodeUnreadable, "%v", err)
		}
		return r
	}
	if importer.Detect(data) == "" {
		return evaluateData(cat, file, data) // a design, or a picture of one: read once
	}
	r := &report{File: file}
	res, err := e.importFiles(cat, "", []importer.File{{Name: file, Data: data}})
	if err != nil {
		var list catalogue.ErrorList
		if errors.As(err, &list) {
			r.Errors = list
		} else {
			r.Errors.Add(catalogue.Pos{File: file}, diag.CodeUnreadable, "%v", err)
		}
		return r
	}
	r.Design, r.Import = res.Design, importResultOf(res)
	r.Resolution, r.Analysis = analysis.Resolve(cat, r.Design)
	return r
}

// importFiles imports files of format f (detected when "") and says on
// stderr what the import left out.
func (e *env) importFiles(cat *catalogue.Catalogue, f importer.Format, files []importer.File) (*importer.Result, error) {
	m, err := e.mappings(cat)
	if err != nil {
		return nil, err
	}
	res, err := importer.Import(cat, m, f, files)
	if err != nil {
		return nil, err
	}
	for _, line := range res.Report() {
		fmt.Fprintln(e.stderr, "note: "+line)
	}
	return res, nil
}

// importCmd is `designer import [FORMAT] FILE... [-o design.yaml]`.
func (e *env) importCmd(args []string) int {
	fs := e.flags("import")
	out := fs.String("o", "", "write the design to `FILE` (updating the nodes an earlier import of the same files made, and keeping the rest) instead of standard output")
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	var format importer.Format
	if len(files) > 0 && slices.Contains(importer.Formats, importer.Format(files[0])) {
		format, files = importer.Format(files[0]), files[1:]
	}
	if len(files) == 0 {
		fmt.Fprintln(e.stderr, "designer import: name at least one FILE (- for standard input)")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	var inputs []importer.File
	for _, file := range files {
		data, err := e.readInput(file)
		if err != nil {
			printErrors(e.stderr, err)
			return exitUnusable
		}
		inputs = append(inputs, importer.File{Name: file, Data: data})
	}
	res, err := e.importFiles(cat, format, inputs)
	if err != nil {
		printErrors(e.stderr, err)
		return exitUnusable
	}
	design := res.Design
	var text []byte // the design as written, once merged
	if *out != "" {
		if old, err := os.ReadFile(*out); err == nil {
			prev, errs := cat.ReadDesign(*out, old)
			if len(errs) > 0 {
				errs.Print(e.stderr)
				fmt.Fprintf(e.stderr, "designer import: %s does not read as a design; nothing was written\n", *out)
				return exitUnusable
			}
			design = importer.Merge(prev, design, res.Format)
			// The import and the design each are within a design's
			// limits; both together may not be.
			text = catalogue.EncodeDesignYAML(design)
			if errs := append(cat.Check(design), overLimits(*out, design, len(text))...); len(errs) > 0 {
				errs.Print(e.stderr)
				fmt.Fprintf(e.stderr, "designer import: the import over %s would not read back as a design; nothing was written\n", *out)
				return exitUnusable
			}
		} else if !errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(e.stderr, "designer import: %v\n", err)
			return exitUnusable
		}
	}
	if text == nil {
		text = catalogue.EncodeDesignYAML(design)
	}
	if *out == "" {
		return e.write("import", text)
	}
	if err := os.WriteFile(*out, text, 0o644); err != nil {
		fmt.Fprintf(e.stderr, "designer import: %v\n", err)
		return exitUnusable
	}
	fmt.Fprintf(e.stderr, "designer import: wrote %s: %s, %s, %s from %s\n", *out, library.Count(len(design.Nodes), "node"), library.Count(len(design.Edges), "edge"), library.Count(len(design.Groups), "group"), res.Format)
	return exitOK
}

// overLimits are the counts of design d, to be written to file as size
// bytes, that a design may not have (catalogue.MaxNodes, MaxEdges,
// MaxGroups), and its size past catalogue.MaxDesignBytes.
func overLimits(file string, d *catalogue.Design, size int) catalogue.ErrorList {
	var errs catalogue.ErrorList
	for _, c := range []struct {
		what       string
		count, max int
	}{{"nodes", len(d.Nodes), catalogue.MaxNodes}, {"edges", len(d.Edges), catalogue.MaxEdges}, {"groups", len(d.Groups), catalogue.MaxGroups}} {
		if c.count > c.max {
			errs.Add(catalogue.Pos{File: file}, diag.CodeTooLarge, "%s: %d %s; a design is limited to %d", c.what, c.count, c.what, c.max)
		}
	}
	if size > catalogue.MaxDesignBytes {
		errs.Add(catalogue.Pos{File: file}, diag.CodeTooLarge, "%s", importer.DesignSizeProblem(size))
	}
	return errs
}
