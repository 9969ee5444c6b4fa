package catalogue

import (
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
	"gopkg.in/yaml.v3"
)

// Flow is what passes along an edge.
type Flow string

// The flows an edge may carry.
const (
	FlowRequest     Flow = "request"     // the caller waits for an answer
	FlowEvent       Flow = "event"       // published or delivered asynchronously
	FlowData        Flow = "data"        // reads and writes to a store
	FlowReplication Flow = "replication" // a copy kept in step
)

// Flows lists the flows, in the order documents name them.
var Flows = []string{string(FlowRequest), string(FlowEvent), string(FlowData), string(FlowReplication)}

// KindFlows says what a kind's edges carry when the design does not say:
// Into for an edge into one of its components, OutOf for one out of it.
type KindFlows struct {
	Into  Flow
	OutOf Flow
}

// parseFlows reads a kind's `flow: { into, outOf }`.
func (d *decoder) parseFlows(n *yaml.Node) KindFlows {
	var out KindFlows
	f := d.Fields(n, "flow", "into", "outOf")
	for key, dst := range map[string]*Flow{"into": &out.Into, "outOf": &out.OutOf} {
		v, ok := f[key]
		if !ok {
			continue
		}
		if s, ok := d.Str(v.Val, "flow."+key); ok {
			if flow, ok := d.flow(v.Val, "flow."+key, s); ok {
				*dst = flow
			}
		}
	}
	return out
}

// flow checks that s names a flow, reporting it otherwise.
func (d *decoder) flow(n *yaml.Node, what, s string) (Flow, bool) {
	for _, f := range Flows {
		if s == f {
			return Flow(s), true
		}
	}
	d.Errorf(n, diag.CodeEnumValue, "%s: `%s` is not a flow; use one of %s%s", what, diag.Clip(s), strings.Join(Flows, ", "), d.DidYouMean(s, Flows))
	return "", false
}

// ResolvedEdge is an edge (by its index in the design) with the flow it
// carries and where that comes from: the design (the edge says so) or the
// kinds it joins.
type ResolvedEdge struct {
	Edge       int32
	Flow       Flow
	FlowSource Source
}

// EdgeFlow is the flow of edge e from a component of kind from to one of
// kind to: the edge's own, else the from kind's outOf (out of a stream or a
// queue, events), else the to kind's into (into a database, data), else a
// request.
func EdgeFlow(e Edge, from, to *Kind) (Flow, Source) {
	switch {
	case e.Flow != "":
		return e.Flow, SourceDesign
	case from != nil && from.Flows.OutOf != "":
		return from.Flows.OutOf, SourceKind
	case to != nil && to.Flows.Into != "":
		return to.Flows.Into, SourceKind
	}
	return FlowRequest, SourceKind
}
