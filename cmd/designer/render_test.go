package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue/picture"
)

// render draws the SVG with the design inside; rendering that SVG again
// gives the same picture; bad input is refused with exit 2.
func TestRender(t *testing.T) {
	code, out, errs := designer(t, "render", filepath.Join("..", "..", "examples", "resilient-orders.yaml"))
	if code != exitOK || !strings.HasPrefix(out, "<svg ") || errs != "" {
		t.Fatalf("exit %d, stderr %s\n%s", code, errs, out)
	}
	yaml, err := picture.Design([]byte(out))
	if err != nil || !strings.Contains(string(yaml), "id: \"resilient-orders\"") {
		t.Fatalf("the design inside: %v\n%s", err, yaml)
	}
	svg := filepath.Join(t.TempDir(), "picture.svg")
	os.WriteFile(svg, []byte(out), 0o644)
	if code, again, _ := designer(t, "render", svg); code != exitOK || again != out {
		t.Errorf("rendering the picture again: exit %d, same %v", code, again == out)
	}
	if _, dark, _ := designer(t, "render", "--dark", "--badges", svg); !strings.Contains(dark, `fill="#11151a"`) {
		t.Error("--dark draws no dark canvas")
	}
	plain := filepath.Join(t.TempDir(), "plain.svg")
	os.WriteFile(plain, []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), 0o644)
	for _, args := range [][]string{{"render", plain}, {"render", "-o", "png", svg}, {"render"}, {"render", "nope.yaml"}} {
		if code, _, errs := designer(t, args...); code != exitUnusable || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	if _, _, errs := designer(t, "render", plain); !strings.Contains(errs, "picture-without-design") && !strings.Contains(errs, "carries no design") {
		t.Errorf("a plain SVG: %s", errs)
	}
}
