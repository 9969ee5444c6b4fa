package library

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// directoryOnly is a zip of n empty stored files, of its central directory
// and end records only: zip.NewReader reads no more until a file is
// opened. The end record states claimed entries, in ZIP64's end record
// when zip64 (as archive/zip writes past 65,535 files), else in the 16
// bits of the classic one, where a number may lie.
func directoryOnly(n int, claimed uint64, zip64 bool) []byte {
	const header = 46
	b := make([]byte, 0, n*(header+7)+22+76)
	for i := range n {
		name := fmt.Sprintf("%07x", i)
		var h [header]byte
		binary.LittleEndian.PutUint32(h[0:], 0x02014b50)
		binary.LittleEndian.PutUint16(h[4:], 20)
		binary.LittleEndian.PutUint16(h[6:], 20)
		binary.LittleEndian.PutUint16(h[28:], uint16(len(name)))
		b = append(append(b, h[:]...), name...)
	}
	size := uint64(len(b))
	if zip64 {
		end64 := len(b)
		var e [56 + 20]byte
		binary.LittleEndian.PutUint32(e[0:], 0x06064b50)
		binary.LittleEndian.PutUint64(e[4:], 44)
		binary.LittleEndian.PutUint64(e[24:], claimed)
		binary.LittleEndian.PutUint64(e[32:], claimed)
		binary.LittleEndian.PutUint64(e[40:], size)
		binary.LittleEndian.PutUint64(e[48:], 0)
		binary.LittleEndian.PutUint32(e[56:], 0x07064b50)
		binary.LittleEndian.PutUint64(e[64:], uint64(end64))
		binary.LittleEndian.PutUint32(e[72:], 1)
		b = append(b, e[:]...)
	}
	var e [22]byte
	binary.LittleEndian.PutUint32(e[0:], 0x06054b50)
	records, dirSize, dirOffset := uint16(claimed), uint32(size), uint32(0)
	if zip64 {
		records, dirSize, dirOffset = 0xffff, 0xffffffff, 0xffffffff
	}
	binary.LittleEndian.PutUint16(e[8:], records)
	binary.LittleEndian.PutUint16(e[10:], records)
	binary.LittleEndian.PutUint32(e[12:], dirSize)
	binary.LittleEndian.PutUint32(e[16:], dirOffset)
	return append(b, e[:]...)
}

// An archive of more files than the limit is refused from its end
// records and a walk over its directory, before archive/zip builds the
// directory (3.5 million entries cost 960 MB before the refusal), and so
// is one whose classic end record states the count modulo 65,536.
func TestArchiveEntriesCountedFirst(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"ZIP64 stating 30,000", directoryOnly(30_000, 30_000, true), "holds 30000 files"},
		{"stating 30,000", directoryOnly(30_000, 30_000, false), "holds 30000 files"},
		{"stating 3 of 65,539", directoryOnly(65_539, 3, false), "holds more than 20000 files"},
		{"ZIP64 stating 3 of 30,000", directoryOnly(30_000, 3, true), "holds more than 20000 files"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			allocs := testing.AllocsPerRun(1, func() { _, err = ReadArchive("b.zip", c.data) })
			list, ok := err.(catalogue.ErrorList)
			if !ok || list[0].Code != diag.CodeTooLarge || !strings.Contains(list[0].Error(), c.want) {
				t.Fatalf("%v; want too-large, %q", err, c.want)
			}
			if allocs > 50 {
				t.Errorf("%.0f allocations before the refusal; want a few, not one a file", allocs)
			}
		})
	}
	// At the limit, an archive of empty files is read as far as its
	// manifest.
	if _, err := ReadArchive("b.zip", directoryOnly(MaxArchiveFiles, MaxArchiveFiles, false)); err == nil || !strings.Contains(err.Error(), "has no library.json") {
		t.Errorf("20,000 files: %v", err)
	}
}

// BenchmarkReadHostileArchive reads archives built to cost: 3.5 million
// empty entries (a 172 MiB directory; refused before archive/zip reads
// it).
func BenchmarkReadHostileArchive(b *testing.B) {
	for _, c := range []struct {
		name string
		data func() []byte
	}{
		{"entries=3500000", func() []byte { return directoryOnly(3_500_000, 3_500_000, true) }},
		{"entries=500000", func() []byte { return directoryOnly(500_000, 500_000, true) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			data := c.data()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := ReadArchive("b.zip", data); err == nil {
					b.Fatal("read")
				}
			}
		})
	}
}
