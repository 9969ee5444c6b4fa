package workspace

import (
	"context"

	"fmt"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"log"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// natsNode is one nats-server process of a test cluster.
type natsNode struct {
	name string
	url  string
	cmd  *exec.Cmd
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startCluster builds nats-server from its module and starts a 3-node
// JetStream cluster on loopback.
func startCluster(t *testing.T) []*natsNode {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "nats-server")
	build := exec.Command("go", "build", "-o", bin, "github.com/nats-io/nats-server/v2")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build nats-server: %v\n%s", err, out)
	}
	clientPorts := []int{freePort(t), freePort(t), freePort(t)}
	routePorts := []int{freePort(t), freePort(t), freePort(t)}
	var routes []string
	for _, p := range routePorts {
		routes = append(routes, fmt.Sprintf("nats-route://127.0.0.1:%d", p))
	}
	var nodes []*natsNode
	for i := range 3 {
		name := fmt.Sprintf("n%d", i+1)
		conf := fmt.Sprintf(`server_name: %s
listen: 127.0.0.1:%d
jetstream { store_dir: %q }
cluster { name: designer-test, listen: 127.0.0.1:%d, routes: [%s] }
`, name, clientPorts[i], filepath.Join(dir, name), routePorts[i], strings.Join(routes, ", "))
		path := filepath.Join(dir, name+".conf")
		if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-c", path)
		log, _ := os.Create(filepath.Join(os.TempDir(), "ws-"+name+".log"))
		cmd.Stdout, cmd.Stderr = log, log
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		n := &natsNode{name: name, url: fmt.Sprintf("nats://127.0.0.1:%d", clientPorts[i]), cmd: cmd}
		t.Cleanup(func() { n.kill() })
		nodes = append(nodes, n)
	}
	return nodes
}

func (n *natsNode) kill() {
	if n.cmd.Process != nil && n.cmd.ProcessState == nil {
		n.cmd.Process.Kill()
		n.cmd.Wait()
	}
}

// openOn opens a workspace on the cluster through url, waiting for the
// cluster to elect its JetStream leader.
func openOn(t *testing.T, url string) *testServer {
	t.Helper()
	waitForJetStream(t, url)
	deadline := time.Now().Add(15 * time.Second)
	for {
		ws, err := Open(Config{URLs: []string{url}, Catalogue: loadCatalogue(t), Codec: testCodec{}, Auth: jwtAuth(), Limits: Limits{ChangesPerSecond: 1000, ChangeBurst: 1000}, Log: log.New(testWriter{t}, "", log.Lmicroseconds)})
		if err == nil {
			srv := httptest.NewServer(ws.Handler())
			ts := &testServer{ws: ws, srv: srv, url: srv.URL}
			t.Cleanup(ts.close)
			return ts
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cluster did not take the workspace: %v", err)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// Two servers on a real 3-node cluster, a client on each editing one
// design: one NATS node is killed mid-edit (the one the first server is
// connected to), and both clients end with the same design, which holds
// every change that was acked.
func TestClusterConvergesThroughNodeLoss(t *testing.T) {
	start := time.Now()
	nodes := startCluster(t)
	one, two := openOn(t, nodes[0].url), openOn(t, nodes[1].url)
	t.Logf("the cluster took the workspaces after %v", time.Since(start).Round(time.Millisecond))
	alice, bob := token(t, "alice", time.Hour), token(t, "bob", time.Hour)
	id := create(t, one, alice)
	share(t, one, alice, id, Member{"bob", Editor})
	a, err := dial(t, one, id, alice, 0, []byte(firstDesign))
	if err != nil {
		t.Fatal(err)
	}
	b, err := dial(t, two, id, bob, 0, []byte(firstDesign))
	if err != nil {
		t.Fatal(err)
	}
	const n = 30
	done := make(chan string, 2)
	edit := func(c *liveClient, who string) {
		for i := range n {
			if err := c.sendUntilAcked(fmt.Sprintf("%s-%d", who, i), addChange(fmt.Sprintf("%s%d", who, i))); err != nil {
				done <- err.Error()
				return
			}
		}
		done <- ""
	}
	go edit(a, "a")
	go edit(b, "b")
	a.waitFor("a few acks", func(c *liveClient) bool { return len(c.acks) >= 5 })
	nodes[0].kill()
	killed := time.Now()
	for range 2 {
		if msg := <-done; msg != "" {
			t.Fatal(msg)
		}
	}
	t.Logf("the edits were acked %v after the node was killed", time.Since(killed).Round(time.Millisecond))
	d := readDesign(t, two, bob, id)
	for _, c := range []*liveClient{a, b} {
		c.waitFor("the last change", func(c *liveClient) bool { return c.seq == d.Seq })
		if string(c.design) != d.Design {
			t.Errorf("a client has\n%s\nthe server\n%s", c.design, d.Design)
		}
		for change := range c.acks {
			node := strings.Replace(change, "-", "", 1)
			if !strings.Contains(d.Design, `id: "`+node+`"`) {
				t.Errorf("acked change %s is lost", change)
			}
		}
	}
	if got := strings.Count(d.Design, `component: "kafka"`); got != 2*n+1 {
		t.Errorf("the design has %d nodes, want %d", got, 2*n+1)
	}
}

// testWriter sends a workspace's log to the test's.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// waitForJetStream waits until the cluster's JetStream answers through url
// (its meta leader elected), asking with short timeouts.
func waitForJetStream(t *testing.T, url string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		nc, err := nats.Connect(url)
		if err == nil {
			js, _ := jetstream.New(nc)
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			_, err = js.AccountInfo(ctx)
			cancel()
			nc.Close()
			if err == nil {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("JetStream did not answer at %s within 20 s: %v", url, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
