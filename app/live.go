package app

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/patch"
)

// The team workspace (issue 41) as the editor shows it: the server's
// designs beside this browser's in Designs, copying the open design there,
// and a workspace design opened live. The server's HTTP API and WebSocket
// protocol are the README's "Team server"; the browser reaches them through
// the Workspace the platform gives (wasm/workspace.go).

// The HTTP statuses the workspace's API answers that the editor tells
// apart (net/http would add about a megabyte to app.wasm).
const (
	statusOK           = 200
	statusCreated      = 201
	statusUnauthorized = 401
	statusNotFound     = 404
)

// teamState is what the editor knows of the serving host's workspace.
type teamState uint8

const (
	teamUnknown     teamState = iota // not asked yet
	teamAsking                       // the question is on its way
	teamAbsent                       // the host has none (a static host, --workspace=false)
	teamUnreachable                  // no answer, or an error: offline, or the server failing
	teamReady                        // it answered: the user and their designs
)

// viewerReason is why a viewer's design is read-only.
const viewerReason = "you are a viewer of this design"

// maxChangeBytes is the most a change sent live may be as JSON: the
// workspace's message limit (64 KiB, the README's Team server) less room
// for the message around it. A larger edit goes as several changes.
const maxChangeBytes = 64<<10 - 1<<10

// workspaceParam is the address's parameter that names the workspace
// design open live (/?workspace=ID).
const workspaceParam = "workspace"

// openLiveAddress opens the workspace design address u names, if any,
// and reports whether it does.
func (s *tabSession) openLiveAddress(u *url.URL) bool {
	id := u.Query().Get(workspaceParam)
	if id == "" || s.workspace() == nil || s.embed != nil {
		return false
	}
	s.teamOf().openHere(workspaceDesign{ID: id, Name: id})
	return true
}

// liveAddress is the address that opens workspace design id live.
func liveAddress(id string) string {
	return "/?" + url.Values{workspaceParam: {id}}.Encode()
}

// workspaceDesign is a design of the workspace as its list shows it to
// this user (the server's Summary).
type workspaceDesign struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Owner   string    `json:"owner"`
	Role    string    `json:"role"`
	Updated time.Time `json:"updated"`
	Seq     uint64    `json:"seq"`
}

// team is a tab session's view of the workspace, and the design it has
// open live, if any.
type team struct {
	s       *tabSession
	state   teamState
	why     string // why the workspace is unreachable
	user    string
	designs []workspaceDesign
	copying bool
	live    *liveLink
	userID  string // the signed-in user's id, once the server said it
	// share, history and confirm are the Workspace's dialogs, one open
	// at a time (see sharedialog.go, workspacehistory.go and
	// liveworkspace.go); moving says a design is being moved or copied
	// between the workspace and this browser, which waits for it.
	share   *shareForm
	history *historyView
	confirm *workspaceConfirm
	moving  string
	// modalOff stops listening to the open dialog's keys (see showModal).
	modalOff func()
	here     *presence // who else is on the live design (see presence)
}

// workspace returns the Workspace of the session's platform, or nil when
// it has none.
func (s *tabSession) workspace() Workspace {
	w, _ := s.platform.(Workspace)
	return w
}

// teamOf is the session's team, made on first use.
func (s *tabSession) teamOf() *team {
	if s.team == nil {
		s.team = &team{s: s}
	}
	return s.team
}

// apiError reads the workspace's error body ({"error":{"code","message"}})
// into an error naming the request.
func apiError(what string, status int, data []byte) error {
	var body struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(data, &body) == nil && body.Error.Message != "" {
		return fmt.Errorf("%s: %s (%s)", what, body.Error.Message, body.Error.Code)
	}
	return fmt.Errorf("%s: the server answered %d", what, status)
}

// refresh asks the server who the user is and which designs they may see.
func (t *team) refresh() {
	w := t.s.workspace()
	if w == nil {
		t.state = teamAbsent
		return
	}
	if t.state == teamAsking {
		return
	}
	t.state = teamAsking
	w.Request("GET", "/api/workspace/me", nil, func(status int, data []byte, err error) {
		t.s.run(func() {
			switch {
			case errors.Is(err, ErrNoWorkspace):
				t.state = teamAbsent
				return
			case err != nil || status == 0:
				t.state, t.why = teamUnreachable, "no answer from the server"
				return
			case status == statusNotFound || !json.Valid(data):
				// A static host answers its own 404 page, or the app's.
				t.state = teamAbsent
				return
			case status != statusOK:
				t.state, t.why = teamUnreachable, apiError("who you are", status, data).Error()
				return
			}
			var me struct {
				User string `json:"user"`
				Name string `json:"name"`
			}
			_ = json.Unmarshal(data, &me)
			t.user, t.userID = firstOf(me.Name, me.User), me.User
			t.list()
		})
	})
}

// list reads the designs the user may see.
func (t *team) list() {
	t.s.workspace().Request("GET", "/api/workspace/designs", nil, func(status int, data []byte, err error) {
		t.s.run(func() {
			var body struct {
				Designs []workspaceDesign `json:"designs"`
			}
			switch {
			case err != nil || status == 0:
				t.state, t.why = teamUnreachable, "no answer from the server"
			case status != statusOK:
				t.state, t.why = teamUnreachable, apiError("the designs", status, data).Error()
			case json.Unmarshal(data, &body) != nil:
				t.state, t.why = teamUnreachable, "the server's list of designs does not read"
			default:
				t.state, t.designs = teamReady, body.Designs
			}
		})
	})
}

// copyOpen copies the open design to the workspace under name, as a new
// design the user owns.
func (t *team) copyOpen(name string) {
	if t.copying || t.state != teamReady {
		return
	}
	t.copying = true
	body, _ := json.Marshal(map[string]string{"name": name, "design": string(t.s.store.Export())})
	t.s.workspace().Request("POST", "/api/workspace/designs", body, func(status int, data []byte, err error) {
		t.s.run(func() {
			t.copying = false
			switch {
			case err != nil || status == 0:
				t.s.store.Report(fmt.Errorf("Not copied to the workspace: no answer from the server; the design is still here"))
			case status != statusCreated:
				t.s.store.Report(apiError("Not copied to the workspace", status, data))
			default:
				t.s.store.Say("Copied to the workspace as “" + name + "”: open it there to edit it with others.")
				t.list()
			}
		})
	})
}

// open opens workspace design d live in place of the open design, once
// the open design can give way: its address goes into the tab's history
// (Back goes back to the design before), and OnNav opens it (see follow).
// Outside a browser (a test without navigate) it opens at once.
func (t *team) open(d workspaceDesign) {
	s := t.s
	if s.navigate == nil && s.ctx() == nil || addressKey(&url.URL{RawQuery: liveAddress(d.ID)[2:]}) == s.openKey {
		// (The address names it already, as after it failed to open or
		// stopped being live: no navigation would follow.)
		s.leaveFor(func() { t.openHere(d) }, func(err error) {
			if err != nil {
				s.store.Report(err)
			}
		})
		return
	}
	s.goTo(liveAddress(d.ID))
}

// openHere opens workspace design d live in place of the open design, now
// (see open): the address names it, so that a reload opens it live again.
func (t *team) openHere(d workspaceDesign) {
	s := t.s
	s.startAfresh() // ends the live design before, if any
	s.tab.opens++
	s.store.SetShared(false)
	s.store.SetReadOnly(true) // until it is read
	t.live = &liveLink{t: t, design: d, status: "Connecting…"}
	if ctx := s.ctx(); ctx != nil {
		if u := *ctx.Page().URL(); u.Query().Get(workspaceParam) != d.ID {
			u.RawQuery = url.Values{workspaceParam: {d.ID}}.Encode()
			ctx.Page().ReplaceURL(&u)
		}
	}
	s.openKey = addressKey(&url.URL{RawQuery: url.Values{workspaceParam: {d.ID}}.Encode()})
	t.live.load()
}

// leave ends the live design, if any: its socket closes and its edits are
// no longer sent. Those the server has not stored are kept in this
// browser, and sent when the design is opened here again (see keep).
func (t *team) leave() {
	if t == nil || t.live == nil {
		return
	}
	l := t.live
	if l.session != nil && !l.session.Ended() {
		if n := l.session.Waiting(); n > 0 && l.session.Viewer() == "" && t.s.platform != nil && t.s.embed == nil && !l.gone {
			l.keep()
			if !l.keepFailed {
				t.s.store.Say(fmt.Sprintf("Your %s to “%s” that the server has not stored: kept in this browser, and sent when you open it here again.", library.Count(n, "change"), l.design.Name))
			}
		}
	}
	l.close()
	t.live = nil
	t.here.stop()
	t.s.store.SetReadOnly(false)
	// The workspace's design is not this browser's to save: nothing of it
	// goes into the library's design before another opens.
	t.s.autosave.unsaved = false
}

// warnUnsent reports, once, that the live design has changes the server
// has not stored, which leaving would lose because this browser could not
// keep them (see keep): a second attempt leaves.
func (t *team) warnUnsent() bool {
	if t == nil || t.live == nil || t.live.session == nil || t.live.session.Waiting() == 0 || t.live.warned {
		return false
	}
	if t.s.platform != nil && !t.live.keepFailed {
		return false // kept, and sent when it is opened here again
	}
	t.live.warned = true
	return true
}

// liveLink is a workspace design open live: the store's Live session fed
// by a Socket, and what the toolbar says of it.
type liveLink struct {
	t       *team
	design  workspaceDesign
	session *state.Live
	sock    Socket
	role    string
	online  bool
	closed  bool
	status  string // the toolbar's word when not online (Connecting…, Not live: why)
	retry   *time.Timer
	// welcomed says the server welcomed this link once: until then it is
	// connecting, not reconnecting.
	welcomed bool
	// resyncing says the design is being read again; again is the timer
	// of the next try (see resync).
	resyncing bool
	again     *time.Timer
	warned    bool // leaving was refused once for unsent changes (see warnUnsent)
	// What keep last wrote ("" for nothing kept), the confirmed design's
	// text it holds and at which sequence, and whether a write failed
	// (said once).
	keptText, keptDesign string
	keptFrom             *catalogue.Design
	keepFailed           bool
	restored             *restoredFrom // see checkRestored
	user                 string        // who the last welcome said this connection is
	// needToken says the link waits for the portal's token (embedded; see
	// embedlive.go); final that the server closed it for good (see stop),
	// with unsent edits made here it never stored.
	needToken bool
	final     bool
	unsent    int
	why       string // why it is final
	gone      bool   // the design is gone, or this user's access to it (4004)
}

// load reads the design and its sequence, and what this browser kept of
// the changes the server had not stored when it was last open here (see
// keep), opens it in the store with those on top, and connects. When the
// server does not answer, what was kept opens, if anything was, and its
// changes wait for the connection.
func (l *liveLink) load() {
	s := l.t.s
	s.workspace().Request("GET", designPath(l.design.ID), nil, func(status int, data []byte, err error) {
		s.run(func() {
			if l.closed {
				return
			}
			if status == statusUnauthorized && s.embed != nil {
				// The portal's token: a fresh one opens it.
				l.askToken(strings.TrimPrefix(apiError("", status, data).Error(), ": "))
				return
			}
			var body struct {
				workspaceDesign
				Design string `json:"design"`
			}
			// No answer: what was kept may open (a page served without a
			// workspace has none to open).
			offline := status == 0 && !errors.Is(err, ErrNoWorkspace)
			switch {
			case err != nil || status == 0:
				err = errors.New("no answer from the server")
			case status != statusOK:
				err = apiError("", status, data)
			default:
				err = json.Unmarshal(data, &body)
			}
			if err != nil && !offline {
				if status == statusNotFound {
					s.forgetKept(l.design.ID) // gone, or not this user's to see
				}
				l.notOpened(status, err)
				return
			}
			l.t.readKept(l.design.ID, func(k *keptChanges, changes []patch.Change, key, text string, kerr error) {
				if l.closed {
					return
				}
				if k != nil {
					if kerr = l.openKept(k, changes, key, text); kerr != nil {
						k = nil
					} else {
						key = ""
					}
				}
				if kerr != nil {
					// Said once the design is open, after what opened.
					defer l.dropKept(key, kerr)
				}
				switch {
				case k != nil && offline:
					l.design.Name = k.Name
					s.store.Say(fmt.Sprintf("Opened “%s” as this browser last had it, with your %s not yet stored: the server does not answer; they are sent when it does.", k.Name, library.Count(len(changes), "change")))
				case k != nil:
					l.design.Name, l.role = body.Name, body.Role
					s.store.Say(fmt.Sprintf("Opened “%s” from the workspace, live, with your %s not stored when you left: they are sent now.", body.Name, library.Count(len(changes), "change")))
				case offline:
					l.notOpened(status, err)
					return
				default:
					if err := s.store.Open(body.Name+".yaml", []byte(body.Design)); err != nil {
						l.notOpened(status, err)
						return
					}
					l.design.Name, l.role = body.Name, body.Role
					l.startSession(body.Seq)
					s.store.Say("Opened “" + body.Name + "” from the workspace, live.")
				}
				if body.Role == "viewer" {
					l.session.SetViewer(viewerReason)
				}
				l.dial()
			})
		})
	})
}

// notOpened opens this browser's design instead, as a page load on no
// address would, so that nothing is left half open, and says why.
// Embedded, nothing of this browser's opens instead: the page stays empty
// and read-only, and the host is told (status is the server's answer).
func (l *liveLink) notOpened(status int, err error) {
	s := l.t.s
	if s.embed != nil {
		l.stop(status, "the design was not opened: "+strings.TrimPrefix(err.Error(), ": "))
		return
	}
	l.t.leave()
	if ctx := s.ctx(); ctx != nil {
		// The address names this browser's design again, not the one
		// that did not open (whose Open live then opens it afresh).
		u := *ctx.Page().URL()
		u.RawQuery = ""
		ctx.Page().ReplaceURL(&u)
	}
	s.openAddress(&url.URL{Path: "/"})
	s.store.Report(fmt.Errorf("The workspace's design %s was not opened: %w", l.design.Name, err))
}

// startSession makes the store's design, just opened, the live session's
// at seq.
func (l *liveLink) startSession(seq uint64) {
	s := l.t.s
	s.store.SetReadOnly(false)
	l.session = s.store.GoLive(seq, l.send, newChangeID)
	l.session.SetMaxBytes(maxChangeBytes)
	l.session.OnDrained(l.keep) // what was kept is stored: it goes
	s.opened()                  // the wait of reopen, if it was one, is over
}

// newChangeID is a change's id: a random lower-case UUID (version 4),
// which is a design id as patch.Change wants.
func newChangeID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// clientMessage is a message to the server (the protocol's hello and
// change).
type clientMessage struct {
	Type   string          `json:"type"`
	Since  uint64          `json:"since,omitempty"`
	Token  string          `json:"token,omitempty"`
	ID     string          `json:"id,omitempty"`
	Base   uint64          `json:"base,omitempty"`
	Change json.RawMessage `json:"change,omitempty"`
}

// serverMessage is a message from the server, the fields this slice reads.
type serverMessage struct {
	Type   string          `json:"type"`
	Seq    uint64          `json:"seq"`
	ID     string          `json:"id"`
	User   string          `json:"user"`
	Name   string          `json:"name"`
	Role   string          `json:"role"`
	Design string          `json:"design"`
	Change json.RawMessage `json:"change"`
	// Session is the server's id of a connection (welcome: this tab's;
	// presence and gone: another's).
	Session   string         `json:"session"`
	Colour    string         `json:"colour"`
	Pointer   *presencePoint `json:"pointer"`
	Selection []string       `json:"selection"`
	Error     *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// opened says hello with the last sequence the session has folded in, and
// the portal's token when embedded.
func (l *liveLink) opened() {
	if l.closed || l.sock == nil {
		return
	}
	m := clientMessage{Type: "hello", Since: l.session.Seq()}
	if em := l.t.s.embed; em != nil {
		m.Token = em.token
	}
	hello, _ := json.Marshal(m)
	l.sock.Send(string(hello))
}

// send hands one change to the socket; when it is not open the change
// waits, and goes again after the next welcome (see Live.Resend).
func (l *liveLink) send(c patch.Change) {
	if l.sock == nil || !l.online {
		l.session.Disconnected()
		return
	}
	change, _ := json.Marshal(c)
	msg, _ := json.Marshal(clientMessage{Type: "change", ID: c.ID, Base: c.Base, Change: change})
	if !l.sock.Send(string(msg)) {
		l.session.Disconnected()
	}
}

// receive handles one message from the server.
func (l *liveLink) receive(text string) {
	if l.closed || l.session == nil {
		return
	}
	var m serverMessage
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return // not the protocol's: nothing to act on
	}
	s := l.t.s.store
	switch m.Type {
	case "welcome":
		if l.user != "" && m.User != l.user && l.session.Waiting() > 0 {
			// Another person signed in (the proxy's, or the portal's fresh
			// token): what this tab's user made is not sent as theirs.
			n := l.session.Waiting()
			l.session.Discard()
			s.Report(fmt.Errorf("You are now signed in as %s: the %s %s made here and the server had not stored were not sent as theirs", m.User, library.Count(n, "change"), l.user))
		}
		l.user = m.User
		l.online, l.welcomed = true, true
		l.t.userID = m.User
		l.checkRestored(m.User)
		l.setRole(m.Role)
		l.session.Welcome(m.Seq)
		l.t.presence().start(l, m.Session, m.User, m.Name)
	case "role":
		// The owner changed this user's role while the design is open.
		was := l.role
		l.setRole(m.Role)
		switch {
		case was == "viewer" && m.Role != "viewer":
			s.Say("You may now edit " + l.design.Name + ".")
		case was != "viewer" && m.Role == "viewer":
			s.Report(errors.New("You are now a viewer of " + l.design.Name + ": it is read-only here"))
		}
	case "change":
		c, err := patch.DecodeChange(m.Change, patch.DefaultLimits())
		if err != nil {
			if m.Seq <= l.session.Seq() {
				return // one folded in already: nothing is missed
			}
			l.session.Missed()
		} else {
			err = l.session.RemoteChange(m.Seq, patch.Change{ID: m.ID, Base: c.Base, Ops: c.Ops})
		}
		if err != nil {
			l.resync(err)
		}
	case "snapshot":
		d, _, _, err := s.Read(l.design.Name+".yaml", []byte(m.Design))
		if err != nil {
			l.session.Missed()
			l.resync(err)
			return
		}
		if err := l.session.Snapshot(m.Seq, d); err != nil {
			l.resync(err)
		}
	case "ack":
		l.session.Acked(m.ID, m.Seq)
	case "refused":
		if m.Error == nil {
			return
		}
		l.session.Refused(m.ID, m.Error.Code, m.Error.Message)
		if m.Error.Code == state.RefusedBusy || m.Error.Code == state.RefusedRate {
			l.later(time.Second, l.session.Resend)
		}
	case "error":
		if m.Error == nil {
			return
		}
		if ids := l.session.Pending(); m.ID != "" && l.session.InFlight() && len(ids) > 0 && ids[0] == m.ID {
			// The server could not read the change in flight as a
			// message: no refusal naming it will come, so this is its
			// answer. An error without an id answers no change (this
			// tab's presence, say), and never stands for one.
			l.session.Refused(m.ID, m.Error.Code, m.Error.Message)
			return
		}
		s.Report(errors.New("The workspace refused a message: " + m.Error.Message + " (" + m.Error.Code + ")"))
	case "presence", "gone":
		if p := l.t.here; p != nil {
			p.receive(l, m)
		}
	}
}

// setRole takes the role the server says this user has: a viewer's
// design is read-only, an editor's editable again.
func (l *liveLink) setRole(role string) {
	l.role = role
	switch {
	case role == "viewer":
		l.session.SetViewer(viewerReason)
	case l.session.Viewer() != "":
		// Made an editor since: the design is editable again.
		l.session.SetViewer("")
	}
}

// resync reads the design again after the stream and this tab disagreed:
// what is pending is rebased over it and sent again.
// Until the design is read, the stream's changes wait (see Live.Remote);
// a read that fails, or a design the stream still disagrees with, is read
// again a little later.
func (l *liveLink) resync(cause error) {
	s := l.t.s
	if cause != nil {
		s.store.Report(fmt.Errorf("Reading the design again from the workspace: %v", cause))
	}
	if l.resyncing {
		return
	}
	l.resyncing = true
	again := func() {
		if l.again != nil {
			l.again.Stop()
		}
		l.again = time.AfterFunc(resyncAgain, func() {
			s.run(func() {
				if !l.closed {
					l.resync(nil)
				}
			})
		})
	}
	s.workspace().Request("GET", designPath(l.design.ID), nil, func(status int, data []byte, err error) {
		s.run(func() {
			l.resyncing = false
			if l.closed {
				return
			}
			var body struct {
				Seq    uint64 `json:"seq"`
				Design string `json:"design"`
			}
			if status == statusUnauthorized && s.embed != nil {
				// The portal's token expired: a fresh one connects again,
				// and the welcome's snapshot sets this right.
				l.askToken(strings.TrimPrefix(apiError("", status, data).Error(), ": "))
				return
			}
			if err != nil || status != statusOK || json.Unmarshal(data, &body) != nil {
				again()
				return
			}
			d, _, _, err := s.store.Read(l.design.Name+".yaml", []byte(body.Design))
			if err == nil {
				err = l.session.Snapshot(body.Seq, d)
			}
			if err != nil {
				again()
			}
		})
	})
}

// resyncAgain is how long a design that did not read again waits to be
// read once more.
const resyncAgain = 5 * time.Second

// lost notes the socket's loss; the platform reconnects unless retryIn is
// negative. Then, embedded, 4001 (the token refused or expired) asks the
// portal for a fresh one; any other final close ends the link (see stop).
func (l *liveLink) lost(code int, reason string, retryIn time.Duration) {
	l.online = false
	if l.session != nil {
		l.session.Disconnected()
	}
	// Who was here is not known while the link is down: the next welcome
	// starts presence again, and brings who is there then.
	if p := l.t.here; p != nil {
		p.mu.Lock()
		mine := p.link == l
		p.mu.Unlock()
		if mine {
			p.stop()
		}
	}
	switch {
	case retryIn >= 0 || l.closed || l.final:
	case code == 4001 && l.t.s.embed != nil:
		l.askToken(closeReason(code, reason))
	default:
		l.stop(code, closeReason(code, reason))
	}
}

// later runs f on the UI goroutine after d, unless the link closed.
func (l *liveLink) later(d time.Duration, f func()) {
	if l.retry != nil {
		l.retry.Stop()
	}
	l.retry = time.AfterFunc(d, func() {
		l.t.s.run(func() {
			if !l.closed {
				f()
			}
		})
	})
}

// close ends the link.
func (l *liveLink) close() {
	l.closed = true
	if l.retry != nil {
		l.retry.Stop()
	}
	if l.again != nil {
		l.again.Stop()
	}
	if l.sock != nil {
		l.sock.Close()
	}
	if l.session != nil {
		l.session.Close()
	}
}

// Status is what the toolbar says of the live design: "Live",
// "Reconnecting… 2 changes waiting", "Read only: you are a viewer".
func (l *liveLink) Status() string {
	switch {
	case l == nil:
		return ""
	case l.session != nil && l.session.Viewer() != "":
		return "Read only: you are a viewer"
	case l.online:
		if n := l.session.Waiting(); n > 0 {
			return fmt.Sprintf("Live · %d %s sending", n, plural(n, "change"))
		}
		return "Live"
	case l.session != nil && !strings.HasPrefix(l.status, "Not live"):
		n := l.session.Waiting()
		if !l.welcomed {
			if n == 0 {
				return "Connecting…"
			}
			return fmt.Sprintf("Connecting… %d %s waiting", n, plural(n, "change"))
		}
		return fmt.Sprintf("Reconnecting… %d %s waiting", n, plural(n, "change"))
	}
	return l.status
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// liveStatus is the live design's Status, "" when none is open.
func (t *team) liveStatus() string {
	if t == nil {
		return ""
	}
	return t.live.Status()
}

// liveState is the status's kind for the stylesheet: live, waiting or off.
func liveState(status string) string {
	switch {
	case status == "Live" || strings.HasPrefix(status, "Live ·"):
		return "live"
	case strings.HasPrefix(status, "Reconnecting") || strings.HasPrefix(status, "Connecting"):
		return "waiting"
	}
	return "off"
}
