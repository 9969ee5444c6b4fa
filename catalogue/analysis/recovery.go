package analysis

import (
	"strconv"

	"github.com/archdesigner/designer/catalogue"
)

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

// Summary says a loss's recovery in words, the worst figures: "≤ 120 s to
// serve again, no acknowledged writes lost", "time unknown (db), …"; ""
// when it takes nothing to recover.
func (l Loss) Summary() string {
	if len(l.Recovery) == 0 {
		return ""
	}
	rto := "time unknown (" + l.UnknownRTO + ")"
	switch {
	case l.RTOSeconds == nil:
	case *l.RTOSeconds == 0:
		rto = "no interruption"
	default:
		rto = "≤ " + strconv.FormatInt(*l.RTOSeconds, 10) + " s to serve again"
	}
	rpo := "data loss unknown (" + l.UnknownRPO + ")"
	if l.RPOSeconds != nil {
		rpo = dataLoss(l.RPOSeconds)
	}
	return rto + ", " + rpo
}

// Words says how one node recovers, without its page: "db serves again in
// ≤ 120 s, no acknowledged writes lost", or that no document says.
func (r Recovery) Words() string {
	if r.RTOSeconds == nil && r.RPOSeconds == nil && r.Docs == "" {
		return r.Node + ": unknown: no document in the catalogue states its recovery"
	}
	rto := "recovery time unknown"
	switch {
	case r.RTOSeconds == nil:
	case *r.RTOSeconds == 0:
		rto = "keeps serving"
	default:
		rto = "serves again in ≤ " + strconv.FormatInt(*r.RTOSeconds, 10) + " s"
	}
	return r.Node + " " + rto + ", " + dataLoss(r.RPOSeconds)
}

// dataLoss says an RPO in words.
func dataLoss(s *int64) string {
	switch {
	case s == nil:
		return "data loss unknown"
	case *s == 0:
		return "no acknowledged writes lost"
	}
	return "≤ " + strconv.FormatInt(*s, 10) + " s of acknowledged writes lost"
}
