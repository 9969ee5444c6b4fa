package catalogue

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/internal/yamlstrict"
	"gopkg.in/yaml.v3"
)

// Design is a user's architecture: component instances (nodes) and the
// connections between them (edges).
type Design struct {
	SchemaVersion string
	ID            string
	Name          string
	Description   string
	// Groups are the boundaries drawn in the design (regions, zones…).
	Groups []Group
	Nodes  []Node
	Edges  []Edge
	// Notes are the design's free text on the canvas.
	Notes []Note
	// Suppress acknowledges violations the design accepts, each with a reason.
	Suppress []Suppression
	// Constraints are what the design requires of where things run.
	Constraints Constraints
	// Objectives are what the design requires of every entry point (only
	// Availability applies at this level).
	Objectives Objectives
	// Positions maps parts of the design to where they were written; it is nil for
	// a design built in memory.
	Positions *PosMap
}

// Node is one component instance in a design.
type Node struct {
	ID string
	// Name is what the canvas shows for the node ("Public API"); references
	// use the ID. Optional.
	Name      string
	Component string
	// Props are the node's overrides of its component's properties.
	Props    map[string]Value
	Position *Point
	// In is the group the node sits in (its innermost), or "".
	In string
	// Entry marks the node as an entry point: where callers come in.
	Entry bool
	// NotEntry, written `entry: false`, says callers never come in here,
	// though nothing flows into the node (a worker that only consumes): the
	// analysis does not take it as an entry point. At most one of Entry and
	// NotEntry is set.
	NotEntry bool
	// ReplicaOf names a node this one is a copy of, elsewhere: a caller
	// connected to several copies fails over between them.
	ReplicaOf string
	// NotReplica, written `notReplica: true`, says the node is no copy of
	// the nodes it looks like (same component, same neighbours, in other
	// zones) nor one of a pool behind a balancer: the analysis counts it
	// apart. At most one of ReplicaOf and NotReplica is set.
	NotReplica bool
	// Zones are the zone groups the node runs in when it runs in several
	// (an Auto Scaling group, a managed instance group, a deployment spread
	// over zones), written `zones: [az-a, az-b]`; ZoneCount is how many
	// when the design counts them without naming them (`zones: 3`). A zone
	// loss then takes one share of the node, not the node. At most one is
	// set.
	Zones     []string
	ZoneCount int
	// Assume holds the figures the design states for the node where the
	// catalogue has none (a product with no published SLA).
	Assume Assumptions
	// Objectives are what the design requires of the node: Availability
	// of an entry point, FailuresTolerated (written `durability:`) of a
	// stateful node.
	Objectives Objectives
	// Origin says where an imported node came from
	// ("terraform:aws_db_instance.main"): importing again updates it in place.
	Origin string
}

// Assumptions are figures a design states for a node; zero means none.
type Assumptions struct {
	// Availability is an assumed monthly uptime percentage.
	Availability float64 `json:"availability,omitempty"`
}

// Objectives are what a design requires; zero means none.
type Objectives struct {
	// Availability is the least monthly uptime percentage an entry point
	// must have.
	Availability float64 `json:"availability,omitempty"`
	// FailuresTolerated is the least number of failures a stateful node
	// must survive without losing acknowledged writes.
	FailuresTolerated int `json:"-"`
}

// Point is where a node sits on the canvas.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Constraints are what a design requires of its placement: Regions, when
// set, are the only region codes its nodes may sit in (data residency).
type Constraints struct {
	Regions []string `json:"regions,omitempty"`
}

// Suppression acknowledges the violations of one rule, on one node or on
// every node, for a reason the design states. A suppressed violation is
// still reported, apart, and does not count.
type Suppression struct {
	Rule   string `json:"rule"`
	Node   string `json:"node,omitempty"`
	Reason string `json:"reason"`
}

// Matches reports whether s acknowledges v: the same rule, and no node or
// v's node (for a connection rule, either end of its edge).
func (s Suppression) Matches(v Violation) bool {
	if s.Rule != v.Rule {
		return false
	}
	return s.Node == "" || s.Node == v.Node || v.Edge != nil && (s.Node == v.Edge.From || s.Node == v.Edge.To)
}

// Edge connects two nodes by id. Flow, when set, says what it carries (else
// the kinds it joins say, see EdgeFlow); Protocol, when set, is one of the
// catalogue's protocols.
type Edge struct {
	From     string
	To       string
	Label    string
	Flow     Flow
	Protocol string
}

// PosMap records where the parts of a parsed design were written, found by
// paths such as "nodes[2].component" or "nodes[2].props.acks" (NodePath,
// EdgePath). It is stored by node and edge rather than by path: a map of
// path strings was most of what reading a large design allocated.
type PosMap struct {
	File     string
	nodes    []nodePos
	edges    []edgePos
	suppress []suppressPos
	groups   []groupPos
	notes    []notePos
}

type suppressPos struct{ self, rule, node lineCol }

// lineCol is a position in PosMap's file; line 0 means none was recorded.
type lineCol struct{ line, col int32 }

func at(p Pos) lineCol { return lineCol{int32(p.Line), int32(p.Column)} }

type nodePos struct {
	self, id, component, in, replicaOf, zones lineCol
	// zone is where each of zones' entries is written.
	zone  []lineCol
	props []propPos
}

type propPos struct {
	name       string
	value, key lineCol
}

type edgePos struct{ from, to, protocol lineCol }

// NodeSource is where a node of a design made from another file came from:
// its resource, and the value of each property it read.
type NodeSource struct {
	Pos   Pos
	Props map[string]Pos
}

// NodePositions is the PosMap of a design made from another file, an
// import: each node's parts are placed at its resource in file, and its
// properties at their values (edges, groups and the rest: the file).
func NodePositions(file string, nodes []NodeSource) *PosMap {
	m := &PosMap{File: file, nodes: make([]nodePos, len(nodes))}
	for i, n := range nodes {
		lc := at(n.Pos)
		m.nodes[i] = nodePos{self: lc, id: lc, component: lc, in: lc, replicaOf: lc}
		for _, name := range slices.Sorted(maps.Keys(n.Props)) {
			v := at(n.Props[name])
			m.nodes[i].props = append(m.nodes[i].props, propPos{name: name, value: v, key: v})
		}
	}
	return m
}

// Pos returns the position of a path, or a position with only the file.
func (s *PosMap) Pos(path string) Pos {
	if s == nil {
		return Pos{}
	}
	if lc := s.find(path); lc.line > 0 {
		return Pos{File: s.File, Line: int(lc.line), Column: int(lc.col)}
	}
	return Pos{File: s.File}
}

// find looks a path up.
func (s *PosMap) find(path string) lineCol {
	list, rest, _ := strings.Cut(path, "[")
	digits, field, ok := strings.Cut(rest, "]")
	i, err := strconv.Atoi(digits)
	if !ok || err != nil || i < 0 {
		return lineCol{}
	}
	field = strings.TrimPrefix(field, ".")
	switch {
	case list == "nodes" && i < len(s.nodes):
		n := &s.nodes[i]
		switch field {
		case "":
			return n.self
		case "id":
			return n.id
		case "component":
			return n.component
		case "in":
			return n.in
		case "replicaOf":
			return n.replicaOf
		case "zones":
			return n.zones
		}
		if rest, ok := strings.CutPrefix(field, "zones["); ok {
			if k, err := strconv.Atoi(strings.TrimSuffix(rest, "]")); err == nil && k >= 0 && k < len(n.zone) {
				return n.zone[k]
			}
		}
		return findProp(n.props, field)
	case list == "groups" && i < len(s.groups):
		g := &s.groups[i]
		switch field {
		case "":
			return g.self
		case "id":
			return g.id
		case "boundary":
			return g.boundary
		case "in":
			return g.in
		}
		return findProp(g.props, field)
	case list == "notes" && i < len(s.notes):
		switch field {
		case "":
			return s.notes[i].self
		case "on":
			return s.notes[i].on
		}
	case list == "suppress" && i < len(s.suppress):
		switch field {
		case "":
			return s.suppress[i].self
		case "rule":
			return s.suppress[i].rule
		case "node":
			return s.suppress[i].node
		}
	case list == "edges" && i < len(s.edges):
		switch field {
		case "from":
			return s.edges[i].from
		case "to":
			return s.edges[i].to
		case "protocol":
			return s.edges[i].protocol
		}
	}
	return lineCol{}
}

// findProp finds "props.name" (or "props.name:key", its key) among props.
func findProp(props []propPos, field string) lineCol {
	name, ok := strings.CutPrefix(field, "props.")
	if !ok {
		return lineCol{}
	}
	name, key := strings.CutSuffix(name, ":key")
	for _, p := range props {
		if p.name == name {
			if key {
				return p.key
			}
			return p.value
		}
	}
	return lineCol{}
}

// renameProp records that node i's override old is now called name.
func (s *PosMap) renameProp(i int, old, name string) {
	if s == nil || i >= len(s.nodes) {
		return
	}
	for j := range s.nodes[i].props {
		if p := &s.nodes[i].props[j]; p.name == old {
			p.name = name
		}
	}
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
	MaxGroups      = 50000
	// MaxRegions bounds a design's allowed regions (every provider's
	// regions together are a few hundred).
	MaxRegions = 1000
	// MaxSuppressions bounds a design's suppressions, one per node and
	// rule being far more than a design needs.
	MaxSuppressions = 50000
	maxTextLength   = 10000
)

// SizeError returns why a design file of size bytes is refused, or nil when
// it is within MaxDesignBytes. Readers call it before reading a file whole.
func SizeError(name string, size int64) *Error {
	if size <= MaxDesignBytes {
		return nil
	}
	return &Error{Pos: Pos{File: name, Line: 1, Column: 1}, Code: diag.CodeTooLarge, Msg: fmt.Sprintf("the design is %d bytes; designs are limited to %d bytes (10 MiB)", size, MaxDesignBytes)}
}

var designKeys = []string{"schemaVersion", "type", "id", "name", "description", "constraints", "objectives", "groups", "nodes", "edges", "notes", "suppress"}

// ParseDesign reads a design file and checks its structure: keys, types, ids
// and references between nodes and edges. Catalogue references (components,
// properties, values) are checked by Catalogue.Check. name is the file name
// used in errors.
//
// When the errors are not empty the design, if any, holds what could be read:
// enough to check further and report every problem at once, never a design to
// use in place of the user's.
func ParseDesign(name string, data []byte) (*Design, ErrorList) {
	return ParseDesignYielding(name, data, nil)
}

// yieldItems is how many nodes or edges ParseDesignYielding reads between
// two calls of its yield.
const yieldItems = 256

// ParseDesignYielding is ParseDesign calling yield (if not nil) every few
// hundred lines and items of a large design: in WebAssembly, a yield that
// sleeps lets the browser paint and take input in the middle of a
// 40,000-node design.
func ParseDesignYielding(name string, data []byte, yield func()) (*Design, ErrorList) {
	var errs ErrorList
	if err := SizeError(name, int64(len(data))); err != nil {
		return nil, append(errs, err)
	}
	d := newDecoder(name, &errs)
	d.Yield = yield
	d.Hints = diag.NewHints(diag.HintBudget)
	root, f := d.Open(data, "design", designKeys...)
	if root == nil {
		return nil, errs
	}
	src := &PosMap{File: name}
	des := &Design{SchemaVersion: SchemaVersion, Positions: src}
	d.versionAndType(f, root, "design", false)
	if v, ok := f["id"]; ok {
		if s, good := d.Str(v.Val, "id"); good && d.checkID(v.Val, "id", s) {
			des.ID = s
		}
	}
	des.Name = d.text(f, "name")
	des.Description = d.text(f, "description")
	ids := map[string]int{}
	if v, ok := f["constraints"]; ok {
		if cf := d.Fields(v.Val, "constraints", "regions"); cf != nil {
			if r, ok := cf["regions"]; ok {
				if list, good := d.Strings(r.Val, "constraints.regions"); good {
					if len(list) > MaxRegions {
						d.Errorf(r.Val, diag.CodeTooLarge, "constraints.regions: %d regions; a design may name at most %d", len(list), MaxRegions)
						list = nil
					}
					if len(list) == 0 && len(r.Val.Content) <= MaxRegions {
						d.Errorf(r.Val, diag.CodeEmpty, "constraints.regions: the list is empty; name the region codes nodes may sit in, or leave it out")
					}
					for i, s := range list {
						des.Constraints.Regions = append(des.Constraints.Regions, d.limitText(r.Val.Content[i], "constraints.regions", s))
					}
				}
			}
		}
	}
	if v, ok := f["objectives"]; ok {
		if of := d.Fields(v.Val, "objectives", "availability"); of != nil {
			des.Objectives.Availability = d.optionalPercent(of, "objectives")
			if len(of) == 0 {
				d.Errorf(v.Val, diag.CodeEmpty, "objectives: state `availability`, the least monthly uptime percentage of every entry point (99.95), or leave it out")
			}
		}
	}
	groupIDs := map[string]int{}
	if v, ok := f["groups"]; ok {
		des.Groups, groupIDs = d.parseGroups(v.Val, src)
	}
	if v, ok := f["nodes"]; !ok {
		d.Errorf(root, diag.CodeRequired, "`nodes` is required, for example:\nnodes:\n  - { id: \"kafka\", component: \"kafka\" }")
	} else if d.IsKind(v.Val, yaml.SequenceNode, "nodes", "a list of nodes") {
		if len(v.Val.Content) > MaxNodes {
			d.Errorf(v.Val, diag.CodeTooLarge, "nodes: %d nodes; a design is limited to %d", len(v.Val.Content), MaxNodes)
			return nil, errs
		}
		des.Nodes = make([]Node, 0, len(v.Val.Content))
		src.nodes = make([]nodePos, len(v.Val.Content))
		for i, n := range v.Val.Content {
			if yield != nil && i%yieldItems == yieldItems-1 {
				yield()
			}
			node := d.parseNode(n, i, src)
			if node.ID != "" {
				if prev, dup := ids[node.ID]; dup {
					d.Errorf(n, diag.CodeDuplicateID, "nodes[%d].id: `%s` is already the id of nodes[%d] (line %d); ids must be unique", i, node.ID, prev, src.nodes[prev].id.line)
				} else {
					ids[node.ID] = i
				}
			}
			des.Nodes = append(des.Nodes, node)
			// Let the collector take each item's YAML once it is read: the
			// document's tree is most of the memory a large design takes.
			v.Val.Content[i] = nil
		}
	}
	if v, ok := f["edges"]; ok && d.IsKind(v.Val, yaml.SequenceNode, "edges", "a list of edges") {
		if len(v.Val.Content) > MaxEdges {
			d.Errorf(v.Val, diag.CodeTooLarge, "edges: %d edges; a design is limited to %d", len(v.Val.Content), MaxEdges)
			return nil, errs
		}
		var nodeIDs []string // for hints, sorted when first needed
		src.edges = make([]edgePos, len(v.Val.Content))
		for i, n := range v.Val.Content {
			if yield != nil && i%yieldItems == yieldItems-1 {
				yield()
			}
			what := "edges[" + strconv.Itoa(i) + "]"
			ef := d.Fields(n, what, "from", "to", "label", "flow", "protocol")
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
					d.Errorf(n, diag.CodeRequired, "%s: `%s` is required (a node id)", what, end.key)
					continue
				}
				if end.key == "from" {
					src.edges[i].from = at(d.Pos(ev.Val))
				} else {
					src.edges[i].to = at(d.Pos(ev.Val))
				}
				if s, ok := d.Str(ev.Val, what+"."+end.key); ok {
					*end.dst = s
					if _, known := ids[s]; !known {
						if nodeIDs == nil {
							nodeIDs = slices.Sorted(maps.Keys(ids))
						}
						d.Errorf(ev.Val, diag.CodeUnknownNode, "%s.%s: no node has the id `%s`%s", what, end.key, diag.Clip(s), d.DidYouMean(s, nodeIDs))
					}
				}
			}
			if lv, ok := ef["label"]; ok {
				if s, good := d.Str(lv.Val, what+".label"); good {
					e.Label = d.limitText(lv.Val, what+".label", s)
				}
			}
			if fv, ok := ef["flow"]; ok {
				if s, good := d.Str(fv.Val, what+".flow"); good {
					e.Flow, _ = d.flow(fv.Val, what+".flow", s)
				}
			}
			if pv, ok := ef["protocol"]; ok {
				if s, good := d.Str(pv.Val, what+".protocol"); good && d.checkID(pv.Val, what+".protocol", s) {
					e.Protocol = s
					src.edges[i].protocol = at(d.Pos(pv.Val))
				}
			}
			if e.From != "" && e.From == e.To {
				d.Errorf(n, diag.CodeSelfEdge, "%s: connects `%s` to itself; an edge joins two different nodes", what, e.From)
			}
			des.Edges = append(des.Edges, e)
			v.Val.Content[i] = nil
		}
	}
	d.checkGroups(des, groupIDs, ids, src)
	d.checkReplicas(des, ids)
	if v, ok := f["notes"]; ok {
		des.Notes = d.parseNotes(v.Val, src)
		d.checkNotes(des, ids, groupIDs, src)
	}
	if v, ok := f["suppress"]; ok {
		des.Suppress = d.parseSuppress(v.Val, ids, src)
	}
	errs.Sort()
	return des, errs
}

// parseSuppress reads a design's suppressions: each names a rule, optionally
// a node, and a reason.
func (d *decoder) parseSuppress(n *yaml.Node, ids map[string]int, src *PosMap) []Suppression {
	if !d.IsKind(n, yaml.SequenceNode, "suppress", "a list of suppressions, each { rule, node, reason }") {
		return nil
	}
	if len(n.Content) > MaxSuppressions {
		d.Errorf(n, diag.CodeTooLarge, "suppress: %d suppressions; a design is limited to %d", len(n.Content), MaxSuppressions)
		return nil
	}
	var out []Suppression
	var nodeIDs []string
	seen := map[[2]string]int{}
	src.suppress = make([]suppressPos, len(n.Content))
	for i, item := range n.Content {
		what := "suppress[" + strconv.Itoa(i) + "]"
		src.suppress[i].self = at(d.Pos(item))
		f := d.Fields(item, what, "rule", "node", "reason")
		if f == nil {
			continue
		}
		var s Suppression
		ok := true
		if v, has := f["rule"]; !has {
			d.Errorf(item, diag.CodeRequired, "%s: `rule` is required (the id of the rule to acknowledge)", what)
			ok = false
		} else if str, good := d.Str(v.Val, what+".rule"); good && d.checkID(v.Val, what+".rule", str) {
			s.Rule = str
			src.suppress[i].rule = at(d.Pos(v.Val))
		} else {
			ok = false
		}
		if v, has := f["node"]; has {
			src.suppress[i].node = at(d.Pos(v.Val))
			if str, good := d.Str(v.Val, what+".node"); good {
				if _, known := ids[str]; !known {
					if nodeIDs == nil {
						nodeIDs = slices.Sorted(maps.Keys(ids))
					}
					d.Errorf(v.Val, diag.CodeUnknownNode, "%s.node: no node has the id `%s`%s", what, diag.Clip(str), d.DidYouMean(str, nodeIDs))
					ok = false
				}
				s.Node = str
			} else {
				ok = false
			}
		}
		if v, has := f["reason"]; !has {
			d.Errorf(item, diag.CodeRequired, "%s: `reason` is required: say why the design accepts the violation", what)
			ok = false
		} else if str, good := d.Str(v.Val, what+".reason"); good {
			s.Reason = d.limitText(v.Val, what+".reason", str)
			if strings.TrimSpace(str) == "" {
				d.Errorf(v.Val, diag.CodeEmpty, "%s.reason: must not be empty; say why the design accepts the violation", what)
				ok = false
			}
		} else {
			ok = false
		}
		if !ok {
			continue
		}
		key := [2]string{s.Rule, s.Node}
		if prev, dup := seen[key]; dup {
			d.Errorf(item, diag.CodeDuplicateKey, "%s: suppress[%d] already acknowledges rule `%s` here; keep one", what, prev, s.Rule)
			continue
		}
		seen[key] = i
		out = append(out, s)
	}
	return out
}

func (d *decoder) parseNode(n *yaml.Node, i int, src *PosMap) Node {
	what := NodePath(i, "")
	var node Node
	pos := &src.nodes[i]
	pos.self = at(d.Pos(n))
	f := d.Fields(n, what, "id", "name", "component", "in", "entry", "replicaOf", "notReplica", "zones", "assume", "objectives", "durability", "props", "position", "origin")
	if f == nil {
		return node
	}
	if v, ok := f["id"]; !ok {
		d.Errorf(n, diag.CodeRequired, "%s: `id` is required (for example the component id, \"kafka\")", what)
	} else if s, good := d.Str(v.Val, what+".id"); good && d.checkID(v.Val, what+".id", s) {
		node.ID = s
		pos.id = at(d.Pos(v.Val))
	}
	node.Name = d.text(f, "name")
	node.Origin = d.text(f, "origin")
	if v, ok := f["component"]; !ok {
		d.Errorf(n, diag.CodeRequired, "%s: `component` is required (a component id such as \"kafka\")", what)
	} else if s, good := d.Str(v.Val, what+".component"); good {
		node.Component = s
		pos.component = at(d.Pos(v.Val))
	}
	if v, ok := f["in"]; ok {
		if s, good := d.Str(v.Val, what+".in"); good {
			node.In = s
			pos.in = at(d.Pos(v.Val))
		}
	}
	if v, ok := f["entry"]; ok {
		if b, good := d.Bool(v.Val, what+".entry"); good {
			node.Entry, node.NotEntry = b, !b
		}
	}
	if v, ok := f["replicaOf"]; ok {
		if s, good := d.Str(v.Val, what+".replicaOf"); good {
			node.ReplicaOf = s
			pos.replicaOf = at(d.Pos(v.Val))
		}
	}
	if v, ok := f["notReplica"]; ok {
		if b, good := d.Bool(v.Val, what+".notReplica"); good {
			node.NotReplica = b
			if b && node.ReplicaOf != "" {
				d.Errorf(v.Val, diag.CodeConflictingKeys, "%s: `replicaOf` says the node is a copy of %s and `notReplica` that it is no copy; keep one", what, diag.Clip(node.ReplicaOf))
			}
		}
	}
	if v, ok := f["zones"]; ok {
		node.Zones, node.ZoneCount = d.parseZones(v.Val, what, pos)
	}
	if v, ok := f["assume"]; ok {
		if af := d.Fields(v.Val, what+".assume", "availability"); af != nil {
			node.Assume.Availability = d.optionalPercent(af, what+".assume")
			if len(af) == 0 {
				d.Errorf(v.Val, diag.CodeEmpty, "%s.assume: state `availability`, the monthly uptime percentage you assume for the node (99.9), or leave it out", what)
			}
		}
	}
	if v, ok := f["objectives"]; ok {
		if of := d.Fields(v.Val, what+".objectives", "availability"); of != nil {
			node.Objectives.Availability = d.optionalPercent(of, what+".objectives")
			if len(of) == 0 {
				d.Errorf(v.Val, diag.CodeEmpty, "%s.objectives: state `availability`, the least monthly uptime percentage of this entry point (99.95), or leave it out", what)
			}
		}
	}
	if v, ok := f["durability"]; ok {
		if df := d.Fields(v.Val, what+".durability", "failuresTolerated"); df != nil {
			if fv, has := df["failuresTolerated"]; !has {
				d.Errorf(v.Val, diag.CodeRequired, "%s.durability: `failuresTolerated` is required: the least number of failures the node must survive without losing acknowledged writes", what)
			} else if k, good := d.Int(fv.Val, what+".durability.failuresTolerated"); good {
				if k < 1 || k > 100 {
					d.Errorf(fv.Val, diag.CodeOutOfRange, "%s.durability.failuresTolerated: %d is not between 1 and 100 (every node tolerates 0; leave it out)", what, k)
				} else {
					node.Objectives.FailuresTolerated = int(k)
				}
			}
		}
	}
	if v, ok := f["props"]; ok {
		node.Props = d.parseProps(v.Val, what, &pos.props)
	}
	if v, ok := f["position"]; ok {
		node.Position = d.point(v.Val, what+".position")
	}
	return node
}

// MaxNodeZones is the most zones a node may say it runs in: more than any
// provider's region has.
const MaxNodeZones = 64

// parseZones reads a node's `zones`: the zone groups it runs in, or how
// many. The catalogue checks the groups they name (see checkNodeZones).
func (d *decoder) parseZones(n *yaml.Node, what string, pos *nodePos) ([]string, int) {
	pos.zones = at(d.Pos(n))
	if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
		k, good := d.Int(n, what+".zones")
		if !good {
			return nil, 0
		}
		if k < 1 || k > MaxNodeZones {
			d.Errorf(n, diag.CodeOutOfRange, "%s.zones: %d is not between 1 and %d; say how many zones the node runs in, or list them", what, k, MaxNodeZones)
			return nil, 0
		}
		return nil, int(k)
	}
	if !d.IsKind(n, yaml.SequenceNode, what+".zones", "a list of the zone groups the node runs in ([az-a, az-b]) or how many (3)") {
		return nil, 0
	}
	if len(n.Content) == 0 {
		d.Errorf(n, diag.CodeEmpty, "%s.zones: the list is empty; list the zone groups the node runs in, or leave it out", what)
		return nil, 0
	}
	if len(n.Content) > MaxNodeZones {
		d.Errorf(n, diag.CodeTooLarge, "%s.zones: %d zones; a node runs in at most %d", what, len(n.Content), MaxNodeZones)
		return nil, 0
	}
	var out []string
	for k, z := range n.Content {
		s, good := d.Str(z, what+".zones["+strconv.Itoa(k)+"]")
		if !good {
			continue
		}
		if j := slices.Index(out, s); j >= 0 {
			d.Errorf(z, diag.CodeDuplicateValue, "%s.zones[%d]: `%s` is listed already (zones[%d]); list each zone once", what, k, diag.Clip(s), j)
			continue
		}
		out = append(out, s)
		pos.zone = append(pos.zone, at(d.Pos(z)))
	}
	return out, 0
}

// enclosing returns the innermost group of boundary b that group id is or
// sits in, or "".
func enclosing(des *Design, groupIDs map[string]int, id, b string) string {
	for steps := 0; id != "" && steps <= len(des.Groups); steps++ {
		j, ok := groupIDs[id]
		if !ok {
			return ""
		}
		if des.Groups[j].Boundary == b {
			return id
		}
		id = des.Groups[j].In
	}
	return ""
}

// optionalPercent reads the optional `availability` of an objectives or
// assume mapping.
func (d *decoder) optionalPercent(f map[string]yamlstrict.Field, what string) float64 {
	v, ok := f["availability"]
	if !ok {
		return 0
	}
	p, _ := d.percent(v.Val, what+".availability")
	return p
}

// checkReplicas reports a node's replicaOf that names no other node.
func (d *decoder) checkReplicas(des *Design, ids map[string]int) {
	var nodeIDs []string // for hints, sorted when first needed
	for i, n := range des.Nodes {
		if n.ReplicaOf == "" {
			continue
		}
		pos := des.Positions.Pos(NodePath(i, "replicaOf"))
		switch _, known := ids[n.ReplicaOf]; {
		case n.ReplicaOf == n.ID:
			d.Errs.Add(pos, diag.CodeSelfEdge, "nodes[%d].replicaOf: `%s` is the node itself; name the node it is a copy of", i, n.ID)
		case !known:
			if nodeIDs == nil {
				nodeIDs = slices.Sorted(maps.Keys(ids))
			}
			d.Errs.Add(pos, diag.CodeUnknownNode, "nodes[%d].replicaOf: no node has the id `%s`%s", i, diag.Clip(n.ReplicaOf), d.DidYouMean(n.ReplicaOf, nodeIDs))
		}
	}
}

// parseProps reads the values of a node's or a group's `props` (what is
// its path, "nodes[2]"), recording where each is written; nil when none.
func (d *decoder) parseProps(n *yaml.Node, what string, where *[]propPos) map[string]Value {
	pairs := d.Pairs(n, what+".props")
	props := make(map[string]Value, len(pairs))
	for _, p := range pairs {
		if val, good := d.scalarValue(p.Val, what+".props."+p.Key.Value); good {
			if val.kind == stringValue {
				val.s = d.limitText(p.Val, what+".props."+p.Key.Value, val.s)
			}
			props[p.Key.Value] = val
			*where = append(*where, propPos{name: p.Key.Value, value: at(d.Pos(p.Val)), key: at(d.Pos(p.Key))})
		}
	}
	if len(props) == 0 {
		return nil
	}
	return props
}

// text reads an optional free-text field.
func (d *decoder) text(f map[string]yamlstrict.Field, key string) string {
	v, ok := f[key]
	if !ok {
		return ""
	}
	s, _ := d.Str(v.Val, key)
	return d.limitText(v.Val, key, s)
}

// limitText reports free text that cannot be in a design (see TextProblem).
func (d *decoder) limitText(n *yaml.Node, what, s string) string {
	if code, problem := TextProblem(s); problem != "" {
		d.Errorf(n, code, "%s: %s", what, problem)
		return ""
	}
	return s
}

// TextProblem says why s cannot be a design's free text (its name, its
// description, an edge's label), with the problem's code, or returns ""
// when it can: at most 10,000
// characters, with no control characters (see diag.BadChar). The editor
// checks what users type with it, so that it never writes a design it
// could not read back.
func TextProblem(s string) (Code, string) {
	if count := utf8.RuneCountInString(s); count > maxTextLength {
		return diag.CodeTooLarge, fmt.Sprintf("%d characters; text fields are limited to %d", count, maxTextLength)
	}
	if bad, _ := diag.BadChar(s); bad != "" {
		return diag.CodeControlCharacter, "the text holds " + bad + "; " + diag.BadCharAdvice
	}
	return "", ""
}
