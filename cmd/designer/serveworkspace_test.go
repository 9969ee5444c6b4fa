package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// serve keeps the workspace in --data: the one local user creates a design
// through the same server as the editor, and SIGTERM shuts the embedded
// NATS server down cleanly.
func TestServeWorkspace(t *testing.T) {
	web := t.TempDir()
	for name, data := range map[string]string{"app.wasm": "wasm", "designer.css": "body{}", "icon.svg": "<svg/>"} {
		if err := os.WriteFile(filepath.Join(web, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeChild$")
	cmd.Env = append(os.Environ(), "DESIGNER_SERVE_CHILD="+strings.Join([]string{"serve", "--addr", "127.0.0.1:0", "--web", web, "--data", data}, "\n"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewReader(stdout)
	var url, said string
	for !strings.Contains(said, "one local user") {
		line, err := lines.ReadString('\n')
		if err != nil {
			t.Fatalf("no address from the server after %q: %v", said, err)
		}
		said += line
		if _, u, ok := strings.Cut(strings.TrimSpace(line), "serving the editor on "); ok {
			url = u
		}
	}
	if !strings.Contains(said, data) {
		t.Errorf("the server did not say how its workspace runs: %q", said)
	}
	body, _ := json.Marshal(map[string]string{"name": "Orders", "design": "nodes:\n  - id: q\n    component: kafka\n"})
	resp, err := http.Post(url+"/api/workspace/designs", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || resp.Header.Get("Content-Security-Policy") == "" {
		t.Errorf("create answered %d with CSP %q", resp.StatusCode, resp.Header.Get("Content-Security-Policy"))
	}
	// The editor's own pages still refuse what they never take.
	resp, err = http.Post(url+"/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST / answered %d", resp.StatusCode)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("the server did not exit cleanly: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Join(data, "jetstream")); len(entries) == 0 {
		t.Errorf("nothing stored under %s/jetstream", data)
	}
}

// Without a way to tell users apart, serve refuses to listen beyond
// loopback, and says what would do.
func TestServeWorkspaceLoopbackOnly(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(sites, []string{"serve", "--addr", "0.0.0.0:0", "--web", t.TempDir(), "--data", t.TempDir()}, &stdout, &stderr)
	if code != exitUnusable || !strings.Contains(stderr.String(), "--auth-header or --jwt-key") {
		t.Errorf("exit %d, %q", code, stderr.String())
	}
	stderr.Reset()
	code = run(sites, []string{"serve", "--auth-header", "X-User", "--web", t.TempDir()}, &stdout, &stderr)
	if code != exitUnusable || !strings.Contains(stderr.String(), "--trusted-proxy") {
		t.Errorf("--auth-header alone: exit %d, %q", code, stderr.String())
	}
}
