//go:build browser

package e2e

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue/picture"
)

// Export picture draws an SVG or a PNG that carries the design, and Import
// design reads either back to the identical design; a picture without one
// is refused and changes nothing.
func TestEditorPictures(t *testing.T) {
	example, err := os.ReadFile(filepath.Join("..", "..", "examples", "resilient-orders.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p := loadDesign(t, string(example))
	_, before := p.download("button", "Export YAML")
	dir := t.TempDir()

	p.click("button", "Export picture")
	p.find("dialog", "Export picture")
	p.checkAccessible("the editor, Export picture open")
	name, svg := p.download("button", "Export")
	if name != "resilient-orders.svg" || !bytes.HasPrefix(svg, []byte("<svg ")) {
		t.Fatalf("%s:\n%.300s", name, svg)
	}
	p.absent("dialog", "Export picture")
	p.click("button", "Export picture")
	p.choose("Format", "PNG, twice the size")
	p.choose("Colours", "Dark")
	name, pic := p.download("button", "Export")
	if name != "resilient-orders.png" {
		t.Fatalf("downloaded %s", name)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(pic))
	if err != nil || cfg.Width < 1000 {
		t.Fatalf("the PNG: %v, %d px wide", err, cfg.Width)
	}
	if yaml, err := picture.Design(pic); err != nil || !strings.Contains(string(before), string(yaml)) {
		t.Errorf("the PNG's design: %v\n%s", err, yaml)
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{"picture.svg", svg}, {"picture.png", pic}} {
		path := filepath.Join(dir, f.name)
		os.WriteFile(path, f.data, 0o644)
		p.clickAndFollow("button", "New design")
		p.absent("button", "api, Amazon API Gateway (HTTP API)…")
		// The picture's design is the one Designs has: the import asks.
		p.setFiles("Import design", path)
		p.find("alert", "Design already in your designs")
		p.click("button", "Add as a new design")
		p.find("button", "api, Amazon API Gateway (HTTP API)…")
		if _, after := p.download("button", "Export YAML"); !bytes.Equal(after, before) {
			t.Errorf("%s imported as\n%s\nwant\n%s", f.name, after, before)
		}
	}
	var plain bytes.Buffer
	png.Encode(&plain, image.NewRGBA(image.Rect(0, 0, 8, 8)))
	photo := filepath.Join(dir, "photo.png")
	os.WriteFile(photo, plain.Bytes(), 0o644)
	p.setFiles("Import design", photo)
	p.waitText("status", "", "Import refused")
	p.find("button", "api, Amazon API Gateway (HTTP API)…")
	p.checkClean()
}
