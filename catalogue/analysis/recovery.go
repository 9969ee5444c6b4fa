package analysis

import (
	"slices"
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

// recover lists, in l, how the nodes it takes and those that fail over
// recover. A node a region's loss takes serves again as its product's
// region fact says; one a zone's loss takes whole runs only there, so it
// serves again when the zone does (a stateful one is listed, unknown). A
// node that loses a share to a zone (see failingOver) fails over as its
// product's zone fact says. A stateful node with no fact is listed with
// unknown figures. The loss's worst figures are unknown (nil) when a
// node's is, naming the first such node.
func (r *Report) recover(l *Loss, lost, failover []int32) {
	g := r.g
	list := func(n int32, whole bool) {
		rn := g.nodes[n]
		comp := g.cat.Components[rn.Component]
		var fact *catalogue.Recovery
		if comp != nil && !(whole && l.Boundary == "zone") {
			fact = comp.RecoveryFor(rn, l.Boundary)
		}
		switch {
		case fact != nil:
			l.Recovery = append(l.Recovery, Recovery{Node: rn.ID, RTOSeconds: fact.RTOSeconds, RPOSeconds: fact.RPOSeconds, Docs: fact.Docs, Note: fact.Note})
		case whole && l.Boundary == "zone" && stateful[rn.Kind]:
			l.Recovery = append(l.Recovery, Recovery{Node: rn.ID, Note: "it runs only in zone " + l.Group + ", so it serves again when the zone does"})
		case stateful[rn.Kind]:
			l.Recovery = append(l.Recovery, Recovery{Node: rn.ID, Note: "no document in the catalogue states how " + rn.Component + " recovers from the loss of its " + l.Boundary + " in this configuration"})
		}
	}
	for _, n := range lost {
		list(n, true)
	}
	for _, n := range failover {
		list(n, false)
	}
	if len(l.Recovery) == 0 {
		return
	}
	l.RTOSeconds, l.UnknownRTO = worst(l.Recovery, func(rec Recovery) *int64 { return rec.RTOSeconds })
	l.RPOSeconds, l.UnknownRPO = worst(l.Recovery, func(rec Recovery) *int64 { return rec.RPOSeconds })
}

// failingOver returns the nodes a zone's loss takes a share of, which fail
// over: those that name it among their zones, and those of its region in
// zones the design does not name (a Multi-AZ database in the region: its
// primary may be there). None for a region.
func (r *Report) failingOver(gi int32) []int32 {
	g := r.g
	if g.d.Groups[gi].Boundary != "zone" {
		return nil
	}
	out := r.shares[gi]
	for c, steps := g.parent[gi], 0; c >= 0 && steps <= len(g.parent); c, steps = g.parent[c], steps+1 {
		if g.d.Groups[c].Boundary == "region" {
			return append(slices.Clip(out), r.regional[c]...)
		}
	}
	return out
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
		if r.Note != "" {
			return r.Node + ": unknown: " + r.Note
		}
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
