package main

import (
	"bufio"
	"io"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/yamlout"
)

// flushTo writes what b holds to out and returns b emptied, for the next
// piece: the writers below hold one node's lines at a time.
func flushTo(out *bufio.Writer, b []byte) []byte {
	out.Write(b)
	return b[:0]
}

// resolved is the report's nodes and violations, none for an unusable file.
func (r *report) resolved() ([]catalogue.ResolvedNode, []catalogue.Violation) {
	if r.Resolution == nil {
		return nil, nil
	}
	return r.Resolution.Nodes, r.Resolution.Violations
}

// writeResolveYAML writes a report as resolve's YAML, line by line: the
// same content as its JSON (file, nodes with every property's value and
// source, violations, errors) without holding a document of it, which for
// 50,000 nodes took gigabytes.
func writeResolveYAML(w io.Writer, r *report) error {
	out := bufio.NewWriterSize(w, 64<<10)
	b := make([]byte, 0, 4096)
	b = append(b, "file: "...)
	b = append(yamlout.String(b, r.File), '\n')
	var groups []catalogue.ResolvedGroup
	if r.Resolution != nil {
		groups = r.Resolution.Groups
	}
	if len(groups) == 0 {
		b = append(b, "groups: []\n"...)
	} else {
		b = append(b, "groups:\n"...)
	}
	for _, g := range groups {
		b = append(yamlout.String(append(b, "  - id: "...), g.ID), "\n    boundary: "...)
		b = append(yamlout.String(b, g.Boundary), "\n    placement: "...)
		b = appendYAMLList(b, g.Placement())
		b = appendPlaced(append(b, "\n    values:"...), "      ", g.Values)
	}
	nodes, violations := r.resolved()
	if len(nodes) == 0 {
		b = append(b, "nodes: []\n"...)
	} else {
		b = append(b, "nodes:\n"...)
		for i := range nodes {
			n := &nodes[i]
			b = append(b, "  - id: "...)
			b = yamlout.String(b, n.ID)
			b = append(b, "\n    component: "...)
			b = yamlout.String(b, n.Component)
			b = append(b, "\n    kind: "...)
			b = append(yamlout.String(b, n.Kind), '\n')
			if len(n.Properties) == 0 {
				b = append(b, "    properties: {}\n"...)
			} else {
				b = append(b, "    properties:\n"...)
			}
			for _, p := range n.Properties { // sorted by name
				b = append(b, "      "...)
				b = yamlout.Key(b, p.Name)
				b = append(b, ":\n        value: "...)
				b = p.Value.AppendYAML(b)
				b = append(b, "\n        source: "...)
				b = append(yamlout.String(b, string(p.Source)), '\n')
			}
			if len(n.Placement()) > 0 {
				b = appendYAMLList(append(b, "    placement:\n      groups: "...), n.Placement())
				b = appendPlaced(append(b, "\n      values:"...), "        ", n.PlacedValues())
			}
			b = flushTo(out, b)
		}
	}
	var edges []catalogue.ResolvedEdge
	if r.Resolution != nil {
		edges = r.Resolution.Edges
	}
	if len(edges) == 0 {
		b = append(b, "edges: []\n"...)
	} else {
		b = append(b, "edges:\n"...)
	}
	for _, e := range edges {
		de := r.Design.Edges[e.Edge]
		b = append(yamlout.String(append(b, "  - from: "...), de.From), "\n    to: "...)
		b = append(yamlout.String(b, de.To), "\n    flow: {value: "...)
		b = yamlout.String(b, string(e.Flow))
		b = append(yamlout.String(append(b, ", source: "...), string(e.FlowSource)), "}\n"...)
		if de.Protocol != "" {
			b = append(yamlout.String(append(b, "    protocol: "...), de.Protocol), '\n')
		}
		b = flushTo(out, b)
	}
	if len(violations) == 0 {
		b = append(b, "violations: []\n"...)
	} else {
		b = append(b, "violations:\n"...)
		for _, v := range violations {
			for i, f := range [][2]string{{"rule", v.Rule}, {"severity", string(v.Severity)}, {"node", v.Node}, {"property", v.Property}, {"message", v.Message}} {
				prefix := "    "
				if i == 0 {
					prefix = "  - "
				}
				b = append(append(append(b, prefix...), f[0]...), ": "...)
				b = append(yamlout.String(b, f[1]), '\n')
			}
			if v.Edge != nil {
				b = append(b, "    edge: {from: "...)
				b = yamlout.String(b, v.Edge.From)
				b = append(b, ", to: "...)
				b = append(yamlout.String(b, v.Edge.To), "}\n"...)
			}
			if v.Docs != "" {
				b = append(yamlout.String(append(b, "    docs: "...), v.Docs), '\n')
			}
			if len(v.Fixes) > 0 {
				b = append(b, "    fixes:\n"...)
			}
			for _, f := range v.Fixes {
				b = append(yamlout.String(append(b, "      - node: "...), f.Node), "\n        set:\n"...)
				for _, s := range f.Set {
					b = append(yamlout.String(append(b, "          - {property: "...), s.Property), ", value: "...)
					b = append(s.Value.AppendYAML(b), "}\n"...)
				}
				b = append(yamlout.String(append(b, "        label: "...), f.Label()), '\n')
			}
			if v.Suppressed {
				b = append(yamlout.String(append(b, "    suppressed: true\n    reason: "...), v.Reason), '\n')
			}
			b = flushTo(out, b)
		}
	}
	if len(r.Errors) == 0 {
		b = append(b, "errors: []\n"...)
	} else {
		b = append(b, "errors:\n"...)
		for _, e := range r.Errors {
			b = append(b, "  - code: "...)
			b = yamlout.String(b, string(e.Code))
			b = append(b, "\n    line: "...)
			b = yamlout.Int(b, int64(e.Pos.Line))
			b = append(b, "\n    column: "...)
			b = append(yamlout.Int(b, int64(e.Pos.Column)), '\n')
			if e.Path != "" {
				b = append(b, "    path: "...)
				b = append(yamlout.String(b, e.Path), '\n')
			}
			b = append(b, "    message: "...)
			b = append(yamlout.String(b, e.Msg), '\n')
			b = flushTo(out, b)
		}
	}
	if r.Import != nil {
		b = r.Import.appendYAML(b)
	}
	flushTo(out, b)
	return out.Flush()
}

// appendYAMLList appends a flow list of strings: ["eu", "eu-a"].
func appendYAMLList(b []byte, list []string) []byte {
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = yamlout.String(b, s)
	}
	return append(b, ']')
}

// appendPlaced appends placed values as a mapping at indent, each
// "name: {value, source, group}", or " {}" when there are none.
func appendPlaced(b []byte, indent string, values []catalogue.Placed) []byte {
	if len(values) == 0 {
		return append(b, " {}\n"...)
	}
	b = append(b, '\n')
	for _, v := range values {
		b = append(yamlout.Key(append(b, indent...), v.Name), ": {value: "...)
		b = v.Value.AppendYAML(b)
		b = append(yamlout.String(append(b, ", source: "...), string(v.Source)), ", group: "...)
		b = append(yamlout.String(b, v.Group), "}\n"...)
	}
	return b
}
