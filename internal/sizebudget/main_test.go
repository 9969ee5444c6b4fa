package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadBudget(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       int64
		err        string
	}{
		{"number", "3600000\n", 3600000, ""},
		{"after comments", "# the budget\n\n  3500000  \n", 3500000, ""},
		{"not a number", "# x\n3.5 MB\n", 0, `:2: "3.5 MB" is not a size`},
		{"zero", "0\n", 0, "is not a size"},
		{"empty", "# nothing\n", 0, "no budget"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "size-budget")
			if err := os.WriteFile(file, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := readBudget(file)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want it to say %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("readBudget = %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}

func TestVerdict(t *testing.T) {
	if _, err := verdict("app.wasm", "b", 1001, 1000); err == nil || !strings.Contains(err.Error(), "over the budget") {
		t.Errorf("over: %v", err)
	}
	if msg, err := verdict("app.wasm", "b", 1000, 1000); err != nil || !strings.Contains(msg, "within the budget") {
		t.Errorf("at: %q, %v", msg, err)
	}
	if msg, err := verdict("app.wasm", "b", 1000, 1000+slack+1); err != nil || !strings.Contains(msg, "lower the budget") {
		t.Errorf("well under: %q, %v", msg, err)
	}
}

// The size is brotli's: repetitive data compresses to far less than its
// length, and the count is that of the compressed bytes.
func TestBrotliSize(t *testing.T) {
	data := []byte(strings.Repeat("designer ", 100000))
	n, err := brotliSize(data)
	if err != nil {
		t.Fatal(err)
	}
	if n <= 0 || n > int64(len(data))/100 {
		t.Fatalf("brotliSize = %d for %d repetitive bytes", n, len(data))
	}
}

func TestCheckMissingFile(t *testing.T) {
	dir := t.TempDir()
	budget := filepath.Join(dir, "size-budget")
	os.WriteFile(budget, []byte("100\n"), 0o644)
	if _, err := check(filepath.Join(dir, "app.wasm"), budget); err == nil {
		t.Fatal("want an error for a missing app.wasm")
	}
}
