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

// render draws the examples as testdata/render holds them (-update rewrites
// them; read the diff): the title, the icons, the legend, in both themes.
func TestRenderGolden(t *testing.T) {
	for _, c := range []struct{ name, example string }{
		{"two-zone-web.svg", "two-zone-web"},
		{"resilient-orders-dark.svg", "resilient-orders"},
	} {
		args := []string{"render", filepath.Join("..", "..", "examples", c.example+".yaml")}
		if strings.Contains(c.name, "dark") {
			args = append(args, "--dark")
		}
		code, out, errs := designer(t, args...)
		if code != exitOK || errs != "" {
			t.Fatalf("%v: exit %d %s", args, code, errs)
		}
		matchGolden(t, filepath.Join("testdata", "render", c.name), out, "go test ./cmd/designer -run TestRenderGolden")
	}
}

// --no-title and --no-legend leave out the design's name above the picture
// and the flows' legend under it, which it draws by default.
func TestRenderTitleAndLegendFlags(t *testing.T) {
	example := filepath.Join("..", "..", "examples", "resilient-orders.yaml")
	title, legend := ">Resilient orders</text>", `<g aria-label="Flows">`
	for _, c := range []struct {
		flags                 []string
		wantTitle, wantLegend bool
	}{
		{nil, true, true},
		{[]string{"--no-title"}, false, true},
		{[]string{"--no-legend"}, true, false},
		{[]string{"--no-title", "--no-legend"}, false, false},
	} {
		code, out, errs := designer(t, append(append([]string{"render"}, c.flags...), example)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d %s", c.flags, code, errs)
		}
		if strings.Contains(out, title) != c.wantTitle || strings.Contains(out, legend) != c.wantLegend {
			t.Errorf("%v: title %v, legend %v", c.flags, strings.Contains(out, title), strings.Contains(out, legend))
		}
	}
}
