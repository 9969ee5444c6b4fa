package app

import (
	"encoding/json"
	"errors"
	"net/url"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/export"
)

// EmbedOriginsEnv names the go-app environment variable that carries the
// origins allowed to embed the editor, separated by spaces.
const EmbedOriginsEnv = "DESIGNER_EMBED_ORIGINS"

// embedding is the editor's side of the embed protocol (a superset of
// draw.io's JSON protocol): the host page frames /?embed=1; messages are JSON
// strings; the editor accepts them only from its parent window (the
// Platform's ListenToHost) at an allowed origin, and answers that origin
// only. In embed mode the editor never reads or writes the user's own saved
// design. It is a function from the host's messages and the store's changes
// to the events it posts, which the Platform carries. Framed with a
// workspace design (/?embed=1&workspace=ID), it opens that design live once
// the host gives the user's token (see embedlive.go).
type embedding struct {
	store    *state.Store
	post     func(origin, data string)
	allowed  []string
	origin   string // the host's origin, once it has written
	modified bool   // changed since the host's last load or the user's Save
	pending  bool   // changed since the last autosave

	// session is the tab's (nil in tests of the protocol alone);
	// workspace the id of the workspace design the page is framed with
	// ("" for none), and token the host's last token for it, in memory
	// only.
	session   *tabSession
	workspace string
	token     string
	// waiting says why the design waits for the host's token ("" while
	// it does not), for the page to show (see renderLiveLost).
	waiting string
}

// message is an action from the host.
type message struct {
	Action    string            `json:"action"`
	Design    string            `json:"design"`
	Format    string            `json:"format"`
	ReadOnly  *bool             `json:"readOnly"`
	Catalogue map[string]string `json:"catalogue"`
	Token     *string           `json:"token"`
}

// newEmbedding starts the protocol with the hosts at the allowed origins
// over store: init goes to each of them (the host is not known until it
// writes, and the browser delivers the message only where the parent is).
func newEmbedding(store *state.Store, allowed []string, post func(origin, data string)) *embedding {
	return (&embedding{store: store, post: post, allowed: allowed}).start()
}

// start listens to the store and says init to the hosts (with the
// workspace design the page is framed with, if any: the host then sends
// the user's token).
func (em *embedding) start() *embedding {
	em.store.Subscribe(func(_ *state.Store, c state.Changed) {
		if c.Design {
			em.noteChange()
		}
		if c.Selection {
			em.selection()
		}
	})
	init := map[string]any{"event": "init"}
	if em.workspace != "" {
		init["workspace"] = em.workspace
	}
	for _, origin := range em.allowed {
		em.postTo(origin, init)
	}
	return em
}

// embedIn starts the session's embed protocol with the hosts at the
// allowed origins, which post carries to; workspace is the workspace design
// the page is framed with ("" for none; nothing when the page has no
// workspace), which waits for the host's token.
func (s *tabSession) embedIn(allowed []string, post func(origin, data string), workspace string) *embedding {
	em := &embedding{store: s.store, post: post, allowed: allowed, session: s}
	if s.workspace() != nil {
		em.workspace = workspace
	}
	s.embed = em.start()
	em.awaitToken()
	return em
}

// embedMode says address u frames the editor in a host's page (?embed=1).
func embedMode(u *url.URL) bool { return u.Query().Get("embed") == "1" }

// startEmbedding enters embed mode: it listens to the host through the
// platform and hands its messages to the UI goroutine. The protocol is the
// session's: an editor that comes back from a catalogue page goes on with
// it (a second would say init to the host again, and tell it every change
// twice).
func (e *Editor) startEmbedding(ctx app.Context) {
	em := e.session.embed
	if em == nil {
		em = e.session.embedIn(strings.Fields(app.Getenv(EmbedOriginsEnv)), e.platform.PostToHost, app.Window().URL().Query().Get(workspaceParam))
	}
	e.listeners = append(e.listeners, e.platform.ListenToHost(func(origin, data string) {
		ctx.Dispatch(func(app.Context) { em.receive(origin, data) })
	}))
}

// receive takes a message from the parent window. One from an origin that
// is not allowed is ignored and unanswered; one that is not an action the
// protocol has is answered with an error event that says why.
func (em *embedding) receive(origin, data string) {
	if !slices.Contains(em.allowed, origin) {
		return
	}
	em.origin = origin
	var m message
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		em.refuse("bad-message", messageProblem(err))
		return
	}
	em.handle(m)
}

// messageProblem says what is wrong with a message's JSON, in the
// protocol's terms.
func messageProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		if typeErr.Field == "" {
			return "a message is a JSON object such as {\"action\":\"validate\"}, not a JSON " + typeErr.Value
		}
		want := map[string]string{"action": "a string", "design": "a string", "format": "a string", "readOnly": "true or false", "catalogue": "an object of file paths to file texts", "token": "a string (the user's token for the workspace)"}[typeErr.Field]
		if want == "" {
			want = "a " + typeErr.Type.String()
		}
		return "`" + typeErr.Field + "` must be " + want + ", not a JSON " + typeErr.Value
	}
	return "the message is not JSON: " + err.Error()
}

// refuse answers a message the editor cannot act on.
func (em *embedding) refuse(code, msg string) {
	em.send(map[string]any{"event": "error", "errors": []any{map[string]any{"code": code, "message": msg}}})
}

func (em *embedding) send(event map[string]any) {
	if em.origin != "" {
		em.postTo(em.origin, event)
	}
}

func (em *embedding) postTo(origin string, event map[string]any) {
	data, err := json.Marshal(event)
	if err != nil {
		return
	}
	em.post(origin, string(data))
}

// handle carries out one action.
func (em *embedding) handle(m message) {
	s := em.store
	switch m.Action {
	case "load":
		if em.workspace != "" {
			em.send(map[string]any{"event": "load", "errors": []any{map[string]any{"code": "workspace-design", "message": "the design is the team's workspace design " + em.workspace + ", open live: it changes by edits, not by load (frame /?embed=1 without workspace to load the host's designs)"}}})
			return
		}
		if err := s.LoadFromHost("the host's design", []byte(m.Design)); err != nil {
			em.send(map[string]any{"event": "load", "errors": errorsJSON(err)})
			return
		}
		em.modified = false
		em.send(map[string]any{"event": "load"})
	case "export":
		var data string
		switch m.Format {
		case "", "yaml":
			m.Format, data = "yaml", string(s.Export())
		case "json":
			data = string(catalogue.EncodeDesignJSON(s.Design()))
		case "svg":
			data = pictureOf(s, nil, drawing.PictureOptions{})
		default:
			out, err := export.Write(m.Format, s.Catalogue(), s.Design(), drawing.LayoutGeometry())
			if err != nil {
				em.send(map[string]any{"event": "export", "format": m.Format, "errors": []any{
					map[string]any{"code": "unknown-format", "message": "format " + m.Format + " is not one of yaml, json, svg, " + strings.Join(export.IDs(), ", ")},
				}})
				return
			}
			data = string(out)
		}
		em.send(map[string]any{"event": "export", "format": m.Format, "data": data})
	case "validate":
		em.send(map[string]any{"event": "validation", "violations": violations(s), "errors": []any{}})
	case "analyze":
		s.Settle()
		// The same report as designer analyze -o json.
		em.send(map[string]any{"event": "analysis", "analysis": s.Analysis(), "errors": []any{}})
	case "configure":
		if problem := em.configureProblem(m); problem != nil {
			em.send(map[string]any{"event": "configure", "errors": []any{problem}})
			return
		}
		if m.Catalogue != nil {
			cat, err := catalogue.LoadEmbedded(catalogue.Layer{Name: "host", FS: catalogue.Files(m.Catalogue)})
			if err == nil {
				err = s.SetCatalogue(cat)
			}
			if err != nil {
				em.send(map[string]any{"event": "configure", "errors": errorsJSON(err)})
				return
			}
		}
		if m.ReadOnly != nil {
			s.SetReadOnly(*m.ReadOnly)
		}
		em.send(map[string]any{"event": "configure"})
		if m.Token != nil {
			em.authorize(*m.Token)
		}
	default:
		em.refuse("unknown-action", "`"+m.Action+"` is not an action; the actions are load, export, validate, analyze and configure")
	}
}

// noteChange records a change of the design: the design now differs from
// what the host loaded or saved (exit's "modified"), and autosave is due.
// The editor calls it at each change, and flush once changes pause.
func (em *embedding) noteChange() { em.modified, em.pending = true, true }

// flush sends the autosave that is due, unless the design is again what the
// host has: its own load is no news to it.
func (em *embedding) flush() {
	if em.pending && em.modified {
		em.autosave()
	}
	em.pending = false
}

// autosave sends the design as it is now.
func (em *embedding) autosave() {
	s := em.store
	em.send(map[string]any{"event": "autosave", "design": string(s.Export()), "violations": violations(s)})
}

// save hands the design to the host (a workspace design's with its id:
// the server keeps it, the host gets a copy).
func (em *embedding) save() {
	em.modified = false
	s := em.store
	event := map[string]any{"event": "save", "design": string(s.Export()), "violations": violations(s)}
	if em.workspace != "" {
		event["workspace"] = em.workspace
	}
	em.send(event)
}

// exit tells the host the user is done; modified says the design changed
// since the host's last load or save, or, for a workspace design, that
// edits made here are not yet stored by the server (closing the frame
// would lose them).
func (em *embedding) exit() {
	modified := em.modified
	if em.workspace != "" {
		modified = em.unsent() > 0
	}
	em.send(map[string]any{"event": "exit", "modified": modified})
}

func (em *embedding) selection() {
	sel := em.store.Selection()
	event := map[string]any{"event": "selection", "node": nil, "edge": nil, "group": nil}
	switch {
	case sel.Node != "":
		event["node"] = sel.Node
	case sel.Edge >= 0 && sel.Edge < len(em.store.Design().Edges):
		e := em.store.Design().Edges[sel.Edge]
		event["edge"] = catalogue.EdgeRef{From: e.From, To: e.To}
	case sel.Group != "":
		event["group"] = sel.Group
	}
	em.send(event)
}

func violations(s *state.Store) []catalogue.Violation {
	s.Settle() // the analysis's findings too, when an edit left it pending
	return append([]catalogue.Violation{}, s.Resolution().Violations...)
}

// errorsJSON is an error as the protocol's errors: each problem with its
// code, position, path and message (catalogue.Error's JSON), or another
// refusal with the code "refused".
func errorsJSON(err error) any {
	var list catalogue.ErrorList
	if errors.As(err, &list) {
		return list
	}
	var one *catalogue.Error
	if errors.As(err, &one) {
		return []any{one}
	}
	return []any{map[string]any{"code": "refused", "message": err.Error()}}
}
