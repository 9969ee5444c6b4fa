// Package yamlout writes the scalars of YAML that the designer lays out
// itself. Designs and resolutions have a fixed shape, so their writers emit
// lines directly instead of building a document for a general encoder:
// yaml.v3's emitter keeps its whole event queue, which for a 50,000-node
// design took gigabytes.
package yamlout

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// String appends s as a double-quoted YAML scalar. Printable characters are
// written as they are; quotes, backslashes, line breaks, other control
// characters and the byte order mark are escaped, so that any UTF-8 string
// reads back as itself. A byte that is not UTF-8 is written as U+FFFD.
func String(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c <= 0x7e {
			if c == '"' || c == '\\' {
				b = append(b, '\\')
			}
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = utf8.AppendRune(b, utf8.RuneError)
		case printable(r):
			b = append(b, s[i:i+size]...)
		default:
			b = escape(b, r)
		}
		i += size
	}
	return append(b, '"')
}

// printable reports whether YAML lets r stand unescaped in a double-quoted
// scalar on one line: printable, not a line break, not the byte order mark.
func printable(r rune) bool {
	switch {
	case r == 0x85, r == 0x2028, r == 0x2029, r == 0xfeff:
		return false
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd, r >= 0x10000 && r <= 0x10ffff:
		return true
	}
	return false
}

var shortEscapes = map[rune]byte{
	0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r', 0x1b: 'e',
	0x85: 'N', 0x2028: 'L', 0x2029: 'P',
}

func escape(b []byte, r rune) []byte {
	b = append(b, '\\')
	if c, ok := shortEscapes[r]; ok {
		return append(b, c)
	}
	switch {
	case r <= 0xff:
		return appendHex(append(b, 'x'), uint32(r), 2)
	case r <= 0xffff:
		return appendHex(append(b, 'u'), uint32(r), 4)
	}
	return appendHex(append(b, 'U'), uint32(r), 8)
}

func appendHex(b []byte, v uint32, digits int) []byte {
	for k := (digits - 1) * 4; k >= 0; k -= 4 {
		b = append(b, "0123456789ABCDEF"[(v>>uint(k))&0xf])
	}
	return b
}

// Key appends a mapping key: plain when it is a name of ASCII letters and
// digits that YAML reads as a string, double-quoted otherwise.
func Key(b []byte, key string) []byte {
	if plainKey(key) {
		return append(b, key...)
	}
	return String(b, key)
}

func plainKey(key string) bool {
	if key == "" || !letter(key[0]) {
		return false
	}
	for i := 1; i < len(key); i++ {
		if c := key[i]; !letter(c) && !(c >= '0' && c <= '9') {
			return false
		}
	}
	switch strings.ToLower(key) {
	case "true", "false", "null", "yes", "no", "on", "off", "y", "n":
		return false
	}
	return true
}

func letter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Int appends an integer.
func Int(b []byte, i int64) []byte { return strconv.AppendInt(b, i, 10) }

// Bool appends true or false.
func Bool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// Number appends a finite number: an integer when it is whole, else the
// shortest decimal that reads back as the same float64.
func Number(b []byte, f float64) []byte {
	if f == float64(int64(f)) {
		return strconv.AppendInt(b, int64(f), 10)
	}
	return strconv.AppendFloat(b, f, 'g', -1, 64)
}
