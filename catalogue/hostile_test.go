package catalogue

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every file of the hostile corpus is refused with exactly the errors in its
// .err file (-update rewrites them).
func TestHostileCorpus(t *testing.T) {
	cat := mustDefault(t)
	files, _ := filepath.Glob("testdata/hostile/*.yaml")
	if len(files) < 40 {
		t.Fatalf("the corpus has %d designs; it should have at least 40", len(files))
	}
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			data, _ := os.ReadFile(file)
			got := strings.Join(designErrors(cat, name, string(data)), "\n") + "\n"
			golden := strings.TrimSuffix(file, ".yaml") + ".err"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("errors:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// Inputs past the limits are refused with the limit and a position, before
// any work that scales with them.
func TestDesignLimits(t *testing.T) {
	cat := mustDefault(t)
	big := "nodes: []\n# " + strings.Repeat("x", MaxDesignBytes) + "\n"
	var many strings.Builder
	many.WriteString("nodes:\n")
	for i := 0; i <= MaxNodes; i++ {
		fmt.Fprintf(&many, "  - {id: n%d, component: stream}\n", i)
	}
	for _, tc := range []struct{ name, src, want string }{
		{"over 10 MiB", big, fmt.Sprintf("big.yaml:1:1: the design is %d bytes; designs are limited to 10485760 bytes (10 MiB)", len(big))},
		{"over 50,000 nodes", many.String(), "big.yaml:2:3: nodes: 50001 nodes; a design is limited to 50000"},
	} {
		got := designErrors(cat, "big.yaml", tc.src)
		if strings.Join(got, "\n") != tc.want {
			t.Errorf("%s: %v", tc.name, got)
		}
	}
}
