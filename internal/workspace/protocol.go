package workspace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
)

// Codes of the protocol's errors and refusals. They are stable: clients
// branch on them, people read the message beside them.
const (
	CodeBadJSON      = "bad-json"      // a message that is not one JSON object
	CodeUnknownType  = "unknown-type"  // a type the protocol does not have
	CodeMissingField = "missing-field" // a field the type needs is absent
	CodeBadField     = "bad-field"     // a field of the wrong form
	CodeTooLarge     = "too-large"     // a message or change over the limit
	CodeNotHello     = "not-hello"     // the first message must be hello
	CodeUnauthorized = "unauthorized"  // no valid identity (token missing, forged, expired)
	CodeViewer       = "viewer"        // a viewer may not change the design
	CodeRate         = "rate"          // more changes a second than allowed
	CodeConflict     = "conflict"      // the change does not apply to the current design
	CodeBusy         = "busy"          // the store did not take the change in time
	CodeNotFound     = "not-found"     // no design you may see with that id
)

// ProtocolError is a message the server refuses: its code, one of the
// Code constants, and what was wrong and what would be right.
type ProtocolError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *ProtocolError) Error() string { return e.Code + ": " + e.Message }

func protoErr(code, format string, args ...any) *ProtocolError {
	return &ProtocolError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ClientMessage is one message from a client, decoded by DecodeClient. Type
// says which fields apply:
//
//	hello:    {"type":"hello","since":12,"token":"…"}   first, once; token only with --jwt-key
//	change:   {"type":"change","id":"c-1","base":12,"change":{…}}
//	presence: {"type":"presence","name":"Ada","colour":"#1f77b4","pointer":{"x":1,"y":2},"selection":["api"]}
type ClientMessage struct {
	Type string `json:"type"`
	// Since is the last sequence the client has (hello); 0 for none.
	Since uint64 `json:"since,omitempty"`
	// Token is the portal's signed token (hello).
	Token string `json:"token,omitempty"`
	// ID is the change's id, unique per change, kept across resends.
	ID string `json:"id,omitempty"`
	// Base is the sequence the change was made on.
	Base uint64 `json:"base,omitempty"`
	// Change is the change itself, opaque here: the Codec reads it.
	Change json.RawMessage `json:"change,omitempty"`
	// Presence fields.
	Name      string   `json:"name,omitempty"`
	Colour    string   `json:"colour,omitempty"`
	Pointer   *Point   `json:"pointer,omitempty"`
	Selection []string `json:"selection,omitempty"`
}

// Point is a pointer's position on the canvas.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Bounds of a message's parts, beyond the message size limit.
const (
	maxIDLength     = 128
	maxNameLength   = 100
	maxSelection    = 1000
	maxTokenLength  = 8 << 10
	maxSelectionLen = 200
)

var (
	changeIDPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]+$`)
	colourPattern   = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
)

// DecodeClient decodes one client message of at most maxBytes, checking
// every field's form. It never panics; every error is a *ProtocolError.
func DecodeClient(data []byte, maxBytes int) (*ClientMessage, *ProtocolError) {
	if len(data) > maxBytes {
		return nil, protoErr(CodeTooLarge, "the message is %d bytes; messages are limited to %d bytes", len(data), maxBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var m ClientMessage
	if err := dec.Decode(&m); err != nil {
		return nil, protoErr(CodeBadJSON, "the message is not a JSON object of the protocol: %v; send {\"type\":\"hello\"|\"change\"|\"presence\",…}", err)
	}
	if dec.More() {
		return nil, protoErr(CodeBadJSON, "the message holds more than one JSON value; send one object per message")
	}
	switch m.Type {
	case "hello":
		if len(m.Token) > maxTokenLength {
			return nil, protoErr(CodeTooLarge, "the token is %d bytes; tokens are limited to %d", len(m.Token), maxTokenLength)
		}
		if m.ID != "" || m.Change != nil || m.Base != 0 {
			return nil, protoErr(CodeBadField, "hello takes only since and token")
		}
	case "change":
		if m.ID == "" {
			return nil, protoErr(CodeMissingField, "a change needs an id (letters, digits, . _ : -), kept when it is resent")
		}
		if len(m.ID) > maxIDLength || !changeIDPattern.MatchString(m.ID) {
			return nil, protoErr(CodeBadField, "the change id %q is not up to %d letters, digits, '.', '_', ':' or '-'", clip(m.ID), maxIDLength)
		}
		if len(m.Change) == 0 || string(m.Change) == "null" {
			return nil, protoErr(CodeMissingField, "change %s has no change; send the change as a JSON value in \"change\"", m.ID)
		}
		if m.Token != "" || m.Since != 0 {
			return nil, protoErr(CodeBadField, "a change takes id, base and change")
		}
	case "presence":
		if len(m.Name) > maxNameLength {
			return nil, protoErr(CodeBadField, "the name is %d bytes; names are limited to %d", len(m.Name), maxNameLength)
		}
		if m.Colour != "" && !colourPattern.MatchString(m.Colour) {
			return nil, protoErr(CodeBadField, "the colour %q is not of the form #rrggbb", clip(m.Colour))
		}
		if len(m.Selection) > maxSelection {
			return nil, protoErr(CodeTooLarge, "the selection has %d items; up to %d are shown", len(m.Selection), maxSelection)
		}
		for _, s := range m.Selection {
			if len(s) > maxSelectionLen {
				return nil, protoErr(CodeBadField, "a selected id is %d bytes; ids are up to %d", len(s), maxSelectionLen)
			}
		}
		if m.ID != "" || m.Change != nil || m.Token != "" || m.Since != 0 || m.Base != 0 {
			return nil, protoErr(CodeBadField, "presence takes name, colour, pointer and selection")
		}
	case "":
		return nil, protoErr(CodeMissingField, "the message has no type; send \"type\": \"hello\", \"change\" or \"presence\"")
	default:
		return nil, protoErr(CodeUnknownType, "unknown message type %q; the types are hello, change and presence", clip(m.Type))
	}
	return &m, nil
}

// ChangeIDOf reads, best effort, the id of the change a client message
// carries, for an error to say which message it answers: it reads the id
// even when the message fails DecodeClient's checks (a bad base, a change
// that is missing, a field too many). It returns "" when the message is
// not a change or its id cannot be read or is not of the protocol's form
// (an id is echoed only when it is one the client could have sent).
func ChangeIDOf(data []byte) string {
	var m struct {
		Type string `json:"type"`
		ID   any    `json:"id"`
	}
	// Not DecodeClient's strict decoder: fields of the wrong type or
	// unknown ones elsewhere in the message do not hide the id.
	if err := json.Unmarshal(data, &m); err != nil {
		// A message that is not JSON as a whole may still start with a
		// readable object; what cannot be read has no id.
		dec := json.NewDecoder(bytes.NewReader(data))
		if dec.Decode(&m) != nil {
			return ""
		}
	}
	id, ok := m.ID.(string)
	if m.Type != "change" || !ok || len(id) > maxIDLength || !changeIDPattern.MatchString(id) {
		return ""
	}
	return id
}

// clip shortens a quoted value for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// ServerMessage is one message to a client. Type says which fields apply:
//
//	welcome:  user, name, role and seq (the design's sequence now)
//	snapshot: seq and design (YAML): the whole design, for a client too far behind
//	change:   seq, id, user, name, at, change: one change in stream order
//	ack:      id, seq: the client's change is stored at seq
//	refused:  id, error: the client's change is not stored, and why
//	role:     role: the user's role on the design changed while connected
//	presence: session, user, name, colour, pointer, selection
//	gone:     session: that presence left
//	error:    id, error: a message was refused (the connection stays); id
//	          names the change refused when the message was a change whose
//	          id could be read (see ChangeIDOf), and is absent otherwise
type ServerMessage struct {
	Type      string          `json:"type"`
	Seq       uint64          `json:"seq,omitempty"`
	ID        string          `json:"id,omitempty"`
	User      string          `json:"user,omitempty"`
	Name      string          `json:"name,omitempty"`
	Role      Role            `json:"role,omitempty"`
	At        string          `json:"at,omitempty"`
	Design    string          `json:"design,omitempty"`
	Change    json.RawMessage `json:"change,omitempty"`
	Session   string          `json:"session,omitempty"`
	Colour    string          `json:"colour,omitempty"`
	Pointer   *Point          `json:"pointer,omitempty"`
	Selection []string        `json:"selection,omitempty"`
	Error     *ProtocolError  `json:"error,omitempty"`
}
