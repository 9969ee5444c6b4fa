package catalogue

import (
	"bytes"
	"maps"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"
)

// EncodeDesignYAML writes a design as YAML with a fixed key order, only the nodes'
// overrides, and positions kept, so that exports diff cleanly and
// ParseDesign(EncodeDesignYAML(d)) gives d back.
func EncodeDesignYAML(d *Design) []byte {
	root := mapping()
	add(root, "schemaVersion", str(SchemaVersion))
	add(root, "type", str("design"))
	for _, f := range []struct{ key, val string }{{"id", d.ID}, {"name", d.Name}, {"description", d.Description}} {
		if f.val != "" {
			add(root, f.key, str(f.val))
		}
	}
	nodes := &yaml.Node{Kind: yaml.SequenceNode}
	for _, n := range d.Nodes {
		m := mapping()
		add(m, "id", str(n.ID))
		add(m, "component", str(n.Component))
		if len(n.Props) > 0 {
			props := mapping()
			for _, name := range slices.Sorted(maps.Keys(n.Props)) {
				add(props, name, n.Props[name].node())
			}
			add(m, "props", props)
		}
		if n.Position != nil {
			pos := mapping()
			pos.Style = yaml.FlowStyle
			add(pos, "x", number(n.Position.X))
			add(pos, "y", number(n.Position.Y))
			add(m, "position", pos)
		}
		nodes.Content = append(nodes.Content, m)
	}
	add(root, "nodes", nodes)
	if len(d.Edges) > 0 {
		edges := &yaml.Node{Kind: yaml.SequenceNode}
		for _, e := range d.Edges {
			m := mapping()
			m.Style = yaml.FlowStyle
			add(m, "from", str(e.From))
			add(m, "to", str(e.To))
			if e.Label != "" {
				add(m, "label", str(e.Label))
			}
			edges.Content = append(edges.Content, m)
		}
		add(root, "edges", edges)
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		// Encoding a tree of plain scalars, lists and mappings cannot fail.
		panic("catalogue: encode design: " + err.Error())
	}
	enc.Close()
	return buf.Bytes()
}

func mapping() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }

func add(m *yaml.Node, key string, val *yaml.Node) {
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, val)
}

func str(s string) *yaml.Node { return StringValue(s).node() }

// number writes a coordinate: an integer when it is whole, else the shortest
// decimal that reads back as the same float64.
func number(f float64) *yaml.Node {
	if f == float64(int64(f)) {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(int64(f), 10)}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: strconv.FormatFloat(f, 'g', -1, 64)}
}
