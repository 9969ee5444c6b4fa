package catalogue

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/internal/yamlstrict"
	"gopkg.in/yaml.v3"
)

// parseRule reads a rule file; its conditions are type-checked later against
// the kinds it selects (see Catalogue.linkRule).
func parseRule(file, id string, data []byte, errs *ErrorList) *Rule {
	d := newDecoder(file, errs)
	root, f := d.Open(data, "rule", "schemaVersion", "type", "id", "name", "description", "severity", "select", "connection", "when", "assert", "fix", "message", "docs")
	if root == nil {
		return nil
	}
	before := len(*errs)
	r := &Rule{File: file, Text: data, nodes: map[string]*yaml.Node{}}
	r.ID, _ = d.header(f, root, "rule", id)
	r.Name = d.requiredString(f, root, "name")
	if v, ok := f["description"]; ok {
		r.Description, _ = d.Str(v.Val, "description")
	}
	if sev := d.requiredString(f, root, "severity"); sev != "" {
		if !slices.Contains(severities, sev) {
			d.Errorf(f["severity"].Val, diag.CodeUnknownSeverity, "severity: `%s` is not one of %s%s", sev, strings.Join(severities, ", "), diag.DidYouMean(sev, severities))
		}
		r.Severity = Severity(sev)
	}
	sel, hasSelect := f["select"]
	conn, hasConn := f["connection"]
	switch {
	case hasSelect && hasConn:
		d.Errorf(conn.Key, diag.CodeConflictingKeys, "a rule has `select` (it checks nodes) or `connection` (it checks edges), not both")
	case hasSelect:
		r.nodes["select"] = sel.Key
		r.Select = d.parseSelector(sel.Val, "select", r.nodes, false)
	case hasConn:
		r.nodes["connection"] = conn.Key
		cf := d.Fields(conn.Val, "connection", "from", "to")
		r.Connection = &Connection{}
		for _, end := range []struct {
			key string
			dst *Selector
		}{{"from", &r.Connection.From}, {"to", &r.Connection.To}} {
			ef, ok := cf[end.key]
			if !ok {
				if cf != nil {
					d.Errorf(conn.Val, diag.CodeRequired, "connection: `%s` is required (a selector; {} selects any component)", end.key)
				}
				continue
			}
			*end.dst = d.parseSelector(ef.Val, "connection."+end.key, r.nodes, true)
		}
	default:
		d.Errorf(root, diag.CodeRequired, "`select` (the kinds, categories, providers or components a node rule checks) or `connection` (the ends of the edges a connection rule checks) is required")
	}
	if v, ok := f["when"]; ok {
		r.When = d.parseCondition(v.Val, "when")
	}
	if v, ok := f["assert"]; !ok {
		d.Errorf(root, diag.CodeRequired, "`assert` is required: the condition every selected node must meet")
	} else {
		r.Assert = d.parseCondition(v.Val, "assert")
	}
	if v, ok := f["fix"]; ok {
		r.Fixes = d.parseFixes(v.Val, hasConn)
	}
	r.Message = d.requiredString(f, root, "message")
	if v, ok := f["message"]; ok {
		r.message = d.parseTemplate(v.Val, r.Message)
		r.nodes["message"] = v.Val
	}
	r.Docs = d.requiredString(f, root, "docs")
	if v, ok := f["docs"]; ok && r.Docs != "" {
		d.checkURL(v.Val, "docs", r.Docs)
	}
	if len(*errs) > before {
		return nil
	}
	if r.Assert != nil {
		r.property = r.Assert.firstProp()
	}
	return r
}

// parseSelector reads a selector at what ("select", "connection.from"); an
// empty one selects any component where allowed.
func (d *decoder) parseSelector(n *yaml.Node, what string, nodes map[string]*yaml.Node, emptyOK bool) Selector {
	var s Selector
	sf := d.Fields(n, what, selectKeys...)
	if sf != nil && len(sf) == 0 && !emptyOK {
		d.Errorf(n, diag.CodeRequired, "%s: name at least one of %s", what, strings.Join(selectKeys, ", "))
	}
	for key, dst := range map[string]*[]string{"kinds": &s.Kinds, "categories": &s.Categories, "providers": &s.Providers, "components": &s.Components} {
		if lf, ok := sf[key]; ok {
			*dst, _ = d.Strings(lf.Val, what+"."+key)
			nodes[what+"."+key] = lf.Val
			if len(*dst) == 0 {
				d.Errorf(lf.Val, diag.CodeEmpty, "%s.%s: the list is empty; leave the key out to select any", what, key)
			}
		}
	}
	return s
}

// parseCondition reads a condition: a mapping with `all` or `any` (a list of
// conditions), or a comparison `{prop, op, value | ref}`.
func (d *decoder) parseCondition(n *yaml.Node, what string) *Condition {
	f := d.Fields(n, what, "all", "any", "prop", "op", "value", "ref")
	if f == nil {
		return nil
	}
	c := &Condition{Pos: d.Pos(n)}
	_, hasAll := f["all"]
	_, hasAny := f["any"]
	_, hasProp := f["prop"]
	switch {
	case hasAll && hasAny, (hasAll || hasAny) && hasProp:
		d.Errorf(n, diag.CodeInvalidCondition, "%s: use one of `all`, `any` or a comparison (`prop`, `op`, `value` or `ref`) per condition; nest them to combine", what)
		return nil
	case hasAll || hasAny:
		key := "all"
		if hasAny {
			key = "any"
		}
		for k := range f {
			if k != key {
				d.Errorf(f[k].Key, diag.CodeConflictingKeys, "%s: `%s` does not belong beside `%s`", what, k, key)
			}
		}
		list := f[key].Val
		if !d.IsKind(list, yaml.SequenceNode, what+"."+key, "a list of conditions") {
			return nil
		}
		if len(list.Content) == 0 {
			d.Errorf(list, diag.CodeEmpty, "%s.%s: the list is empty", what, key)
		}
		for _, item := range list.Content {
			sub := d.parseCondition(item, what+"."+key+"[]")
			if sub == nil {
				return nil
			}
			if hasAll {
				c.All = append(c.All, sub)
			} else {
				c.Any = append(c.Any, sub)
			}
		}
		return c
	}
	return d.parseComparison(n, f, what, c)
}

func (d *decoder) parseComparison(n *yaml.Node, f map[string]yamlstrict.Field, what string, c *Condition) *Condition {
	before := len(*d.Errs)
	c.Prop = d.requiredString(f, n, "prop")
	op := d.requiredString(f, n, "op")
	if op != "" && !slices.Contains(ops, op) {
		d.Errorf(f["op"].Val, diag.CodeUnknownOp, "%s.op: `%s` is not one of %s%s", what, op, strings.Join(ops, ", "), diag.DidYouMean(op, ops))
	}
	c.Op = Op(op)
	value, hasValue := f["value"]
	ref, hasRef := f["ref"]
	switch c.Op {
	case OpSet, OpUnset:
		for _, extra := range []string{"value", "ref"} {
			if x, ok := f[extra]; ok {
				d.Errorf(x.Key, diag.CodeConflictingKeys, "%s: `%s` takes no `%s`", what, op, extra)
			}
		}
	case OpIn, OpNotIn:
		if hasRef {
			d.Errorf(ref.Key, diag.CodeConflictingKeys, "%s: `%s` compares with a list of values, not a `ref`", what, op)
		}
		if !hasValue {
			d.Errorf(n, diag.CodeRequired, "%s: `%s` needs `value`, a list of values", what, op)
		} else if d.IsKind(value.Val, yaml.SequenceNode, what+".value", "a list of values") {
			if len(value.Val.Content) == 0 {
				// in [] never holds and notIn [] always does: the rule would
				// fire on everything or on nothing.
				d.Errorf(value.Val, diag.CodeEmpty, "%s: `%s` needs at least one value; an empty list makes the rule fire always or never", what, op)
			}
			for _, item := range value.Val.Content {
				if v, ok := d.scalarValue(item, what+".value"); ok {
					c.Values = append(c.Values, v)
					c.valueNodes = append(c.valueNodes, item)
				}
			}
		}
	case "":
	default:
		switch {
		case hasValue && hasRef:
			d.Errorf(ref.Key, diag.CodeConflictingKeys, "%s: give `value` or `ref`, not both", what)
		case hasValue:
			if v, ok := d.scalarValue(value.Val, what+".value"); ok {
				c.Value = v
				c.valueNodes = []*yaml.Node{value.Val}
			}
		case hasRef:
			c.Ref, _ = d.Str(ref.Val, what+".ref")
		default:
			d.Errorf(n, diag.CodeRequired, "%s: `%s` needs `value` or `ref` (another property)", what, op)
		}
	}
	if len(*d.Errs) > before {
		return nil
	}
	return c
}

// parseTemplate splits a message into text and {placeholders}.
func (d *decoder) parseTemplate(n *yaml.Node, msg string) []segment {
	if count := utf8.RuneCountInString(msg); count > maxMessageLength {
		d.Errorf(n, diag.CodeTooLarge, "message: %d characters; a rule's message is a sentence or two, at most %d characters (put the detail on the docs page)", count, maxMessageLength)
		return nil
	}
	out, bad := splitTemplate(msg)
	if bad >= 0 {
		d.Errorf(n, diag.CodeInvalidTemplate, "message: `{` at offset %d is not closed; write {node} or {propertyName}", bad)
		return nil
	}
	placeholders := 0
	for _, seg := range out {
		if seg.placeholder {
			placeholders++
		}
	}
	if placeholders > maxPlaceholders {
		d.Errorf(n, diag.CodeTooLarge, "message: %d placeholders; a message may have at most %d", placeholders, maxPlaceholders)
		return nil
	}
	return out
}

// Limits on a rule's message, which is repeated in every violation: a long
// message, or many placeholders for long values, multiplied by the nodes of
// a design, made hundreds of megabytes of problems.
const (
	maxMessageLength = 500
	maxPlaceholders  = 8
)

// splitTemplate splits a message into text and {placeholders}; bad is the
// offset of an unclosed "{", or -1.
func splitTemplate(msg string) (out []segment, bad int) {
	offset := 0
	for msg != "" {
		open := strings.IndexByte(msg, '{')
		if open < 0 {
			out = append(out, segment{text: msg})
			break
		}
		end := strings.IndexByte(msg[open:], '}')
		if end < 0 {
			return nil, offset + open
		}
		if open > 0 {
			out = append(out, segment{text: msg[:open]})
		}
		out = append(out, segment{text: msg[open+1 : open+end], placeholder: true})
		offset += open + end + 1
		msg = msg[open+end+1:]
	}
	return out, -1
}
