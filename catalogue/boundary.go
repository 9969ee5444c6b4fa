package catalogue

import (
	"maps"
	"slices"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
)

// Boundary is a type of group a design draws around what runs together: a
// region, a zone, a network, an account… It declares typed properties,
// which what a group holds inherits, and where a group of it may sit.
type Boundary struct {
	ID          string
	Name        string
	Description string
	// In lists the boundaries a group of this one may sit in; TopLevel,
	// whether it may also stand alone (a zone sits in a region).
	In         []string
	TopLevel   bool
	Properties map[string]*Property
	File       string
	Text       []byte `json:"-"`

	inPos Pos
}

// PropertyNames returns the boundary's property names in order.
func (b *Boundary) PropertyNames() []string { return slices.Sorted(maps.Keys(b.Properties)) }

// Allows reports whether a group of this boundary may sit in a group of
// boundary parent ("" for none).
func (b *Boundary) Allows(parent string) bool {
	if parent == "" {
		return b.TopLevel
	}
	return slices.Contains(b.In, parent)
}

// Where says where a group of this boundary may sit, for messages.
func (b *Boundary) Where() string {
	var parts []string
	if len(b.In) > 0 {
		parts = append(parts, "in a "+strings.Join(b.In, ", ")+" group")
	}
	if b.TopLevel {
		parts = append(parts, "at the top level")
	}
	return strings.Join(parts, " or ")
}

// parseBoundary reads a boundary file. id is the file name without .yaml.
func parseBoundary(file, id string, data []byte, errs *ErrorList) *Boundary {
	d := newDecoder(file, errs)
	root, f := d.Open(data, "boundary", "schemaVersion", "type", "id", "name", "description", "in", "topLevel", "properties")
	if root == nil {
		return nil
	}
	before := len(*errs)
	b := &Boundary{File: file, Text: data, Properties: map[string]*Property{}, TopLevel: true}
	b.ID, _ = d.header(f, root, "boundary", id)
	b.Name = d.requiredString(f, root, "name")
	if v, ok := f["description"]; ok {
		b.Description, _ = d.Str(v.Val, "description")
	}
	if v, ok := f["in"]; ok {
		b.In, _ = d.Strings(v.Val, "in")
		b.inPos = d.Pos(v.Val)
	}
	if v, ok := f["topLevel"]; ok {
		b.TopLevel, _ = d.Bool(v.Val, "topLevel")
	}
	if !b.TopLevel && len(b.In) == 0 {
		d.Errorf(root, diag.CodeRequired, "a boundary that may not stand alone (topLevel: false) needs `in`: the boundaries it may sit in")
	}
	if v, ok := f["properties"]; ok {
		for _, p := range d.Pairs(v.Val, "properties") {
			if prop := d.parseProperty(p.Key, p.Val, nil); prop != nil {
				b.Properties[prop.Name] = prop
			}
		}
	}
	if len(*errs) > before {
		return nil
	}
	return b
}

// linkBoundaries checks that every boundary a boundary may sit in exists.
func (c *Catalogue) linkBoundaries(errs *ErrorList) {
	ids := slices.Sorted(maps.Keys(c.Boundaries))
	for _, id := range ids {
		b := c.Boundaries[id]
		for _, parent := range b.In {
			if c.Boundaries[parent] == nil && !c.broken["boundary:"+parent] {
				errs.Add(b.inPos, diag.CodeUnknownBoundary, "in: unknown boundary `%s`%s", parent, diag.DidYouMean(parent, ids))
			}
		}
	}
}

// BoundaryIDs returns the boundaries' ids, sorted.
func (c *Catalogue) BoundaryIDs() []string { return slices.Sorted(maps.Keys(c.Boundaries)) }
