package catalogue

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
	"gopkg.in/yaml.v3"
)

// Group is a boundary drawn in a design: a region, a zone, a network… It
// may sit in another group (In) and says values (Props) that what it holds
// inherits.
type Group struct {
	ID       string
	Boundary string
	In       string
	Name     string
	Props    map[string]Value
	// Position is where the frame of a group that holds nothing is drawn
	// (its top-left corner), so that it keeps its place; nil for one drawn
	// beside the design. A group that holds something is drawn round it.
	Position *Point
}

type groupPos struct {
	self, id, boundary, in lineCol
	props                  []propPos
}

// GroupPath returns the source map path of group i, or of one of its fields
// ("id", "boundary", "in", "props.region").
func GroupPath(i int, field string) string {
	p := "groups[" + strconv.Itoa(i) + "]"
	if field != "" {
		p += "." + field
	}
	return p
}

// parseGroups reads a design's groups: their ids, boundaries, parents,
// names and values. Where they sit is checked once the nodes are read (see
// checkGroups), the boundaries and values against the catalogue (Check).
func (d *decoder) parseGroups(n *yaml.Node, src *PosMap) ([]Group, map[string]int) {
	ids := map[string]int{}
	if !d.IsKind(n, yaml.SequenceNode, "groups", "a list of groups, each { id, boundary, in, name, props, position }") {
		return nil, ids
	}
	if len(n.Content) > MaxGroups {
		d.Errorf(n, diag.CodeTooLarge, "groups: %d groups; a design is limited to %d", len(n.Content), MaxGroups)
		return nil, ids
	}
	groups := make([]Group, 0, len(n.Content))
	src.groups = make([]groupPos, len(n.Content))
	for i, item := range n.Content {
		what := GroupPath(i, "")
		pos := &src.groups[i]
		pos.self = at(d.Pos(item))
		var g Group
		f := d.Fields(item, what, "id", "boundary", "in", "name", "props", "position")
		if f != nil {
			if v, ok := f["id"]; !ok {
				d.Errorf(item, diag.CodeRequired, "%s: `id` is required (for example \"eu-west\")", what)
			} else if s, good := d.Str(v.Val, what+".id"); good && d.checkID(v.Val, what+".id", s) {
				g.ID = s
				pos.id = at(d.Pos(v.Val))
				if prev, dup := ids[s]; dup {
					d.Errorf(v.Val, diag.CodeDuplicateID, "%s.id: `%s` is already the id of groups[%d] (line %d); ids must be unique", what, s, prev, src.groups[prev].id.line)
				} else {
					ids[s] = i
				}
			}
			if v, ok := f["boundary"]; !ok {
				d.Errorf(item, diag.CodeRequired, "%s: `boundary` is required (region, zone, network, subnet, account, cluster, on-premises or internet)", what)
			} else if s, good := d.Str(v.Val, what+".boundary"); good {
				g.Boundary = s
				pos.boundary = at(d.Pos(v.Val))
			}
			if v, ok := f["in"]; ok {
				if s, good := d.Str(v.Val, what+".in"); good {
					g.In = s
					pos.in = at(d.Pos(v.Val))
				}
			}
			g.Name = d.text(f, "name")
			if v, ok := f["props"]; ok {
				g.Props = d.parseProps(v.Val, what, &pos.props)
			}
			if v, ok := f["position"]; ok {
				g.Position = d.point(v.Val, what+".position")
			}
		}
		groups = append(groups, g)
		n.Content[i] = nil
	}
	return groups, ids
}

// checkGroups checks where groups and nodes sit: every `in` names a group,
// no group sits in itself through others, and no group shares a node's id.
func (d *decoder) checkGroups(des *Design, groupIDs, nodeIDs map[string]int, src *PosMap) {
	var names []string // for hints, sorted when first needed
	hint := func(s string) string {
		if names == nil {
			names = slices.Sorted(maps.Keys(groupIDs))
		}
		return d.DidYouMean(s, names)
	}
	for i, g := range des.Groups {
		if g.ID != "" {
			if j, clash := nodeIDs[g.ID]; clash {
				d.Errorf(src.groups[i].id.node(d), diag.CodeDuplicateID, "groups[%d].id: `%s` is also the id of nodes[%d]; a group and a node need ids of their own", i, g.ID, j)
			}
		}
		if g.In == "" {
			continue
		}
		if _, ok := groupIDs[g.In]; !ok {
			d.Errorf(src.groups[i].in.node(d), diag.CodeUnknownGroup, "groups[%d].in: no group has the id `%s`%s", i, diag.Clip(g.In), hint(g.In))
			continue
		}
	}
	// Cycles: walk up from each group once, in linear time over all of
	// them (0 not seen, 1 on the walk under way, 2 done).
	state := make([]int8, len(des.Groups))
	var path []int
	for i := range des.Groups {
		path = path[:0]
		j := i
		for {
			if state[j] == 1 { // back on this walk: j sits in itself
				g := des.Groups[j]
				d.Errorf(src.groups[j].in.node(d), diag.CodeCycle, "groups[%d].in: `%s` sits in itself (through %s); a group sits in groups outside it", j, g.ID, g.In)
				break
			}
			if state[j] == 2 {
				break
			}
			state[j] = 1
			path = append(path, j)
			next, ok := groupIDs[des.Groups[j].In]
			if !ok || des.Groups[j].In == "" {
				break
			}
			j = next
		}
		for _, k := range path {
			state[k] = 2
		}
	}
	for i, n := range des.Nodes {
		if n.In == "" {
			continue
		}
		if _, ok := groupIDs[n.In]; !ok {
			d.Errorf(src.nodes[i].in.node(d), diag.CodeUnknownGroup, "nodes[%d].in: no group has the id `%s`%s", i, diag.Clip(n.In), hint(n.In))
		}
	}
}

// node is a synthetic YAML node at the position, so that a problem found
// after the tree is released still points where the value was written.
func (lc lineCol) node(*decoder) *yaml.Node {
	return &yaml.Node{Line: int(lc.line), Column: int(lc.col)}
}

// checkGroups checks a design's groups against the catalogue: each names a
// boundary, sits where that boundary may, and says values its boundary has,
// of the right type.
func (c *Catalogue) checkGroups(d *Design, errs *ErrorList, hints *diag.Hints) {
	ids := make(map[string]int, len(d.Groups))
	for i, g := range d.Groups {
		ids[g.ID] = i
	}
	boundaries := c.BoundaryIDs()
	for i, g := range d.Groups {
		b := c.Boundaries[g.Boundary]
		if b == nil {
			if g.Boundary != "" {
				errs.Add(d.Positions.Pos(GroupPath(i, "boundary")), diag.CodeUnknownBoundary, "groups[%d].boundary: unknown boundary `%s`%s", i, diag.Clip(g.Boundary), hints.DidYouMean(g.Boundary, boundaries))
			}
			continue
		}
		parent := ""
		if j, ok := ids[g.In]; ok && g.In != "" {
			parent = d.Groups[j].Boundary
		}
		if c.Boundaries[parent] != nil || parent == "" {
			if !b.Allows(parent) {
				where, at := "at the top level", GroupPath(i, "")
				if parent != "" {
					where, at = "in "+g.In+", a "+parent, GroupPath(i, "in")
				}
				errs.Add(d.Positions.Pos(at), diag.CodeInvalidNesting, "groups[%d]: a %s sits %s, not %s", i, g.Boundary, b.Where(), where)
			}
		}
		for name, v := range g.Props {
			p := b.Properties[name]
			if p == nil {
				errs.Add(d.Positions.Pos(GroupPath(i, "props."+name+":key")), diag.CodeUnknownProperty, "groups[%d].props.%s: boundary `%s` has no property `%s`%s", i, diag.Clip(name), b.ID, diag.Clip(name), hints.DidYouMean(name, b.PropertyNames()))
				continue
			}
			if code, msg := p.problem(v, hints); msg != "" {
				errs.Add(d.Positions.Pos(GroupPath(i, "props."+name)), code, "groups[%d].props.%s: %s (boundary %s, %s)", i, name, msg, b.ID, p.Pos).Related = []Pos{p.Pos}
				continue
			}
			if name == "provider" && c.Providers[v.Str()] == nil {
				ids := slices.Sorted(maps.Keys(c.Providers))
				errs.Add(d.Positions.Pos(GroupPath(i, "props."+name)), diag.CodeUnknownProvider, "groups[%d].props.provider: unknown provider `%s`%s", i, diag.Clip(v.Str()), hints.DidYouMean(v.Str(), ids))
			}
		}
	}
}

// checkNodeZones reports a node's zones that name no zone group or one
// outside the node's region, and a node placed in one zone that says it
// runs in others. Check runs it, so that an edit in the editor is held to
// it as a file read is.
func checkNodeZones(des *Design, errs *ErrorList, hints *diag.Hints) {
	var groupIDs map[string]int
	var names []string // zone ids, for hints, made when first needed
	for i := range des.Nodes {
		n := &des.Nodes[i]
		if n.Zones == nil && n.ZoneCount == 0 {
			continue
		}
		if groupIDs == nil {
			groupIDs = make(map[string]int, len(des.Groups))
			for j := len(des.Groups) - 1; j >= 0; j-- {
				groupIDs[des.Groups[j].ID] = j
			}
		}
		what := NodePath(i, "")
		inZone, inRegion := enclosing(des, groupIDs, n.In, "zone"), enclosing(des, groupIDs, n.In, "region")
		if n.ZoneCount > 0 && inZone != "" && n.ZoneCount > 1 {
			errs.Add(des.Positions.Pos(NodePath(i, "zones")), diag.CodeConflictingKeys, "%s.zones: the node sits in zone %s, so it runs there only; to say it runs in %d zones, place it in their region (or list the zones)", what, inZone, n.ZoneCount)
		}
		for k, z := range n.Zones {
			at := des.Positions.Pos(NodePath(i, "zones["+strconv.Itoa(k)+"]"))
			j, ok := groupIDs[z]
			switch {
			case !ok:
				if names == nil {
					for _, g := range des.Groups {
						if g.Boundary == "zone" {
							names = append(names, g.ID)
						}
					}
					slices.Sort(names)
				}
				errs.Add(at, diag.CodeUnknownGroup, "%s.zones[%d]: no group has the id `%s`%s", what, k, diag.Clip(z), hints.DidYouMean(z, names))
			case des.Groups[j].Boundary != "zone":
				errs.Add(at, diag.CodeNotZone, "%s.zones[%d]: `%s` is a %s, not a zone; list the zone groups the node runs in", what, k, z, diag.Clip(des.Groups[j].Boundary))
			default:
				if r := enclosing(des, groupIDs, z, "region"); inRegion != "" && r != inRegion {
					errs.Add(at, diag.CodeConflictingKeys, "%s.zones[%d]: zone `%s` is not in region %s, where the node sits; list zones of its region", what, k, z, inRegion)
				}
			}
		}
		if inZone != "" && len(n.Zones) > 0 && !slices.Contains(n.Zones, inZone) {
			errs.Add(des.Positions.Pos(NodePath(i, "in")), diag.CodeConflictingKeys, "%s.in: the node sits in zone %s, which its zones (%s) leave out; place it in their region, or list %s among them", what, inZone, strings.Join(n.Zones, ", "), inZone)
		}
	}
}
