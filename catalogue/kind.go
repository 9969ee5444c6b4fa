package catalogue

import (
	"maps"
	"slices"

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
	File        string // path of the file it was loaded from
	Text        []byte `json:"-"` // the file as stored
	categoryPos Pos
	ordered     []*Property // Properties sorted by name, made when components are linked
}

// PropertyNames returns the kind's property names in order.
func (k *Kind) PropertyNames() []string { return slices.Sorted(maps.Keys(k.Properties)) }

// maxIDLength bounds ids so that they stay readable on the canvas and in paths.
const maxIDLength = 64

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
		d.errorf(n, CodeInvalidID, "%s: %s is not a valid id; use 1 to %d lower-case letters, digits and single hyphens (like \"kafka\" or \"aws-msk\")", what, quote(id), maxIDLength)
		return false
	}
	return true
}

// header checks the fields every catalogue file starts with and returns the id.
func (d *decoder) header(f map[string]field, root *yaml.Node, typ, wantID string) (string, bool) {
	ok := true
	if v, has := f["schemaVersion"]; !has {
		d.errorf(root, CodeRequired, "`schemaVersion: \"%s\"` is required", SchemaVersion)
		ok = false
	} else if s, good := d.str(v.val, "schemaVersion"); good && s != SchemaVersion {
		d.errorf(v.val, CodeUnsupportedVer, "schemaVersion: %s is not supported; this version reads \"%s\"", quote(s), SchemaVersion)
		ok = false
	} else if !good {
		ok = false
	}
	if v, has := f["type"]; !has {
		d.errorf(root, CodeRequired, "`type: \"%s\"` is required", typ)
		ok = false
	} else if s, good := d.str(v.val, "type"); good && s != typ {
		d.errorf(v.val, CodeWrongFileType, "type: %s found where a %s file (`type: \"%s\"`) belongs", quote(s), typ, typ)
		ok = false
	} else if !good {
		ok = false
	}
	if wantID == "" {
		return "", ok
	}
	v, has := f["id"]
	if !has {
		d.errorf(root, CodeRequired, "`id` is required (the file name without .yaml: %s)", quote(wantID))
		return "", false
	}
	id, good := d.str(v.val, "id")
	if !good || !d.checkID(v.val, "id", id) {
		return "", false
	}
	if id != wantID {
		d.errorf(v.val, CodeWrongType, "id: %s does not match the file name; expected %s", quote(id), quote(wantID))
		return "", false
	}
	return id, ok
}

// parseKind reads a kind file. id is the file name without its extension.
func parseKind(file, id string, data []byte, errs *ErrorList) *Kind {
	d := &decoder{file: file, errs: errs}
	root := d.parseDocument(data)
	if root == nil {
		return nil
	}
	f := d.fields(root, "kind", "schemaVersion", "type", "id", "name", "category", "description", "properties")
	if f == nil {
		return nil
	}
	before := len(*errs)
	k := &Kind{File: file, Text: data, Properties: map[string]*Property{}}
	k.ID, _ = d.header(f, root, "kind", id)
	k.Name = d.requiredString(f, root, "name")
	k.Category = d.requiredString(f, root, "category")
	if c, ok := f["category"]; ok {
		k.categoryPos = d.pos(c.val)
	}
	if v, ok := f["description"]; ok {
		k.Description, _ = d.str(v.val, "description")
	}
	if v, ok := f["properties"]; !ok {
		d.errorf(root, CodeRequired, "`properties` is required: the kind's property schema")
	} else {
		for _, p := range d.pairs(v.val, "properties") {
			if prop := d.parseProperty(p.key, p.val, nil); prop != nil {
				k.Properties[prop.Name] = prop
			}
		}
	}
	if len(*errs) > before {
		return nil
	}
	return k
}

// requiredString reads a required string field, reporting it when missing.
func (d *decoder) requiredString(f map[string]field, root *yaml.Node, key string) string {
	v, ok := f[key]
	if !ok {
		d.errorf(root, CodeRequired, "`%s` is required", key)
		return ""
	}
	s, _ := d.str(v.val, key)
	if s == "" {
		d.errorf(v.val, CodeEmpty, "%s: must not be empty", key)
	}
	return s
}
