package library

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
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

// One entry is read once: a manifest naming a file more times than the
// zip holds it (a 142 KB archive naming one 10 MiB design 50 times was 500
// MiB of text), a zip holding a file more times than the manifest names
// it, and two files named library.json (a second one won) are refused.
func TestArchiveNamesOnce(t *testing.T) {
	design := func(id, file string) string {
		return `{"id":"` + id + `","name":"A","created":"2026-12-04T12:00:00Z","changed":"2026-12-04T12:00:00Z","file":"` + file + `"`
	}
	manifest := func(designs ...string) string {
		return `{"schemaVersion":"1","type":"designs-archive","exported":"2026-12-04T12:00:00Z","designs":[` + strings.Join(designs, ",") + `]}`
	}
	one := manifest(design("a", "designs/a.yaml") + "}")
	version := `"versions":[{"at":"2026-12-04T12:00:00Z","why":"edited","nodes":0,"size":0,"summary":"","file":"%s"}]}`
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"two manifests", zipOf(t, "library.json", one, "designs/a.yaml", "nodes: []\n", "library.json", manifest()), "b.zip:library.json: the archive holds 2 files named library.json"},
		{"a design twice, named once", zipOf(t, "library.json", one, "designs/a.yaml", "nodes: []\n", "designs/a.yaml", "nodes: []\n"),
			"b.zip:designs/a.yaml: the archive holds 2 files named designs/a.yaml, and the manifest names it once"},
		{"a design twice, named never", zipOf(t, "library.json", manifest(), "designs/a.yaml", "nodes: []\n", "designs/a.yaml", "nodes: []\n"),
			"the archive holds 2 files named designs/a.yaml, and the manifest names it no times"},
		{"a design twice, named three times", zipOf(t, "library.json", manifest(design("a", "designs/a.yaml")+"}", design("b", "designs/a.yaml")+"}", design("c", "designs/a.yaml")+"}"),
			"designs/a.yaml", "nodes: []\n", "designs/a.yaml", "nodes: []\n"),
			"b.zip:library.json: designs[2].file: the manifest names designs/a.yaml more times than the archive holds it: the archive holds 2 files of that name, taken by designs[0], designs[1]"},
		{"two designs, one file", zipOf(t, "library.json", manifest(design("a", "designs/a.yaml")+"}", design("b", "designs/a.yaml")+"}"), "designs/a.yaml", "nodes: []\n"),
			"b.zip:library.json: designs[1].file: the manifest names designs/a.yaml more times than the archive holds it: the archive holds 1 file of that name, taken by designs[0]"},
		{"two spellings", zipOf(t, "library.json", manifest(design("a", "designs/a.yaml")+"}", design("b", "designs/./a.yaml")+"}"), "designs/a.yaml", "nodes: []\n"),
			"designs[1].file: the manifest names designs/./a.yaml more times than the archive holds it: the archive holds 1 file of that name, taken by designs[0]"},
		{"the manifest as a design", zipOf(t, "library.json", manifest(design("a", "library.json")+"}")), "designs[0].file: library.json is the file of the manifest"},
		{"a version the design", zipOf(t, "library.json", manifest(design("a", "designs/a.yaml")+","+fmt.Sprintf(version, "designs/a.yaml")), "designs/a.yaml", "nodes: []\n"),
			"designs[0].versions[0].file: the manifest names designs/a.yaml more times than the archive holds it: the archive holds 1 file of that name, taken by designs[0]"},
	} {
		t.Run(c.name, func(t *testing.T) { refused(t, c.data, diag.CodeArchive, c.want) })
	}
}

// deflated is a zip of a manifest naming files designs (ids d0, d1…) whose
// file names are given, and one file for each distinct name, every one the
// same text of size bytes (deflated once, stored raw: building a
// benchmark's 500 MiB of text costs one compression).
func deflated(tb testing.TB, files []string, size int) []byte {
	return deflatedHeld(tb, files, size, false)
}

// deflatedHeld is deflated, with a file for each name given when each,
// however often it is given.
func deflatedHeld(tb testing.TB, files []string, size int, each bool) []byte {
	tb.Helper()
	text := bytes.Repeat([]byte("# a line of a design, to make it long\n"), size/38+1)[:size]
	var body bytes.Buffer
	fw, _ := flate.NewWriter(&body, flate.BestSpeed)
	fw.Write(text)
	fw.Close()
	var out bytes.Buffer
	z := zip.NewWriter(&out)
	var designs []string
	written := map[string]bool{}
	for i, f := range files {
		designs = append(designs, fmt.Sprintf(`{"id":"d%d","name":"D","created":"2026-12-04T12:00:00Z","changed":"2026-12-04T12:00:00Z","file":%q}`, i, f))
		if written[f] && !each {
			continue
		}
		written[f] = true
		w, err := z.CreateRaw(&zip.FileHeader{Name: f, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(text),
			CompressedSize64: uint64(body.Len()), UncompressedSize64: uint64(len(text))})
		if err != nil {
			tb.Fatal(err)
		}
		w.Write(body.Bytes())
	}
	w, _ := z.Create(ManifestName)
	fmt.Fprintf(w, `{"schemaVersion":"1","type":"designs-archive","exported":"2026-12-04T12:00:00Z","designs":[%s]}`, strings.Join(designs, ","))
	z.Close()
	return out.Bytes()
}

// BenchmarkReadHostileArchive reads archives built to cost: 3.5 million
// empty entries (a 172 MiB directory; refused before archive/zip reads
// it), as many whose classic end record states 0 (3,473,408 is 53 times
// 65,536; refused after walking 20,001 headers), and a manifest naming one
// 10 MiB design 50 times (a 142 KB archive; refused before any design is
// read), and one holding that design 50 times under one name, named 50
// times (each entry read once and charged: refused past 256 MiB of text, as
// 50 designs would be).
func BenchmarkReadHostileArchive(b *testing.B) {
	same := make([]string, 50)
	for i := range same {
		same[i] = "designs/a.yaml"
	}
	for _, c := range []struct {
		name string
		data func() []byte
	}{
		{"entries=3500000", func() []byte { return directoryOnly(3_500_000, 3_500_000, true) }},
		{"entries=500000", func() []byte { return directoryOnly(500_000, 500_000, true) }},
		{"entries=3473408,stating=0", func() []byte { return directoryOnly(53<<16, 53<<16, false) }},
		{"one-design-named-50-times", func() []byte { return deflated(b, same, catalogue.MaxDesignBytes) }},
		{"one-design-named-20-times", func() []byte { return deflated(b, same[:20], catalogue.MaxDesignBytes) }},
		{"one-design-held-and-named-50-times", func() []byte { return deflatedHeld(b, same, catalogue.MaxDesignBytes, true) }},
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

// Two versions of one millisecond are written as two files, which read
// back: an archive holds each name once.
func TestArchiveVersionsOfOneStamp(t *testing.T) {
	v := SavedVersion{Version: Version{At: t0, Why: WhyEdit}, Text: "nodes: []\n"}
	data := archive(t, []Saved{{Entry: Entry{ID: "a", Name: "A", Created: t0, Changed: t0}, Text: "nodes: []\n", Versions: []SavedVersion{v, v}}})
	back, err := ReadArchive("b.zip", data)
	if err != nil || len(back) != 1 || len(back[0].Versions) != 2 {
		t.Fatalf("read back %+v, %v", back, err)
	}
}

// BenchmarkReadArchiveTextLimit reads 25 designs of 10 MiB that inflate
// from 1 MB: 250 MiB of text, within the limit of 256 MiB in all.
func BenchmarkReadArchiveTextLimit(b *testing.B) {
	files := make([]string, MaxArchiveText/catalogue.MaxDesignBytes-1)
	for i := range files {
		files[i] = fmt.Sprintf("designs/d%d.yaml", i)
	}
	data := deflated(b, files, catalogue.MaxDesignBytes)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if designs, err := ReadArchive("b.zip", data); err != nil || len(designs) != len(files) {
			b.Fatal(err)
		}
	}
}
