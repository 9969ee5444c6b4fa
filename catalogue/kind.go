package catalogue

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/internal/yamlstrict"
	"gopkg.in/yaml.v3"
)

// SchemaVersion is the only version of the file formats this code reads.
const SchemaVersion = "1"

// Kind is a category of component (stream, database…) with a typed property
// schema.
type Kind struct {
	ID          string
	Name        string
	Category    string
	Description string
	Properties  map[string]*Property
	// Flows is what the kind's edges carry when a design does not say.
	Flows KindFlows
	// Distributes, when set, says that a node of the kind spreads a flow
	// over the healthy ones of its targets (a load balancer), so that the
	// analysis takes same-component targets as a pool.
	Distributes *Distribution
	File        string // path of the file it was loaded from
	Text        []byte `json:"-"` // the file as stored
	categoryPos Pos
	ordered     []*Property // Properties sorted by name, made when components are linked
}

// PropertyNames returns the kind's property names in order.
func (k *Kind) PropertyNames() []string { return slices.Sorted(maps.Keys(k.Properties)) }

// maxIDLength bounds ids so that they stay readable on the canvas and in paths.
const maxIDLength = 64

// MaxIDLength is the longest id ValidID takes, for what makes ids (the
// importer) to stay within.
const MaxIDLength = maxIDLength

// ValidID reports whether id is an id of the catalogue and of designs: 1 to
// 64 lower-case letters, digits and single hyphens, neither first nor last
// ("kafka", "aws-msk", "kafka-2"). It is written out rather than a regular
// expression, which the editor would compile at start-up.
func ValidID(id string) bool {
	if id == "" || len(id) > maxIDLength || id[0] == '-' || id[len(id)-1] == '-' {
		return false
	}
	for i := 0; i < len(id); i++ {
		switch c := id[i]; {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-' && id[i-1] != '-':
		default:
			return false
		}
	}
	return true
}

// checkID reports whether id is lower-kebab-case, reporting it otherwise.
func (d *decoder) checkID(n *yaml.Node, what, id string) bool {
	if !ValidID(id) {
		d.Errorf(n, diag.CodeInvalidID, "%s: %s is not a valid id; use 1 to %d lower-case letters, digits and single hyphens (like \"kafka\" or \"aws-msk\")", what, strconv.Quote(id), maxIDLength)
		return false
	}
	return true
}

// header checks the fields every catalogue file starts with and returns the id.
func (d *decoder) header(f map[string]yamlstrict.Field, root *yaml.Node, typ, wantID string) (string, bool) {
	ok := d.versionAndType(f, root, typ, true)
	if wantID == "" {
		return "", ok
	}
	v, has := f["id"]
	if !has {
		d.Errorf(root, diag.CodeRequired, "`id` is required (the file name without .yaml: %s)", strconv.Quote(wantID))
		return "", false
	}
	id, good := d.Str(v.Val, "id")
	if !good || !d.checkID(v.Val, "id", id) {
		return "", false
	}
	if id != wantID {
		d.Errorf(v.Val, diag.CodeIDMismatch, "id: %s does not match the file name; expected %s", strconv.Quote(id), strconv.Quote(wantID))
		return "", false
	}
	return id, ok
}

// versionAndType checks a file's schemaVersion and type. A catalogue file
// must state both; a design may leave them out.
func (d *decoder) versionAndType(f map[string]yamlstrict.Field, root *yaml.Node, typ string, required bool) bool {
	ok := true
	for _, h := range []struct {
		key, want, wrong string
		code             diag.Code
	}{
		{"schemaVersion", SchemaVersion, "schemaVersion: %s is not supported; this version reads \"" + SchemaVersion + "\"", diag.CodeUnsupportedVer},
		{"type", typ, "type: %s found where a " + typ + " file (`type: \"" + typ + "\"`) belongs", diag.CodeWrongFileType},
	} {
		v, has := f[h.key]
		switch {
		case !has && required:
			d.Errorf(root, diag.CodeRequired, "`%s: \"%s\"` is required", h.key, h.want)
			ok = false
		case !has:
		default:
			if s, good := d.Str(v.Val, h.key); !good {
				ok = false
			} else if s != h.want {
				d.Errorf(v.Val, h.code, h.wrong, strconv.Quote(s))
				ok = false
			}
		}
	}
	return ok
}

// parseKind reads a kind file. id is the file name without its extension.
func parseKind(file, id string, data []byte, errs *ErrorList) *Kind {
	d := newDecoder(file, errs)
	root, f := d.Open(data, "kind", "schemaVersion", "type", "id", "name", "category", "description", "flow", "distributes", "properties")
	if root == nil {
		return nil
	}
	before := len(*errs)
	k := &Kind{File: file, Text: data, Properties: map[string]*Property{}}
	k.ID, _ = d.header(f, root, "kind", id)
	k.Name = d.requiredString(f, root, "name")
	k.Category = d.requiredString(f, root, "category")
	if c, ok := f["category"]; ok {
		k.categoryPos = d.Pos(c.Val)
	}
	if v, ok := f["description"]; ok {
		k.Description, _ = d.Str(v.Val, "description")
	}
	if v, ok := f["flow"]; ok {
		k.Flows = d.parseFlows(v.Val)
	}
	if v, ok := f["properties"]; !ok {
		d.Errorf(root, diag.CodeRequired, "`properties` is required: the kind's property schema")
	} else {
		pairs := d.Pairs(v.Val, "properties")
		for _, p := range pairs {
			if prop := d.parseProperty(p.Key, p.Val, nil); prop != nil {
				k.Properties[prop.Name] = prop
			}
		}
		k.checkAliases(d, pairs)
	}
	if v, ok := f["distributes"]; ok {
		k.Distributes = d.parseDistribution(v.Val, k)
	}
	if len(*errs) > before {
		return nil
	}
	return k
}

// Distribution is a kind's documented spreading of a flow over the healthy
// ones of several targets: the page that says so, a note in words, and the
// settings a node needs for it (a DNS record does with a failover, weighted
// or latency policy and health checks; none: always).
type Distribution struct {
	Docs string
	Note string
	When []OneOf
}

// OneOf is a condition on a node's setting: its value is one of Values.
type OneOf struct {
	Property string
	Values   []Value
}

// Holds reports whether a node whose settings value gives distributes.
func (dist *Distribution) Holds(value func(name string) Value) bool {
	for _, w := range dist.When {
		if !slices.Contains(w.Values, value(w.Property)) {
			return false
		}
	}
	return true
}

// parseDistribution reads a kind's `distributes: { docs, note, when }`,
// when's settings being the kind's properties, each a value or a list.
func (d *decoder) parseDistribution(n *yaml.Node, k *Kind) *Distribution {
	f := d.Fields(n, "distributes", "docs", "note", "when")
	if f == nil {
		return nil
	}
	dist := &Distribution{
		Docs: d.requiredDocs(f, n, "distributes", "the official page that says the kind spreads a flow over healthy targets"),
		Note: d.optionalText(f, "note", "distributes"),
	}
	v, ok := f["when"]
	if !ok {
		return dist
	}
	for _, p := range d.Pairs(v.Val, "distributes.when") {
		name := p.Key.Value
		prop := k.Properties[name]
		if prop == nil {
			d.Errorf(p.Key, diag.CodeUnknownProperty, "distributes.when: kind %s has no property `%s`%s", k.ID, diag.Clip(name), diag.DidYouMean(name, k.PropertyNames()))
			continue
		}
		values := []*yaml.Node{p.Val}
		if p.Val.Kind == yaml.SequenceNode {
			values = p.Val.Content
			if len(values) == 0 {
				d.Errorf(p.Val, diag.CodeEmpty, "distributes.when.%s: an empty list holds for no node; list the values with which the kind distributes", name)
				continue
			}
		}
		w := OneOf{Property: name}
		for _, vn := range values {
			val, good := d.scalarValue(vn, "distributes.when."+name)
			if !good {
				continue
			}
			if code, msg := prop.problem(val, nil); msg != "" {
				d.Errorf(vn, code, "distributes.when.%s: %s", name, msg)
				continue
			}
			w.Values = append(w.Values, val)
		}
		dist.When = append(dist.When, w)
	}
	slices.SortFunc(dist.When, func(a, b OneOf) int { return strings.Compare(a.Property, b.Property) })
	return dist
}

// requiredString reads a required string field, reporting it when missing.
func (d *decoder) requiredString(f map[string]yamlstrict.Field, root *yaml.Node, key string) string {
	v, ok := f[key]
	if !ok {
		d.Errorf(root, diag.CodeRequired, "`%s` is required", key)
		return ""
	}
	s, _ := d.Str(v.Val, key)
	if s == "" {
		d.Errorf(v.Val, diag.CodeEmpty, "%s: must not be empty", key)
	}
	return s
}

// checkAliases refuses an alias that is the name of another property of the
// kind, or an alias of another: a design's word would lead to two places.
func (k *Kind) checkAliases(d *decoder, pairs []yamlstrict.Field) {
	owner := map[string]string{}
	for _, pair := range pairs {
		p := k.Properties[pair.Key.Value]
		if p == nil {
			continue
		}
		for _, alias := range p.Aliases {
			switch {
			case k.Properties[alias] != nil:
				d.Errorf(pair.Key, diag.CodeConflictingKeys, "property `%s`: alias `%s` is a property of kind %s; a design that writes it means that property", p.Name, alias, k.ID)
			case owner[alias] != "" && owner[alias] != p.Name:
				d.Errorf(pair.Key, diag.CodeConflictingKeys, "property `%s`: alias `%s` is also an alias of `%s`; give it to one property", p.Name, alias, owner[alias])
			default:
				owner[alias] = p.Name
			}
		}
	}
}
