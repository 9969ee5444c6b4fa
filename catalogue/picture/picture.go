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

	"github.com/archdesigner/designer/catalogue"
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

// TooLargeError is a picture, or the design it carries, past a limit: too
// many PNG chunks, a design over a design file's limit.
type TooLargeError struct{ Msg string }

func (e *TooLargeError) Error() string { return e.Msg }

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

// fromSVG reads the design in an SVG's metadata, refusing a second one.
// The file is searched, not parsed: EmbedSVG escapes the design, so the
// metadata's tags occur nowhere else in what the editor writes.
func fromSVG(data []byte) ([]byte, error) {
	start := bytes.Index(data, []byte(svgOpen))
	if start < 0 {
		return nil, ErrNoDesign
	}
	start += len(svgOpen)
	end := bytes.Index(data[start:], []byte(svgClose))
	if end < 0 {
		return nil, errors.New("the picture's design is cut short: the file is incomplete")
	}
	end += start
	if second := bytes.Index(data[end:], []byte(svgOpen)); second >= 0 {
		line := bytes.Count(data[:end+second], []byte("\n")) + 1
		return nil, fmt.Errorf("the picture carries two designs (a second <design> in its metadata on line %d): a picture Export picture drew carries one; export it again", line)
	}
	design, ok := unescape(data[start:end], catalogue.MaxDesignBytes)
	if !ok {
		return nil, tooLarge(fmt.Sprintf("more than %d bytes", len(design)-1))
	}
	return design, nil
}

// unescape undoes html.EscapeString, which is all EmbedSVG writes: the
// html package's UnescapeString would link its table of 2,000 entities,
// 290 KB of app.wasm. Like a strings.Replacer, it reads each entity once
// ("&amp;lt;" is "&lt;"). It stops, not ok, once the text passes limit
// bytes, having kept no more than that.
func unescape(text []byte, limit int) (out []byte, ok bool) {
	out = make([]byte, 0, min(len(text), limit+1))
	for len(out) <= limit {
		i := bytes.IndexByte(text, '&')
		if i < 0 {
			out = append(out, text[:min(len(text), limit+1-len(out))]...)
			return out, len(out) <= limit
		}
		i = min(i, limit+1-len(out))
		out = append(out, text[:i]...)
		if len(out) > limit {
			break
		}
		text = text[i:]
		n := 1
		c := byte('&')
		for _, e := range entities {
			if bytes.HasPrefix(text, []byte(e.escaped)) {
				n, c = len(e.escaped), e.char
				break
			}
		}
		out = append(out, c)
		text = text[n:]
	}
	return out, false
}

// entities are what html.EscapeString writes, and the characters they
// stand for.
var entities = [...]struct {
	escaped string
	char    byte
}{{"&lt;", '<'}, {"&gt;", '>'}, {"&#34;", '"'}, {"&#39;", '\''}, {"&amp;", '&'}}

// EmbedPNG returns png with design in an iTXt chunk before its end,
// replacing a design it carried.
func EmbedPNG(png, design []byte) ([]byte, error) {
	// Uncompressed: a deflate writer would add 280 KB to app.wasm, for a
	// few kilobytes of YAML in a picture of several hundred.
	var text bytes.Buffer
	text.WriteString(Keyword)
	text.Write([]byte{0, 0, 0, 0, 0}) // end of keyword, not compressed, no method, no language, no translated keyword
	text.Write(design)
	out := make([]byte, 0, len(png)+text.Len()+12)
	out = append(out, pngSignature...)
	err := walk(png, func(c chunk) error {
		if c.is("iTXt") && isOurs(c.data) {
			return nil
		}
		if c.is("IEND") {
			out = appendChunk(out, "iTXt", text.Bytes())
		}
		out = appendChunk(out, string(c.typ[:]), c.data)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// fromPNG reads the design of a PNG's iTXt chunk, going on through the
// chunks after it only to check them and to refuse a second design.
func fromPNG(data []byte) ([]byte, error) {
	var design []byte
	found := false
	err := walk(data, func(c chunk) error {
		if !c.is("iTXt") || !isOurs(c.data) {
			return nil
		}
		if found {
			return fmt.Errorf("the picture carries two designs (a second %s chunk at byte %d): a picture Export picture drew carries one; export it again", Keyword, c.at)
		}
		found = true
		var err error
		design, err = chunkDesign(c.data)
		return err
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, ErrNoDesign
	}
	if len(design) > catalogue.MaxDesignBytes {
		return nil, tooLarge(fmt.Sprintf("%d bytes", len(design)))
	}
	return design, nil
}

// chunkDesign is the text of an iTXt chunk of ours.
func chunkDesign(data []byte) ([]byte, error) {
	rest := data[len(Keyword)+1:]
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

// tooLarge refuses a design of size over the limit on a design file: a
// picture may be larger (MaxBytes), the design it carries may not.
func tooLarge(size string) error {
	return &TooLargeError{fmt.Sprintf("the design the picture carries is %s; designs are limited to %d bytes (10 MiB)", size, catalogue.MaxDesignBytes)}
}

func isOurs(data []byte) bool {
	return bytes.HasPrefix(data, []byte(Keyword+"\x00"))
}

// MaxChunks bounds the chunks of a PNG read for its design. An encoder
// writes a few chunks and its pixels in chunks of 8 to 64 KiB (one a row
// at worst), so a picture of the editor's has a few thousand at most;
// 5 million empty ones are a 60 MB file within MaxBytes.
const MaxChunks = 100_000

// chunk is one of a PNG's chunks, a view into the file's bytes: at is
// where its length starts.
type chunk struct {
	typ  [4]byte
	data []byte
	at   int
}

// is reports whether the chunk is of type typ.
func (c chunk) is(typ string) bool { return string(c.typ[:]) == typ }

// walk hands visit a PNG's chunks in order, up to and with IEND, checking
// their lengths and checksums and that there are at most MaxChunks; it
// keeps none, so a PNG of many costs no more memory than one of a few.
// It stops at the first error, visit's or the file's.
func walk(png []byte, visit func(chunk) error) error {
	if !bytes.HasPrefix(png, pngSignature) {
		return errors.New("not a PNG file")
	}
	at := len(pngSignature)
	for n := 0; at < len(png); n++ {
		if n == MaxChunks {
			return &TooLargeError{fmt.Sprintf("the PNG file has more than %d chunks (chunk %d starts at byte %d); pictures are read up to %d chunks, and Export picture writes a few thousand at most", MaxChunks, MaxChunks+1, at, MaxChunks)}
		}
		rest := png[at:]
		if len(rest) < 12 {
			return fmt.Errorf("the PNG file is cut short (at byte %d, in a chunk's header)", at)
		}
		size := binary.BigEndian.Uint32(rest)
		if uint64(size) > uint64(len(rest)-12) {
			return fmt.Errorf("the PNG file is cut short (the chunk at byte %d holds %d bytes; the file ends before)", at, size)
		}
		c := chunk{typ: [4]byte(rest[4:8]), data: rest[8 : 8+size], at: at}
		if crc32.ChecksumIEEE(rest[4:8+size]) != binary.BigEndian.Uint32(rest[8+size:]) {
			return fmt.Errorf("the PNG file is damaged (the checksum of the chunk at byte %d is wrong)", at)
		}
		if err := visit(c); err != nil {
			return err
		}
		at += 12 + int(size)
		if c.is("IEND") {
			return nil
		}
	}
	return errors.New("the PNG file is cut short (no IEND chunk)")
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
