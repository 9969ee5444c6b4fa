package analysis

import (
	"testing"
)

// FuzzAnalyze: the analysis never panics or loops on a design the parser
// and the catalogue accept, and its figures stay percentages.
func FuzzAnalyze(f *testing.F) {
	for _, seed := range []string{
		"nodes:\n  - {id: a, component: aws-http-api}\n  - {id: b, component: aws-lambda, replicaOf: c}\n  - {id: c, component: aws-lambda}\nedges:\n  - {from: a, to: b}\n  - {from: a, to: c}\n  - {from: b, to: a}\n",
		"objectives: {availability: 99.9}\ngroups:\n  - {id: r, boundary: region}\n  - {id: z, boundary: zone, in: r}\nnodes:\n  - {id: q, component: aws-sqs, in: z, durability: {failuresTolerated: 2}}\n  - {id: f, component: aws-lambda, entry: true, assume: {availability: 99}}\nedges:\n  - {from: f, to: q, flow: event}\n  - {from: q, to: f}\n",
		"nodes:\n  - {id: k, component: kafka, props: {replicationFactor: 3, acks: quorum}}\n  - {id: s, component: service, replicaOf: t}\n  - {id: t, component: service, replicaOf: s}\nedges:\n  - {from: k, to: s}\n  - {from: k, to: t}\n  - {from: s, to: k, flow: event}\n",
	} {
		f.Add(seed)
	}
	c := testCatalogue(f)
	f.Fuzz(func(t *testing.T, src string) {
		d, errs := c.ReadDesign("f.yaml", []byte(src))
		if len(errs) > 0 {
			return
		}
		_, r := Resolve(c, d)
		for _, e := range r.Entries {
			if e.Availability < 0 || e.Availability > 100 || e.DowntimeMinutesPerMonth < 0 {
				t.Fatalf("entry %s: %v %% and %v minutes", e.Node, e.Availability, e.DowntimeMinutesPerMonth)
			}
		}
		for _, g := range d.Groups {
			if _, ok := r.Loss(g.ID); ok != (g.Boundary == "zone" || g.Boundary == "region") {
				t.Fatalf("group %s (%s): loss %v", g.ID, g.Boundary, ok)
			}
		}
	})
}
