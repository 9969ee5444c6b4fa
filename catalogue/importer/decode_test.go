package importer

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// planOf is a Terraform plan as `terraform show -json` writes it: queues
// whose values hold tags (tags each, every value of the length given), and
// no alias, anchor or deep nesting. Each queue is about 20 values and two a
// tag.
func planOf(queues, tags, valueLength int) []byte {
	var b strings.Builder
	b.WriteString(`{"format_version": "1.2", "terraform_version": "1.9.8", "planned_values": {"root_module": {"resources": [`)
	value := strings.Repeat("v", valueLength)
	for i := range queues {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n  {\"address\": \"aws_sqs_queue.q%d\", \"mode\": \"managed\", \"type\": \"aws_sqs_queue\", \"name\": \"q%d\", \"provider_name\": \"registry.terraform.io/hashicorp/aws\", \"schema_version\": 0,\n   \"values\": {\"name\": \"q%d\", \"fifo_queue\": false, \"visibility_timeout_seconds\": 30, \"delay_seconds\": 0, \"message_retention_seconds\": 345600, \"tags\": {", i, i, i)
		for t := range tags {
			if t > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "\"tag%d\": \"%s\"", t, value)
		}
		b.WriteString("}}}")
	}
	b.WriteString("\n]}}}\n")
	return []byte(b.String())
}

// queueValues are the values of one of planOf's queues of 40 tags.
const queueValues = 107 // and 11 for the plan around them

// keysOf is a YAML mapping of n keys, a line each.
func keysOf(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "k%d: 1\n", i)
	}
	return b.String()
}

// densePlan is a plan of about size bytes that is mostly one list of
// numbers: two bytes a value, the densest plain JSON there is.
func densePlan(size int) []byte {
	var b strings.Builder
	b.Grow(size + 1024)
	b.WriteString(`{"format_version": "1.2", "terraform_version": "1.9.8", "planned_values": {"root_module": {"resources": [` +
		`{"address": "aws_sqs_queue.q", "mode": "managed", "type": "aws_sqs_queue", "name": "q", "values": {"name": "q", "ports": [0`)
	for b.Len() < size {
		b.WriteString(",1")
	}
	b.WriteString("]}}]}}}\n")
	return []byte(b.String())
}

// nested is depth lists in each other, in JSON (flow) or YAML block style.
func nested(depth int, block bool) string {
	if !block {
		return strings.Repeat("[", depth) + strings.Repeat("]", depth)
	}
	var b strings.Builder
	for i := range depth {
		b.WriteString(strings.Repeat(" ", i) + "-\n")
	}
	return b.String()
}

// importErr imports data as format f and returns the error, failing the
// test when it imports.
func importErr(t *testing.T, f Format, data []byte) catalogue.ErrorList {
	t.Helper()
	cat, m := loaded(t)
	res, err := Import(cat, m, f, []File{{Name: "f", Data: data}})
	if err == nil {
		t.Fatalf("imported: %d nodes", len(res.Design.Nodes))
	}
	var list catalogue.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("%v is not an ErrorList", err)
	}
	return list
}

// Values and nesting are bounded while the file is read, and the refusal
// names the real cause, where it was crossed: not aliases a file does not
// have.
func TestImportBoundsValuesAndNesting(t *testing.T) {
	over := planOf(maxValues/queueValues+1, 40, 1)
	for _, c := range []struct {
		name   string
		format Format
		data   []byte
		want   string
	}{
		{"a plan of too many values", TerraformPlan, over, "more than 1,000,000 values"},
		{"a dense plan", TerraformPlan, densePlan(4 << 20), "more than 1,000,000 values"},
		{"JSON nested too deep", TerraformPlan, []byte(`{"format_version": "1.2", "planned_values": ` + nested(9000, false) + "}"), "f:1:1044: nested deeper than 1,000"},
		{"YAML flow nested too deep", Compose, []byte("services: " + nested(9000, false) + "\n"), "f:1:1010: nested deeper than 1,000"},
		{"YAML blocks nested too deep", Compose, []byte("services:\n" + nested(3000, true)), "f:1001:1000: nested deeper than 1,000"},
		{"YAML of too many values", Compose, []byte("services: {}\n" + keysOf(maxValues/2)), "f:500001:1: more than 1,000,000 line ends and YAML marks"},
		{"YAML too dense to parse", Compose, []byte("services: {}\nx: [" + strings.Repeat("1,", maxYAMLMarks/2) + "1]\n"), "f:2:1: more than 1,000,000 line ends and YAML marks"},
	} {
		t.Run(c.name, func(t *testing.T) {
			errs := importErr(t, c.format, c.data)
			if !strings.Contains(errs.Error(), c.want) || errs[0].Code != diag.CodeTooLarge {
				t.Errorf("%v, want %q (%s)", errs, c.want, diag.CodeTooLarge)
			}
			if strings.Contains(errs.Error(), "alias") {
				t.Errorf("%v names aliases the file does not have", errs)
			}
		})
	}
}

// checkTree, which backs scanYAML up, counts every value of every
// document against one budget.
func TestCheckTree(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("a: [1, 2]\nb: 3\n"), &doc); err != nil {
		t.Fatal(err)
	}
	if left, limit := checkTree(doc.Content[0], 7); left != 0 || limit != nil {
		t.Errorf("7 values: %d left, %v", left, limit)
	}
	if _, limit := checkTree(doc.Content[0], 6); limit == nil || limit.line != 2 || limit.column != 4 || limit.msg != tooManyValues {
		t.Errorf("6 values: %v, want the limit at 2:4", limit)
	}
}

// A YAML file is bounded in bytes more tightly than a JSON one, and a file
// too large to read as YAML that is not JSON says where it is not (a
// raw line end in a string, here).
func TestImportBoundsYAMLBytes(t *testing.T) {
	big := "services:\n  web: {image: nginx, labels: {a: \"" + strings.Repeat("x", maxYAMLBytes) + "\"}}\n"
	if errs := importErr(t, Compose, []byte(big)); !strings.Contains(errs.Error(), "f:1:1: the file is 33554481 bytes of YAML; YAML imports are limited to 33554432 bytes (32 MiB)") {
		t.Errorf("%v", errs)
	}
	broken := `{"format_version": "1.2", "planned_values": {"root_module": {"resources": []}}, "x": "` + strings.Repeat("x", maxYAMLBytes) + "\n\"}"
	if errs := importErr(t, TerraformPlan, []byte(broken)); !strings.Contains(errs.Error(), "f:1:33554519: not well-formed JSON here") || errs[0].Code != diag.CodeYAMLSyntax {
		t.Errorf("%v", errs)
	}
}

// A plan of as many values as an import takes imports.
func TestImportTakesTheLimit(t *testing.T) {
	cat, m := loaded(t)
	if _, err := Import(cat, m, TerraformPlan, []File{{Name: "plan.json", Data: planOf(maxValues/queueValues, 40, 1)}}); err != nil {
		t.Fatal(err)
	}
}

// YAML merge keys (https://yaml.org/type/merge.html) are honoured: what
// they merge is read as if written out, explicit keys winning over merged
// ones and earlier merged mappings over later ones.
func TestImportMergeKeys(t *testing.T) {
	cat, m := loaded(t)
	compose := `x-db: &db
  image: postgres:16
x-api: &api
  image: ghcr.io/acme/api:1
  deploy: {replicas: 3}
  depends_on: [db]
x-old: &old
  image: ghcr.io/acme/old:1
  deploy: {replicas: 9}
services:
  db: { <<: *db }
  api: { <<: *api }
  api2: { <<: [*api, *old], deploy: {replicas: 5} }
  worker: { <<: [*old, *api], environment: {DB: "postgres://db/x"} }
`
	res, err := Import(cat, m, Compose, []File{{Name: "compose.yaml", Data: []byte(compose)}})
	if err != nil {
		t.Fatal(err)
	}
	text := string(catalogue.EncodeDesignYAML(res.Design))
	for _, want := range []string{
		"  - id: \"db\"\n    component: \"postgresql\"\n",
		"  - id: \"api\"\n    component: \"service\"\n    props:\n      minInstances: 3\n",
		"  - id: \"api2\"\n    component: \"service\"\n    props:\n      minInstances: 5\n",
		"  - id: \"worker\"\n    component: \"service\"\n    props:\n      minInstances: 9\n",
		"{from: \"api\", to: \"db\"}", "{from: \"api2\", to: \"db\"}", "{from: \"worker\", to: \"db\"}",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the import lacks %q:\n%s", want, text)
		}
	}
	if len(res.Design.Nodes) != 4 {
		t.Errorf("%d nodes, want 4 (no service named <<):\n%s", len(res.Design.Nodes), text)
	}
	k8s := "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, labels: &spec {replicas: 3}}\nspec:\n  <<: *spec\n  template:\n    spec:\n      containers: [{name: web, image: ghcr.io/acme/web:1}]\n"
	res, err = Import(cat, m, Kubernetes, []File{{Name: "k8s.yaml", Data: []byte(k8s)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Design.Nodes) != 1 || res.Design.Nodes[0].Props["minInstances"].Int() != 3 {
		t.Errorf("a Deployment's merged replicas:\n%s", catalogue.EncodeDesignYAML(res.Design))
	}
}

// What YAML does not allow is refused with where and why: a merge of what
// is not a mapping, a mapping that merges itself, an alias to another
// document's anchor.
func TestImportRefusesBadMerges(t *testing.T) {
	for _, c := range []struct {
		name   string
		format Format
		data   string
		code   diag.Code
		want   string
	}{
		{"a merge of a scalar", Compose, "services:\n  web: {<<: 3, image: nginx}\n", diag.CodeWrongType, "f:2:13: `<<` merges a mapping or a list of mappings"},
		{"a merge of a list of scalars", Compose, "services:\n  web: {<<: [3], image: nginx}\n", diag.CodeWrongType, "f:2:14: `<<` merges a mapping or a list of mappings"},
		{"a mapping that merges itself", Compose, "services:\n  web: &w {<<: *w, image: nginx}\n", diag.CodeAlias, "f:2:16: `<<` merges the mapping it is in"},
		{"an alias to another document", Kubernetes, "apiVersion: v1\nkind: Namespace\nmetadata: &m {name: shop}\n---\napiVersion: v1\nkind: Namespace\nmetadata: *m\n", diag.CodeAlias, "f:7:11: alias *m names an anchor of another document (line 3)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			errs := importErr(t, c.format, []byte(c.data))
			if !strings.Contains(errs.Error(), c.want) || errs[0].Code != c.code {
				t.Errorf("%v, want %q (%s)", errs, c.want, c.code)
			}
		})
	}
}

// Merges that would copy more than the alias budget are refused, not
// expanded.
func TestImportBoundsMerges(t *testing.T) {
	var b strings.Builder
	b.WriteString("services: {}\nx-a: &a {")
	for i := range 2000 {
		fmt.Fprintf(&b, "k%d: %d, ", i, i)
	}
	b.WriteString("}\nx-many:\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "  - {<<: *a, n: %d}\n", i)
	}
	errs := importErr(t, Compose, []byte(b.String()))
	if !strings.Contains(errs.Error(), "aliases expand it past") {
		t.Errorf("%v", errs)
	}
	// A few keys merged many times, each holding many values.
	b.Reset()
	b.WriteString("services: {}\nx-a: &a {k: [" + strings.Repeat("1, ", 20000) + "1]}\nx-many:\n")
	for range 2000 {
		b.WriteString("  - {<<: *a}\n")
	}
	if errs := importErr(t, Compose, []byte(b.String())); !strings.Contains(errs.Error(), "aliases expand it past") {
		t.Errorf("%v", errs)
	}
}

// A UTF-8 byte order mark, which editors on Windows write, is read past:
// imports of other tools' files detect and read as without it, and a
// design reads as the design reader reads it.
func TestImportByteOrderMark(t *testing.T) {
	cat, m := loaded(t)
	const bom = "\uFEFF"
	for _, c := range []struct {
		format Format
		data   string
	}{
		{Compose, "services:\n  web: {image: nginx}\n"},
		{Kubernetes, "apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n"},
		{TerraformPlan, `{"format_version": "1.2", "planned_values": {"root_module": {"resources": [{"address": "aws_sqs_queue.q", "mode": "managed", "type": "aws_sqs_queue", "name": "q", "values": {"name": "q"}}]}}}`},
		{CloudFormation, "AWSTemplateFormatVersion: \"2010-09-09\"\nResources:\n  Q: {Type: AWS::SQS::Queue}\n"},
	} {
		t.Run(string(c.format), func(t *testing.T) {
			if got := Detect([]byte(bom + c.data)); got != c.format {
				t.Errorf("detected %q, want %q", got, c.format)
			}
			want, err := Import(cat, m, c.format, []File{{Name: "f", Data: []byte(c.data)}})
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := Read(cat, m, "f", []byte(bom+c.data))
			if err != nil {
				t.Fatal(err)
			}
			if a, b := catalogue.EncodeDesignYAML(got), catalogue.EncodeDesignYAML(want.Design); string(a) != string(b) {
				t.Errorf("with a byte order mark:\n%s\nwithout:\n%s", a, b)
			}
		})
	}
	design := "nodes:\n  - {id: web, component: service}\n"
	withBOM, _, errBOM := Read(cat, m, "d.yaml", []byte(bom+design))
	without, _, err := Read(cat, m, "d.yaml", []byte(design))
	if err != nil || errBOM != nil || len(withBOM.Nodes) != len(without.Nodes) {
		t.Errorf("a design with a byte order mark: %v, without: %v", errBOM, err)
	}
}

// An 8 MB plan of plain values, as large systems' plans are.
func BenchmarkImportPlan8MB(b *testing.B) {
	benchmarkImport(b, planOf(7000, 40, 8), "")
}

// The densest plan the limits take: just under maxValues.
func BenchmarkImportPlanMostValues(b *testing.B) {
	benchmarkImport(b, planOf(maxValues/queueValues, 40, 1), "")
}

// The largest plan the limits take: just under MaxFileBytes, its values
// long.
func BenchmarkImportPlanLargest(b *testing.B) {
	benchmarkImport(b, planOf(3000, 40, (MaxFileBytes-len(planOf(3000, 40, 0)))/(3000*40)), "")
}

// An 8 MB plan of two bytes a value, refused.
func BenchmarkImportPlanDense8MB(b *testing.B) {
	benchmarkImport(b, densePlan(8<<20), "more than")
}

// 9,000 lists in each other, refused.
func BenchmarkImportDeepNesting(b *testing.B) {
	benchmarkImport(b, []byte(`{"format_version": "1.2", "planned_values": `+nested(9000, false)+"}"), "nested deeper")
}

// The densest YAML the limits take: a key a line, just under maxYAMLMarks.
func BenchmarkImportComposeMostValues(b *testing.B) {
	benchmarkImportAs(b, Compose, []byte("services: {}\n"+keysOf(maxYAMLMarks/2-10)), "")
}

// benchmarkImport imports a plan; refused is what its refusal says, or ""
// when it imports.
func benchmarkImport(b *testing.B, data []byte, refused string) {
	benchmarkImportAs(b, TerraformPlan, data, refused)
}

func benchmarkImportAs(b *testing.B, f Format, data []byte, refused string) {
	cat, m := loaded(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	b.ReportMetric(float64(len(data)), "file-bytes")
	for b.Loop() {
		_, err := Import(cat, m, f, []File{{Name: "f", Data: data}})
		if (err == nil) != (refused == "") || err != nil && !strings.Contains(err.Error(), refused) {
			b.Fatalf("%.200v, want %q", err, refused)
		}
	}
}

// A plan as `terraform show -json` writes it, its changes and prior state
// beside its planned values: what the reader never reads is no reason to
// refuse it.
func TestImportPassesOverAPlansChanges(t *testing.T) {
	cat, m := loaded(t)
	plan := string(planOf(maxValues/queueValues, 40, 1))
	changes := `"resource_changes": [` + strings.Repeat(`{"change": {"before": null, "after": {"tags": {"a": "b"}}}}, `, maxValues/10) + `{}], "prior_state": {"values": {}},`
	plan = strings.Replace(plan, `"planned_values"`, changes+` "planned_values"`, 1)
	res, err := Import(cat, m, TerraformPlan, []File{{Name: "plan.json", Data: []byte(plan)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Design.Nodes) != maxValues/queueValues {
		t.Errorf("%d nodes, want %d", len(res.Design.Nodes), maxValues/queueValues)
	}
}
