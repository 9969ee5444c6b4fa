package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/yamlout"
	"gopkg.in/yaml.v3"
)

// fix applies the first fix of each violation of a design file (of one rule,
// with --rule) to the file in place. It edits the file's YAML tree rather
// than writing the design anew, so comments, key order and styles stay as
// the author wrote them, and it writes only a result that reads back as a
// design with every change made.
func (e *env) fix(args []string) int {
	fs := e.flags("fix")
	rule := fs.String("rule", "", "apply only the fixes of rule `ID`")
	files, err := parse(fs, args)
	if err != nil {
		return exitUnusable
	}
	if len(files) != 1 {
		fmt.Fprintln(e.stderr, "designer fix: name one design FILE")
		return exitUnusable
	}
	cat := e.catalogueOrFail()
	if cat == nil {
		return exitUnusable
	}
	file := files[0]
	if _, builtin := catalogue.BuiltinRule(*rule); *rule != "" && !builtin && cat.Rules[*rule] == nil {
		fmt.Fprintf(e.stderr, "designer fix: --rule %s: the catalogue has no such rule\n", *rule)
		return exitUnusable
	}
	r := evaluate(cat, file)
	if len(r.Errors) > 0 {
		for _, err := range r.Errors {
			fmt.Fprintln(e.stderr, err)
		}
		return exitUnusable
	}
	fixes := chooseFixes(r.Resolution.Violations, *rule)
	if len(fixes) == 0 {
		fmt.Fprintf(e.stdout, "%s: nothing to fix\n", file)
		return exitOK
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(e.stderr, "designer fix: %v\n", err)
		return exitUnusable
	}
	out, err := applyFixes(cat, r.Design, data, fixes)
	if err == nil {
		err = checkFixed(cat, file, out, fixes)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "designer fix: %s: %v; the file is unchanged\n", file, err)
		return exitUnusable
	}
	if err := writeAtomically(file, out); err != nil {
		fmt.Fprintf(e.stderr, "designer fix: %v; the file is unchanged\n", err)
		return exitUnusable
	}
	for _, f := range fixes {
		fmt.Fprintf(e.stdout, "%s: %s (rule %s)\n", file, f.Label()[len("Fix: "):], f.rule)
	}
	return exitOK
}

// ruleFix is a fix with the rule it clears.
type ruleFix struct {
	catalogue.Fix
	rule string
}

// chooseFixes takes the first fix of each unsuppressed violation (of rule,
// if given, or told with one of it), leaving out one that would set a
// property another fix already sets to something else. A setting another
// fix already makes is made once (see applyFixes).
func chooseFixes(vs []catalogue.Violation, rule string) []ruleFix {
	var out []ruleFix
	set := map[[2]string]catalogue.Value{}
	for _, v := range vs {
		if v.Suppressed || len(v.Fixes) == 0 || rule != "" && v.Rule != rule && !slices.Contains(v.Also, rule) {
			continue
		}
		f := v.Fixes[0]
		clash := false
		for _, s := range f.Set {
			if prev, ok := set[[2]string{f.Node, s.Property}]; ok && prev != s.Value {
				clash = true
			}
		}
		if clash {
			continue
		}
		for _, s := range f.Set {
			set[[2]string{f.Node, s.Property}] = s.Value
		}
		out = append(out, ruleFix{f, v.Rule})
	}
	return out
}

// applyFixes writes the fixes' values into the file's text. It finds where
// each goes in the file's YAML tree and splices the change into the bytes,
// so that every other byte (comments, key order, spacing, quoting) stays as
// the author wrote it.
func applyFixes(cat *catalogue.Catalogue, d *catalogue.Design, data []byte, fixes []ruleFix) ([]byte, error) {
	edits, err := fixEdits(cat, d, data, fixes)
	if err != nil {
		return nil, err
	}
	return spliced(data, edits), nil
}

// fixEdits are the changes of the file's bytes that make the fixes: what
// applyFixes splices in, and what SARIF's fixes carry.
func fixEdits(cat *catalogue.Catalogue, d *catalogue.Design, data []byte, fixes []ruleFix) ([]splice, error) {
	f, err := readFixFile(data, d)
	if err != nil {
		return nil, err
	}
	return f.edits(cat, fixes)
}

// fixFile is a design file read once for the edits of any number of fixes:
// SARIF asks for each finding's fixes apart, and reading the file for each
// would make a file of many findings quadratic.
type fixFile struct {
	d     *catalogue.Design
	nodes *yaml.Node
	src   *source
	index map[string]int
}

func readFixFile(data []byte, d *catalogue.Design) (*fixFile, error) {
	nodes, err := fileNodes(data, d)
	if err != nil {
		return nil, err
	}
	f := &fixFile{d: d, nodes: nodes, src: newSource(data), index: make(map[string]int, len(d.Nodes))}
	for i, n := range d.Nodes {
		f.index[n.ID] = i
	}
	return f, nil
}

// edits are the changes of the file's bytes that make fixes.
func (ff *fixFile) edits(cat *catalogue.Catalogue, fixes []ruleFix) ([]splice, error) {
	d, nodes, src, index := ff.d, ff.nodes, ff.src, ff.index
	// The settings of each node, in the order the fixes give them.
	var order []string
	byNode := map[string][]catalogue.Setting{}
	for _, f := range fixes {
		if _, seen := byNode[f.Node]; !seen {
			order = append(order, f.Node)
		}
		for _, set := range f.Set {
			// Two fixes may make one change (two functions asking for one
			// database's pooler): it is written once.
			if !slices.ContainsFunc(byNode[f.Node], func(s catalogue.Setting) bool { return s.Property == set.Property }) {
				byNode[f.Node] = append(byNode[f.Node], set)
			}
		}
	}
	var edits []splice
	for _, id := range order {
		i, ok := index[id]
		if !ok {
			return nil, fmt.Errorf("no node %s", id)
		}
		node := nodes.Content[i]
		comp := cat.Components[d.Nodes[i].Component]
		props := mapValue(node, "props")
		var missing []catalogue.Setting
		for _, s := range byNode[id] {
			key, val := findProp(props, s.Property, comp.Property(s.Property))
			if key == nil {
				missing = append(missing, s)
				continue
			}
			start, end, err := src.scalar(val)
			if err != nil {
				return nil, err
			}
			edits = append(edits, splice{start, end, string(s.Value.AppendYAML(nil))})
			if key.Value != s.Property { // a former name
				ks, ke, err := src.scalar(key)
				if err != nil {
					return nil, err
				}
				edits = append(edits, splice{ks, ke, s.Property})
			}
		}
		if len(missing) == 0 {
			continue
		}
		edit, err := src.insert(node, props, missing)
		if err != nil {
			return nil, err
		}
		edits = append(edits, edit)
	}
	return edits, nil
}

// fileNodes is the YAML sequence of a design file's nodes, one for each of
// the design's.
func fileNodes(data []byte, d *catalogue.Design) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("not a design mapping")
	}
	nodes := mapValue(doc.Content[0], "nodes")
	if nodes == nil || nodes.Kind != yaml.SequenceNode || len(nodes.Content) != len(d.Nodes) {
		return nil, fmt.Errorf("the file's nodes do not match the design")
	}
	return nodes, nil
}

// splice replaces the bytes [start, end) with text.
type splice struct {
	start, end int
	text       string
}

// spliced is data with the edits made, from the last to the first so that
// each offset still holds.
func spliced(data []byte, edits []splice) []byte {
	slices.SortFunc(edits, func(a, b splice) int { return b.start - a.start })
	out := slices.Clone(data)
	for _, e := range edits {
		out = slices.Concat(out[:e.start:e.start], []byte(e.text), out[e.end:])
	}
	return out
}

// findProp returns the key and value nodes of a property in a props
// mapping, under its current name or a former one, or nils.
func findProp(props *yaml.Node, name string, p *catalogue.Property) (key, val *yaml.Node) {
	if props == nil || props.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(props.Content); i += 2 {
		k := props.Content[i]
		if k.Value == name || p != nil && slices.Contains(p.Formerly, k.Value) {
			return k, props.Content[i+1]
		}
	}
	return nil, nil
}

// source locates yaml.v3 positions (1-based lines, columns in characters)
// in a file's bytes.
type source struct {
	data  []byte
	lines []int  // the offset each line starts at
	eol   string // the file's line ending, "\n" or "\r\n"
}

func newSource(data []byte) *source {
	s := &source{data: data, lines: []int{0}, eol: "\n"}
	if bytes.HasPrefix(data, []byte("\uFEFF")) {
		s.lines[0] = len("\uFEFF") // yaml.v3 counts columns after a byte order mark
	}
	for i, c := range data {
		if c == '\n' {
			s.lines = append(s.lines, i+1)
		}
	}
	if bytes.Contains(data, []byte("\r\n")) {
		s.eol = "\r\n"
	}
	return s
}

// offset is the byte offset of a node's start.
func (s *source) offset(n *yaml.Node) (int, error) {
	if n.Line < 1 || n.Line > len(s.lines) {
		return 0, fmt.Errorf("line %d is not in the file", n.Line)
	}
	off := s.lines[n.Line-1]
	for col := 1; col < n.Column; col++ {
		if off >= len(s.data) || s.data[off] == '\n' {
			return 0, fmt.Errorf("column %d is not on line %d", n.Column, n.Line)
		}
		_, size := utf8.DecodeRune(s.data[off:])
		off += size
	}
	return off, nil
}

// scalar returns the byte range a one-line scalar takes in the file,
// quotes included, refusing one written over several lines.
func (s *source) scalar(n *yaml.Node) (int, int, error) {
	start, err := s.offset(n)
	if err != nil {
		return 0, 0, err
	}
	end := start
	switch n.Style {
	case yaml.DoubleQuotedStyle:
		for end = start + 1; end < len(s.data) && s.data[end] != '"'; end++ {
			if s.data[end] == '\\' {
				end++
			}
		}
		end++
	case yaml.SingleQuotedStyle:
		for end = start + 1; end < len(s.data); end++ {
			if s.data[end] == '\'' {
				if end+1 < len(s.data) && s.data[end+1] == '\'' {
					end++
					continue
				}
				break
			}
		}
		end++
	case 0:
		end = start + len(n.Value)
		if end > len(s.data) || string(s.data[start:end]) != n.Value {
			return 0, 0, fmt.Errorf("line %d: the value is not written on one line; set it by hand", n.Line)
		}
	default:
		return 0, 0, fmt.Errorf("line %d: a block scalar; set it by hand", n.Line)
	}
	if end > len(s.data) || bytes.IndexByte(s.data[start:end], '\n') >= 0 {
		return 0, 0, fmt.Errorf("line %d: the value is not written on one line; set it by hand", n.Line)
	}
	return start, end, nil
}

// lineEnd is the offset of the end of the line that offset is on, before
// its line ending.
func (s *source) lineEnd(offset int) int {
	if i := bytes.IndexByte(s.data[offset:], '\n'); i >= 0 {
		if i > 0 && s.data[offset+i-1] == '\r' {
			return offset + i - 1
		}
		return offset + i
	}
	return len(s.data)
}

// insert adds settings a node's props do not have: after the last entry of
// its props, or as new props after its component, in the style (flow or
// block) of what they go into.
func (s *source) insert(node, props *yaml.Node, set []catalogue.Setting) (splice, error) {
	// Keys are quoted where their neighbours are (a design written as JSON
	// stays JSON).
	quoted := node.Content[0].Style&yaml.DoubleQuotedStyle != 0
	if props != nil && len(props.Content) > 0 {
		quoted = props.Content[0].Style&yaml.DoubleQuotedStyle != 0
	}
	key := func(b []byte, k string) []byte {
		if quoted {
			return yamlout.String(b, k)
		}
		return yamlout.Key(b, k)
	}
	pairs := func(sep string) string {
		var b []byte
		for i, p := range set {
			if i > 0 {
				b = append(b, sep...)
			}
			b = p.Value.AppendYAML(append(key(b, p.Property), ": "...))
		}
		return string(b)
	}
	if props != nil && props.Kind == yaml.MappingNode && len(props.Content) == 0 && props.Style&yaml.FlowStyle != 0 {
		start, err := s.offset(props) // at its "{"
		if err != nil || start >= len(s.data) || s.data[start] != '{' {
			return splice{}, fmt.Errorf("line %d: empty props; set the values by hand", props.Line)
		}
		return splice{start + 1, start + 1, " " + pairs(", ") + " "}, nil
	}
	if props != nil && len(props.Content) >= 2 {
		_, end, err := s.scalar(props.Content[len(props.Content)-1])
		if err != nil {
			return splice{}, err
		}
		if props.Style&yaml.FlowStyle != 0 {
			return splice{end, end, ", " + pairs(", ")}, nil
		}
		indent := strings.Repeat(" ", props.Content[0].Column-1)
		at := s.lineEnd(end)
		return splice{at, at, s.eol + indent + pairs(s.eol+indent)}, nil
	}
	if props != nil {
		return splice{}, fmt.Errorf("line %d: props is empty and not a flow mapping; set the values by hand", props.Line)
	}
	component := mapValue(node, "component")
	if component == nil {
		return splice{}, fmt.Errorf("line %d: the node has no component", node.Line)
	}
	_, end, err := s.scalar(component)
	if err != nil {
		return splice{}, err
	}
	if node.Style&yaml.FlowStyle != 0 {
		return splice{end, end, ", " + string(key(nil, "props")) + ": { " + pairs(", ") + " }"}, nil
	}
	indent := strings.Repeat(" ", node.Content[0].Column-1)
	at := s.lineEnd(end)
	return splice{at, at, s.eol + indent + "props:" + s.eol + indent + "  " + pairs(s.eol+indent+"  ")}, nil
}

// mapValue returns the value of key in mapping m, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// checkFixed reads the edited file back: it must be a valid design with
// every fix's values in place.
func checkFixed(cat *catalogue.Catalogue, file string, out []byte, fixes []ruleFix) error {
	d, errs := cat.ReadDesign(file, out)
	if len(errs) > 0 {
		return fmt.Errorf("the edit would not read back: %v", errs[0])
	}
	for _, f := range fixes {
		for _, n := range d.Nodes {
			if n.ID != f.Node {
				continue
			}
			for _, s := range f.Set {
				if n.Props[s.Property] != s.Value {
					return fmt.Errorf("the edit lost %s on %s", s.Property, f.Node)
				}
			}
		}
	}
	return nil
}

// writeAtomically replaces file with data through a temporary file in the
// same folder, keeping the file's mode, so that a failure leaves the old
// file whole.
func writeAtomically(file string, data []byte) error {
	info, err := os.Stat(file)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".designer-fix-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), file)
}
