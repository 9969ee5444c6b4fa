package main

import (
	"strings"
	"testing"
)

// designer export writes each format of the core module, and refuses an
// unknown format, a missing file and an unusable design with exit 2.
func TestExport(t *testing.T) {
	design := "../../examples/resilient-orders.yaml"
	for format, start := range map[string]string{
		"mermaid":     "---\ntitle: \"Resilient orders\"\n---\nflowchart LR\n",
		"d2":          "# Resilient orders\ndirection: right\n",
		"structurizr": "workspace \"Resilient orders\"",
		"drawio":      "<mxfile host=\"designer\"",
	} {
		code, stdout, stderr := designer(t, "export", "-f", format, design)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, start) {
			t.Errorf("-f %s: exit %d %q\n%.200s", format, code, stderr, stdout)
		}
	}
	cases := []struct {
		args   []string
		stderr string
	}{
		{[]string{"export", "-f", "visio", design}, `-f "visio": use mermaid, d2, structurizr, drawio`},
		{[]string{"export", design}, `-f "": use mermaid`},
		{[]string{"export", "-f", "d2"}, "name one design FILE"},
		{[]string{"export", "-f", "d2", "no/such.yaml"}, "no such file"},
		{[]string{"export", "-f", "d2", writeDesign(t, unusable)}, "unknown component `kafak`"},
	}
	for _, tc := range cases {
		code, stdout, stderr := designer(t, tc.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%v: exit %d %q, want 2 and %q", tc.args, code, stderr, tc.stderr)
		}
	}
}
