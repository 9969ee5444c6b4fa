package catalogue

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/internal/yamlstrict"
	"gopkg.in/yaml.v3"
)

// SLA is a provider's published commitment of monthly uptime for a product,
// in the configuration When describes: the settings, by property name, a
// node must have for it to apply (none: any), and the zones it must run in.
// A component lists its SLAs under `sla:`, most specific first; the first
// whose settings a node has and whose zones it runs in is the node's.
type SLA struct {
	// Uptime is the monthly uptime percentage committed (99.95).
	Uptime float64
	When   []Setting
	// Zones is the number of availability zones the product must run in for
	// the SLA to apply (a region-level SLA such as EC2's "instances deployed
	// across two or more Availability Zones"), counted over a node that says
	// it runs in several zones or over a pool or a set of copies of the
	// product; 0 sets no zone condition.
	Zones int
	Docs  string
	// Note states what the commitment also requires that a design cannot
	// say (a tier, a plan), or "".
	Note string
	Pos  Pos
}

// Durability is what a product's documentation says it survives without
// losing acknowledged writes, in the configuration When describes:
// FailuresTolerated failures of Of ("zone", "node"). A component lists these
// under `durability:`, first match wins, like its SLAs.
type Durability struct {
	FailuresTolerated int
	Of                string
	When              []Setting
	Docs              string
	Note              string
	Pos               Pos
}

// FailureDomains are what a Durability's failures are of.
var FailureDomains = []string{"node", "zone", "region"}

// Applies reports whether a node's resolved values (see ResolvedNode.Get)
// have every setting of when.
func Applies(when []Setting, n *ResolvedNode) bool {
	for _, s := range when {
		if p, ok := n.Get(s.Property); !ok || p.Value != s.Value {
			return false
		}
	}
	return true
}

// MinSLAZones and MaxSLAZones bound an SLA's zone condition: a region-level
// SLA needs at least two zones, and no region has more than ten.
const (
	MinSLAZones = 2
	MaxSLAZones = 10
)

// ZonesProperty is the property SLAFor reads to count a node's zones: true
// counts as two, anything else as one.
const ZonesProperty = "multiZone"

// SLAIn returns the component's first SLA whose settings node n has and
// whose zone condition zones meets (the zones n, or the pool or set of
// copies it belongs to, runs in), or nil.
func (c *Component) SLAIn(n *ResolvedNode, zones int) *SLA {
	for i := range c.SLA {
		if c.SLA[i].Zones <= zones && Applies(c.SLA[i].When, n) {
			return &c.SLA[i]
		}
	}
	return nil
}

// SLAFor returns the component's SLA that applies to node n on its own, or
// nil: SLAIn with two zones when n's resolved multiZone is true, else one.
func (c *Component) SLAFor(n *ResolvedNode) *SLA {
	zones := 1
	if p, ok := n.Get(ZonesProperty); ok && p.Value == BoolValue(true) {
		zones = 2
	}
	return c.SLAIn(n, zones)
}

// GuaranteesRead reports whether choosing the component's SLA or
// durability fact for a node may read property name: a `when` names it, or
// it is ZonesProperty and an SLA has a zone condition (SLAFor counts a
// node's zones from it). A node's guarantees change only with such a
// property.
func (c *Component) GuaranteesRead(name string) bool {
	for _, s := range c.SLA {
		if s.Zones > 0 && name == ZonesProperty {
			return true
		}
		for _, w := range s.When {
			if w.Property == name {
				return true
			}
		}
	}
	for _, f := range c.Durability {
		for _, w := range f.When {
			if w.Property == name {
				return true
			}
		}
	}
	return false
}

// DurabilityFor returns the component's durability fact that applies to
// node n, or nil.
func (c *Component) DurabilityFor(n *ResolvedNode) *Durability {
	for i := range c.Durability {
		if Applies(c.Durability[i].When, n) {
			return &c.Durability[i]
		}
	}
	return nil
}

// DescribeWhen says a configuration in words: "multiZone true", or "" for
// any.
func DescribeWhen(when []Setting) string {
	parts := make([]string, len(when))
	for i, s := range when {
		parts[i] = s.Property + " " + s.Value.Text()
	}
	return strings.Join(parts, ", ")
}

// DescribeSLA says an SLA's whole condition in words: its settings and its
// zones ("multiZone true, in two or more zones"), or "" for any
// configuration.
func DescribeSLA(s *SLA) string {
	w := DescribeWhen(s.When)
	if s.Zones == 0 {
		return w
	}
	if w != "" {
		w += ", "
	}
	return w + "in " + countWord(s.Zones) + " or more zones"
}

// countWord writes a small count in words ("two"), a larger one in digits.
func countWord(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

// FormatPercent writes a percentage with the digits it has, at most four
// decimals: 99.95, 99.999, 100.
func FormatPercent(p float64) string {
	return strconv.FormatFloat(math.Round(p*1e4)/1e4, 'f', -1, 64)
}

var (
	slaKeys        = []string{"uptime", "when", "zones", "docs", "note"}
	durabilityKeys = []string{"failuresTolerated", "of", "when", "docs", "note"}
)

// parseGuarantees reads a component's `sla` and `durability` once its
// schema is built, so that their settings are checked against it.
func (c *Component) parseGuarantees(d *decoder, sla, durability *yaml.Node) {
	if sla != nil && d.IsKind(sla, yaml.SequenceNode, "sla", "a list of SLAs, each { uptime, when, zones, docs, note }") {
		for i, n := range sla.Content {
			what := "sla[" + strconv.Itoa(i) + "]"
			f := d.Fields(n, what, slaKeys...)
			if f == nil {
				continue
			}
			before := len(*d.Errs)
			s := SLA{Pos: d.Pos(n)}
			if v, ok := f["uptime"]; !ok {
				d.Errorf(n, diag.CodeRequired, "%s: `uptime` is required: the monthly uptime percentage the SLA commits to, such as 99.95", what)
			} else {
				s.Uptime, _ = d.percent(v.Val, what+".uptime")
			}
			s.When = c.parseWhen(d, f, what)
			if v, ok := f["zones"]; ok {
				if k, good := d.Int(v.Val, what+".zones"); good {
					if k < MinSLAZones || k > MaxSLAZones {
						d.Errorf(v.Val, diag.CodeOutOfRange, "%s.zones: %d is not between %d and %d: the number of availability zones the product must run in for the SLA to apply (2 for \"two or more zones\"); leave it out for an SLA with no zone condition", what, k, MinSLAZones, MaxSLAZones)
					}
					s.Zones = int(k)
				}
			}
			s.Docs = d.requiredDocs(f, n, what, "the provider's SLA page")
			s.Note = d.optionalText(f, "note", what)
			if len(*d.Errs) == before {
				c.SLA = append(c.SLA, s)
			}
		}
	}
	if durability != nil && d.IsKind(durability, yaml.SequenceNode, "durability", "a list of facts, each { failuresTolerated, of, when, docs, note }") {
		for i, n := range durability.Content {
			what := "durability[" + strconv.Itoa(i) + "]"
			f := d.Fields(n, what, durabilityKeys...)
			if f == nil {
				continue
			}
			before := len(*d.Errs)
			du := Durability{Pos: d.Pos(n)}
			if v, ok := f["failuresTolerated"]; !ok {
				d.Errorf(n, diag.CodeRequired, "%s: `failuresTolerated` is required: how many failures the product survives without losing acknowledged writes", what)
			} else if k, good := d.Int(v.Val, what+".failuresTolerated"); good {
				if k < 0 || k > 100 {
					d.Errorf(v.Val, diag.CodeOutOfRange, "%s.failuresTolerated: %d is not between 0 and 100", what, k)
				}
				du.FailuresTolerated = int(k)
			}
			du.Of = d.failureDomain(f, n, what, "what a failure is")
			du.When = c.parseWhen(d, f, what)
			du.Docs = d.requiredDocs(f, n, what, "the official page that says how the product keeps written data")
			du.Note = d.optionalText(f, "note", what)
			if len(*d.Errs) == before {
				c.Durability = append(c.Durability, du)
			}
		}
	}
}

// failureDomain reads a fact's required `of`, one of FailureDomains; what
// it is says what the key means ("what a failure is").
func (d *decoder) failureDomain(f map[string]yamlstrict.Field, n *yaml.Node, what, means string) string {
	v, ok := f["of"]
	if !ok {
		d.Errorf(n, diag.CodeRequired, "%s: `of` is required: %s (%s)", what, means, strings.Join(FailureDomains, ", "))
		return ""
	}
	s, good := d.Str(v.Val, what+".of")
	if good && !slices.Contains(FailureDomains, s) {
		d.Errorf(v.Val, diag.CodeEnumValue, "%s.of: `%s` is not one of %s%s", what, diag.Clip(s), strings.Join(FailureDomains, ", "), diag.DidYouMean(s, FailureDomains))
	}
	return s
}

// parseWhen reads the settings a guarantee applies to: values of the
// component's own properties.
func (c *Component) parseWhen(d *decoder, f map[string]yamlstrict.Field, what string) []Setting {
	v, ok := f["when"]
	if !ok {
		return nil
	}
	var out []Setting
	for _, p := range d.Pairs(v.Val, what+".when") {
		name := p.Key.Value
		prop := c.Property(name)
		if prop == nil {
			d.Errorf(p.Key, diag.CodeUnknownProperty, "%s.when: %s has no property `%s`%s", what, c.ID, diag.Clip(name), diag.DidYouMean(name, c.PropertyNames()))
			continue
		}
		val, good := d.scalarValue(p.Val, what+".when."+name)
		if !good {
			continue
		}
		if code, msg := prop.problem(val, nil); msg != "" {
			d.Errorf(p.Val, code, "%s.when.%s: %s", what, name, msg)
			continue
		}
		out = append(out, Setting{Property: name, Value: val})
	}
	slices.SortFunc(out, func(a, b Setting) int { return strings.Compare(a.Property, b.Property) })
	return out
}

// requiredDocs reads a required https link.
func (d *decoder) requiredDocs(f map[string]yamlstrict.Field, n *yaml.Node, what, page string) string {
	v, ok := f["docs"]
	if !ok {
		d.Errorf(n, diag.CodeRequired, "%s: `docs` is required: %s", what, page)
		return ""
	}
	s, good := d.Str(v.Val, what+".docs")
	if good {
		d.checkURL(v.Val, what+".docs", s)
	}
	return s
}

// optionalText reads an optional string field.
func (d *decoder) optionalText(f map[string]yamlstrict.Field, key, what string) string {
	v, ok := f[key]
	if !ok {
		return ""
	}
	s, _ := d.Str(v.Val, what+"."+key)
	return s
}

// percent reads a percentage above 0 and at most 100, with at most four
// decimals (99.9999).
func (d *decoder) percent(n *yaml.Node, what string) (float64, bool) {
	if _, ok := d.Number(n, what); !ok {
		return 0, false
	}
	p, problem := ParsePercent(n.Value)
	if problem != "" {
		d.Errorf(n, diag.CodeOutOfRange, "%s: %s", what, problem)
		return 0, false
	}
	return p, true
}

// ParsePercent reads a percentage as designs write one (an SLA, an assumed
// availability, an objective): a decimal above 0 and at most 100, with at
// most four decimals and no exponent. It returns why s is not one, or "".
// The editor checks what users type with it.
func ParsePercent(s string) (float64, string) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%"))
	p, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil || p != p || strings.ContainsAny(s, "eExXpP_iInN"):
		return 0, strconv.Quote(s) + " is not a number; write a percentage such as 99.95"
	case p <= 0 || p > 100:
		return 0, s + " is not a percentage above 0 and at most 100 (write 99.95 for 99.95 %)"
	}
	if _, frac, _ := strings.Cut(s, "."); len(frac) > 4 {
		return 0, "write " + s + " with at most four decimals (99.9999)"
	}
	return p, ""
}
