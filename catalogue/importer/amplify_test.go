package importer

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// cfnRefs is a template whose event source mapping names the queue n times
// in EventSourceArn and the function n times in FunctionName (five bytes
// less than the 70 KB at n = 5,000).
func cfnRefs(n int) []byte {
	var b strings.Builder
	b.WriteString("AWSTemplateFormatVersion: \"2010-09-09\"\nResources:\n  Q: {Type: AWS::SQS::Queue}\n  F: {Type: AWS::Lambda::Function}\n")
	b.WriteString("  M:\n    Type: AWS::Lambda::EventSourceMapping\n    Properties:\n      EventSourceArn: [")
	b.WriteString(strings.Repeat("!Ref Q, ", n))
	b.WriteString("]\n      FunctionName: [")
	b.WriteString(strings.Repeat("!Ref F, ", n))
	b.WriteString("]\n")
	return []byte(b.String())
}

// planRefs is cfnRefs as a Terraform plan: the mapping's expressions list
// n references a side.
func planRefs(n int) []byte {
	refs := func(to string) string {
		return strings.TrimSuffix(strings.Repeat(`"`+to+`",`, n), ",")
	}
	resource := func(typ, name string) string {
		return fmt.Sprintf(`{"address": "%s.%s", "mode": "managed", "type": "%s", "name": "%s", "values": {}}`, typ, name, typ, name)
	}
	return []byte(`{"format_version": "1.2", "terraform_version": "1.9.8",
"planned_values": {"root_module": {"resources": [` + resource("aws_sqs_queue", "q") + `, ` + resource("aws_lambda_function", "f") + `, ` + resource("aws_lambda_event_source_mapping", "m") + `]}},
"configuration": {"root_module": {"resources": [{"address": "aws_lambda_event_source_mapping.m", "expressions": {
  "event_source_arn": {"references": [` + refs("aws_sqs_queue.q.arn") + `]},
  "function_name": {"references": [` + refs("aws_lambda_function.f.arn") + `]}}}]}}}`)
}

// k8sEnvHosts is n Deployments, each with an environment value that names
// the Service db n times ("db,db,…"); db selects one of them, or all
// (the 242 KB at n = 300).
func k8sEnvHosts(n int, all bool) []byte {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: Service\nmetadata: {name: db}\nspec: {selector: {app: db}}\n")
	value := strings.TrimSuffix(strings.Repeat("db,", n), ",")
	for i := range n {
		app := fmt.Sprintf("w%d", i)
		if i == 0 || all {
			app = "db"
		}
		fmt.Fprintf(&b, "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: w%d}\nspec:\n  template:\n    metadata: {labels: {app: %s}}\n    spec:\n      containers:\n        - image: acme/w\n          env: [{name: DB, value: \"%s\"}]\n", i, app, value)
	}
	return []byte(b.String())
}

// composeNetworks is a Compose file of n networks and a service in the last.
func composeNetworks(n int) []byte {
	var b strings.Builder
	b.WriteString("networks:\n")
	for i := range n {
		fmt.Fprintf(&b, "  n%d: {}\n", i)
	}
	fmt.Fprintf(&b, "services:\n  web: {image: nginx, networks: [n%d]}\n", n-1)
	return []byte(b.String())
}

// composeOneName is a Compose file of n services whose names all make the
// id "a": "a" and a different tail of the characters kebab drops ("a_",
// "a.", "a-", "a__", …), all names Compose allows.
func composeOneName(n int) []byte {
	var b strings.Builder
	b.WriteString("services:\n")
	for i := range n {
		tail := ""
		for x := i; x > 0; x /= 3 {
			tail += string("_.-"[x%3])
		}
		fmt.Fprintf(&b, "  \"a%s\": {image: acme/a}\n", tail)
	}
	return []byte(b.String())
}

// allocated is what f allocates, in bytes.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// importAllocating imports data as format f, failing t on an error, and
// says how many bytes the import allocated.
func importAllocating(t *testing.T, cat *catalogue.Catalogue, m *Mappings, f Format, data []byte) (*Result, uint64) {
	t.Helper()
	var res *Result
	var err error
	bytes := allocated(func() { res, err = Import(cat, m, f, []File{{Name: "f", Data: data}}) })
	if err != nil {
		t.Fatal(err)
	}
	return res, bytes
}

// References repeated within a resource make one edge, at the cost of
// reading them: 1,000 a side made a million links (the 5,000 a
// side, 25 million, took 44 s and 4.5 GB).
func TestRepeatedReferencesDoNotMultiply(t *testing.T) {
	cat, m := loaded(t)
	for _, c := range []struct {
		name   string
		format Format
		data   []byte
	}{
		{"cloudformation", CloudFormation, cfnRefs(1000)},
		{"terraform-plan", TerraformPlan, planRefs(1000)},
		{"k8s", Kubernetes, k8sEnvHosts(60, true)},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, bytes := importAllocating(t, cat, m, c.format, c.data)
			if limit := uint64(40 * len(c.data)); bytes > max(limit, 8<<20) {
				t.Errorf("a %d-byte file allocated %d MB", len(c.data), bytes>>20)
			}
			if len(res.Design.Edges) == 0 {
				t.Errorf("no edge:\n%s", catalogue.EncodeDesignYAML(res.Design))
			}
		})
	}
}

// A file whose connections are more edges than a design holds is refused
// with the limit, early: 300 functions each fed by 300 queues through one
// mapping are 90,000 edges.
func TestTooManyConnectionsAreRefused(t *testing.T) {
	cat, m := loaded(t)
	var b strings.Builder
	b.WriteString("Resources:\n")
	var queues, functions []string
	for i := range 300 {
		fmt.Fprintf(&b, "  Q%d: {Type: AWS::SQS::Queue}\n  F%d: {Type: AWS::Lambda::Function}\n", i, i)
		queues, functions = append(queues, fmt.Sprintf("!Ref Q%d", i)), append(functions, fmt.Sprintf("!Ref F%d", i))
	}
	fmt.Fprintf(&b, "  M:\n    Type: AWS::Lambda::EventSourceMapping\n    Properties: {EventSourceArn: [%s], FunctionName: [%s]}\n", strings.Join(queues, ", "), strings.Join(functions, ", "))
	res, err := Import(cat, m, CloudFormation, []File{{Name: "f", Data: []byte(b.String())}})
	var list catalogue.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Code != diag.CodeTooLarge || !strings.Contains(list[0].Msg, fmt.Sprint(catalogue.MaxEdges)) {
		t.Fatalf("imported %v, %v", res != nil, err)
	}
	if list[0].Pos.Line == 0 {
		t.Errorf("no position: %v", list[0])
	}
}

// Compose's groups and services are found by name, not by a scan: 80,000
// networks, or 20,000 services whose names make one id, took 10.9 s and
// 26 s.
func TestComposeIsLinear(t *testing.T) {
	cat, m := loaded(t)
	data := composeOneName(3000)
	res, bytes := importAllocating(t, cat, m, Compose, data)
	if bytes > 16<<20 {
		t.Errorf("a %d-byte file allocated %d MB", len(data), bytes>>20)
	}
	ids := map[string]bool{}
	for _, n := range res.Design.Nodes {
		if ids[n.ID] || !catalogue.ValidID(n.ID) {
			t.Fatalf("id %q twice or not an id", n.ID)
		}
		ids[n.ID] = true
	}
	if len(ids) != 3000 || !ids["a"] || !ids["a-service"] || !ids["a-service-2999"] {
		t.Errorf("%d ids: %v", len(ids), res.Design.Nodes[:3])
	}
}

func BenchmarkImportRepeatedReferences(b *testing.B) {
	cat, m := loaded(b)
	for _, c := range []struct {
		name   string
		format Format
		data   []byte
	}{
		{"cloudformation-1000", CloudFormation, cfnRefs(1000)},
		{"cloudformation-5000", CloudFormation, cfnRefs(5000)},
		{"cloudformation-20000", CloudFormation, cfnRefs(20000)},
		{"terraform-plan-1000", TerraformPlan, planRefs(1000)},
		{"terraform-plan-5000", TerraformPlan, planRefs(5000)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.data)))
			for b.Loop() {
				if _, err := Import(cat, m, c.format, []File{{Name: "f", Data: c.data}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The Service selecting all 300 Deployments is 89,700 edges, which the
// import refuses (as TestTooManyConnectionsAreRefused); 100 are 9,900
// edges, and selecting one, 299: those import.
func BenchmarkImportKubernetesEnvHosts(b *testing.B) {
	cat, m := loaded(b)
	for _, c := range []struct {
		n   int
		all bool
	}{{300, false}, {100, true}, {300, true}} {
		data, all := k8sEnvHosts(c.n, c.all), c.all
		b.Run(fmt.Sprintf("%s-%d", map[bool]string{false: "select-one", true: "select-all"}[all], c.n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				_, err := Import(cat, m, Kubernetes, []File{{Name: "f", Data: data}})
				if (err != nil) != (all && c.n == 300) {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkImportCompose(b *testing.B) {
	cat, m := loaded(b)
	for _, c := range []struct {
		name  string
		files []File
	}{
		{"networks-80000", []File{{Name: "f", Data: composeNetworks(80000)}}},
		{"one-name-3000", []File{{Name: "f", Data: composeOneName(3000)}}},
		{"one-name-20000", []File{{Name: "f", Data: composeOneName(20000)}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Import(cat, m, Compose, c.files); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Connections that name the same pairs again and again are bounded too:
// 130 mappings each from the same 200 queues to the same 200 functions
// ask for 5.2 million links, 40,000 of them different.
func TestRepeatedConnectionsAreBounded(t *testing.T) {
	cat, m := loaded(t)
	var b strings.Builder
	b.WriteString("Resources:\n")
	var queues, functions []string
	for i := range 200 {
		fmt.Fprintf(&b, "  Q%d: {Type: AWS::SQS::Queue}\n  F%d: {Type: AWS::Lambda::Function}\n", i, i)
		queues, functions = append(queues, fmt.Sprintf("!Ref Q%d", i)), append(functions, fmt.Sprintf("!Ref F%d", i))
	}
	for i := range 130 {
		fmt.Fprintf(&b, "  M%d:\n    Type: AWS::Lambda::EventSourceMapping\n    Properties: {EventSourceArn: [%s], FunctionName: [%s]}\n", i, strings.Join(queues, ", "), strings.Join(functions, ", "))
	}
	_, err := Import(cat, m, CloudFormation, []File{{Name: "f", Data: []byte(b.String())}})
	var list catalogue.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Code != diag.CodeTooLarge || !strings.Contains(list[0].Msg, "name each connection once") {
		t.Fatalf("%v", err)
	}
}
