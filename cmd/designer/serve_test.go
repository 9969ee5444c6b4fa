package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeChild is not a test: TestServeStopsGracefully runs this test
// binary again with it to get a real `designer serve` process to signal.
func TestServeChild(t *testing.T) {
	args := os.Getenv("DESIGNER_SERVE_CHILD")
	if args == "" {
		t.Skip("run by TestServeStopsGracefully")
	}
	os.Exit(run(sites, strings.Split(args, "\n"), os.Stdout, os.Stderr))
}

// SIGTERM stops the server gracefully: a download under way completes, and
// the process exits 0.
func TestServeStopsGracefully(t *testing.T) {
	web := t.TempDir()
	// Larger than the kernel's socket buffers, so that the download is still
	// under way when the signal comes.
	big := bytes.Repeat([]byte("wasm"), 16<<20)
	for name, data := range map[string][]byte{"app.wasm": big, "designer.css": []byte("body{}"), "icon.svg": []byte("<svg/>")} {
		if err := os.WriteFile(filepath.Join(web, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeChild$")
	cmd.Env = append(os.Environ(), "DESIGNER_SERVE_CHILD="+strings.Join([]string{"serve", "--addr", "127.0.0.1:0", "--web", web, "--data", t.TempDir()}, "\n"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	_, url, found := strings.Cut(strings.TrimSpace(line), " on ")
	if err != nil || !found {
		t.Fatalf("no address from the server: %q %v", line, err)
	}
	req, _ := http.NewRequest("GET", url+"/web/app.wasm", nil)
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if _, err := io.ReadFull(resp.Body, make([]byte, 1<<10)); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // the server is shutting down meanwhile
	rest, err := io.ReadAll(resp.Body)
	if err != nil || 1<<10+len(rest) != len(big) {
		t.Errorf("the download under way got %d of %d bytes (%v)", 1<<10+len(rest), len(big), err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("the server did not exit cleanly: %v", err)
	}
}
