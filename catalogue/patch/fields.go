package patch

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// field is one settable field of a node, group, edge or note: how to read
// it for an op, whether two elements agree on it, and how to set it from an
// op's value (checking the value).
type field[T any] struct {
	name  string
	get   func(*T) any
	zero  func(*T) bool
	equal func(a, b *T) bool
	set   func(*T, json.RawMessage) error
}

func strField[T any](name string, p func(*T) *string, read func(json.RawMessage) (string, error)) field[T] {
	return field[T]{
		name:  name,
		get:   func(t *T) any { return *p(t) },
		zero:  func(t *T) bool { return *p(t) == "" },
		equal: func(a, b *T) bool { return *p(a) == *p(b) },
		set: func(t *T, raw json.RawMessage) error {
			s, err := read(raw)
			*p(t) = s
			return err
		},
	}
}

// optText reads free text that may be empty (null too).
func optText(raw json.RawMessage) (string, error) {
	if isNull(raw) {
		return "", nil
	}
	return text(raw)
}

func pointField[T any](p func(*T) **catalogue.Point) field[T] {
	return field[T]{
		name: "position",
		get:  func(t *T) any { return *p(t) },
		zero: func(t *T) bool { return *p(t) == nil },
		equal: func(a, b *T) bool {
			pa, pb := *p(a), *p(b)
			return pa == pb || pa != nil && pb != nil && *pa == *pb
		},
		set: func(t *T, raw json.RawMessage) error {
			pt, err := point(raw)
			*p(t) = pt
			return err
		},
	}
}

func percentField[T any](name string, p func(*T) *float64) field[T] {
	return field[T]{
		name:  name,
		get:   func(t *T) any { return *p(t) },
		zero:  func(t *T) bool { return *p(t) == 0 },
		equal: func(a, b *T) bool { return *p(a) == *p(b) },
		set: func(t *T, raw json.RawMessage) error {
			f, err := percent(raw)
			*p(t) = f
			return err
		},
	}
}

// nodeFields are a node's fields but its id (its key) and its props (one
// field each, "props.<name>").
var nodeFields = []field[catalogue.Node]{
	strField("name", func(n *catalogue.Node) *string { return &n.Name }, optText),
	strField("component", func(n *catalogue.Node) *string { return &n.Component }, id),
	strField("in", func(n *catalogue.Node) *string { return &n.In }, ref),
	{
		name: "entry",
		get: func(n *catalogue.Node) any {
			if n.Entry || n.NotEntry {
				return n.Entry
			}
			return nil
		},
		zero:  func(n *catalogue.Node) bool { return !n.Entry && !n.NotEntry },
		equal: func(a, b *catalogue.Node) bool { return a.Entry == b.Entry && a.NotEntry == b.NotEntry },
		set: func(n *catalogue.Node, raw json.RawMessage) error {
			n.Entry, n.NotEntry = false, false
			if isNull(raw) {
				return nil
			}
			b, err := boolean(raw)
			n.Entry, n.NotEntry = b, !b
			return err
		},
	},
	strField("replicaOf", func(n *catalogue.Node) *string { return &n.ReplicaOf }, ref),
	{
		name:  "notReplica",
		get:   func(n *catalogue.Node) any { return n.NotReplica },
		zero:  func(n *catalogue.Node) bool { return !n.NotReplica },
		equal: func(a, b *catalogue.Node) bool { return a.NotReplica == b.NotReplica },
		set: func(n *catalogue.Node, raw json.RawMessage) error {
			b, err := boolean(raw)
			n.NotReplica = b
			return err
		},
	},
	{
		// zones is a list of zone groups, or how many, or null.
		name: "zones",
		get: func(n *catalogue.Node) any {
			if n.ZoneCount > 0 {
				return n.ZoneCount
			}
			if len(n.Zones) == 0 {
				return nil
			}
			return n.Zones
		},
		zero:  func(n *catalogue.Node) bool { return len(n.Zones) == 0 && n.ZoneCount == 0 },
		equal: func(a, b *catalogue.Node) bool { return a.ZoneCount == b.ZoneCount && slices.Equal(a.Zones, b.Zones) },
		set: func(n *catalogue.Node, raw json.RawMessage) error {
			n.Zones, n.ZoneCount = nil, 0
			if isNull(raw) {
				return nil
			}
			if k, err := count(raw, catalogue.MaxNodeZones); err == nil {
				if k == 0 {
					return fmt.Errorf("0 zones; say how many (1 to %d), list them, or null", catalogue.MaxNodeZones)
				}
				n.ZoneCount = k
				return nil
			}
			list, err := ids(raw, catalogue.MaxNodeZones)
			if err != nil {
				return fmt.Errorf("not a number of zones (1 to %d) nor a list of zone ids: %v", catalogue.MaxNodeZones, err)
			}
			n.Zones = list
			return nil
		},
	},
	percentField("assume.availability", func(n *catalogue.Node) *float64 { return &n.Assume.Availability }),
	percentField("objectives.availability", func(n *catalogue.Node) *float64 { return &n.Objectives.Availability }),
	{
		name: "durability",
		get:  func(n *catalogue.Node) any { return n.Objectives.FailuresTolerated },
		zero: func(n *catalogue.Node) bool { return n.Objectives.FailuresTolerated == 0 },
		equal: func(a, b *catalogue.Node) bool {
			return a.Objectives.FailuresTolerated == b.Objectives.FailuresTolerated
		},
		set: func(n *catalogue.Node, raw json.RawMessage) error {
			k, err := count(raw, 100)
			n.Objectives.FailuresTolerated = k
			return err
		},
	},
	pointField(func(n *catalogue.Node) **catalogue.Point { return &n.Position }),
	strField("origin", func(n *catalogue.Node) *string { return &n.Origin }, optText),
}

// groupFields are a group's fields but its id and props.
var groupFields = []field[catalogue.Group]{
	strField("boundary", func(g *catalogue.Group) *string { return &g.Boundary }, id),
	strField("in", func(g *catalogue.Group) *string { return &g.In }, ref),
	strField("name", func(g *catalogue.Group) *string { return &g.Name }, optText),
	pointField(func(g *catalogue.Group) **catalogue.Point { return &g.Position }),
}

// edgeFields are an edge's fields but its ends (its key).
var edgeFields = []field[catalogue.Edge]{
	strField("label", func(e *catalogue.Edge) *string { return &e.Label }, optText),
	{
		name:  "flow",
		get:   func(e *catalogue.Edge) any { return string(e.Flow) },
		zero:  func(e *catalogue.Edge) bool { return e.Flow == "" },
		equal: func(a, b *catalogue.Edge) bool { return a.Flow == b.Flow },
		set: func(e *catalogue.Edge, raw json.RawMessage) error {
			s, err := ref(raw)
			if err == nil && s != "" && !slices.Contains(catalogue.Flows, s) {
				err = fmt.Errorf("%q is not a flow; use one of %v, or null", s, catalogue.Flows)
			}
			e.Flow = catalogue.Flow(s)
			return err
		},
	},
	strField("protocol", func(e *catalogue.Edge) *string { return &e.Protocol }, ref),
}

// noteFields are a note's fields but what it is on (its key).
var noteFields = []field[catalogue.Note]{
	strField("text", func(n *catalogue.Note) *string { return &n.Text }, func(raw json.RawMessage) (string, error) {
		s, err := text(raw)
		if err == nil && strings.TrimSpace(s) == "" {
			err = errors.New("empty; a note says something")
		}
		return s, err
	}),
	pointField(func(n *catalogue.Note) **catalogue.Point { return &n.Position }),
}

// designFields are the design's own fields.
var designFields = []field[catalogue.Design]{
	strField("id", func(d *catalogue.Design) *string { return &d.ID }, ref),
	strField("name", func(d *catalogue.Design) *string { return &d.Name }, optText),
	strField("description", func(d *catalogue.Design) *string { return &d.Description }, optText),
	percentField("objectives.availability", func(d *catalogue.Design) *float64 { return &d.Objectives.Availability }),
	{
		name: "constraints.regions",
		get: func(d *catalogue.Design) any {
			if len(d.Constraints.Regions) == 0 {
				return nil
			}
			return d.Constraints.Regions
		},
		zero:  func(d *catalogue.Design) bool { return len(d.Constraints.Regions) == 0 },
		equal: func(a, b *catalogue.Design) bool { return slices.Equal(a.Constraints.Regions, b.Constraints.Regions) },
		set: func(d *catalogue.Design, raw json.RawMessage) error {
			list, err := ids(raw, catalogue.MaxRegions)
			d.Constraints.Regions = list
			return err
		},
	},
	{
		name: "suppress",
		get: func(d *catalogue.Design) any {
			if len(d.Suppress) == 0 {
				return nil
			}
			return d.Suppress
		},
		zero:  func(d *catalogue.Design) bool { return len(d.Suppress) == 0 },
		equal: func(a, b *catalogue.Design) bool { return slices.Equal(a.Suppress, b.Suppress) },
		set: func(d *catalogue.Design, raw json.RawMessage) error {
			d.Suppress = nil
			if isNull(raw) {
				return nil
			}
			var list []catalogue.Suppression
			if err := strictObject(raw, &list); err != nil {
				return fmt.Errorf("not a list of {rule, node, reason}: %v", err)
			}
			if len(list) > catalogue.MaxSuppressions {
				return fmt.Errorf("%d suppressions; at most %d", len(list), catalogue.MaxSuppressions)
			}
			for i, s := range list {
				if !catalogue.ValidID(s.Rule) || s.Node != "" && !catalogue.ValidID(s.Node) {
					return fmt.Errorf("suppress[%d]: the rule and the node must be ids", i)
				}
				if slices.ContainsFunc(list[:i], func(t catalogue.Suppression) bool { return t.Rule == s.Rule && t.Node == s.Node }) {
					return fmt.Errorf("suppress[%d]: rule %s is acknowledged here already; keep one", i, s.Rule)
				}
				if _, problem := catalogue.TextProblem(s.Reason); problem != "" || strings.TrimSpace(s.Reason) == "" {
					return fmt.Errorf("suppress[%d].reason: say why the design accepts the violation %s", i, problem)
				}
			}
			if len(list) > 0 {
				d.Suppress = list
			}
			return nil
		},
	},
}

// findField returns the field called name, or nil.
func findField[T any](fields []field[T], name string) *field[T] {
	for i := range fields {
		if fields[i].name == name {
			return &fields[i]
		}
	}
	return nil
}

// fieldNames lists the names of fields, for messages.
func fieldNames[T any](fields []field[T]) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.name
	}
	return out
}
