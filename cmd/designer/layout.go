package main

import (
	"fmt"
	"github.com/archdesigner/designer/catalogue/drawing"
	"os"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/layout"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/yamlout"
	"gopkg.in/yaml.v3"
)

// layoutCmd writes positions into a design file in place: for the nodes
// without one, placed beside the nodes they connect to (the rest stay
// where they are), or, with --all, for every node. Like fix, it edits the
// file's text, so comments and key order stay, and writes only a result
// that reads back with every position in place.
func (e *env) layoutCmd(args []string) int {
	fs := e.flags("layout")
	dir := fs.String("direction", "lr", "the way edges point: `lr` (left to right) or tb (top to bottom)")
	all := fs.Bool("all", false, "lay out every node, not only those without a position")
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	direction, err := layout.ParseDirection(*dir)
	if err != nil {
		fmt.Fprintf(e.stderr, "designer layout: --%v\n", err)
		return exitUnusable
	}
	if len(files) != 1 {
		fmt.Fprintln(e.stderr, "designer layout: name one design FILE")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	file := files[0]
	r := evaluate(cat, file)
	if len(r.Errors) > 0 {
		for _, err := range r.Errors {
			fmt.Fprintln(e.stderr, err)
		}
		return exitUnusable
	}
	mode := layout.PlaceNew
	if *all {
		mode = layout.All
	}
	d := r.Design
	at := layout.Arrange(d, layout.Options{Direction: direction, Geometry: drawing.LayoutGeometry(), Mode: mode})
	var moved []int
	for i, n := range d.Nodes {
		if n.Position == nil || *n.Position != at[i] {
			moved = append(moved, i)
		}
	}
	if len(moved) == 0 {
		fmt.Fprintf(e.stdout, "%s: every node is in place\n", file)
		return exitOK
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(e.stderr, "designer layout: %v\n", err)
		return exitUnusable
	}
	out, err := writePositions(data, d, moved, at)
	if err == nil {
		err = checkPositions(cat, file, out, at)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "designer layout: %s: %v; the file is unchanged\n", file, err)
		return exitUnusable
	}
	if err := writeAtomically(file, out); err != nil {
		fmt.Fprintf(e.stderr, "designer layout: %v; the file is unchanged\n", err)
		return exitUnusable
	}
	fmt.Fprintf(e.stdout, "%s: placed %d of %s (%s)\n", file, len(moved), library.Count(len(d.Nodes), "node"), direction)
	return exitOK
}

// writePositions sets the position of each moved node in the file's text:
// the x and y it has replaced, or a position added after its component.
func writePositions(data []byte, d *catalogue.Design, moved []int, at []catalogue.Point) ([]byte, error) {
	nodes, err := fileNodes(data, d)
	if err != nil {
		return nil, err
	}
	src := newSource(data)
	num := func(v float64) string { return string(yamlout.Number(nil, v)) }
	var edits []splice
	for _, i := range moved {
		node := nodes.Content[i]
		p := at[i]
		if pos := mapValue(node, "position"); pos != nil {
			x, y := mapValue(pos, "x"), mapValue(pos, "y")
			if x == nil || y == nil {
				return nil, fmt.Errorf("line %d: the position lacks x or y; set it by hand", pos.Line)
			}
			for _, set := range []struct {
				n *yaml.Node
				v float64
			}{{x, p.X}, {y, p.Y}} {
				start, end, err := src.scalar(set.n)
				if err != nil {
					return nil, err
				}
				edits = append(edits, splice{start, end, num(set.v)})
			}
			continue
		}
		component := mapValue(node, "component")
		if component == nil {
			return nil, fmt.Errorf("line %d: the node has no component", node.Line)
		}
		_, end, err := src.scalar(component)
		if err != nil {
			return nil, err
		}
		// Keys are written as the design encoder writes them, or quoted
		// where the node's are (a design written as JSON stays JSON).
		key := func(k string) string { return k }
		if node.Content[0].Style&yaml.DoubleQuotedStyle != 0 {
			key = func(k string) string { return string(yamlout.String(nil, k)) }
		}
		pair := key("position") + ": {" + key("x") + ": " + num(p.X) + ", " + key("y") + ": " + num(p.Y) + "}"
		if node.Style&yaml.FlowStyle != 0 {
			edits = append(edits, splice{end, end, ", " + pair})
			continue
		}
		at := src.lineEnd(end)
		edits = append(edits, splice{at, at, src.eol + strings.Repeat(" ", node.Content[0].Column-1) + pair})
	}
	return spliced(data, edits), nil
}

// checkPositions reads the edited file back: a valid design with every
// node where the layout put it.
func checkPositions(cat *catalogue.Catalogue, file string, out []byte, at []catalogue.Point) error {
	d, errs := cat.ReadDesign(file, out)
	if len(errs) > 0 {
		return fmt.Errorf("the edit would not read back: %v", errs[0])
	}
	for i, n := range d.Nodes {
		if n.Position == nil || *n.Position != at[i] {
			return fmt.Errorf("the edit lost the position of %s (want %s, %s)", n.ID,
				strconv.FormatFloat(at[i].X, 'f', -1, 64), strconv.FormatFloat(at[i].Y, 'f', -1, 64))
		}
	}
	return nil
}
