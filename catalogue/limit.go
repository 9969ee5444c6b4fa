package catalogue

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/internal/yamlstrict"
	"gopkg.in/yaml.v3"
)

// Limit is a product's bound on one of its settings, from its documentation:
// the least or greatest value it accepts, or the only values it allows (a
// capability the product lacks is a boolean limited to false). A component
// declares its limits under `limits:`; a node whose value breaks one has a
// violation of the built-in rule "limit".
type Limit struct {
	Property string
	Minimum  *int64
	Maximum  *int64
	Values   []Value // the allowed values, in declared order; empty for none
	Docs     string
	// Note says why, or what to do instead; it ends the violation's message.
	Note string
	Pos  Pos
}

// RuleLimit is the rule id of a violation of a component's limit, and
// RuleRequired that of a required property with no value.
const (
	RuleLimit    = "limit"
	RuleRequired = "required"
)

var limitKeys = []string{"minimum", "maximum", "values", "docs", "note"}

// parseLimits reads a component's limits once its schema is built.
func (c *Component) parseLimits(d *decoder, fields []yamlstrict.Field) {
	for _, f := range fields {
		name := f.Key.Value
		what := "limits." + name
		p := c.Property(name)
		if p == nil {
			d.Errorf(f.Key, diag.CodeUnknownProperty, "%s: %s has no property `%s`%s", what, c.ID, diag.Clip(name), c.PropertyHint(name, nil))
			continue
		}
		lf := d.Fields(f.Val, what, limitKeys...)
		if lf == nil {
			continue
		}
		before := len(*d.Errs)
		l := &Limit{Property: name, Pos: d.Pos(f.Key)}
		for _, bound := range []struct {
			key string
			dst **int64
		}{{"minimum", &l.Minimum}, {"maximum", &l.Maximum}} {
			b, ok := lf[bound.key]
			if !ok {
				continue
			}
			if p.Type != TypeInteger {
				d.Errorf(b.Key, diag.CodeNotApplicable, "%s: `%s` is only for integer properties; %s is %s (use `values`)", what, bound.key, name, p.typeWords())
				continue
			}
			if i, ok := d.Int(b.Val, what+"."+bound.key); ok {
				*bound.dst = &i
			}
		}
		if l.Minimum != nil && l.Maximum != nil && *l.Minimum > *l.Maximum {
			d.Errorf(lf["maximum"].Val, diag.CodeInvalidRange, "%s: maximum %d is below minimum %d", what, *l.Maximum, *l.Minimum)
		}
		if v, ok := lf["values"]; ok && d.IsKind(v.Val, yaml.SequenceNode, what+".values", "a list of values") {
			for i, n := range v.Val.Content {
				val, ok := d.scalarValue(n, what+".values["+strconv.Itoa(i)+"]")
				if !ok {
					continue
				}
				if code, msg := p.problem(val, nil); msg != "" {
					d.Errorf(n, code, "%s.values: %s", what, msg)
					continue
				}
				if slices.Contains(l.Values, val) {
					d.Errorf(n, diag.CodeDuplicateValue, "%s.values: %s is listed twice", what, val.Literal())
					continue
				}
				l.Values = append(l.Values, val)
			}
			if len(v.Val.Content) == 0 {
				d.Errorf(v.Val, diag.CodeEmpty, "%s.values: the list is empty; list the values the product allows", what)
			}
		}
		if l.Minimum == nil && l.Maximum == nil && len(l.Values) == 0 && len(*d.Errs) == before {
			d.Errorf(f.Val, diag.CodeRequired, "%s: give `minimum`, `maximum` or `values`", what)
		}
		if v, ok := lf["docs"]; !ok {
			d.Errorf(f.Val, diag.CodeRequired, "%s: `docs` is required: the official page that states the limit", what)
		} else if s, ok := d.Str(v.Val, what+".docs"); ok {
			l.Docs = s
			d.checkURL(v.Val, what+".docs", s)
		}
		if v, ok := lf["note"]; ok {
			l.Note, _ = d.Str(v.Val, what+".note")
		}
		if len(*d.Errs) > before {
			continue
		}
		c.Limits[name] = l
	}
}

// checkOwnLimits reports a component whose own value of a property (pinned,
// or its schema's default) breaks its limit: what a product does when left
// alone is always within what it allows.
func (c *Component) checkOwnLimits(d *decoder) {
	for i, p := range c.Schema {
		l := c.Limits[p.Name]
		if l == nil {
			continue
		}
		v, from := c.pinned[i], "pins"
		if !v.IsSet() {
			v, from = p.Default, "inherits the default"
		}
		if !v.IsSet() || l.Allows(v) {
			continue
		}
		d.Errs.Add(l.Pos, diag.CodeLimitExceeded, "limits.%s: the component %s %s, which its own limit (%s) refuses; pin a value within it", p.Name, from, v.Literal(), l.Describe()).Related = []Pos{c.pos["defaults."+p.Name]}
	}
}

// Allows reports whether v is within the limit. An unset value is.
func (l *Limit) Allows(v Value) bool {
	if !v.IsSet() {
		return true
	}
	if l.Minimum != nil && v.i < *l.Minimum || l.Maximum != nil && v.i > *l.Maximum {
		return false
	}
	return len(l.Values) == 0 || slices.Contains(l.Values, v)
}

// Describe states the limit for people: "1–900 s", "at most 256 KB",
// "only false", "one of limits, interest".
func (l *Limit) Describe() string {
	u := unit(l.Property)
	var parts []string
	switch {
	case l.Minimum != nil && l.Maximum != nil:
		parts = append(parts, strconv.FormatInt(*l.Minimum, 10)+"–"+strconv.FormatInt(*l.Maximum, 10)+u)
	case l.Maximum != nil:
		parts = append(parts, "at most "+strconv.FormatInt(*l.Maximum, 10)+u)
	case l.Minimum != nil:
		parts = append(parts, "at least "+strconv.FormatInt(*l.Minimum, 10)+u)
	}
	if len(l.Values) > 0 {
		texts := make([]string, len(l.Values))
		for i, v := range l.Values {
			texts[i] = v.Text()
		}
		if l.Values[0].kind != intValue {
			u = ""
		}
		if len(texts) == 1 {
			parts = append(parts, "only "+texts[0]+u)
		} else {
			parts = append(parts, "one of "+strings.Join(texts, ", ")+u)
		}
	}
	return strings.Join(parts, ", ")
}

// Format writes a value of the limited property with its unit: "3 s".
func (l *Limit) Format(v Value) string {
	if v.kind == intValue {
		return v.Text() + unit(l.Property)
	}
	return v.Text()
}

// violation says how v breaks the limit on comp, or returns false.
func (l *Limit) violation(comp *Component, node string, v Value) (Violation, bool) {
	if l.Allows(v) {
		return Violation{}, false
	}
	u := unit(l.Property)
	var msg string
	switch {
	case l.Minimum != nil && v.i < *l.Minimum:
		msg = fmt.Sprintf("%s %d%s is below %s's minimum of %d%s", l.Property, v.i, u, comp.ID, *l.Minimum, u)
	case l.Maximum != nil && v.i > *l.Maximum:
		msg = fmt.Sprintf("%s %d%s is above %s's maximum of %d%s", l.Property, v.i, u, comp.ID, *l.Maximum, u)
	default:
		msg = fmt.Sprintf("%s %s is not available on %s, which allows %s", l.Property, diag.Clip(v.Text()), comp.ID, l.Describe())
	}
	if l.Note != "" {
		msg += "; " + l.Note
	}
	out := Violation{Rule: RuleLimit, Severity: SeverityError, Node: node, Property: l.Property, Message: msg, Docs: l.Docs}
	// The fixes: the nearest value the product allows.
	switch {
	case l.Minimum != nil && v.i < *l.Minimum:
		out.Fixes = []Fix{{Node: node, Set: []Setting{{l.Property, IntValue(*l.Minimum)}}}}
	case l.Maximum != nil && v.i > *l.Maximum:
		out.Fixes = []Fix{{Node: node, Set: []Setting{{l.Property, IntValue(*l.Maximum)}}}}
	default:
		for _, allowed := range l.Values {
			if l.Allows(allowed) && len(out.Fixes) < 3 {
				out.Fixes = append(out.Fixes, Fix{Node: node, Set: []Setting{{l.Property, allowed}}})
			}
		}
	}
	return out, true
}

// unit is the unit a property's name ends with, as written after a number:
// "timeoutSeconds" is in " s", "maxPayloadKB" in " KB".
func unit(name string) string {
	for _, u := range []struct{ suffix, unit string }{
		{"Seconds", " s"}, {"Minutes", " min"}, {"Hours", " h"}, {"Days", " days"},
		{"KB", " KB"}, {"MB", " MB"}, {"GB", " GB"},
	} {
		if strings.HasSuffix(name, u.suffix) {
			return u.unit
		}
	}
	return ""
}
