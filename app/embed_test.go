package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/app/state"
)

// host is an embedding host on the other side of the protocol: it records
// what the editor posts, by origin.
type host struct {
	t      *testing.T
	em     *embedding
	posted []post
}

type post struct {
	origin string
	event  map[string]any
}

const portal = "https://portal.example.com"

func newHost(t *testing.T) (*host, *state.Store) {
	t.Helper()
	h := &host{t: t}
	s := newStore(t)
	h.em = newEmbedding(s, []string{portal, "https://other.example.com"}, func(origin, data string) {
		var event map[string]any
		if err := json.Unmarshal([]byte(data), &event); err != nil {
			t.Fatalf("the editor posted %q: %v", data, err)
		}
		h.posted = append(h.posted, post{origin, event})
	})
	return h, s
}

// send posts an action from origin and returns what the editor answered.
func (h *host) send(origin, action string) []post {
	h.t.Helper()
	h.posted = nil
	h.em.receive(origin, action)
	return h.posted
}

// only returns the one event posted, which must go to the portal.
func (h *host) only(posts []post) map[string]any {
	h.t.Helper()
	if len(posts) != 1 || posts[0].origin != portal {
		h.t.Fatalf("posted %+v, want one event to %s", posts, portal)
	}
	return posts[0].event
}

func TestEmbedProtocol(t *testing.T) {
	h, s := newHost(t)
	if len(h.posted) != 2 || h.posted[0].event["event"] != "init" || h.posted[1].origin != "https://other.example.com" {
		t.Fatalf("init: %+v", h.posted)
	}
	if got := h.send("https://intruder.example", `{"action":"load","design":"nodes: []"}`); len(got) != 0 || len(s.Design().Nodes) != 0 {
		t.Errorf("a disallowed origin was answered: %+v", got)
	}
	if ev := h.only(h.send(portal, `not json`)); ev["event"] != "error" {
		t.Errorf("a message that is not an action: %+v", ev)
	}

	// load: the answer, and no autosave of what the host just gave (when
	// changes pause); a bad design changes nothing and says where and what,
	// with codes.
	got := h.send(portal, `{"action":"load","design":"nodes:\n  - {id: q, component: kafka}\n  - {id: f, component: aws-lambda}\nedges: [{from: q, to: f}]\n"}`)
	if len(got) != 1 || got[0].event["event"] != "load" || got[0].event["errors"] != nil {
		t.Fatalf("load: %+v", got)
	}
	h.posted = nil
	h.em.flush()
	if len(h.posted) != 0 {
		t.Errorf("the host's own load came back as autosave: %+v", h.posted)
	}
	h.em.exit()
	if ev := h.posted[len(h.posted)-1].event; ev["event"] != "exit" || ev["modified"] != false {
		t.Errorf("exit right after a load: %+v", ev)
	}
	ev := h.only(h.send(portal, `{"action":"load","design":"nodes:\n  - {id: q, component: kafak}\n"}`))
	errs, _ := ev["errors"].([]any)
	if len(errs) != 1 || len(s.Design().Nodes) != 2 {
		t.Fatalf("bad load: %+v; design has %d nodes", ev, len(s.Design().Nodes))
	}
	e := errs[0].(map[string]any)
	if e["code"] != "unknown-component" || e["line"] != 2.0 || e["column"] != 24.0 || e["path"] != "nodes[0].component" || !strings.Contains(e["message"].(string), "did you mean `kafka`?") {
		t.Errorf("error %+v", e)
	}

	// Selecting and deleting the selected node: the host hears both.
	s.Select("q")
	if ev := h.posted[len(h.posted)-1].event; ev["event"] != "selection" || ev["node"] != "q" {
		t.Errorf("selection: %+v", ev)
	}
	h.posted = nil
	if err := s.DeleteSelection(); err != nil {
		t.Fatal(err)
	}
	h.em.flush() // changes paused
	if len(h.posted) != 2 || h.posted[0].event["event"] != "selection" || h.posted[0].event["node"] != nil || h.posted[1].event["event"] != "autosave" {
		t.Errorf("after deleting the selected node: %+v", h.posted)
	}

	// A group's selection is told as one.
	h.posted = nil
	g, err := s.AddGroup("region")
	if err != nil {
		t.Fatal(err)
	}
	if ev := h.posted[0].event; ev["event"] != "selection" || ev["group"] != g || ev["node"] != nil {
		t.Errorf("group selection: %+v", ev)
	}
	s.Undo()
	h.em.flush()

	for format, want := range map[string]string{"yaml": `component: "aws-lambda"`, "json": `"component":"aws-lambda"`, "svg": "<svg",
		"mermaid": "flowchart LR", "d2": "direction: right", "structurizr": "workspace ", "drawio": "<mxfile "} {
		ev := h.only(h.send(portal, `{"action":"export","format":"`+format+`"}`))
		if data, _ := ev["data"].(string); ev["format"] != format || !strings.Contains(data, want) {
			t.Errorf("export %s: %+v", format, ev)
		}
	}
	if ev := h.only(h.send(portal, `{"action":"export","format":"png"}`)); ev["errors"] == nil || !strings.Contains(fmt.Sprint(ev["errors"]), "is not one of yaml, json, svg, mermaid, d2, structurizr, drawio") {
		t.Errorf("export png: %+v", ev)
	}
	if ev := h.only(h.send(portal, `{"action":"validate"}`)); ev["event"] != "validation" || ev["violations"] == nil {
		t.Errorf("validate: %+v", ev)
	}
	// analyze: the report designer analyze -o json writes.
	if ev := h.only(h.send(portal, `{"action":"analyze"}`)); ev["event"] != "analysis" {
		t.Errorf("analyze: %+v", ev)
	} else if a, _ := ev["analysis"].(map[string]any); a == nil || a["entries"] == nil || a["spofs"] == nil || a["durability"] == nil {
		t.Errorf("analyze: %+v", ev)
	}

	// configure: read-only refuses edits, yet the host may still load.
	if ev := h.only(h.send(portal, `{"action":"configure","readOnly":true}`)); ev["errors"] != nil || !s.ReadOnly() {
		t.Fatalf("configure: %+v", ev)
	}
	if _, err := s.AddNode("kafka"); err == nil {
		t.Error("a read-only design took a node")
	}
	got = h.send(portal, `{"action":"load","design":"nodes: [{id: k, component: kafka}]\n"}`)
	if got[len(got)-1].event["errors"] != nil || s.Node("k") == nil || !s.ReadOnly() {
		t.Errorf("load into a read-only editor: %+v", got)
	}

	// configure with catalogue files: a broken one is refused with its
	// problems, a good one adds its products.
	ev = h.only(h.send(portal, `{"action":"configure","catalogue":{"components/acme-bus.yaml":"kind: stream\n"}}`))
	if errs, _ := ev["errors"].([]any); len(errs) == 0 || s.Catalogue().Components["acme-bus"] != nil {
		t.Errorf("broken catalogue: %+v", ev)
	}
	files := map[string]string{
		"components/acme-bus.yaml": "schemaVersion: \"1\"\ntype: component\nid: acme-bus\nkind: stream\nprovider: default\ndocs: https://acme.example/bus\n",
		"products/acme.yaml":       "schemaVersion: \"1\"\ntype: products\nproducts:\n  acme-bus: { name: Acme Bus, summary: The house bus. }\n",
	}
	msg, _ := json.Marshal(map[string]any{"action": "configure", "catalogue": files})
	if ev := h.only(h.send(portal, string(msg))); ev["errors"] != nil || s.Catalogue().Components["acme-bus"] == nil {
		t.Errorf("catalogue: %+v", ev)
	}
}

// What the editor cannot act on is answered, not dropped: malformed JSON,
// fields of the wrong type and unknown actions each get an error event with
// a code and what is wrong; origins that may not embed still get nothing.
func TestEmbedRefusals(t *testing.T) {
	h, _ := newHost(t)
	for _, tc := range []struct{ data, code, says string }{
		{`{"action":`, "bad-message", "the message is not JSON: unexpected end of JSON input"},
		{`["load"]`, "bad-message", `a message is a JSON object such as {"action":"validate"}, not a JSON array`},
		{`{"action":"configure","readOnly":"yes"}`, "bad-message", "`readOnly` must be true or false, not a JSON string"},
		{`{"action":"load","design":42}`, "bad-message", "`design` must be a string, not a JSON number"},
		{`{"action":"launch"}`, "unknown-action", "`launch` is not an action"},
		{`{}`, "unknown-action", "the actions are load, export, validate, analyze and configure"},
	} {
		ev := h.only(h.send(portal, tc.data))
		errs, _ := ev["errors"].([]any)
		if ev["event"] != "error" || len(errs) != 1 {
			t.Errorf("%s: %+v", tc.data, ev)
			continue
		}
		e := errs[0].(map[string]any)
		if e["code"] != tc.code || !strings.Contains(e["message"].(string), tc.says) {
			t.Errorf("%s: %+v", tc.data, e)
		}
	}
	if posts := h.send("https://evil.example.com", `{"action":`); len(posts) != 0 {
		t.Errorf("answered an origin that may not embed: %+v", posts)
	}
}

// A catalogue under which the design no longer checks is refused with each
// problem's line and column in the design as exported.
func TestConfigureRefusalHasPositions(t *testing.T) {
	h, s := newHost(t)
	files := map[string]string{
		"components/acme-bus.yaml": "schemaVersion: \"1\"\ntype: component\nid: acme-bus\nkind: stream\nprovider: default\ndocs: https://acme.example/bus\n",
		"products/acme.yaml":       "schemaVersion: \"1\"\ntype: products\nproducts:\n  acme-bus: { name: Acme Bus, summary: The house bus. }\n",
	}
	msg, _ := json.Marshal(map[string]any{"action": "configure", "catalogue": files})
	h.only(h.send(portal, string(msg)))
	if _, err := s.AddNode("acme-bus"); err != nil {
		t.Fatal(err)
	}
	ev := h.only(h.send(portal, `{"action":"configure","catalogue":{}}`))
	errs, _ := ev["errors"].([]any)
	if len(errs) != 1 {
		t.Fatalf("configure: %+v", ev)
	}
	e := errs[0].(map[string]any)
	if e["code"] != "unknown-component" || e["line"] == nil || e["column"] == nil || e["path"] != "nodes[0].component" {
		t.Errorf("refusal: %+v", e)
	}
}

// An editor that comes back from a catalogue page in embed mode goes on
// with the session's protocol: one embedding, which alone subscribes to the
// store, so the host hears no second init and every change once.
func TestEmbeddingIsTheSessions(t *testing.T) {
	e := NewEditor(&fakePlatform{stored: map[string]string{}}, mustEmbedded(t))
	d, _ := mount(t, e)
	d.Consume()
	e.startEmbedding(e.ctx)
	first := e.session.embed
	next := &Editor{platform: e.platform}
	next.resume(e)
	next.ctx = e.ctx
	next.startEmbedding(next.ctx)
	if first == nil || next.session.embed != first {
		t.Error("the editor that came back started a second embedding")
	}
}
