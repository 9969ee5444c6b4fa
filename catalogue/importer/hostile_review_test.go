package importer

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// cfnSub is a JSON template whose function's Fn::Sub names the queue Q n
// times: "${Q}${Q}…".
func cfnSub(n int) []byte {
	return []byte(`{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"Q": {"Type": "AWS::SQS::Queue"}, ` +
		`"F": {"Type": "AWS::Lambda::Function", "Properties": {"Environment": {"Variables": {"Q": {"Fn::Sub": "` + strings.Repeat("${Q}", n) + `"}}}}}}}`)
}

// composeEnv is a Compose file whose service api's DB variable is value,
// and db.
func composeEnv(value string) []byte {
	return []byte("services:\n  db: {image: postgres}\n  api:\n    image: acme/api\n    environment:\n      DB: \"" + value + "\"\n")
}

// k8sEnv is a Service db selecting the Deployment db, and a Deployment api
// whose DB variable is value.
func k8sEnv(value string) []byte {
	return []byte("apiVersion: v1\nkind: Service\nmetadata: {name: db}\nspec: {selector: {app: db}}\n---\n" +
		"apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: db}\nspec: {template: {metadata: {labels: {app: db}}, spec: {containers: [{image: postgres}]}}}\n---\n" +
		"apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec: {template: {spec: {containers: [{image: acme/api, env: [{name: DB, value: \"" + value + "\"}]}]}}}\n")
}

// A single value costs what its length does, however it repeats what it
// names: the review's 16 MiB Fn::Sub of ${Q} took 486 MB, an 8 MiB
// environment value of "db db …" 359 MB, and an 8 MiB image, read once by
// each of 35 rules, 3.2 s. Each here is 2 MiB; what it may allocate is a
// few times its size (the parser's tree and a copy or two). The lists
// are of commas and semicolons: yaml.v3 allocates 48 bytes for each run of
// spaces in a scalar (garbage at once), which is the parser's.
func TestOneValueCostsItsLength(t *testing.T) {
	cat, m := loaded(t)
	const size = 2 << 20
	for _, c := range []struct {
		name   string
		format Format
		data   []byte
		edge   catalogue.Edge
	}{
		{"Fn::Sub", CloudFormation, cfnSub(size / 4), catalogue.Edge{From: "f", To: "q"}},
		{"a Compose host list", Compose, composeEnv(strings.Repeat("db,db;", size/6)), catalogue.Edge{From: "api", To: "db"}},
		{"a Compose host list of dots", Compose, composeEnv("db " + strings.Repeat("a.", size/2)), catalogue.Edge{From: "api", To: "db"}},
		{"a Kubernetes host list", Kubernetes, k8sEnv(strings.Repeat("db,db;", size/6)), catalogue.Edge{From: "api", To: "db"}},
		{"a Compose image", Compose, []byte("services:\n  api: {image: \"acme/" + strings.Repeat("a", size) + "\"}\n"), catalogue.Edge{}},
		{"a Compose image of parts", Compose, []byte("services:\n  api: {image: \"acme" + strings.Repeat("/a", size/2) + "\"}\n"), catalogue.Edge{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var res *Result
			var err error
			bytes := allocated(func() { res, err = Import(cat, m, c.format, []File{{Name: "f", Data: c.data}}) })
			if err != nil {
				t.Fatal(err)
			}
			if bytes > uint64(12*len(c.data)) {
				t.Errorf("a %d-byte file allocated %d MB", len(c.data), bytes>>20)
			}
			if c.edge.From != "" && (len(res.Design.Edges) != 1 || res.Design.Edges[0].From != c.edge.From || res.Design.Edges[0].To != c.edge.To) {
				t.Errorf("edges %v, want %s → %s", res.Design.Edges, c.edge.From, c.edge.To)
			}
		})
	}
}

// hostNames is about size bytes of distinct host names, "h0,h1,h2,…".
func hostNames(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "h%d,", i)
	}
	return b.String()
}

// An image reference longer than a reference can be is left out, said so:
// the workload is the team's own service.
func TestKubernetesLeavesOutImpossibleImages(t *testing.T) {
	cat, m := loaded(t)
	long := "postgres:" + strings.Repeat("1", 600)
	data := "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: db}\nspec: {template: {spec: {containers: [{image: \"" + long + "\"}]}}}\n"
	res, err := Import(cat, m, Kubernetes, []File{{Name: "f", Data: []byte(data)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Design.Nodes) != 1 || res.Design.Nodes[0].Component != "service" {
		t.Errorf("nodes %v, want the team's own service", res.Design.Nodes)
	}
	report := strings.Join(res.Report(), "\n")
	if !strings.Contains(report, "f:4:47: Deployment Deployment/default/db: image of 609 characters left out: its tag is 600 characters; a tag is at most 128") {
		t.Errorf("report:\n%s", report)
	}
}

// maxImageReference is an image reference's length at most, by the grammar.
func TestImageReferenceProblem(t *testing.T) {
	for _, c := range []struct {
		image string
		ok    bool
	}{
		{"postgres", true},
		{"registry.example.com:5000/" + strings.Repeat("a", 255-26) + ":" + strings.Repeat("t", 128) + "@sha512:" + strings.Repeat("f", 128), true},
		{strings.Repeat("a", 256), false},
		{"postgres:" + strings.Repeat("t", 129), false},
		{"postgres@sha512:" + strings.Repeat("f", 129), false},
	} {
		if problem := imageReferenceProblem(c.image); (problem == "") != c.ok {
			t.Errorf("%.40q…: %q", c.image, problem)
		}
	}
}

// BenchmarkImportOneValue imports the review's single values: a 16 MiB
// Fn::Sub of ${Q}, 8 MiB environment values of "db db …" and an 8 MiB
// image.
func BenchmarkImportOneValue(b *testing.B) {
	const mib = 1 << 20
	for _, c := range []struct {
		name   string
		format Format
		data   []byte
	}{
		{"cfn-sub-16MiB", CloudFormation, cfnSub(16 * mib / 4)},
		{"compose-env-8MiB", Compose, composeEnv(strings.Repeat("db ", 8*mib/3))},
		{"k8s-env-8MiB", Kubernetes, k8sEnv(strings.Repeat("db ", 8*mib/3))},
		{"k8s-env-names-8MiB", Kubernetes, k8sEnv(hostNames(8 * mib))},
		{"compose-image-8MiB", Compose, []byte("services:\n  api: {image: \"acme/" + strings.Repeat("a", 8*mib) + "\"}\n")},
	} {
		b.Run(c.name, func(b *testing.B) { benchmarkImportAs(b, c.format, c.data, "") })
	}
}

// subReferences finds what the expression it replaced found,
// `\$\{([A-Za-z0-9]+)(?:\.[A-Za-z0-9.]+)?\}`, in every string of these
// pieces up to four long.
func TestSubReferencesAsTheExpression(t *testing.T) {
	expression := regexp.MustCompile(`\$\{([A-Za-z0-9]+)(?:\.[A-Za-z0-9.]+)?\}`)
	pieces := []string{"${", "$", "{", "}", "Q", "b9", ".", "!", "-", " "}
	var each func(s string, n int)
	each = func(s string, n int) {
		var want, got []string
		for _, m := range expression.FindAllStringSubmatch(s, -1) {
			want = append(want, m[1])
		}
		subReferences(s, func(id string) { got = append(got, id) })
		if !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", s, got, want)
		}
		if n > 0 {
			for _, p := range pieces {
				each(s+p, n-1)
			}
		}
	}
	each("", 4)
}
