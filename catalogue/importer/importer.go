// Package importer turns a system described as code into a design:
// docker-compose files, Kubernetes manifests, Terraform plans (`terraform
// show -json`) and CloudFormation or SAM templates. Each resource the
// catalogue's mappings know (see Mappings) becomes a node of its component,
// with the attributes they map as property overrides and its origin
// ("terraform:aws_db_instance.main"); what references what becomes an edge;
// networks, namespaces, regions and zones become groups. Nothing is dropped
// silently: every resource that maps to nothing, and every value that does
// not fit its property, is in the Result's report, with its position.
package importer

import (
	"bytes"
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// Format is a kind of file the importer reads.
type Format string

// The formats.
const (
	Compose        Format = "compose"
	Kubernetes     Format = "k8s"
	TerraformPlan  Format = "terraform-plan"
	CloudFormation Format = "cloudformation"
)

// Formats lists the formats, as `designer import` names them.
var Formats = []Format{Compose, Kubernetes, TerraformPlan, CloudFormation}

// MaxFileBytes bounds a file to import: Terraform plans of large systems
// run to tens of megabytes.
const MaxFileBytes = 64 << 20

// maxWalk bounds the nodes of one file's tree the importer visits: a
// deeply nested or alias-heavy file is refused rather than walked forever.
const maxWalk = 5_000_000

// maxAliased bounds the values a file's aliases add to it.
const maxAliased = 100_000

// File is a file to import.
type File struct {
	Name string
	Data []byte
}

// Result is an import: the design, and the report of what did not make it.
type Result struct {
	Format Format
	Design *catalogue.Design
	// Unmapped are the resources that became nothing, with why; past
	// 10,000, one more entry says how many more (its Address "2000 more
	// resources", no Type).
	Unmapped []Unmapped
	// LeftOut are what the files say of the resources that became nodes,
	// and of themselves, that the design has no place for (a Compose
	// service's build, its volumes, its other environment variables), one
	// entry a key; past 10,000, one more entry says how many more.
	LeftOut []LeftOut
	// Dropped are values that did not fit their property: of the wrong type
	// (the property is left to the catalogue), or outside the product's
	// limits (kept: the checker reports it as an error).
	Dropped catalogue.ErrorList
	// order is each file's place in the import, by its name.
	order map[string]int
}

// LeftOut is something a file says that its import has no place for: of
// the resource at Address, of Type, or of the file itself (no Address).
type LeftOut struct {
	Pos catalogue.Pos
	// Address is the resource's, clipped as the report clips it (a
	// thousand entries of one service repeat it).
	Address string
	Type    string
	// What it is ("build context ./api", "2 environment variables (A,
	// B)"): never a variable's value, which may be a secret.
	What string
	Why  string
}

// String is l as the report writes it: "file:line:col: service api: build
// context ./api left out: why".
func (l LeftOut) String() string {
	if l.Address == "" {
		return fmt.Sprintf("%s: %s left out: %s", l.Pos, l.What, l.Why)
	}
	return fmt.Sprintf("%s: %s %s: %s left out: %s", l.Pos, diag.Clip(l.Type), l.Address, l.What, l.Why)
}

// Unmapped is a resource the import left out.
type Unmapped struct {
	Pos     catalogue.Pos
	Address string
	Type    string
	Why     string
}

// Report is the import's report for people: a line a resource not
// imported or a thing left out, in the files' order, then a line a value
// dropped, "file:line:col: …".
func (r *Result) Report() []string {
	type line struct {
		at   catalogue.Pos
		text string
	}
	lines := make([]line, 0, len(r.Unmapped)+len(r.LeftOut))
	for i, u := range r.Unmapped {
		if i == maxLeftOut {
			// How many more: last.
			lines = append(lines, line{catalogue.Pos{File: "\uffff"}, fmt.Sprintf("%s: %s were not imported: %s", u.Pos, u.Address, u.Why)})
			continue
		}
		lines = append(lines, line{u.Pos, fmt.Sprintf("%s: %s (%s) was not imported: %s", u.Pos, diag.Clip(u.Address), diag.Clip(u.Type), u.Why)})
	}
	for i, l := range r.LeftOut {
		at := l.Pos
		if i == maxLeftOut {
			at.File = "\uffff" // how many more: last
		}
		lines = append(lines, line{at, l.String()})
	}
	// (A file order does not know, as "\uffff", sorts after the others.)
	slices.SortStableFunc(lines, func(a, b line) int { return comparePos(r.order, a.at, b.at) })
	out := make([]string, 0, len(lines)+len(r.Dropped))
	for _, l := range lines {
		out = append(out, printable(l.text))
	}
	for _, e := range r.Dropped {
		out = append(out, printable(e.Error()))
	}
	return out
}

// comparePos orders positions by their file's place in order (the files'
// order in the import), then by line and column; files order does not
// know come after, by name.
func comparePos(order map[string]int, a, b catalogue.Pos) int {
	place := func(file string) int {
		if i, ok := order[file]; ok {
			return i
		}
		return len(order) + 1
	}
	return cmp.Or(cmp.Compare(place(a.File), place(b.File)), cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
}

// printable is a line of the report with the characters that would break
// it or rewrite a terminal's screen (a file's names may hold any) written
// as escapes: "\x1b".
func printable(line string) string {
	if bad, _ := diag.BadChar(line); bad == "" && !strings.ContainsAny(line, "\t\n\r") {
		return line
	}
	var b strings.Builder
	for i, r := range line {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(line[i:], "\uFFFD"):
			fmt.Fprintf(&b, "\\x%02x", line[i])
		case r < 0x20, r >= 0x7f && r <= 0x9f:
			fmt.Fprintf(&b, "\\x%02x", r)
		case r == 0xfffe, r == 0xffff:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Detect says which format a file is, from its content: "" for none (a
// design, or anything else). A leading byte order mark is read past.
func Detect(data []byte) Format {
	head := withoutByteOrderMark(data)
	if len(head) > 1<<16 {
		head = head[:1<<16]
	}
	t := bytes.TrimSpace(head)
	switch {
	case designKeys.Match(head) && !cfnTop.Match(head) && !k8sObject.Match(head):
		return "" // a design (its text may name anything)
	case bytes.HasPrefix(t, []byte("{")) && bytes.Contains(head, []byte(`"format_version"`)) &&
		(bytes.Contains(head, []byte(`"planned_values"`)) || bytes.Contains(head, []byte(`"resource_changes"`)) || bytes.Contains(head, []byte(`"terraform_version"`))):
		return TerraformPlan
	case cfnTop.Match(head) && (bytes.Contains(head, []byte("AWSTemplateFormatVersion")) || bytes.Contains(head, []byte("AWS::Serverless-2016-10-31")) ||
		cfnResources.Match(head)):
		return CloudFormation
	case k8sObject.Match(head):
		return Kubernetes
	case composeServices.Match(head):
		return Compose
	}
	return ""
}

var (
	cfnResources    = regexp.MustCompile(`"?Type"?\s*:\s*"?AWS::[A-Za-z0-9]+::`)
	cfnTop          = regexp.MustCompile(`(?m)^(\{\s*)?"?Resources"?\s*:|^\s{0,4}"Resources"\s*:`)
	k8sObject       = regexp.MustCompile(`(?m)^"?apiVersion"?\s*:`)
	composeServices = regexp.MustCompile(`(?m)^"?services"?\s*:`)
	designKeys      = regexp.MustCompile(`(?m)^"?nodes"?\s*:`)
)

// Import reads files of format f (detected from the first when "") into a
// design, with the mappings m and the catalogue cat. A file that cannot be
// read as its format is refused with every problem found, positioned.
func Import(cat *catalogue.Catalogue, m *Mappings, f Format, files []File) (*Result, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("no file to import")
	}
	if f == "" {
		f = Detect(files[0].Data)
		if f == "" {
			return nil, catalogue.ErrorList{{Pos: catalogue.Pos{File: files[0].Name, Line: 1, Column: 1}, Code: diag.CodeWrongFileType,
				Msg: "not a file the importer reads: a docker-compose file, Kubernetes manifests, a Terraform plan (terraform show -json) or a CloudFormation template"}}
		}
	}
	mapping := m.For(f)
	if mapping == nil {
		return nil, fmt.Errorf("the catalogue has no mapping for %s files (imports/%s.yaml)", f, f)
	}
	s := &system{format: f, mapping: mapping, order: make(map[string]int, len(files))}
	for i, file := range files {
		if _, ok := s.order[file.Name]; !ok {
			s.order[file.Name] = i
		}
	}
	var errs catalogue.ErrorList
	for _, file := range files {
		if len(file.Data) > MaxFileBytes {
			errs = append(errs, &catalogue.Error{Pos: catalogue.Pos{File: file.Name, Line: 1, Column: 1}, Code: diag.CodeTooLarge,
				Msg: fmt.Sprintf("the file is %d bytes; imports are limited to %d bytes (64 MiB)", len(file.Data), MaxFileBytes)})
			continue
		}
		docs, err := parseDocuments(file, unreadKeys(f))
		if err != nil {
			errs = append(errs, err...)
			continue
		}
		var fileErrs catalogue.ErrorList
		switch f {
		case Compose:
			fileErrs = s.readCompose(file.Name, docs)
		case Kubernetes:
			fileErrs = s.readKubernetes(file.Name, docs)
		case TerraformPlan:
			fileErrs = s.readTerraformPlan(file.Name, docs)
		case CloudFormation:
			fileErrs = s.readCloudFormation(file.Name, docs)
		}
		errs = append(errs, fileErrs...)
	}
	if s.tooMany != nil {
		errs = append(errs, s.tooMany)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return s.design(cat, mapping)
}

// parseDocuments parses a file's YAML (or JSON) documents, refusing one that
// is not text, not well-formed or past the limits, with its line. A JSON
// file is read by parseJSON, bounded as it reads, passing over the values
// of the root's keys unread; YAML past maxYAMLMarks is
// refused before its parser runs, then bounded by value and depth as JSON
// is. Merge keys are written out, and what they and aliases add is bounded.
func parseDocuments(file File, unread []string) ([]*yaml.Node, catalogue.ErrorList) {
	fail := func(line int, code diag.Code, msg string) catalogue.ErrorList {
		return catalogue.ErrorList{{Pos: catalogue.Pos{File: file.Name, Line: line, Column: 1}, Code: code, Msg: msg}}
	}
	exceeded := func(limit *limitError) catalogue.ErrorList {
		return catalogue.ErrorList{{Pos: catalogue.Pos{File: file.Name, Line: limit.line, Column: limit.column}, Code: diag.CodeTooLarge, Msg: limit.msg}}
	}
	data := withoutByteOrderMark(file.Data)
	if !utf8.Valid(data) {
		return nil, fail(1, diag.CodeNotUTF8, "the file is not UTF-8 text")
	}
	var docs []*yaml.Node
	fromJSON := false
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		root, limit, notJSON := parseJSON(data, unread)
		switch {
		case limit != nil:
			return nil, exceeded(limit)
		case notJSON != nil && len(data) > maxYAMLBytes:
			return nil, catalogue.ErrorList{{Pos: catalogue.Pos{File: file.Name, Line: notJSON.line, Column: notJSON.column}, Code: diag.CodeYAMLSyntax,
				Msg: "not well-formed JSON here; a file over 32 MiB is read as JSON only, not as YAML"}}
		case notJSON == nil:
			docs, fromJSON = []*yaml.Node{root}, true
		}
	}
	if docs == nil {
		if len(data) > maxYAMLBytes {
			return nil, fail(1, diag.CodeTooLarge, fmt.Sprintf("the file is %d bytes of YAML; YAML imports are limited to %d bytes (32 MiB), JSON ones (a Terraform plan, a template in JSON) to 64 MiB", len(data), maxYAMLBytes))
		}
		if limit := scanYAML(data); limit != nil {
			return nil, exceeded(limit)
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		left := maxValues
		last := 1 // the line of the last document read
		for read := 0; ; read++ {
			if read > 100_000 {
				return nil, fail(last, diag.CodeTooLarge, "more than 100,000 documents (the 100,001st starts here); imports are limited to 100,000: import the system in parts")
			}
			var n yaml.Node
			err := dec.Decode(&n)
			if err != nil {
				if err.Error() == "EOF" {
					break
				}
				line, msg := 1, err.Error()
				if m := yamlLine.FindStringSubmatch(msg); m != nil {
					line, _ = strconv.Atoi(m[1])
					msg = m[2]
				}
				return nil, fail(line, diag.CodeYAMLSyntax, msg)
			}
			if n.Line > 0 {
				last = n.Line
			}
			if len(n.Content) == 0 || n.Content[0].Kind == yaml.ScalarNode && n.Content[0].Tag == "!!null" {
				continue // an empty document (--- alone, comments) holds nothing
			}
			var limit *limitError
			if left, limit = checkTree(n.Content[0], left); limit != nil {
				return nil, exceeded(limit)
			}
			if a := crossDocumentAlias(n.Content[0]); a != nil {
				return nil, catalogue.ErrorList{{Pos: pos(file.Name, a), Code: diag.CodeAlias,
					Msg: fmt.Sprintf("alias *%s names an anchor of another document (line %d); YAML anchors hold within their document: write the value out", diag.Clip(a.Value), a.Alias.Line)}}
			}
			docs = append(docs, n.Content[0])
		}
	}
	if len(docs) == 0 {
		return nil, fail(1, diag.CodeEmptyFile, "the file holds nothing")
	}
	if k := duplicateKey(docs); k != nil {
		return nil, catalogue.ErrorList{{Pos: catalogue.Pos{File: file.Name, Line: k.Line, Column: k.Column}, Code: diag.CodeDuplicateKey,
			Msg: fmt.Sprintf("key `%s` is set twice in one mapping; which one counts depends on the tool, so say it once", diag.Clip(k.Value))}}
	}
	if fromJSON {
		return docs, nil // JSON has no aliases nor merge keys
	}
	// What aliases and merge keys add is bounded: the walks below read
	// every alias's anchor again, and a few nested aliases make billions
	// of values.
	raw, _ := countNodes(docs, false, maxWalk)
	merges := &mergeKeys{file: file.Name, budget: maxAliased, state: map[*yaml.Node]int{}}
	if merges.writeOut(docs); merges.err != nil {
		return nil, catalogue.ErrorList{merges.err}
	}
	limit := min(maxWalk, raw+maxAliased)
	if walked, alias := countNodes(docs, true, limit); walked > limit {
		at, where := catalogue.Pos{File: file.Name, Line: 1, Column: 1}, ""
		if alias != nil {
			at, where = pos(file.Name, alias), " at this alias"
		}
		return nil, catalogue.ErrorList{{Pos: at, Code: diag.CodeTooLarge,
			Msg: fmt.Sprintf("the file's aliases expand it past %d values (its own %d and %d more)%s; merge keys count as aliases: write the values out instead", limit, raw, limit-raw, where)}}
	}
	return docs, nil
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// countNodes counts the values of trees, with aliases expanded or not,
// stopping past limit; alias is then the alias, as the file writes it,
// whose values passed it, or nil (nesting deeper than 1,000 passes it).
func countNodes(docs []*yaml.Node, expand bool, limit int) (n int, alias *yaml.Node) {
	var walk func(x *yaml.Node, depth int, in *yaml.Node)
	walk = func(x *yaml.Node, depth int, in *yaml.Node) {
		if n > limit || x == nil {
			return
		}
		if n++; n > limit {
			alias = in
			return
		}
		if depth > 1000 {
			n = limit + 1
			return
		}
		if x.Kind == yaml.AliasNode {
			if expand {
				walk(x.Alias, depth+1, cmp.Or(in, x))
			}
			return
		}
		for _, c := range x.Content {
			walk(c, depth+1, in)
		}
	}
	for _, d := range docs {
		walk(d, 0, nil)
	}
	return n, alias
}

// resolve follows an alias.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// get is the value of key in mapping n, or nil.
func get(n *yaml.Node, key string) *yaml.Node {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return resolve(n.Content[i+1])
		}
	}
	return nil
}

// at is every value at a dotted path below n: a key per step, `*` for
// every key or item, a number for an item.
func at(n *yaml.Node, path string) []*yaml.Node {
	nodes := []*yaml.Node{resolve(n)}
	if path == "" {
		return nodes
	}
	for _, step := range strings.Split(path, ".") {
		var next []*yaml.Node
		for _, x := range nodes {
			x = resolve(x)
			if x == nil {
				continue
			}
			switch {
			case step == "*" && x.Kind == yaml.MappingNode:
				for i := 1; i < len(x.Content); i += 2 {
					next = append(next, resolve(x.Content[i]))
				}
			case step == "*" && x.Kind == yaml.SequenceNode:
				for _, c := range x.Content {
					next = append(next, resolve(c))
				}
			case x.Kind == yaml.SequenceNode:
				if i, err := strconv.Atoi(step); err == nil && i >= 0 && i < len(x.Content) {
					next = append(next, resolve(x.Content[i]))
				}
			default:
				if v := get(x, step); v != nil {
					next = append(next, v)
				}
			}
		}
		nodes = next
	}
	return nodes
}

// str is a scalar's text, or "".
func str(n *yaml.Node) string {
	n = resolve(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

// pos is where n is in file.
func pos(file string, n *yaml.Node) catalogue.Pos {
	if n == nil {
		return catalogue.Pos{File: file}
	}
	return catalogue.Pos{File: file, Line: n.Line, Column: n.Column}
}

// kebab turns a name into a design id: lower-kebab-case ("OrdersTable" →
// "orders-table", "web_api" → "web-api"), or "resource"; at most
// catalogue.MaxIDLength long.
func kebab(name string) string {
	var b strings.Builder
	prevLower := false
	for _, r := range name {
		switch {
		case r >= 'A' && r <= 'Z':
			if prevLower && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r - 'A' + 'a')
			prevLower = false
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			prevLower = true
		default:
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
				b.WriteByte('-')
			}
			prevLower = false
		}
		if b.Len() > catalogue.MaxIDLength {
			break // the rest would be cut
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		return "resource"
	}
	if s[0] >= '0' && s[0] <= '9' {
		s = "r-" + s
	}
	return clipID(s, catalogue.MaxIDLength)
}

// clipID is id cut to at most n bytes, without a hyphen at its end.
func clipID(id string, n int) string {
	if len(id) <= n {
		return id
	}
	return strings.TrimRight(id[:n], "-")
}

// idSet hands out the ids of a design's nodes and groups (one namespace),
// each once.
type idSet struct {
	taken map[string]bool
	// next is the number to try first after a stem (a base clipped for a
	// suffix's length: what candidates start with), so that many things
	// whose candidates share a stem cost one try each rather than one per
	// number taken before. Long bases alike but for their ends share one.
	next map[string]int
}

func newIDSet() *idSet { return &idSet{taken: map[string]bool{}, next: map[string]int{}} }

// take marks id taken, as an id the design has.
func (s *idSet) take(id string) { s.taken[id] = true }

// unique takes and returns base, an id, or, when it is taken, one of
// base-2, base-3, … that is not, base cut so that each is still an id: the
// first free after the numbers its stem gave before.
func (s *idSet) unique(base string) string {
	if !s.taken[base] {
		s.taken[base] = true
		return base
	}
	for i := 2; ; i++ {
		suffix := "-" + strconv.Itoa(i)
		stem := clipID(base, catalogue.MaxIDLength-len(suffix))
		if n := s.next[stem]; n > i {
			i = n - 1 // the numbers up to n are taken after stem
			continue
		}
		if id := stem + suffix; !s.taken[id] {
			s.next[stem] = i + 1
			s.taken[id] = true
			return id
		}
	}
}

// imageName is an image reference as the mappings match it: without its
// registry, tag and digest, and without Docker Hub's library/ ("postgres",
// "bitnami/kafka").
func imageName(image string) string {
	if i := strings.IndexByte(image, '@'); i >= 0 {
		image = image[:i]
	}
	parts := strings.Split(image, "/")
	if len(parts) > 1 && (strings.ContainsAny(parts[0], ".:") || parts[0] == "localhost") {
		parts = parts[1:]
	}
	last := parts[len(parts)-1]
	if i := strings.IndexByte(last, ':'); i >= 0 {
		parts[len(parts)-1] = last[:i]
	}
	if len(parts) > 1 && parts[0] == "library" {
		parts = parts[1:]
	}
	return strings.ToLower(strings.Join(parts, "/"))
}

// imageMatches says whether an image name matches a pattern: the name, or
// `*/name` (any namespace), or `*` (any image).
func imageMatches(pattern, name string) bool {
	switch {
	case pattern == "*":
		return true
	case strings.HasPrefix(pattern, "*/"):
		rest := pattern[2:]
		return name == rest || strings.HasSuffix(name, "/"+rest)
	}
	return pattern == name
}

// pair is a key of a mapping and its value (an alias resolved).
type pair struct{ k, v *yaml.Node }

// pairs are a mapping node's keys and values in file order: a loop over
// them reads each once (looking every key up again is quadratic).
func pairs(n *yaml.Node) []pair {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	out := make([]pair, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, pair{n.Content[i], resolve(n.Content[i+1])})
	}
	return out
}

// duplicateKey is the first key set twice in one mapping, or nil: YAML
// forbids it and JSON readers disagree on which value wins.
func duplicateKey(docs []*yaml.Node) *yaml.Node {
	var found *yaml.Node
	var walk func(x *yaml.Node)
	walk = func(x *yaml.Node) {
		if x == nil || found != nil || x.Kind == yaml.AliasNode {
			return
		}
		if x.Kind == yaml.MappingNode && len(x.Content) <= 16 {
			// A few keys are compared with each other, without a map.
			for i := 2; i+1 < len(x.Content); i += 2 {
				for j := 0; j < i; j += 2 {
					if k := x.Content[i]; k.Kind == yaml.ScalarNode && x.Content[j].Kind == yaml.ScalarNode && k.Value == x.Content[j].Value {
						found = k
						return
					}
				}
			}
		} else if x.Kind == yaml.MappingNode {
			seen := make(map[string]bool, len(x.Content)/2)
			for i := 0; i+1 < len(x.Content); i += 2 {
				k := x.Content[i]
				if k.Kind == yaml.ScalarNode {
					if seen[k.Value] {
						found = k
						return
					}
					seen[k.Value] = true
				}
			}
		}
		for _, c := range x.Content {
			walk(c)
		}
	}
	for _, d := range docs {
		walk(d)
	}
	return found
}

// keys are a mapping node's keys in file order.
func keys(n *yaml.Node) []*yaml.Node {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	var out []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, n.Content[i])
	}
	return out
}

// one is the first value at path below n, or nil.
func one(n *yaml.Node, path string) *yaml.Node {
	if found := at(n, path); len(found) > 0 {
		return found[0]
	}
	return nil
}
