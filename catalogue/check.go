package catalogue

import "github.com/archdesigner/designer/catalogue/diag"

// Check checks a design's references into the catalogue: every node's
// component exists, and every override names a property of that component with
// a value of the right type. It returns every problem, sorted by position.
func (c *Catalogue) Check(d *Design) ErrorList {
	var errs ErrorList
	ids := c.ComponentIDs()
	for i, n := range d.Nodes {
		if n.Component == "" {
			continue // ParseDesign reported it
		}
		comp, ok := c.Components[n.Component]
		if !ok {
			errs.Add(d.Positions.Pos(NodePath(i, "component")), diag.CodeUnknownComponent, "nodes[%d].component: unknown component `%s`%s", i, n.Component, diag.DidYouMean(n.Component, ids))
			continue
		}
		// Map order is fine: the errors are sorted by position below, and
		// positionless ones (designs built in memory) by property name.
		for name, v := range n.Props {
			p := comp.Property(name)
			if p == nil {
				errs.Add(d.Positions.Pos(NodePath(i, "props."+name+":key")), diag.CodeUnknownProperty, "nodes[%d].props.%s: component `%s` (kind %s) has no property `%s`%s", i, name, comp.ID, comp.Kind, name, diag.DidYouMean(name, comp.PropertyNames()))
				continue
			}
			if code, msg := p.problem(v); msg != "" {
				errs.Add(d.Positions.Pos(NodePath(i, "props."+name)), code, "nodes[%d].props.%s: %s (kind %s, %s)", i, name, msg, comp.Kind, p.Pos).Related = []Pos{p.Pos}
			}
		}
	}
	errs.Sort()
	return errs
}

// PosOf is where a violation points in the design: the edge a connection
// rule checked, else the override of its property when the node sets it,
// else the node's id.
func (d *Design) PosOf(v Violation) Pos {
	if v.Edge != nil {
		for i, e := range d.Edges {
			if e.From == v.Edge.From && e.To == v.Edge.To {
				return d.Positions.Pos(EdgePath(i, "from"))
			}
		}
	}
	for i, n := range d.Nodes {
		if n.ID != v.Node {
			continue
		}
		if _, ok := n.Props[v.Property]; ok {
			return d.Positions.Pos(NodePath(i, "props."+v.Property))
		}
		return d.Positions.Pos(NodePath(i, "id"))
	}
	return d.Positions.Pos("")
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
