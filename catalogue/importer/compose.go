package importer

import (
	"iter"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// readCompose reads a Compose file (https://docs.docker.com/reference/compose-file/):
// each service is a resource by its image (one built from source has
// none, and is the team's own service); depends_on, links and environment
// values that name another service are edges, speaking the protocol of
// the port they name or the service publishes; the top-level networks are
// network groups, and a service sits in the first it joins; the project's
// name is the design's. What else the file says is listed as left out
// (see composeLeftOut).
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
	s.composeFileLeftOut(file, root)
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
		r := &resource{file: file, node: k, address: k.Value, typ: "service", name: k.Value}
		// A later file (an override file) changes an earlier one's
		// service, key by key, as Compose merges them.
		if i, ok := s.services[k.Value]; ok {
			base := s.resources[i]
			svc = overlay(base.attrs, svc)
			// The keys the earlier file wrote that this one does not
			// change are still where the earlier file wrote them.
			r.keyFile = map[*yaml.Node]string{}
			for _, bp := range pairs(base.attrs) {
				r.keyFile[bp.k] = base.fileOf(bp.k)
			}
			s.resources[i] = nil // it is the one below now, in the later file's place
		}
		r.image, r.attrs = str(get(svc, "image")), svc
		if own := get(p.v, "image"); own != nil {
			s.leaveOutImage(r, pos(file, own))
		} else if imageReferenceProblem(r.image) != "" {
			r.image = "" // an earlier file's, left out and said there
		}
		if nets := get(svc, "networks"); nets != nil {
			if first := networkNames(nets); len(first) > 0 {
				s.addGroup(&group{key: "network:" + first[0].Value, boundary: "network", name: first[0].Value, at: pos(file, nets)})
				r.group = "network:" + first[0].Value
			}
		}
		// The services it names, in order, each with the port the first
		// naming with one gives.
		var named []string
		port := map[string]string{}
		refer := func(to, at string) bool {
			_, earlier := s.services[to] // a service of an earlier file
			if !names[to] && !earlier || to == k.Value {
				return false
			}
			if _, seen := port[to]; !seen {
				named = append(named, to)
				port[to] = ""
			}
			if port[to] == "" {
				port[to] = at
			}
			return true
		}
		if deps := get(svc, "depends_on"); deps != nil {
			switch deps.Kind {
			case yaml.SequenceNode:
				for _, d := range deps.Content {
					refer(str(d), "")
				}
			case yaml.MappingNode:
				for _, d := range keys(deps) {
					refer(d.Value, "")
				}
			}
		}
		for _, l := range at(svc, "links.*") {
			name := str(l)
			if i := strings.IndexByte(name, ':'); i >= 0 {
				name = name[:i]
			}
			refer(name, "")
		}
		for _, v := range environment(svc) {
			for h := range eachHost(v.value) {
				if refer(h.name, h.port) {
					if r.namingEnv == nil {
						r.namingEnv = map[string]bool{}
					}
					r.namingEnv[v.name] = true
				}
			}
		}
		for _, to := range named {
			l := link{from: k.Value, to: to, port: port[to]}
			if port[to] != "" {
				l.protocol = s.mapping.Ports[port[to]]
			}
			if !s.link(l, pos(file, k)) {
				return errs
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
		{"ports", []yaml.Kind{yaml.SequenceNode}, "ports are a list (\"8080:80\", or {target: 80, published: 8080})"},
		{"expose", []yaml.Kind{yaml.SequenceNode}, "expose is a list of ports (\"8080\")"},
		{"volumes", []yaml.Kind{yaml.SequenceNode}, "volumes are a list (\"db-data:/var/lib/postgresql/data\", or {type, source, target})"},
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

// envVar is a variable of a service's environment: its name, its value
// (never shown: it may be a secret) and where it is written.
type envVar struct {
	name, value string
	at          *yaml.Node
}

// environment is a service's environment variables (a list of NAME=value,
// or NAME, or a mapping).
func environment(svc *yaml.Node) []envVar {
	env := get(svc, "environment")
	if env == nil {
		return nil
	}
	var out []envVar
	switch env.Kind {
	case yaml.SequenceNode:
		for _, e := range env.Content {
			if v := str(e); v != "" {
				name, value, _ := strings.Cut(v, "=")
				out = append(out, envVar{name: name, value: value, at: e})
			}
		}
	case yaml.MappingNode:
		for _, p := range pairs(env) {
			out = append(out, envVar{name: p.k.Value, value: str(p.v), at: p.k})
		}
	}
	return out
}

// host is a host a value names, as eachHost finds it: its name's first
// label, its second ("" for none) and the port written after it ("").
type host struct{ name, second, port string }

// eachHost yields the hosts a setting's value v names, as a connection
// string, URL or host list writes them ("db", "db:5432",
// "postgres://u:p@db/x", "kafka-1:9092,kafka-2:9092",
// "orders.shop.svc.cluster.local"), in order, as it reads them: parts of
// v, in one pass over it, at no cost but the reading. A host named again
// is yielded again; the caller looks each up in a map.
func eachHost(v string) iter.Seq[host] {
	return func(yield func(host) bool) {
		for start := 0; start < len(v); {
			// The piece up to the next separator, and what it holds: most
			// are a name, or a name and its namespace, read as they go.
			end, special, dot1, dot2 := start, false, -1, -1
			for ; end < len(v); end++ {
				c := v[end]
				if c == ',' || c == ';' || c == ' ' {
					break
				}
				switch {
				case c == ':' || c == '/' || c == '?' || c == '@':
					special = true
				case c == '.' && dot1 < 0:
					dot1 = end
				case c == '.' && dot2 < 0:
					dot2 = end
				}
			}
			h := host{name: v[start:end]}
			switch {
			case special:
				h = hostOf(v[start:end])
			case dot2 >= 0:
				h.name, h.second = v[start:dot1], v[dot1+1:dot2]
			case dot1 >= 0:
				h.name, h.second = v[start:dot1], v[dot1+1:end]
			}
			start = end + 1
			if isHostName(h.name) && !yield(h) {
				return
			}
		}
	}
}

// hostOf is the host a connection string or URL names: piece without its
// scheme, user and password, path and query, its port apart.
func hostOf(piece string) host {
	if i := strings.Index(piece, "://"); i >= 0 {
		piece = piece[i+3:]
	}
	if i := strings.LastIndexByte(piece, '@'); i >= 0 {
		piece = piece[i+1:]
	}
	port := ""
	if i := strings.IndexAny(piece, ":/?"); i >= 0 {
		if piece[i] == ':' {
			port = piece[i+1:]
			if j := strings.IndexAny(port, "/?#"); j >= 0 {
				port = port[:j]
			}
		}
		piece = piece[:i]
	}
	name, rest, _ := strings.Cut(piece, ".")
	second, _, _ := strings.Cut(rest, ".")
	return host{name: name, second: second, port: port}
}

// isHostName says whether label can be a host's name (a service's, a
// Service's): a letter or digit, then letters, digits, `_` and `-`.
func isHostName(label string) bool {
	for i := 0; i < len(label); i++ {
		c := label[i]
		letterOrDigit := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !letterOrDigit && (i == 0 || c != '_' && c != '-') {
			return false
		}
	}
	return label != ""
}

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
