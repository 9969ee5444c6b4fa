package catalogue

import "fmt"

// Check checks a design's references into the catalogue: every node's
// component exists, and every override names a property of that component with
// a value of the right type. It returns every problem, sorted by position.
func (c *Catalogue) Check(d *Design) ErrorList {
	var errs ErrorList
	ids := c.ComponentIDs()
	for i, n := range d.Nodes {
		comp, ok := c.Components[n.Component]
		if !ok {
			errs.Add(d.Source.Pos(NodePath(i, "component")), "nodes[%d].component: unknown component `%s`%s", i, n.Component, didYouMean(n.Component, ids))
			continue
		}
		for _, name := range sortedKeys(n.Props) {
			what := fmt.Sprintf("nodes[%d].props.%s", i, name)
			p := comp.Property(name)
			if p == nil {
				errs.Add(d.Source.Pos(NodePath(i, "props."+name+":key")), "%s: component `%s` (kind %s) has no property `%s`%s", what, comp.ID, comp.Kind, name, didYouMean(name, comp.PropertyNames()))
				continue
			}
			if msg := p.check(n.Props[name]); msg != "" {
				errs.Add(d.Source.Pos(NodePath(i, "props."+name)), "%s: %s (kind %s, %s)", what, msg, comp.Kind, p.Pos)
			}
		}
	}
	errs.Sort()
	return errs
}
