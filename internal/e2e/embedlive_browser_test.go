//go:build browser

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"
	"github.com/golang-jwt/jwt/v5"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/internal/server"
	"github.com/archdesigner/designer/internal/workspace"
)

// portalSecret is the HS256 secret the portal signs its tokens with, and
// the team server's --jwt-key.
var portalSecret = []byte("0123456789abcdef0123456789abcdef")

// portalToken is a token for user sub that expires in exp, signed with
// secret.
func portalToken(t *testing.T, secret []byte, sub string, exp time.Duration) string {
	t.Helper()
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": sub, "name": "Ada", "exp": time.Now().Add(exp).Unix()}).SignedString(secret)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// liveHostPage frames the editor with a workspace design, records what it
// posts, and sends it actions (send).
const liveHostPage = `<!doctype html><title>Portal</title>
<iframe name="editor" title="Designer" src="%[1]s/?embed=1&workspace=%[2]s" width="1200" height="760"></iframe>
<script>
window.events = [];
addEventListener("message", (e) => {
  if (e.source === frames["editor"] && e.origin === %[1]q) window.events.push(JSON.parse(e.data));
});
window.send = (m) => frames["editor"].postMessage(JSON.stringify(m), %[1]q);
</script>`

// apiAs calls the workspace's API with a bearer token and decodes the
// answer into out.
func apiAs(t *testing.T, token, method, url string, body, out any) int {
	t.Helper()
	var r *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	} else {
		r = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, url, r)
	req.Header.Set("Authorization", "Bearer "+token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// TestEmbedLiveToken: a portal on another origin frames a workspace design
// and gives the user's token through the embed protocol. A forged token is
// refused (the portal is asked for another, the editor says why); a good
// one opens the design live, and an edit is stored as the token's user; a
// token that expires closes the connection, the portal is asked for a
// fresh one, and an edit made meanwhile is stored once it comes.
func TestEmbedLiveToken(t *testing.T) {
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	ws, err := workspace.Open(workspace.Config{Dir: t.TempDir(), Catalogue: cat, Codec: workspace.PatchCodec{}, Auth: workspace.Auth{Key: portalSecret}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	var editorURL, id string
	portal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, liveHostPage, editorURL, id)
	}))
	defer portal.Close()
	editor := serveEditor(t, server.Options{Catalogue: cat, Workspace: ws.Handler(), EmbedOrigins: []string{portal.URL}})
	editorURL = editor.URL
	ada := portalToken(t, portalSecret, "ada", time.Hour)
	var created struct{ ID string }
	if status := apiAs(t, ada, "POST", editor.URL+"/api/workspace/designs", map[string]string{"name": "Orders", "design": liveDesign}, &created); status != http.StatusCreated {
		t.Fatalf("creating the design: %d", status)
	}
	id = created.ID

	p := newPage(t, portal.URL)
	p.do(chromedp.Navigate(portal.URL + "/"))
	// event waits for the editor to post an event named name, and returns
	// the first not yet taken.
	taken := 0
	event := func(name string) map[string]any {
		t.Helper()
		var got map[string]any
		p.eventually("the "+name+" event", func() (bool, string) {
			raw := p.evalPage(`JSON.stringify(window.events)`)
			var s string
			json.Unmarshal([]byte(raw), &s)
			var events []map[string]any
			json.Unmarshal([]byte(s), &events)
			for i := taken; i < len(events); i++ {
				if events[i]["event"] == name {
					got, taken = events[i], i+1
					return true, ""
				}
			}
			return false, s
		})
		return got
	}
	send := func(m map[string]any) {
		t.Helper()
		b, _ := json.Marshal(m)
		p.evalPage(fmt.Sprintf(`window.send(%s)`, b))
	}
	// said waits for the editor's status line to say want.
	said := func(want string) {
		t.Helper()
		node := p.frameFind("editor", "button", "Export YAML")
		p.eventually("the editor to say "+want, func() (bool, string) {
			got := p.eval(node, `function() { return this.ownerDocument.getElementById("status").textContent }`)
			return strings.Contains(got, want), got
		})
	}
	// stored waits for the server's design to hold want, changed last by
	// the token's user.
	stored := func(want string) {
		t.Helper()
		p.eventually("the server to store "+want+" from ada", func() (bool, string) {
			var d struct{ Design string }
			apiAs(t, ada, "GET", editor.URL+"/api/workspace/designs/"+id, nil, &d)
			var h struct{ Changes []workspace.Change }
			apiAs(t, ada, "GET", editor.URL+"/api/workspace/designs/"+id+"/history", nil, &h)
			last := ""
			if n := len(h.Changes); n > 0 {
				last = h.Changes[n-1].User
			}
			return strings.Contains(d.Design, want) && last == "ada", last + "\n" + d.Design
		})
	}

	if init := event("init"); init["workspace"] != id {
		t.Errorf("init %v does not name the workspace design", init)
	}
	p.frameFind("editor", "StaticText", "Waiting for the portal's sign-in")

	// A token signed with another key: refused.
	send(map[string]any{"action": "configure", "token": portalToken(t, []byte("another secret, 32 bytes or more!"), "ada", time.Hour)})
	if tok := event("token"); tok["reason"] != "refused" || !strings.Contains(fmt.Sprint(tok["message"]), "signature is invalid") {
		t.Errorf("token event for a forged token: %v", tok)
	}
	said("The workspace refused the portal's token: the token is refused: token signature is invalid")
	p.frameFind("editor", "region", "Workspace sign-in")

	// The user's token: the design opens live; an edit is stored as ada's.
	send(map[string]any{"action": "configure", "token": ada})
	p.frameFind("editor", "status", "Workspace: Live")
	p.frameClick("editor", "button", "Stream (19 products)")
	p.frameClick("editor", "button", "Apache Pulsar")
	stored(`component: "pulsar"`)
	send(map[string]any{"action": "load", "design": "nodes: []\n"})
	if load := event("load"); !strings.Contains(fmt.Sprint(load["errors"]), "workspace-design") {
		t.Errorf("load of a workspace design: %v", load)
	}

	// A token that expires soon, given while live: the editor connects
	// with it, and the server closes the connection when it expires.
	send(map[string]any{"action": "configure", "token": portalToken(t, portalSecret, "ada", 4*time.Second)})
	if tok := event("token"); tok["reason"] != "expired" {
		t.Errorf("token event at expiry: %v", tok)
	}
	said("The portal's token expired")
	p.frameClick("editor", "button", "Redpanda") // the Stream products are still shown
	p.frameFind("editor", "status", "Workspace: Reconnecting… 1 change waiting")
	send(map[string]any{"action": "configure", "token": portalToken(t, portalSecret, "ada", time.Hour)})
	p.frameFind("editor", "status", "Workspace: Live")
	stored(`component: "redpanda"`)

	// The page waiting for a portal's token, on its own (no portal ever
	// sends one), passes axe.
	q := p.secondTab()
	q.do(chromedp.EmulateViewport(1440, 900))
	q.navigate(editor.URL + "/?embed=1&workspace=" + id)
	q.find("region", "Workspace sign-in")
	q.find("status", "Workspace: "+"Waiting for the portal's sign-in")
	q.checkAccessible("a workspace design waiting for the portal's token")
}

// TestLiveDeletedKeeps: a design deleted while open live is read-only with
// why, its unsent edit is not lost: Keep as a new design adds the design
// as this tab has it to this browser's designs and opens it.
func TestLiveDeletedKeeps(t *testing.T) {
	ts := serveTeam(t)
	id := createDesign(t, ts.URL, "Orders", liveDesign)
	link := newCuttable(t, strings.TrimPrefix(ts.URL, "http://"))
	p := newPage(t, link.url)
	p.server = ts
	p.do(chromedp.EmulateViewport(1440, 900))
	p.navigate(link.url + "/")
	p.openLive("Orders")

	// Offline, an edit waits; the design is deleted meanwhile.
	link.cut(true)
	p.waitText("status", "Workspace: Reconnecting… 0 changes waiting", "Reconnecting")
	p.click("button", "api, AWS Lambda…")
	p.fill("spinbutton", "timeoutSeconds", "75")
	p.waitText("status", "Workspace: Reconnecting… 1 change waiting", "1 change waiting")
	req, _ := http.NewRequest("DELETE", ts.URL+"/api/workspace/designs/"+id, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusNoContent && resp.StatusCode != http.StatusOK {
		t.Fatalf("deleting: %v %v", resp, err)
	}
	resp.Body.Close()
	link.cut(false)

	why := "Workspace: Not live, read only: deleted, or access removed"
	p.find("status", why)
	p.find("alert", "No longer live")
	if got := p.eval(p.find("button", "Undo"), `function() { return this.disabled }`); got != "true" {
		t.Error("Undo is enabled in a design that is no longer live")
	}
	p.checkAccessible("a live design deleted")
	p.click("button", "Keep as a new design")
	p.eventually("the kept design to open from the library", func() (bool, string) {
		return strings.Contains(p.href(), "design="), p.href()
	})
	p.absent("alert", "No longer live")
	p.absent("status", "Workspace: …")
	p.click("button", "api, AWS Lambda…")
	p.waitValue("timeoutSeconds", "75")
}

// TestLiveTooSlowBacksOff: a server that welcomes the editor and closes
// the connection at once with 4000 (too slow), every time, is not asked
// again at once every time: the waits between connections grow (0.5 s,
// 1 s, 2 s, each with up to a quarter more).
func TestLiveTooSlowBacksOff(t *testing.T) {
	var mu sync.Mutex
	var dialled []time.Time
	ws := http.NewServeMux()
	ws.HandleFunc("GET /api/workspace/designs/d1", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"id": "d1", "name": "Orders", "owner": "local", "role": "editor", "seq": 0, "design": liveDesign})
	})
	ws.HandleFunc("GET /api/workspace/designs/d1/live", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		dialled = append(dialled, time.Now())
		mu.Unlock()
		conn, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		ctx := r.Context()
		if _, _, err := conn.Read(ctx); err != nil { // the hello
			return
		}
		conn.Write(ctx, websocket.MessageText, []byte(`{"type":"welcome","user":"local","role":"editor","seq":0}`))
		conn.Close(4000, "too slow: resync from your last sequence")
	})
	editor := serveEditor(t, server.Options{Workspace: ws})
	p := newPage(t, editor.URL)
	p.navigate(editor.URL + "/?workspace=d1")
	p.eventually("five connections", func() (bool, string) {
		mu.Lock()
		defer mu.Unlock()
		return len(dialled) >= 5, fmt.Sprint(len(dialled), " so far")
	})
	mu.Lock()
	defer mu.Unlock()
	for i := 0; i < 4; i++ {
		// At least the wait; at most a quarter more, and the time a
		// connection takes on a busy machine.
		gap, least := dialled[i+1].Sub(dialled[i]), 500*time.Millisecond<<i
		if most := least*5/4 + time.Second; gap < least || gap > most {
			t.Errorf("wait before connection %d: %v, want %v to %v (connected at %v)", i+2, gap, least, most, dialled)
		}
	}
	if got := p.text("status", "Workspace: …"); !strings.HasPrefix(got, "Reconnecting") && got != "Live" {
		t.Errorf("status %q", got)
	}
}
