package catalogue

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
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
	// Formerly are names the property had before; a design that uses one
	// still reads, as this property.
	Formerly []string
	// Aliases are the words people use for the property ("replicas" for a
	// stream's replicationFactor): a design that uses one is not read as the
	// property, but its error points to it before any name spelled alike.
	Aliases []string
	Pos     Pos // where the property is declared
}

var propertyKeys = []string{"type", "values", "default", "required", "advanced", "minimum", "maximum", "description", "formerly", "aliases"}

// parseProperty reads one property declaration. base is the kind's property
// that a component refines, or nil for a kind's own or a new property.
func (d *decoder) parseProperty(name *yaml.Node, n *yaml.Node, base *Property) *Property {
	if !ValidPropertyName(name.Value) {
		d.Errorf(name, diag.CodeInvalidName, "properties: %s is not a property name; use 1 to %d letters and digits in camelCase, starting with a lower-case letter (like \"replicationFactor\")", strconv.Quote(diag.Clip(name.Value)), maxIDLength)
		return nil
	}
	what := "property `" + name.Value + "`"
	f := d.Fields(n, what, propertyKeys...)
	if f == nil {
		return nil
	}
	p := &Property{Name: name.Value, Pos: d.Pos(name)}
	if base != nil {
		*p = *base
		p.Pos = d.Pos(name)
	}
	before := len(*d.Errs)
	if t, ok := f["type"]; ok {
		if s, ok := d.Str(t.Val, what+".type"); ok {
			switch {
			case !slices.Contains(types, s):
				d.Errorf(t.Val, diag.CodeUnknownType, "%s.type: `%s` is not one of %s%s", what, s, strings.Join(types, ", "), diag.DidYouMean(s, types))
			case base != nil && Type(s) != base.Type:
				d.Errorf(t.Val, diag.CodeTypeConflict, "%s.type: `%s` conflicts with the kind's type `%s` (%s); a component may only refine a property", what, s, base.Type, base.Pos).Related = []Pos{base.Pos}
			default:
				p.Type = Type(s)
			}
		}
	} else if base == nil {
		d.Errorf(name, diag.CodeRequired, "%s: `type` is required (one of %s)", what, strings.Join(types, ", "))
	}
	if v, ok := f["values"]; ok {
		if values, ok := d.Strings(v.Val, what+".values"); ok {
			p.Values = d.checkValues(v.Val, what, values, base)
		}
	}
	if len(*d.Errs) > before {
		return nil
	}
	if p.Type == TypeEnum && len(p.Values) == 0 {
		d.Errorf(name, diag.CodeRequired, "%s: an enum needs `values`, the list of allowed strings", what)
		return nil
	}
	if p.Type != TypeEnum {
		if v, ok := f["values"]; ok {
			d.Errorf(v.Key, diag.CodeNotApplicable, "%s: `values` is only for enum properties, not %s", what, p.Type)
		}
	}
	if b, ok := f["required"]; ok {
		p.Required, _ = d.Bool(b.Val, what+".required")
	}
	if b, ok := f["advanced"]; ok {
		p.Advanced, _ = d.Bool(b.Val, what+".advanced")
	}
	if s, ok := f["description"]; ok {
		p.Description, _ = d.Str(s.Val, what+".description")
	}
	if v, ok := f["formerly"]; ok {
		if names, ok := d.Strings(v.Val, what+".formerly"); ok {
			for i, old := range names {
				if !ValidPropertyName(old) {
					d.Errorf(v.Val.Content[i], diag.CodeInvalidName, "%s.formerly: %s is not a property name", what, strconv.Quote(diag.Clip(old)))
				}
			}
			p.Formerly = names
		}
	}
	if v, ok := f["aliases"]; ok {
		if names, ok := d.Strings(v.Val, what+".aliases"); ok {
			for i, alias := range names {
				switch {
				case !ValidPropertyName(alias):
					d.Errorf(v.Val.Content[i], diag.CodeInvalidName, "%s.aliases: %s is not a property name; an alias is the camelCase word a design would write for it (\"replicas\")", what, strconv.Quote(diag.Clip(alias)))
				case slices.Contains(names[:i], alias):
					d.Errorf(v.Val.Content[i], diag.CodeDuplicateKey, "%s.aliases: `%s` is listed twice", what, alias)
				}
			}
			p.Aliases = names
		}
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
			d.Errorf(b.Key, diag.CodeNotApplicable, "%s: `%s` is only for integer properties, not %s", what, bound.key, p.Type)
			continue
		}
		if i, ok := d.Int(b.Val, what+"."+bound.key); ok {
			*bound.dst = &i
		}
	}
	if p.Minimum != nil && p.Maximum != nil && *p.Minimum > *p.Maximum {
		d.Errorf(f["maximum"].Val, diag.CodeInvalidRange, "%s: maximum %d is below minimum %d", what, *p.Maximum, *p.Minimum)
	}
	if dv, ok := f["default"]; ok {
		if v, ok := d.scalarValue(dv.Val, what+".default"); ok {
			if code, msg := p.problem(v, nil); msg != "" {
				d.Errorf(dv.Val, code, "%s.default: %s", what, msg)
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
		if v == "" {
			d.Errorf(n.Content[i], diag.CodeEmpty, "%s.values: an empty string is not a value; each value is a word such as \"all\"", what)
		}
		if seen[v] {
			d.Errorf(n.Content[i], diag.CodeDuplicateValue, "%s.values: `%s` is listed twice", what, v)
		}
		seen[v] = true
		if base != nil && base.Type == TypeEnum && !slices.Contains(base.Values, v) {
			d.Errorf(n.Content[i], diag.CodeEnumValue, "%s.values: `%s` is not one of the kind's values %s (%s); a component may only narrow them", what, v, strings.Join(base.Values, ", "), base.Pos).Related = []Pos{base.Pos}
		}
	}
	return values
}

// ValidPropertyName reports whether name can name a property: camelCase
// ASCII letters and digits, starting with a lower-case letter, at most
// maxIDLength long. Names are keys in designs and {placeholders} in rule
// messages, so spaces, braces and invisible characters cannot be in them.
func ValidPropertyName(name string) bool {
	if name == "" || len(name) > maxIDLength || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for i := 1; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// problem returns why v is not a valid value of p, with the problem's code,
// or "" when it is; hints budgets its "did you mean" (nil: no budget).
func (p *Property) problem(v Value, hints *diag.Hints) (Code, string) {
	if !v.fits(p.Type) {
		return diag.CodeTypeMismatch, fmt.Sprintf("%s is %s; %s is %s", diag.Clip(v.Literal()), v.typeWords(), p.Name, p.typeWords())
	}
	switch p.Type {
	case TypeEnum:
		if !slices.Contains(p.Values, v.s) {
			return diag.CodeEnumValue, fmt.Sprintf("`%s` is not one of %s%s", diag.Clip(v.s), strings.Join(p.Values, ", "), hints.DidYouMean(v.s, p.Values))
		}
	case TypeInteger:
		if p.Minimum != nil && v.i < *p.Minimum {
			return diag.CodeLimitExceeded, fmt.Sprintf("%d is below the minimum %d of %s", v.i, *p.Minimum, p.Name)
		}
		if p.Maximum != nil && v.i > *p.Maximum {
			return diag.CodeLimitExceeded, fmt.Sprintf("%d is above the maximum %d of %s", v.i, *p.Maximum, p.Name)
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
