//go:build browser

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/internal/natstest"
	"github.com/archdesigner/designer/internal/server"
	"github.com/archdesigner/designer/internal/workspace"
)

// userHeader is the trusted proxy's header the team servers of
// TestLiveClusterCoEditing believe, from loopback.
const userHeader = "X-Forwarded-User"

// teamServer is one `designer serve --nats URLS --auth-header
// X-Forwarded-User --trusted-proxy 127.0.0.1/32`: a workspace on the
// cluster and the editor, on a loopback address it keeps across a stop and
// a start, as a restarted server behind a load balancer does.
type teamServer struct {
	t    *testing.T
	name string
	addr string // 127.0.0.1:PORT
	urls []string
	cat  *catalogue.Catalogue
	log  *log.Logger

	ws   *workspace.Workspace
	http *http.Server
}

// startTeamServer starts a team server on the cluster at a free loopback
// port; the test stops it when it ends.
func startTeamServer(t *testing.T, name string, urls []string, cat *catalogue.Catalogue, logs *testLog) *teamServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &teamServer{t: t, name: name, addr: ln.Addr().String(), urls: urls, cat: cat, log: log.New(logs, name+" ", log.Lmicroseconds)}
	s.serve(ln)
	t.Cleanup(s.stop)
	return s
}

func (s *teamServer) url() string { return "http://" + s.addr }

func (s *teamServer) port() string {
	_, port, _ := net.SplitHostPort(s.addr)
	return port
}

// serve opens the workspace as `designer serve --nats` configures it and
// serves the editor with it on ln.
func (s *teamServer) serve(ln net.Listener) {
	s.t.Helper()
	proxies, err := workspace.ParseProxies("127.0.0.1/32")
	if err != nil {
		s.t.Fatal(err)
	}
	cfg := workspace.Config{URLs: s.urls, Catalogue: s.cat, Codec: workspace.PatchCodec{}, Auth: workspace.Auth{Header: userHeader, TrustedProxies: proxies}, Log: s.log}
	// A cluster still electing its leaders refuses the stream's set-up
	// for a moment.
	deadline := time.Now().Add(30 * time.Second)
	for {
		s.ws, err = workspace.Open(cfg)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			ln.Close()
			s.t.Fatalf("%s: the cluster did not take the workspace within 30 s: %v", s.name, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	h, err := server.New(builtWeb(s.t), options(s.t, server.Options{Catalogue: s.cat, Workspace: s.ws.Handler()}))
	if err != nil {
		s.t.Fatal(err)
	}
	s.http = &http.Server{Handler: h, ErrorLog: s.log}
	go s.http.Serve(ln)
}

// stop stops the server as its process stopping does: the workspace ends
// its live connections and its connection to NATS, then the HTTP server
// closes.
func (s *teamServer) stop() {
	if s.ws == nil {
		return
	}
	s.ws.Close()
	s.http.Close()
	s.ws, s.http = nil, nil
}

// restart starts a stopped server again on its address.
func (s *teamServer) restart() {
	s.t.Helper()
	var ln net.Listener
	var err error
	deadline := time.Now().Add(10 * time.Second)
	for {
		if ln, err = net.Listen("tcp", s.addr); err == nil {
			break
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("%s: listening again on %s: %v", s.name, s.addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.serve(ln)
}

// api calls the workspace's API on origin as user, decoding a 2xx answer
// into out (when not nil); it fails the test on any other.
func api(t *testing.T, origin, user, method, path string, body, out any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, origin+"/api/workspace/"+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(userHeader, user)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("%s %s as %s: %d %s", method, path, user, resp.StatusCode, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

// storedChange is a change as the workspace's history lists it.
type storedChange struct {
	Seq    uint64 `json:"seq"`
	ID     string `json:"id"`
	User   string `json:"user"`
	Change struct {
		Ops []json.RawMessage `json:"ops"`
	} `json:"change"`
}

// teamDesign is the design as the server has it, read as user.
func teamDesign(t *testing.T, origin, user, id string) (design string, seq uint64) {
	t.Helper()
	var d struct {
		Design string `json:"design"`
		Seq    uint64 `json:"seq"`
	}
	api(t, origin, user, "GET", "designs/"+id, nil, &d)
	return d.Design, d.Seq
}

// asUser has the tab send the proxy's header naming user on every request
// it makes, the WebSocket's included; the service worker is bypassed, as
// its own fetches would not carry the header (a proxy's cookie would).
func (p *tab) asUser(user string) {
	p.t.Helper()
	p.call(func(ctx context.Context) error {
		if _, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{userHeader: user}}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true})
		return err
	})
}

// liveWait bounds waitLive: a live design's first connection starts its
// hub on the server, whose consumer a cluster under load may take seconds
// to make, and a reconnect backs off up to a few seconds.
const liveWait = 30 * time.Second

// waitLive waits until the toolbar says Live (nothing waiting), and says
// what the toolbar said if it does not.
func (p *tab) waitLive(what string) {
	p.t.Helper()
	deadline := time.Now().Add(liveWait)
	for {
		got, err := p.tryEval(`(document.getElementById("live-status") || {}).textContent || ""`)
		if err == nil && got == `"Live"` {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waited %v for %s; the toolbar says %s", liveWait, what, p.statusNow())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// statusNow is what the toolbar's live status and its message say now,
// without waiting.
func (p *tab) statusNow() string {
	got, err := p.tryEval(`["live-status", "status"].map(id => (document.getElementById(id) || {}).textContent || "").join(" | ")`)
	if err != nil {
		return err.Error()
	}
	return got
}

// forgive drops the browser errors so far that contain every one of
// parts: what the test made happen.
func (p *tab) forgive(parts ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	kept := p.errors[:0]
	for _, e := range p.errors {
		all := true
		for _, part := range parts {
			all = all && strings.Contains(e, part)
		}
		if !all {
			kept = append(kept, e)
		}
	}
	p.errors = kept
}

// testLog is a log for background goroutines that outlive a test's
// function: it writes to the test's log until the test is over.
type testLog struct {
	mu   sync.Mutex
	t    *testing.T
	done bool
}

func newTestLog(t *testing.T) *testLog {
	l := &testLog{t: t}
	t.Cleanup(func() { l.mu.Lock(); l.done = true; l.mu.Unlock() })
	return l
}

func (l *testLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.done {
		l.t.Log(strings.TrimSpace(string(p)))
	}
	return len(p), nil
}

// TestLiveClusterCoEditing is issue 41's "Done when": a real 3-node NATS
// cluster (nats-server built from its module) and two team servers on it;
// alice's browser on one and bob's on the other edit one design live,
// both setting one field at once, and converge on the server's design.
// The stream's leader node is killed while both edit: nothing is lost and
// both are live again. Bob's server stops while he edits and starts again
// on its address: his edits are stored once, and alice sees them.
func TestLiveClusterCoEditing(t *testing.T) {
	builtWeb(t) // app.wasm, built once per test run: not the clock's
	start := time.Now()
	logs := newTestLog(t)
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	cluster := natstest.Start(t)
	natstest.WaitForJetStream(t, cluster.Nodes[0].URL)
	one := startTeamServer(t, "one", cluster.URLs(), cat, logs)
	two := startTeamServer(t, "two", cluster.URLs(), cat, logs)
	t.Logf("the cluster and both servers were up after %v", time.Since(start).Round(time.Millisecond))

	// alice owns the design and makes bob an editor, on server one.
	var created struct{ ID string }
	api(t, one.url(), "alice", "POST", "designs", map[string]string{"name": "Orders", "design": liveDesign}, &created)
	id := created.ID
	api(t, one.url(), "alice", "PUT", "designs/"+id+"/members", map[string]any{"members": []workspace.Member{{User: "bob", Role: workspace.Editor}}}, nil)

	a, b := newPage(t, one.url()), newPage(t, two.url())
	for _, p := range []struct {
		tab  *tab
		user string
	}{{a, "alice"}, {b, "bob"}} {
		p.tab.asUser(p.user)
		p.tab.do(chromedp.EmulateViewport(1440, 900))
		p.tab.navigate(p.tab.origin + "/")
		p.tab.click("button", "Designs")
		p.tab.clickIn("Workspace", "button", "Open Orders live")
		p.tab.waitLive("the design to open live")
	}
	// converged waits until both tabs show the server's design, and
	// returns it.
	converged := func(what string) string {
		t.Helper()
		var design string
		a.eventually(what, func() (bool, string) {
			design, _ = teamDesign(t, one.url(), "alice", id)
			ya, yb := a.exportYAML(), b.exportYAML()
			if ya == design && yb == design {
				return true, ""
			}
			return false, fmt.Sprintf("alice (%s):\n%s\nbob (%s):\n%s\nserver:\n%s", a.statusNow(), ya, b.statusNow(), yb, design)
		})
		return design
	}

	// One sets a property, the other adds a node; then both set one field
	// at once.
	a.editTogether(b)
	design := converged("both browsers to show the server's design")
	if !strings.Contains(design, "aws-elasticache-valkey") || !(strings.Contains(design, "timeoutSeconds: 120") || strings.Contains(design, "timeoutSeconds: 240")) {
		t.Errorf("the edits are not in the design:\n%s", design)
	}
	t.Logf("the two servers' browsers converged after %v", time.Since(start).Round(time.Millisecond))

	// The node that leads the changes' stream goes while both edit.
	leader := cluster.StreamLeader(t, cluster.Nodes[0].URL, "WS_CHANGES")
	a.fill("spinbutton", "timeoutSeconds", "90")
	leader.Kill()
	killed := time.Now()
	t.Logf("killed %s, the stream's leader", leader.Name)
	b.addProduct("pulsar", "Apache Pulsar", "pulsar, Apache Pulsar…")
	a.addProduct("kafka", "Apache Kafka", "kafka, Apache Kafka…")
	b.addProduct("nats", "NATS JetStream", "nats-jetstream, NATS JetStream…")
	t.Logf("three more edits made %v after the node was killed", time.Since(killed).Round(time.Millisecond))
	design = converged("both browsers to converge after the node's loss")
	for _, want := range []string{"timeoutSeconds: 90", `id: "pulsar"`, `id: "kafka"`, `id: "nats-jetstream"`, "aws-elasticache-valkey"} {
		if !strings.Contains(design, want) {
			t.Errorf("%q is lost after the node's loss:\n%s", want, design)
		}
	}
	for _, p := range []*tab{a, b} {
		p.waitLive("Live after the node's loss")
	}
	t.Logf("every edit was in, both live, %v after the node was killed", time.Since(killed).Round(time.Millisecond))

	// Bob's server stops while he edits, and starts again on its address.
	_, before := teamDesign(t, one.url(), "alice", id)
	b.click("button", "api, AWS Lambda…")
	b.fill("spinbutton", "timeoutSeconds", "300")
	two.stop()
	stopped := time.Now()
	b.waitText("status", "Workspace: Reconnecting…", "Reconnecting")
	b.addProduct("redpanda", "Redpanda", "redpanda, Redpanda…")
	b.waitText("status", "Workspace: Reconnecting…", "waiting")
	waiting := b.text("status", "Workspace: Reconnecting…")
	two.restart()
	b.waitLive("bob to be live again after his server's restart")
	t.Logf("bob was live again %v after his server stopped (%q meanwhile)", time.Since(stopped).Round(time.Millisecond), waiting)
	a.find("button", "redpanda, Redpanda…")
	design = converged("both browsers to converge after the restart")
	for _, want := range []string{"timeoutSeconds: 300", `id: "redpanda"`} {
		if !strings.Contains(design, want) {
			t.Errorf("bob's %q is lost across his server's restart:\n%s", want, design)
		}
	}
	// Stored once: no op of bob's since the stop is in two stored changes.
	var history struct {
		Changes []storedChange `json:"changes"`
	}
	api(t, one.url(), "alice", "GET", "designs/"+id+"/history", nil, &history)
	ids, ops, users := map[string]bool{}, map[string]uint64{}, map[string]int{}
	for _, c := range history.Changes {
		if ids[c.ID] {
			t.Errorf("change %s is stored twice", c.ID)
		}
		ids[c.ID] = true
		users[c.User]++
		if c.User != "bob" || c.Seq <= before {
			continue
		}
		for _, op := range c.Change.Ops {
			if seq, ok := ops[string(op)]; ok {
				t.Errorf("bob's %s is stored twice, at %d and %d", op, seq, c.Seq)
			}
			ops[string(op)] = c.Seq
		}
	}
	if len(ops) == 0 {
		t.Errorf("no change of bob's is stored after %d: %+v", before, history.Changes)
	}
	if users["alice"] == 0 || users["bob"] == 0 || len(users) != 2 {
		t.Errorf("the changes' authors are %v; want alice and bob, each as their proxy named them", users)
	}
	// Bob's page tried its server while it was down: the WebSocket, and
	// icons (the service worker that would answer them from its cache is
	// bypassed: see asUser).
	b.forgive("net::ERR_CONNECTION_REFUSED", "127.0.0.1:"+two.port())
	for _, p := range []*tab{a, b} {
		p.checkClean()
	}
	t.Logf("the whole test took %v", time.Since(start).Round(time.Millisecond))
}
