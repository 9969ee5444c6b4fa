package catalogue

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
			errs.Add(d.Source.Pos(NodePath(i, "component")), "nodes[%d].component: unknown component `%s`%s", i, n.Component, didYouMean(n.Component, ids))
			continue
		}
		// Map order is fine: the errors are sorted by position below, and
		// positionless ones (designs built in memory) by property name.
		for name, v := range n.Props {
			p := comp.Property(name)
			if p == nil {
				errs.Add(d.Source.Pos(NodePath(i, "props."+name+":key")), "nodes[%d].props.%s: component `%s` (kind %s) has no property `%s`%s", i, name, comp.ID, comp.Kind, name, didYouMean(name, comp.PropertyNames()))
				continue
			}
			if msg := p.check(v); msg != "" {
				errs.Add(d.Source.Pos(NodePath(i, "props."+name)), "nodes[%d].props.%s: %s (kind %s, %s)", i, name, msg, comp.Kind, p.Pos)
			}
		}
	}
	errs.Sort()
	return errs
}
