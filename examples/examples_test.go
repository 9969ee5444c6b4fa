package examples

import (
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
