package importer

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// workloadKinds run containers: each is a resource by its first
// container's image.
var workloadKinds = []string{"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob", "Pod"}

// configKinds configure what runs, and make no node of their own.
var configKinds = []string{"ConfigMap", "Secret", "ServiceAccount", "Role", "RoleBinding", "ClusterRole", "ClusterRoleBinding",
	"NetworkPolicy", "PersistentVolumeClaim", "PersistentVolume", "StorageClass", "HorizontalPodAutoscaler", "PodDisruptionBudget",
	"LimitRange", "ResourceQuota", "CustomResourceDefinition", "Endpoints", "EndpointSlice", "PriorityClass"}

// readKubernetes reads Kubernetes manifests
// (https://kubernetes.io/docs/concepts/overview/working-with-objects/):
// workloads are resources by their first container's image; a Service of
// type LoadBalancer, and an Ingress, are load balancers in front of the
// workloads their selectors and backends reach; environment values that
// name a Service are edges to what it selects; each namespace is a cluster
// group (boundary cluster, its namespace property).
func (s *system) readKubernetes(file string, docs []*yaml.Node) catalogue.ErrorList {
	var objects []*yaml.Node
	for _, d := range docs {
		if str(get(d, "kind")) == "List" {
			objects = append(objects, at(d, "items.*")...)
			continue
		}
		objects = append(objects, d)
	}
	type service struct {
		selector map[string]string
		node     *yaml.Node
	}
	services := map[string]service{} // namespace/name → its selector
	type workload struct {
		address, ns string
		node        *yaml.Node
		labels      map[string]string
		env         []string
	}
	var workloads []workload
	// routes are what load balancers send to: a Service's key ("ns/name")
	// for each, reaching what it selects.
	type route struct {
		from, key string
		node      *yaml.Node
	}
	var routes []route
	var errs catalogue.ErrorList
	namespaceOf := func(o *yaml.Node) string {
		if ns := str(one(o, "metadata.namespace")); ns != "" {
			return ns
		}
		return "default"
	}
	for _, o := range objects {
		kind, name := str(get(o, "kind")), str(one(o, "metadata.name"))
		if kind == "" || str(get(o, "apiVersion")) == "" {
			errs = append(errs, &catalogue.Error{Pos: pos(file, o), Code: diag.CodeRequired, Msg: "a Kubernetes object needs `apiVersion` and `kind`"})
			continue
		}
		if name == "" && kind != "List" {
			errs = append(errs, &catalogue.Error{Pos: pos(file, o), Code: diag.CodeRequired, Msg: fmt.Sprintf("%s: `metadata.name` is required", kind)})
			continue
		}
		ns := namespaceOf(o)
		address := kind + "/" + ns + "/" + name
		switch {
		case kind == "Namespace":
			s.addNamespace(name, pos(file, o))
		case slices.Contains(workloadKinds, kind):
			spec := podSpec(o, kind)
			image := one(spec, "containers.0.image")
			s.addNamespace(ns, pos(file, o))
			r := &resource{file: file, node: o, address: address, typ: kind, image: str(image), name: name, attrs: o, group: "ns:" + ns}
			s.leaveOutImage(r, pos(file, image))
			s.add(r)
			w := workload{address: address, ns: ns, node: o, labels: stringMap(one(o, "spec.template.metadata.labels"))}
			if kind == "Pod" {
				w.labels = stringMap(one(o, "metadata.labels"))
			}
			for _, e := range at(spec, "containers.*.env.*.value") {
				w.env = append(w.env, str(e))
			}
			workloads = append(workloads, w)
		case kind == "Service":
			services[ns+"/"+name] = service{selector: stringMap(one(o, "spec.selector")), node: o}
			if str(one(o, "spec.type")) == "LoadBalancer" {
				s.addNamespace(ns, pos(file, o))
				s.add(&resource{file: file, node: o, address: address, typ: kind, name: name, attrs: o, group: "ns:" + ns})
				routes = append(routes, route{from: address, key: ns + "/" + name, node: o})
			}
		case kind == "Ingress":
			s.addNamespace(ns, pos(file, o))
			s.add(&resource{file: file, node: o, address: address, typ: kind, name: name, attrs: o, group: "ns:" + ns})
			backends := append(at(o, "spec.rules.*.http.paths.*.backend.service.name"), at(o, "spec.defaultBackend.service.name")...)
			for _, b := range backends {
				routes = append(routes, route{from: address, key: ns + "/" + str(b), node: o})
			}
		case slices.Contains(configKinds, kind):
			s.skip(file, o, address, kind, "configuration of what runs, not a component")
		default:
			s.skip(file, o, address, kind, "not a kind the importer reads (workloads, Services, Ingresses, Namespaces)")
		}
	}
	// What a Service selects is looked up once, among the workloads of its
	// namespace that have one of its labels (a Service selects pods of its
	// own namespace).
	byLabel := map[string][]int{} // "ns/key=value" → workloads
	for i, w := range workloads {
		for k, v := range w.labels {
			byLabel[w.ns+"/"+k+"="+v] = append(byLabel[w.ns+"/"+k+"="+v], i)
		}
	}
	selected := map[string][]string{}
	selects := func(key string) []string {
		if out, done := selected[key]; done {
			return out
		}
		var out []string
		if svc, ok := services[key]; ok && len(svc.selector) > 0 {
			ns, _, _ := strings.Cut(key, "/")
			var fewest []int
			first := true
			for k, v := range svc.selector {
				if c := byLabel[ns+"/"+k+"="+v]; first || len(c) < len(fewest) {
					fewest, first = c, false
				}
			}
			for _, i := range fewest {
				if workloads[i].ns == ns && matches(svc.selector, workloads[i].labels) {
					out = append(out, workloads[i].address)
				}
			}
		}
		selected[key] = out
		return out
	}
	for _, r := range routes {
		for _, target := range selects(r.key) {
			if !s.link(link{from: r.from, to: target, flow: catalogue.FlowRequest}, pos(file, r.node)) {
				return errs
			}
		}
	}
	for _, w := range workloads {
		named := map[string]bool{}
		for _, v := range w.env {
			for _, h := range hosts(v) {
				host := h.labels
				// name, name.namespace, name.namespace.svc.cluster.local
				ns := w.ns
				if len(host) > 1 && host[1] != "svc" {
					ns = host[1]
				}
				key := ns + "/" + host[0]
				if named[key] {
					continue
				}
				named[key] = true
				for _, target := range selects(key) {
					if !s.link(link{from: w.address, to: target}, pos(file, w.node)) {
						return errs
					}
				}
			}
		}
	}
	return errs
}

// addNamespace adds the cluster group of namespace ns, first named at at.
func (s *system) addNamespace(ns string, at catalogue.Pos) {
	s.addGroup(&group{key: "ns:" + ns, boundary: "cluster", name: ns, at: at, props: map[string]catalogue.Value{"namespace": catalogue.StringValue(ns)}})
}

// podSpec is a workload's pod spec.
func podSpec(o *yaml.Node, kind string) *yaml.Node {
	switch kind {
	case "Pod":
		return get(o, "spec")
	case "CronJob":
		return one(o, "spec.jobTemplate.spec.template.spec")
	}
	return one(o, "spec.template.spec")
}

// stringMap is a mapping of strings (labels, a selector).
func stringMap(n *yaml.Node) map[string]string {
	out := map[string]string{}
	for _, p := range pairs(n) {
		out[p.k.Value] = str(p.v)
	}
	return out
}

// matches says whether labels have every pair of selector.
func matches(selector, labels map[string]string) bool {
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}
