package importer

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
)

func loaded(t testing.TB) (*catalogue.Catalogue, *Mappings) {
	t.Helper()
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadMappings(cat, catalogue.EmbeddedImports())
	if err != nil {
		t.Fatal(err)
	}
	return cat, m
}

func TestMappingsLoad(t *testing.T) {
	_, m := loaded(t)
	for _, f := range Formats {
		if m.For(f) == nil || len(m.For(f).Resources) == 0 {
			t.Errorf("no mapping for %s", f)
		}
	}
}

var update = flag.Bool("update", false, "rewrite the golden files")

// fixtures are the testdata files and their formats, by their names.
func fixtures(t *testing.T) map[string]Format {
	t.Helper()
	out := map[string]Format{}
	for suffix, f := range map[string]Format{".compose.yaml": Compose, ".k8s.yaml": Kubernetes, ".tfplan.json": TerraformPlan, ".cfn.yaml": CloudFormation} {
		files, _ := filepath.Glob("testdata/*" + suffix)
		for _, file := range files {
			out[file] = f
		}
	}
	if len(out) < 4 {
		t.Fatalf("%d fixtures", len(out))
	}
	return out
}

// Each fixture imports to its golden design, with its report (what was not
// imported, values left to the catalogue) and what the checker then finds;
// its format is detected from its content.
func TestImportFixtures(t *testing.T) {
	cat, m := loaded(t)
	for file, f := range fixtures(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if got := Detect(data); got != f {
				t.Errorf("detected %q, want %q", got, f)
			}
			res, err := Import(cat, m, "", []File{{Name: filepath.Base(file), Data: data}})
			if err != nil {
				t.Fatal(err)
			}
			design := catalogue.EncodeDesignYAML(res.Design)
			var report strings.Builder
			for _, line := range res.Report() {
				fmt.Fprintln(&report, line)
			}
			resolution, analyzed := analysis.Resolve(cat, res.Design)
			for _, v := range resolution.Violations {
				fmt.Fprintf(&report, "%s %s on %s\n", v.Severity, v.Rule, v.Node)
			}
			// What the analysis says of the system.
			for _, e := range analyzed.Entries {
				fmt.Fprintf(&report, "entry %s: %s\n", e.Node, strings.TrimSpace(e.Qualifier()+" "+catalogue.FormatPercent(e.Availability)))
			}
			for _, sp := range analyzed.SPOFs {
				fmt.Fprintf(&report, "single point of failure %s%s: cuts %s\n", sp.Node, sp.Group, strings.Join(sp.Cuts, ", "))
			}
			for _, sink := range analyzed.Sinks {
				fmt.Fprintf(&report, "delivery to %s: %s\n", sink.Node, sink.Delivery)
			}
			base := strings.TrimSuffix(file, filepath.Ext(file))
			golden(t, base+".design.yaml", design)
			golden(t, base+".report", []byte(report.String()))
			// The design reads back as it was written.
			back, errs := cat.ReadDesign("back.yaml", design)
			if len(errs) > 0 || string(catalogue.EncodeDesignYAML(back)) != string(design) {
				t.Errorf("the design does not read back: %v", errs)
			}
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs (go test -update rewrites it):\n%s", path, got)
	}
}

// Importing again keeps what the user did to the design: positions, names,
// groups, their own nodes, edges and notes; what the code no longer has
// goes, what it added comes; the same import over its own design changes
// nothing.
func TestReimportKeepsTheUsersWork(t *testing.T) {
	cat, m := loaded(t)
	data, err := os.ReadFile("testdata/three-tier.compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	first, err := Import(cat, m, Compose, []File{{Name: "compose.yaml", Data: data}})
	if err != nil {
		t.Fatal(err)
	}
	if again := Merge(first.Design, first.Design, Compose); string(catalogue.EncodeDesignYAML(again)) != string(catalogue.EncodeDesignYAML(first.Design)) {
		t.Errorf("the same import changed the design:\n%s", catalogue.EncodeDesignYAML(again))
	}
	// The user's edits, as the editor would write them.
	edited := string(catalogue.EncodeDesignYAML(first.Design))
	edited = strings.Replace(edited, "  - id: \"db\"\n    component: \"postgresql\"\n", "  - id: \"orders-db\"\n    name: \"Orders database\"\n    component: \"postgresql\"\n", 1)
	edited = strings.Replace(edited, "{from: \"api\", to: \"db\",", "{from: \"api\", to: \"orders-db\",", 1)
	edited = strings.Replace(edited, "{from: \"worker\", to: \"db\",", "{from: \"worker\", to: \"orders-db\",", 1)
	edited = strings.Replace(edited, "    origin: \"compose:db\"\n", "    props:\n      backupRetentionDays: 14\n    position: {x: 400, y: 200}\n    origin: \"compose:db\"\n", 1)
	edited += "notes:\n  - {text: \"Backed up nightly\", on: \"orders-db\"}\n"
	edited = strings.Replace(edited, "nodes:\n", "nodes:\n  - id: \"payments\"\n    component: \"partner-system\"\n", 1)
	edited = strings.Replace(edited, "edges:\n", "edges:\n  - {from: \"api\", to: \"payments\"}\n", 1)
	old, errs := cat.ReadDesign("design.yaml", []byte(edited))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	// The code changed: the worker is gone, a search service came.
	changed := strings.Replace(string(data), "  worker:\n", "  search:\n    image: opensearchproject/opensearch:2\n    networks: [backend]\n  worker-gone:\n", 1)
	changed = strings.Replace(changed, "image: ghcr.io/acme/shop-worker:1.4.2", "build: ./worker", 1)
	changed = strings.Replace(changed, "  worker-gone:\n    build: ./worker\n    environment:\n      AMQP_URL: amqp://guest:guest@queue:5672/\n      DATABASE_URL: postgres://shop:secret@db:5432/shop\n    networks: [backend]\n", "", 1)
	second, err := Import(cat, m, Compose, []File{{Name: "compose.yaml", Data: []byte(changed)}})
	if err != nil {
		t.Fatal(err)
	}
	merged := Merge(old, second.Design, Compose)
	if errs := cat.Check(merged); len(errs) > 0 {
		t.Fatalf("the merge does not check: %v", errs)
	}
	out := string(catalogue.EncodeDesignYAML(merged))
	for _, want := range []string{
		"  - id: \"orders-db\"\n    name: \"Orders database\"\n    component: \"postgresql\"\n    in: \"backend\"\n    props:\n      backupRetentionDays: 14\n    position: {x: 400, y: 200}\n    origin: \"compose:db\"\n",
		"  - id: \"payments\"\n", "{from: \"api\", to: \"payments\"}", "{from: \"api\", to: \"orders-db\", protocol: \"sql\"}",
		"  - id: \"search\"\n", "on: \"orders-db\"",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the merge lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "worker") {
		t.Errorf("the worker the code no longer has stayed:\n%s", out)
	}
}

// Hostile and malformed inputs are refused with where and why, never a
// panic or a half design.
func TestImportRefuses(t *testing.T) {
	cat, m := loaded(t)
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 'b'; i <= 'k'; i++ {
		bomb += fmt.Sprintf("%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	deep := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	for _, c := range []struct {
		name   string
		format Format
		data   string
		want   string
	}{
		{"not YAML", Compose, "services:\n  a: [\n  b: 1\n", "did not find expected"},
		{"not UTF-8", Compose, "services:\n  a: {image: \"\xff\"}\n", "not UTF-8"},
		{"empty", Kubernetes, "", "holds nothing"},
		{"no services", Compose, "version: \"3\"\n", "f:1:1: services:"},
		{"a plan of an unknown version", TerraformPlan, `{"format_version": "2.0", "planned_values": {}}`, `f:1:20: format_version: "2.0" is not a plan format`},
		{"a plan without planned values", TerraformPlan, `{"format_version": "1.2"}`, "planned_values.root_module"},
		{"a template without resources", CloudFormation, "AWSTemplateFormatVersion: \"2010-09-09\"\n", "Resources:"},
		{"a resource without a type", CloudFormation, "Resources:\n  Q:\n    Properties: {}\n", "f:2:3: Resources.Q: `Type` is required"},
		{"an object without a kind", Kubernetes, "apiVersion: v1\nmetadata: {name: x}\n", "f:1:1: a Kubernetes object needs"},
		{"aliases that expand past the limit", Compose, "services: {}\n" + bomb, "aliases expand it past"},
		{"deep nesting", Compose, "services: " + deep + "\n", "f:"},
		{"a design", "", "nodes: []\n", "not a file the importer reads"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Import(cat, m, c.format, []File{{Name: "f", Data: []byte(c.data)}})
			if err == nil || res != nil {
				t.Fatalf("imported: %+v", res)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v, want %q", err, c.want)
			}
		})
	}
	if _, err := Import(cat, m, Compose, []File{{Name: "big", Data: make([]byte, MaxFileBytes+1)}}); err == nil || !strings.Contains(err.Error(), "limited to") {
		t.Errorf("a file over the limit: %v", err)
	}
}

// FuzzImport: any bytes, in any format, import or are refused, never a
// panic; an import is a design the catalogue takes.
func FuzzImport(f *testing.F) {
	cat, m := loaded(f)
	for file := range map[string]bool{"testdata/three-tier.compose.yaml": true, "testdata/left-out.compose.yaml": true, "testdata/multi-zone.k8s.yaml": true, "testdata/event-pipeline.tfplan.json": true, "testdata/orders.cfn.yaml": true} {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range append([]Format{""}, Formats...) {
			res, err := Import(cat, m, format, []File{{Name: "f", Data: data}})
			if err != nil {
				continue
			}
			if errs := cat.Check(res.Design); len(errs) > 0 {
				t.Fatalf("%s: an import the catalogue refuses: %v", format, errs)
			}
		}
	})
}

func BenchmarkImportFixtures(b *testing.B) {
	cat, m := loaded(b)
	var files []File
	for _, name := range []string{"three-tier.compose.yaml", "multi-zone.k8s.yaml", "event-pipeline.tfplan.json", "orders.cfn.yaml"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, File{Name: name, Data: data})
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			if _, err := Import(cat, m, "", []File{f}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// From the review: an override file changes a service rather than adding
// one; a re-import leaves other imports' nodes, copies and the design's own
// ids alone; inputs that read two ways are refused.
func TestImportReviewCases(t *testing.T) {
	cat, m := loaded(t)
	base := "services:\n  web:\n    image: nginx\n  db:\n    image: postgres:16\n"
	override := "services:\n  web:\n    image: ghcr.io/acme/web:2\n    deploy: {replicas: 3}\n"
	res, err := Import(cat, m, Compose, []File{{Name: "compose.yaml", Data: []byte(base)}, {Name: "compose.override.yaml", Data: []byte(override)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Design.Nodes) != 2 || res.Design.Nodes[1].Component != "service" || res.Design.Nodes[1].Props["minInstances"].Int() != 3 {
		t.Errorf("with an override file: %s", catalogue.EncodeDesignYAML(res.Design))
	}
	// A design with a node from a plan, a group named like an imported
	// node, and a copy sharing an origin.
	old, errs := cat.ReadDesign("d.yaml", []byte("groups:\n  - {id: \"web\", boundary: \"region\"}\nnodes:\n  - {id: \"q\", component: \"aws-sqs\", origin: \"terraform:aws_sqs_queue.q\"}\n  - {id: \"db\", component: \"postgresql\", origin: \"compose:db\"}\n  - {id: \"db-copy\", component: \"postgresql\", origin: \"compose:db\"}\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	merged := Merge(old, res.Design, Compose)
	text := string(catalogue.EncodeDesignYAML(merged))
	if _, errs := cat.ReadDesign("merged.yaml", []byte(text)); len(errs) > 0 {
		t.Fatalf("the merge does not read back: %v\n%s", errs, text)
	}
	for _, want := range []string{"id: \"q\"", "id: \"db-copy\"", "id: \"web-2\""} {
		if !strings.Contains(text, want) {
			t.Errorf("the merge lacks %s:\n%s", want, text)
		}
	}
	for _, c := range []struct{ data, want string }{
		{"Resources:\n  Q: {Type: AWS::SQS::Queue}\n  Q: {Type: AWS::SNS::Topic}\n", "f:3:3: key `Q` is set twice"},
		{"services:\n  web:\n    image: nginx\n    networks: {}\n", ""},
		{"---\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n---\n# nothing\n", ""},
	} {
		_, err := Import(cat, m, "", []File{{Name: "f", Data: []byte(c.data)}})
		if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.data, err, c.want)
		}
	}
	if got := Detect([]byte("name: shop\ndescription: \"built with AWS::Serverless-2016-10-31\"\nnodes: []\n")); got != "" {
		t.Errorf("a design detected as %s", got)
	}
}
