// Package picture carries a design inside the pictures drawn of it, as
// draw.io does with its editable PNG and SVG: an SVG holds the design's
// YAML in its metadata, a PNG in an iTXt chunk. Import reads either back to
// the design, exactly. The package is pure: it neither draws nor decodes
// pixels.
package picture

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"html"
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
)

// Keyword names the design in a PNG's iTXt chunk and the SVG metadata's
// element.
const Keyword = "designer.design"

// svgOpen and svgClose wrap the design in an SVG's metadata. The YAML is
// escaped as XML text (a CDATA section would end at the first "]]>" a
// label may hold).
const (
	svgOpen  = `<metadata><design xmlns="urn:archdesigner:design" type="application/yaml">`
	svgClose = `</design></metadata>`
)

// ErrNoDesign says a picture carries no design: drawn by another tool, or
// its metadata removed by an editor.
var ErrNoDesign = errors.New("the picture carries no design: only pictures exported by this editor's Export picture do (an image editor may also have removed it)")

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// Is reports whether data looks like a picture (a PNG or an SVG), not a
// design.
func Is(data []byte) bool {
	if bytes.HasPrefix(data, pngSignature) {
		return true
	}
	head := bytes.TrimLeft(data[:min(len(data), 512)], " \t\r\n\ufeff")
	return bytes.HasPrefix(head, []byte("<svg")) || bytes.HasPrefix(head, []byte("<?xml"))
}

// Design returns the design a picture carries, or ErrNoDesign, or why the
// picture cannot be read.
func Design(data []byte) ([]byte, error) {
	if bytes.HasPrefix(data, pngSignature) {
		return fromPNG(data)
	}
	return fromSVG(data)
}

// EmbedSVG puts design into svg's metadata, right after the root element's
// start tag; svg must start with "<svg".
func EmbedSVG(svg string, design []byte) (string, error) {
	end := strings.IndexByte(svg, '>')
	if !strings.HasPrefix(svg, "<svg") || end < 0 {
		return "", errors.New("not an SVG document")
	}
	return svg[:end+1] + svgOpen + html.EscapeString(string(design)) + svgClose + svg[end+1:], nil
}

func fromSVG(data []byte) ([]byte, error) {
	s := string(data)
	start := strings.Index(s, svgOpen)
	if start < 0 {
		return nil, ErrNoDesign
	}
	rest := s[start+len(svgOpen):]
	end := strings.Index(rest, svgClose)
	if end < 0 {
		return nil, errors.New("the picture's design is cut short: the file is incomplete")
	}
	return []byte(unescaper.Replace(rest[:end])), nil
}

// unescaper undoes html.EscapeString, which is all EmbedSVG writes: the
// html package's UnescapeString would link its table of 2,000 entities,
// 290 KB of app.wasm.
var unescaper = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&amp;", "&")

// EmbedPNG returns png with design in an iTXt chunk before its end,
// replacing a design it carried.
func EmbedPNG(png, design []byte) ([]byte, error) {
	chunks, err := split(png)
	if err != nil {
		return nil, err
	}
	// Uncompressed: a deflate writer would add 280 KB to app.wasm, for a
	// few kilobytes of YAML in a picture of several hundred.
	var text bytes.Buffer
	text.WriteString(Keyword)
	text.Write([]byte{0, 0, 0, 0, 0}) // end of keyword, not compressed, no method, no language, no translated keyword
	text.Write(design)
	out := append([]byte(nil), pngSignature...)
	for _, c := range chunks {
		if c.typ == "iTXt" && isOurs(c.data) {
			continue
		}
		if c.typ == "IEND" {
			out = appendChunk(out, "iTXt", text.Bytes())
		}
		out = appendChunk(out, c.typ, c.data)
	}
	return out, nil
}

func fromPNG(data []byte) ([]byte, error) {
	chunks, err := split(data)
	if err != nil {
		return nil, err
	}
	for _, c := range chunks {
		if c.typ != "iTXt" || !isOurs(c.data) {
			continue
		}
		rest := c.data[len(Keyword)+1:]
		if len(rest) < 2 {
			return nil, errors.New("the picture's design chunk is damaged")
		}
		compressed := rest[0] == 1
		rest = rest[2:]
		// Skip the language tag and the translated keyword.
		for range 2 {
			i := bytes.IndexByte(rest, 0)
			if i < 0 {
				return nil, errors.New("the picture's design chunk is damaged")
			}
			rest = rest[i+1:]
		}
		if compressed {
			// EmbedPNG never compresses (see there): another tool rewrote
			// the chunk.
			return nil, errors.New("the picture's design chunk is compressed, which this editor does not write: export the picture again")
		}
		return rest, nil
	}
	return nil, ErrNoDesign
}

func isOurs(data []byte) bool {
	return bytes.HasPrefix(data, []byte(Keyword+"\x00"))
}

type chunk struct {
	typ  string
	data []byte
}

// split reads a PNG's chunks, checking their lengths and checksums.
func split(png []byte) ([]chunk, error) {
	if !bytes.HasPrefix(png, pngSignature) {
		return nil, errors.New("not a PNG file")
	}
	var out []chunk
	for rest := png[len(pngSignature):]; len(rest) > 0; {
		if len(rest) < 12 {
			return nil, errors.New("the PNG file is cut short")
		}
		n := binary.BigEndian.Uint32(rest)
		if uint64(n) > uint64(len(rest)-12) {
			return nil, errors.New("the PNG file is cut short")
		}
		typ, data := string(rest[4:8]), rest[8:8+n]
		if crc32.ChecksumIEEE(rest[4:8+n]) != binary.BigEndian.Uint32(rest[8+n:]) {
			return nil, errors.New("the PNG file is damaged (a chunk's checksum is wrong)")
		}
		out = append(out, chunk{typ, data})
		rest = rest[12+n:]
		if typ == "IEND" {
			break
		}
	}
	if len(out) == 0 || out[len(out)-1].typ != "IEND" {
		return nil, errors.New("the PNG file is cut short (no IEND chunk)")
	}
	return out, nil
}

func appendChunk(b []byte, typ string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	start := len(b)
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// MaxBytes bounds a picture read for the design it carries: the design in
// it is bounded as any (10 MiB), and a PNG of it at twice the size may be
// several times that.
const MaxBytes = 64 << 20

// Named reports whether a file's name is a picture's (.svg, .png).
func Named(name string) bool {
	name = strings.ToLower(name)
	return strings.HasSuffix(name, ".svg") || strings.HasSuffix(name, ".png")
}

// SizeError says why a picture of size bytes is refused, or nil.
func SizeError(name string, size int64) *diag.Error {
	if size <= MaxBytes {
		return nil
	}
	return &diag.Error{Pos: diag.Pos{File: name, Line: 1, Column: 1}, Code: diag.CodeTooLarge, Msg: fmt.Sprintf("the picture is %d bytes; pictures are read up to %d bytes (64 MiB)", size, MaxBytes)}
}
