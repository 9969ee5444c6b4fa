package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A resolution that cannot be written in full (a full disk, a closed pipe)
// is said on stderr with exit 2, as diff's report is.
func TestResolveWriteFails(t *testing.T) {
	file := filepath.Join(t.TempDir(), "d.yaml")
	if err := os.WriteFile(file, []byte("nodes:\n  - {id: fn, component: aws-lambda}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"yaml", "json"} {
		for _, room := range []int{0, 100} {
			var stderr strings.Builder
			code := run(sites, []string{"resolve", "-o", format, file}, &failingWriter{room: room}, &stderr)
			if code != exitUnusable || !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("-o %s, room for %d bytes: exit %d, stderr %q", format, room, code, stderr.String())
			}
		}
	}
}
