package catalogue

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
)

// Check checks a design's references into the catalogue: every node's
// component exists, and every override names a property of that component with
// a value of the right type. An override under a property's former name is
// renamed to its current one. It returns every problem, sorted by position.
func (c *Catalogue) Check(d *Design) ErrorList {
	var errs ErrorList
	type rename struct {
		node      int
		old, name string
	}
	var renames []rename
	hints := diag.NewHints(diag.HintBudget)
	ids := c.ComponentIDs()
	for i, n := range d.Nodes {
		if n.Component == "" {
			continue // ParseDesign reported it
		}
		comp, ok := c.Components[n.Component]
		if !ok {
			errs.Add(d.Positions.Pos(NodePath(i, "component")), diag.CodeUnknownComponent, "nodes[%d].component: unknown component `%s`%s", i, diag.Clip(n.Component), hints.DidYouMean(n.Component, ids))
			continue
		}
		// Map order is fine: the errors are sorted by position below, and
		// positionless ones (designs built in memory) by property name.
		for name, v := range n.Props {
			p := comp.Property(name)
			if p == nil {
				if p = comp.Renamed(name); p != nil {
					if _, both := n.Props[p.Name]; both {
						errs.Add(d.Positions.Pos(NodePath(i, "props."+name+":key")), diag.CodeDuplicateKey, "nodes[%d].props.%s: `%s` is the former name of `%s`, which the node also sets; keep only `%s`", i, name, name, p.Name, p.Name)
						continue
					}
				}
			}
			if p != nil && p.Name != name {
				if code, msg := p.problem(v, hints); msg != "" {
					errs.Add(d.Positions.Pos(NodePath(i, "props."+name)), code, "nodes[%d].props.%s: %s (kind %s, %s)", i, name, msg, comp.Kind, p.Pos).Related = []Pos{p.Pos}
					continue
				}
				renames = append(renames, rename{i, name, p.Name})
				continue
			}
			if p == nil {
				errs.Add(d.Positions.Pos(NodePath(i, "props."+name+":key")), diag.CodeUnknownProperty, "nodes[%d].props.%s: component `%s` (kind %s) has no property `%s`%s", i, diag.Clip(name), comp.ID, comp.Kind, diag.Clip(name), comp.PropertyHint(name, hints))
				continue
			}
			if code, msg := p.problem(v, hints); msg != "" {
				errs.Add(d.Positions.Pos(NodePath(i, "props."+name)), code, "nodes[%d].props.%s: %s (kind %s, %s)", i, name, msg, comp.Kind, p.Pos).Related = []Pos{p.Pos}
			}
		}
	}
	c.checkGroups(d, &errs, hints)
	checkNodeZones(d, &errs, hints)
	var protocols []string // for hints, sorted when first needed
	for i, e := range d.Edges {
		if e.Protocol == "" || c.Protocols[e.Protocol] != nil {
			continue
		}
		if protocols == nil {
			protocols = slices.Sorted(maps.Keys(c.Protocols))
		}
		errs.Add(d.Positions.Pos(EdgePath(i, "protocol")), diag.CodeUnknownProtocol, "edges[%d].protocol: `%s` is not one of the catalogue's protocols (%s)%s", i, diag.Clip(e.Protocol), strings.Join(protocols, ", "), hints.DidYouMean(e.Protocol, protocols))
	}
	for _, r := range renames {
		// A new map: the editor's designs share their nodes' maps with
		// their undo history.
		n := &d.Nodes[r.node]
		props := maps.Clone(n.Props)
		props[r.name] = props[r.old]
		delete(props, r.old)
		n.Props = props
		d.Positions.renameProp(r.node, r.old, r.name)
	}
	errs.Sort()
	return errs
}

// PosOf is where a violation points in the design: the edge a connection
// rule checked, else the override of its property when the node sets it,
// else the node's id. For many violations, PosOfAll indexes the design once.
func (d *Design) PosOf(v Violation) Pos { return d.PosOfAll([]Violation{v})[0] }

// PosOfAll returns PosOf of each violation, in time linear in the design and
// the violations.
func (d *Design) PosOfAll(vs []Violation) []Pos {
	nodes := make(map[string]int, len(d.Nodes))
	for i := len(d.Nodes) - 1; i >= 0; i-- { // the first of a duplicated id wins
		nodes[d.Nodes[i].ID] = i
	}
	var edges map[EdgeRef]int
	out := make([]Pos, len(vs))
	for k, v := range vs {
		if v.Edge != nil {
			if edges == nil {
				edges = make(map[EdgeRef]int, len(d.Edges))
				for i := len(d.Edges) - 1; i >= 0; i-- {
					edges[EdgeRef{From: d.Edges[i].From, To: d.Edges[i].To}] = i
				}
			}
			if i, ok := edges[*v.Edge]; ok {
				out[k] = d.Positions.Pos(EdgePath(i, "from"))
				continue
			}
		}
		if v.suppression > 0 {
			out[k] = d.Positions.Pos("suppress[" + strconv.Itoa(v.suppression-1) + "]")
			continue
		}
		i, ok := nodes[v.Node]
		switch {
		case !ok:
			out[k] = d.Positions.Pos("")
		case hasProp(d.Nodes[i], v.Property):
			out[k] = d.Positions.Pos(NodePath(i, "props."+v.Property))
		default:
			out[k] = d.Positions.Pos(NodePath(i, "id"))
		}
	}
	return out
}

func hasProp(n Node, name string) bool {
	_, ok := n.Props[name]
	return ok
}

// ReadDesign reads a design as the CLI, the editor and the tests all do: it
// parses it, checks its references into the catalogue, and returns the
// design, or nil and every problem sorted by position.
func (c *Catalogue) ReadDesign(name string, data []byte) (*Design, ErrorList) {
	d, errs := ParseDesign(name, data)
	if d != nil {
		errs = append(errs, c.Check(d)...)
		errs.Sort()
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return d, nil
}
