package examples

import (
	"github.com/archdesigner/designer/catalogue"

	"os"
	"path/filepath"
	"testing"
)

// Every example file is offered, under the name it gives itself.
func TestAll(t *testing.T) {
	files, _ := filepath.Glob("*.yaml")
	all := All()
	if len(all) != len(files) || len(all) == 0 {
		t.Fatalf("%d examples offered, %d files", len(all), len(files))
	}
	for _, e := range all {
		data, err := os.ReadFile(e.File)
		if err != nil || string(data) != string(e.Data) {
			t.Errorf("%s: not the file's content (%v)", e.File, err)
		}
		if e.Name == "" || e.Name == e.File {
			t.Errorf("%s: named %q", e.File, e.Name)
		}
	}
	if all[0].Name > all[len(all)-1].Name {
		t.Errorf("not in name order: %q … %q", all[0].Name, all[len(all)-1].Name)
	}
}

func TestDesignName(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"schemaVersion: \"1\"\nname: \"Order events\"\n", "Order events"},
		{"name: Plain\n", "Plain"},
		{"nodes: []\n", "x"},
		{"  name: \"nested\"\n", "x"},
		{"name: \"a \\\" quote\"\n", "x"},
	} {
		if got := designName([]byte(tc.data), "x.yaml"); got != tc.want {
			t.Errorf("designName(%q) = %q, want %q", tc.data, got, tc.want)
		}
	}
}

// The featured examples are examples, each with a line on what it shows.
func TestFeatured(t *testing.T) {
	all := map[string]bool{}
	for _, e := range All() {
		all[e.File] = true
	}
	got := Featured()
	if len(got) != len(featured) {
		t.Fatalf("%d featured examples, %d listed", len(got), len(featured))
	}
	for _, e := range got {
		if !all[e.File] || e.Description == "" {
			t.Errorf("%s: an example %v, described %q", e.File, all[e.File], e.Description)
		}
	}
}

// Each template is offered in its order, reads, and checks clean: no
// problem of any severity, since a new design starts from it.
func TestTemplates(t *testing.T) {
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("templates", "*.yaml"))
	got := Templates()
	if len(got) != len(files) || len(got) != 3 {
		t.Fatalf("%d templates offered, %d files", len(got), len(files))
	}
	for i, want := range []string{"Three-tier web app", "Event pipeline", "Data platform"} {
		if got[i].Name != want {
			t.Errorf("template %d: %q, want %q", i, got[i].Name, want)
		}
	}
	for _, e := range got {
		data, err := os.ReadFile(filepath.Join("templates", e.File))
		if err != nil || string(data) != string(e.Data) {
			t.Errorf("%s: not the file's content (%v)", e.File, err)
		}
		if e.Description == "" {
			t.Errorf("%s: no description", e.File)
		}
		d, errs := cat.ReadDesign(e.File, e.Data)
		if len(errs) > 0 {
			t.Errorf("%s: %v", e.File, errs)
			continue
		}
		if len(d.Nodes) < 4 || len(d.Edges) < 4 {
			t.Errorf("%s: %d nodes, %d edges", e.File, len(d.Nodes), len(d.Edges))
		}
		for _, v := range cat.Resolve(d).Violations {
			t.Errorf("%s: %s %s: %s", e.File, v.Severity, v.Node, v.Message)
		}
	}
}
