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
	compressed := withChunks(plain.Bytes(), "", 0, appendChunk(nil, "iTXt", append([]byte(Keyword+"\x00\x01\x00\x00\x00"), 0x78, 0x9c)))
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

// plainPNG is a small PNG that carries no design.
func plainPNG(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withChunks is png with n empty chunks of type typ, and then extra
// (chunks already framed), put before its IEND chunk.
func withChunks(png []byte, typ string, n int, extra []byte) []byte {
	iend := len(png) - 12
	out := make([]byte, 0, len(png)+12*n+len(extra))
	out = append(out, png[:iend]...)
	empty := appendChunk(nil, typ, nil)
	for range n {
		out = append(out, empty...)
	}
	out = append(out, extra...)
	return append(out, png[iend:]...)
}

// A picture carrying two designs is refused: which one the user meant is
// not for the reader to guess.
func TestTwoDesignsRefused(t *testing.T) {
	withOne, err := EmbedPNG(plainPNG(t), []byte(design))
	if err != nil {
		t.Fatal(err)
	}
	second := appendChunk(nil, "iTXt", []byte(Keyword+"\x00\x00\x00\x00\x00nodes: []\n"))
	svg, _ := EmbedSVG(`<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>`, []byte(design))
	svg2, _ := EmbedSVG(svg, []byte("nodes: []\n"))
	for name, data := range map[string][]byte{
		"PNG": withChunks(withOne, "tEXt", 0, second),
		"SVG": []byte(svg2),
	} {
		t.Run(name, func(t *testing.T) {
			got, err := Design(data)
			if err == nil || !strings.Contains(err.Error(), "two designs") {
				t.Errorf("read %q, %v; want the two designs refused", got, err)
			}
		})
	}
}

// A PNG of more chunks than any editor writes is refused, and reading one
// keeps none of its chunks: 5 million empty chunks took 4.1 s and 450 MB.
func TestPNGChunksBounded(t *testing.T) {
	plain := plainPNG(t)
	own := 0
	walk(plain, func(chunk) error { own++; return nil })
	if _, err := Design(withChunks(plain, "tEXt", MaxChunks-own, nil)); !errors.Is(err, ErrNoDesign) {
		t.Errorf("100,000 chunks: %v; want them read", err)
	}
	if _, err := Design(withChunks(plain, "tEXt", MaxChunks-own+1, nil)); err == nil || !strings.Contains(err.Error(), "more than 100000 chunks (chunk 100001 starts at byte") {
		t.Errorf("100,001 chunks: %v; want them refused, naming the limit", err)
	}
	withDesign, _ := EmbedPNG(plainPNG(t), []byte(design))
	many := withChunks(withDesign, "tEXt", 20_000, nil)
	var got []byte
	var err error
	allocs := testing.AllocsPerRun(1, func() { got, err = Design(many) })
	if err != nil || string(got) != design {
		t.Fatalf("read %q, %v", got, err)
	}
	if allocs > 10 {
		t.Errorf("reading a PNG of 20,000 chunks made %.0f allocations; want a few, whatever the chunks", allocs)
	}
}

// A picture's design is bounded as a design file is (10 MiB), whatever the
// picture's own limit (64 MiB).
func TestPictureDesignBounded(t *testing.T) {
	big := bytes.Repeat([]byte("#"), 10<<20+1)
	pngData, err := EmbedPNG(plainPNG(t), big)
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := EmbedSVG(`<svg xmlns="http://www.w3.org/2000/svg"/>`, big)
	for name, data := range map[string][]byte{"PNG": pngData, "SVG": []byte(svg)} {
		if _, err := Design(data); err == nil || !strings.Contains(err.Error(), "10 MiB") {
			t.Errorf("%s: %v; want the design refused, naming the limit", name, err)
		}
	}
	atLimit := big[1:]
	pngData, _ = EmbedPNG(plainPNG(t), atLimit)
	svg, _ = EmbedSVG(`<svg xmlns="http://www.w3.org/2000/svg"/>`, atLimit)
	for name, data := range map[string][]byte{"PNG": pngData, "SVG": []byte(svg)} {
		if got, err := Design(data); err != nil || len(got) != len(atLimit) {
			t.Errorf("%s at the limit: %d bytes, %v", name, len(got), err)
		}
	}
}

// unescape reads what html.EscapeString writes, up to its limit.
func TestUnescape(t *testing.T) {
	for _, c := range []struct {
		in    string
		limit int
		want  string
		ok    bool
	}{
		{"a &lt;b&gt; &#34;c&#39; &amp;", 100, `a <b> "c' &`, true},
		{"&amp;lt; &amp & &", 100, "&lt; &amp & &", true},
		{"a&amp;b", 3, "a&b", true},
		{"a&amp;bc", 3, "a&bc", false},
		{"abcd", 3, "abcd", false},
		{"abc&", 3, "abc&", false},
		{"", 0, "", true},
	} {
		got, ok := unescape([]byte(c.in), c.limit)
		if string(got) != c.want || ok != c.ok {
			t.Errorf("unescape(%q, %d) = %q, %v; want %q, %v", c.in, c.limit, got, ok, c.want, c.ok)
		}
	}
}

// FuzzDesign: any bytes give a design within the limit or an error, never
// a panic; a design read back embeds again and reads back the same.
func FuzzDesign(f *testing.F) {
	plain := plainPNG(f)
	withOne, _ := EmbedPNG(plain, []byte(design))
	second := appendChunk(nil, "iTXt", []byte(Keyword+"\x00\x00\x00\x00\x00nodes: []\n"))
	svg, _ := EmbedSVG(`<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>`, []byte(design))
	svg2, _ := EmbedSVG(svg, []byte("nodes: []\n"))
	for _, seed := range [][]byte{
		plain, withOne, []byte(svg), []byte(svg2),
		withChunks(withOne, "tEXt", 0, second),  // two designs
		withChunks(withOne, "tEXt", 50, nil),    // many chunks
		withOne[:len(withOne)-20],               // cut short
		[]byte(svg[:len(svg)/2]),                // cut short
		[]byte("\x89PNG\r\n\x1a\n\x00\x00\x00"), // a header only
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Design(data)
		if err != nil {
			return
		}
		if len(got) > 10<<20 {
			t.Fatalf("a design of %d bytes", len(got))
		}
		if p, err := EmbedPNG(plain, got); err != nil {
			t.Fatal(err)
		} else if back, err := Design(p); err != nil || !bytes.Equal(back, got) {
			t.Fatalf("PNG: %q, %v; want %q", back, err, got)
		}
		s, _ := EmbedSVG("<svg/>", got)
		if back, err := Design([]byte(s)); err != nil || !bytes.Equal(back, got) {
			t.Fatalf("SVG: %q, %v; want %q", back, err, got)
		}
	})
}

// BenchmarkDesign reads the design of hostile PNGs: 5 million empty chunks
// (60 MB, refused past the limit on chunks), and a picture at the limits
// (64 MiB: a 10 MiB design among 99,990 chunks of 500 bytes).
func BenchmarkDesign(b *testing.B) {
	withDesign, err := EmbedPNG(plainPNG(b), []byte(design))
	if err != nil {
		b.Fatal(err)
	}
	atLimits, err := EmbedPNG(plainPNG(b), bytes.Repeat([]byte("# a comment line of a design\n"), 10<<20/29))
	if err != nil {
		b.Fatal(err)
	}
	filler := appendChunk(nil, "tEXt", bytes.Repeat([]byte{'x'}, 500))
	atLimits = withChunks(atLimits, "tEXt", 0, bytes.Repeat(filler, 99_990))
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"chunks=5000000", withChunks(withDesign, "tEXt", 5_000_000, nil)},
		{"at-limits", atLimits},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.data)))
			for b.Loop() {
				Design(c.data)
			}
		})
	}
}
