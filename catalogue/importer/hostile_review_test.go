package importer

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// k8sSplitLabels is n Deployments labelled {a: 1, b: 0} or {a: 0, b: 1},
// and services LoadBalancer Services selecting {a: 1, b: 1}, which no
// Deployment has: each of a's and b's pairs is half the workloads, never
// together (the review's 4.4 MB at 16,000 and 16,000). With distinct, every
// Deployment also has the labels s0 … s19 (x), and Service i selects those
// of i's bits too: its selector differs from every other's, and each of its
// labels is still on half the workloads or all of them.
func k8sSplitLabels(n, services int, distinct bool) []byte {
	var b strings.Builder
	common := ""
	if distinct {
		for j := range 20 {
			common += fmt.Sprintf(", s%d: x", j)
		}
	}
	for i := range n {
		fmt.Fprintf(&b, "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: w%d}\nspec: {template: {metadata: {labels: {a: \"%d\", b: \"%d\"%s}}, spec: {containers: [{image: acme/w}]}}}\n", i, i%2, 1-i%2, common)
	}
	for i := range services {
		extra := ""
		for j := range 20 {
			if distinct && i>>j&1 == 1 {
				extra += fmt.Sprintf(", s%d: x", j)
			}
		}
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Service\nmetadata: {name: s%d}\nspec: {type: LoadBalancer, selector: {a: \"1\", b: \"1\"%s}}\n", i, extra)
	}
	return []byte(b.String())
}

// Services that select alike are looked up once, whatever their names: the
// review's 16,000 Services selecting {a: 1, b: 1} among 16,000 Deployments
// each of whose pairs is on half of them compared 128 million labels, 10.9 s.
func TestKubernetesAlikeSelectorsAreLookedUpOnce(t *testing.T) {
	cat, m := loaded(t)
	data := k8sSplitLabels(16000, 16000, false)
	start := time.Now()
	res, err := Import(cat, m, Kubernetes, []File{{Name: "f", Data: data}})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("a %d-byte file took %v", len(data), took)
	}
	if len(res.Design.Nodes) != 32000 || len(res.Design.Edges) != 0 {
		t.Errorf("%d nodes, %d edges; want 32000 and none", len(res.Design.Nodes), len(res.Design.Edges))
	}
}

// Selectors that each differ, whose labels are each on many workloads, are
// refused once they have been compared with maxSelectorComparisons labels,
// at the Service that passed it.
func TestKubernetesSelectionIsBounded(t *testing.T) {
	errs := importErr(t, Kubernetes, k8sSplitLabels(4000, 2000, true))
	if len(errs) != 1 || errs[0].Code != diag.CodeTooLarge || errs[0].Pos.Line < 4000*5 ||
		!strings.Contains(errs[0].Msg, "20,000,000") || !strings.Contains(errs[0].Msg, "Service s") {
		t.Errorf("%v", errs)
	}
	// Realistic selectors, each with a label of its own workload, import.
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: w%d}\nspec: {template: {metadata: {labels: {app: shop, part: p%d}}, spec: {containers: [{image: acme/w}]}}}\n", i, i)
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Service\nmetadata: {name: s%d}\nspec: {type: LoadBalancer, selector: {app: shop, part: p%d}}\n", i, i)
	}
	cat, m := loaded(t)
	res, err := Import(cat, m, Kubernetes, []File{{Name: "f", Data: []byte(b.String())}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Design.Edges) != 5000 {
		t.Errorf("%d edges, want 5000", len(res.Design.Edges))
	}
}

// cfnSub is a JSON template whose function's Fn::Sub names the queue Q n
// times: "${Q}${Q}…".
func cfnSub(n int) []byte {
	return []byte(`{
  "AWSTemplateFormatVersion": "2010-09-09",
  "Resources": {"Q": {"Type": "AWS::SQS::Queue"}, ` +
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
		{"a Kubernetes host list of names", Kubernetes, k8sEnv(hostNames(size) + "db"), catalogue.Edge{From: "api", To: "db"}},
		{"a Compose image", Compose, []byte("services:\n  api: {image: \"acme/" + strings.Repeat("a", size) + "\"}\n"), catalogue.Edge{}},
		{"a Compose image of parts", Compose, []byte("services:\n  api: {image: \"acme" + strings.Repeat("/a", size/2) + "\"}\n"), catalogue.Edge{}},
		{"a plan reference of parts", TerraformPlan, bytes.Replace(planRefs(1), []byte("aws_sqs_queue.q.arn"), []byte("aws_sqs_queue.q"+strings.Repeat(".", size)), 1), catalogue.Edge{}},
		{"a Compose volume of parts", Compose, []byte("services:\n  db: {image: postgres, volumes: [\"data" + strings.Repeat(":a", size/2) + "\"]}\n"), catalogue.Edge{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, bytes := importAllocating(t, cat, m, c.format, c.data)
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

// A Compose service's image that cannot be a reference is left out and
// said, as a workload's is; and a value naming a service after 60,000
// other hosts still connects to it.
func TestComposeImagesAndHostsOfAnySize(t *testing.T) {
	cat, m := loaded(t)
	var many strings.Builder
	for i := range 60000 {
		fmt.Fprintf(&many, "h%d,", i)
	}
	data := "services:\n  db: {image: \"postgres:" + strings.Repeat("1", 600) + "\"}\n  api: {image: x, environment: {HOSTS: \"" + many.String() + "db\"}}\n"
	res, err := Import(cat, m, Compose, []File{{Name: "f", Data: []byte(data)}})
	if err != nil {
		t.Fatal(err)
	}
	if n := res.Design.Nodes[0]; n.Component != "service" {
		t.Errorf("db is %s, want the team's own service", n.Component)
	}
	if report := strings.Join(res.Report(), "\n"); !strings.Contains(report, "f:2:15: service db: image of 609 characters left out: its tag is 600 characters") {
		t.Errorf("report:\n%s", report)
	}
	if len(res.Design.Edges) != 1 || res.Design.Edges[0].To != "db" {
		t.Errorf("edges %v, want api → db", res.Design.Edges)
	}
}

// An override file that leaves an impossible image alone does not say it
// again, at a line of its own that is not the image's.
func TestComposeImageLeftOutOnce(t *testing.T) {
	cat, m := loaded(t)
	base := "services:\n  db:\n    image: \"postgres:" + strings.Repeat("1", 600) + "\"\n"
	res, err := Import(cat, m, Compose, []File{{Name: "docker-compose.yml", Data: []byte(base)}, {Name: "docker-compose.override.yml", Data: []byte("services:\n  db: {restart: always}\n")}})
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, l := range res.LeftOut {
		if strings.HasPrefix(l.What, "image of") {
			said = append(said, l.Pos.String())
		}
	}
	if len(said) != 1 || said[0] != "docker-compose.yml:3:12" {
		t.Errorf("the image is said at %v, want once, at docker-compose.yml:3:12", said)
	}
	if n := res.Design.Nodes[0]; n.Component != "service" {
		t.Errorf("db is %s, want the team's own service", n.Component)
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

// BenchmarkImportKubernetesSelectors imports the review's 16,000 Services
// selecting alike among 16,000 Deployments (4.4 MB), and Services whose
// selectors each differ, refused past the comparisons' budget.
func BenchmarkImportKubernetesSelectors(b *testing.B) {
	for _, c := range []struct {
		name    string
		data    []byte
		refused string
	}{
		{"alike-16000", k8sSplitLabels(16000, 16000, false), ""},
		{"distinct-4000-2000", k8sSplitLabels(4000, 2000, true), "20,000,000"},
		{"distinct-6000-6000", k8sSplitLabels(6000, 6000, true), "20,000,000"},
	} {
		b.Run(c.name, func(b *testing.B) { benchmarkImportAs(b, Kubernetes, c.data, c.refused) })
	}
}

// BenchmarkImportOneValue imports the review's single values: a 16 MiB
// Fn::Sub of ${Q}, 8 MiB environment values of "db db …" and an 8 MiB
// image, and the largest YAML value of the most pieces, 30 MiB of "a a …"
// (yaml.v3 allocates 48 bytes for each of its 15 million spaces).
func BenchmarkImportOneValue(b *testing.B) {
	const mib = 1 << 20
	for _, c := range []struct {
		name   string
		format Format
		data   []byte
	}{
		{"cfn-sub-16MiB", CloudFormation, cfnSub(16 * mib / 4)},
		{"compose-env-8MiB", Compose, composeEnv(strings.Repeat("db ", 8*mib/3))},
		{"compose-env-30MiB", Compose, composeEnv(strings.Repeat("a ", 15*mib))},
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

// hostsAsBefore is how hosts read a value before it read it in one pass:
// every piece split off, then each cut by hostOf (which was that cutting).
func hostsAsBefore(v string) []host {
	var out []host
	for _, piece := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		if h := hostOf(piece); regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`).MatchString(h.name) {
			out = append(out, h)
		}
	}
	return out
}

// eachHost finds what hosts found before, in every string of these pieces
// up to four long.
func TestEachHostAsBefore(t *testing.T) {
	pieces := []string{"db", ",", ";", " ", ".", ":", "5432", "/", "?", "@", "://", "#", "-", "_", "é", "x.svc"}
	var each func(s string, n int)
	each = func(s string, n int) {
		got := slices.Collect(eachHost(s))
		if want := hostsAsBefore(s); !slices.Equal(got, want) {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
		if n > 0 {
			for _, p := range pieces {
				each(s+p, n-1)
			}
		}
	}
	each("", 4)
}
