package natstest

import (
	"bufio"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A cluster answers, a killed node stops answering and a restarted one
// answers again on its port.
func TestKillAndRestart(t *testing.T) {
	c := Start(t)
	WaitForJetStream(t, c.Nodes[0].URL)
	n := c.Nodes[2]
	n.Kill()
	if n.Running() {
		t.Fatal("a killed node says it runs")
	}
	waitPort(t, n.URL, false)
	n.Restart()
	if !n.Running() {
		t.Fatal("a restarted node says it does not run")
	}
	waitPort(t, n.URL, true)
	WaitForJetStream(t, n.URL)
}

// childEnv marks the test process TestNodesDieWithTheTestProcess starts.
const childEnv = "NATSTEST_CHILD"

// A test process killed outright (SIGKILL: no cleanup runs) takes its
// nodes with it, on Linux: they no longer hold their ports.
func TestNodesDieWithTheTestProcess(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		c := Start(t)
		os.Stdout.WriteString("urls " + strings.Join(c.URLs(), ",") + "\n")
		select {} // until killed
	}
	if runtime.GOOS != "linux" {
		t.Skip("only Linux has a parent-death signal")
	}
	child := exec.Command(os.Args[0], "-test.run=^TestNodesDieWithTheTestProcess$")
	// The child's temporary directory, left behind by a killed process,
	// is this test's.
	child.Env = append(os.Environ(), childEnv+"=1", "TMPDIR="+t.TempDir())
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer child.Process.Kill()
	var urls []string
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if rest, ok := strings.CutPrefix(lines.Text(), "urls "); ok {
			urls = strings.Split(rest, ",")
			break
		}
	}
	if len(urls) != Size {
		t.Fatalf("the child process named %d nodes: %v", len(urls), urls)
	}
	for _, u := range urls {
		waitPort(t, u, true)
	}
	child.Process.Kill()
	child.Wait()
	for _, u := range urls {
		waitPort(t, u, false)
	}
}

// waitPort waits up to 20 s until url's port accepts connections (up) or
// refuses them.
func waitPort(t *testing.T, url string, up bool) {
	t.Helper()
	addr := strings.TrimPrefix(url, "nats://")
	deadline := time.Now().Add(20 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
		}
		if (err == nil) == up {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s is still %s after 20 s", addr, map[bool]string{true: "down", false: "up"}[up])
		}
		time.Sleep(50 * time.Millisecond)
	}
}
