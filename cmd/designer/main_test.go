package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/archdesigner/designer/internal/server"
	"gopkg.in/yaml.v3"
)

// designer runs the CLI in-process and returns its exit code and output.
func designer(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(sites, args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeDesign(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "design.yaml")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const (
	clean    = "nodes:\n  - { id: \"orders\", component: \"kafka\", props: { replicationFactor: 3, minInsyncReplicas: 2 } }\n"
	warning  = "nodes:\n  - { id: \"events\", component: \"nats-jetstream\" }\n"
	violated = "nodes:\n  - { id: \"orders\", component: \"kafka\", props: { replicationFactor: 2, minInsyncReplicas: 3 } }\n"
	unusable = "nodes:\n  - { id: \"orders\", component: \"kafak\", props: { acks: \"most\" } }\n  - { id: \"b\", component: \"kafka\", props: { acks: \"most\" } }\n"
)

func TestCheckExitCodes(t *testing.T) {
	cases := []struct {
		name   string
		args   func(t *testing.T) []string
		code   int
		stdout string
		stderr string
	}{
		{"clean design", func(t *testing.T) []string { return []string{"check", writeDesign(t, clean)} }, 0, "", ""},
		{"warnings only", func(t *testing.T) []string { return []string{"check", writeDesign(t, warning)} }, 0, "warning: events: acks quorum with replicationFactor 1", ""},
		{"error violation", func(t *testing.T) []string { return []string{"check", writeDesign(t, violated)} }, 1, ":2:91: error: orders: minInsyncReplicas 3 is more than replicationFactor 2", ""},
		{"unusable design", func(t *testing.T) []string { return []string{"check", writeDesign(t, unusable)} }, 2, "", "unknown component `kafak`; did you mean `kafka`?"},
		{"unusable wins over violations", func(t *testing.T) []string {
			return []string{"check", writeDesign(t, violated), writeDesign(t, unusable)}
		}, 2, "error: orders", "kafak"},
		{"missing file", func(*testing.T) []string { return []string{"check", "no/such/file.yaml"} }, 2, "", "no/such/file.yaml: stat no/such/file.yaml: no such file or directory"},
		{"no file", func(*testing.T) []string { return []string{"check"} }, 2, "", "name at least one design FILE"},
		{"bad format", func(t *testing.T) []string { return []string{"check", "-o", "xml", writeDesign(t, clean)} }, 2, "", "-o xml: use text, json, sarif, junit, github, markdown"},
		{"unknown command", func(*testing.T) []string { return []string{"chekc"} }, 2, "", "unknown command \"chekc\""},
		{"no command", func(*testing.T) []string { return nil }, 2, "", "Usage:"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := designer(t, tc.args(t)...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, stdout, stderr)
			}
			if !strings.Contains(stdout, tc.stdout) || (tc.stdout == "" && stdout != "") {
				t.Errorf("stdout %q, want it to contain %q", stdout, tc.stdout)
			}
			if !strings.Contains(stderr, tc.stderr) || (tc.stderr == "" && stderr != "") {
				t.Errorf("stderr %q, want it to contain %q", stderr, tc.stderr)
			}
		})
	}
}

// All problems of a file are reported, each as file:line:col: message.
func TestCheckReportsEveryProblem(t *testing.T) {
	file := writeDesign(t, unusable)
	_, _, stderr := designer(t, "check", file)
	want := file + ":2:32: nodes[0].component: unknown component `kafak`; did you mean `kafka`?\n" +
		file + ":3:51: nodes[1].props.acks: `most` is not one of none, leader, quorum, all (kind stream, catalogue/kinds/stream.yaml:10:3)\n"
	if stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
	}
}

func TestCheckJSON(t *testing.T) {
	file := writeDesign(t, violated)
	code, stdout, _ := designer(t, "check", file, "-o", "json")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var got struct {
		Files []struct {
			File       string           `json:"file"`
			Violations []map[string]any `json:"violations"`
			Errors     []map[string]any `json:"errors"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(got.Files) != 1 || got.Files[0].File != file || len(got.Files[0].Errors) != 0 {
		t.Fatalf("unexpected %s", stdout)
	}
	v := got.Files[0].Violations[0]
	if v["rule"] != "stream-min-insync-within-replication" || v["severity"] != "error" || v["node"] != "orders" || v["property"] != "minInsyncReplicas" {
		t.Errorf("violation %v", v)
	}
}

// resolve -o json has the documented shape, also for an unusable file.
func TestResolveJSON(t *testing.T) {
	code, stdout, _ := designer(t, "resolve", "-o", "json", writeDesign(t, warning))
	if code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	var got struct {
		File  string `json:"file"`
		Nodes []struct {
			ID         string `json:"id"`
			Component  string `json:"component"`
			Kind       string `json:"kind"`
			Properties map[string]struct {
				Value  any    `json:"value"`
				Source string `json:"source"`
			} `json:"properties"`
		} `json:"nodes"`
		Violations []map[string]any `json:"violations"`
		Errors     []map[string]any `json:"errors"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	n := got.Nodes[0]
	if n.ID != "events" || n.Component != "nats-jetstream" || n.Kind != "stream" || len(n.Properties) != 14 {
		t.Fatalf("node %+v", n)
	}
	if p := n.Properties["acks"]; p.Value != "quorum" || p.Source != "component" {
		t.Errorf("acks = %+v", p)
	}
	if p := n.Properties["partitions"]; p.Value != nil || p.Source != "unset" {
		t.Errorf("partitions = %+v", p)
	}
	if p := n.Properties["replicationFactor"]; p.Value != 1.0 || p.Source != "component" {
		t.Errorf("replicationFactor = %+v", p)
	}
	if len(got.Violations) != 1 || got.Errors == nil {
		t.Errorf("violations %v errors %v", got.Violations, got.Errors)
	}

	code, stdout, _ = designer(t, "resolve", "-o", "json", writeDesign(t, "nodes:\n  - { id: \"a\", component: \"kafak\" }\n"))
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	want := `"errors": [
    {
      "code": "unknown-component",
      "line": 2,
      "column": 27,
      "path": "nodes[0].component",
      "message": "nodes[0].component: unknown component ` + "`kafak`; did you mean `kafka`?" + `"
    }
  ]`
	if !strings.Contains(stdout, want) || !strings.Contains(stdout, `"nodes": []`) {
		t.Errorf("unusable resolve output:\n%s", stdout)
	}
}

// resolve's YAML reads as the same document as its JSON, for a clean design,
// one with violations (of nodes and of an edge) and an unusable one.
func TestResolveYAML(t *testing.T) {
	code, stdout, _ := designer(t, "resolve", writeDesign(t, clean))
	if code != 0 || !strings.Contains(stdout, "    properties:\n      acks:\n        value: \"all\"\n        source: \"component\"\n") {
		t.Errorf("exit %d\n%s", code, stdout)
	}
	for _, file := range []string{writeDesign(t, clean), "../../examples/stream-pitfalls.yaml", "../../examples/architecture-pitfalls.yaml",
		writeDesign(t, "nodes:\n  - { id: \"a\", component: \"kafak\" }\n")} {
		_, asYAML, _ := designer(t, "resolve", file)
		_, asJSON, _ := designer(t, "resolve", "-o", "json", file)
		var fromYAML, fromJSON any
		if err := yaml.Unmarshal([]byte(asYAML), &fromYAML); err != nil {
			t.Fatalf("%s: %v\n%s", file, err, asYAML)
		}
		json.Unmarshal([]byte(asJSON), &fromJSON)
		y, _ := json.Marshal(fromYAML)
		j, _ := json.Marshal(fromJSON)
		if string(y) != string(j) {
			t.Errorf("%s: the YAML differs from the JSON:\n%s\n%s", file, y, j)
		}
	}
}

func TestCatalogueLintAndList(t *testing.T) {
	code, stdout, _ := designer(t, "catalogue", "lint")
	if code != 0 || !regexp.MustCompile(`^catalogue is clean: \d+ kinds, \d+ components, \d+ rules\n$`).MatchString(stdout) {
		t.Errorf("lint: exit %d %q", code, stdout)
	}
	code, stdout, _ = designer(t, "catalogue", "lint", "../../catalogue")
	if code != 0 {
		t.Errorf("lint of the source folder: exit %d %q", code, stdout)
	}
	code, _, stderr := designer(t, "catalogue", "lint", "testdata/bad-overlay")
	if code != 2 || !strings.Contains(stderr, "testdata/bad-overlay/components/broken.yaml:4:7: kind: unknown kind `streem`; did you mean `stream`?") {
		t.Errorf("lint of a bad overlay: exit %d %q", code, stderr)
	}
	code, stdout, _ = designer(t, "catalogue", "list")
	if code != 0 || !regexp.MustCompile(`(?m)^stream +nats-jetstream +default +NATS JetStream$`).MatchString(stdout) {
		t.Errorf("list: exit %d\n%s", code, stdout)
	}
}

// --catalogue overlays an organisation's components and rules.
func TestOverlay(t *testing.T) {
	design := writeDesign(t, "nodes:\n  - { id: \"bus\", component: \"acme-bus\", props: { partitions: 100, minInsyncReplicas: 2 } }\n")
	code, _, stderr := designer(t, "check", design)
	if code != 2 || !strings.Contains(stderr, "unknown component `acme-bus`") {
		t.Errorf("without the overlay: exit %d %q", code, stderr)
	}
	for _, args := range [][]string{
		{"--catalogue", "testdata/overlay", "check", design},
		{"check", "--catalogue=testdata/overlay", design},
	} {
		code, stdout, stderr := designer(t, args...)
		if code != 1 || !strings.Contains(stdout, "error: bus: 100 partitions is more than Acme Bus supports (64). (rule acme-bus-partitions)") {
			t.Errorf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
	code, _, stderr = designer(t, "--catalogue", "testdata/bad-overlay", "check", design)
	if code != 2 || !strings.Contains(stderr, "unknown kind `streem`") {
		t.Errorf("bad overlay: exit %d %q", code, stderr)
	}
}

var update = flag.Bool("update", false, "rewrite the golden files: the examples' .expected and testdata")

// matchGolden compares got with the golden file at path (-update rewrites
// it); rerun says how to rewrite it.
func matchGolden(t *testing.T, path, got, rerun string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs (%s -update):\n%s", path, rerun, got)
	}
}

// Each example design checks as documented: clean, or exactly the
// violations in examples/<name>.expected (and exit 1). -update rewrites the
// .expected files of the examples that have one.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*.yaml")
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			code, stdout, stderr := designer(t, "check", file)
			stdout = strings.ReplaceAll(stdout, "../../examples/", "examples/")
			golden := strings.TrimSuffix(file, ".yaml") + ".expected"
			if _, err := os.Stat(golden); err == nil && *update {
				if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			switch {
			case os.IsNotExist(err):
				if code != 0 || stdout != "" || stderr != "" {
					t.Errorf("exit %d, want a clean check\n%s%s", code, stdout, stderr)
				}
			case err != nil:
				t.Fatal(err)
			default:
				if code != 1 || stdout != string(want) || stderr != "" {
					t.Errorf("exit %d (want 1), output:\n%s%s\nwant:\n%s", code, stdout, stderr, want)
				}
			}
		})
	}
}

// designer check refuses every design of the hostile corpus with exit 2 and
// exactly the expected errors.
func TestCheckHostileCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../catalogue/testdata/hostile/*.yaml")
	for _, file := range files {
		want, _ := os.ReadFile(strings.TrimSuffix(file, ".yaml") + ".err")
		code, stdout, stderr := designer(t, "check", file)
		stderr = strings.ReplaceAll(stderr, filepath.Dir(file)+"/", "")
		if code != 2 || stdout != "" || stderr != string(want) {
			t.Errorf("%s: exit %d\n%s%s\nwant:\n%s", filepath.Base(file), code, stdout, stderr, want)
		}
	}
}

// An invalid overlay stops the server at start with its errors.
func TestServeRefusesBadOverlay(t *testing.T) {
	code, _, stderr := designer(t, "serve", "--catalogue", "testdata/bad-overlay", "--addr", "127.0.0.1:0")
	if code != 2 || !strings.Contains(stderr, "testdata/bad-overlay/components/broken.yaml:4:7: kind: unknown kind `streem`; did you mean `stream`?") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}

// sites is the test process's one set of page routes, as main's.
var sites = &server.Sites{}

func TestMain(m *testing.M) {
	sites.Routes()
	os.Exit(m.Run())
}

// What is not a regular file is refused at once: /dev/zero was read until
// memory ran out, a named pipe waited for ever, a folder is no design.
func TestCheckRefusesSpecialFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{"/dev/zero": "a device", fifo: "a named pipe", t.TempDir(): "a folder"} {
		code, _, stderr := designer(t, "check", file)
		if code != exitUnusable || !strings.Contains(stderr, file+": this is "+want+", not a design file") {
			t.Errorf("%s: exit %d, %q", file, code, stderr)
		}
	}
}

// fix edits the file in place: the values change and every other byte,
// comments and layout included, stays; flow and block styles each get
// their own kind of insertion, and a former property name is renamed.
func TestFix(t *testing.T) {
	src := `# Checkout: hand-written.
nodes:
  # The function.
  - { id: "fn", component: "aws-lambda", props: { maxTimeoutSeconds: 1200 } } # too long
  - id: "jobs"
    component: "oci-streaming"
    props:
      compaction: true   # keep!
  - id: "bare"
    component: "kafka"
    position: { x: 1, y: 2 }
  - { id: "cluster", component: "aws-eks", props: { multiZone: false } }
  - { id: "work", component: "aws-sqs" }
edges: []
suppress:
  - { rule: "limit", node: "jobs", reason: "Migrating next quarter." }
`
	want := `# Checkout: hand-written.
nodes:
  # The function.
  - { id: "fn", component: "aws-lambda", props: { timeoutSeconds: 900 } } # too long
  - id: "jobs"
    component: "oci-streaming"
    props:
      compaction: true   # keep!
  - id: "bare"
    component: "kafka"
    props:
      replicationFactor: 3
      minInsyncReplicas: 2
    position: { x: 1, y: 2 }
  - { id: "cluster", component: "aws-eks", props: { multiZone: true } }
  - { id: "work", component: "aws-sqs", props: { deadLetterQueue: true } }
edges: []
suppress:
  - { rule: "limit", node: "jobs", reason: "Migrating next quarter." }
`
	file := writeDesign(t, src)
	code, stdout, stderr := designer(t, "check", file)
	if code != 1 {
		t.Fatalf("check before: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = designer(t, "fix", file)
	if code != 0 {
		t.Fatalf("fix: exit %d\n%s", code, stderr)
	}
	for _, line := range []string{
		": set timeoutSeconds to 900 on fn (rule limit)\n",
		": set replicationFactor to 3 and minInsyncReplicas to 2 on bare (rule stream-durable-acks-need-replicas)\n",
	} {
		if !strings.Contains(stdout, line) {
			t.Errorf("fix output lacks %q:\n%s", line, stdout)
		}
	}
	got, _ := os.ReadFile(file)
	if string(got) != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", got, want)
	}
	// The suppressed limit is left alone, and nothing else is left to fix.
	if code, stdout, _ := designer(t, "fix", file); code != 0 || !strings.HasSuffix(stdout, ": nothing to fix\n") {
		t.Errorf("second fix: exit %d\n%s", code, stdout)
	}
}

// --rule applies one rule's fixes only; an unknown rule or an unusable file
// is refused and the file left as it was.
func TestFixOneRuleAndRefusals(t *testing.T) {
	src := "nodes:\n  - { id: \"fn\", component: \"aws-lambda\", props: { timeoutSeconds: 1200, memoryMB: 64 } }\n  - { id: \"c\", component: \"aws-eks\", props: { multiZone: false } }\n"
	file := writeDesign(t, src)
	code, stdout, _ := designer(t, "fix", "--rule", "container-platform-single-zone", file)
	got, _ := os.ReadFile(file)
	if code != 0 || !strings.Contains(string(got), "multiZone: true") || !strings.Contains(string(got), "timeoutSeconds: 1200") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("exit %d\n%s\n%s", code, stdout, got)
	}
	for _, args := range [][]string{
		{"fix", "--rule", "no-such-rule", file},
		{"fix", writeDesign(t, "nodes: [{ id: \"a\", component: \"kafak\" }]\n")},
		{"fix"},
	} {
		before, _ := os.ReadFile(args[len(args)-1])
		if code, _, stderr := designer(t, args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d %q", args, code, stderr)
		}
		if after, _ := os.ReadFile(args[len(args)-1]); string(after) != string(before) {
			t.Errorf("%v changed the file", args)
		}
	}
}

// fix keeps what the file is: a design written as JSON stays JSON, CRLF line
// endings stay CRLF, a byte order mark is no trouble, an empty flow props is
// filled, and a change two findings ask for is made once.
func TestFixKeepsTheFilesForm(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"json",
			`{"nodes":[{"id":"cdn","component":"aws-cloudfront"},{"id":"q","component":"aws-sqs","props":{"retentionHours":500}}]}`,
			`{"nodes":[{"id":"cdn","component":"aws-cloudfront", "props": { "httpsOnly": true }},{"id":"q","component":"aws-sqs","props":{"retentionHours":336, "deadLetterQueue": true}}]}`},
		{"crlf",
			"nodes:\r\n  - id: \"cdn\"\r\n    component: \"aws-cloudfront\"\r\n    props:\r\n      managed: true\r\n",
			"nodes:\r\n  - id: \"cdn\"\r\n    component: \"aws-cloudfront\"\r\n    props:\r\n      managed: true\r\n      httpsOnly: true\r\n"},
		{"byte order mark",
			"\uFEFFnodes: [{ id: \"cdn\", component: \"aws-cloudfront\", props: {} }]\n",
			"\uFEFFnodes: [{ id: \"cdn\", component: \"aws-cloudfront\", props: { httpsOnly: true } }]\n"},
		{"one change for two findings",
			"nodes:\n  - { id: \"a\", component: \"aws-lambda\" }\n  - { id: \"b\", component: \"aws-lambda\" }\n  - { id: \"db\", component: \"aws-rds-postgresql\" }\nedges:\n  - { from: \"a\", to: \"db\" }\n  - { from: \"b\", to: \"db\" }\n",
			"nodes:\n  - { id: \"a\", component: \"aws-lambda\" }\n  - { id: \"b\", component: \"aws-lambda\" }\n  - { id: \"db\", component: \"aws-rds-postgresql\", props: { connectionPooling: true } }\nedges:\n  - { from: \"a\", to: \"db\" }\n  - { from: \"b\", to: \"db\" }\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := writeDesign(t, tc.src)
			if code, _, stderr := designer(t, "fix", file); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			got, _ := os.ReadFile(file)
			if string(got) != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			if tc.name == "json" && !json.Valid(got) {
				t.Error("no longer JSON")
			}
		})
	}
}
