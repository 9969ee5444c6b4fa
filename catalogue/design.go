package catalogue

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"
)

// Design is a user's architecture: component instances (nodes) and the
// connections between them (edges).
type Design struct {
	SchemaVersion string
	ID            string
	Name          string
	Description   string
	Nodes         []Node
	Edges         []Edge
	// Positions maps parts of the design to where they were written; it is nil for
	// a design built in memory.
	Positions *PosMap
}

// Node is one component instance in a design.
type Node struct {
	ID        string
	Component string
	// Props are the node's overrides of its component's properties.
	Props    map[string]Value
	Position *Point
}

// Point is where a node sits on the canvas.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Edge connects two nodes by id.
type Edge struct {
	From  string
	To    string
	Label string
}

// PosMap records where the parts of a parsed design were written, keyed by
// paths such as "nodes[2].component" or "nodes[2].props.acks".
type PosMap struct {
	File string
	at   map[string]Pos
}

// Pos returns the position of a path, or a position with only the file.
func (s *PosMap) Pos(path string) Pos {
	if s == nil {
		return Pos{}
	}
	if p, ok := s.at[path]; ok {
		return p
	}
	return Pos{File: s.File}
}

// NodePath returns the source map path of node i, or of one of its fields
// ("id", "component", "props.acks").
func NodePath(i int, field string) string {
	p := "nodes[" + strconv.Itoa(i) + "]"
	if field != "" {
		p += "." + field
	}
	return p
}

// EdgePath returns the source map path of a field of edge i ("from", "to").
func EdgePath(i int, field string) string {
	return "edges[" + strconv.Itoa(i) + "]." + field
}

// Limits on designs, so that a huge or hostile file is refused with a clear
// message instead of exhausting the browser.
const (
	MaxDesignBytes = 10 << 20
	MaxNodes       = 50000
	MaxEdges       = 50000
	maxTextLength  = 10000
)

// SizeError returns why a design file of size bytes is refused, or nil when
// it is within MaxDesignBytes. Readers call it before reading a file whole.
func SizeError(name string, size int64) *Error {
	if size <= MaxDesignBytes {
		return nil
	}
	return &Error{Pos: Pos{File: name, Line: 1, Column: 1}, Code: CodeTooLarge, Msg: fmt.Sprintf("the design is %d bytes; designs are limited to %d bytes (10 MiB)", size, MaxDesignBytes)}
}

var designKeys = []string{"schemaVersion", "type", "id", "name", "description", "nodes", "edges"}

// ParseDesign reads a design file and checks its structure: keys, types, ids
// and references between nodes and edges. Catalogue references (components,
// properties, values) are checked by Catalogue.Check. name is the file name
// used in errors.
//
// When the errors are not empty the design, if any, holds what could be read:
// enough to check further and report every problem at once, never a design to
// use in place of the user's.
func ParseDesign(name string, data []byte) (*Design, ErrorList) {
	var errs ErrorList
	if err := SizeError(name, int64(len(data))); err != nil {
		return nil, append(errs, err)
	}
	d := &decoder{file: name, errs: &errs}
	src := &PosMap{File: name, at: map[string]Pos{}}
	root := d.parseDocument(data)
	if root == nil {
		return nil, errs
	}
	f := d.fields(root, "design", designKeys...)
	if f == nil {
		return nil, errs
	}
	des := &Design{SchemaVersion: SchemaVersion, Positions: src}
	if v, ok := f["schemaVersion"]; ok {
		if s, good := d.str(v.val, "schemaVersion"); good && s != SchemaVersion {
			d.errorf(v.val, CodeUnsupportedVer, "schemaVersion: %s is not supported; this version reads \"%s\"", quote(s), SchemaVersion)
		}
	}
	if v, ok := f["type"]; ok {
		if s, good := d.str(v.val, "type"); good && s != "design" {
			d.errorf(v.val, CodeWrongFileType, "type: %s found where a design (`type: \"design\"`) belongs", quote(s))
		}
	}
	if v, ok := f["id"]; ok {
		if s, good := d.str(v.val, "id"); good && d.checkID(v.val, "id", s) {
			des.ID = s
		}
	}
	des.Name = d.text(f, "name")
	des.Description = d.text(f, "description")
	ids := map[string]int{}
	if v, ok := f["nodes"]; !ok {
		d.errorf(root, CodeRequired, "`nodes` is required, for example:\nnodes:\n  - { id: \"kafka\", component: \"kafka\" }")
	} else if d.isKind(v.val, yaml.SequenceNode, "nodes", "a list of nodes") {
		if len(v.val.Content) > MaxNodes {
			d.errorf(v.val, CodeTooLarge, "nodes: %d nodes; a design is limited to %d", len(v.val.Content), MaxNodes)
			return nil, errs
		}
		des.Nodes = make([]Node, 0, len(v.val.Content))
		for i, n := range v.val.Content {
			node := d.parseNode(n, i, src)
			if node.ID != "" {
				if prev, dup := ids[node.ID]; dup {
					d.errorf(n, CodeDuplicateID, "nodes[%d].id: `%s` is already the id of nodes[%d] (line %d); ids must be unique", i, node.ID, prev, src.at[NodePath(prev, "id")].Line)
				} else {
					ids[node.ID] = i
				}
			}
			des.Nodes = append(des.Nodes, node)
		}
	}
	if v, ok := f["edges"]; ok && d.isKind(v.val, yaml.SequenceNode, "edges", "a list of edges") {
		if len(v.val.Content) > MaxEdges {
			d.errorf(v.val, CodeTooLarge, "edges: %d edges; a design is limited to %d", len(v.val.Content), MaxEdges)
			return nil, errs
		}
		nodeIDs := slices.Sorted(maps.Keys(ids))
		for i, n := range v.val.Content {
			what := fmt.Sprintf("edges[%d]", i)
			ef := d.fields(n, what, "from", "to", "label")
			if ef == nil {
				continue
			}
			var e Edge
			for _, end := range []struct {
				key string
				dst *string
			}{{"from", &e.From}, {"to", &e.To}} {
				ev, ok := ef[end.key]
				if !ok {
					d.errorf(n, CodeRequired, "%s: `%s` is required (a node id)", what, end.key)
					continue
				}
				src.at[EdgePath(i, end.key)] = d.pos(ev.val)
				if s, ok := d.str(ev.val, what+"."+end.key); ok {
					*end.dst = s
					if _, known := ids[s]; !known {
						d.errorf(ev.val, CodeUnknownNode, "%s.%s: no node has the id `%s`%s", what, end.key, s, didYouMean(s, nodeIDs))
					}
				}
			}
			if lv, ok := ef["label"]; ok {
				if s, good := d.str(lv.val, what+".label"); good {
					e.Label = d.limitText(lv.val, what+".label", s)
				}
			}
			if e.From != "" && e.From == e.To {
				d.errorf(n, CodeSelfEdge, "%s: connects `%s` to itself; an edge joins two different nodes", what, e.From)
			}
			des.Edges = append(des.Edges, e)
		}
	}
	errs.Sort()
	return des, errs
}

func (d *decoder) parseNode(n *yaml.Node, i int, src *PosMap) Node {
	what := fmt.Sprintf("nodes[%d]", i)
	var node Node
	src.at[NodePath(i, "")] = d.pos(n)
	f := d.fields(n, what, "id", "component", "props", "position")
	if f == nil {
		return node
	}
	if v, ok := f["id"]; !ok {
		d.errorf(n, CodeRequired, "%s: `id` is required (for example the component id, \"kafka\")", what)
	} else if s, good := d.str(v.val, what+".id"); good && d.checkID(v.val, what+".id", s) {
		node.ID = s
		src.at[NodePath(i, "id")] = d.pos(v.val)
	}
	if v, ok := f["component"]; !ok {
		d.errorf(n, CodeRequired, "%s: `component` is required (a component id such as \"kafka\")", what)
	} else if s, good := d.str(v.val, what+".component"); good {
		node.Component = s
		src.at[NodePath(i, "component")] = d.pos(v.val)
	}
	if v, ok := f["props"]; ok {
		pairs := d.pairs(v.val, what+".props")
		node.Props = make(map[string]Value, len(pairs))
		for _, p := range pairs {
			if val, good := d.scalarValue(p.val, what+".props."+p.key.Value); good {
				if val.kind == stringValue {
					val.s = d.limitText(p.val, what+".props."+p.key.Value, val.s)
				}
				node.Props[p.key.Value] = val
				src.at[NodePath(i, "props."+p.key.Value)] = d.pos(p.val)
				src.at[NodePath(i, "props."+p.key.Value+":key")] = d.pos(p.key)
			}
		}
		if len(node.Props) == 0 {
			node.Props = nil
		}
	}
	if v, ok := f["position"]; ok {
		pf := d.fields(v.val, what+".position", "x", "y")
		if pf != nil {
			var p Point
			ok := true
			for _, c := range []struct {
				key string
				dst *float64
			}{{"x", &p.X}, {"y", &p.Y}} {
				cv, has := pf[c.key]
				if !has {
					d.errorf(v.val, CodeRequired, "%s.position: `%s` is required", what, c.key)
					ok = false
					continue
				}
				x, good := d.number(cv.val, what+".position."+c.key)
				*c.dst = x
				ok = ok && good
			}
			if ok {
				node.Position = &p
			}
		}
	}
	return node
}

// text reads an optional free-text field.
func (d *decoder) text(f map[string]field, key string) string {
	v, ok := f[key]
	if !ok {
		return ""
	}
	s, _ := d.str(v.val, key)
	return d.limitText(v.val, key, s)
}

// limitText reports a string longer than maxTextLength.
func (d *decoder) limitText(n *yaml.Node, what, s string) string {
	if len(s) > maxTextLength {
		d.errorf(n, CodeTooLarge, "%s: %d characters; text fields are limited to %d", what, len(s), maxTextLength)
		return ""
	}
	return s
}
