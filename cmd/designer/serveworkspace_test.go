package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/archdesigner/designer/catalogue"
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

// --jwt-audience and --jwt-issuer reach the workspace: a token without
// them is refused with the reason, one with them is served; without
// --jwt-key they are refused as flags.
func TestServeWorkspaceTokenParties(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	key := filepath.Join(t.TempDir(), "jwt.secret")
	if err := os.WriteFile(key, secret, 0o600); err != nil {
		t.Fatal(err)
	}
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	w := &serveWorkspace{data: t.TempDir(), jwtKey: key, jwtAudience: "designer", jwtIssuer: "https://portal.example"}
	ws, _, err := w.open("0.0.0.0:0", cat)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	srv := httptest.NewServer(ws.Handler())
	defer srv.Close()
	me := func(claims jwt.MapClaims) (int, string) {
		t.Helper()
		claims["sub"], claims["exp"] = "ada", time.Now().Add(time.Hour).Unix()
		tok, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(secret)
		req, _ := http.NewRequest("GET", srv.URL+"/api/workspace/me", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	for _, c := range []struct {
		name   string
		claims jwt.MapClaims
		status int
		says   string
	}{
		{"both", jwt.MapClaims{"aud": "designer", "iss": "https://portal.example"}, http.StatusOK, `"user":"ada"`},
		{"no aud", jwt.MapClaims{"iss": "https://portal.example"}, http.StatusUnauthorized, "it has no aud"},
		{"another issuer", jwt.MapClaims{"aud": "designer", "iss": "https://other.example"}, http.StatusUnauthorized, `its iss \"https://other.example\" is not`},
	} {
		if status, body := me(c.claims); status != c.status || !strings.Contains(body, c.says) {
			t.Errorf("%s: %d %s; want %d saying %s", c.name, status, body, c.status, c.says)
		}
	}

	var stdout, stderr bytes.Buffer
	code := run(sites, []string{"serve", "--jwt-audience", "designer", "--web", t.TempDir(), "--data", t.TempDir()}, &stdout, &stderr)
	if code != exitUnusable || !strings.Contains(stderr.String(), "give --jwt-key FILE too") {
		t.Errorf("--jwt-audience alone: exit %d, %q", code, stderr.String())
	}
}
