package catalogue

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Property is one typed property of a kind's schema, or a component's
// declaration or refinement of one.
type Property struct {
	Name        string
	Type        Type
	Values      []string // allowed values of an enum, in declared order
	Default     Value    // unset when the schema has no default
	Required    bool
	Advanced    bool
	Minimum     *int64
	Maximum     *int64
	Description string
	Pos         Pos // where the property is declared
}

var propertyKeys = []string{"type", "values", "default", "required", "advanced", "minimum", "maximum", "description"}

// parseProperty reads one property declaration. base is the kind's property
// that a component refines, or nil for a kind's own or a new property.
func (d *decoder) parseProperty(name *yaml.Node, n *yaml.Node, base *Property) *Property {
	what := "property `" + name.Value + "`"
	f := d.fields(n, what, propertyKeys...)
	if f == nil {
		return nil
	}
	p := &Property{Name: name.Value, Pos: d.pos(name)}
	if base != nil {
		*p = *base
		p.Pos = d.pos(name)
	}
	before := len(*d.errs)
	if t, ok := f["type"]; ok {
		if s, ok := d.str(t.val, what+".type"); ok {
			switch {
			case !slices.Contains(types, s):
				d.errorf(t.val, CodeUnknownType, "%s.type: `%s` is not one of %s%s", what, s, strings.Join(types, ", "), didYouMean(s, types))
			case base != nil && Type(s) != base.Type:
				d.errorf(t.val, CodeTypeConflict, "%s.type: `%s` conflicts with the kind's type `%s` (%s); a component may only refine a property", what, s, base.Type, base.Pos).Related = []Pos{base.Pos}
			default:
				p.Type = Type(s)
			}
		}
	} else if base == nil {
		d.errorf(name, CodeRequired, "%s: `type` is required (one of %s)", what, strings.Join(types, ", "))
	}
	if v, ok := f["values"]; ok {
		if values, ok := d.strings(v.val, what+".values"); ok {
			p.Values = d.checkValues(v.val, what, values, base)
		}
	}
	if len(*d.errs) > before {
		return nil
	}
	if p.Type == TypeEnum && len(p.Values) == 0 {
		d.errorf(name, CodeRequired, "%s: an enum needs `values`, the list of allowed strings", what)
		return nil
	}
	if p.Type != TypeEnum {
		if v, ok := f["values"]; ok {
			d.errorf(v.key, CodeNotApplicable, "%s: `values` is only for enum properties, not %s", what, p.Type)
		}
	}
	if b, ok := f["required"]; ok {
		p.Required, _ = d.boolean(b.val, what+".required")
	}
	if b, ok := f["advanced"]; ok {
		p.Advanced, _ = d.boolean(b.val, what+".advanced")
	}
	if s, ok := f["description"]; ok {
		p.Description, _ = d.str(s.val, what+".description")
	}
	for _, bound := range []struct {
		key string
		dst **int64
	}{{"minimum", &p.Minimum}, {"maximum", &p.Maximum}} {
		b, ok := f[bound.key]
		if !ok {
			continue
		}
		if p.Type != TypeInteger {
			d.errorf(b.key, CodeNotApplicable, "%s: `%s` is only for integer properties, not %s", what, bound.key, p.Type)
			continue
		}
		if i, ok := d.integer(b.val, what+"."+bound.key); ok {
			*bound.dst = &i
		}
	}
	if p.Minimum != nil && p.Maximum != nil && *p.Minimum > *p.Maximum {
		d.errorf(f["maximum"].val, CodeInvalidRange, "%s: maximum %d is below minimum %d", what, *p.Maximum, *p.Minimum)
	}
	if dv, ok := f["default"]; ok {
		if v, ok := d.scalarValue(dv.val, what+".default"); ok {
			if code, msg := p.problem(v); msg != "" {
				d.errorf(dv.val, code, "%s.default: %s", what, msg)
			} else {
				p.Default = v
			}
		}
	}
	return p
}

// checkValues checks an enum's values: no duplicates and, for a refinement, a
// subset of the kind's values.
func (d *decoder) checkValues(n *yaml.Node, what string, values []string, base *Property) []string {
	seen := map[string]bool{}
	for i, v := range values {
		if seen[v] {
			d.errorf(n.Content[i], CodeDuplicateValue, "%s.values: `%s` is listed twice", what, v)
		}
		seen[v] = true
		if base != nil && base.Type == TypeEnum && !slices.Contains(base.Values, v) {
			d.errorf(n.Content[i], CodeEnumValue, "%s.values: `%s` is not one of the kind's values %s (%s); a component may only narrow them", what, v, strings.Join(base.Values, ", "), base.Pos).Related = []Pos{base.Pos}
		}
	}
	return values
}

// problem returns why v is not a valid value of p, with the problem's code,
// or "" when it is.
func (p *Property) problem(v Value) (Code, string) {
	if !v.fits(p.Type) {
		return CodeTypeMismatch, fmt.Sprintf("%s is %s; %s is %s", v.Literal(), v.typeWords(), p.Name, p.typeWords())
	}
	switch p.Type {
	case TypeEnum:
		if !slices.Contains(p.Values, v.s) {
			return CodeEnumValue, fmt.Sprintf("`%s` is not one of %s%s", v.s, strings.Join(p.Values, ", "), didYouMean(v.s, p.Values))
		}
	case TypeInteger:
		if p.Minimum != nil && v.i < *p.Minimum {
			return CodeLimitExceeded, fmt.Sprintf("%d is below the minimum %d of %s", v.i, *p.Minimum, p.Name)
		}
		if p.Maximum != nil && v.i > *p.Maximum {
			return CodeLimitExceeded, fmt.Sprintf("%d is above the maximum %d of %s", v.i, *p.Maximum, p.Name)
		}
	}
	return "", ""
}

// typeWords describes the property's type for messages.
func (p *Property) typeWords() string {
	switch p.Type {
	case TypeEnum:
		return "an enum (one of " + strings.Join(p.Values, ", ") + ")"
	case TypeBoolean:
		return "a boolean (true or false)"
	case TypeInteger:
		return "an integer"
	}
	return "a string"
}
