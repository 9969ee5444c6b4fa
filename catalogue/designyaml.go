package catalogue

import (
	"maps"
	"slices"
	"strconv"

	"github.com/archdesigner/designer/catalogue/yamlout"
)

// EncodeDesignYAML writes a design as YAML with a fixed key order, only the
// nodes' overrides, and positions kept, so that exports diff cleanly and
// ParseDesign(EncodeDesignYAML(d)) gives d back. It writes the lines itself,
// in one buffer: the editor encodes on every change it saves, and a general
// encoder's document for 50,000 nodes took a gigabyte.
func EncodeDesignYAML(d *Design) []byte {
	b := make([]byte, 0, 64+len(d.Nodes)*96+len(d.Edges)*48)
	b = append(b, "schemaVersion: "...)
	b = yamlout.String(b, SchemaVersion)
	b = append(b, "\ntype: \"design\"\n"...)
	for _, f := range []struct{ key, val string }{{"id", d.ID}, {"name", d.Name}, {"description", d.Description}} {
		if f.val != "" {
			b = append(append(b, f.key...), ": "...)
			b = append(yamlout.String(b, f.val), '\n')
		}
	}
	if len(d.Constraints.Regions) > 0 {
		b = append(b, "constraints:\n  regions: ["...)
		for i, r := range d.Constraints.Regions {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = yamlout.String(b, r)
		}
		b = append(b, "]\n"...)
	}
	b = figureLine(b, "", "objectives", "availability", d.Objectives.Availability)
	if len(d.Groups) > 0 {
		b = append(b, "groups:\n"...)
	}
	for _, g := range d.Groups {
		b = append(b, "  - {id: "...)
		b = yamlout.String(b, g.ID)
		b = append(b, ", boundary: "...)
		b = yamlout.String(b, g.Boundary)
		b = flowField(b, "in", g.In)
		b = flowField(b, "name", g.Name)
		if len(g.Props) > 0 {
			b = append(b, ", props: {"...)
			for i, name := range slices.Sorted(maps.Keys(g.Props)) {
				if i > 0 {
					b = append(b, ", "...)
				}
				b = append(yamlout.Key(b, name), ": "...)
				b = g.Props[name].AppendYAML(b)
			}
			b = append(b, '}')
		}
		if p := g.Position; p != nil {
			b = yamlout.Number(append(b, ", position: {x: "...), p.X)
			b = yamlout.Number(append(b, ", y: "...), p.Y)
			b = append(b, '}')
		}
		b = append(b, "}\n"...)
	}
	if len(d.Nodes) == 0 {
		b = append(b, "nodes: []\n"...)
	} else {
		b = append(b, "nodes:\n"...)
	}
	for i := range d.Nodes {
		n := &d.Nodes[i]
		b = append(b, "  - id: "...)
		b = yamlout.String(b, n.ID)
		if n.Name != "" {
			b = yamlout.String(append(b, "\n    name: "...), n.Name)
		}
		b = append(b, "\n    component: "...)
		b = append(yamlout.String(b, n.Component), '\n')
		if n.In != "" {
			b = append(yamlout.String(append(b, "    in: "...), n.In), '\n')
		}
		switch {
		case n.Entry:
			b = append(b, "    entry: true\n"...)
		case n.NotEntry:
			b = append(b, "    entry: false\n"...)
		}
		if n.ReplicaOf != "" {
			b = append(yamlout.String(append(b, "    replicaOf: "...), n.ReplicaOf), '\n')
		}
		if n.NotReplica {
			b = append(b, "    notReplica: true\n"...)
		}
		switch {
		case len(n.Zones) > 0:
			b = append(b, "    zones: ["...)
			for k, z := range n.Zones {
				if k > 0 {
					b = append(b, ", "...)
				}
				b = yamlout.String(b, z)
			}
			b = append(b, "]\n"...)
		case n.ZoneCount > 0:
			b = append(strconv.AppendInt(append(b, "    zones: "...), int64(n.ZoneCount), 10), '\n')
		}
		b = figureLine(b, "    ", "assume", "availability", n.Assume.Availability)
		b = figureLine(b, "    ", "objectives", "availability", n.Objectives.Availability)
		b = figureLine(b, "    ", "durability", "failuresTolerated", float64(n.Objectives.FailuresTolerated))
		if len(n.Props) > 0 {
			b = append(b, "    props:\n"...)
			for _, name := range slices.Sorted(maps.Keys(n.Props)) {
				b = append(yamlout.Key(append(b, "      "...), name), ": "...)
				b = append(n.Props[name].AppendYAML(b), '\n')
			}
		}
		b = positionLine(b, n.Position)
		if n.Origin != "" {
			b = append(yamlout.String(append(b, "    origin: "...), n.Origin), '\n')
		}
	}
	if len(d.Edges) > 0 {
		b = append(b, "edges:\n"...)
	}
	for _, e := range d.Edges {
		b = append(b, "  - {from: "...)
		b = yamlout.String(b, e.From)
		b = append(b, ", to: "...)
		b = yamlout.String(b, e.To)
		b = flowField(b, "flow", string(e.Flow))
		b = flowField(b, "protocol", e.Protocol)
		b = flowField(b, "label", e.Label)
		b = append(b, "}\n"...)
	}
	if len(d.Notes) > 0 {
		b = append(b, "notes:\n"...)
	}
	for _, n := range d.Notes {
		b = append(yamlout.String(append(b, "  - text: "...), n.Text), '\n')
		if n.On != "" {
			b = append(yamlout.String(append(b, "    on: "...), n.On), '\n')
		}
		b = positionLine(b, n.Position)
	}
	if len(d.Suppress) > 0 {
		b = append(b, "suppress:\n"...)
	}
	for _, s := range d.Suppress {
		b = append(b, "  - {rule: "...)
		b = yamlout.String(b, s.Rule)
		b = flowField(b, "node", s.Node)
		b = append(b, ", reason: "...)
		b = append(yamlout.String(b, s.Reason), "}\n"...)
	}
	return b
}

// AppendYAML appends the value as a YAML scalar: strings double-quoted,
// unset as null.
func (v Value) AppendYAML(b []byte) []byte {
	switch v.kind {
	case stringValue:
		return yamlout.String(b, v.s)
	case intValue:
		return yamlout.Int(b, v.i)
	case boolValue:
		return yamlout.Bool(b, v.b)
	}
	return append(b, "null"...)
}

// positionLine appends a node's or a note's position, if it has one.
func positionLine(b []byte, p *Point) []byte {
	if p == nil {
		return b
	}
	b = yamlout.Number(append(b, "    position: {x: "...), p.X)
	b = append(b, ", y: "...)
	return append(yamlout.Number(b, p.Y), "}\n"...)
}

// figureLine appends "key: {field: value}" for one of the analysis's figures,
// or nothing for zero (none).
func figureLine(b []byte, indent, key, field string, value float64) []byte {
	if value <= 0 {
		return b
	}
	b = append(append(append(append(append(b, indent...), key...), ": {"...), field...), ": "...)
	return append(yamlout.Number(b, value), "}\n"...)
}

// flowField appends ", key: value" to a flow mapping, or nothing for an
// empty value: the optional fields of groups, edges and suppressions.
func flowField(b []byte, key, value string) []byte {
	if value == "" {
		return b
	}
	b = append(append(append(b, ", "...), key...), ": "...)
	return yamlout.String(b, value)
}
