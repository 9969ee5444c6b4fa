package state

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/importer"
)

// Document is what is saved and undone: the design, its undo history, the
// catalogue it is resolved against and what is derived from the two (the
// resolution, the violations by node and by edge, the analysis and its
// single points of failure), with the indexes that find a node or a group
// by id. It changes only through the Store's commit, which indexes each
// new design once; everything here reads it.
type Document struct {
	cat *catalogue.Catalogue
	// mappings are the import mappings, read when first needed (see Read).
	mappings   *importer.Mappings
	design     *catalogue.Design
	resolution *catalogue.Resolution
	// resolver resolves each design from the last (for catalogue
	// resolverCat).
	resolver    *analysis.Resolver
	resolverCat *catalogue.Catalogue
	analysis    *analysis.Report
	// past are the designs Undo goes back to, the last on top; future
	// those Redo brings back.
	past, future []*catalogue.Design
	spofs        map[string]bool
	nodeIndex    map[string]int
	groupIDs     map[string]int
	resolved     map[string]int
	// violations are the indexes of each node's own unsuppressed
	// violations in the resolution's.
	violations map[string][]int32
	// edgeViolations are the connection rules' violations, by the edge's
	// ends (violations holds the nodes' own).
	edgeViolations map[catalogue.EdgeRef][]int32
	// title is the name the user gave the design (see SetTitle).
	title string
	// later, when set, runs the analysis of a large design after the frame
	// that shows its edit (see Store.DeferAnalysis); pending is the design
	// whose analysis is still to run (nil: analysis is the design's).
	later   func(run func())
	pending *catalogue.Design
}

// deferAnalysisFrom is the size from which an edit's analysis, when the
// editor asks for it, follows the frame that shows the edit. Measured
// (BenchmarkEditBeforeAnalysis, browserbench): at 1,000 nodes the analysis
// of an added node takes about a millisecond natively, less than the second
// render its own commit costs, and deferring it made the edit's frame
// slower; at 10,000 it takes about 30 ms, and deferring it takes 60 ms off
// an add's frame in the browser.
const deferAnalysisFrom = 5000

// AnalysisPending reports whether the design's analysis is still to run
// after an edit: Analysis is then an earlier design's report, and the
// resolution lacks the analysis's findings, until the store's next commit.
func (doc *Document) AnalysisPending() bool { return doc.pending != nil }

// Catalogue returns the catalogue the design is resolved against.
func (doc *Document) Catalogue() *catalogue.Catalogue { return doc.cat }

// Design returns the design. Callers read it and never change it: the store
// replaces it on every change (copy on write).
func (doc *Document) Design() *catalogue.Design { return doc.design }

// Resolution returns the design's resolved properties and violations.
func (doc *Document) Resolution() *catalogue.Resolution { return doc.resolution }

// Analysis returns what the design guarantees (see package analysis), for
// the design as it is now.
func (doc *Document) Analysis() *analysis.Report { return doc.analysis }

// index makes d the design and re-resolves it: incrementally, from what
// the last resolution found (see analysis.Resolver), and keeping the
// indexes by id while the nodes are the same, in the same order. The
// analysis of an edit may follow (see Store.DeferAnalysis), never that of
// a design opened: the last report is another design's, whose single
// points of failure and copies would mark the nodes it shares ids with.
func (doc *Document) index(d *catalogue.Design, opened bool) {
	sameNodes := doc.design != nil && doc.resolver != nil && doc.resolverCat == doc.cat && len(doc.design.Nodes) == len(d.Nodes)
	for i := 0; sameNodes && i < len(d.Nodes); i++ {
		sameNodes = doc.design.Nodes[i].ID == d.Nodes[i].ID
	}
	doc.design = d
	if !sameNodes {
		doc.nodeIndex = make(map[string]int, len(d.Nodes))
		for i, n := range d.Nodes {
			doc.nodeIndex[n.ID] = i
		}
	}
	doc.groupIDs = make(map[string]int, len(d.Groups))
	for i, g := range d.Groups {
		doc.groupIDs[g.ID] = i
	}
	if doc.resolver == nil || doc.resolverCat != doc.cat {
		doc.resolver, doc.resolverCat = analysis.NewResolver(doc.cat), doc.cat
	}
	doc.pending = nil
	if doc.later != nil && !opened && len(d.Nodes) >= deferAnalysisFrom {
		res, rep, done := doc.resolver.ResolveFirst(d)
		if !done {
			// The last report stays shown, said to be updating, until
			// the analysis of d is done (see settle).
			doc.pending = d
			doc.derive(res, doc.analysis, !sameNodes)
			return
		}
		doc.derive(res, rep, !sameNodes)
		return
	}
	res, rep := doc.resolver.Resolve(d)
	doc.derive(res, rep, !sameNodes)
}

// derive makes res and rep the design's resolution and analysis, with what
// is found from them: the single points of failure and the violations by
// node and by edge (the index by id too when renumbered).
func (doc *Document) derive(res *catalogue.Resolution, rep *analysis.Report, renumbered bool) {
	if rep != doc.analysis || doc.spofs == nil {
		doc.spofs = map[string]bool{}
		for _, sp := range rep.SPOFs {
			if sp.Node != "" {
				doc.spofs[sp.Node] = true
			}
		}
	}
	doc.resolution, doc.analysis = res, rep
	if renumbered || len(doc.resolved) != len(doc.resolution.Nodes) {
		doc.resolved = make(map[string]int, len(doc.resolution.Nodes))
		for i, n := range doc.resolution.Nodes {
			doc.resolved[n.ID] = i
		}
	}
	// By index into the resolution's violations: copying thousands of
	// violations on every edit was most of what indexing allocated.
	doc.violations = map[string][]int32{}
	doc.edgeViolations = map[catalogue.EdgeRef][]int32{}
	for i := range doc.resolution.Violations {
		switch v := &doc.resolution.Violations[i]; {
		case v.Suppressed:
		case v.Edge != nil:
			doc.edgeViolations[*v.Edge] = append(doc.edgeViolations[*v.Edge], int32(i))
		default:
			doc.violations[v.Node] = append(doc.violations[v.Node], int32(i))
		}
	}
}

// violationsAt returns the resolution's violations at indexes, worst first.
func (doc *Document) violationsAt(indexes []int32) []catalogue.Violation {
	if len(indexes) == 0 {
		return nil
	}
	vs := make([]catalogue.Violation, len(indexes))
	for k, i := range indexes {
		vs[k] = doc.resolution.Violations[i]
	}
	worstFirst(vs)
	return vs
}

// Node returns the node with id, or nil.
func (doc *Document) Node(id string) *catalogue.Node {
	if i, ok := doc.nodeIndex[id]; ok {
		return &doc.design.Nodes[i]
	}
	return nil
}

// Position returns where node id is drawn (its position, or its grid cell
// when it has none), and false when there is no such node.
func (doc *Document) Position(id string) (x, y float64, ok bool) {
	i, ok := doc.nodeIndex[id]
	if !ok {
		return 0, 0, false
	}
	x, y = drawing.Position(&doc.design.Nodes[i], i)
	return x, y, true
}

// Resolved returns the resolved node with id, or nil.
func (doc *Document) Resolved(id string) *catalogue.ResolvedNode {
	if i, ok := doc.resolved[id]; ok {
		return &doc.resolution.Nodes[i]
	}
	return nil
}

// Violations returns the violations of node id that are not suppressed,
// worst first.
func (doc *Document) Violations(id string) []catalogue.Violation {
	return doc.violationsAt(doc.violations[id])
}

// EdgeViolations returns the unsuppressed violations of the connection
// rules on edge i, worst first.
func (doc *Document) EdgeViolations(i int) []catalogue.Violation {
	if i < 0 || i >= len(doc.design.Edges) {
		return nil
	}
	e := doc.design.Edges[i]
	return doc.violationsAt(doc.edgeViolations[catalogue.EdgeRef{From: e.From, To: e.To}])
}

// worstFirst orders violations by severity, keeping their order otherwise.
func worstFirst(vs []catalogue.Violation) {
	slices.SortStableFunc(vs, func(a, b catalogue.Violation) int { return b.Severity.Rank() - a.Severity.Rank() })
}

// Worst returns the worst severity among node id's violations, or "".
func (doc *Document) Worst(id string) catalogue.Severity {
	var worst catalogue.Severity
	for _, i := range doc.violations[id] {
		if sev := doc.resolution.Violations[i].Severity; sev.Rank() > worst.Rank() {
			worst = sev
		}
	}
	return worst
}

// SPOF reports whether node id alone can cut an entry point off.
func (doc *Document) SPOF(id string) bool { return doc.spofs[id] }

// groupIndex is the index of group id in the design, or -1.
func (doc *Document) groupIndex(id string) int {
	if i, ok := doc.groupIDs[id]; ok {
		return i
	}
	return -1
}

// Group returns group id of the design, or nil.
func (doc *Document) Group(id string) *catalogue.Group {
	if i := doc.groupIndex(id); i >= 0 {
		return &doc.design.Groups[i]
	}
	return nil
}

// ResolvedGroup returns group id as resolved (its chain and values), or nil.
func (doc *Document) ResolvedGroup(id string) *catalogue.ResolvedGroup {
	for i := range doc.resolution.Groups {
		if doc.resolution.Groups[i].ID == id {
			return &doc.resolution.Groups[i]
		}
	}
	return nil
}

// EdgeFlow returns the flow edge i carries and where it comes from: the
// edge's own, or its kinds' (see catalogue.EdgeFlow).
func (doc *Document) EdgeFlow(i int) (catalogue.Flow, catalogue.Source) {
	e := doc.design.Edges[i]
	return catalogue.EdgeFlow(e, doc.KindOf(e.From), doc.KindOf(e.To))
}

// KindOf returns the kind of node id's component, or nil.
func (doc *Document) KindOf(id string) *catalogue.Kind {
	if n := doc.Node(id); n != nil {
		if comp := doc.cat.Components[n.Component]; comp != nil {
			return doc.cat.Kinds[comp.Kind]
		}
	}
	return nil
}

// Note returns note i, or nil.
func (doc *Document) Note(i int) *catalogue.Note {
	if i < 0 || i >= len(doc.design.Notes) {
		return nil
	}
	return &doc.design.Notes[i]
}

// nodeSet checks ids name nodes of the design and returns them as a set.
func (doc *Document) nodeSet(ids []string) (map[string]bool, error) {
	if len(ids) == 0 {
		return nil, errors.New("select some nodes first")
	}
	set := make(map[string]bool, len(ids))
	for _, id := range ids {
		if _, ok := doc.nodeIndex[id]; !ok {
			return nil, fmt.Errorf("no node has the id %q", id)
		}
		set[id] = true
	}
	return set, nil
}

func (doc *Document) freeID(base string) string {
	return nextFreeID(base, func(id string) bool {
		_, node := doc.nodeIndex[id]
		return node || doc.groupIndex(id) >= 0
	})
}

// nextFreeID is base, or base-2, base-3… the first that taken refuses,
// shortened to stay a valid id (64 characters).
func nextFreeID(base string, taken func(string) bool) string {
	if !taken(base) {
		return base
	}
	// A copy of kafka-2 is kafka-3, not kafka-2-2.
	first := 2
	if at := strings.LastIndexByte(base, '-'); at > 0 {
		if n, err := strconv.Atoi(base[at+1:]); err == nil && n >= 2 && base[at+1] != '0' {
			base, first = base[:at], n+1
		}
	}
	for i := first; ; i++ {
		suffix := "-" + strconv.Itoa(i)
		stem := base
		if len(stem)+len(suffix) > 64 {
			stem = strings.TrimRight(stem[:64-len(suffix)], "-")
		}
		if id := stem + suffix; !taken(id) {
			return id
		}
	}
}

// Export returns the design as YAML, exactly as the CLI reads it.
func (doc *Document) Export() []byte { return catalogue.EncodeDesignYAML(doc.design) }
