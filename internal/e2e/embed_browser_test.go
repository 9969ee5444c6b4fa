//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/archdesigner/designer/internal/server"
)

// hostPage frames the editor and records what it posts; send(m) posts an
// action to it.
const hostPage = `<!doctype html><title>Portal</title>
<iframe name="editor" title="Designer" src="%[1]s/?embed=1" width="1200" height="760"></iframe>
<iframe name="intruder" title="Intruder" src="%[2]s/" width="10" height="10"></iframe>
<script>
window.events = [];
addEventListener("message", (e) => {
  if (e.source === frames["editor"]) window.events.push({origin: e.origin, data: JSON.parse(e.data)});
});
window.send = (m) => frames["editor"].postMessage(JSON.stringify(m), %[1]q);
</script>`

// intruderPage sits beside the editor on a disallowed origin and keeps
// trying to load a design into it.
const intruderPage = `<!doctype html><title>Intruder</title><script>
setInterval(() => parent.frames["editor"].postMessage(JSON.stringify({action: "load", design: 'nodes:\n  - { id: "evil", component: "kafka" }\n'}), "*"), 100);
</script>`

// The whole embed conversation with a portal on another origin, and a
// message from a disallowed origin that must be ignored.
func TestEmbedProtocol(t *testing.T) {
	var editorURL string
	intruder := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, intruderPage) }))
	defer intruder.Close()
	portal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, hostPage, editorURL, intruder.URL)
	}))
	defer portal.Close()
	editor := serveEditor(t, server.Options{EmbedOrigins: []string{portal.URL}})
	editorURL = editor.URL

	p := newPage(t, portal.URL)
	p.do(chromedp.Navigate(portal.URL + "/"))
	// event waits for the editor to post an event and returns the last one.
	event := func(name string) map[string]any {
		t.Helper()
		var got map[string]any
		p.eventually("the "+name+" event", func() (bool, string) {
			raw := p.evalPage(fmt.Sprintf(`JSON.stringify(window.events.filter(e => e.data.event === %q).pop() || null)`, name))
			var s string
			json.Unmarshal([]byte(raw), &s)
			var e struct {
				Origin string         `json:"origin"`
				Data   map[string]any `json:"data"`
			}
			if json.Unmarshal([]byte(s), &e) != nil || e.Data == nil {
				return false, raw
			}
			if e.Origin != editor.URL {
				t.Fatalf("%s came from %s", name, e.Origin)
			}
			got = e.Data
			return true, ""
		})
		p.evalPage(`window.events = []`)
		return got
	}
	send := func(m map[string]any) {
		t.Helper()
		b, _ := json.Marshal(m)
		p.evalPage(fmt.Sprintf(`window.send(%s)`, b))
	}

	event("init")
	send(map[string]any{"action": "load", "design": "nodes:\n  - { id: \"kafka\", component: \"kafka\" }\n  - { id: \"events\", component: \"redpanda\" }\nedges:\n  - { from: \"kafka\", to: \"events\" }\n"})
	event("load")

	yaml := event2(t, send, event, "yaml")
	if !strings.Contains(yaml, `id: "events"`) || strings.Contains(yaml, "evil") {
		t.Errorf("export after load (the intruder must be ignored):\n%s", yaml)
	}
	if js := event2(t, send, event, "json"); !strings.Contains(js, `"component":"redpanda"`) {
		t.Errorf("JSON export: %s", js)
	}
	if svg := event2(t, send, event, "svg"); !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, ">events<") {
		t.Errorf("SVG export: %s", svg)
	}
	send(map[string]any{"action": "validate"})
	if v := event("validation"); fmt.Sprint(v["violations"]) == "[]" {
		t.Errorf("validation: %v", v)
	}
	bad := event2Load(send, event, "nodes:\n  - { id: \"a\", component: \"kafak\" }\n")
	if !strings.Contains(fmt.Sprint(bad["errors"]), "unknown component `kafak`; did you mean `kafka`?") {
		t.Errorf("bad load: %v", bad)
	}

	// A change in the editor: autosave, then selection, Save and Exit.
	p.frameClick("editor", "button", "Stream (19 products)")
	p.frameClick("editor", "button", "Apache Pulsar")
	// The load's own autosave may come first (autosave waits for changes to
	// pause); the one after the edit holds it.
	auto := event("autosave")
	if !strings.Contains(fmt.Sprint(auto["design"]), `component: "pulsar"`) {
		auto = event("autosave")
	}
	if !strings.Contains(fmt.Sprint(auto["design"]), `component: "pulsar"`) {
		t.Errorf("autosave: %v", auto)
	}
	p.frameClick("editor", "button", "Save")
	if saved := event("save"); !strings.Contains(fmt.Sprint(saved["design"]), "pulsar") {
		t.Errorf("save: %v", saved)
	}
	p.frameClick("editor", "button", "Exit")
	if exit := event("exit"); exit["modified"] != false {
		t.Errorf("exit after save: %v", exit)
	}

	// configure: an extra catalogue, then read-only.
	send(map[string]any{"action": "configure", "catalogue": map[string]string{
		"components/acme-bus.yaml": "schemaVersion: \"1\"\ntype: \"component\"\nid: \"acme-bus\"\nkind: \"stream\"\nprovider: \"default\"\ndocs: \"https://acme.example/bus\"\n",
		"products/acme.yaml":       "schemaVersion: \"1\"\ntype: \"products\"\nproducts:\n  acme-bus:\n    name: \"Acme Bus\"\n    summary: \"Ours.\"\n",
	}})
	if c := event("configure"); c["errors"] != nil {
		t.Fatalf("configure: %v", c)
	}
	if r := event2Load(send, event, "nodes:\n  - { id: \"bus\", component: \"acme-bus\" }\n"); r["errors"] != nil {
		t.Errorf("load with the extra catalogue: %v", r)
	}
	send(map[string]any{"action": "configure", "readOnly": true})
	event("configure")
	p.frameFind("editor", "StaticText", "Read-only")
	// Read-only looks it: what would change the design is disabled.
	for _, c := range []struct{ role, name string }{{"button", "New design"}, {"button", "Undo"}} {
		if got := p.eval(p.frameFind("editor", c.role, c.name), `function() { return this.disabled }`); got != "true" {
			t.Errorf("%s %q is enabled in read-only mode", c.role, c.name)
		}
	}
	if got := p.eval(p.frameFind("editor", "textbox", "Availability objective of every entry point (%)"), `function() { return this.disabled }`); got != "true" {
		t.Error("the design objective is editable in read-only mode")
	}

	// Embedding never touched the user's own saved design.
	q := p.secondTab()
	q.navigate(editor.URL + "/")
	if saved := q.saved(); saved != "null" {
		t.Errorf("embed mode wrote the user's storage: %s", saved)
	}
}

func event2(t *testing.T, send func(map[string]any), event func(string) map[string]any, format string) string {
	t.Helper()
	send(map[string]any{"action": "export", "format": format})
	e := event("export")
	if e["format"] != format {
		t.Errorf("export format %v, want %s", e["format"], format)
	}
	s, _ := e["data"].(string)
	return s
}

func event2Load(send func(map[string]any), event func(string) map[string]any, design string) map[string]any {
	send(map[string]any{"action": "load", "design": design})
	return event("load")
}

// examples/embed-host.html works with the editor wherever it runs: here on
// a port of the test's choosing, named in the page's address.
func TestEmbedHostExample(t *testing.T) {
	portal := httptest.NewServer(http.FileServer(http.Dir(filepath.Join("..", "..", "examples"))))
	defer portal.Close()
	editor := serveEditor(t, server.Options{EmbedOrigins: []string{portal.URL}})
	p := newPage(t, portal.URL)
	p.do(chromedp.Navigate(portal.URL + "/embed-host.html?editor=" + url.QueryEscape(editor.URL)))
	logged := func(want string) {
		t.Helper()
		p.eventually("the page's log to say "+want, func() (bool, string) {
			got := p.evalPage(`document.getElementById("log").textContent`)
			return strings.Contains(got, want), got
		})
	}
	logged("designer ready")
	p.click("button", "Load a design")
	p.click("button", "Validate")
	logged("validation:")
	p.click("button", "Export YAML")
	logged(`id: \"orders\"`)
	// Read-only in the page's 1200 px frame: the toolbar keeps to one line.
	p.click("button", "Read-only")
	undo := p.frameFind("designer", "button", "Undo")
	p.eventually("the frame's toolbar read-only, on one line", func() (bool, string) {
		got := p.eval(undo, `function() { const t = document.getElementById("toolbar"); return [t.textContent.includes("Read-only"), t.getBoundingClientRect().height < 48, t.scrollWidth <= t.clientWidth] }`)
		return got == "[true,true,true]", got
	})
}
