package importer

import (
	"fmt"
	"slices"

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
	services := map[serviceKey]*yaml.Node{} // each Service, to select with
	type workload struct {
		address, ns string
		node        *yaml.Node
		labels      map[string]string
		env         []string
	}
	var workloads []workload
	// routes are what load balancers send to: a Service, reaching what it
	// selects.
	type route struct {
		from string
		to   serviceKey
		node *yaml.Node
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
			services[serviceKey{ns, name}] = o
			if str(one(o, "spec.type")) == "LoadBalancer" {
				s.addNamespace(ns, pos(file, o))
				s.add(&resource{file: file, node: o, address: address, typ: kind, name: name, attrs: o, group: "ns:" + ns})
				routes = append(routes, route{from: address, to: serviceKey{ns, name}, node: o})
			}
		case kind == "Ingress":
			s.addNamespace(ns, pos(file, o))
			s.add(&resource{file: file, node: o, address: address, typ: kind, name: name, attrs: o, group: "ns:" + ns})
			backends := append(at(o, "spec.rules.*.http.paths.*.backend.service.name"), at(o, "spec.defaultBackend.service.name")...)
			for _, b := range backends {
				routes = append(routes, route{from: address, to: serviceKey{ns, str(b)}, node: o})
			}
		case slices.Contains(configKinds, kind):
			s.skip(file, o, address, kind, "configuration of what runs, not a component")
		default:
			s.skip(file, o, address, kind, "not a kind the importer reads (workloads, Services, Ingresses, Namespaces)")
		}
	}
	sel := newSelection(file, len(workloads))
	for _, w := range workloads {
		sel.addWorkload(w.ns, w.address, w.labels)
	}
	for _, r := range routes {
		targets, refused := sel.selects(r.to, services[r.to])
		if refused != nil {
			return append(errs, refused)
		}
		for _, target := range targets {
			if !s.link(link{from: r.from, to: target, flow: catalogue.FlowRequest}, pos(file, r.node)) {
				return errs
			}
		}
	}
	for _, w := range workloads {
		// The Services its environment names, each once: a value's hosts
		// are looked up as they are read, and only those that name a
		// Service are kept.
		named := map[serviceKey]bool{}
		var order []serviceKey
		for _, v := range w.env {
			for h := range eachHost(v) {
				// name, name.namespace, name.namespace.svc.cluster.local
				key := serviceKey{w.ns, h.name}
				if h.second != "" && h.second != "svc" {
					key.ns = h.second
				}
				if services[key] != nil && !named[key] {
					named[key] = true
					order = append(order, key)
				}
			}
		}
		for _, key := range order {
			targets, refused := sel.selects(key, services[key])
			if refused != nil {
				return append(errs, refused)
			}
			for _, target := range targets {
				if !s.link(link{from: w.address, to: target}, pos(file, w.node)) {
					return errs
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
