package catalogue

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func snapshotOf(t testing.TB) []byte {
	t.Helper()
	snap, err := mustDefault(t).Snapshot(Embedded())
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// A snapshot loads into the same catalogue: every page and the resolution of
// every example design are identical.
func TestSnapshotRoundTrip(t *testing.T) {
	cat := mustDefault(t)
	back, err := LoadSnapshot(snapshotOf(t), Embedded())
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range cat.PagePaths() {
		a, _ := cat.PageFor(path, "https://x.test", nil)
		b, ok := back.PageFor(path, "https://x.test", nil)
		if !ok || a.Markdown() != b.Markdown() {
			t.Errorf("%s differs after a snapshot", path)
		}
	}
	designs, _ := filepath.Glob("../examples/*.yaml")
	rules, _ := filepath.Glob("testdata/rules/*/*.yaml")
	for _, file := range append(designs, rules...) {
		data, _ := os.ReadFile(file)
		d, errs := ParseDesign(file, data)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		want, _ := json.Marshal(cat.Resolve(d))
		got, _ := json.Marshal(back.Resolve(d))
		if string(got) != string(want) {
			t.Errorf("%s resolves differently after a snapshot", file)
		}
	}
}

// A snapshot of other files is refused: it cannot pass for the catalogue.
func TestStaleSnapshotRefused(t *testing.T) {
	snap := snapshotOf(t)
	changed := fstest.MapFS{}
	fs.WalkDir(Embedded(), ".", func(path string, d fs.DirEntry, err error) error {
		if !d.IsDir() {
			b, _ := fs.ReadFile(Embedded(), path)
			changed[path] = &fstest.MapFile{Data: b}
		}
		return nil
	})
	changed["components/kafka.yaml"].Data = append(changed["components/kafka.yaml"].Data, '\n')
	if _, err := LoadSnapshot(snap, changed); err == nil || !strings.Contains(err.Error(), "changed since") {
		t.Errorf("stale snapshot: %v", err)
	}
	if _, err := LoadSnapshot([]byte("not a snapshot"), Embedded()); err == nil {
		t.Error("garbage accepted")
	}
}

// BenchmarkLoadSnapshot is the editor's start-up load, from its snapshot.
func BenchmarkLoadSnapshot(b *testing.B) {
	snap := snapshotOf(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadSnapshot(snap, Embedded()); err != nil {
			b.Fatal(err)
		}
	}
}
