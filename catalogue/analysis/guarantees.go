package analysis

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// flags are what may happen to an event on its way: repeated, lost, or
// carried by a hop with no stated guarantee.
type flags struct{ dup, loss, unknown bool }

func (f flags) or(o flags) flags {
	return flags{f.dup || o.dup, f.loss || o.loss, f.unknown || o.unknown}
}

// reach is what a node reached by events gets: the transport's flags (the
// weakest hop), whether duplicates still reach it (its callers may absorb
// them), and why.
type reach struct {
	reached   bool
	transport flags
	dup       bool
	dupWhy    string
	lossWhy   string
	unkWhy    string
	absorbed  string // the idempotent node that stopped duplicates
	docs      string
	named     bool // dupWhy names the node that passed duplicates on
}

// sinks follows event flows from every broker and event source to where
// they end, and says what each end gets.
func (r *Report) sinks() {
	g := r.g
	st := make([]reach, len(g.nodes))
	consumer := make([]bool, len(g.nodes)) // an event edge ends at it
	var queue []int32
	// receive merges what arrives at v: in from the node it comes from,
	// plus the hop's own flags.
	receive := func(v int32, in reach, hop flags, dupWhy, lossWhy, unkWhy, docs string) {
		s := &st[v]
		before := *s
		s.reached = true
		t := in.transport.or(hop)
		s.transport = s.transport.or(t)
		if hop.dup && s.dupWhy == "" {
			s.dupWhy = dupWhy
		}
		if in.dup && s.dupWhy == "" {
			s.dupWhy, s.named = in.dupWhy, in.named
		}
		s.dup = s.dup || hop.dup || in.dup
		if t.loss && s.lossWhy == "" {
			s.lossWhy = lossWhy
			if s.lossWhy == "" {
				s.lossWhy = in.lossWhy
			}
		}
		if t.unknown && s.unkWhy == "" {
			s.unkWhy = unkWhy
			if s.unkWhy == "" {
				s.unkWhy = in.unkWhy
			}
		}
		if s.absorbed == "" {
			s.absorbed = in.absorbed
		}
		if s.docs == "" {
			s.docs = docs
			if s.docs == "" {
				s.docs = in.docs
			}
		}
		if s.transport != before.transport || s.dup != before.dup || !before.reached {
			queue = append(queue, v)
		}
	}
	// out is what node u passes on: an idempotent handler stops
	// duplicates; any other non-broker passes them on as its own writes.
	out := func(u int32) reach {
		o := st[u]
		if !o.dup || g.broker[u] {
			return o
		}
		if g.value(u, "idempotentHandler") == catalogue.BoolValue(true) {
			o.dup, o.absorbed = false, g.id(u)
			return o
		}
		// The first node that passes duplicates on is named; those after
		// it only carry them (a reason per node would grow with the path).
		if !o.named {
			o.dupWhy += " and " + g.id(u) + notIdempotent(g, u)
			o.named = true
		}
		return o
	}
	send := func(u int32) {
		from := out(u)
		if !st[u].reached {
			from = reach{}
		}
		for _, v := range g.events[u] {
			consumer[v] = true
			hop, dupWhy, lossWhy, unkWhy, docs := g.hop(u, v)
			receive(v, from, hop, dupWhy, lossWhy, unkWhy, docs)
		}
		if st[u].reached {
			for _, v := range g.onward[u] {
				if carries(g, v) {
					receive(v, from, flags{}, "", "", "", "")
				}
			}
		}
	}
	for i := range g.nodes {
		if len(g.events[i]) > 0 {
			send(int32(i))
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		send(u)
	}
	for i := range g.nodes {
		n := int32(i)
		s := st[i]
		// A sink is where a path ends: a store, or a consumer that calls
		// nothing the events go on to (reading a secret or writing a log
		// does not carry them).
		if !s.reached || g.broker[i] || len(g.events[i]) > 0 || slices.ContainsFunc(g.onward[i], func(v int32) bool { return carries(g, v) }) || !stateful[g.nodes[i].Kind] && !consumer[i] {
			continue
		}
		if s.dup && g.value(n, "idempotentHandler") == catalogue.BoolValue(true) {
			s.dup, s.absorbed = false, g.id(n) // it receives them, to no effect
		}
		sink := Sink{Node: g.id(n), DuplicatesPossible: s.dup, LossPossible: s.transport.loss, Docs: s.docs}
		switch t := s.transport; {
		case t.dup && t.loss:
			sink.Delivery = "none"
		case t.unknown:
			sink.Delivery = "unknown"
		case t.dup:
			sink.Delivery = "at-least-once"
		case t.loss:
			sink.Delivery = "at-most-once"
		default:
			sink.Delivery = "exactly-once"
		}
		var why []string
		if s.dup {
			why = append(why, sink.Node+" may see duplicates: "+s.dupWhy)
		} else if s.transport.dup && s.absorbed != "" {
			why = append(why, "duplicates stop at "+s.absorbed+", whose handler is idempotent")
		}
		if s.transport.loss {
			why = append(why, sink.Node+" may miss events: "+s.lossWhy)
		}
		if s.transport.unknown {
			why = append(why, s.unkWhy)
		}
		if len(why) == 0 {
			why = append(why, "every hop delivers exactly once")
		}
		sink.Because = strings.Join(why, "; ")
		r.Sinks = append(r.Sinks, sink)
	}
}

// carries reports whether what node v is called with goes on, as writes or
// work: a store or compute, not a secrets store, a log or a CDN.
func carries(g *graph, v int32) bool {
	switch g.nodes[v].Kind {
	case "secrets", "observability", "cdn":
		return false
	}
	return true
}

// notIdempotent says how node u's idempotence stands.
func notIdempotent(g *graph, u int32) string {
	if v := g.value(u, "idempotentHandler"); v.IsSet() {
		return " is not idempotent (idempotentHandler false)"
	}
	return " is not stated to be idempotent"
}

// hop is what the event edge u→v adds: a broker's delivery guarantee, or
// for an event straight into a function, its retries.
func (g *graph) hop(u, v int32) (f flags, dupWhy, lossWhy, unkWhy, docs string) {
	if g.broker[v] && !g.broker[u] {
		return // the broker's guarantee covers its producers
	}
	if g.broker[u] {
		docs = g.cat.Components[g.nodes[u].Component].Docs
		switch d := g.value(u, "delivery"); d.Str() {
		case "at-least-once":
			return flags{dup: true}, g.id(u) + " delivers at least once", "", "", docs
		case "at-most-once":
			return flags{loss: true}, "", g.id(u) + " delivers at most once", "", docs
		case "exactly-once":
			return flags{}, "", "", "", docs
		}
		return flags{unknown: true}, "", "", g.id(u) + " states no delivery guarantee (delivery is not set)", docs
	}
	if g.value(v, "retriesOnFailure") == catalogue.BoolValue(true) {
		docs = g.cat.Components[g.nodes[v].Component].Docs
		return flags{dup: true}, g.id(v) + " retries failed asynchronous invocations", "", "", docs
	}
	return flags{unknown: true}, "", "", "the event from " + g.id(u) + " to " + g.id(v) + " has no stated delivery guarantee", ""
}

// durability says, for each stateful node, how many failures it survives
// without losing acknowledged writes.
func (r *Report) durability() {
	g := r.g
	// Sized once: grown by doubling, 50,000 stateful nodes left 30 MB
	// behind.
	count := 0
	for _, rn := range g.nodes {
		if stateful[rn.Kind] {
			count++
		}
	}
	r.Durability = slices.Grow(r.Durability, count)
	for i := range g.nodes {
		n := int32(i)
		rn := g.nodes[i]
		if !stateful[rn.Kind] {
			continue
		}
		r.Durability = append(r.Durability, g.nodeDurability(n))
	}
}

func (g *graph) nodeDurability(n int32) Durability {
	rn := g.nodes[n]
	out := Durability{Node: rn.ID}
	comp := g.cat.Components[rn.Component]
	if f := comp.DurabilityFor(rn); f != nil {
		k := f.FailuresTolerated
		out.FailuresTolerated, out.Of, out.Docs = &k, f.Of, f.Docs
		out.Because = g.because(becauseKey{fact: f}, func() string {
			because := comp.ID + "'s documentation"
			if w := catalogue.DescribeWhen(f.When); w != "" {
				because += ", with " + w
			}
			if f.Note != "" {
				because += ": " + f.Note
			}
			return because
		})
		return out
	}
	if rn.Kind == "stream" {
		return g.streamDurability(n, out)
	}
	out.Because = "the catalogue has no documented figure for " + comp.ID + " in this configuration"
	return out
}

// streamDurability derives a replicated log's tolerance from its settings:
// an acknowledged write is on every in-sync replica (acks all, at least
// minInsyncReplicas of them) or on a majority (acks quorum).
func (g *graph) streamDurability(n int32, out Durability) Durability {
	rf, acks, minISR := g.value(n, "replicationFactor"), g.value(n, "acks"), g.value(n, "minInsyncReplicas")
	set := func(k int, because string) Durability {
		out.FailuresTolerated, out.Of, out.Because = &k, "node", because
		return out
	}
	if !rf.IsSet() || !acks.IsSet() {
		missing := "replicationFactor"
		if rf.IsSet() {
			missing = "acks"
		}
		out.Because = missing + " is not set, so what an acknowledgement means is not known"
		return out
	}
	r := int(rf.Int())
	switch acks.Str() {
	case "none":
		return set(0, "acks none: the producer does not wait, so a write may be lost before any broker holds it")
	case "leader":
		return set(0, "acks leader: a write is acknowledged once the leader has it, and is lost if the leader fails before a follower copies it")
	case "quorum":
		k := r / 2
		return set(k, g.because(becauseKey{what: 'q', a: int64(r)}, func() string {
			return fmt.Sprintf("replicationFactor %d, acks quorum: an acknowledged write is on a majority (%d of %d), so %d may fail", r, k+1, r, k)
		}))
	case "all":
		if !minISR.IsSet() {
			out.Because = "acks all waits for the in-sync replicas, but minInsyncReplicas is not set, so how many hold a write is not known"
			return out
		}
		if int(minISR.Int()) > r {
			return set(0, g.because(becauseKey{what: 'r', a: minISR.Int(), b: int64(r)}, func() string {
				return fmt.Sprintf("minInsyncReplicas %d is above replicationFactor %d, so every acks all write is refused", minISR.Int(), r)
			}))
		}
		m := int(minISR.Int())
		return set(m-1, g.because(becauseKey{what: 'a', a: int64(r), b: minISR.Int()}, func() string {
			return fmt.Sprintf("replicationFactor %d, minInsyncReplicas %d, acks all: an acknowledged write is on at least %d brokers, so %d may fail", r, minISR.Int(), m, m-1)
		}))
	}
	out.Because = "acks " + acks.Str() + " is not one the analysis reads"
	return out
}

// objectives compares the design's objectives with the results, and makes
// a violation of each missed or unshown.
func (r *Report) objectives() {
	g := r.g
	for k, e := range r.Entries {
		dn := g.design[g.index[e.Node]]
		obj := dn.Objectives.Availability
		if obj == 0 {
			obj = g.d.Objectives.Availability
		}
		if obj == 0 {
			continue
		}
		// The figure is exact, at most (Bound), at least (Approximate), or
		// neither; a result is known when the bound it is settles it.
		met := !e.Bound && e.Availability >= obj
		missed := !e.Approximate && e.Availability < obj
		o := Objective{Target: e.Node, Measure: "availability", Objective: obj, Actual: e.Availability, Bound: e.Bound, Approximate: e.Approximate, Known: met || missed, Met: met}
		r.Objectives = append(r.Objectives, o)
		if o.Met {
			continue
		}
		weakest, docs := r.weakest(k)
		v := catalogue.Violation{Rule: catalogue.RuleAvailabilityObjective, Severity: catalogue.SeverityError, Node: e.Node, Docs: docs}
		derivation := describe(e.Factors)
		switch {
		case missed && !e.Bound:
			v.Message = fmt.Sprintf("%s's availability is %s %% (%s), about %s minutes down a month, below the objective of %s %%; raise the weakest part (%s), or add a copy of it in another zone or region (replicaOf) and connect its callers to each copy",
				e.Node, catalogue.FormatPercent(e.Availability), derivation, minutes(e.DowntimeMinutesPerMonth), catalogue.FormatPercent(obj), weakest)
		case missed:
			v.Message = fmt.Sprintf("%s's availability is at most %s %% (%s), below the objective of %s %% whatever %s gives; raise the weakest part (%s), or add a copy of it in another zone or region (replicaOf) and connect its callers to each copy",
				e.Node, catalogue.FormatPercent(e.Availability), derivation, catalogue.FormatPercent(obj), strings.Join(e.Unknown, ", "), weakest)
		case !e.Bound:
			v.Severity = catalogue.SeverityWarning
			v.Message = fmt.Sprintf("%s's availability cannot be shown to meet the objective of %s %%: it is at least %s %% (%s), a lower figure because copies share what they need (or the design is too large to walk whole); connect each copy to its own dependencies, or state the entry's figure on it with assume: {availability: …}",
				e.Node, catalogue.FormatPercent(obj), catalogue.FormatPercent(e.Availability), derivation)
		default:
			v.Severity = catalogue.SeverityWarning
			v.Message = fmt.Sprintf("%s's availability cannot be shown to meet the objective of %s %%: it is at most %s %%, and %s %s no figure (%s); state the figure you rely on with assume: {availability: …} on %s",
				e.Node, catalogue.FormatPercent(obj), catalogue.FormatPercent(e.Availability), strings.Join(e.Unknown, ", "), hasHave(len(e.Unknown)), unknownNotes(e), pronoun(len(e.Unknown)))
		}
		r.Violations = append(r.Violations, v)
	}
	for i, dn := range g.design {
		want := dn.Objectives.FailuresTolerated
		if want == 0 {
			continue
		}
		n := int32(i)
		var d Durability
		if stateful[g.nodes[i].Kind] {
			d = g.nodeDurability(n)
		} else {
			d = Durability{Node: g.id(n), Because: g.id(n) + " is a " + g.nodes[i].Kind + ", which keeps no acknowledged data the analysis judges"}
		}
		o := Objective{Target: g.id(n), Measure: "failuresTolerated", Objective: float64(want), Known: d.FailuresTolerated != nil}
		if o.Known {
			o.Actual = float64(*d.FailuresTolerated)
			o.Met = *d.FailuresTolerated >= want
		}
		r.Objectives = append(r.Objectives, o)
		if o.Met {
			continue
		}
		v := catalogue.Violation{Rule: catalogue.RuleDurabilityObjective, Severity: catalogue.SeverityError, Node: g.id(n), Docs: d.Docs}
		if o.Known {
			v.Message = fmt.Sprintf("%s survives %d %s %s without losing acknowledged writes (%s), below the objective of %d; raise its replication", g.id(n), *d.FailuresTolerated, d.Of, plural("failure", *d.FailuresTolerated), d.Because, want)
		} else {
			v.Severity = catalogue.SeverityWarning
			v.Message = fmt.Sprintf("%s cannot be shown to survive %d %s without losing acknowledged writes: %s", g.id(n), want, plural("failure", want), d.Because)
		}
		r.Violations = append(r.Violations, v)
	}
}

// unknownNotes says why each unknown factor of an entry has no figure.
func unknownNotes(e Entry) string {
	var notes []string
	var walk func([]Factor)
	walk = func(fs []Factor) {
		for _, f := range fs {
			if f.Source == SourceUnknown && !slices.Contains(notes, f.Note) {
				notes = append(notes, f.Note)
			}
			for _, br := range f.Branches {
				walk(br)
			}
		}
	}
	walk(e.Factors)
	return strings.Join(notes, "; ")
}

// weakest names entry k's lowest known factor, with its docs.
func (r *Report) weakest(k int) (string, string) {
	best, docs, low := "", "", 2.0
	for _, f := range r.Entries[k].Factors {
		if f.Source == SourceUnknown || f.Source == SourceOutside || f.Value/100 >= low {
			continue
		}
		low, docs = f.Value/100, f.Docs
		if f.Node != "" {
			best = f.Node + " at " + catalogue.FormatPercent(f.Value) + " %"
		} else {
			what := "the replicas "
			if f.Pool != "" {
				what = "the pool behind " + f.Pool + " of "
			}
			best = what + strings.Join(f.Nodes, ", ") + " at " + catalogue.FormatPercent(f.Value) + " %"
		}
	}
	return best, docs
}

// describe writes a derivation in one line: "api 99.95 × fn 99.95 × db 99.99",
// the first maxDescribed factors of a long one and how many more.
func describe(fs []Factor) string {
	more := 0
	if len(fs) > maxDescribed {
		fs, more = fs[:maxDescribed], len(fs)-maxDescribed
	}
	parts := make([]string, 0, len(fs)+1)
	for _, f := range fs {
		switch f.Source {
		case SourceUnknown:
			parts = append(parts, f.Node+" unknown")
		case SourceRedundant:
			behind := ""
			if f.Pool != "" {
				behind = " behind " + f.Pool
			}
			parts = append(parts, "any of "+strings.Join(f.Nodes, ", ")+behind+" "+catalogue.FormatPercent(f.Value))
		case SourceAssumed:
			parts = append(parts, f.Node+" "+catalogue.FormatPercent(f.Value)+" assumed")
		case SourceOutside:
			parts = append(parts, f.Node+" (client)")
		default:
			parts = append(parts, f.Node+" "+catalogue.FormatPercent(f.Value))
		}
	}
	if more > 0 {
		parts = append(parts, "… ("+strconv.Itoa(more)+" more)")
	}
	return strings.Join(parts, " × ")
}

// maxDescribed bounds the factors a one-line derivation names: a message
// about a 10,000-node chain stays a sentence.
const maxDescribed = 12

// State says how an objective stands: "met", "missed" or "not shown".
func (o Objective) State() string {
	switch {
	case !o.Known:
		return "not shown"
	case !o.Met:
		return "missed"
	}
	return "met"
}

// NoFigure reports whether no part of the entry has a figure, so that its
// availability says nothing (rather than being a bound).
func (e Entry) NoFigure() bool {
	if !e.Bound {
		return false
	}
	var known func([]Factor) bool
	known = func(fs []Factor) bool {
		for _, f := range fs {
			switch {
			case f.Source == SourceRedundant:
				if slices.ContainsFunc(f.Branches, known) {
					return true
				}
			case f.Source != SourceUnknown && f.Source != SourceOutside:
				return true
			}
		}
		return false
	}
	return !known(e.Factors)
}

// Qualifier is how to read the entry's figure: "" (exact), "at most",
// "at least" or "about".
func (e Entry) Qualifier() string {
	switch {
	case e.Bound && e.Approximate:
		return "about"
	case e.Bound:
		return "at most"
	case e.Approximate:
		return "at least"
	}
	return ""
}

// DowntimeQualifier is how to read the entry's downtime, the other way
// round from Qualifier: at most so much available is at least so much down.
func (e Entry) DowntimeQualifier() string {
	switch q := e.Qualifier(); q {
	case "at most":
		return "at least"
	case "at least":
		return "at most"
	default:
		return q
	}
}

// Describe writes an entry's derivation in one line.
func (e Entry) Describe() string { return describe(e.Factors) }

func minutes(m float64) string { return strconv.FormatFloat(m, 'f', 1, 64) }

func plural(word string, n int) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "each"
}

// becauseKey names a durability's reason: a component's fact, or a kind of
// stream reason with its figures.
type becauseKey struct {
	fact *catalogue.Durability
	what byte
	a, b int64
}

// because returns the reason key names, made once per analysis: thousands
// of stateful nodes share a few.
func (g *graph) because(key becauseKey, build func() string) string {
	return madeOnce(&g.becauses, key, build)
}
