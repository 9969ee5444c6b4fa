// Package natstest runs a real NATS cluster for tests: nats-server built
// from its module (the version go.mod requires) and started as separate
// processes on loopback, each with JetStream on disk, so that a test can
// kill a node and start it again as an operator would.
//
// It is test support: it takes a testing.TB, fails the test on what goes
// wrong and stops every node when the test ends. On Linux a node also dies
// with the test process (see pdeathsig_linux.go), so a killed test run
// leaves no nats-server behind.
package natstest

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Cluster is a JetStream cluster of nats-server processes on loopback.
type Cluster struct {
	// Nodes are the cluster's servers, n1, n2, n3.
	Nodes []*Node
}

// Node is one nats-server process of a Cluster. Its ports, configuration
// and store stay the same across Kill and Restart.
type Node struct {
	// Name is the node's server_name (n1, n2, …).
	Name string
	// URL is where clients connect: nats://127.0.0.1:PORT.
	URL string

	t    testing.TB
	bin  string
	conf string
	log  string
	cmd  *exec.Cmd
	done chan struct{} // closed when cmd has been waited for
}

// Size is the number of nodes Start starts: the fewest a JetStream
// cluster with 3 replicas needs, and enough to lose one.
const Size = 3

// Start builds nats-server and starts a cluster of Size nodes on loopback,
// each with its own store under a temporary directory. It does not wait
// for JetStream: see WaitForJetStream.
func Start(t testing.TB) *Cluster {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "nats-server")
	build := exec.Command("go", "build", "-o", bin, "github.com/nats-io/nats-server/v2")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("natstest: go build nats-server: %v\n%s", err, out)
	}
	var clientPorts, routePorts []int
	for range Size {
		clientPorts = append(clientPorts, freePort(t))
		routePorts = append(routePorts, freePort(t))
	}
	var routes []string
	for _, p := range routePorts {
		routes = append(routes, fmt.Sprintf("nats-route://127.0.0.1:%d", p))
	}
	c := &Cluster{}
	for i := range Size {
		name := fmt.Sprintf("n%d", i+1)
		conf := fmt.Sprintf(`server_name: %s
listen: 127.0.0.1:%d
jetstream { store_dir: %q }
cluster { name: natstest, listen: 127.0.0.1:%d, routes: [%s] }
`, name, clientPorts[i], filepath.Join(dir, name), routePorts[i], strings.Join(routes, ", "))
		path := filepath.Join(dir, name+".conf")
		if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
			t.Fatal(err)
		}
		n := &Node{Name: name, URL: fmt.Sprintf("nats://127.0.0.1:%d", clientPorts[i]), t: t, bin: bin, conf: path, log: filepath.Join(dir, name+".log")}
		n.start()
		c.Nodes = append(c.Nodes, n)
	}
	t.Cleanup(func() {
		for _, n := range c.Nodes {
			n.Kill()
		}
		if t.Failed() {
			for _, n := range c.Nodes {
				n.logTail(40)
			}
		}
	})
	return c
}

// URLs are the nodes' client URLs, in order: what `designer serve --nats`
// takes, joined by commas.
func (c *Cluster) URLs() []string {
	urls := make([]string, len(c.Nodes))
	for i, n := range c.Nodes {
		urls[i] = n.URL
	}
	return urls
}

// Node returns the node named name (as a stream's cluster info names its
// leader), or nil.
func (c *Cluster) Node(name string) *Node {
	for _, n := range c.Nodes {
		if n.Name == name {
			return n
		}
	}
	return nil
}

func (n *Node) start() {
	n.t.Helper()
	log, err := os.OpenFile(n.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		n.t.Fatal(err)
	}
	cmd := exec.Command(n.bin, "-c", n.conf)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = dieWithParent()
	if err := cmd.Start(); err != nil {
		log.Close()
		n.t.Fatalf("natstest: start %s: %v", n.Name, err)
	}
	done := make(chan struct{})
	go func() {
		cmd.Wait()
		log.Close()
		close(done)
	}()
	n.cmd, n.done = cmd, done
}

// Kill kills the node's process (SIGKILL: no goodbye to the cluster, as a
// crashed machine) and waits for it to be gone. Killing a dead node does
// nothing.
func (n *Node) Kill() {
	if n.cmd == nil {
		return
	}
	n.cmd.Process.Kill()
	<-n.done
	n.cmd = nil
}

// Restart starts a killed node again with its ports, configuration and
// store, as an operator restarting it would; a running node is killed
// first.
func (n *Node) Restart() {
	n.t.Helper()
	n.Kill()
	n.start()
}

// Running reports whether the node's process is running.
func (n *Node) Running() bool {
	if n.cmd == nil {
		return false
	}
	select {
	case <-n.done:
		return false
	default:
		return true
	}
}

// logTail logs the last lines of the node's log but the routes' comings
// and goings, for a failed test.
func (n *Node) logTail(lines int) {
	f, err := os.Open(n.log)
	if err != nil {
		return
	}
	defer f.Close()
	var tail []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		// A lost node's routes are redialled every second: noise.
		if strings.Contains(s.Text(), "Route connection") || strings.Contains(s.Text(), "Router connection") || strings.Contains(s.Text(), "connect to route") {
			continue
		}
		tail = append(tail, s.Text())
		if len(tail) > lines {
			tail = tail[1:]
		}
	}
	n.t.Logf("natstest: the last %d lines of %s's log:\n%s", len(tail), n.Name, strings.Join(tail, "\n"))
}

// WaitForJetStream waits until the cluster's JetStream answers through url
// (its meta leader elected), asking with short timeouts, for up to 30 s.
func WaitForJetStream(t testing.TB, url string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := jetStreamAnswers(url)
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("natstest: JetStream did not answer at %s within 30 s: %v", url, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func jetStreamAnswers(url string) error {
	nc, err := nats.Connect(url, nats.Timeout(time.Second))
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err = js.AccountInfo(ctx)
	return err
}

// StreamLeader returns the node that leads stream now (the one whose loss
// costs the stream an election), asking through url.
func (c *Cluster) StreamLeader(t testing.TB, url, stream string) *Node {
	t.Helper()
	nc, err := nats.Connect(url, nats.Timeout(time.Second))
	if err != nil {
		t.Fatalf("natstest: connect to %s: %v", url, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s, err := js.Stream(ctx, stream)
	if err != nil {
		t.Fatalf("natstest: stream %s: %v", stream, err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		t.Fatalf("natstest: stream %s: %v", stream, err)
	}
	if info.Cluster == nil || c.Node(info.Cluster.Leader) == nil {
		t.Fatalf("natstest: stream %s has no leader among the nodes: %+v", stream, info.Cluster)
	}
	return c.Node(info.Cluster.Leader)
}

// freePort returns a loopback port that was free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
