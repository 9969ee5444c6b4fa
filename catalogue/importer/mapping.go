package importer

import (
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/internal/yamlstrict"
)

// Mappings say what each format's resources become: catalogue data, a file
// per format in imports/ of each catalogue layer (schema/import.schema.json).
// A later layer's rules (an organisation's) are tried before an earlier's.
type Mappings struct {
	byFormat map[Format]*Mapping
}

// Mapping is one format's rules.
type Mapping struct {
	Format Format
	// Docs is the format's documentation.
	Docs      string
	Resources []Rule
	Edges     []EdgeRule
	// Ports are the protocols connections to well-known ports speak, by
	// port number ("5432" → sql).
	Ports map[string]string
}

// Rule maps resources to a component: those of one of Types (a Terraform
// or CloudFormation resource type, a Kubernetes kind; any when empty),
// running one of Images (compose services and Kubernetes workloads; any
// when empty), whose attributes are among When's values.
type Rule struct {
	Types     []string
	Images    []string
	When      map[string][]string
	Component string
	// Props maps a property to where its value is read.
	Props map[string]Source
	// Inbound are the attributes whose references are edges into the
	// resource (a SAM function's events), not out of it.
	Inbound []string
	Pos     catalogue.Pos
}

// Source is where a property's value is read: the value at Path, or, with
// Is, whether some value at Path is Is, or, with IsNot, whether the value
// at Path is other than IsNot, or, with Exists, whether Path has a value. A path is dotted keys; `*` stands for every key or item.
type Source struct {
	Path   string
	Is     string
	IsNot  string
	Exists bool
}

// EdgeRule makes an edge of each resource of Type (a subscription, an
// event source mapping): from what its From attribute references to what
// its To attribute references.
type EdgeRule struct {
	Type     string
	From, To string
	Flow     catalogue.Flow
	Pos      catalogue.Pos
}

// For is the mapping of format f, or nil.
func (m *Mappings) For(f Format) *Mapping { return m.byFormat[f] }

// LoadMappings reads the imports/ folder of each layer and checks every
// rule against cat: its component, and each property it maps.
func LoadMappings(cat *catalogue.Catalogue, layers ...catalogue.Layer) (*Mappings, error) {
	m := &Mappings{byFormat: map[Format]*Mapping{}}
	var errs catalogue.ErrorList
	for i := len(layers) - 1; i >= 0; i-- {
		layer := layers[i]
		files, err := fs.Glob(layer.FS, "imports/*.yaml")
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
		for _, file := range files {
			data, err := fs.ReadFile(layer.FS, file)
			if err != nil {
				return nil, err
			}
			name := path.Join(layer.Name, file)
			if len(data) > 1<<20 {
				errs = append(errs, &catalogue.Error{Pos: catalogue.Pos{File: name, Line: 1, Column: 1}, Code: diag.CodeTooLarge, Msg: "a mapping file is limited to 1 MiB"})
				continue
			}
			mapping, fileErrs := parseMapping(cat, name, data)
			errs = append(errs, fileErrs...)
			if mapping == nil {
				continue
			}
			if have := m.byFormat[mapping.Format]; have != nil {
				have.Resources = append(have.Resources, mapping.Resources...)
				have.Edges = append(have.Edges, mapping.Edges...)
				for port, protocol := range mapping.Ports {
					if _, set := have.Ports[port]; !set { // the later layer's, read first, wins
						if have.Ports == nil {
							have.Ports = map[string]string{}
						}
						have.Ports[port] = protocol
					}
				}
				continue
			}
			m.byFormat[mapping.Format] = mapping
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return m, nil
}

// parseMapping reads and checks one mapping file.
func parseMapping(cat *catalogue.Catalogue, name string, data []byte) (*Mapping, catalogue.ErrorList) {
	var errs diag.ErrorList
	d := &yamlstrict.Decoder{File: name, Errs: &errs}
	root, f := d.Open(data, "import", "schemaVersion", "type", "format", "docs", "resources", "edges", "ports")
	if root == nil || f == nil {
		return nil, errs
	}
	m := &Mapping{}
	if v, ok := f["type"]; ok {
		if s, good := d.Str(v.Val, "type"); good && s != "import" {
			d.Errorf(v.Val, diag.CodeWrongFileType, "type: `%s`; a mapping file's type is import", s)
		}
	}
	if v, ok := f["schemaVersion"]; ok {
		if s, good := d.Str(v.Val, "schemaVersion"); good && s != "1" {
			d.Errorf(v.Val, diag.CodeUnsupportedVer, "schemaVersion: `%s` is not one this version reads (\"1\")", s)
		}
	}
	if v, ok := f["format"]; !ok {
		d.Errorf(root, diag.CodeRequired, "`format` is required (one of %s)", formatList())
	} else if s, good := d.Str(v.Val, "format"); good {
		if !slices.Contains(Formats, Format(s)) {
			d.Errorf(v.Val, diag.CodeEnumValue, "format: `%s` is not one of %s%s", s, formatList(), d.DidYouMean(s, formatNames()))
		}
		m.Format = Format(s)
	}
	if v, ok := f["docs"]; ok {
		m.Docs, _ = d.Str(v.Val, "docs")
	}
	if v, ok := f["resources"]; ok && d.IsKind(v.Val, yaml.SequenceNode, "resources", "a list of rules") {
		for i, item := range v.Val.Content {
			if r, ok := parseRule(d, cat, item, fmt.Sprintf("resources[%d]", i)); ok {
				m.Resources = append(m.Resources, r)
			}
		}
	}
	if v, ok := f["edges"]; ok && d.IsKind(v.Val, yaml.SequenceNode, "edges", "a list of edge rules") {
		for i, item := range v.Val.Content {
			what := fmt.Sprintf("edges[%d]", i)
			ef := d.Fields(item, what, "type", "from", "to", "flow")
			if ef == nil {
				continue
			}
			e := EdgeRule{Pos: d.Pos(item)}
			for key, into := range map[string]*string{"type": &e.Type, "from": &e.From, "to": &e.To} {
				if fv, ok := ef[key]; !ok {
					d.Errorf(item, diag.CodeRequired, "%s: `%s` is required", what, key)
				} else {
					*into, _ = d.Str(fv.Val, what+"."+key)
				}
			}
			if fv, ok := ef["flow"]; ok {
				s, _ := d.Str(fv.Val, what+".flow")
				e.Flow = catalogue.Flow(s)
				if !slices.Contains(catalogue.Flows, s) {
					d.Errorf(fv.Val, diag.CodeEnumValue, "%s.flow: `%s` is not a flow (request, event, data, replication)", what, s)
				}
			}
			m.Edges = append(m.Edges, e)
		}
	}
	if v, ok := f["ports"]; ok {
		for _, p := range d.Pairs(v.Val, "ports") {
			at := "ports." + p.Key.Value
			if n, err := strconv.Atoi(p.Key.Value); err != nil || p.Key.Value != strconv.Itoa(n) {
				d.Errorf(p.Key, diag.CodeWrongType, "%s: `%s` is not a port; a port is a number from 1 to 65535", at, diag.Clip(p.Key.Value))
				continue
			} else if n < 1 || n > 65535 {
				d.Errorf(p.Key, diag.CodeOutOfRange, "%s: port %d is outside 1 to 65535", at, n)
				continue
			}
			s, good := d.Str(p.Val, at)
			if !good {
				continue
			}
			if cat.Protocols[s] == nil {
				d.Errorf(p.Val, diag.CodeUnknownProtocol, "%s: unknown protocol `%s`%s (protocols.yaml lists them)", at, diag.Clip(s), d.DidYouMean(s, slices.Sorted(maps.Keys(cat.Protocols))))
				continue
			}
			if m.Ports == nil {
				m.Ports = map[string]string{}
			}
			m.Ports[p.Key.Value] = s
		}
	}
	if len(errs) > 0 {
		return nil, catalogue.ErrorList(errs)
	}
	return m, nil
}

// parseRule reads one resource rule and checks it against cat.
func parseRule(d *yamlstrict.Decoder, cat *catalogue.Catalogue, n *yaml.Node, what string) (Rule, bool) {
	f := d.Fields(n, what, "types", "images", "when", "component", "props", "inbound")
	if f == nil {
		return Rule{}, false
	}
	r := Rule{Pos: d.Pos(n), Props: map[string]Source{}}
	if v, ok := f["types"]; ok {
		r.Types, _ = d.Strings(v.Val, what+".types")
	}
	if v, ok := f["images"]; ok {
		r.Images, _ = d.Strings(v.Val, what+".images")
	}
	if v, ok := f["inbound"]; ok {
		r.Inbound, _ = d.Strings(v.Val, what+".inbound")
	}
	if v, ok := f["when"]; ok {
		r.When = map[string][]string{}
		for _, p := range d.Pairs(v.Val, what+".when") {
			r.When[p.Key.Value], _ = d.Strings(p.Val, what+".when."+p.Key.Value)
		}
	}
	var comp *catalogue.Component
	if v, ok := f["component"]; !ok {
		d.Errorf(n, diag.CodeRequired, "%s: `component` is required", what)
	} else if s, good := d.Str(v.Val, what+".component"); good {
		r.Component = s
		if comp = cat.Components[s]; comp == nil {
			d.Errorf(v.Val, diag.CodeUnknownComponent, "%s.component: unknown component `%s`%s", what, s, d.DidYouMean(s, cat.ComponentIDs()))
		}
	}
	if v, ok := f["props"]; ok {
		for _, p := range d.Pairs(v.Val, what+".props") {
			prop := p.Key.Value
			at := what + ".props." + prop
			if comp != nil && comp.Property(prop) == nil {
				d.Errorf(p.Key, diag.CodeUnknownProperty, "%s: `%s` is not a property of %s%s", at, prop, comp.ID, d.DidYouMean(prop, comp.PropertyNames()))
				continue
			}
			var src Source
			if p.Val.Kind == yaml.ScalarNode {
				src.Path, _ = d.Str(p.Val, at)
			} else if sf := d.Fields(p.Val, at, "path", "is", "isNot", "exists"); sf != nil {
				if pv, ok := sf["path"]; ok {
					src.Path, _ = d.Str(pv.Val, at+".path")
				}
				if iv, ok := sf["is"]; ok {
					src.Is, _ = d.Str(iv.Val, at+".is")
				}
				if iv, ok := sf["isNot"]; ok {
					src.IsNot, _ = d.Str(iv.Val, at+".isNot")
				}
				if ev, ok := sf["exists"]; ok {
					src.Exists, _ = d.Bool(ev.Val, at+".exists")
				}
				given := 0
				for _, set := range []bool{src.Is != "", src.IsNot != "", src.Exists} {
					if set {
						given++
					}
				}
				if src.Path == "" || given > 1 {
					d.Errorf(p.Val, diag.CodeInvalidCondition, "%s: give a `path`, and one of `is` (a value), `isNot` (a value) or `exists: true`, or none", at)
				}
				if comp != nil && given > 0 && comp.Property(prop).Type != catalogue.TypeBoolean {
					d.Errorf(p.Val, diag.CodeTypeMismatch, "%s: `is`, `isNot` and `exists` give true or false, and `%s` is not a boolean property", at, prop)
				}
			}
			r.Props[prop] = src
		}
	}
	return r, r.Component != ""
}

func formatNames() []string {
	var out []string
	for _, f := range Formats {
		out = append(out, string(f))
	}
	return out
}

func formatList() string { return strings.Join(formatNames(), ", ") }
