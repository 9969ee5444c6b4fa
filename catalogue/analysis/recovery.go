package analysis

import "github.com/archdesigner/designer/catalogue"

// Recovery is how one node a zone's or a region's loss takes serves again,
// from its product's documented failover and replication (see
// catalogue.Recovery): RTOSeconds until it serves again and RPOSeconds of
// acknowledged writes lost, nil (JSON null) where no document states them,
// with the page and its words.
type Recovery struct {
	Node       string `json:"node"`
	RTOSeconds *int64 `json:"rtoSeconds"`
	RPOSeconds *int64 `json:"rpoSeconds"`
	Docs       string `json:"docs,omitempty"`
	Note       string `json:"note,omitempty"`
}

// recover lists, in l, how the nodes lost recover: each node whose
// component documents its recovery from the loss of l's boundary, and each
// stateful node without one (its figures unknown); and the loss's worst
// figures, unknown (nil) when a node's is, naming the first such node.
func (r *Report) recover(l *Loss, lost []int32) {
	g := r.g
	for _, n := range lost {
		rn := g.nodes[n]
		comp := g.cat.Components[rn.Component]
		var fact *catalogue.Recovery
		if comp != nil {
			fact = comp.RecoveryFor(rn, l.Boundary)
		}
		switch {
		case fact != nil:
			l.Recovery = append(l.Recovery, Recovery{Node: rn.ID, RTOSeconds: fact.RTOSeconds, RPOSeconds: fact.RPOSeconds, Docs: fact.Docs, Note: fact.Note})
		case stateful[rn.Kind]:
			l.Recovery = append(l.Recovery, Recovery{Node: rn.ID, Note: "no document in the catalogue states how " + rn.Component + " recovers from the loss of its " + l.Boundary + " in this configuration"})
		}
	}
	if len(l.Recovery) == 0 {
		return
	}
	l.RTOSeconds, l.UnknownRTO = worst(l.Recovery, func(rec Recovery) *int64 { return rec.RTOSeconds })
	l.RPOSeconds, l.UnknownRPO = worst(l.Recovery, func(rec Recovery) *int64 { return rec.RPOSeconds })
}

// worst returns the largest of the recoveries' figures, or nil and the
// first node whose figure is unknown.
func worst(list []Recovery, figure func(Recovery) *int64) (*int64, string) {
	var max *int64
	for _, rec := range list {
		f := figure(rec)
		if f == nil {
			return nil, rec.Node
		}
		if max == nil || *f > *max {
			max = f
		}
	}
	return max, ""
}
