// Package diff says what a change of a design means: the nodes, edges and
// groups added, removed, renamed or changed; per node, each property whose
// resolved value changed, with where each value came from (so a swap of
// component shows what moved with it); the violations the change brings in
// and the ones it fixes; and what it does to the analysis (availability per
// entry point, single points of failure, what a zone's loss takes, delivery,
// durability, objectives). `designer diff` prints it and the editor's
// Compare with… draws it over the canvas. Positions, notes and formatting are
// not semantic and are left out.
package diff

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
)

// The changes of a node, edge or group.
const (
	Added   = "added"
	Removed = "removed"
	Changed = "changed"
	Renamed = "renamed" // a node matched by its component and connections under a new id
)

// Report is what changed from an old design to a new one.
type Report struct {
	Design   []Field          `json:"design"`
	Nodes    []NodeChange     `json:"nodes"`
	Edges    []EdgeChange     `json:"edges"`
	Groups   []GroupChange    `json:"groups"`
	Findings []FindingChange  `json:"findings"`
	Analysis []AnalysisChange `json:"analysis"`
}

// Empty reports whether nothing semantic changed.
func (r *Report) Empty() bool {
	return len(r.Design)+len(r.Nodes)+len(r.Edges)+len(r.Groups)+len(r.Findings)+len(r.Analysis) == 0
}

// Field is a value of a node, edge, group or the design that changed.
type Field struct {
	Name string `json:"name"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// NodeChange is a node added, removed, renamed or changed. ID is its id in
// the new design (in the old one when removed); Was its old id when renamed.
type NodeChange struct {
	Change       string           `json:"change"`
	ID           string           `json:"id"`
	Was          string           `json:"was,omitempty"`
	Component    string           `json:"component"`
	WasComponent string           `json:"wasComponent,omitempty"`
	Fields       []Field          `json:"fields,omitempty"`
	Properties   []PropertyChange `json:"properties,omitempty"`
}

// PropertyChange is a property whose resolved value changed, with the
// source of each value (kind, component, design, group, unset).
type PropertyChange struct {
	Name      string `json:"name"`
	Old       string `json:"old"`
	OldSource string `json:"oldSource"`
	New       string `json:"new"`
	NewSource string `json:"newSource"`
}

// EdgeChange is an edge added, removed or changed, by its ends in the new
// design (the old one's when removed).
type EdgeChange struct {
	Change string  `json:"change"`
	From   string  `json:"from"`
	To     string  `json:"to"`
	Flow   string  `json:"flow"`
	Fields []Field `json:"fields,omitempty"`
	// Index is the edge's in its design's edges: the new design's, the
	// old one's when removed.
	Index int `json:"-"`
}

// GroupChange is a group added, removed or changed.
type GroupChange struct {
	Change   string  `json:"change"`
	ID       string  `json:"id"`
	Boundary string  `json:"boundary"`
	Fields   []Field `json:"fields,omitempty"`
}

// FindingChange is a violation the change introduced or fixed (suppressed
// ones count as neither: the design accepts them).
type FindingChange struct {
	Change   string `json:"change"` // "introduced" or "fixed"
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Where    string `json:"where"`
	Message  string `json:"message"`
	Docs     string `json:"docs,omitempty"`
}

// AnalysisChange is one thing the analysis says differently. Worse is set
// when the new design guarantees less.
type AnalysisChange struct {
	Topic   string `json:"topic"` // availability, spof, loss, delivery, durability, objective
	Subject string `json:"subject"`
	Old     string `json:"old"`
	New     string `json:"new"`
	Worse   bool   `json:"worse"`
	Text    string `json:"text"`
}

// Side is a checked design with what the checker and the analysis made of
// it (analysis.Resolve), for a caller that has them already.
type Side struct {
	Design     *catalogue.Design
	Resolution *catalogue.Resolution
	Analysis   *analysis.Report
}

// Resolved is design d with its resolution and analysis against cat.
func Resolved(cat *catalogue.Catalogue, d *catalogue.Design) Side {
	res, an := analysis.Resolve(cat, d)
	return Side{d, res, an}
}

// side is a Side with its nodes, and their resolutions, by id.
type side struct {
	d        *catalogue.Design
	res      *catalogue.Resolution
	an       *analysis.Report
	nodes    map[string]int
	resolved map[string]int
}

func newSide(x Side) *side {
	s := &side{d: x.Design, res: x.Resolution, an: x.Analysis, nodes: map[string]int{}}
	if s.an == nil {
		s.an = &analysis.Report{}
	}
	for i, n := range s.d.Nodes {
		s.nodes[n.ID] = i
	}
	s.resolved = make(map[string]int, len(s.res.Nodes))
	for i, n := range s.res.Nodes {
		s.resolved[n.ID] = i
	}
	return s
}

// resolvedNode is node id's resolution, or an empty one.
func (s *side) resolvedNode(id string) catalogue.ResolvedNode {
	if i, ok := s.resolved[id]; ok {
		return s.res.Nodes[i]
	}
	return catalogue.ResolvedNode{ID: id}
}

// Compare says what changed from old to new, both checked against cat.
func Compare(cat *catalogue.Catalogue, oldD, newD *catalogue.Design) *Report {
	return CompareSides(Resolved(cat, oldD), Resolved(cat, newD))
}

// CompareSides says what changed from old to new, resolved against the
// same catalogue.
func CompareSides(old, new Side) *Report {
	o, n := newSide(old), newSide(new)
	oldD, newD := old.Design, new.Design
	r := &Report{Design: []Field{}, Nodes: []NodeChange{}, Edges: []EdgeChange{}, Groups: []GroupChange{},
		Findings: []FindingChange{}, Analysis: []AnalysisChange{}}
	rename := renames(o, n) // old id -> new id
	// newID maps an old node id into the new design's ids.
	newID := func(id string) string {
		if to, ok := rename[id]; ok {
			return to
		}
		return id
	}
	r.Design = designFields(oldD, newD)
	r.nodes(o, n, rename)
	r.edges(o, n, newID)
	r.groups(oldD, newD)
	r.findings(o, n, newID)
	r.analysis(o, n, newID)
	return r
}

// renames matches each removed node to an added one with the same
// component, group and connections (its neighbours' ids, which way), when
// exactly one of each fits the other.
func renames(o, n *side) map[string]string {
	// Each node's connections, built once per side: asking every edge for
	// every node would be quadratic in a design of many renames.
	connections := func(s *side) map[string][]string {
		out := map[string][]string{}
		for _, e := range s.d.Edges {
			out[e.From] = append(out[e.From], "->"+e.To)
			out[e.To] = append(out[e.To], "<-"+e.From)
		}
		return out
	}
	signature := func(nd catalogue.Node, conns map[string][]string) string {
		c := slices.Clone(conns[nd.ID])
		slices.Sort(c)
		return nd.Component + "\x00" + nd.In + "\x00" + strings.Join(c, ",")
	}
	// Only a design that both lost and gained nodes may have renamed one:
	// the connections are built for those alone.
	gone := func(from, to *side) []catalogue.Node {
		var out []catalogue.Node
		for _, nd := range from.d.Nodes {
			if _, ok := to.nodes[nd.ID]; !ok {
				out = append(out, nd)
			}
		}
		return out
	}
	removedNodes, addedNodes := gone(o, n), gone(n, o)
	if len(removedNodes) == 0 || len(addedNodes) == 0 {
		return map[string]string{}
	}
	removed, added := map[string][]string{}, map[string][]string{}
	oc, nc := connections(o), connections(n)
	for _, nd := range removedNodes {
		sig := signature(nd, oc)
		removed[sig] = append(removed[sig], nd.ID)
	}
	for _, nd := range addedNodes {
		sig := signature(nd, nc)
		added[sig] = append(added[sig], nd.ID)
	}
	out := map[string]string{}
	for sig, ids := range removed {
		if len(ids) == 1 && len(added[sig]) == 1 {
			out[ids[0]] = added[sig][0]
		}
	}
	return out
}

func designFields(o, n *catalogue.Design) []Field {
	fs := []Field{}
	add := func(name, a, b string) {
		if a != b {
			fs = append(fs, Field{name, a, b})
		}
	}
	add("name", o.Name, n.Name)
	add("description", o.Description, n.Description)
	add("objectives.availability", percent(o.Objectives.Availability), percent(n.Objectives.Availability))
	add("constraints.regions", strings.Join(o.Constraints.Regions, ", "), strings.Join(n.Constraints.Regions, ", "))
	add("suppress", suppressions(o), suppressions(n))
	return fs
}

func suppressions(d *catalogue.Design) string {
	var s []string
	for _, x := range d.Suppress {
		t := x.Rule
		if x.Node != "" {
			t += " on " + x.Node
		}
		s = append(s, t)
	}
	slices.Sort(s)
	return strings.Join(s, ", ")
}

// percent is a figure as the analysis prints it, or "" for none.
func percent(f float64) string {
	if f == 0 {
		return ""
	}
	return strconv.FormatFloat(f, 'f', -1, 64) + " %"
}

func nodeFields(o, n catalogue.Node) []Field {
	var fs []Field
	add := func(name, a, b string) {
		if a != b {
			fs = append(fs, Field{name, a, b})
		}
	}
	add("name", o.Name, n.Name)
	add("component", o.Component, n.Component)
	add("in", o.In, n.In)
	add("entry", entryValue(o), entryValue(n))
	add("replicaOf", o.ReplicaOf, n.ReplicaOf)
	add("notReplica", flag(o.NotReplica), flag(n.NotReplica))
	add("zones", zones(o), zones(n))
	add("assume.availability", percent(o.Assume.Availability), percent(n.Assume.Availability))
	add("objectives.availability", percent(o.Objectives.Availability), percent(n.Objectives.Availability))
	add("objectives.durability", count(o.Objectives.FailuresTolerated), count(n.Objectives.FailuresTolerated))
	return fs
}

// entryValue is a node's entry as its design states it: "true", "false"
// (callers never come in) or "" (none stated).
func entryValue(n catalogue.Node) string {
	switch {
	case n.Entry:
		return "true"
	case n.NotEntry:
		return "false"
	}
	return ""
}

// flag is a boolean the design states only when true.
func flag(b bool) string {
	if b {
		return "true"
	}
	return ""
}

// zones is where a node says it runs: "az-a, az-b", "3", or "".
func zones(n catalogue.Node) string {
	if n.ZoneCount > 0 {
		return strconv.Itoa(n.ZoneCount)
	}
	return strings.Join(n.Zones, ", ")
}

func count(i int) string {
	if i == 0 {
		return ""
	}
	return strconv.Itoa(i)
}

func (r *Report) nodes(o, n *side, rename map[string]string) {
	wasOf := map[string]string{}
	for from, to := range rename {
		wasOf[to] = from
	}
	for _, nd := range o.d.Nodes {
		if _, ok := n.nodes[nd.ID]; !ok && rename[nd.ID] == "" {
			r.Nodes = append(r.Nodes, NodeChange{Change: Removed, ID: nd.ID, Component: nd.Component})
		}
	}
	for _, nd := range n.d.Nodes {
		oldID := nd.ID
		if was, ok := wasOf[nd.ID]; ok {
			oldID = was
		}
		j, ok := o.nodes[oldID]
		if !ok {
			r.Nodes = append(r.Nodes, NodeChange{Change: Added, ID: nd.ID, Component: nd.Component})
			continue
		}
		c := NodeChange{Change: Changed, ID: nd.ID, Component: nd.Component, Fields: nodeFields(o.d.Nodes[j], nd)}
		if oldID != nd.ID {
			c.Change, c.Was = Renamed, oldID
		}
		if o.d.Nodes[j].Component != nd.Component {
			c.WasComponent = o.d.Nodes[j].Component
		}
		c.Properties = properties(o.resolvedNode(oldID), n.resolvedNode(nd.ID))
		if c.Change == Renamed || len(c.Fields) > 0 || len(c.Properties) > 0 {
			r.Nodes = append(r.Nodes, c)
		}
	}
}

// properties are the properties whose resolved value differs, by name. A
// resolution lists its properties sorted by name, so the two lists are
// merged as they are, without a map or a formatted value per property
// (50,000 changed nodes made 170 MB of them).
func properties(o, n catalogue.ResolvedNode) []PropertyChange {
	var out []PropertyChange
	a, b := o.Properties, n.Properties
	for len(a) > 0 || len(b) > 0 {
		var x, y catalogue.ResolvedProperty
		switch {
		case len(b) == 0 || len(a) > 0 && a[0].Name < b[0].Name:
			x, a = a[0], a[1:]
			y.Name = x.Name
		case len(a) == 0 || b[0].Name < a[0].Name:
			y, b = b[0], b[1:]
			x.Name = y.Name
		default:
			x, y, a, b = a[0], b[0], a[1:], b[1:]
		}
		if x.Value == y.Value || x.Value.Literal() == y.Value.Literal() {
			continue
		}
		out = append(out, PropertyChange{Name: x.Name, Old: x.Value.Text(), OldSource: source(x), New: y.Value.Text(), NewSource: source(y)})
	}
	return out
}

func source(p catalogue.ResolvedProperty) string {
	if p.Source == "" {
		return string(catalogue.SourceUnset)
	}
	return string(p.Source)
}

func (r *Report) edges(o, n *side, newID func(string) string) {
	type edge struct {
		flow, label, protocol string
		index                 int // in its design's edges
	}
	collect := func(s *side, mapID func(string) string) (map[string][]edge, []string) {
		out := map[string][]edge{}
		var order []string
		for _, re := range s.res.Edges {
			e := s.d.Edges[re.Edge]
			key := mapID(e.From) + "\x00" + mapID(e.To)
			if _, ok := out[key]; !ok {
				order = append(order, key)
			}
			out[key] = append(out[key], edge{string(re.Flow), e.Label, e.Protocol, int(re.Edge)})
		}
		return out, order
	}
	olds, oldOrder := collect(o, newID)
	news, newOrder := collect(n, func(id string) string { return id })
	ends := func(key string) (string, string) {
		from, to, _ := strings.Cut(key, "\x00")
		return from, to
	}
	// Between the same two nodes, an edge the same in both designs is
	// paired first, whatever their order in the files; what is left is
	// paired in order (changed), and the rest is added or removed.
	type pairing struct{ old, new []edge }
	paired := map[string]*pairing{}
	type same struct{ flow, label, protocol string }
	for _, key := range newOrder {
		// Each old edge takes the first new one the same, not taken: the
		// new edges of each kind queue in order (a search of them all for
		// each old one grew with the square of the parallel edges).
		queues := map[same][]int{}
		for k, ne := range news[key] {
			s := same{ne.flow, ne.label, ne.protocol}
			queues[s] = append(queues[s], k)
		}
		var restOld []edge
		taken := make([]bool, len(news[key]))
		for _, oe := range olds[key] {
			s := same{oe.flow, oe.label, oe.protocol}
			if q := queues[s]; len(q) > 0 {
				taken[q[0]], queues[s] = true, q[1:]
			} else {
				restOld = append(restOld, oe)
			}
		}
		var restNew []edge
		for k, ne := range news[key] {
			if !taken[k] {
				restNew = append(restNew, ne)
			}
		}
		paired[key] = &pairing{restOld, restNew}
	}
	for _, key := range oldOrder {
		p := paired[key]
		rest := olds[key]
		if p != nil {
			rest = p.old
			if len(rest) > len(p.new) {
				rest = rest[len(p.new):]
			} else {
				rest = nil
			}
		}
		from, to := ends(key)
		for _, e := range rest {
			r.Edges = append(r.Edges, EdgeChange{Change: Removed, From: from, To: to, Flow: e.flow, Index: e.index})
		}
	}
	for _, key := range newOrder {
		from, to := ends(key)
		p := paired[key]
		for k, e := range p.new {
			if k >= len(p.old) {
				r.Edges = append(r.Edges, EdgeChange{Change: Added, From: from, To: to, Flow: e.flow, Index: e.index})
				continue
			}
			was := p.old[k]
			var fs []Field
			for _, f := range []Field{{"flow", was.flow, e.flow}, {"label", was.label, e.label}, {"protocol", was.protocol, e.protocol}} {
				if f.Old != f.New {
					fs = append(fs, f)
				}
			}
			r.Edges = append(r.Edges, EdgeChange{Change: Changed, From: from, To: to, Flow: e.flow, Fields: fs, Index: e.index})
		}
	}
}

func (r *Report) groups(o, n *catalogue.Design) {
	old := map[string]catalogue.Group{}
	for _, g := range o.Groups {
		old[g.ID] = g
	}
	now := map[string]bool{}
	for _, g := range n.Groups {
		now[g.ID] = true
	}
	for _, g := range o.Groups {
		if !now[g.ID] {
			r.Groups = append(r.Groups, GroupChange{Change: Removed, ID: g.ID, Boundary: g.Boundary})
		}
	}
	for _, g := range n.Groups {
		was, ok := old[g.ID]
		if !ok {
			r.Groups = append(r.Groups, GroupChange{Change: Added, ID: g.ID, Boundary: g.Boundary})
			continue
		}
		var fs []Field
		add := func(name, a, b string) {
			if a != b {
				fs = append(fs, Field{name, a, b})
			}
		}
		add("name", was.Name, g.Name)
		add("boundary", was.Boundary, g.Boundary)
		add("in", was.In, g.In)
		names := map[string]bool{}
		for k := range was.Props {
			names[k] = true
		}
		for k := range g.Props {
			names[k] = true
		}
		for _, k := range slices.Sorted(maps.Keys(names)) {
			add("props."+k, was.Props[k].Text(), g.Props[k].Text())
		}
		if len(fs) > 0 {
			r.Groups = append(r.Groups, GroupChange{Change: Changed, ID: g.ID, Boundary: g.Boundary, Fields: fs})
		}
	}
}

// where names what a violation is about: an edge, a node or the design.
func where(v catalogue.Violation, mapID func(string) string) string {
	if v.Edge != nil {
		return mapID(v.Edge.From) + " -> " + mapID(v.Edge.To)
	}
	if v.Node == "" {
		return "design"
	}
	return mapID(v.Node)
}

func (r *Report) findings(o, n *side, newID func(string) string) {
	key := func(v catalogue.Violation, mapID func(string) string) string {
		return v.Rule + "\x00" + where(v, mapID) + "\x00" + v.Property
	}
	// Each side's findings, suppressed ones too: a finding the change
	// suppresses is accepted, not fixed, and one whose suppression it
	// takes away was there already.
	count := func(s *side, mapID func(string) string) map[string]int {
		m := map[string]int{}
		for _, v := range s.res.Violations {
			m[key(v, mapID)]++
		}
		return m
	}
	same := func(id string) string { return id }
	olds, news := count(o, newID), count(n, same)
	// The k-th finding of a key is new when the old design had fewer than
	// k of that key, and fixed the other way round.
	seen := map[string]int{}
	for _, v := range n.res.Violations {
		k := key(v, same)
		if seen[k]++; seen[k] > olds[k] && !v.Suppressed {
			r.Findings = append(r.Findings, FindingChange{Change: "introduced", Rule: v.Rule, Severity: string(v.Severity), Where: where(v, same), Message: v.Message, Docs: v.Docs})
		}
	}
	seen = map[string]int{}
	for _, v := range o.res.Violations {
		k := key(v, newID)
		if seen[k]++; seen[k] > news[k] && !v.Suppressed {
			r.Findings = append(r.Findings, FindingChange{Change: "fixed", Rule: v.Rule, Severity: string(v.Severity), Where: where(v, newID), Message: v.Message, Docs: v.Docs})
		}
	}
}

func (r *Report) analysis(o, n *side, newID func(string) string) {
	add := func(c AnalysisChange) { r.Analysis = append(r.Analysis, c) }
	// Availability per entry point.
	oldEntries := map[string]analysis.Entry{}
	for _, e := range o.an.Entries {
		oldEntries[newID(e.Node)] = e
	}
	newEntries := map[string]bool{}
	for _, e := range n.an.Entries {
		newEntries[e.Node] = true
		was, ok := oldEntries[e.Node]
		switch {
		case !ok:
			add(AnalysisChange{Topic: "availability", Subject: e.Node, New: availability(e), Text: "new entry point " + e.Node + ": " + availability(e)})
		case availability(was) != availability(e):
			// Worse: a figure lost, or a lower one (unknown to known is
			// better, and two bounds say nothing).
			worse := known(was) && (!known(e) || e.Availability < was.Availability)
			add(AnalysisChange{Topic: "availability", Subject: e.Node, Old: availability(was), New: availability(e), Worse: worse,
				Text: "availability of " + e.Node + ": " + availability(was) + " → " + availability(e)})
		}
	}
	for _, e := range o.an.Entries {
		if id := newID(e.Node); !newEntries[id] {
			add(AnalysisChange{Topic: "availability", Subject: id, Old: availability(e), Text: "no longer an entry point: " + id})
		}
	}
	// Single points of failure.
	spof := func(s analysis.SPOF, mapID func(string) string) string {
		if s.Group != "" {
			return "group " + s.Group
		}
		return mapID(s.Node)
	}
	same := func(id string) string { return id }
	oldSPOF, newSPOF := map[string]analysis.SPOF{}, map[string]analysis.SPOF{}
	for _, s := range o.an.SPOFs {
		oldSPOF[spof(s, newID)] = s
	}
	for _, s := range n.an.SPOFs {
		newSPOF[spof(s, same)] = s
	}
	for _, s := range n.an.SPOFs {
		if k := spof(s, same); !has(oldSPOF, k) {
			add(AnalysisChange{Topic: "spof", Subject: k, New: strings.Join(s.Cuts, ", "), Worse: true,
				Text: "new single point of failure: " + k + " (takes " + strings.Join(s.Cuts, ", ") + ")"})
		}
	}
	for _, s := range o.an.SPOFs {
		if k := spof(s, newID); !has(newSPOF, k) {
			add(AnalysisChange{Topic: "spof", Subject: k, Old: strings.Join(s.Cuts, ", "), Text: "no longer a single point of failure: " + k})
		}
	}
	// What each zone's or region's loss takes.
	oldLoss := map[string]analysis.Loss{}
	for _, l := range o.an.Losses {
		oldLoss[l.Group] = l
	}
	for _, l := range n.an.Losses {
		was, ok := oldLoss[l.Group]
		if !ok {
			continue // a group added; its change says so
		}
		a, b := mapped(was.Cuts, newID), strings.Join(l.Cuts, ", ")
		if a != b {
			add(AnalysisChange{Topic: "loss", Subject: l.Group, Old: a, New: b, Worse: len(l.Cuts) > len(was.Cuts),
				Text: "losing " + l.Group + " takes " + orNothing(b) + " (was " + orNothing(a) + ")"})
		}
	}
	// Delivery per event sink.
	oldSink := map[string]analysis.Sink{}
	for _, s := range o.an.Sinks {
		oldSink[newID(s.Node)] = s
	}
	for _, s := range n.an.Sinks {
		was, ok := oldSink[s.Node]
		if !ok {
			continue
		}
		if a, b := delivery(was), delivery(s); a != b {
			worse := s.DuplicatesPossible && !was.DuplicatesPossible || s.LossPossible && !was.LossPossible
			add(AnalysisChange{Topic: "delivery", Subject: s.Node, Old: a, New: b, Worse: worse, Text: "delivery to " + s.Node + ": " + a + " → " + b})
		}
	}
	// Durability per stateful node.
	oldDur := map[string]analysis.Durability{}
	for _, d := range o.an.Durability {
		oldDur[newID(d.Node)] = d
	}
	for _, d := range n.an.Durability {
		was, ok := oldDur[d.Node]
		if !ok {
			continue
		}
		if a, b := tolerated(was), tolerated(d); a != b {
			worse := was.FailuresTolerated != nil && (d.FailuresTolerated == nil || *d.FailuresTolerated < *was.FailuresTolerated)
			add(AnalysisChange{Topic: "durability", Subject: d.Node, Old: a, New: b, Worse: worse, Text: "durability of " + d.Node + ": " + a + " → " + b})
		}
	}
	// Objectives.
	objective := func(ob analysis.Objective, mapID func(string) string) string {
		return ob.Measure + " of " + mapID(ob.Target)
	}
	oldObj := map[string]analysis.Objective{}
	for _, ob := range o.an.Objectives {
		oldObj[objective(ob, newID)] = ob
	}
	for _, ob := range n.an.Objectives {
		k := objective(ob, same)
		was, ok := oldObj[k]
		switch {
		case !ob.Met && (!ok || was.Met):
			what := "objective newly missed: "
			if !ob.Known {
				what = "objective no longer shown to be met: "
			}
			add(AnalysisChange{Topic: "objective", Subject: k, Old: met(was, ok), New: met(ob, true), Worse: true, Text: what + k + " " + met(ob, true)})
		case ob.Met && ok && !was.Met:
			add(AnalysisChange{Topic: "objective", Subject: k, Old: met(was, true), New: met(ob, true), Text: "objective now met: " + k + " " + met(ob, true)})
		}
	}
}

func known(e analysis.Entry) bool { return len(e.Unknown) == 0 && e.Availability > 0 }

// availability is an entry's figure as the analysis prints it: at most
// the product of the figures known when some are not.
func availability(e analysis.Entry) string {
	if e.Availability <= 0 {
		return "unknown"
	}
	s := strconv.FormatFloat(e.Availability, 'f', 4, 64) + " %"
	if e.Bound || len(e.Unknown) > 0 {
		s = "at most " + s
	}
	if len(e.Unknown) > 0 {
		s += " (no figure for " + strings.Join(e.Unknown, ", ") + ")"
	}
	return s
}

func delivery(s analysis.Sink) string {
	var also []string
	if s.DuplicatesPossible {
		also = append(also, "duplicates possible")
	}
	if s.LossPossible {
		also = append(also, "loss possible")
	}
	if len(also) == 0 {
		return s.Delivery
	}
	return s.Delivery + " (" + strings.Join(also, ", ") + ")"
}

func tolerated(d analysis.Durability) string {
	if d.FailuresTolerated == nil {
		return "unknown"
	}
	if *d.FailuresTolerated == 1 {
		return "1 failure tolerated"
	}
	return fmt.Sprintf("%d failures tolerated", *d.FailuresTolerated)
}

func met(ob analysis.Objective, ok bool) string {
	if !ok {
		return ""
	}
	verb := "met"
	switch {
	case !ob.Known:
		verb = "cannot be shown"
	case !ob.Met:
		verb = "missed"
	}
	if ob.Measure == "availability" {
		actual := strconv.FormatFloat(ob.Actual, 'f', 4, 64) + " %"
		if ob.Bound || !ob.Known {
			actual = "at most " + actual
		}
		return fmt.Sprintf("%s (%s against %s)", verb, actual, percent(ob.Objective))
	}
	return fmt.Sprintf("%s (%g against %g)", verb, ob.Actual, ob.Objective)
}

func mapped(ids []string, mapID func(string) string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = mapID(id)
	}
	return strings.Join(out, ", ")
}

func orNothing(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}

func has[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}
