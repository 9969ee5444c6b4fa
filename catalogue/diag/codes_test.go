package diag

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The README lists every problem code, in the order codes.go declares them
// (new ones at the end), so that users can rely on the list.
func TestREADMEListsEveryCode(t *testing.T) {
	src, err := os.ReadFile("codes.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, m := range regexp.MustCompile(`Code += "([a-z0-9-]+)"`).FindAllStringSubmatch(string(src), -1) {
		declared = append(declared, m[1])
	}
	_, section, _ := strings.Cut(string(readme), "## Problem codes")
	section, _, _ = strings.Cut(section, "\n## ")
	_, list, _ := strings.Cut(section, "(`catalogue/diag/codes.go`):")
	var listed []string
	for _, m := range regexp.MustCompile("`([a-z0-9-]+)`").FindAllStringSubmatch(list, -1) {
		listed = append(listed, m[1])
	}
	if len(declared) < 40 || !slices.Equal(declared, listed) {
		t.Errorf("codes.go declares\n%v\nthe README lists\n%v", declared, listed)
	}
}
