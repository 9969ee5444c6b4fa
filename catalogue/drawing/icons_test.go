package drawing

import (
	"os"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// The editor serves the sprite the pictures draw from (web/icons.svg is a
// copy of icons.svg), and every kind and boundary has its icon in it.
func TestIconSpriteIsTheEditors(t *testing.T) {
	web, err := os.ReadFile("../../web/icons.svg")
	if err != nil {
		t.Fatal(err)
	}
	if string(web) != IconSprite() {
		t.Error("web/icons.svg differs from catalogue/drawing/icons.svg: copy catalogue/drawing/icons.svg over it")
	}
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range cat.KindIDs() {
		ids = append(ids, KindIcon(k))
	}
	for _, b := range cat.BoundaryIDs() {
		ids = append(ids, BoundaryIcon(b))
	}
	for _, id := range ids {
		svg := IconSVG(id, 4, 6, 16, "#123456")
		if !strings.HasPrefix(svg, `<g transform="translate(4 6) scale(0.8)" fill="none" stroke="#123456"`) || strings.Contains(svg, "currentColor") || !strings.Contains(svg, "<") {
			t.Errorf("%s: %s", id, svg)
		}
	}
	if IconSVG("kind-nothing", 0, 0, 20, "#000") != "" {
		t.Error("an icon for an id the sprite has not")
	}
}
