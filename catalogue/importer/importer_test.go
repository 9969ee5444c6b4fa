package importer

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

func loaded(t testing.TB) (*catalogue.Catalogue, *Mappings) {
	t.Helper()
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadMappings(cat, catalogue.Layer{Name: "catalogue", FS: catalogue.Embedded()})
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
			resolution := cat.Resolve(res.Design)
			for _, v := range resolution.Violations {
				fmt.Fprintf(&report, "%s %s on %s\n", v.Severity, v.Rule, v.Node)
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
