package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// designer import never writes a design designer check refuses: an import
// over an earlier design that together make more nodes than a design
// holds is refused with the count, and the design is left as it was.
func TestImportWritesNoDesignCheckRefuses(t *testing.T) {
	var old strings.Builder
	old.WriteString("nodes:\n")
	for i := range catalogue.MaxNodes - 100 {
		fmt.Fprintf(&old, "  - {id: \"n%d\", component: \"kafka\"}\n", i)
	}
	out := filepath.Join(t.TempDir(), "design.yaml")
	if err := os.WriteFile(out, []byte(old.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var compose strings.Builder
	compose.WriteString("services:\n")
	for i := range 200 {
		fmt.Fprintf(&compose, "  s%d: {image: nginx}\n", i)
	}
	in := filepath.Join(t.TempDir(), "compose.yaml")
	if err := os.WriteFile(in, []byte(compose.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := designer(t, "import", in, "-o", out)
	if code != exitUnusable || !strings.Contains(stderr, fmt.Sprintf("%d nodes", catalogue.MaxNodes+100)) || !strings.Contains(stderr, "nothing was written") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != old.String() {
		t.Error("the design was written over")
	}
}

// Nor a design larger than a design may be: an import of 5 MB over a
// design of 6 MB, each within the limit, made one of 11 MB that ReadDesign
// refuses.
func TestImportWritesNoDesignTooLargeToRead(t *testing.T) {
	long := strings.Repeat("x", 9900)
	var old strings.Builder
	old.WriteString("nodes:\n")
	for i := range 600 {
		fmt.Fprintf(&old, "  - {id: \"n%d\", component: \"kafka\", name: \"%s\"}\n", i, long)
	}
	out := filepath.Join(t.TempDir(), "design.yaml")
	if err := os.WriteFile(out, []byte(old.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var compose strings.Builder
	compose.WriteString(`{"services": {`)
	for i := range 500 {
		if i > 0 {
			compose.WriteString(",\n")
		}
		fmt.Fprintf(&compose, `"s%d%s": {"image": "nginx"}`, i, long)
	}
	compose.WriteString("}}\n")
	in := filepath.Join(t.TempDir(), "compose.json")
	if err := os.WriteFile(in, []byte(compose.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := designer(t, "import", "compose", in, "-o", out)
	if code != exitUnusable || !strings.Contains(stderr, "the design would be") || !strings.Contains(stderr, fmt.Sprint(catalogue.MaxDesignBytes)) || !strings.Contains(stderr, "nothing was written") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != old.String() {
		t.Error("the design was written over")
	}
}
