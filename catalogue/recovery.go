package catalogue

import (
	"strconv"

	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/internal/yamlstrict"
	"gopkg.in/yaml.v3"
)

// Recovery is what a product's documentation says happens when it loses a
// zone or a region (Of), in the configuration When describes: how long
// until it serves again (RTOSeconds, the upper figure the docs give) and the
// window of acknowledged writes lost (RPOSeconds; 0: none). A figure no
// document states is nil, so that the analysis says "unknown" rather than
// guess. A component lists these under `recovery:`, first match per Of
// wins, like its SLAs.
type Recovery struct {
	Of         string
	When       []Setting
	RTOSeconds *int64
	RPOSeconds *int64
	// Docs is the official page that states the figures; Note quotes its
	// words (a range, a condition).
	Docs string
	Note string
	Pos  Pos
}

// maxRecoverySeconds bounds a recovery figure: a year is past any failover
// a page documents, and refuses a figure in the wrong unit.
const maxRecoverySeconds = 365 * 24 * 3600

var recoveryKeys = []string{"of", "when", "rtoSeconds", "rpoSeconds", "docs", "note"}

// RecoveryFor returns the component's recovery fact for the loss of an of
// ("zone", "region", "node") that applies to node n, or nil.
func (c *Component) RecoveryFor(n *ResolvedNode, of string) *Recovery {
	for i := range c.Recovery {
		if c.Recovery[i].Of == of && Applies(c.Recovery[i].When, n) {
			return &c.Recovery[i]
		}
	}
	return nil
}

// parseRecovery reads a component's `recovery` once its schema is built, so
// that its settings are checked against it.
func (c *Component) parseRecovery(d *decoder, list *yaml.Node) {
	if list == nil || !d.IsKind(list, yaml.SequenceNode, "recovery", "a list of facts, each { of, when, rtoSeconds, rpoSeconds, docs, note }") {
		return
	}
	for i, n := range list.Content {
		what := "recovery[" + strconv.Itoa(i) + "]"
		f := d.Fields(n, what, recoveryKeys...)
		if f == nil {
			continue
		}
		before := len(*d.Errs)
		r := Recovery{Pos: d.Pos(n)}
		r.Of = d.failureDomain(f, n, what, "what is lost")
		r.When = c.parseWhen(d, f, what)
		r.RTOSeconds = d.recoverySeconds(f, "rtoSeconds", what, "how long until it serves again")
		r.RPOSeconds = d.recoverySeconds(f, "rpoSeconds", what, "the window of acknowledged writes lost, 0 for none")
		r.Docs = d.requiredDocs(f, n, what, "the official page that states the failover and replication figures")
		r.Note = d.optionalText(f, "note", what)
		if len(*d.Errs) == before {
			c.Recovery = append(c.Recovery, r)
		}
	}
}

// recoverySeconds reads an optional count of seconds, nil when absent: no
// document states it.
func (d *decoder) recoverySeconds(f map[string]yamlstrict.Field, key, what, means string) *int64 {
	v, ok := f[key]
	if !ok {
		return nil
	}
	k, good := d.Int(v.Val, what+"."+key)
	if !good {
		return nil
	}
	if k < 0 || k > maxRecoverySeconds {
		d.Errorf(v.Val, diag.CodeOutOfRange, "%s.%s: %d is not between 0 and %d: write %s in seconds, or leave it out where no document states it", what, key, k, maxRecoverySeconds, means)
		return nil
	}
	return &k
}

// recoveries writes a component's recovery facts.
func (w *snapWriter) recoveries(c *Component) {
	w.len(len(c.Recovery))
	for _, r := range c.Recovery {
		w.str(r.Of)
		w.len(len(r.When))
		for _, s := range r.When {
			w.str(s.Property)
			w.value(s.Value)
		}
		w.optInt(r.RTOSeconds)
		w.optInt(r.RPOSeconds)
		w.str(r.Docs)
		w.str(r.Note)
		w.pos(r.Pos)
	}
}

// recoveries reads what snapWriter.recoveries wrote.
func (r *snapReader) recoveries() []Recovery {
	var out []Recovery
	for range r.len() {
		rec := Recovery{Of: r.str()}
		if n := r.len(); n > 0 {
			rec.When = make([]Setting, n)
			for i := range rec.When {
				rec.When[i] = Setting{Property: r.str(), Value: r.value()}
			}
		}
		rec.RTOSeconds, rec.RPOSeconds = r.optInt(), r.optInt()
		rec.Docs, rec.Note, rec.Pos = r.str(), r.str(), r.pos()
		out = append(out, rec)
	}
	return out
}
