package importer

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// composeRead are the keys of a Compose service the import reads whole:
// the image (the component), depends_on and links (edges), ports (the
// service is an entry point; with expose, what connections to it speak).
// It reads networks, environment and volumes in part, and what the
// service's rule maps (deploy.replicas); every other key is left out, and
// listed.
var composeRead = map[string]bool{"image": true, "depends_on": true, "links": true, "ports": true, "expose": true}

// composeWhy says why a key of a service is left out where there is more
// to say than that the design has no place for it.
var composeWhy = map[string]string{
	"build":       "the design has no place for how a service is built",
	"command":     "the design has no place for what a container runs",
	"entrypoint":  "the design has no place for what a container runs",
	"healthcheck": "Compose does not replace an unhealthy container, so it is not the service's healthChecks (the platform replaces unhealthy instances)",
	"env_file":    "the import reads no other file, so its variables name no connection",
	"secrets":     "the design has no place for the secrets a container is given",
	"configs":     "the design has no place for the files a container is given",
	"profiles":    "the service is imported whatever profiles are active",
	"extends":     "the service it extends is not read into this one",
	"restart":     "the design has no place for a container's restart policy",
	"scale":       "the design reads a service's instances from deploy.replicas",
}

// noPlace is why most of what is left out is.
const noPlace = "the design has no place for it"

// composeFileLeftOut lists what a Compose file says outside its services
// that the import has no place for. The project's name is the design's;
// the networks are groups; the volumes, secrets and configs a service
// uses are listed where it uses them; Compose ignores version and x-
// keys.
func (s *system) composeFileLeftOut(file string, root *yaml.Node) {
	for _, p := range pairs(root) {
		switch k := p.k.Value; {
		case k == "services", k == "networks", k == "volumes", k == "secrets", k == "configs", k == "version", strings.HasPrefix(k, "x-"):
		case k == "name":
			if name := str(p.v); name != "" {
				s.name, s.nameAt = name, pos(file, p.v)
			}
		case k == "include":
			s.leaveOut(LeftOut{Pos: pos(file, p.k), What: "include", Why: "the files it includes are not read; import them with this file"})
		default:
			s.leaveOut(LeftOut{Pos: pos(file, p.k), What: diag.Clip(k), Why: noPlace})
		}
	}
}

// composeLeftOut lists what a Compose service that became a node of
// component comp, by rule, says that the design has no place for: one
// entry a key, at the key, or an item (a volume, a network past the
// first, a port no protocol has).
func (s *system) composeLeftOut(r *resource, rule *Rule, comp *catalogue.Component, kind string) {
	if s.rulePaths == nil {
		s.rulePaths = map[*Rule]paths{}
	}
	rp, ok := s.rulePaths[rule]
	if !ok {
		rp = rulePaths(rule)
		s.rulePaths[rule] = rp
	}
	read, readIn := rp.read, rp.readIn
	leave := func(n *yaml.Node, at *yaml.Node, what, why string) {
		s.leaveOut(LeftOut{Pos: pos(r.fileOf(n), at), Address: diag.Clip(r.address), Type: r.typ, What: what, Why: why})
	}
	portsSaid := false
	for _, p := range pairs(r.attrs) {
		k := p.k.Value
		switch {
		case strings.HasPrefix(k, "x-"), read[k]:
		case k == "ports", k == "expose":
			if !portsSaid {
				portsSaid = true
				if what, at := portsLeftOut(r.attrs, s.mapping.Ports); what != "" {
					leave(p.k, at, what, "it names none of the protocols the import knows (imports/compose.yaml ports), and the design records a connection's protocol, not its port")
				}
			}
		case composeRead[k]:
		case k == "networks":
			names := networkNames(p.v)
			for _, n := range names[min(1, len(names)):] {
				leave(p.k, n, "network "+diag.Clip(n.Value), fmt.Sprintf("a node sits in one group, the first network it joins (%s)", diag.Clip(names[0].Value)))
			}
		case k == "environment":
			var left []string
			for _, v := range environment(r.attrs) {
				if !r.namingEnv[v.name] {
					left = append(left, v.name)
				}
			}
			if len(left) > 0 {
				noun := "variables"
				if len(left) == 1 {
					noun = "variable"
				}
				leave(p.k, p.k, fmt.Sprintf("%d environment %s (%s)", len(left), noun, someOf(left)), "the design has no place for a service's settings (their values are not shown: they may be secrets)")
			}
		case k == "volumes":
			for _, v := range p.v.Content {
				what, named := volume(v)
				why := "the design has no place for the files a container is given"
				switch {
				case named && comp.Kind == "service":
					why = "the design has no place for a service's volumes"
				case named:
					why = "the design has no property for where " + article(kind) + " keeps its data"
				case !strings.HasPrefix(what, "bind mount"):
					why = "the design has no place for a container's own storage"
				}
				leave(p.k, v, what, why)
			}
		case k == "build":
			what := "build"
			if ctx := str(p.v); ctx != "" {
				what = "build context " + diag.Clip(withoutCredentials(ctx))
			} else if ctx := str(get(p.v, "context")); ctx != "" {
				what = "build context " + diag.Clip(withoutCredentials(ctx))
			}
			leave(p.k, p.k, what, composeWhy[k])
		case readIn[k] != nil && p.v.Kind == yaml.MappingNode:
			for _, sub := range pairs(p.v) {
				if !readIn[k][sub.k.Value] {
					leave(p.k, sub.k, diag.Clip(k+"."+sub.k.Value), noPlace)
				}
			}
		default:
			why := composeWhy[k]
			if why == "" {
				why = noPlace
			}
			leave(p.k, p.k, diag.Clip(k), why)
		}
	}
}

// withoutCredentials is a URL without the user and password it may hold
// ("https://oauth2:token@github.com/o/r.git" → "https://github.com/o/r.git")
// and without its query ("?private_token=…" → "?…"):
// the report quotes build contexts and images, and never a secret.
// Anything else is itself.
func withoutCredentials(ref string) string {
	scheme := strings.Index(ref, "://")
	if scheme < 0 {
		return ref
	}
	rest := ref[scheme+3:]
	host := rest
	if end := strings.IndexAny(rest, "/?#"); end >= 0 {
		host = rest[:end]
	}
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		ref = ref[:scheme+3] + rest[at+1:]
	}
	// A query may carry a token too (?private_token=…): it is left out.
	if q := strings.IndexByte(ref, '?'); q >= 0 {
		end := strings.IndexByte(ref[q:], '#')
		if end < 0 {
			return ref[:q] + "?…"
		}
		return ref[:q] + "?…" + ref[q+end:]
	}
	return ref
}

// paths are the keys a rule reads whole (a path of one key, or of a key
// and `*`: command.*), and those it reads some keys of (deploy.replicas:
// replicas of deploy).
type paths struct {
	read   map[string]bool
	readIn map[string]map[string]bool
}

// rulePaths are the paths rule reads.
func rulePaths(rule *Rule) paths {
	read, readIn := map[string]bool{}, map[string]map[string]bool{}
	add := func(path string) {
		top, rest, _ := strings.Cut(path, ".")
		sub, _, _ := strings.Cut(rest, ".")
		if sub == "" || sub == "*" {
			read[top] = true
			return
		}
		if readIn[top] == nil {
			readIn[top] = map[string]bool{}
		}
		readIn[top][sub] = true
	}
	for _, src := range rule.Props {
		add(src.Path)
	}
	for path := range rule.When {
		add(path)
	}
	return paths{read, readIn}
}

// networkNames are the networks a service joins, in order (a list of
// names, or a mapping of them).
func networkNames(nets *yaml.Node) []*yaml.Node {
	switch nets.Kind {
	case yaml.SequenceNode:
		var out []*yaml.Node
		for _, n := range nets.Content {
			if n = resolve(n); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
				out = append(out, n)
			}
		}
		return out
	case yaml.MappingNode:
		return keys(nets)
	}
	return nil
}

// containerPorts are the ports a service's ports and expose name on its
// containers ("80" of "8080:80/tcp", of "80", of {target: 80}), each with
// where it is written.
func containerPorts(svc *yaml.Node) (ports []string, at []*yaml.Node) {
	for _, key := range []string{"ports", "expose"} {
		for _, item := range at1(svc, key) {
			p := str(item)
			if item.Kind == yaml.MappingNode {
				p = str(get(item, "target"))
			}
			p, _, _ = strings.Cut(p, "/")
			if i := strings.LastIndexByte(p, ':'); i >= 0 {
				p = p[i+1:]
			}
			if p != "" {
				ports, at = append(ports, p), append(at, item)
			}
		}
	}
	return ports, at
}

// at1 is the items of the list at key of n.
func at1(n *yaml.Node, key string) []*yaml.Node {
	v := get(n, key)
	if v == nil || v.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]*yaml.Node, 0, len(v.Content))
	for _, c := range v.Content {
		if c = resolve(c); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// portsLeftOut says which of a service's container ports name no protocol
// of known ("port 15672", "ports 9000, 9001"), and where the first is, or
// "".
func portsLeftOut(svc *yaml.Node, known map[string]string) (string, *yaml.Node) {
	ports, at := containerPorts(svc)
	var left []string
	var first *yaml.Node
	seen := map[string]bool{}
	for i, p := range ports {
		if known[p] != "" || seen[p] {
			continue
		}
		seen[p] = true
		if first == nil {
			first = at[i]
		}
		left = append(left, p)
	}
	switch len(left) {
	case 0:
		return "", nil
	case 1:
		return "port " + diag.Clip(left[0]), first
	}
	return "ports " + someOf(left), first
}

// publishes says whether a Compose service publishes a port: callers
// come in there.
func publishes(svc *yaml.Node) bool { return len(at1(svc, "ports")) > 0 }

// protocolTo is what a connection to the Compose service named to speaks,
// by the ports it publishes and exposes: the protocol they all name, or
// "" (none, or several). Each service's is found once: thousands of
// services may connect to one of thousands of ports.
func (s *system) protocolTo(to string) string {
	if p, ok := s.protocols[to]; ok {
		return p
	}
	i, ok := s.services[to]
	if !ok || s.resources[i] == nil {
		return ""
	}
	ports, _ := containerPorts(s.resources[i].attrs)
	protocol := ""
	for _, p := range ports {
		if named := s.mapping.Ports[p]; named != "" && protocol == "" {
			protocol = named
		} else if named != "" && named != protocol {
			protocol = ""
			break
		}
	}
	if s.protocols == nil {
		s.protocols = map[string]string{}
	}
	s.protocols[to] = protocol
	return protocol
}

// composeEntries marks the nodes of Compose services (by is each node's
// resource) that publish ports as entry points, where callers come in: each
// that nothing in the files flows into, and each that something does flow
// into but that serves callers (a compute or networking product: the
// team's own service, an API gateway another service also names). A data
// store, cache or broker that publishes its port is left to the analysis:
// the port is for local tools, and the services that call it are its
// callers. When some service is an entry point (the files say where callers
// come in), one that nothing flows into is never one when nothing else says
// it takes callers: it publishes and exposes no port, has no labels (what a
// proxy such as Traefik routes by) and no network_mode (host, or another
// service's network, whose ports are not its own) — a worker, a cron job.
// When no service publishes, the files do not say, and the analysis's own
// reading (a node nothing flows into is an entry) stands.
func composeEntries(cat *catalogue.Catalogue, d *catalogue.Design, by []*resource) {
	into := make(map[string]bool, len(d.Edges))
	for _, e := range d.Edges {
		into[e.To] = true
	}
	serves := func(n *catalogue.Node) bool {
		comp := cat.Components[n.Component]
		if comp == nil {
			return false
		}
		k := cat.Kinds[comp.Kind]
		return k != nil && (k.Category == "compute" || k.Category == "networking")
	}
	entries := false
	for i := range d.Nodes {
		if n := &d.Nodes[i]; publishes(by[i].attrs) && (!into[n.ID] || serves(n)) {
			n.Entry, entries = true, true
		}
	}
	if !entries {
		return
	}
	for i := range d.Nodes {
		svc := by[i].attrs
		if n := &d.Nodes[i]; !into[n.ID] && !publishes(svc) && len(at1(svc, "expose")) == 0 && get(svc, "labels") == nil && get(svc, "network_mode") == nil {
			n.NotEntry = true
		}
	}
}

// volume says what a service's volume is ("volume db-data at /data",
// "bind mount ./conf at /etc/nginx", "anonymous volume at /data", "tmpfs
// at /run"), and whether it is a named volume.
func volume(v *yaml.Node) (string, bool) {
	var typ, source, target string
	if v.Kind == yaml.MappingNode {
		typ, source, target = str(get(v, "type")), str(get(v, "source")), str(get(v, "target"))
	} else {
		first, rest, more := strings.Cut(str(v), ":") // source:target[:mode]
		if !more {
			target = first
		} else {
			source = first
			target, _, _ = strings.Cut(rest, ":")
		}
		typ = "volume"
		if strings.HasPrefix(source, "/") || strings.HasPrefix(source, ".") || strings.HasPrefix(source, "~") || strings.HasPrefix(source, "$") {
			typ = "bind"
		}
	}
	at := ""
	if target != "" {
		at = " at " + diag.Clip(target)
	}
	switch {
	case (typ == "volume" || typ == "") && source != "":
		return "volume " + diag.Clip(source) + at, true
	case typ == "volume" || typ == "":
		return "anonymous volume" + at, false
	case typ == "bind":
		return "bind mount " + diag.Clip(source) + at, false
	}
	return diag.Clip(typ) + " mount" + at, false
}

// someOf is names as a list, the first five of them ("A, B, C, D, E and
// 7 more").
func someOf(names []string) string {
	const shown = 5
	clipped := make([]string, 0, min(len(names), shown))
	for _, n := range names[:min(len(names), shown)] {
		clipped = append(clipped, diag.Clip(n))
	}
	out := strings.Join(clipped, ", ")
	if len(names) > shown {
		out += " and " + strconv.Itoa(len(names)-shown) + " more"
	}
	return out
}

// article is a kind's name, lower case, after "a" or "an".
func article(name string) string {
	name = strings.ToLower(name)
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
