package library

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

func archive(t *testing.T, designs []Saved) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteArchive(&b, designs, t0); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// zipOf is a zip of the files given (name, text, name, text…).
func zipOf(t testing.TB, files ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for i := 0; i < len(files); i += 2 {
		w, _ := z.Create(files[i])
		w.Write([]byte(files[i+1]))
	}
	z.Close()
	return b.Bytes()
}

// An archive reads back to the designs and versions written, under names
// that are files any tool opens.
func TestArchiveRoundTrip(t *testing.T) {
	designs := []Saved{
		{Entry: Entry{ID: FirstID, Name: "Orders", Created: t0, Changed: t0.Add(time.Hour), DesignID: "orders"}, Text: "nodes: []\n",
			Versions: []SavedVersion{{Version: Version{At: t0, Why: WhyImport, Nodes: 0, Size: 10, Summary: "imported"}, Text: "nodes: []\n"}}},
		{Entry: Entry{ID: "abc", Name: "orders", Created: t0, Changed: t0}, Text: "nodes:\n  - { id: k, component: kafka }\n"},
		{Entry: Entry{ID: "def", Name: "../../etc/ü", Created: t0, Changed: t0}, Text: "nodes: []\n"},
	}
	data := archive(t, designs)
	z, _ := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	var files []string
	for _, f := range z.File {
		files = append(files, f.Name)
	}
	if got := strings.Join(files, " "); got != "designs/orders.yaml versions/orders/"+designs[0].Versions[0].Stamp()+".yaml designs/orders-2.yaml designs/etc.yaml library.json" {
		t.Errorf("files: %s", got)
	}
	back, err := ReadArchive("backup.zip", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 3 || back[0].Entry != designs[0].Entry || back[1].Text != designs[1].Text || back[0].Versions[0].Version != designs[0].Versions[0].Version ||
		back[0].Versions[0].Text != "nodes: []\n" || back[2].Entry.Name != "../../etc/ü" {
		t.Errorf("read back %+v", back)
	}
	empty, err := ReadArchive("empty.zip", archive(t, nil))
	if err != nil || len(empty) != 0 {
		t.Errorf("empty archive: %v %v", empty, err)
	}
}

// A damaged or hostile archive is refused whole, with where and why.
func TestArchiveRefused(t *testing.T) {
	good := `{"schemaVersion":"1","type":"designs-archive","exported":"2026-12-04T12:00:00Z","designs":[{"id":"a","name":"A","created":"2026-12-04T12:00:00Z","changed":"2026-12-04T12:00:00Z","file":"designs/a.yaml"}]}`
	bomb := strings.Repeat("x", catalogue.MaxDesignBytes+1)
	for _, c := range []struct {
		name string
		data []byte
		code diag.Code
		want string
	}{
		{"not a zip", []byte("nodes: []\n"), diag.CodeArchive, "b.zip: not a designs archive"},
		{"no manifest", zipOf(t, "designs/a.yaml", "nodes: []\n"), diag.CodeArchive, "it has no library.json"},
		{"bad JSON", zipOf(t, "library.json", "{\n  \"designs\": [,]\n}"), diag.CodeArchive, "b.zip:library.json:2:15: the manifest is damaged"},
		{"unknown field", zipOf(t, "library.json", `{"extra":1}`), diag.CodeArchive, "unknown field"},
		{"wrong type", zipOf(t, "library.json", `{"schemaVersion":"1","type":"design","designs":[]}`), diag.CodeWrongFileType, `type is "design"`},
		{"newer version", zipOf(t, "library.json", `{"schemaVersion":"2","type":"designs-archive","designs":[]}`), diag.CodeUnsupportedVer, `schemaVersion "2"`},
		{"missing design", zipOf(t, "library.json", good), diag.CodeArchive, "b.zip:designs/a.yaml: the manifest names designs/a.yaml"},
		{"bad id", zipOf(t, "library.json", strings.Replace(good, `"id":"a"`, `"id":"A/.."`, 1), "designs/a.yaml", "x"), diag.CodeArchive, "designs[0]: needs an id"},
		{"not text", zipOf(t, "library.json", good, "designs/a.yaml", "\xff\xfe"), diag.CodeNotUTF8, "b.zip:designs/a.yaml: is not UTF-8"},
		{"inflates too far", zipOf(t, "library.json", good, "designs/a.yaml", bomb), diag.CodeTooLarge, "inflates to 10485761 bytes, more than the 10485760"},
		{"too large", make([]byte, MaxArchiveBytes+1), diag.CodeTooLarge, "archives are limited"},
		{"wrong type", zipOf(t, "library.json", "{\n  \"schemaVersion\": 1}"), diag.CodeArchive, "b.zip:library.json:2:20: the manifest is damaged"},
		{"wrong type, a string", zipOf(t, "library.json", "{\n  \"designs\": \"a \\\" b\"}"), diag.CodeArchive, "b.zip:library.json:2:14: the manifest is damaged"},
		{"missing version", zipOf(t, "library.json", strings.Replace(good, `"file":"designs/a.yaml"`, `"file":"designs/a.yaml","versions":[{"at":"2026-12-04T12:00:00Z","why":"edited","nodes":0,"size":0,"summary":"","file":"versions/a/1.yaml"}]`, 1), "designs/a.yaml", "nodes: []\n"), diag.CodeArchive, "b.zip:versions/a/1.yaml: the manifest names"},
		{"one id twice", zipOf(t, "library.json", strings.Replace(good, `]}`, `,{"id":"a","name":"B","created":"2026-12-04T12:00:00Z","changed":"2026-12-04T12:00:00Z","file":"designs/b.yaml"}]}`, 1), "designs/a.yaml", "nodes: []\n", "designs/b.yaml", "nodes: []\n"), diag.CodeArchive, `"a" is the id of an earlier design`},
	} {
		t.Run(c.name, func(t *testing.T) { refused(t, c.data, c.code, c.want) })
	}
}

// refused checks that ReadArchive refuses data, its first problem of code
// and holding want.
func refused(t *testing.T, data []byte, code diag.Code, want string) {
	t.Helper()
	got, err := ReadArchive("b.zip", data)
	list, ok := err.(catalogue.ErrorList)
	if !ok || got != nil {
		t.Fatalf("got %v, %v", got, err)
	}
	if list[0].Code != code || !strings.Contains(list[0].Error(), want) {
		t.Errorf("%s (%s), want %s containing %q", list[0].Error(), list[0].Code, code, want)
	}
}

// BenchmarkArchive writes and reads back an archive of 20 designs of 1,000
// nodes with 5 versions each: 120 design files of 72 KB, 8.7 MB in all.
func BenchmarkArchive(b *testing.B) {
	var text strings.Builder
	text.WriteString("nodes:\n")
	for i := range 1000 {
		fmt.Fprintf(&text, "  - { id: \"n-%d\", component: \"stream\", position: { x: %d, y: %d } }\n", i, i%40*220, i/40*120)
	}
	var designs []Saved
	for d := range 20 {
		s := Saved{Entry: Entry{ID: fmt.Sprintf("d%d", d), Name: fmt.Sprintf("Design %d", d), Created: t0, Changed: t0}, Text: text.String()}
		for v := range 5 {
			s.Versions = append(s.Versions, SavedVersion{Version: Version{At: t0.Add(time.Duration(v) * time.Hour), Why: WhyEdit, Size: text.Len()}, Text: text.String()})
		}
		designs = append(designs, s)
	}
	b.ReportAllocs()
	for b.Loop() {
		var out bytes.Buffer
		if err := WriteArchive(&out, designs, t0); err != nil {
			b.Fatal(err)
		}
		back, err := ReadArchive("b.zip", out.Bytes())
		if err != nil || len(back) != 20 {
			b.Fatal(err)
		}
	}
}

// FuzzReadArchive: any bytes are read back or refused with problems that
// name the archive, never a panic, under the limits and under small ones
// (which the seeds of many files, one file named twice, two manifests…
// pass or reach); what reads back is within them, and writes again.
func FuzzReadArchive(f *testing.F) {
	var good bytes.Buffer
	WriteArchive(&good, []Saved{{Entry: Entry{ID: "a", Name: "A", Created: t0, Changed: t0}, Text: "nodes: []\n",
		Versions: []SavedVersion{{Version: Version{At: t0, Why: WhyEdit}, Text: "nodes: []\n"}}}}, t0)
	f.Add(good.Bytes())
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte{})
	design := func(id, file string) string {
		return `{"id":"` + id + `","name":"A","created":"2026-12-04T12:00:00Z","changed":"2026-12-04T12:00:00Z","file":"` + file + `"}`
	}
	manifest := func(designs ...string) string {
		return `{"schemaVersion":"1","type":"designs-archive","exported":"2026-12-04T12:00:00Z","designs":[` + strings.Join(designs, ",") + `]}`
	}
	one := manifest(design("a", "designs/a.yaml"))
	for _, seed := range [][]byte{
		directoryOnly(12, 12, false), // more files than the small limit
		directoryOnly(12, 12, true),  // the same, ZIP64
		directoryOnly(12, 3, false),  // an end record stating fewer
		zipOf(f, "library.json", one, "designs/a.yaml", "nodes: []\n", "library.json", manifest()),                                          // two manifests
		zipOf(f, "library.json", one, "designs/a.yaml", "x", "designs/a.yaml", "y"),                                                         // a design twice
		zipOf(f, "library.json", manifest(design("a", "designs/a.yaml"), design("b", "designs/./a.yaml")), "designs/a.yaml", "nodes: []\n"), // one file named twice
		zipOf(f, "library.json", manifest(design("a", "library.json"))),                                                                     // the manifest as a design
		zipOf(f, "library.json", one, "designs/a.yaml", strings.Repeat("#\n", 600)),                                                         // over the small limit of a design
	} {
		f.Add(seed)
	}
	small := archiveLimits{bytes: 1 << 20, files: 8, text: 4096, design: 1024}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, limits := range []archiveLimits{small, {bytes: MaxArchiveBytes, files: MaxArchiveFiles, text: MaxArchiveText, design: catalogue.MaxDesignBytes}} {
			designs, err := readArchive("f.zip", data, limits)
			if err != nil {
				list, ok := err.(catalogue.ErrorList)
				if !ok || len(list) == 0 || !strings.HasPrefix(list[0].Pos.File, "f.zip") {
					t.Fatalf("not a list of problems in f.zip: %v", err)
				}
				continue
			}
			total := 0
			for _, d := range designs {
				total += len(d.Text)
				for _, v := range d.Versions {
					total += len(v.Text)
				}
			}
			if total > limits.text {
				t.Fatalf("%d bytes of text read, over %d", total, limits.text)
			}
			var out bytes.Buffer
			if err := WriteArchive(&out, designs, t0); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadArchive("g.zip", out.Bytes()); err != nil {
				t.Fatalf("an archive read back does not read again: %v", err)
			}
		}
	})
}

// The limits on files and on the text they inflate to, made small.
func TestArchiveLimits(t *testing.T) {
	data := archive(t, []Saved{
		{Entry: Entry{ID: "a", Name: "A", Created: t0, Changed: t0}, Text: strings.Repeat("#\n", 100)},
		{Entry: Entry{ID: "b", Name: "B", Created: t0, Changed: t0}, Text: strings.Repeat("#\n", 100),
			Versions: []SavedVersion{{Version: Version{At: t0, Size: 1}, Text: "nodes: []\n"}}},
	})
	for _, c := range []struct {
		limits archiveLimits
		want   string
	}{
		{archiveLimits{bytes: 1 << 20, files: 3, text: 1 << 20, design: 1 << 20}, "holds 4 files; archives are limited to 3"},
		{archiveLimits{bytes: 1 << 20, files: 10, text: 900, design: 1 << 20}, "b.zip:designs/b.yaml: inflates to 200 bytes, more than the 35 left of the 900 bytes of text"},
		{archiveLimits{bytes: 1 << 20, files: 10, text: 1 << 20, design: 150}, "150 bytes a design"},
	} {
		_, err := readArchive("b.zip", data, c.limits)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.limits, err, c.want)
		}
	}
	back, err := ReadArchive("b.zip", data)
	if err != nil || back[1].Versions[0].Size != len("nodes: []\n") {
		t.Errorf("a version's size is not its text's: %v %+v", err, back)
	}
}
