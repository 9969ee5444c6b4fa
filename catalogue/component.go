package catalogue

import (
	"maps"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/internal/yamlstrict"
	"gopkg.in/yaml.v3"
)

// Component is a product of one kind from one provider. It pins values of its
// kind's properties (Defaults) and may declare or refine properties.
type Component struct {
	ID       string
	Kind     string
	Provider string
	Docs     string
	// Name and Summary come from the catalogue's products file, with the
	// Aliases people search for it by ("redis" for a Redis-compatible
	// cache whose name does not say so).
	Name    string
	Summary string
	Aliases []string
	// Defaults are the values the component pins, by property name.
	Defaults map[string]Value
	// Declared are the component's own property declarations and refinements.
	Declared map[string]*Property
	// Limits are the product's bounds on its settings, by property name.
	Limits map[string]*Limit
	// SLA are the provider's published uptime commitments, most specific
	// configuration first; none for a product without one.
	SLA []SLA
	// Durability says what the product survives without losing
	// acknowledged writes, by configuration, first match wins.
	Durability []Durability
	// Recovery says how long the product takes to serve again and what
	// acknowledged writes it loses when a zone or a region fails, by
	// configuration, first match per failure wins.
	Recovery []Recovery
	// Schema is the effective property schema: the kind's properties with the
	// component's refinements applied, plus its own, sorted by name. It is
	// filled in when the catalogue is linked (and rebuilt, not stored, in a
	// snapshot).
	Schema []*Property `json:"-"`
	// pinned holds Defaults aligned with Schema, so that resolving a node
	// needs no map look-up per property.
	pinned []Value
	// limits holds Limits aligned with Schema (nil where a property has
	// none), for the same reason.
	limits []*Limit
	File   string
	Text   []byte `json:"-"`
	kind   *Kind  // its kind, once linked

	// raw and props hold the pinned values and declarations as written until
	// link checks them against the kind.
	raw       map[string]yamlstrict.Field
	props     []yamlstrict.Field
	rawLimits []yamlstrict.Field
	rawSLA    *yaml.Node
	rawDur    *yaml.Node
	rawRecov  *yaml.Node
	pos       map[string]Pos
	layer     int // the index of the layer it was loaded from
}

// Property returns the component's effective property name, or nil.
func (c *Component) Property(name string) *Property {
	i := sort.Search(len(c.Schema), func(i int) bool { return c.Schema[i].Name >= name })
	if i < len(c.Schema) && c.Schema[i].Name == name {
		return c.Schema[i]
	}
	return nil
}

// Renamed returns the property that was once called old, or nil.
func (c *Component) Renamed(old string) *Property {
	for _, p := range c.Schema {
		if slices.Contains(p.Formerly, old) {
			return p
		}
	}
	return nil
}

// ValueProblem returns why v cannot be the value of property name of this
// component, or "" when it can.
func (c *Component) ValueProblem(name string, v Value) string {
	p := c.Property(name)
	if p == nil {
		return "`" + name + "` is not a property of " + c.ID
	}
	_, msg := p.problem(v, nil)
	return msg
}

// Matches reports whether every word of a search query appears, ignoring
// case, in the component's name, id, kind (id, name or category), provider
// or aliases. An empty query matches every component. The palette and the
// catalogue index search alike.
func (c *Component) Matches(query string) bool {
	for _, word := range strings.Fields(strings.ToLower(query)) {
		found := false
		for _, field := range []string{c.Name, c.ID, c.Kind, c.Provider} {
			if strings.Contains(strings.ToLower(field), word) {
				found = true
				break
			}
		}
		if !found && c.kind != nil && (strings.Contains(strings.ToLower(c.kind.Name), word) || strings.Contains(c.kind.Category, word)) {
			found = true
		}
		for _, a := range c.Aliases {
			found = found || strings.Contains(a, word)
		}
		if !found {
			return false
		}
	}
	return true
}

// PropertyHint is the hint for name, a property the component lacks: the
// property that lists name among its aliases, the word people use for it
// ("replicas" for a stream's replicationFactor), else the nearest name by
// spelling within the budget of hints (nil: no budget).
func (c *Component) PropertyHint(name string, hints *diag.Hints) string {
	for _, p := range c.Schema {
		for _, alias := range p.Aliases {
			if strings.EqualFold(alias, name) {
				return "; did you mean `" + p.Name + "`?"
			}
		}
	}
	return hints.DidYouMean(name, c.PropertyNames())
}

// PropertyNames returns the names of the component's effective schema, sorted.
func (c *Component) PropertyNames() []string {
	names := make([]string, len(c.Schema))
	for i, p := range c.Schema {
		names[i] = p.Name
	}
	return names
}

// parseComponent reads a component file; its pinned values and property
// declarations are checked later against its kind (see link).
func parseComponent(file, id string, data []byte, errs *ErrorList) *Component {
	d := newDecoder(file, errs)
	root, f := d.Open(data, "component", "schemaVersion", "type", "id", "kind", "provider", "docs", "defaults", "properties", "limits", "sla", "durability", "recovery")
	if root == nil {
		return nil
	}
	before := len(*errs)
	c := &Component{File: file, Text: data, Defaults: map[string]Value{}, Declared: map[string]*Property{}, Limits: map[string]*Limit{}, pos: map[string]Pos{}}
	c.ID, _ = d.header(f, root, "component", id)
	c.Kind = d.requiredString(f, root, "kind")
	c.Provider = d.requiredString(f, root, "provider")
	for _, key := range []string{"kind", "provider"} {
		if v, ok := f[key]; ok {
			c.pos[key] = d.Pos(v.Val)
		}
	}
	c.Docs = d.requiredString(f, root, "docs")
	if v, ok := f["docs"]; ok && c.Docs != "" {
		d.checkURL(v.Val, "docs", c.Docs)
	}
	if v, ok := f["defaults"]; ok {
		c.raw = map[string]yamlstrict.Field{}
		for _, p := range d.Pairs(v.Val, "defaults") {
			c.raw[p.Key.Value] = p
		}
	}
	if v, ok := f["properties"]; ok {
		c.props = d.Pairs(v.Val, "properties")
	}
	if v, ok := f["limits"]; ok {
		c.rawLimits = d.Pairs(v.Val, "limits")
	}
	if v, ok := f["sla"]; ok {
		c.rawSLA = v.Val
	}
	if v, ok := f["durability"]; ok {
		c.rawDur = v.Val
	}
	if v, ok := f["recovery"]; ok {
		c.rawRecov = v.Val
	}
	if len(*errs) > before {
		return nil
	}
	return c
}

// buildSchema makes the effective schema: the kind's properties, with the
// component's declarations in place of the kind's, sorted by name.
// It merges the kind's properties, sorted once per kind, with the few the
// component declares, rather than sorting every component's whole schema.
func (c *Component) buildSchema(k *Kind) {
	c.kind = k
	if k.ordered == nil {
		k.ordered = make([]*Property, 0, len(k.Properties))
		for _, name := range slices.Sorted(maps.Keys(k.Properties)) {
			k.ordered = append(k.ordered, k.Properties[name])
		}
	}
	declared := slices.Sorted(maps.Keys(c.Declared))
	c.Schema = make([]*Property, 0, len(k.ordered)+len(declared))
	i, j := 0, 0
	for i < len(k.ordered) || j < len(declared) {
		switch {
		case j == len(declared) || i < len(k.ordered) && k.ordered[i].Name < declared[j]:
			c.Schema = append(c.Schema, k.ordered[i])
			i++
		case i == len(k.ordered) || declared[j] < k.ordered[i].Name:
			c.Schema = append(c.Schema, c.Declared[declared[j]])
			j++
		default: // the component refines the kind's property
			c.Schema = append(c.Schema, c.Declared[declared[j]])
			i++
			j++
		}
	}
}

// pin aligns the pinned values with the schema.
func (c *Component) pin() {
	c.pinned = make([]Value, len(c.Schema))
	c.limits = nil
	if len(c.Limits) > 0 {
		c.limits = make([]*Limit, len(c.Schema))
	}
	for i, p := range c.Schema {
		c.pinned[i] = c.Defaults[p.Name]
		if c.limits != nil {
			c.limits[i] = c.Limits[p.Name]
		}
	}
}

// checkURL reports a docs link that is not an absolute https URL.
func (d *decoder) checkURL(n *yaml.Node, what, s string) {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		d.Errorf(n, diag.CodeInvalidLink, "%s: %s is not an absolute https URL to the official documentation", what, strconv.Quote(s))
		return
	}
	// Links end up in HTML attributes and markdown: refuse the characters
	// that could end either (percent-encode them instead).
	if i := strings.IndexAny(s, "\"<>\\ `{}|^"); i >= 0 {
		d.Errorf(n, diag.CodeInvalidLink, "%s: %q may not appear in a link; percent-encode it", what, s[i])
	}
}

// link checks the component against its kind: it builds the effective schema
// and type-checks the pinned values.
func (c *Component) link(k *Kind, errs *ErrorList) {
	d := newDecoder(c.File, errs)
	for _, f := range c.props {
		name := f.Key.Value
		if p := d.parseProperty(f.Key, f.Val, k.Properties[name]); p != nil {
			c.Declared[name] = p
		}
	}
	c.buildSchema(k)
	c.parseLimits(d, c.rawLimits)
	c.parseGuarantees(d, c.rawSLA, c.rawDur)
	c.parseRecovery(d, c.rawRecov)
	for _, name := range slices.Sorted(maps.Keys(c.raw)) {
		p := c.raw[name]
		prop := c.Property(name)
		if prop == nil {
			if now := c.Renamed(name); now != nil {
				// A catalogue (an organisation's overlay) written before a
				// rename: its old pin meant something else, so say what.
				d.Errorf(p.Key, diag.CodeUnknownProperty, "defaults: `%s` is now `%s` in kind %s: %s Pin what the product does when left alone there, and put its cap under `limits`", name, now.Name, k.ID, now.Description)
				continue
			}
			d.Errorf(p.Key, diag.CodeUnknownProperty, "defaults: kind `%s` has no property `%s`%s", k.ID, name, c.PropertyHint(name, nil))
			continue
		}
		v, ok := d.scalarValue(p.Val, "defaults."+name)
		if !ok {
			continue
		}
		if code, msg := prop.problem(v, nil); msg != "" {
			d.Errorf(p.Val, code, "defaults.%s: %s (kind %s, %s)", name, msg, k.ID, prop.Pos).Related = []Pos{prop.Pos}
			continue
		}
		c.Defaults[name] = v
		c.pos["defaults."+name] = d.Pos(p.Val)
	}
	c.pin()
	c.checkOwnLimits(d)
	c.raw, c.props, c.rawLimits, c.rawSLA, c.rawDur, c.rawRecov = nil, nil, nil, nil, nil, nil
}
