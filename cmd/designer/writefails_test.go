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

// So is check's report, in every format, and analyze's.
func TestCheckAndAnalyzeWriteFails(t *testing.T) {
	file := filepath.Join(t.TempDir(), "d.yaml")
	if err := os.WriteFile(file, []byte("nodes:\n  - {id: fn, component: aws-lambda, props: {timeoutSeconds: 9000}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var runs [][]string
	for _, format := range checkFormats {
		runs = append(runs, []string{"check", "-o", format, file})
	}
	runs = append(runs, []string{"analyze", file}, []string{"analyze", "-o", "json", file})
	for _, args := range runs {
		var stderr strings.Builder
		code := run(sites, args, &failingWriter{room: 10}, &stderr)
		if code != exitUnusable || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}

// So is what import, export, render and catalogue page write.
func TestOutputWriteFails(t *testing.T) {
	dir := t.TempDir()
	design := filepath.Join(dir, "d.yaml")
	compose := filepath.Join(dir, "compose.yaml")
	for file, text := range map[string]string{
		design:  "nodes:\n  - {id: fn, component: aws-lambda}\n",
		compose: "services:\n  db: {image: postgres}\n",
	} {
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"import", compose},
		{"export", "-f", "mermaid", design},
		{"render", design},
		{"catalogue", "page", "aws-lambda"},
	} {
		var stderr strings.Builder
		code := run(sites, args, &failingWriter{room: 10}, &stderr)
		if code != exitUnusable || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}
