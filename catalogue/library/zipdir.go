package library

import "encoding/binary"

// The records of a zip file that say where its directory is and how many
// files it lists (APPNOTE.TXT, sections 4.3.12 to 4.3.16).
const (
	dirHeaderSig = 0x02014b50 // a central directory header
	dirHeaderLen = 46         // before its name, extra field and comment
	endSig       = 0x06054b50 // the end of central directory record
	endLen       = 22         // before its comment
	end64LocSig  = 0x07064b50 // the ZIP64 end record's locator, before the end record
	end64LocLen  = 20
	end64Sig     = 0x06064b50 // the ZIP64 end of central directory record
	end64Len     = 56
)

// zipEntries counts a zip file's entries without building its directory,
// so that an archive of millions is refused before zip.NewReader makes a
// File of each. It finds the end records as archive/zip does (the last
// 1 KiB, then the last 65 KiB; the ZIP64 record when the classic one says
// so) and returns the count they state and the headers found walking the
// directory from its start, as archive/zip reads them (until one is not a
// header), counted to at most limit+1: the classic record holds the count
// in 16 bits, which archive/zip compares only modulo 65,536, so the walk is
// what bounds it. ok is false when the records cannot be found; then
// zip.NewReader refuses the file and says why.
func zipEntries(data []byte, limit int) (stated uint64, walked int, ok bool) {
	le := binary.LittleEndian
	end := -1
	for _, n := range []int{1024, 65 * 1024} {
		n = min(n, len(data))
		if p := findEnd(data[len(data)-n:]); p >= 0 {
			end = len(data) - n + p
			break
		}
		if n == len(data) {
			break
		}
	}
	if end < 0 {
		return 0, 0, false
	}
	e := data[end:]
	stated = uint64(le.Uint16(e[10:]))
	size, offset := uint64(le.Uint32(e[12:])), uint64(le.Uint32(e[16:]))
	if stated == 0xffff || size == 0xffff || offset == 0xffffffff { // as archive/zip tests it
		if loc := end - end64LocLen; loc >= 0 && le.Uint32(data[loc:]) == end64LocSig &&
			le.Uint32(data[loc+4:]) == 0 && le.Uint32(data[loc+16:]) == 1 {
			p := le.Uint64(data[loc+8:])
			if len(data) < end64Len || p > uint64(len(data)-end64Len) || le.Uint32(data[p:]) != end64Sig {
				return 0, 0, false
			}
			r := data[p:]
			stated, size, offset = le.Uint64(r[32:]), le.Uint64(r[40:]), le.Uint64(r[48:])
			end = int(p)
		}
	}
	if size > 1<<62 || offset > 1<<62 {
		return 0, 0, false
	}
	// Data before the archive (a self-extracting program) moves it: the
	// directory is where the records say, less what precedes it, unless a
	// header sits where they say.
	base := int64(end) - int64(size) - int64(offset)
	start := base + int64(offset)
	if start < 0 || start >= int64(len(data)) {
		return 0, 0, false
	}
	if base > 0 && offset < uint64(len(data)) && header(data[offset:]) > 0 {
		start = int64(offset)
	}
	for at := int(start); walked <= limit; walked++ {
		n := header(data[at:])
		if n == 0 {
			break
		}
		at += n
	}
	return stated, walked, true
}

// findEnd is where the end record starts in the block of a file's end, or
// -1: the last signature whose comment fits in the block.
func findEnd(b []byte) int {
	for i := len(b) - endLen; i >= 0; i-- {
		if binary.LittleEndian.Uint32(b[i:]) == endSig {
			if i+endLen+int(binary.LittleEndian.Uint16(b[i+endLen-2:])) > len(b) {
				return -1
			}
			return i
		}
	}
	return -1
}

// header is the length of the directory header b starts with, or 0.
func header(b []byte) int {
	if len(b) < dirHeaderLen || binary.LittleEndian.Uint32(b) != dirHeaderSig {
		return 0
	}
	n := dirHeaderLen + int(binary.LittleEndian.Uint16(b[28:])) + int(binary.LittleEndian.Uint16(b[30:])) + int(binary.LittleEndian.Uint16(b[32:]))
	if n > len(b) {
		return 0
	}
	return n
}
