package app

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// A workspace design embedded live (issue 41): the portal frames
// /?embed=1&workspace=ID and gives the user's token with configure; the
// editor holds it in memory only, sends it in Authorization: Bearer on
// every workspace request and in the live hello, and opens the design
// live. When the server refuses the token or it expires, the editor asks
// the portal for a fresh one ({"event":"token"}) and goes on with it. The
// README's "Embedding in a portal" is the protocol.

// tokenWait is what the toolbar says while the design waits for the
// portal's token.
const tokenWait = "Waiting for the portal's sign-in"

// awaitToken makes the page framed with a workspace design wait for the
// host's token: the design shows read-only, and nothing is asked of the
// workspace until the token comes.
func (em *embedding) awaitToken() {
	if em.workspace == "" {
		return
	}
	s := em.session
	t := s.teamOf()
	s.store.SetReadOnly(true)
	t.live = &liveLink{t: t, design: workspaceDesign{ID: em.workspace, Name: em.workspace}, status: tokenWait, needToken: true}
	em.waiting = "Waiting for the portal to sign you in to the workspace's design."
	s.store.Say(em.waiting)
}

// configureProblem is why configure m cannot be carried out, as one of the
// protocol's errors, or nil.
func (em *embedding) configureProblem(m message) map[string]any {
	switch {
	case m.Token != nil && em.workspace == "":
		return map[string]any{"code": "no-workspace", "message": "a token is for a workspace design: frame /?embed=1&workspace=ID on a server with a team workspace"}
	case m.Token != nil && strings.TrimSpace(*m.Token) == "":
		return map[string]any{"code": "empty-token", "message": "`token` is empty; give the user's token for the workspace (a JWT the server's --jwt-key verifies)"}
	case m.ReadOnly != nil && em.workspace != "":
		return map[string]any{"code": "workspace-design", "message": "a workspace design is read-only as the server says (a viewer's), not as the host sets it"}
	}
	return nil
}

// authorize takes the host's token: the design opens live with it if it
// waited for one, or connects again with it. A fresh token while the
// design is live connects again at once, so that the connection lasts as
// long as the new token (the server closes it when the token it came with
// expires).
func (em *embedding) authorize(token string) {
	s := em.session
	if s == nil {
		return
	}
	fresh := token != em.token
	em.token = token
	s.workspace().Authorize(token)
	l := s.teamOf().live
	switch {
	case l == nil || l.closed || l.final:
		return
	case l.needToken:
		l.needToken, em.waiting = false, ""
		if l.session == nil {
			l.status = "Connecting…"
			l.load()
			return
		}
		s.store.Say("Connecting again with the portal's fresh token.")
		l.dial()
	case l.sock != nil && fresh:
		l.redial()
	}
}

// unsent is how many edits made here the server has not stored.
func (em *embedding) unsent() int {
	if em.session == nil || em.session.team == nil || em.session.team.live == nil || em.session.team.live.session == nil {
		return 0
	}
	return em.session.team.live.session.Waiting()
}

// askToken asks the host for a fresh token after the server refused the
// one it has (why says how); the design waits for it, its edits too.
func (l *liveLink) askToken(why string) {
	s := l.t.s
	em := s.embed
	l.needToken = true
	reason, say := "refused", "The workspace refused the portal's token: "+why+". Waiting for a fresh one from the portal"
	if tokenExpired(em.token, s.now()) || strings.Contains(why, "expired") {
		reason, say = "expired", "The portal's token expired ("+why+"). Waiting for a fresh one from the portal; edits made meanwhile are sent then"
	}
	if l.session == nil {
		l.status = tokenWait
	}
	em.send(map[string]any{"event": "token", "reason": reason, "message": why})
	em.waiting = say + "."
	s.store.Report(errors.New(say))
}

// tokenExpired reports whether a JWT's exp has passed at now, read without
// checking the token (the server checks it): to tell the host why it
// needs a fresh one.
func tokenExpired(token string, now time.Time) bool {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return false
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return false
	}
	var c struct {
		Exp *float64 `json:"exp"`
	}
	if json.Unmarshal(payload, &c) != nil || c.Exp == nil {
		return false
	}
	return !now.Before(time.Unix(int64(*c.Exp), 0))
}

// dial opens the design's live socket (again).
func (l *liveLink) dial() {
	s := l.t.s
	l.sock = s.workspace().Dial(designPath(l.design.ID)+"/live", SocketEvents{
		Open:    func() { s.run(l.opened) },
		Message: l.message,
		Closed: func(code int, reason string, retryIn time.Duration) {
			s.run(func() { l.lost(code, reason, retryIn) })
		},
	})
}

// redial closes the live socket and opens another (with the token now
// held); what waits is sent again after its welcome.
func (l *liveLink) redial() {
	l.sock.Close()
	l.online = false
	if l.session != nil {
		l.session.Disconnected()
	}
	l.dial()
}

// stop ends the link for good after the server closed it with a reason
// reconnecting cannot help (the design deleted, the user's access removed,
// no identity): the design stays as it is in this tab, read-only, and
// leaving it does not warn of edits that can never be sent. The alert
// (renderLiveLost) says how many were not stored and offers to keep the
// design in this browser; embedded, the host is told, and may export it.
func (l *liveLink) stop(code int, reason string) {
	s := l.t.s
	l.final, l.warned, l.why = true, true, reason
	l.status = "Not live, read only: " + shortReason(code)
	if l.session != nil {
		l.unsent = l.session.Waiting()
	}
	s.store.SetReadOnly(true)
	if code == 4004 {
		// Nobody can store what waits: this browser keeps none of it (Keep
		// as a new design does, as a design of its own).
		l.gone, l.keptText = true, ""
		s.forgetKept(l.design.ID)
	}
	msg := fmt.Sprintf("%s is no longer live: %s. It is read-only here", l.design.Name, reason)
	if l.unsent > 0 {
		verb := "were"
		if l.unsent == 1 {
			verb = "was"
		}
		msg += fmt.Sprintf("; %d %s made here %s not stored by the server", l.unsent, plural(l.unsent, "edit"), verb)
	}
	s.store.Report(errors.New(msg))
	if s.embed != nil {
		s.embed.send(map[string]any{"event": "closed", "code": code, "reason": reason, "unsent": l.unsent})
	}
}

// shortReason is the toolbar's few words for why a link ended (the alert
// and the notice say all of it).
func shortReason(code int) string {
	switch code {
	case 4004, statusNotFound:
		return "deleted, or access removed"
	case 4001, statusUnauthorized:
		return "not signed in"
	}
	if code >= 4000 {
		return "closed by the server"
	}
	return "not opened" // an HTTP status, or none: the design was not read
}

// closeReason says in words why the server closed a live connection for
// good, when its own reason says less.
func closeReason(code int, reason string) string {
	switch {
	case code == 4004:
		return "the design was deleted, or your access to it removed"
	case reason != "":
		return reason
	}
	return fmt.Sprintf("the server closed the connection (%d)", code)
}
