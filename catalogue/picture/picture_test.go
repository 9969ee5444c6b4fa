package picture

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"strings"
	"testing"
)

const design = "nodes:\n  - id: \"a\"\n    component: \"kafka\"\nedges: []\nnotes:\n  - text: \"x < y & \\\"]]>\\\"\"\n"

func TestSVGCarriesTheDesign(t *testing.T) {
	svg, err := EmbedSVG(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect/></svg>`, []byte(design))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><metadata>`) || !strings.HasSuffix(svg, "<rect/></svg>") {
		t.Errorf("svg %s", svg)
	}
	if !Is([]byte(svg)) || !Is([]byte("\n<?xml version=\"1.0\"?><svg/>")) || Is([]byte(design)) {
		t.Error("Is")
	}
	got, err := Design([]byte(svg))
	if err != nil || string(got) != design {
		t.Errorf("read back %q, %v", got, err)
	}
	if _, err := Design([]byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)); !errors.Is(err, ErrNoDesign) {
		t.Errorf("a plain SVG: %v", err)
	}
	if _, err := EmbedSVG("<html>", nil); err == nil {
		t.Error("embedded in HTML")
	}
}

func TestPNGCarriesTheDesign(t *testing.T) {
	var plain bytes.Buffer
	png.Encode(&plain, image.NewRGBA(image.Rect(0, 0, 3, 2)))
	if _, err := Design(plain.Bytes()); !errors.Is(err, ErrNoDesign) {
		t.Errorf("a plain PNG: %v", err)
	}
	out, err := EmbedPNG(plain.Bytes(), []byte(design))
	if err != nil {
		t.Fatal(err)
	}
	if img, err := png.Decode(bytes.NewReader(out)); err != nil || img.Bounds().Dx() != 3 {
		t.Fatalf("the picture no longer decodes: %v", err)
	}
	got, err := Design(out)
	if err != nil || string(got) != design {
		t.Errorf("read back %q, %v", got, err)
	}
	// Embedding again replaces the design.
	again, _ := EmbedPNG(out, []byte("nodes: []\n"))
	if got, _ := Design(again); string(got) != "nodes: []\n" || bytes.Count(again, []byte(Keyword)) != 1 {
		t.Errorf("embedded twice: %q", got)
	}
	// A chunk another tool compressed is refused, saying so.
	chunks, _ := split(plain.Bytes())
	compressed := append([]byte(nil), pngSignature...)
	for _, c := range chunks {
		if c.typ == "IEND" {
			compressed = appendChunk(compressed, "iTXt", append([]byte(Keyword+"\x00\x01\x00\x00\x00"), 0x78, 0x9c))
		}
		compressed = appendChunk(compressed, c.typ, c.data)
	}
	if _, err := Design(compressed); err == nil || !strings.Contains(err.Error(), "compressed") {
		t.Errorf("a compressed design chunk: %v", err)
	}
	// Damage is refused, not read.
	for name, bad := range map[string][]byte{
		"cut short": out[:len(out)-20],
		"checksum":  append(append([]byte(nil), out[:40]...), append([]byte{out[40] ^ 0xff}, out[41:]...)...),
		"not a PNG": []byte("\x89PNG\r\n\x1a\nGIF89a"),
	} {
		if _, err := EmbedPNG(bad, nil); err == nil {
			t.Errorf("%s: embedded", name)
		}
		if _, err := Design(bad); err == nil || errors.Is(err, ErrNoDesign) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
