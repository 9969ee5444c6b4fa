package workspace

import (
	"fmt"
	"log"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/archdesigner/designer/internal/natstest"
)

// openOn opens a workspace on the cluster through url, waiting for the
// cluster to elect its JetStream leader.
func openOn(t *testing.T, url string) *testServer {
	t.Helper()
	natstest.WaitForJetStream(t, url)
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
	cluster := natstest.Start(t)
	nodes := cluster.Nodes
	one, two := openOn(t, nodes[0].URL), openOn(t, nodes[1].URL)
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
	nodes[0].Kill()
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
