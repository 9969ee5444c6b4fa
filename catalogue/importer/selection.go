package importer

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// maxSelectorComparisons bounds the labels the Services' selectors of a
// file are compared with, to find the workloads they select: each selector
// once, against the workloads of its namespace that have its rarest label.
// Manifests whose Services each select by a label of their own (app:
// orders) compare a few labels a Service; a file of 16,000 Services that
// each select differently among 16,000 workloads, by labels each on half
// of them, would compare billions.
const maxSelectorComparisons = 20_000_000

// serviceKey names a Service: its namespace and name.
type serviceKey struct{ ns, name string }

// labelKey is a label of a workload of namespace ns.
type labelKey struct{ ns, key, value string }

// selection finds the workloads Services select
// (https://kubernetes.io/docs/concepts/services-networking/service/): those
// of the Service's namespace that have every label of its selector. Each
// Service is looked up once, and Services that select alike (the same
// namespace and selector) share one lookup.
type selection struct {
	file       string
	address    []string            // each workload's
	labels     []map[string]string // each workload's
	byLabel    map[labelKey][]int  // the workloads with each label
	byService  map[serviceKey][]string
	bySelector map[string][]string // by namespace and selector, canonical
	// compared counts the labels compared, up to maxSelectorComparisons.
	compared int
}

func newSelection(file string, workloads int) *selection {
	return &selection{file: file, address: make([]string, 0, workloads), labels: make([]map[string]string, 0, workloads),
		byLabel: map[labelKey][]int{}, byService: map[serviceKey][]string{}, bySelector: map[string][]string{}}
}

// addWorkload adds the workload at address, of namespace ns, labelled
// labels.
func (s *selection) addWorkload(ns, address string, labels map[string]string) {
	i := len(s.address)
	s.address, s.labels = append(s.address, address), append(s.labels, labels)
	for k, v := range labels {
		key := labelKey{ns, k, v}
		s.byLabel[key] = append(s.byLabel[key], i)
	}
}

// selects is the addresses of the workloads the Service key selects (svc,
// or nil for none of that name), or, once the selectors have been compared
// with more than maxSelectorComparisons labels, why not, at the Service.
func (s *selection) selects(key serviceKey, svc *yaml.Node) ([]string, *catalogue.Error) {
	if out, done := s.byService[key]; done {
		return out, nil
	}
	selector := stringMap(one(svc, "spec.selector"))
	if svc == nil || len(selector) == 0 {
		s.byService[key] = nil
		return nil, nil
	}
	canonical := canonicalSelector(key.ns, selector)
	out, done := s.bySelector[canonical]
	if !done {
		var fewest []int
		first := true
		for k, v := range selector {
			if c := s.byLabel[labelKey{key.ns, k, v}]; first || len(c) < len(fewest) {
				fewest, first = c, false
			}
		}
		if cost := len(fewest) * len(selector); s.compared+cost > maxSelectorComparisons {
			return nil, &catalogue.Error{Pos: pos(s.file, svc), Code: diag.CodeTooLarge,
				Msg: fmt.Sprintf("Service %s: its selector's %d labels, compared with the %d workloads that have its rarest label, pass the 20,000,000 label comparisons an import makes to find what Services select (%d before it); give each Service a label few workloads have (app: orders), or import the system in parts",
					diag.Clip(key.name), len(selector), len(fewest), s.compared)}
		}
		s.compared += len(fewest) * len(selector)
		for _, i := range fewest {
			if matches(selector, s.labels[i]) {
				out = append(out, s.address[i])
			}
		}
		s.bySelector[canonical] = out
	}
	s.byService[key] = out
	return out, nil
}

// canonicalSelector is a selector of namespace ns as one string, the same
// for the same selector however its keys are ordered: each text written
// after its length.
func canonicalSelector(ns string, selector map[string]string) string {
	var b []byte
	write := func(text string) {
		b = strconv.AppendInt(b, int64(len(text)), 10)
		b = append(b, ':')
		b = append(b, text...)
	}
	write(ns)
	for _, k := range slices.Sorted(maps.Keys(selector)) {
		write(k)
		write(selector[k])
	}
	return string(b)
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
