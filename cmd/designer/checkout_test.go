package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

// The official SARIF 2.1.0 schema (OASIS, sarif-2.1/schema/
// sarif-schema-2.1.0.json, errata 01) as a Go module carries it: the module
// proxy is a registry the tests reach, and the pinned digest makes sure the
// text is the standard's and not whatever the module says today.
const (
	sarifModule       = "github.com/owenrumney/go-sarif/v3@v3.3.1"
	sarifModuleFile   = "pkg/report/v210/sarif/schema.go"
	sarifSchemaSHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"
)

// sarifSchema compiles the official schema, fetched through the Go module
// proxy. Without a network it skips, except in CI.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	out, err := exec.Command("go", "mod", "download", "-json", sarifModule).Output()
	var mod struct{ Dir, Error string }
	if err == nil {
		err = json.Unmarshal(out, &mod)
	}
	if err != nil || mod.Dir == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("download %s: %v %s", sarifModule, err, mod.Error)
		}
		t.Skipf("the SARIF schema is not at hand (%v %s)", err, mod.Error)
	}
	src, err := os.ReadFile(filepath.Join(mod.Dir, sarifModuleFile))
	if err != nil {
		t.Fatal(err)
	}
	first, last := bytes.IndexByte(src, '`'), bytes.LastIndexByte(src, '`')
	if first < 0 || last <= first {
		t.Fatalf("%s: no schema between backquotes", sarifModuleFile)
	}
	text := src[first+1 : last]
	if sum := sha256.Sum256(text); hex.EncodeToString(sum[:]) != sarifSchemaSHA256 {
		t.Fatalf("the schema in %s has sha256 %x, not the pinned %s", sarifModule, sum, sarifSchemaSHA256)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The SARIF fields the tests read.
type sarifOut struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID      string `json:"id"`
					HelpURI string `json:"helpUri"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Locations []struct {
				Physical struct {
					Region *struct {
						StartLine int `json:"startLine"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			Fingerprints map[string]string `json:"partialFingerprints"`
			Suppressions []struct {
				Kind string `json:"kind"`
			} `json:"suppressions"`
			Fixes []struct {
				Description struct {
					Text string `json:"text"`
				} `json:"description"`
				Changes []struct {
					Replacements []struct {
						Deleted struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
							EndLine     int `json:"endLine"`
							EndColumn   int `json:"endColumn"`
						} `json:"deletedRegion"`
						Inserted struct {
							Text string `json:"text"`
						} `json:"insertedContent"`
					} `json:"replacements"`
				} `json:"artifactChanges"`
			} `json:"fixes"`
		} `json:"results"`
	} `json:"runs"`
}

// offset is the byte offset of a 1-based line and column counted in
// characters, as SARIF's unicodeCodePoints column kind says.
func offset(t *testing.T, data []byte, line, col int) int {
	t.Helper()
	at := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[at:], '\n')
		if i < 0 {
			t.Fatalf("no line %d", line)
		}
		at += i + 1
	}
	for c := 1; c < col; c++ {
		_, n := utf8.DecodeRune(data[at:])
		at += n
	}
	return at
}

// On every example, and on designs that are unusable, suppressed or
// fixable, the SARIF output validates against the official schema; each
// result's rule is in the run's rules; and applying a fix's replacements
// to the file makes its finding go away.
func TestSARIF(t *testing.T) {
	schema := sarifSchema(t)
	files, _ := filepath.Glob("../../examples/*.yaml")
	files = append(files,
		writeDesign(t, unusable),
		writeDesign(t, violated),
		writeDesign(t, "nodes:\n  - { id: \"events\", component: \"nats-jetstream\" }\nsuppress:\n  - { rule: stream-durable-acks-need-replicas, node: events, reason: \"a test bench \\\"only\\\"\" }\n"),
	)
	fixes := 0
	for _, file := range files {
		t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
			_, stdout, stderr := designer(t, "check", "-o", "sarif", "--fail-on", "info", file)
			if stderr != "" {
				t.Errorf("stderr: %s", stderr)
			}
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(stdout))
			if err != nil {
				t.Fatal(err)
			}
			if err := schema.Validate(inst); err != nil {
				t.Fatalf("not valid SARIF 2.1.0: %v\n%s", err, stdout)
			}
			var log sarifOut
			if err := json.Unmarshal([]byte(stdout), &log); err != nil {
				t.Fatal(err)
			}
			if len(log.Runs) != 1 {
				t.Fatalf("%d runs, want 1", len(log.Runs))
			}
			run := log.Runs[0]
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			prints := map[string]string{}
			for _, res := range run.Results {
				if fp := res.Fingerprints["designerFinding/v1"]; fp != "" {
					if other, dup := prints[fp]; dup {
						t.Errorf("%s and %s share a fingerprint", other, res.RuleID)
					}
					prints[fp] = res.RuleID
				}
				if rules := run.Tool.Driver.Rules; res.RuleIndex >= len(rules) || rules[res.RuleIndex].ID != res.RuleID {
					t.Errorf("result of %s points at rule %d", res.RuleID, res.RuleIndex)
				}
				if len(res.Locations) != 1 || res.Locations[0].Physical.Region == nil {
					t.Errorf("%s: no region", res.RuleID)
				}
				for _, fix := range res.Fixes {
					fixed := append([]byte(nil), data...)
					reps := fix.Changes[0].Replacements
					for i := len(reps) - 1; i >= 0; i-- { // from the end, so earlier offsets hold
						r := reps[i]
						start := offset(t, data, r.Deleted.StartLine, r.Deleted.StartColumn)
						end := offset(t, data, r.Deleted.EndLine, r.Deleted.EndColumn)
						fixed = append(fixed[:start:start], append([]byte(r.Inserted.Text), fixed[end:]...)...)
					}
					after := writeDesign(t, string(fixed))
					_, out, _ := designer(t, "check", "-o", "sarif", after)
					var again sarifOut
					if err := json.Unmarshal([]byte(out), &again); err != nil {
						t.Fatal(err)
					}
					want := res.Fingerprints["designerFinding/v1"]
					if want == "" {
						t.Fatalf("%s: no fingerprint", res.RuleID)
					}
					for _, r := range again.Runs[0].Results {
						if r.Fingerprints["designerFinding/v1"] == want {
							t.Errorf("fix %q left its finding %s\n%s", fix.Description.Text, res.RuleID, fixed)
						}
					}
					fixes++
				}
			}
		})
	}
	if fixes == 0 {
		t.Error("no finding had a fix to apply")
	}
}

// --fail-on sets the least severity that makes exit 1; a suppressed
// finding never does.
func TestCheckFailOn(t *testing.T) {
	suppressed := "nodes:\n  - { id: \"events\", component: \"nats-jetstream\" }\nsuppress:\n  - { rule: stream-durable-acks-need-replicas, node: events, reason: \"a test bench\" }\n"
	cases := []struct {
		design, failOn string
		code           int
	}{
		{clean, "info", 0},
		{warning, "", 0},
		{warning, "error", 0},
		{warning, "warning", 1},
		{warning, "info", 1},
		{violated, "error", 1},
		{suppressed, "info", 0},
		{unusable, "info", 2},
	}
	for _, tc := range cases {
		args := []string{"check", "-o", "json"}
		if tc.failOn != "" {
			args = append(args, "--fail-on", tc.failOn)
		}
		code, _, stderr := designer(t, append(args, writeDesign(t, tc.design))...)
		if code != tc.code {
			t.Errorf("--fail-on %q on %q: exit %d, want %d (%s)", tc.failOn, tc.design, code, tc.code, stderr)
		}
	}
	code, _, stderr := designer(t, "check", "--fail-on", "critical", writeDesign(t, clean))
	if code != 2 || !strings.Contains(stderr, "--fail-on critical: use error, warning or info") {
		t.Errorf("bad --fail-on: exit %d %q", code, stderr)
	}
}

// The JUnit report is XML with a suite per file and a case per rule: the
// rules broken at --fail-on fail, the others pass, an unusable file has
// one case in error, and the totals add up.
func TestJUnit(t *testing.T) {
	files := []string{writeDesign(t, violated), writeDesign(t, warning), writeDesign(t, unusable), "../../examples/system-pitfalls.yaml"}
	code, stdout, _ := designer(t, append([]string{"check", "-o", "junit", "--fail-on", "warning"}, files...)...)
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	var got junitSuites
	if err := xml.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not XML: %v\n%s", err, stdout)
	}
	if len(got.Suites) != len(files) {
		t.Fatalf("%d suites, want %d", len(got.Suites), len(files))
	}
	failed := func(s junitSuite) []string {
		var ids []string
		for _, c := range s.Cases {
			if c.Failure != nil {
				ids = append(ids, c.Name)
			}
		}
		return ids
	}
	if ids := failed(got.Suites[0]); strings.Join(ids, ",") != "stream-min-insync-within-replication" {
		t.Errorf("violated design fails %v", ids)
	}
	if ids := failed(got.Suites[1]); strings.Join(ids, ",") != "stream-durable-acks-need-replicas" {
		t.Errorf("warning design at --fail-on warning fails %v", ids)
	}
	if s := got.Suites[2]; len(s.Cases) != 1 || s.Cases[0].Name != "load" || s.Cases[0].Error == nil || s.Errors != 1 {
		t.Errorf("unusable design: %+v", s)
	}
	tests, failures := 0, 0
	for _, s := range got.Suites {
		tests += len(s.Cases)
		failures += len(failed(s))
		if s.Tests != len(s.Cases) || s.Failures != len(failed(s)) {
			t.Errorf("%s: counts %d/%d, cases %d/%d", s.Name, s.Tests, s.Failures, len(s.Cases), len(failed(s)))
		}
	}
	if got.Tests != tests || got.Failures != failures {
		t.Errorf("totals %d/%d, want %d/%d", got.Tests, got.Failures, tests, failures)
	}
}

// Workflow commands escape what would end them: a newline or percent in the
// message, a comma or colon in a property.
func TestGitHubAnnotations(t *testing.T) {
	if got := escapeData("50% done\r\nnext: a, b"); got != "50%25 done%0D%0Anext: a, b" {
		t.Errorf("escapeData: %q", got)
	}
	if got := escapeProperty("a,b:c%\n"); got != "a%2Cb%3Ac%25%0A" {
		t.Errorf("escapeProperty: %q", got)
	}
	file := writeDesign(t, violated)
	_, stdout, _ := designer(t, "check", "-o", "github", file)
	want := "::error file=" + escapeProperty(file) + ",line=2,col=91,title=designer%3A stream-min-insync-within-replication::orders: minInsyncReplicas 3 is more than replicationFactor 2"
	if !strings.HasPrefix(stdout, want) {
		t.Errorf("got  %s\nwant %s…", stdout, want)
	}
	if lines := strings.Count(stdout, "\n"); lines != 1 {
		t.Errorf("%d lines, want one annotation:\n%s", lines, stdout)
	}
}

// The markdown summary of the examples with findings matches its golden
// file (-update rewrites it); hostile text cannot break its table.
func TestMarkdown(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*-pitfalls.yaml")
	_, stdout, _ := designer(t, append([]string{"check", "-o", "markdown"}, files...)...)
	stdout = strings.ReplaceAll(stdout, "../../examples/", "examples/")
	matchGolden(t, "testdata/check.md", stdout, "go test ./cmd/designer -run TestMarkdown")
	for in, out := range map[string]string{
		"a|b\n<script>&": `a\|b &lt;script&gt;&amp;`,
	} {
		if got := mdCell(in); got != out {
			t.Errorf("mdCell(%q) = %q, want %q", in, got, out)
		}
	}
	for in, out := range map[string]string{
		"plain":  "`plain`",
		"a`b":    "``a`b``",
		"`x`":    "`` `x` ``",
		"a|b\nc": "`a\\|b c`",
	} {
		if got := mdCode(in); got != out {
			t.Errorf("mdCode(%q) = %q, want %q", in, got, out)
		}
	}
}

// The example GitHub Actions workflow's check step works as GitHub runs it
// (bash -e -o pipefail, with GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files):
// on the examples it writes valid SARIF, annotations and the summary, and
// hands exit 1 to the step that fails the job.
func TestCIWorkflow(t *testing.T) {
	data, err := os.ReadFile("../../examples/ci/design-check.yml")
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Env  map[string]string
		Jobs map[string]struct {
			Steps []struct {
				ID, Name, Run, Uses string
			}
		}
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	var script string
	var uploads bool
	for _, s := range wf.Jobs["check"].Steps {
		if s.ID == "check" {
			script = s.Run
		}
		uploads = uploads || strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@")
	}
	if script == "" || !uploads {
		t.Fatalf("no check step or no SARIF upload in the workflow")
	}
	bin := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "designer"), ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	work := t.TempDir()
	designs := filepath.Join(work, wf.Env["DESIGNS"])
	os.MkdirAll(designs, 0o755)
	examples, _ := filepath.Glob("../../examples/*.yaml")
	for _, f := range examples {
		b, _ := os.ReadFile(f)
		os.WriteFile(filepath.Join(designs, filepath.Base(f)), b, 0o644)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GITHUB_OUTPUT="+filepath.Join(work, "output"), "GITHUB_STEP_SUMMARY="+filepath.Join(work, "summary"))
	for k, v := range wf.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the check step failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "::error file=designs/stream-pitfalls.yaml,line=") {
		t.Errorf("no annotations:\n%s", out)
	}
	output, _ := os.ReadFile(filepath.Join(work, "output"))
	summary, _ := os.ReadFile(filepath.Join(work, "summary"))
	sarif, _ := os.ReadFile(filepath.Join(work, "designer.sarif"))
	if string(output) != "status=1\n" {
		t.Errorf("GITHUB_OUTPUT %q, want status=1 (the pitfalls examples fail)", output)
	}
	if !strings.Contains(string(summary), "| `designs/system-pitfalls.yaml` | fails |") {
		t.Errorf("summary:\n%s", summary)
	}
	var log sarifOut
	if err := json.Unmarshal(sarif, &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Errorf("designer.sarif: %v, %d bytes", err, len(sarif))
	}
}

// BenchmarkSARIFManyFixes writes the SARIF of a design of 5,000 functions
// over their timeout limit, each finding with a fix: the file is read once
// for all of them.
func BenchmarkSARIFManyFixes(b *testing.B) {
	var design strings.Builder
	design.WriteString("nodes:\n")
	for i := range 5000 {
		fmt.Fprintf(&design, "  - { id: \"f%d\", component: \"aws-lambda\", props: { timeoutSeconds: 1000 } }\n", i)
	}
	file := filepath.Join(b.TempDir(), "many.yaml")
	if err := os.WriteFile(file, []byte(design.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		var stdout, stderr bytes.Buffer
		if code := run(sites, []string{"check", "-o", "sarif", file}, &stdout, &stderr); code != 1 || !strings.Contains(stdout.String(), `"fixes"`) {
			b.Fatalf("exit %d %s", code, stderr.String())
		}
	}
}
