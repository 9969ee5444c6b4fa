package catalogue

import "encoding/json"

// designJSON is a design as JSON, with the keys and omissions of Marshal.
type designJSON struct {
	SchemaVersion string        `json:"schemaVersion"`
	Type          string        `json:"type"`
	ID            string        `json:"id,omitempty"`
	Name          string        `json:"name,omitempty"`
	Description   string        `json:"description,omitempty"`
	Constraints   *Constraints  `json:"constraints,omitempty"`
	Objectives    *Objectives   `json:"objectives,omitempty"`
	Groups        []groupJSON   `json:"groups,omitempty"`
	Nodes         []nodeJSON    `json:"nodes"`
	Edges         []edgeJSON    `json:"edges,omitempty"`
	Notes         []noteJSON    `json:"notes,omitempty"`
	Suppress      []Suppression `json:"suppress,omitempty"`
}

type groupJSON struct {
	ID       string           `json:"id"`
	Boundary string           `json:"boundary"`
	In       string           `json:"in,omitempty"`
	Name     string           `json:"name,omitempty"`
	Props    map[string]Value `json:"props,omitempty"`
	Position *Point           `json:"position,omitempty"`
}

type nodeJSON struct {
	ID         string           `json:"id"`
	Name       string           `json:"name,omitempty"`
	Component  string           `json:"component"`
	In         string           `json:"in,omitempty"`
	Entry      *bool            `json:"entry,omitempty"`
	ReplicaOf  string           `json:"replicaOf,omitempty"`
	NotReplica bool             `json:"notReplica,omitempty"`
	Zones      any              `json:"zones,omitempty"`
	Assume     *Assumptions     `json:"assume,omitempty"`
	Objectives *Objectives      `json:"objectives,omitempty"`
	Durability *durabilityJSON  `json:"durability,omitempty"`
	Props      map[string]Value `json:"props,omitempty"`
	Position   *Point           `json:"position,omitempty"`
	Origin     string           `json:"origin,omitempty"`
}

type noteJSON struct {
	Text     string `json:"text"`
	On       string `json:"on,omitempty"`
	Position *Point `json:"position,omitempty"`
}

type durabilityJSON struct {
	FailuresTolerated int `json:"failuresTolerated"`
}

type edgeJSON struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Label    string `json:"label,omitempty"`
	Flow     Flow   `json:"flow,omitempty"`
	Protocol string `json:"protocol,omitempty"`
}

// EncodeDesignJSON writes a design as JSON with the same content as EncodeDesignYAML's
// YAML (for hosts that prefer JSON, such as the embed protocol's export).
func EncodeDesignJSON(d *Design) []byte {
	out := designJSON{SchemaVersion: SchemaVersion, Type: "design", ID: d.ID, Name: d.Name, Description: d.Description, Nodes: []nodeJSON{}}
	for _, g := range d.Groups {
		out.Groups = append(out.Groups, groupJSON(g))
	}
	for _, n := range d.Nodes {
		nj := nodeJSON{ID: n.ID, Name: n.Name, Component: n.Component, In: n.In, ReplicaOf: n.ReplicaOf, Props: n.Props, Position: n.Position, Origin: n.Origin}
		if n.Entry || n.NotEntry {
			nj.Entry = &n.Entry // entry: false is NotEntry
		}
		nj.NotReplica = n.NotReplica
		switch {
		case len(n.Zones) > 0:
			nj.Zones = n.Zones
		case n.ZoneCount > 0:
			nj.Zones = n.ZoneCount
		}
		if n.Assume.Availability > 0 {
			nj.Assume = &Assumptions{Availability: n.Assume.Availability}
		}
		if n.Objectives.Availability > 0 {
			nj.Objectives = &Objectives{Availability: n.Objectives.Availability}
		}
		if n.Objectives.FailuresTolerated > 0 {
			nj.Durability = &durabilityJSON{FailuresTolerated: n.Objectives.FailuresTolerated}
		}
		out.Nodes = append(out.Nodes, nj)
	}
	if d.Objectives.Availability > 0 {
		out.Objectives = &Objectives{Availability: d.Objectives.Availability}
	}
	for _, e := range d.Edges {
		out.Edges = append(out.Edges, edgeJSON(e))
	}
	for _, n := range d.Notes {
		out.Notes = append(out.Notes, noteJSON{Text: n.Text, On: n.On, Position: n.Position})
	}
	out.Suppress = d.Suppress
	if len(d.Constraints.Regions) > 0 {
		out.Constraints = &d.Constraints
	}
	b, err := json.Marshal(out)
	if err != nil {
		// Strings, numbers and booleans always encode.
		panic("catalogue: encode design as JSON: " + err.Error())
	}
	return b
}
