package app

import (
	"encoding/xml"
	"os"
	"testing"
)

// Every kind and boundary of the embedded catalogue has its icon in
// web/icons.svg, and the sprite holds nothing else.
func TestIconsCoverTheCatalogue(t *testing.T) {
	data, err := os.ReadFile("../web/icons.svg")
	if err != nil {
		t.Fatal(err)
	}
	var sprite struct {
		Symbols []struct {
			ID      string `xml:"id,attr"`
			ViewBox string `xml:"viewBox,attr"`
		} `xml:"defs>symbol"`
	}
	if err := xml.Unmarshal(data, &sprite); err != nil {
		t.Fatalf("web/icons.svg: %v", err)
	}
	have := map[string]bool{}
	for _, s := range sprite.Symbols {
		if s.ViewBox != "0 0 20 20" {
			t.Errorf("%s: viewBox %q, want 0 0 20 20", s.ID, s.ViewBox)
		}
		have[s.ID] = true
	}
	cat := mustEmbedded(t)
	want := map[string]bool{}
	for _, k := range cat.KindIDs() {
		want[kindIcon(k)] = true
	}
	for _, b := range cat.BoundaryIDs() {
		want[boundaryIcon(b)] = true
	}
	for id := range want {
		if !have[id] {
			t.Errorf("web/icons.svg has no symbol %q", id)
		}
	}
	for id := range have {
		if !want[id] {
			t.Errorf("web/icons.svg has %q, which no kind or boundary uses", id)
		}
	}
}
