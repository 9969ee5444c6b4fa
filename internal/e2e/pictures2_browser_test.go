//go:build browser

package e2e

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue/drawing"
)

// Export picture draws a picture worth pasting in a document: the design's
// name as its title and the legend of its flows (each a checkbox of the
// dialog, on at first), each node's kind icon as on the canvas; a PNG has
// the SVG's size in pixels, and twice as many each way at 2×, drawn from
// the drawing rather than from a 1× bitmap.
func TestPicture2ExportTitleLegendIconsAndPNGSize(t *testing.T) {
	example, err := os.ReadFile(filepath.Join("..", "..", "examples", "resilient-orders.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p := loadDesign(t, string(example))
	p.click("button", "Export picture")
	p.find("dialog", "Export picture")
	for _, name := range []string{"Title (the design's name)", "Legend of the flows"} {
		if on := p.eval(p.find("checkbox", name), `function() { return String(this.checked) }`); on != `"true"` {
			t.Errorf("%s: checked %s, want true at first", name, on)
		}
	}
	p.checkAccessible("Export picture with its title and legend checkboxes")
	_, svg := p.download("button", "Export")
	icon := drawing.IconSVG(drawing.KindIcon("stream"), drawing.NodeWidth-28, drawing.NodeHeight-27, 20, "#5b6675")
	for _, want := range []string{">Resilient orders</text>", `<g aria-label="Flows">`, ">request</text>", ">event</text>", icon} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("the SVG has no %q", want)
		}
	}
	size := regexp.MustCompile(`viewBox="[-0-9.e]+ [-0-9.e]+ ([0-9.e]+) ([0-9.e]+)" width="([0-9.e]+)" height="([0-9.e]+)"`).FindSubmatch(svg)
	if size == nil {
		t.Fatalf("no size in %.300s", svg)
	}
	var wh [4]float64
	for i := range wh {
		wh[i], _ = strconv.ParseFloat(string(size[i+1]), 64)
	}
	if wh[0] != wh[2] || wh[1] != wh[3] {
		t.Errorf("the SVG is %g × %g for a viewBox of %g × %g", wh[2], wh[3], wh[0], wh[1])
	}
	for _, c := range []struct {
		format string
		scale  float64
	}{{"PNG", 1}, {"PNG, twice the size", 2}} {
		p.click("button", "Export picture")
		p.choose("Format", c.format)
		_, pic := p.download("button", "Export")
		cfg, err := png.DecodeConfig(bytes.NewReader(pic))
		if err != nil {
			t.Fatalf("%s: %v", c.format, err)
		}
		if float64(cfg.Width) != c.scale*wh[0] || float64(cfg.Height) != c.scale*wh[1] {
			t.Errorf("%s: %d × %d px, want %g × %g (the viewBox's %g × %g at %g×)", c.format, cfg.Width, cfg.Height, c.scale*wh[0], c.scale*wh[1], wh[0], wh[1], c.scale)
		}
	}
	// Without the title and the legend.
	p.click("button", "Export picture")
	p.click("checkbox", "Title (the design's name)")
	p.click("checkbox", "Legend of the flows")
	_, bare := p.download("button", "Export")
	if s := string(bare); strings.Contains(s, ">Resilient orders</text>") || strings.Contains(s, `aria-label="Flows"`) {
		t.Errorf("a title or a legend drawn with their boxes unchecked:\n%.600s", s)
	}
}
