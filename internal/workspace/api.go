package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/archdesigner/designer/catalogue/diag"
)

// apiError is an HTTP API refusal: its status, a stable code and what is
// wrong and what would be right; Problems lists a design's errors.
type apiError struct {
	status   int
	Code     string         `json:"code"`
	Message  string         `json:"message"`
	Problems diag.ErrorList `json:"problems,omitempty"`
}

func (e *apiError) Error() string { return e.Message }

var notFound = &apiError{status: http.StatusNotFound, Code: CodeNotFound, Message: "not found"}

// Handler returns the workspace's HTTP API and WebSocket, to mount at
// /api/workspace/:
//
//	GET    /api/workspace/me                          who you are
//	GET    /api/workspace/designs                     the designs you may see
//	POST   /api/workspace/designs                     {name, design}: a new design you own
//	GET    /api/workspace/designs/{id}                the design now and its sequence
//	PUT    /api/workspace/designs/{id}/members        {members: [{user, role}]} (owner)
//	DELETE /api/workspace/designs/{id}                (owner)
//	GET    /api/workspace/designs/{id}/history        who changed what, when
//	GET    /api/workspace/designs/{id}/live           the WebSocket
//
// A design you may not see answers 404 "not found", whatever the reason.
func (w *Workspace) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/workspace/me", w.api(w.me))
	mux.HandleFunc("GET /api/workspace/designs", w.api(w.list))
	mux.HandleFunc("POST /api/workspace/designs", w.api(w.createDesign))
	mux.HandleFunc("GET /api/workspace/designs/{id}", w.api(w.read))
	mux.HandleFunc("PUT /api/workspace/designs/{id}/members", w.api(w.setMembers))
	mux.HandleFunc("DELETE /api/workspace/designs/{id}", w.api(w.deleteDesign))
	mux.HandleFunc("GET /api/workspace/designs/{id}/history", w.api(w.history))
	mux.HandleFunc("GET /api/workspace/designs/{id}/live", w.live)
	mux.HandleFunc("/api/workspace/", func(rw http.ResponseWriter, r *http.Request) {
		writeError(rw, &apiError{status: http.StatusNotFound, Code: CodeNotFound, Message: "no such workspace API: " + diag.Clip(r.Method+" "+r.URL.Path)})
	})
	return mux
}

// api identifies the user of every request and writes the answer as JSON.
func (w *Workspace) api(f func(ctx context.Context, u User, r *http.Request) (int, any, error)) http.HandlerFunc {
	return func(rw http.ResponseWriter, r *http.Request) {
		if err := sameSite(r); err != nil {
			writeError(rw, err)
			return
		}
		u, err := w.cfg.Auth.Identify(r, "")
		if err != nil {
			writeError(rw, &apiError{status: http.StatusUnauthorized, Code: CodeUnauthorized, Message: err.Error()})
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), 20*time.Second)
		defer cancel()
		status, body, err := f(ctx, u, r)
		if err != nil {
			writeError(rw, err)
			return
		}
		rw.Header().Set("Content-Type", "application/json")
		rw.Header().Set("Cache-Control", "no-store")
		rw.WriteHeader(status)
		json.NewEncoder(rw).Encode(body)
	}
}

// sameSite refuses a state-changing request a hostile page could make a
// browser send with the user's credentials (the proxy's cookie, a local
// server's loopback): one from another Origin, and a body that is not
// JSON (a form or text/plain goes without a CORS preflight; JSON does
// not). Reads are safe: without CORS headers another site cannot read
// the answer.
func sameSite(r *http.Request) error {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return nil
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		u, err := url.Parse(origin)
		if err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) {
			return &apiError{status: http.StatusForbidden, Code: "cross-origin", Message: "a request from another site's page (Origin " + diag.Clip(origin) + ") may not change the workspace"}
		}
	}
	if r.Method == http.MethodPost || r.Method == http.MethodPut {
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
			return &apiError{status: http.StatusUnsupportedMediaType, Code: "not-json", Message: "send the body as Content-Type: application/json"}
		}
	}
	return nil
}

func writeError(rw http.ResponseWriter, err error) {
	var ae *apiError
	if errors.Is(err, errNotFound) {
		ae = notFound
	} else if !errors.As(err, &ae) {
		ae = &apiError{status: http.StatusServiceUnavailable, Code: CodeBusy, Message: "the store did not answer: " + err.Error()}
	}
	rw.Header().Set("Content-Type", "application/json")
	rw.Header().Set("Cache-Control", "no-store")
	rw.WriteHeader(ae.status)
	json.NewEncoder(rw).Encode(map[string]*apiError{"error": ae})
}

func (w *Workspace) me(_ context.Context, u User, _ *http.Request) (int, any, error) {
	return http.StatusOK, u, nil
}

// Summary is a design as the list shows it to one user.
type Summary struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Owner   string    `json:"owner"`
	Role    Role      `json:"role"`
	Updated time.Time `json:"updated"`
	Seq     uint64    `json:"seq"`
}

func (w *Workspace) list(ctx context.Context, u User, _ *http.Request) (int, any, error) {
	all, err := w.entries(ctx)
	if err != nil {
		return 0, nil, err
	}
	out := []Summary{}
	for _, e := range all {
		if role := e.RoleOf(u.ID); role != "" {
			out = append(out, Summary{ID: e.ID, Name: e.Name, Owner: e.Owner, Role: role, Updated: e.Updated, Seq: e.Seq})
		}
	}
	return http.StatusOK, map[string]any{"designs": out}, nil
}

// readBody reads a JSON body of at most limit bytes into v.
func readBody(r *http.Request, limit int, v any) error {
	data, err := io.ReadAll(io.LimitReader(r.Body, int64(limit)+1))
	if err != nil {
		return &apiError{status: http.StatusBadRequest, Code: CodeBadJSON, Message: "the body could not be read: " + err.Error()}
	}
	if len(data) > limit {
		return &apiError{status: http.StatusRequestEntityTooLarge, Code: CodeTooLarge, Message: fmt.Sprintf("the body is over %d bytes, the most a request may send", limit)}
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &apiError{status: http.StatusBadRequest, Code: CodeBadJSON, Message: "the body is not the JSON this takes: " + err.Error()}
	}
	return nil
}

// Design is a design as read: the YAML as of its last change and that
// change's sequence, which a live client says it has.
type Design struct {
	Summary
	Members []Member `json:"members"`
	Design  string   `json:"design"`
}

func (w *Workspace) createDesign(ctx context.Context, u User, r *http.Request) (int, any, error) {
	var body struct {
		Name   string `json:"name"`
		Design string `json:"design"`
	}
	if err := readBody(r, w.limits.DesignBytes*2+1024, &body); err != nil {
		return 0, nil, err
	}
	name := strings.TrimSpace(body.Name)
	if name == "" || len(name) > maxNameLength {
		return 0, nil, &apiError{status: http.StatusBadRequest, Code: CodeBadField, Message: fmt.Sprintf("name: give the design a name of 1 to %d bytes", maxNameLength)}
	}
	if len(body.Design) > w.limits.DesignBytes {
		return 0, nil, &apiError{status: http.StatusRequestEntityTooLarge, Code: CodeTooLarge, Message: fmt.Sprintf("design: %d bytes; workspace designs are limited to %d", len(body.Design), w.limits.DesignBytes)}
	}
	if _, errs := w.cfg.Catalogue.ReadDesign("design.yaml", []byte(body.Design)); len(errs) > 0 {
		return 0, nil, &apiError{status: http.StatusUnprocessableEntity, Code: "invalid-design", Message: fmt.Sprintf("the design has %d problems; the first: %v", len(errs), errs[0]), Problems: errs}
	}
	e, err := w.create(ctx, u, name, []byte(body.Design))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, Design{Summary: summary(e, Owner), Members: e.Members, Design: body.Design}, nil
}

func summary(e *Entry, role Role) Summary {
	return Summary{ID: e.ID, Name: e.Name, Owner: e.Owner, Role: role, Updated: e.Updated, Seq: e.Seq}
}

// visible returns the design's entry when u may see it; errNotFound
// otherwise, so that "no such design" and "not yours" look the same.
func (w *Workspace) visible(ctx context.Context, u User, id string) (*Entry, uint64, Role, error) {
	e, rev, err := w.entry(ctx, id)
	if err != nil {
		return nil, 0, "", err
	}
	role := e.RoleOf(u.ID)
	if role == "" {
		return nil, 0, "", errNotFound
	}
	return e, rev, role, nil
}

func (w *Workspace) read(ctx context.Context, u User, r *http.Request) (int, any, error) {
	e, _, role, err := w.visible(ctx, u, r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	design, seq, err := w.current(ctx, e.ID)
	if err != nil {
		return 0, nil, err
	}
	s := summary(e, role)
	s.Seq = seq
	return http.StatusOK, Design{Summary: s, Members: e.Members, Design: string(design)}, nil
}

var errOwnerOnly = &apiError{status: http.StatusForbidden, Code: "owner-only", Message: "only the design's owner may do this"}

func (w *Workspace) setMembers(ctx context.Context, u User, r *http.Request) (int, any, error) {
	id := r.PathValue("id")
	if _, _, role, err := w.visible(ctx, u, id); err != nil {
		return 0, nil, err
	} else if role != Owner {
		return 0, nil, errOwnerOnly
	}
	var body struct {
		Members []Member `json:"members"`
	}
	if err := readBody(r, 64<<10, &body); err != nil {
		return 0, nil, err
	}
	if len(body.Members) > w.limits.MembersPerDesign {
		return 0, nil, &apiError{status: http.StatusConflict, Code: "limit-members", Message: fmt.Sprintf("%d members; a design may have %d", len(body.Members), w.limits.MembersPerDesign)}
	}
	seen := map[string]bool{}
	for i, m := range body.Members {
		where := "members[" + strconv.Itoa(i) + "]"
		switch {
		case m.User == "" || len(m.User) > maxNameLength*2:
			return 0, nil, &apiError{status: http.StatusBadRequest, Code: CodeBadField, Message: where + ".user: a user id of 1 to 200 bytes"}
		case !m.Role.valid():
			return 0, nil, &apiError{status: http.StatusBadRequest, Code: CodeBadField, Message: fmt.Sprintf("%s.role: %q is not one of owner, editor, viewer", where, diag.Clip(string(m.Role)))}
		case seen[m.User]:
			return 0, nil, &apiError{status: http.StatusBadRequest, Code: CodeBadField, Message: fmt.Sprintf("%s.user: %q is listed twice", where, diag.Clip(m.User))}
		}
		seen[m.User] = true
	}
	e, err := w.updateEntry(ctx, id, func(e *Entry) error {
		if e.RoleOf(u.ID) != Owner {
			return errOwnerOnly
		}
		owner := e.Owner
		// A local copy: f runs again when another server changed the
		// entry meanwhile, and must not add the owner twice.
		members := body.Members
		if !seen[owner] {
			members = append([]Member{{User: owner, Role: Owner}}, members...)
		}
		for i := range members {
			if members[i].User == owner && members[i].Role != Owner {
				return &apiError{status: http.StatusBadRequest, Code: CodeBadField, Message: fmt.Sprintf("members[%d].role: the design's owner %q stays its owner", i, diag.Clip(owner))}
			}
		}
		if len(members) > w.limits.MembersPerDesign {
			return &apiError{status: http.StatusConflict, Code: "limit-members", Message: fmt.Sprintf("%d members with the owner; a design may have %d", len(members), w.limits.MembersPerDesign)}
		}
		e.Members, e.Updated = members, time.Now().UTC()
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"id": e.ID, "members": e.Members}, nil
}

func (w *Workspace) deleteDesign(ctx context.Context, u User, r *http.Request) (int, any, error) {
	e, rev, role, err := w.visible(ctx, u, r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	if role != Owner {
		return 0, nil, errOwnerOnly
	}
	if err := w.remove(ctx, e.ID, rev); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]string{"deleted": e.ID}, nil
}

// Change is one entry of a design's history.
type Change struct {
	Seq    uint64          `json:"seq"`
	ID     string          `json:"id"`
	User   string          `json:"user"`
	Name   string          `json:"name"`
	At     time.Time       `json:"at"`
	Change json.RawMessage `json:"change"`
}

// maxHistory bounds one history answer; ?before=SEQ pages back.
const maxHistory = 200

func (w *Workspace) history(ctx context.Context, u User, r *http.Request) (int, any, error) {
	e, _, _, err := w.visible(ctx, u, r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	last, err := w.lastSeq(ctx, e.ID)
	if err != nil {
		return 0, nil, err
	}
	if b := r.URL.Query().Get("before"); b != "" {
		before, err := strconv.ParseUint(b, 10, 64)
		if err != nil || before == 0 {
			return 0, nil, &apiError{status: http.StatusBadRequest, Code: CodeBadField, Message: "before: a sequence, 1 or more"}
		}
		last = min(last, before-1)
	}
	// Back from the last, one direct get a change: a page reads its 200
	// changes, not the design's whole history from its first.
	var out []Change
	for upto := last; upto > 0 && len(out) < maxHistory; {
		seq, rec, found, err := w.changeBefore(ctx, e.ID, upto)
		if err != nil {
			return 0, nil, err
		}
		if !found {
			break
		}
		out = append(out, Change{Seq: seq, ID: rec.ID, User: rec.User, Name: rec.Name, At: rec.At, Change: rec.Change})
		upto = seq - 1
	}
	slices.Reverse(out)
	if out == nil {
		out = []Change{}
	}
	return http.StatusOK, map[string]any{"id": e.ID, "changes": out}, nil
}
