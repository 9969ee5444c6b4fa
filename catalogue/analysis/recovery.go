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

// maxRecoveryListed bounds the nodes a loss lists of those that fail over
// in zones the design does not name (a region's regional stores, the same
// for each of its zones): a region of 25,000 zones and 25,000 such nodes
// would list 625 million. The rest are counted (Loss.MoreRecovery), and
// the worst figures are of them all.
const maxRecoveryListed = 100

// recover lists, in l, how the nodes it takes and those that fail over
// recover. A node a region's loss takes serves again as its product's
// region fact says; one a zone's loss takes whole runs only there, so it
// serves again when the zone does (a stateful one is listed, unknown). A
// node that loses a share to a zone (one naming it, or a regional node of
// its region: see failingOver) fails over as its product's zone fact says.
// A stateful node with no fact is listed with unknown figures. The loss's
// worst figures are unknown (nil) when a node's is, naming the first such
// node.
func (r *Report) recover(l *Loss, lost, shares []int32, region int32) {
	for _, n := range lost {
		if rec, ok := r.recoveryOf(n, l.Boundary, l.Group, true); ok {
			l.Recovery = append(l.Recovery, rec)
		}
	}
	for _, n := range shares {
		if rec, ok := r.recoveryOf(n, l.Boundary, l.Group, false); ok {
			l.Recovery = append(l.Recovery, rec)
		}
	}
	var reg *regionalRecovery
	if region >= 0 {
		reg = r.regionalRecoveryOf(region)
		k := min(len(reg.list), max(maxRecoveryListed-len(l.Recovery), 0))
		l.MoreRecovery = len(reg.list) - k
		l.Recovery = append(l.Recovery, reg.list[:k]...)
	}
	if len(l.Recovery) == 0 {
		return
	}
	l.RTOSeconds, l.UnknownRTO = worst(l.Recovery, func(rec Recovery) *int64 { return rec.RTOSeconds })
	l.RPOSeconds, l.UnknownRPO = worst(l.Recovery, func(rec Recovery) *int64 { return rec.RPOSeconds })
	if reg != nil && l.MoreRecovery > 0 {
		// The worst of the nodes not listed counts too.
		l.RTOSeconds, l.UnknownRTO = worse(l.RTOSeconds, l.UnknownRTO, reg.rto, reg.unknownRTO)
		l.RPOSeconds, l.UnknownRPO = worse(l.RPOSeconds, l.UnknownRPO, reg.rpo, reg.unknownRPO)
	}
}

// recoveryOf is how node n recovers from the loss of a group of boundary
// b (id group): whole when the loss takes it whole. None (false) for a node
// that keeps no data and whose product states nothing.
func (r *Report) recoveryOf(n int32, b, group string, whole bool) (Recovery, bool) {
	g := r.g
	rn := g.nodes[n]
	comp := g.cat.Components[rn.Component]
	var fact *catalogue.Recovery
	if comp != nil && !(whole && b == "zone") {
		fact = comp.RecoveryFor(rn, b)
	}
	switch {
	case fact != nil:
		return Recovery{Node: rn.ID, RTOSeconds: fact.RTOSeconds, RPOSeconds: fact.RPOSeconds, Docs: fact.Docs, Note: fact.Note}, true
	case whole && b == "zone" && stateful[rn.Kind]:
		return Recovery{Node: rn.ID, Note: "it runs only in zone " + group + ", so it serves again when the zone does"}, true
	case stateful[rn.Kind]:
		return Recovery{Node: rn.ID, Note: "no document in the catalogue states how " + rn.Component + " recovers from the loss of its " + b + " in this configuration"}, true
	}
	return Recovery{}, false
}

// regionalRecovery is how a region's nodes in zones the design does not
// name fail over when one of its zones is lost, made once per region.
type regionalRecovery struct {
	list                   []Recovery
	rto, rpo               *int64
	unknownRTO, unknownRPO string
}

// regionalRecoveryOf returns region's regionalRecovery, made the first
// time.
func (r *Report) regionalRecoveryOf(region int32) *regionalRecovery {
	if rr, ok := r.regionalRec[region]; ok {
		return rr
	}
	rr := &regionalRecovery{}
	for _, n := range r.regional[region] {
		if rec, ok := r.recoveryOf(n, "zone", "", false); ok {
			rr.list = append(rr.list, rec)
		}
	}
	if len(rr.list) > 0 {
		rr.rto, rr.unknownRTO = worst(rr.list, func(rec Recovery) *int64 { return rec.RTOSeconds })
		rr.rpo, rr.unknownRPO = worst(rr.list, func(rec Recovery) *int64 { return rec.RPOSeconds })
	}
	if r.regionalRec == nil {
		r.regionalRec = map[int32]*regionalRecovery{}
	}
	r.regionalRec[region] = rr
	return rr
}

// worse is the worse of two worst figures, each nil when unknown (naming
// the node that makes it so): the first unknown's name wins.
func worse(a *int64, unknownA string, b *int64, unknownB string) (*int64, string) {
	switch {
	case a == nil:
		return nil, unknownA
	case b == nil:
		return nil, unknownB
	case *b > *a:
		return b, ""
	}
	return a, ""
}

// failingOver returns the nodes a zone's loss takes a share of, those
// that name it among their zones, and its region, whose nodes in zones the
// design does not name fail over too (a Multi-AZ database in the region:
// its primary may be there); none and -1 for a region.
func (r *Report) failingOver(gi int32) ([]int32, int32) {
	g := r.g
	if g.d.Groups[gi].Boundary != "zone" {
		return nil, -1
	}
	return r.shares[gi], g.enclosingOf(gi, "region")
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
