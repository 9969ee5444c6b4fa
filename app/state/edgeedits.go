package state

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// edgeEdits edit the design's edges (connections): add and delete one,
// set its label, flow and protocol. Each is one undoable step, made only
// through the Store's update.
type edgeEdits struct{ s *Store }

// Connect adds an edge from one node to another.
func (ed edgeEdits) Connect(from, to string) error {
	if from == to {
		return errors.New("a node cannot connect to itself")
	}
	for _, id := range []string{from, to} {
		if _, ok := ed.s.nodeIndex[id]; !ok {
			return fmt.Errorf("no node has the id %q", id)
		}
	}
	for _, e := range ed.s.design.Edges {
		if e.From == from && e.To == to {
			return fmt.Errorf("%s is already connected to %s", from, to)
		}
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Edges = append(d.Edges, catalogue.Edge{From: from, To: to})
		return "", nil
	}, nil)
}

// DeleteEdge removes edge i.
func (ed edgeEdits) DeleteEdge(i int) error {
	if i < 0 || i >= len(ed.s.design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	sel := ed.s.selection
	switch {
	case sel.Edge == i:
		sel = none()
	case sel.Edge > i:
		sel.Edge-- // edges are selected by index
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Edges = slices.Delete(d.Edges, i, i+1)
		return "", nil
	}, &sel)
}

// SetEdgeLabel changes the label of edge i.
func (ed edgeEdits) SetEdgeLabel(i int, label string) error {
	if i < 0 || i >= len(ed.s.design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	if _, problem := catalogue.TextProblem(label); problem != "" {
		return errors.New("the label is not kept: " + problem)
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Edges[i].Label = label
		return "", nil
	}, nil)
}

// SetEdgeFlow sets what edge i carries, or with "" leaves it to the kinds.
func (ed edgeEdits) SetEdgeFlow(i int, flow catalogue.Flow) error {
	if i < 0 || i >= len(ed.s.design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	if flow != "" && !slices.Contains(catalogue.Flows, string(flow)) {
		return fmt.Errorf("%q is not a flow; use one of %s", flow, strings.Join(catalogue.Flows, ", "))
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Edges[i].Flow = flow
		return "", nil
	}, nil)
}

// SetEdgeProtocol sets the protocol edge i speaks, or with "" none.
func (ed edgeEdits) SetEdgeProtocol(i int, protocol string) error {
	if i < 0 || i >= len(ed.s.design.Edges) {
		return fmt.Errorf("no edge %d", i)
	}
	if protocol != "" && ed.s.cat.Protocols[protocol] == nil {
		return fmt.Errorf("%q is not one of the catalogue's protocols", protocol)
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		d.Edges[i].Protocol = protocol
		return "", nil
	}, nil)
}
