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

// check, analyze and diff read the design a picture carries, as the
// editor's Import does; a picture without one is refused with its code.
func TestPicturesAreDesigns(t *testing.T) {
	_, svg, _ := designer(t, "render", "../../examples/resilient-orders.yaml")
	pic := filepath.Join(t.TempDir(), "orders.svg")
	if err := os.WriteFile(pic, []byte(svg), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := designer(t, "check", pic); code != 0 || stdout != "" || stderr != "" {
		t.Errorf("check a picture: exit %d %q %q", code, stdout, stderr)
	}
	if code, stdout, _ := designer(t, "analyze", pic); code != 0 || !strings.Contains(stdout, "api") {
		t.Errorf("analyze a picture: exit %d %q", code, stdout)
	}
	if code, stdout, _ := designer(t, "diff", pic, "../../examples/resilient-orders.yaml"); code != 0 || !strings.Contains(stdout, "No semantic change") {
		t.Errorf("diff a picture with its design: exit %d %q", code, stdout)
	}
	bare := filepath.Join(t.TempDir(), "bare.svg")
	os.WriteFile(bare, []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), 0o644)
	if code, _, stderr := designer(t, "check", bare); code != 2 || !strings.Contains(stderr, "the picture carries no design") {
		t.Errorf("check a bare picture: exit %d %q", code, stderr)
	}
}
