package app

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
)

// EmbedOriginsEnv names the go-app environment variable that carries the
// origins allowed to embed the editor, separated by spaces.
const EmbedOriginsEnv = "DESIGNER_EMBED_ORIGINS"

// embedding is the editor's side of the embed protocol (a superset of
// draw.io's JSON protocol): the host page frames /?embed=1; messages are JSON
// strings; the editor accepts them only from its parent window at an allowed
// origin, and answers that origin only. In embed mode the editor never reads
// or writes the user's own saved design.
type embedding struct {
	e        *Editor
	allowed  []string
	origin   string // the host's origin, once it has written
	modified bool
}

// message is an action from the host.
type message struct {
	Action    string            `json:"action"`
	Design    string            `json:"design"`
	Format    string            `json:"format"`
	ReadOnly  *bool             `json:"readOnly"`
	Catalogue map[string]string `json:"catalogue"`
}

// startEmbedding enters embed mode: it listens to the parent and says init.
func (e *Editor) startEmbedding(ctx app.Context) {
	em := &embedding{e: e, allowed: strings.Fields(app.Getenv(EmbedOriginsEnv))}
	e.embed = em
	e.store.OnSelect = func(s *Store) { em.selection() }
	e.listen("message", func(ev app.Value) {
		origin := ev.Get("origin").String()
		if !ev.Get("source").Equal(app.Window().Get("parent")) || !contains(em.allowed, origin) {
			return // not our host: ignored, unanswered
		}
		data := ev.Get("data")
		if data.Type() != app.TypeString {
			return
		}
		var m message
		if err := json.Unmarshal([]byte(data.String()), &m); err != nil {
			return
		}
		ctx.Dispatch(func(app.Context) {
			em.origin = origin
			em.handle(m)
		})
	})
	// The host is not known until it writes; init goes to each allowed
	// origin, and the browser delivers it only where the parent is.
	for _, origin := range em.allowed {
		em.postTo(origin, map[string]any{"event": "init"})
	}
}

func (em *embedding) post(event map[string]any) {
	if em.origin != "" {
		em.postTo(em.origin, event)
	}
}

func (em *embedding) postTo(origin string, event map[string]any) {
	data, err := json.Marshal(event)
	if err != nil {
		return
	}
	parent := app.Window().Get("parent")
	if parent.Truthy() && !parent.Equal(app.Window()) {
		parent.Call("postMessage", string(data), origin)
	}
}

// handle carries out one action.
func (em *embedding) handle(m message) {
	s := em.e.store
	switch m.Action {
	case "load":
		readOnly := s.ReadOnly
		s.ReadOnly = false // the host may load into a read-only editor
		err := s.Import("the host's design", []byte(m.Design))
		s.ReadOnly = readOnly
		if err != nil {
			em.post(map[string]any{"event": "load", "errors": errorLines(err)})
			return
		}
		em.modified = false
		em.post(map[string]any{"event": "load"})
	case "export":
		var data string
		switch m.Format {
		case "", "yaml":
			m.Format, data = "yaml", string(s.Export())
		case "json":
			data = string(catalogue.MarshalJSON(s.Design))
		case "svg":
			data = DesignSVG(s)
		default:
			em.post(map[string]any{"event": "export", "format": m.Format, "errors": []string{"format " + m.Format + " is not one of yaml, json, svg"}})
			return
		}
		em.post(map[string]any{"event": "export", "format": m.Format, "data": data})
	case "validate":
		em.post(map[string]any{"event": "validation", "violations": violations(s), "errors": []string{}})
	case "configure":
		if m.Catalogue != nil {
			if err := em.configureCatalogue(m.Catalogue); err != nil {
				em.post(map[string]any{"event": "configure", "errors": errorLines(err)})
				return
			}
		}
		if m.ReadOnly != nil {
			s.ReadOnly = *m.ReadOnly
			s.Version++
		}
		em.post(map[string]any{"event": "configure"})
	}
}

// configureCatalogue lays the host's catalogue files (path: YAML) over the
// embedded catalogue.
func (em *embedding) configureCatalogue(files map[string]string) error {
	cat, err := catalogue.LoadEmbedded(catalogue.Layer{Name: "host", FS: catalogue.Files(files)})
	if err != nil {
		return err
	}
	return em.e.store.SetCatalogue(cat)
}

// changed sends autosave after every change of the design.
func (em *embedding) changed(s *Store) {
	em.modified = true
	em.post(map[string]any{"event": "autosave", "design": string(s.Export()), "violations": violations(s)})
}

func (em *embedding) save() {
	em.modified = false
	s := em.e.store
	em.post(map[string]any{"event": "save", "design": string(s.Export()), "violations": violations(s)})
}

func (em *embedding) exit() {
	em.post(map[string]any{"event": "exit", "modified": em.modified})
}

func (em *embedding) selection() {
	sel := em.e.store.Selection
	event := map[string]any{"event": "selection", "node": nil, "edge": nil}
	if sel.Node != "" {
		event["node"] = sel.Node
	} else if sel.Edge >= 0 && sel.Edge < len(em.e.store.Design.Edges) {
		e := em.e.store.Design.Edges[sel.Edge]
		event["edge"] = catalogue.EdgeRef{From: e.From, To: e.To}
	}
	em.post(event)
}

func violations(s *Store) []catalogue.Violation {
	return append([]catalogue.Violation{}, s.Resolution.Violations...)
}

func errorLines(err error) []string {
	var list catalogue.ErrorList
	if errors.As(err, &list) {
		lines := make([]string, len(list))
		for i, e := range list {
			lines[i] = e.Error()
		}
		return lines
	}
	return []string{err.Error()}
}
