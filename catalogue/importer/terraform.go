package importer

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// readTerraformPlan reads a plan as `terraform show -json` writes it
// (https://developer.hashicorp.com/terraform/internals/json-format, format
// 1.x): the planned resources of every module, by their values; the
// references between them from the plan's configuration; the provider's
// region as a region group and each resource's availability zone as a zone
// group in it. Resources the mapping's edge rules name (an event source
// mapping, a subscription) are the edges they make.
func (s *system) readTerraformPlan(file string, docs []*yaml.Node) catalogue.ErrorList {
	root := docs[0]
	version := get(root, "format_version")
	if version == nil {
		return catalogue.ErrorList{{Pos: pos(file, root), Code: diag.CodeRequired, Msg: "format_version: a plan from `terraform show -json` states its format version"}}
	}
	if v := str(version); !strings.HasPrefix(v, "1.") && v != "1" {
		return catalogue.ErrorList{{Pos: pos(file, version), Code: diag.CodeUnsupportedVer,
			Msg: fmt.Sprintf("format_version: %q is not a plan format this version reads (1.x, Terraform 1.0 and later)", v)}}
	}
	// References by resource address, from the configuration.
	refs := map[string][]ref{}
	configured := map[string]map[string]bool{}
	var config func(module *yaml.Node, prefix string, depth int)
	config = func(module *yaml.Node, prefix string, depth int) {
		if depth > 50 {
			return
		}
		for _, r := range at(module, "resources.*") {
			address := prefix + str(get(r, "address"))
			exprs := get(r, "expressions")
			configured[address] = map[string]bool{}
			for _, e := range pairs(exprs) {
				configured[address][e.k.Value] = true
				for _, target := range references(e.v, prefix) {
					refs[address] = append(refs[address], ref{path: e.k.Value, address: target})
				}
			}
		}
		for _, call := range pairs(get(module, "module_calls")) {
			config(get(call.v, "module"), prefix+"module."+call.k.Value+".", depth+1)
		}
	}
	config(one(root, "configuration.root_module"), "", 0)

	region := ""
	for _, provider := range []string{"aws", "google"} {
		at := one(root, "configuration.provider_config."+provider+".expressions.region.constant_value")
		if r := str(at); r != "" {
			region = r
			s.addGroup(&group{key: "region:" + r, boundary: "region", name: r, at: pos(file, at),
				props: map[string]catalogue.Value{"provider": catalogue.StringValue(map[string]string{"aws": "aws", "google": "gcp"}[provider]), "region": catalogue.StringValue(r)}})
			break
		}
	}
	var module func(m *yaml.Node, depth int)
	module = func(m *yaml.Node, depth int) {
		if depth > 50 {
			return
		}
		for _, r := range at(m, "resources.*") {
			address, typ := str(get(r, "address")), str(get(r, "type"))
			base := address // the configuration's address: without a count or for_each index
			if i := strings.LastIndexByte(base, '['); i >= 0 && strings.HasSuffix(base, "]") {
				base = base[:i]
			}
			if str(get(r, "mode")) == "data" {
				s.skip(file, r, address, typ, "a data source: read by the plan, not part of the system")
				continue
			}
			if rules := s.edgeRules(typ); len(rules) > 0 {
				s.connect(file, r, address, typ, rules, refs[base])
				continue
			}
			values := get(r, "values")
			res := &resource{file: file, node: r, address: address, typ: typ, name: str(get(r, "name")), attrs: values, refs: refs[base], configured: configured[base]}
			if i := str(get(r, "index")); i != "" {
				res.name += "-" + i
			}
			if region != "" {
				res.group = "region:" + region
			}
			// A Multi-AZ database names the zone of its primary only.
			if zone := str(get(values, "availability_zone")); zone != "" && region != "" && str(get(values, "multi_az")) != "true" {
				s.addGroup(&group{key: "zone:" + zone, boundary: "zone", name: zone, in: "region:" + region, at: pos(file, get(values, "availability_zone")),
					props: map[string]catalogue.Value{"zone": catalogue.StringValue(zone)}})
				res.group = "zone:" + zone
			}
			s.add(res)
		}
		for _, child := range at(m, "child_modules.*") {
			module(child, depth+1)
		}
	}
	planned := one(root, "planned_values.root_module")
	if planned == nil {
		return catalogue.ErrorList{{Pos: pos(file, root), Code: diag.CodeRequired, Msg: "planned_values.root_module: the plan has no planned resources (run `terraform show -json` on a saved plan)"}}
	}
	module(planned, 0)
	return nil
}

// references are the resource addresses an expression of the plan's
// configuration references ("aws_sqs_queue.orders.arn" → the queue), in a
// module whose addresses start with prefix.
func references(expr *yaml.Node, prefix string) []string {
	var out []string
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		n = resolve(n)
		if n == nil || depth > 100 {
			return
		}
		if list := get(n, "references"); list != nil && n.Kind == yaml.MappingNode {
			for _, r := range list.Content {
				// The reference's first two parts (a value may hold
				// millions more: cut, not split).
				typ, rest, ok := strings.Cut(str(r), ".")
				name, _, _ := strings.Cut(rest, ".")
				if !ok || typ == "data" || typ == "var" || typ == "local" || typ == "module" ||
					typ == "each" || typ == "count" || typ == "path" || typ == "self" {
					continue
				}
				out = append(out, prefix+typ+"."+name)
			}
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(expr, 0)
	return out
}
