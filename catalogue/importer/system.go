package importer

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// system is what a format's reader found, before the mappings say what it
// becomes.
type system struct {
	format    Format
	mapping   *Mapping
	resources []*resource
	groups    []*group
	groupAt   map[string]*group // groups by key
	// services are where each compose service is in resources, for a
	// later file's to change it.
	services map[string]int
	// links are references between resources by address, each once (see
	// link): each becomes an edge when both ends become nodes, and those
	// edges are counted against catalogue.MaxEdges once the nodes are known.
	links  []link
	linked map[[2]string]bool
	// paired counts the links asked for, made again or not: what the
	// connections' fan-out costs, bounded by maxPairs.
	paired int
	// tooMany is why the import is refused, once the links passed what a
	// design holds.
	tooMany *catalogue.Error
	// skipped are resources that make no node (a ConfigMap, a data
	// source, one no rule maps).
	skipped capped[Unmapped]
	// order is each file's place in the import: the report is in it.
	order map[string]int
	// leftOut are what the files say that the design has no place for.
	leftOut capped[LeftOut]
	// rulePaths are the paths each rule reads, found once.
	rulePaths map[*Rule]paths
	// protocols are what connections to each Compose service speak, by
	// its ports, once found (see protocolTo).
	protocols map[string]string
	// name is the design's name the files give (a Compose project's),
	// written at nameAt.
	name   string
	nameAt catalogue.Pos
}

// maxLeftOut bounds the things left out an import lists, one by one: a
// file of a million keys the design has no place for says how many past
// it in one more line, rather than a report many times its size.
const maxLeftOut = 10_000

// capped is a report's list: its first maxLeftOut items, then a count of
// the others, the first of which is at moreAt.
type capped[T any] struct {
	items  []T
	more   int
	moreAt catalogue.Pos
}

// add lists x, at at, or counts it past maxLeftOut.
func (c *capped[T]) add(x T, at catalogue.Pos) {
	if len(c.items) < maxLeftOut {
		c.items = append(c.items, x)
		return
	}
	if c.more == 0 {
		c.moreAt = at
	}
	c.more++
}

// leaveOut lists l as left out, or counts it past maxLeftOut.
func (s *system) leaveOut(l LeftOut) { s.leftOut.add(l, l.Pos) }

// maxPairs bounds the links a file's references ask for, repeated ones
// included: a hundred times the edges a design may hold.
const maxPairs = 100 * catalogue.MaxEdges

// maxLinks bounds the different links the system holds: what a connecting
// resource's references ask for (every queue to every function) may be
// between resources that make no node, so it is more than a design's
// edges, counted once the nodes are known; it bounds the memory they take.
const maxLinks = 4 * catalogue.MaxEdges

// resource is one thing a file declares.
type resource struct {
	file    string
	node    *yaml.Node // where it is declared
	address string     // unique within the import ("aws_db_instance.main")
	typ     string     // resource type, Kubernetes kind, "service" for compose
	image   string     // the image it runs (compose, Kubernetes)
	name    string     // what the node's id is made from
	attrs   *yaml.Node // what the mapping's paths read
	group   string     // the key of the group it sits in
	// refs are the addresses its attributes reference, with the attribute
	// path each is under.
	refs []ref
	// keyFile are the files of the keys of attrs an earlier file wrote (a
	// Compose service an override file changes); the others are file's.
	keyFile map[*yaml.Node]string
	// namingEnv are the environment variables that name another resource
	// (an edge): the others are left out.
	namingEnv map[string]bool
	// configured are attributes set to what is known only once applied (a
	// Terraform plan's references: a queue's redrive_policy naming its
	// dead-letter queue's ARN), absent from attrs: they exist.
	configured map[string]bool
}

type ref struct {
	path    string // the attribute's top-level key
	address string
}

// link is an edge between two resources by address.
type link struct {
	from, to string
	flow     catalogue.Flow
	label    string
	// protocol is what it speaks, by port, the port it names, or "" for
	// none (a Compose service's edge then speaks what its end publishes).
	protocol, port string
	at             catalogue.Pos // where the reference that made it is
}

// fileOf is the file key k of r's attributes is written in.
func (r *resource) fileOf(k *yaml.Node) string {
	if f, ok := r.keyFile[k]; ok {
		return f
	}
	return r.file
}

// group is a boundary the resources sit in.
type group struct {
	key, boundary, name, in string
	props                   map[string]catalogue.Value
	at                      catalogue.Pos // where it is first named
}

func (s *system) add(r *resource) { s.resources = append(s.resources, r) }

func (s *system) addGroup(g *group) {
	if s.groupAt[g.key] != nil {
		return
	}
	if s.groupAt == nil {
		s.groupAt = map[string]*group{}
	}
	s.groupAt[g.key] = g
	s.groups = append(s.groups, g)
}

// link adds l, written at at, unless the system has a link between its
// ends already (links repeat: a mapping naming its queue 5,000 times, a
// Service named in every workload's environment); a link of a resource to
// itself is none. Once the links asked for pass maxPairs, or the different
// ones maxLinks, it adds no more and returns false, and the import is
// refused with the position of the resource that passed it. Whether the
// links make more edges than a design holds is known once the nodes are
// (see design): a link to a resource that makes no node makes no edge.
func (s *system) link(l link, at catalogue.Pos) bool {
	if !s.ask(at) {
		return false
	}
	key := [2]string{l.from, l.to}
	if l.from == l.to || s.linked[key] {
		return true
	}
	if len(s.links) == maxLinks {
		s.tooMany = &catalogue.Error{Pos: at, Code: diag.CodeTooLarge,
			Msg: fmt.Sprintf("with the references up to here the files name more than %d different links between resources; a design holds at most %d edges, so import the system in parts", maxLinks, catalogue.MaxEdges)}
		return false
	}
	if s.linked == nil {
		s.linked = map[[2]string]bool{}
	}
	s.linked[key] = true
	l.at = at
	s.links = append(s.links, l)
	return true
}

// ask counts a link asked for at at, made or not, and says whether the
// links asked for are still within maxPairs.
func (s *system) ask(at catalogue.Pos) bool {
	if s.tooMany != nil {
		return false
	}
	s.paired++
	if s.paired <= maxPairs {
		return true
	}
	s.tooMany = &catalogue.Error{Pos: at, Code: diag.CodeTooLarge,
		Msg: fmt.Sprintf("the file's references name more than %d links between resources (the same ones again and again); a design holds at most %d edges, so name each connection once", maxPairs, catalogue.MaxEdges)}
	return false
}

func (s *system) skip(file string, n *yaml.Node, address, typ, why string) {
	s.notImported(Unmapped{Pos: pos(file, n), Address: address, Type: typ, Why: why})
}

// notImported lists u as not imported, or counts it past maxLeftOut, as
// leaveOut does: 80,000 ConfigMaps are not 80,000 lines of a report.
func (s *system) notImported(u Unmapped) { s.skipped.add(u, u.Pos) }

// origin is what a node of r records: "terraform:aws_db_instance.main".
func (s *system) origin(r *resource) string { return OriginPrefix(s.format) + ":" + r.address }

// rule is the first rule of the mapping that r matches, or nil.
func (m *Mapping) rule(r *resource) *Rule {
	// The image's name, read once (an image is as long as a file's
	// value may be); one that cannot be an image reference matches no
	// image.
	name, named, hasImage := "", false, false
	for i := range m.Resources {
		rule := &m.Resources[i]
		if len(rule.Types) > 0 && !slices.Contains(rule.Types, r.typ) {
			continue
		}
		if len(rule.Images) > 0 {
			if !named {
				if hasImage = r.image != "" && imageReferenceProblem(r.image) == ""; hasImage {
					name = imageName(r.image)
				}
				named = true
			}
			if !hasImage {
				continue
			}
			if !slices.ContainsFunc(rule.Images, func(p string) bool { return imageMatches(p, name) }) {
				continue
			}
		}
		when := true
		for path, values := range rule.When {
			found := false
			for _, v := range at(r.attrs, path) {
				if slices.Contains(values, str(v)) {
					found = true
				}
			}
			when = when && found
		}
		if when {
			return rule
		}
	}
	return nil
}

// design makes the design of what the readers found.
func (s *system) design(cat *catalogue.Catalogue, m *Mapping) (*Result, error) {
	res := &Result{Format: s.format, order: s.order}
	d := &catalogue.Design{SchemaVersion: catalogue.SchemaVersion}
	if s.name != "" {
		if _, problem := catalogue.TextProblem(s.name); problem != "" {
			s.leaveOut(LeftOut{Pos: s.nameAt, What: "name", Why: problem})
		} else {
			d.Name = s.name
		}
	}
	ids := newIDSet()
	groupID := map[string]string{}
	for _, g := range s.groups {
		groupID[g.key] = ids.unique(kebab(g.name))
	}
	used := map[string]bool{}
	nodeOf := map[string]string{}    // address → node id
	var where []catalogue.NodeSource // where each node's resource and values are written
	var nodeRes []*resource          // each node's resource
	var nodeRule []*Rule             // and the rule it was made by
	for _, r := range s.resources {
		if r == nil {
			continue // a compose service a later file changed
		}
		if why := originProblem(s.origin(r), r.address); why != "" {
			s.notImported(Unmapped{Pos: pos(r.file, r.node), Address: r.address, Type: r.typ, Why: why})
			continue
		}
		rule := m.rule(r)
		if rule == nil {
			why := "no mapping for " + diag.Clip(r.typ)
			if r.image != "" {
				why = "no mapping for the image " + diag.Clip(withoutCredentials(r.image))
			}
			s.notImported(Unmapped{Pos: pos(r.file, r.node), Address: r.address, Type: r.typ, Why: why + " (add a rule to imports/" + string(s.format) + ".yaml)"})
			continue
		}
		comp := cat.Components[rule.Component]
		id := kebab(r.name)
		if ids.taken[id] {
			// The same name for two things ("orders" the queue and the
			// function): the second says what it is.
			id = kebab(r.name + "-" + comp.Kind)
		}
		n := catalogue.Node{ID: ids.unique(id), Component: rule.Component, Origin: s.origin(r)}
		if r.group != "" {
			n.In = groupID[r.group]
			used[r.group] = true
		}
		propAt := map[string]catalogue.Pos{}
		for _, prop := range sortedProps(rule.Props) {
			src := rule.Props[prop]
			v, where, ok := value(src, r.attrs, comp.Property(prop))
			if where == nil && src.Exists && len(at(r.attrs, src.Path)) == 0 && r.configured[strings.SplitN(src.Path, ".", 2)[0]] {
				v, where, ok = catalogue.BoolValue(true), r.node, true
			}
			if where == nil {
				continue
			}
			p := pos(r.file, where)
			if !ok {
				res.Dropped = append(res.Dropped, &catalogue.Error{Pos: p, Code: diag.CodeTypeMismatch,
					Msg: fmt.Sprintf("%s: %s `%s` is not a value of %s's %s (%s); left to the catalogue", diag.Clip(r.address), rule.Props[prop].Path, diag.Clip(str(where)), comp.ID, prop, typeWords(comp.Property(prop)))})
				continue
			}
			if _, problem := catalogue.TextProblem(v.Str()); problem != "" {
				res.Dropped = append(res.Dropped, &catalogue.Error{Pos: p, Code: diag.CodeTooLarge,
					Msg: fmt.Sprintf("%s: %s: %s; left to the catalogue", diag.Clip(r.address), rule.Props[prop].Path, problem)})
				continue
			}
			if problem := comp.ValueProblem(prop, v); problem != "" {
				res.Dropped = append(res.Dropped, &catalogue.Error{Pos: p, Code: diag.CodeLimitExceeded,
					Msg: fmt.Sprintf("%s: %s %s: %s; left to the catalogue", diag.Clip(r.address), rule.Props[prop].Path, v.Literal(), problem)})
				continue
			}
			if l := comp.Limits[prop]; l != nil && !l.Allows(v) {
				// Kept: it is what the system has, and the checker's limit
				// rule says so too; here with where it was written.
				res.Dropped = append(res.Dropped, &catalogue.Error{Pos: p, Code: diag.CodeLimitExceeded,
					Msg: fmt.Sprintf("%s: %s %s is outside what %s allows (%s); kept, and checked as an error (%s)", diag.Clip(r.address), rule.Props[prop].Path, l.Format(v), comp.ID, l.Describe(), l.Docs)})
			}
			if n.Props == nil {
				n.Props = map[string]catalogue.Value{}
			}
			n.Props[prop] = v
			propAt[prop] = p
		}
		source := catalogue.NodeSource{Pos: pos(r.file, r.node), Props: map[string]catalogue.Pos{}}
		for prop := range n.Props {
			source.Props[prop] = propAt[prop]
		}
		where = append(where, source)
		nodeRes, nodeRule = append(nodeRes, r), append(nodeRule, rule)
		if s.format == Compose {
			kind := comp.Kind
			if k := cat.Kinds[comp.Kind]; k != nil {
				kind = k.Name
			}
			s.composeLeftOut(r, rule, comp, kind)
		}
		nodeOf[r.address] = n.ID
		if base, _, indexed := strings.Cut(r.address, "["); indexed && nodeOf[base] == "" {
			nodeOf[base] = n.ID // what references name (the first of a count)
		}
		d.Nodes = append(d.Nodes, n)
	}
	if len(d.Nodes) > catalogue.MaxNodes {
		return nil, catalogue.ErrorList{{Pos: where[catalogue.MaxNodes].Pos, Code: diag.CodeTooLarge,
			Msg: fmt.Sprintf("the import makes %d nodes, more than the %d a design holds (the first past them is here); import the system in parts", len(d.Nodes), catalogue.MaxNodes)}}
	}
	// The nodes' references, once every node is known: one to a resource
	// that makes no node (a role, a security group) makes no edge, and is
	// only counted.
	for i, r := range nodeRes {
		rule, at := nodeRule[i], pos(r.file, r.node)
		for _, rf := range r.refs {
			if nodeOf[rf.address] == "" {
				if !s.ask(at) {
					return nil, catalogue.ErrorList{s.tooMany}
				}
				continue
			}
			l := link{from: r.address, to: rf.address}
			if slices.Contains(rule.Inbound, rf.path) {
				l = link{from: rf.address, to: r.address}
			}
			if !s.link(l, at) {
				return nil, catalogue.ErrorList{s.tooMany}
			}
		}
	}
	// Groups that hold something, with the groups they sit in.
	keep := map[string]bool{}
	for key := range used {
		for k := key; k != "" && !keep[k]; {
			keep[k] = true
			k = s.groupByKey(k).in
		}
	}
	for _, g := range s.groups {
		if !keep[g.key] {
			continue
		}
		if len(d.Groups) == catalogue.MaxGroups {
			return nil, catalogue.ErrorList{{Pos: g.at, Code: diag.CodeTooLarge,
				Msg: fmt.Sprintf("the import makes more than the %d groups a design holds (the first past them is here); import the system in parts", catalogue.MaxGroups)}}
		}
		group := catalogue.Group{ID: groupID[g.key], Boundary: g.boundary, Name: g.name, In: groupID[g.in], Props: g.props}
		if problem := g.textProblem(&group); problem != nil {
			res.Dropped = append(res.Dropped, problem)
		}
		d.Groups = append(d.Groups, group)
	}
	// The edges: the links between two nodes, each pair of nodes once.
	seen := map[[2]string]bool{}
	edges := 0
	var past catalogue.Pos // where the first edge past a design's is asked for
	for _, l := range s.links {
		from, to := nodeOf[l.from], nodeOf[l.to]
		if from == "" || to == "" || from == to || seen[[2]string{from, to}] {
			continue
		}
		seen[[2]string{from, to}] = true
		if edges++; edges > catalogue.MaxEdges {
			if edges == catalogue.MaxEdges+1 {
				past = l.at
			}
			continue
		}
		if l.protocol == "" && l.port == "" && s.format == Compose {
			l.protocol = s.protocolTo(l.to)
		}
		d.Edges = append(d.Edges, catalogue.Edge{From: from, To: to, Flow: l.flow, Label: l.label, Protocol: l.protocol})
	}
	if edges > catalogue.MaxEdges {
		return nil, catalogue.ErrorList{{Pos: past, Code: diag.CodeTooLarge,
			Msg: fmt.Sprintf("the import makes %d edges between its nodes, more than the %d a design holds (the first past them is asked for here); import the system in parts", edges, catalogue.MaxEdges)}}
	}
	if s.format == Compose {
		composeEntries(cat, d, nodeRes)
	}
	res.Unmapped = s.skipped.items
	if s.skipped.more > 0 {
		res.Unmapped = append(res.Unmapped, Unmapped{Pos: s.skipped.moreAt, Address: fmt.Sprintf("%d more resources", s.skipped.more), Why: fmt.Sprintf("the report lists %d of them", maxLeftOut)})
	}
	slices.SortStableFunc(s.leftOut.items, func(a, b LeftOut) int { return comparePos(s.order, a.Pos, b.Pos) })
	res.LeftOut = s.leftOut.items
	if s.leftOut.more > 0 {
		res.LeftOut = append(res.LeftOut, LeftOut{Pos: s.leftOut.moreAt, What: fmt.Sprintf("%d more things", s.leftOut.more), Why: fmt.Sprintf("the report lists %d of them", maxLeftOut)})
	}
	if errs := cat.Check(d); len(errs) > 0 {
		return nil, errs
	}
	// Within every count, names of 10,000 characters still make a design
	// larger than one may be (1,100 of them, 11 MB): it would not read back.
	if size := len(catalogue.EncodeDesignYAML(d)); size > catalogue.MaxDesignBytes {
		first := ""
		for file, i := range s.order {
			if i == 0 {
				first = file
			}
		}
		return nil, catalogue.ErrorList{{Pos: catalogue.Pos{File: first, Line: 1, Column: 1}, Code: diag.CodeTooLarge,
			Msg: DesignSizeProblem(size)}}
	}
	// What the checker finds on a node is placed at its resource, when the
	// import read one file.
	if len(where) > 0 && !slices.ContainsFunc(where, func(n catalogue.NodeSource) bool { return n.Pos.File != where[0].Pos.File }) {
		d.Positions = catalogue.NodePositions(where[0].Pos.File, where)
	}
	res.Design = d
	return res, nil
}

// DesignSizeProblem says that a design written as size bytes is more than
// one may be (catalogue.MaxDesignBytes), for an import or a merge.
func DesignSizeProblem(size int) string {
	return fmt.Sprintf("the design would be %d bytes, more than the %d bytes (10 MiB) a design may be; import the system in parts", size, catalogue.MaxDesignBytes)
}

// originProblem says why a resource of address cannot be a node whose
// origin is origin, or "": the origin is a design's text.
func originProblem(origin, address string) string {
	_, problem := catalogue.TextProblem(origin)
	if problem == "" {
		return ""
	}
	if bad, _ := diag.BadChar(address); bad != "" {
		return "its address holds " + bad + ", which a design cannot (a node's origin names it)"
	}
	return fmt.Sprintf("its address is %d characters, longer than a node's origin may be (%s)", utf8.RuneCountInString(address), problem)
}

// textProblem leaves out of group (g's) the name and the properties that
// cannot be a design's text, and says so, or returns nil: the group keeps
// its id, made from the name.
func (g *group) textProblem(group *catalogue.Group) *catalogue.Error {
	code, problem := catalogue.TextProblem(g.name)
	var left []string
	if problem != "" {
		group.Name = ""
		left = append(left, "name")
	}
	props := maps.Clone(g.props)
	for _, prop := range slices.Sorted(maps.Keys(g.props)) {
		c, p := catalogue.TextProblem(g.props[prop].Str())
		if p == "" {
			continue
		}
		if problem == "" {
			code, problem = c, p
		}
		delete(props, prop)
		left = append(left, prop)
	}
	group.Props = props
	if len(left) == 0 {
		return nil
	}
	what := g.boundary
	if what == "cluster" {
		what = "namespace"
	}
	return &catalogue.Error{Pos: g.at, Code: code,
		Msg: fmt.Sprintf("the %s `%s`: %s; the group %s is imported without its %s", what, diag.Clip(g.name), problem, group.ID, strings.Join(left, " and "))}
}

func (s *system) groupByKey(key string) *group {
	if g := s.groupAt[key]; g != nil {
		return g
	}
	return &group{}
}

func sortedProps(m map[string]Source) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// value reads a property's value from attrs as src says, converted to the
// property's type: where is the value's node (nil when there is none), ok
// whether it fits the type.
func value(src Source, attrs *yaml.Node, p *catalogue.Property) (v catalogue.Value, where *yaml.Node, ok bool) {
	found := at(attrs, src.Path)
	switch {
	case src.Exists:
		for _, n := range found {
			if n != nil && !(n.Kind == yaml.ScalarNode && (n.Value == "" || n.Tag == "!!null")) && get(n, "disable") == nil {
				return catalogue.BoolValue(true), n, true
			}
		}
		return v, nil, false
	case src.Is != "":
		for _, n := range found {
			if str(n) == src.Is {
				return catalogue.BoolValue(true), n, true
			}
		}
		return v, nil, false
	case src.IsNot != "":
		for _, n := range found {
			// A plain value: not null, not an intrinsic function (!Ref).
			if n != nil && n.Kind == yaml.ScalarNode && n.Tag != "!!null" && (n.Tag == "" || strings.HasPrefix(n.Tag, "!!")) {
				return catalogue.BoolValue(str(n) != src.IsNot), n, true
			}
		}
		return v, nil, false
	}
	if len(found) == 0 || found[0] == nil || found[0].Kind != yaml.ScalarNode || found[0].Tag == "!!null" {
		// None, or one computed when the system is deployed ({"Ref": …}):
		// nothing to say now.
		return v, nil, false
	}
	n := found[0]
	if strings.HasPrefix(n.Tag, "!") && !strings.HasPrefix(n.Tag, "!!") {
		return v, nil, false // an intrinsic function (!Ref): known when deployed
	}
	text := n.Value
	switch p.Type {
	case catalogue.TypeBoolean:
		switch strings.ToLower(text) {
		case "true", "yes":
			return catalogue.BoolValue(true), n, true
		case "false", "no":
			return catalogue.BoolValue(false), n, true
		}
	case catalogue.TypeInteger:
		if i, err := strconv.ParseInt(text, 10, 64); err == nil {
			return catalogue.IntValue(i), n, true
		}
		if f, err := strconv.ParseFloat(text, 64); err == nil && f == float64(int64(f)) {
			return catalogue.IntValue(int64(f)), n, true
		}
	case catalogue.TypeEnum:
		if slices.Contains(p.Values, text) {
			return catalogue.StringValue(text), n, true
		}
	default:
		return catalogue.StringValue(text), n, true
	}
	return v, n, false
}

func typeWords(p *catalogue.Property) string {
	if p.Type == catalogue.TypeEnum {
		return "one of " + strings.Join(p.Values, ", ")
	}
	return string(p.Type)
}

// edgeRules are the mapping's edge rules for resources of type typ.
func (s *system) edgeRules(typ string) []*EdgeRule {
	var out []*EdgeRule
	for i := range s.mapping.Edges {
		if s.mapping.Edges[i].Type == typ {
			out = append(out, &s.mapping.Edges[i])
		}
	}
	return out
}

// connect makes the links of a connecting resource (its rules) from what
// its references under each rule's From reach to what those under its To
// reach, each pair once; one whose references name no resource of the file
// is reported.
func (s *system) connect(file string, n *yaml.Node, address, typ string, rules []*EdgeRule, refs []ref) {
	made := false
	at := pos(file, n)
	for _, e := range rules {
		froms, tos := targets(refs, e.From), targets(refs, e.To)
		for _, from := range froms {
			for _, to := range tos {
				if !s.link(link{from: from, to: to, flow: e.Flow}, at) {
					return
				}
				made = true
			}
		}
	}
	if !made {
		s.skip(file, n, address, typ, "a connection whose ends are not resources of this file (variables, data sources, or another stack's): no edge")
	}
}

// targets are the addresses refs under path name, each once, in order.
func targets(refs []ref, path string) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range refs {
		if r.path == path && !seen[r.address] {
			seen[r.address] = true
			out = append(out, r.address)
		}
	}
	return out
}
