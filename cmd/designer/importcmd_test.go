package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// importFixture is a fixture of the importer's and its golden design.
func importFixture(t *testing.T, name string) (string, string) {
	t.Helper()
	file := filepath.Join("..", "..", "catalogue", "importer", "testdata", name)
	ext := filepath.Ext(name)
	golden, err := os.ReadFile(strings.TrimSuffix(file, ext) + ".design.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return file, string(golden)
}

// designer import writes the importer's design and says on stderr what it
// left out; the format is detected, or named.
func TestImportCommand(t *testing.T) {
	for _, c := range []struct{ format, fixture, note string }{
		{"compose", "three-tier.compose.yaml", "api: deploy.replicas `three`"},
		{"k8s", "multi-zone.k8s.yaml", "Secret/shop/postgres (Secret) was not imported"},
		{"terraform-plan", "event-pipeline.tfplan.json", "aws_iam_role.lambda (aws_iam_role) was not imported"},
		{"cloudformation", "orders.cfn.yaml", "ShipRole (AWS::IAM::Role) was not imported"},
	} {
		file, golden := importFixture(t, c.fixture)
		for _, args := range [][]string{{"import", file}, {"import", c.format, file}} {
			code, stdout, stderr := designer(t, args...)
			if code != 0 || stdout != golden || !strings.Contains(stderr, "note: "+file) || !strings.Contains(stderr, c.note) {
				t.Errorf("%v: exit %d\n%s\nstderr:\n%s", args, code, stdout, stderr)
			}
		}
	}
	file, _ := importFixture(t, "orders.cfn.yaml")
	if code, _, stderr := designer(t, "import", "compose", file); code != 2 || !strings.Contains(stderr, "services:") {
		t.Errorf("a template imported as compose: exit %d, %s", code, stderr)
	}
	if code, _, stderr := designer(t, "import", writeDesign(t, clean)); code != 2 || !strings.Contains(stderr, "not a file the importer reads") {
		t.Errorf("a design imported: exit %d, %s", code, stderr)
	}
}

// check, analyze and resolve take an import's files, and - for standard
// input, as a pipeline from terraform show -json does; what the checker
// finds is placed at the resource in the plan.
func TestCheckImportsAndReadsStandardInput(t *testing.T) {
	file, _ := importFixture(t, "event-pipeline.tfplan.json")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := runWithInput(sites, []string{"check", "-"}, bytes.NewReader(data), &stdout, &stderr)
	if code != 1 || !strings.Contains(stdout.String(), "-:20:132: error: process: memoryMB 20000 MB is above aws-lambda's maximum") ||
		!strings.Contains(stderr.String(), "note: -:26:9: aws_iam_role.lambda") {
		t.Errorf("check -: exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	code = runWithInput(sites, []string{"check", "-"}, strings.NewReader(clean), &stdout, &stderr)
	if code != 0 {
		t.Errorf("a design on standard input: exit %d %s", code, stdout.String())
	}
	if code, stdout, _ := designer(t, "analyze", file); code != 1 || !strings.Contains(stdout, "ingest (nothing flows into it): 99.8001 % available") {
		t.Errorf("analyze a plan: exit %d\n%s", code, stdout)
	}
}

// designer import -o updates the design an earlier import wrote, keeping
// what the user gave it.
func TestImportOverAnEarlierImport(t *testing.T) {
	file, golden := importFixture(t, "three-tier.compose.yaml")
	out := filepath.Join(t.TempDir(), "shop.yaml")
	if code, _, stderr := designer(t, "import", file, "-o", out); code != 0 || !strings.Contains(stderr, "wrote "+out+": 7 nodes") {
		t.Fatalf("first import: %d %s", code, stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != golden {
		t.Fatalf("wrote\n%s", got)
	}
	edited := strings.Replace(golden, "    origin: \"compose:db\"\n", "    position: {x: 400, y: 200}\n    origin: \"compose:db\"\n", 1)
	edited = strings.Replace(edited, "  - id: \"db\"\n", "  - id: \"db\"\n    name: \"Orders database\"\n", 1)
	os.WriteFile(out, []byte(edited), 0o644)
	if code, _, stderr := designer(t, "import", file, "-o", out); code != 0 {
		t.Fatalf("second import: %d %s", code, stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != edited {
		t.Errorf("the import again changed the user's design:\n%s", got)
	}
	os.WriteFile(out, []byte("nodes: [\n"), 0o644)
	if code, _, stderr := designer(t, "import", file, "-o", out); code != 2 || !strings.Contains(stderr, "nothing was written") {
		t.Errorf("over a damaged design: %d %s", code, stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != "nodes: [\n" {
		t.Error("the damaged design was written over")
	}
}
