package library

import (
	"archive/zip"
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// archiveOf is two designs, B with a version, each text size bytes (the
// version's 10 more); the
// texts are random letters when incompressible, so that the archive is
// about as large as its text.
func archiveOf(size int, incompressible bool) []Saved {
	text := func(seed uint64) string {
		if !incompressible {
			return strings.Repeat("#\n", size/2)
		}
		r := rand.New(rand.NewPCG(seed, 1))
		b := make([]byte, size)
		for i := range b {
			b[i] = byte('a' + r.IntN(26))
		}
		return string(b)
	}
	return []Saved{
		{Entry: Entry{ID: "a", Name: "A", Created: t0, Changed: t0}, Text: text(1)},
		{Entry: Entry{ID: "b", Name: "B", Created: t0, Changed: t0}, Text: text(2),
			Versions: []SavedVersion{{Version: Version{At: t0, Why: WhyEdit}, Text: text(3) + "# version\n"}}},
	}
}

// WriteArchive does not write an archive that ReadArchive would refuse:
// more files, more text, a larger design or a larger archive than the
// reader takes is an error that says how much there is, the limit, and
// what to do; and at each limit exactly, what is written reads back.
func TestWriteArchiveWithinLimits(t *testing.T) {
	roomy := archiveLimits{bytes: 1 << 20, files: 100, text: 1 << 20, design: 1 << 20}
	var full bytes.Buffer
	if err := writeArchive(&full, archiveOf(200, true), t0, roomy); err != nil {
		t.Fatal(err)
	}
	// What the reader charges: every text, and the manifest's.
	z, _ := readZip(full.Bytes())
	text := 0
	for _, f := range z.File {
		text += int(f.UncompressedSize64)
	}
	for _, c := range []struct {
		name           string
		limits         archiveLimits
		incompressible bool
		want           []string
	}{
		{"files", archiveLimits{bytes: 1 << 20, files: 3, text: 1 << 20, design: 1 << 20}, false,
			[]string{"4 files (2 designs, 1 version and the list of them)", "an archive holds at most 3", "remove old versions"}},
		{"a design", archiveLimits{bytes: 1 << 20, files: 100, text: 1 << 20, design: 150}, false,
			[]string{`"A" is 200 bytes`, "a design in an archive is at most 150 bytes", "export it as a file"}},
		{"a version", archiveLimits{bytes: 1 << 20, files: 100, text: 1 << 20, design: 205}, false,
			[]string{`the version of 2026-12-04 12:00:00 UTC of "B" is 210 bytes`, "at most 205 bytes", "remove that version"}},
		{"text", archiveLimits{bytes: 1 << 20, files: 100, text: text - 1, design: 1 << 20}, true,
			[]string{fmt.Sprintf("%d bytes of text", text), fmt.Sprintf("an archive holds at most %d", text-1), `the largest is "B", 410 bytes with its 1 version`}},
		{"bytes", archiveLimits{bytes: full.Len() - 1, files: 100, text: 1 << 20, design: 1 << 20}, true,
			[]string{fmt.Sprintf("more than %d bytes", full.Len()-1), "what Import designs archive reads", `the largest is "B"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			size := 200
			var out bytes.Buffer
			err := writeArchive(&out, archiveOf(size, c.incompressible), t0, c.limits)
			if err == nil {
				_, rerr := readArchive("b.zip", out.Bytes(), c.limits)
				t.Fatalf("written (%d bytes); the reader says %v", out.Len(), rerr)
			}
			for _, want := range c.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%v\nwant %q", err, want)
				}
			}
		})
	}
	// At the limits exactly, the archive is written and reads back.
	exact := archiveLimits{bytes: full.Len(), files: 4, text: text, design: 210}
	var out bytes.Buffer
	if err := writeArchive(&out, archiveOf(200, true), t0, exact); err != nil {
		t.Fatalf("at the limits: %v", err)
	}
	if back, err := readArchive("b.zip", out.Bytes(), exact); err != nil || len(back) != 2 {
		t.Errorf("at the limits, read back %d designs: %v", len(back), err)
	}
}

func readZip(data []byte) (*zip.Reader, error) {
	return zip.NewReader(bytes.NewReader(data), int64(len(data)))
}
