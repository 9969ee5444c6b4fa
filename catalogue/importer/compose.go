package importer

import (
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// readCompose reads a Compose file (https://docs.docker.com/reference/compose-file/):
// each service is a resource by its image (one built from source has
// none, and is the team's own service); depends_on, links and environment
// values that name another service are edges; the top-level networks are
// network groups, and a service sits in the first it joins.
func (s *system) readCompose(file string, docs []*yaml.Node) catalogue.ErrorList {
	root := docs[0]
	services := get(root, "services")
	if services == nil || services.Kind != yaml.MappingNode {
		return catalogue.ErrorList{{Pos: pos(file, root), Code: diag.CodeRequired, Msg: "services: a Compose file's services are a mapping of names to services"}}
	}
	var errs catalogue.ErrorList
	if nets := get(root, "networks"); nets != nil && nets.Kind != yaml.MappingNode && !isNull(nets) {
		errs = append(errs, wrongType(file, nets, "networks", "the networks are a mapping of names to networks"))
	}
	for _, k := range keys(get(root, "networks")) {
		s.addGroup(&group{key: "network:" + k.Value, boundary: "network", name: k.Value, at: pos(file, k)})
	}
	if s.services == nil {
		s.services = map[string]int{}
	}
	names := map[string]bool{}
	for _, k := range keys(services) {
		names[k.Value] = true
	}
	for _, p := range pairs(services) {
		k, svc := p.k, p.v
		if wrong := composeTypes(file, k.Value, svc); len(wrong) > 0 {
			errs = append(errs, wrong...)
			continue
		}
		// A later file (an override file) changes an earlier one's
		// service, key by key, as Compose merges them.
		if i, ok := s.services[k.Value]; ok {
			svc = overlay(s.resources[i].attrs, svc)
			s.resources[i] = nil // it is the one below now, in the later file's place
		}
		r := &resource{file: file, node: k, address: k.Value, typ: "service", image: str(get(svc, "image")), name: k.Value, attrs: svc}
		if nets := get(svc, "networks"); nets != nil {
			var first string
			switch nets.Kind {
			case yaml.SequenceNode:
				if len(nets.Content) > 0 {
					first = str(nets.Content[0])
				}
			case yaml.MappingNode:
				if len(nets.Content) > 0 {
					first = nets.Content[0].Value
				}
			}
			if first != "" {
				s.addGroup(&group{key: "network:" + first, boundary: "network", name: first, at: pos(file, nets)})
				r.group = "network:" + first
			}
		}
		seen := map[string]bool{}
		refer := func(to string) {
			if names[to] && to != k.Value && !seen[to] {
				seen[to] = true
				s.link(link{from: k.Value, to: to}, pos(file, k))
			}
		}
		if deps := get(svc, "depends_on"); deps != nil {
			switch deps.Kind {
			case yaml.SequenceNode:
				for _, d := range deps.Content {
					refer(str(d))
				}
			case yaml.MappingNode:
				for _, d := range keys(deps) {
					refer(d.Value)
				}
			}
		}
		for _, l := range at(svc, "links.*") {
			name := str(l)
			if i := strings.IndexByte(name, ':'); i >= 0 {
				name = name[:i]
			}
			refer(name)
		}
		for _, v := range environment(svc) {
			for _, host := range hosts(v) {
				refer(host[0])
			}
		}
		s.services[k.Value] = len(s.resources)
		s.add(r)
	}
	return errs
}

// composeTypes are the values of service name (svc) of a type Compose
// refuses (docker compose config: "services.web.image must be a
// string"), among those the import reads.
func composeTypes(file, name string, svc *yaml.Node) catalogue.ErrorList {
	what := "services." + name
	if svc.Kind != yaml.MappingNode {
		return catalogue.ErrorList{wrongType(file, svc, what, "a service is a mapping of its settings (image: nginx)")}
	}
	var errs catalogue.ErrorList
	for _, c := range []struct {
		key  string
		ok   []yaml.Kind
		want string
	}{
		{"image", []yaml.Kind{yaml.ScalarNode}, "an image is a name (nginx:1.27)"},
		{"networks", []yaml.Kind{yaml.SequenceNode, yaml.MappingNode}, "networks are a list of network names, or a mapping of them"},
		{"depends_on", []yaml.Kind{yaml.SequenceNode, yaml.MappingNode}, "depends_on is a list of service names, or a mapping of them"},
		{"links", []yaml.Kind{yaml.SequenceNode}, "links are a list of service names (db, or db:alias)"},
		{"environment", []yaml.Kind{yaml.SequenceNode, yaml.MappingNode}, "the environment is a list of NAME=value, or a mapping of names to values"},
	} {
		switch v := get(svc, c.key); {
		case v == nil, isNull(v) && c.key != "image": // none; an image left empty names none
		case isNull(v) || !slices.Contains(c.ok, v.Kind):
			errs = append(errs, wrongType(file, v, what+"."+c.key, c.want))
		}
	}
	return errs
}

// wrongType is the error of a value of the wrong type at what: what it is,
// and want, what it would be.
func wrongType(file string, n *yaml.Node, what, want string) *catalogue.Error {
	is := "a text"
	switch {
	case isNull(n):
		is = "nothing"
	case n.Kind == yaml.SequenceNode:
		is = "a list"
	case n.Kind == yaml.MappingNode:
		is = "a mapping"
	case n.Tag == "!!int" || n.Tag == "!!float":
		is = "a number"
	case n.Tag == "!!bool":
		is = "true or false"
	}
	return &catalogue.Error{Pos: pos(file, n), Code: diag.CodeWrongType, Msg: what + ": " + is + "; " + want}
}

// isNull says n is YAML's null (a key with no value).
func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// environment is a service's environment values (a list of NAME=value or a
// mapping).
func environment(svc *yaml.Node) []string {
	env := get(svc, "environment")
	if env == nil {
		return nil
	}
	var out []string
	switch env.Kind {
	case yaml.SequenceNode:
		for _, e := range env.Content {
			if v := str(e); v != "" {
				if i := strings.IndexByte(v, '='); i >= 0 {
					out = append(out, v[i+1:])
				}
			}
		}
	case yaml.MappingNode:
		for i := 1; i < len(env.Content); i += 2 {
			out = append(out, str(env.Content[i]))
		}
	}
	return out
}

// hosts are the hosts a setting's value names, as a connection string,
// URL or host list writes them ("db", "db:5432", "postgres://u:p@db/x",
// "kafka-1:9092,kafka-2:9092", "orders.shop.svc.cluster.local"): the
// labels of each, the first its name.
func hosts(v string) [][]string {
	var out [][]string
	for _, piece := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		if i := strings.Index(piece, "://"); i >= 0 {
			piece = piece[i+3:]
		}
		if i := strings.LastIndexByte(piece, '@'); i >= 0 {
			piece = piece[i+1:]
		}
		if i := strings.IndexAny(piece, ":/?"); i >= 0 {
			piece = piece[:i]
		}
		labels := strings.Split(piece, ".")
		if hostName.MatchString(labels[0]) {
			out = append(out, labels)
		}
	}
	return out
}

var hostName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

// overlay is mapping base with the keys of top put over its own.
func overlay(base, top *yaml.Node) *yaml.Node {
	out := &yaml.Node{Kind: yaml.MappingNode, Line: top.Line, Column: top.Column}
	over := map[string]bool{}
	for _, p := range pairs(top) {
		over[p.k.Value] = true
	}
	for _, p := range pairs(base) {
		if !over[p.k.Value] {
			out.Content = append(out.Content, p.k, p.v)
		}
	}
	for _, p := range pairs(top) {
		out.Content = append(out.Content, p.k, p.v)
	}
	return out
}
