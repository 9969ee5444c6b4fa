package catalogue

import (
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// parseRule reads a rule file; its conditions are type-checked later against
// the kinds it selects (see Catalogue.linkRule).
func parseRule(file, id string, data []byte, errs *ErrorList) *Rule {
	d := &decoder{file: file, errs: errs}
	root := d.parseDocument(data)
	if root == nil {
		return nil
	}
	f := d.fields(root, "rule", "schemaVersion", "type", "id", "name", "description", "severity", "select", "connection", "when", "assert", "message", "docs")
	if f == nil {
		return nil
	}
	before := len(*errs)
	r := &Rule{File: file, Text: data, nodes: map[string]*yaml.Node{}}
	r.ID, _ = d.header(f, root, "rule", id)
	r.Name = d.requiredString(f, root, "name")
	if v, ok := f["description"]; ok {
		r.Description, _ = d.str(v.val, "description")
	}
	if sev := d.requiredString(f, root, "severity"); sev != "" {
		if !slices.Contains(severities, sev) {
			d.errorf(f["severity"].val, CodeUnknownSeverity, "severity: `%s` is not one of %s%s", sev, strings.Join(severities, ", "), didYouMean(sev, severities))
		}
		r.Severity = Severity(sev)
	}
	sel, hasSelect := f["select"]
	conn, hasConn := f["connection"]
	switch {
	case hasSelect && hasConn:
		d.errorf(conn.key, CodeConflictingKeys, "a rule has `select` (it checks nodes) or `connection` (it checks edges), not both")
	case hasSelect:
		r.nodes["select"] = sel.key
		r.Select = d.parseSelector(sel.val, "select", r.nodes, false)
	case hasConn:
		r.nodes["connection"] = conn.key
		cf := d.fields(conn.val, "connection", "from", "to")
		r.Connection = &Connection{}
		for _, end := range []struct {
			key string
			dst *Selector
		}{{"from", &r.Connection.From}, {"to", &r.Connection.To}} {
			ef, ok := cf[end.key]
			if !ok {
				if cf != nil {
					d.errorf(conn.val, CodeRequired, "connection: `%s` is required (a selector; {} selects any component)", end.key)
				}
				continue
			}
			*end.dst = d.parseSelector(ef.val, "connection."+end.key, r.nodes, true)
		}
	default:
		d.errorf(root, CodeRequired, "`select` (the kinds, categories, providers or components a node rule checks) or `connection` (the ends of the edges a connection rule checks) is required")
	}
	if v, ok := f["when"]; ok {
		r.When = d.parseCondition(v.val, "when")
	}
	if v, ok := f["assert"]; !ok {
		d.errorf(root, CodeRequired, "`assert` is required: the condition every selected node must meet")
	} else {
		r.Assert = d.parseCondition(v.val, "assert")
	}
	r.Message = d.requiredString(f, root, "message")
	if v, ok := f["message"]; ok {
		r.message = d.parseTemplate(v.val, r.Message)
		r.nodes["message"] = v.val
	}
	r.Docs = d.requiredString(f, root, "docs")
	if v, ok := f["docs"]; ok && r.Docs != "" {
		d.checkURL(v.val, "docs", r.Docs)
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
	sf := d.fields(n, what, selectKeys...)
	if sf != nil && len(sf) == 0 && !emptyOK {
		d.errorf(n, CodeRequired, "%s: name at least one of %s", what, strings.Join(selectKeys, ", "))
	}
	for key, dst := range map[string]*[]string{"kinds": &s.Kinds, "categories": &s.Categories, "providers": &s.Providers, "components": &s.Components} {
		if lf, ok := sf[key]; ok {
			*dst, _ = d.strings(lf.val, what+"."+key)
			nodes[what+"."+key] = lf.val
			if len(*dst) == 0 {
				d.errorf(lf.val, CodeEmpty, "%s.%s: the list is empty; leave the key out to select any", what, key)
			}
		}
	}
	return s
}

// parseCondition reads a condition: a mapping with `all` or `any` (a list of
// conditions), or a comparison `{prop, op, value | ref}`.
func (d *decoder) parseCondition(n *yaml.Node, what string) *Condition {
	f := d.fields(n, what, "all", "any", "prop", "op", "value", "ref")
	if f == nil {
		return nil
	}
	c := &Condition{Pos: d.pos(n)}
	_, hasAll := f["all"]
	_, hasAny := f["any"]
	_, hasProp := f["prop"]
	switch {
	case hasAll && hasAny, (hasAll || hasAny) && hasProp:
		d.errorf(n, CodeInvalidCondition, "%s: use one of `all`, `any` or a comparison (`prop`, `op`, `value` or `ref`) per condition; nest them to combine", what)
		return nil
	case hasAll || hasAny:
		key := "all"
		if hasAny {
			key = "any"
		}
		for k := range f {
			if k != key {
				d.errorf(f[k].key, CodeConflictingKeys, "%s: `%s` does not belong beside `%s`", what, k, key)
			}
		}
		list := f[key].val
		if !d.isKind(list, yaml.SequenceNode, what+"."+key, "a list of conditions") {
			return nil
		}
		if len(list.Content) == 0 {
			d.errorf(list, CodeEmpty, "%s.%s: the list is empty", what, key)
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

func (d *decoder) parseComparison(n *yaml.Node, f map[string]field, what string, c *Condition) *Condition {
	before := len(*d.errs)
	c.Prop = d.requiredString(f, n, "prop")
	op := d.requiredString(f, n, "op")
	if op != "" && !slices.Contains(ops, op) {
		d.errorf(f["op"].val, CodeUnknownOp, "%s.op: `%s` is not one of %s%s", what, op, strings.Join(ops, ", "), didYouMean(op, ops))
	}
	c.Op = Op(op)
	value, hasValue := f["value"]
	ref, hasRef := f["ref"]
	switch c.Op {
	case OpSet, OpUnset:
		for _, extra := range []string{"value", "ref"} {
			if x, ok := f[extra]; ok {
				d.errorf(x.key, CodeConflictingKeys, "%s: `%s` takes no `%s`", what, op, extra)
			}
		}
	case OpIn, OpNotIn:
		if hasRef {
			d.errorf(ref.key, CodeConflictingKeys, "%s: `%s` compares with a list of values, not a `ref`", what, op)
		}
		if !hasValue {
			d.errorf(n, CodeRequired, "%s: `%s` needs `value`, a list of values", what, op)
		} else if d.isKind(value.val, yaml.SequenceNode, what+".value", "a list of values") {
			for _, item := range value.val.Content {
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
			d.errorf(ref.key, CodeConflictingKeys, "%s: give `value` or `ref`, not both", what)
		case hasValue:
			if v, ok := d.scalarValue(value.val, what+".value"); ok {
				c.Value = v
				c.valueNodes = []*yaml.Node{value.val}
			}
		case hasRef:
			c.Ref, _ = d.str(ref.val, what+".ref")
		default:
			d.errorf(n, CodeRequired, "%s: `%s` needs `value` or `ref` (another property)", what, op)
		}
	}
	if len(*d.errs) > before {
		return nil
	}
	return c
}

// parseTemplate splits a message into text and {placeholders}.
func (d *decoder) parseTemplate(n *yaml.Node, msg string) []segment {
	out, bad := splitTemplate(msg)
	if bad >= 0 {
		d.errorf(n, CodeInvalidTemplate, "message: `{` at offset %d is not closed; write {node} or {propertyName}", bad)
		return nil
	}
	return out
}

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
