package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// designer diff on each pair in examples/diff/ prints what the golden files
// beside them say, in each format (-update rewrites them), and exits 1.
func TestDiffExamples(t *testing.T) {
	for _, pair := range []string{"orders", "pitfalls"} {
		for format, ext := range map[string]string{"text": ".txt", "markdown": ".md", "json": ".json"} {
			dir := "../../examples/diff/"
			code, stdout, stderr := designer(t, "diff", "-o", format, dir+pair+"-before.yaml", dir+pair+"-after.yaml")
			if code != 1 || stderr != "" {
				t.Errorf("%s -o %s: exit %d, stderr %q", pair, format, code, stderr)
			}
			stdout = strings.ReplaceAll(stdout, dir, "")
			matchGolden(t, dir+pair+ext, stdout, "go test ./cmd/designer -run TestDiffExamples")
			if format == "json" {
				var v struct {
					Changed bool
					Diff    struct{ Nodes []any }
				}
				if err := json.Unmarshal([]byte(stdout), &v); err != nil || !v.Changed || len(v.Diff.Nodes) == 0 {
					t.Errorf("%s json: %v %+v", pair, err, v)
				}
			}
		}
	}
}

func TestDiffExitCodes(t *testing.T) {
	same := writeDesign(t, clean)
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"no change", []string{"diff", same, same}, 0, "No semantic change", ""},
		{"a change", []string{"diff", same, writeDesign(t, violated)}, 1, "replicationFactor: 3 (design) → 2 (design)", ""},
		{"an unusable side", []string{"diff", same, writeDesign(t, unusable)}, 2, "", "unknown component `kafak`"},
		{"a missing file", []string{"diff", same, "no/such.yaml"}, 2, "", "no such file"},
		{"one file", []string{"diff", same}, 2, "", "name the OLD and NEW design files"},
		{"bad format", []string{"diff", "-o", "html", same, same}, 2, "", "-o html: use text, markdown or json"},
		{"--git with two files", []string{"diff", "--git", "HEAD", same, same}, 2, "", "with --git REV, name one FILE"},
		{"--git an option", []string{"diff", "--git", "--output=x", same}, 2, "", "a revision does not start with -"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := designer(t, tc.args...)
			if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) || (tc.stderr == "" && stderr != "") {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, stdout, stderr)
			}
		})
	}
}

// --git REV compares a file with itself at a revision, found from where
// designer runs.
func TestDiffGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is needed: ", err)
	}
	repo := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	os.MkdirAll(filepath.Join(repo, "designs"), 0o755)
	file := filepath.Join(repo, "designs", "orders.yaml")
	os.WriteFile(file, []byte(clean), 0o644)
	git("add", ".")
	git("commit", "-qm", "first")
	os.WriteFile(file, []byte(violated), 0o644)
	t.Chdir(filepath.Join(repo, "designs"))
	code, stdout, stderr := designer(t, "diff", "--git", "HEAD", "orders.yaml")
	if code != 1 || !strings.Contains(stdout, "HEAD:orders.yaml → orders.yaml") || !strings.Contains(stdout, "introduced error: orders") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, _ := designer(t, "diff", "--git", "HEAD", file); code != 1 || !strings.Contains(stdout, "introduced error: orders") {
		t.Errorf("an absolute path: exit %d\n%s", code, stdout)
	}
	code, _, stderr = designer(t, "diff", "--git", "no-such-branch", "orders.yaml")
	if code != 2 || !strings.Contains(stderr, "git show no-such-branch:./orders.yaml") {
		t.Errorf("a bad revision: exit %d %q", code, stderr)
	}
}

// designPair writes an old and a new design, as design makes each, and
// returns their paths.
func designPair(tb testing.TB, design func(new bool) string) (string, string) {
	tb.Helper()
	dir := tb.TempDir()
	var paths [2]string
	for k, name := range []string{"old.yaml", "new.yaml"} {
		paths[k] = filepath.Join(dir, name)
		if err := os.WriteFile(paths[k], []byte(design(k == 1)), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return paths[0], paths[1]
}

// changedDesigns writes an old and a new design of n kafka nodes in a
// chain, every node's acks and replication changed between them, and
// returns their paths.
func changedDesigns(tb testing.TB, n int) (string, string) {
	tb.Helper()
	return designPair(tb, func(new bool) string {
		props := "replicationFactor: 3, acks: all"
		if new {
			props = "replicationFactor: 2, acks: leader"
		}
		var b strings.Builder
		b.WriteString("nodes:\n")
		for i := range n {
			b.WriteString("  - {id: n" + strconv.Itoa(i) + ", component: kafka, props: {" + props + "}}\n")
		}
		b.WriteString("edges:\n")
		for i := 1; i < n; i++ {
			b.WriteString("  - {from: n" + strconv.Itoa(i-1) + ", to: n" + strconv.Itoa(i) + "}\n")
		}
		return b.String()
	})
}

// countingWriter counts the bytes written to it and the writes.
type countingWriter struct{ bytes, writes int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.bytes += len(p)
	w.writes++
	return len(p), nil
}

// diff writes its report in blocks, not a write per line (each a system
// call on a terminal or a pipe), in every format.
func TestDiffWritesInBlocks(t *testing.T) {
	old, new := changedDesigns(t, 1000)
	for _, format := range []string{"text", "markdown", "json"} {
		var w countingWriter
		if code := run(sites, []string{"diff", "-o", format, old, new}, &w, io.Discard); code != exitViolated {
			t.Fatalf("-o %s: exit %d", format, code)
		}
		if most := w.bytes/4096 + 1; w.writes > most {
			t.Errorf("-o %s: %d bytes in %d writes, want at most %d", format, w.bytes, w.writes, most)
		}
	}
}

// failingWriter takes some bytes, then fails every write.
type failingWriter struct{ room int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.room {
		n := w.room
		w.room = 0
		return n, errors.New("no space left on device")
	}
	w.room -= len(p)
	return len(p), nil
}

// A report that could not be written in full is said so on stderr, with
// exit 2, never cut short with the exit status of a complete one.
func TestDiffWriteFails(t *testing.T) {
	old, new := changedDesigns(t, 100)
	for _, format := range []string{"text", "markdown", "json"} {
		for _, room := range []int{0, 100, 5000} {
			var stderr strings.Builder
			code := run(sites, []string{"diff", "-o", format, old, new}, &failingWriter{room: room}, &stderr)
			if code != exitUnusable || !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("-o %s, room for %d bytes: exit %d, stderr %q", format, room, code, stderr.String())
			}
		}
	}
}

// relabelledEdges writes an old and a new design of two nodes joined by n
// parallel edges, every label changed between them, and returns their
// paths.
func relabelledEdges(tb testing.TB, n int) (string, string) {
	tb.Helper()
	return designPair(tb, func(new bool) string {
		label := "l"
		if new {
			label = "m"
		}
		var b strings.Builder
		b.WriteString("nodes:\n  - {id: a, component: aws-lambda}\n  - {id: b, component: aws-dynamodb}\nedges:\n")
		for i := range n {
			b.WriteString("  - {from: a, to: b, label: " + label + strconv.Itoa(i) + "}\n")
		}
		return b.String()
	})
}

// BenchmarkDiffChanged runs designer diff on two designs of 50,000 nodes
// that all changed, in each format, and on two of 50,000 parallel edges
// that were all relabelled, reporting the bytes written and the writes it
// took. It runs under the CLI's soft memory limit, as designer does: a
// diff that holds too much spends its time collecting.
func BenchmarkDiffChanged(b *testing.B) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(memoryLimit))
	old, new := changedDesigns(b, catalogue.MaxNodes)
	oldEdges, newEdges := relabelledEdges(b, catalogue.MaxEdges)
	for _, c := range []struct{ name, format, old, new string }{
		{"nodes/text", "text", old, new}, {"nodes/markdown", "markdown", old, new}, {"nodes/json", "json", old, new},
		{"parallel-edges/text", "text", oldEdges, newEdges},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var w countingWriter
			for b.Loop() {
				w = countingWriter{}
				if code := run(sites, []string{"diff", "-o", c.format, c.old, c.new}, &w, io.Discard); code != exitViolated {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(w.bytes), "out-bytes/op")
			b.ReportMetric(float64(w.writes), "writes/op")
		})
	}
}
