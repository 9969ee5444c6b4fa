//go:build browser

package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/internal/server"
	"github.com/archdesigner/designer/internal/workspace"
)

// serveTeam serves the editor with a team workspace (embedded NATS in a
// temporary directory, the one local user), as `designer serve` does.
func serveTeam(t *testing.T) *httptest.Server {
	t.Helper()
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	ws, err := workspace.Open(workspace.Config{Dir: t.TempDir(), Catalogue: cat, Codec: workspace.PatchCodec{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return serveEditor(t, server.Options{Catalogue: cat, Workspace: ws.Handler()})
}

const liveDesign = `nodes:
  - {id: api, component: aws-lambda, position: {x: 40, y: 40}}
  - {id: jobs, component: aws-sqs, position: {x: 340, y: 40}}
edges:
  - {from: api, to: jobs}
`

// openLive opens the workspace design name live in a tab, from Designs.
func (p *tab) openLive(name string) {
	p.t.Helper()
	p.click("button", "Designs")
	p.clickIn("Workspace", "button", "Open "+name+" live")
	p.waitText("status", "Workspace: Live", "Live")
}

// TestLiveTwoBrowsersConverge: two browsers (two profiles) open one
// workspace design live; one sets a property, the other adds a node, both
// set one field at once; both end showing the same design, the server's,
// and say Live.
func TestLiveTwoBrowsersConverge(t *testing.T) {
	ts := serveTeam(t)
	id := createDesign(t, ts.URL, "Orders", liveDesign)

	a := newPage(t, ts.URL)
	a.server = ts
	a.do(chromedp.EmulateViewport(1440, 900))
	a.navigate(ts.URL + "/")
	// Copy to workspace: the open design, a copy on the server.
	a.click("button", "Designs")
	a.clickIn("Workspace", "button", "Copy to workspace")
	a.waitText("status", "", "Copied to the workspace")
	a.find("button", "Open Orders live")
	a.checkAccessible("Designs with the Workspace")
	a.click("button", "Close designs")
	a.openLive("Orders")
	a.checkAccessible("a workspace design open live")

	b := newPage(t, ts.URL)
	b.server = ts
	b.do(chromedp.EmulateViewport(1440, 900))
	b.navigate(ts.URL + "/")
	b.openLive("Orders")

	a.editTogether(b)

	var server string
	a.eventually("both browsers to show the server's design", func() (bool, string) {
		server = serverDesign(t, ts.URL, id)
		ya, yb := a.exportYAML(), b.exportYAML()
		return ya == server && yb == server, "a:\n" + ya + "\nb:\n" + yb + "\nserver:\n" + server
	})
	if !strings.Contains(server, "aws-elasticache-valkey") || !strings.Contains(server, "timeoutSeconds") {
		t.Errorf("the edits are not in the design:\n%s", server)
	}
	for _, p := range []*tab{a, b} {
		if got := p.text("status", "Workspace: Live"); got != "Live" {
			t.Errorf("status %q", got)
		}
		p.checkClean()
	}
}

// editTogether makes the co-editing of liveDesign open live in p and q:
// p sets a property of api, q adds a node (p waits to see it), then both
// set api's timeoutSeconds at once, p to 120 and q to 240.
func (p *tab) editTogether(q *tab) {
	p.t.Helper()
	p.click("button", "api, AWS Lambda…")
	p.fill("spinbutton", "timeoutSeconds", "60")
	q.addProduct("valkey", "Amazon ElastiCache for Valkey", "aws-elasticache-valkey, Amazon ElastiCache for Valkey…")
	p.find("button", "aws-elasticache-valkey, Amazon ElastiCache for Valkey…")
	q.click("button", "api, AWS Lambda…")
	q.waitValue("timeoutSeconds", "60")
	p.fill("spinbutton", "timeoutSeconds", "120")
	q.fill("spinbutton", "timeoutSeconds", "240")
}

// waitValue waits until the spinbutton named name shows want.
func (p *tab) waitValue(name, want string) {
	p.t.Helper()
	p.eventually(name+" to show "+want, func() (bool, string) {
		got := p.eval(p.find("spinbutton", name), `function() { return this.value }`)
		return got == `"`+want+`"`, got
	})
}

// exportYAML is the design the tab shows, read from Export YAML's download
// without its modeline (a comment naming the schema).
func (p *tab) exportYAML() string {
	p.t.Helper()
	_, data := p.download("button", "Export YAML")
	text := string(data)
	for strings.HasPrefix(text, "#") {
		_, text, _ = strings.Cut(text, "\n")
	}
	return text
}

// createDesign makes a workspace design through the API, as the local
// user, and returns its id.
func createDesign(t *testing.T, origin, name, design string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"name": name, "design": design})
	resp, err := http.Post(origin+"/api/workspace/designs", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var created struct{ ID string }
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("creating the design: %d %v", resp.StatusCode, err)
	}
	return created.ID
}

// serverDesign is the workspace's design id now, as the server has it.
func serverDesign(t *testing.T, origin, id string) string {
	t.Helper()
	resp, err := http.Get(origin + "/api/workspace/designs/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var d struct{ Design string }
	json.NewDecoder(resp.Body).Decode(&d)
	return d.Design
}

// TestLiveOfflineEditsSyncOnReconnect: a browser that loses the server
// says so, keeps its edit waiting, and sends it when the server is back;
// the other browser gets it.
func TestLiveOfflineEditsSyncOnReconnect(t *testing.T) {
	ts := serveTeam(t)
	id := createDesign(t, ts.URL, "Orders", liveDesign)
	// a reaches the server through a link the test can cut.
	link := newCuttable(t, strings.TrimPrefix(ts.URL, "http://"))
	a, b := newPage(t, link.url), newPage(t, ts.URL)
	for _, p := range []*tab{a, b} {
		p.server = ts
		p.do(chromedp.EmulateViewport(1440, 900))
		p.navigate(p.origin + "/")
		p.openLive("Orders")
	}

	link.cut(true)
	a.waitText("status", "Workspace: Reconnecting… 0 changes waiting", "Reconnecting")
	a.click("button", "api, AWS Lambda…")
	a.fill("spinbutton", "timeoutSeconds", "75")
	a.waitText("status", "Workspace: Reconnecting… 1 change waiting", "1 change waiting")
	link.cut(false)
	a.waitText("status", "Workspace: Live", "Live")
	b.click("button", "api, AWS Lambda…")
	b.waitValue("timeoutSeconds", "75")
	if got := serverDesign(t, ts.URL, id); !strings.Contains(got, "timeoutSeconds: 75") {
		t.Errorf("the server's design lacks the offline edit:\n%s", got)
	}
	// A reload opens the design live again, as the server has it.
	b.navigate(b.href())
	b.waitText("status", "Workspace: Live", "Live")
	b.click("button", "api, AWS Lambda…")
	b.waitValue("timeoutSeconds", "75")
}

// cuttable is a TCP link to a server that the test can cut (every
// connection closed, new ones refused) and restore.
type cuttable struct {
	url   string
	mu    sync.Mutex
	down  bool
	conns []net.Conn
}

func newCuttable(t *testing.T, to string) *cuttable {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	c := &cuttable{url: "http://" + ln.Addr().String()}
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			c.mu.Lock()
			down := c.down
			c.mu.Unlock()
			if down {
				in.Close()
				continue
			}
			out, err := net.Dial("tcp", to)
			if err != nil {
				in.Close()
				continue
			}
			c.mu.Lock()
			c.conns = append(c.conns, in, out)
			c.mu.Unlock()
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
	return c
}

// cut cuts the link (closing what is open) or restores it.
func (c *cuttable) cut(down bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down = down
	if down {
		for _, conn := range c.conns {
			conn.Close()
		}
		c.conns = nil
	}
}
