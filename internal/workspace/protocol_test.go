package workspace

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

var knownCodes = map[string]bool{CodeBadJSON: true, CodeUnknownType: true, CodeMissingField: true, CodeBadField: true, CodeTooLarge: true}

func TestDecodeClient(t *testing.T) {
	for _, c := range []struct {
		in, code string
	}{
		{`{"type":"hello","since":3}`, ""},
		{`{"type":"hello","since":3,"token":"a.b.c"}`, ""},
		{`{"type":"change","id":"c-1","base":2,"change":{"op":"add"}}`, ""},
		{`{"type":"presence","name":"Ada","colour":"#1f77b4","pointer":{"x":1,"y":2},"selection":["api"]}`, ""},
		{`not json`, CodeBadJSON},
		{`{"type":"hello"} {"type":"hello"}`, CodeBadJSON},
		{`{"type":"hello","extra":1}`, CodeBadJSON},
		{`{"since":1}`, CodeMissingField},
		{`{"type":"shout"}`, CodeUnknownType},
		{`{"type":"change","change":{}}`, CodeMissingField},
		{`{"type":"change","id":"c 1","change":{}}`, CodeBadField},
		{`{"type":"change","id":"c1"}`, CodeMissingField},
		{`{"type":"change","id":"c1","change":null}`, CodeMissingField},
		{`{"type":"presence","colour":"red"}`, CodeBadField},
		{`{"type":"presence","name":"` + strings.Repeat("n", 200) + `"}`, CodeBadField},
		{`{"type":"hello","id":"x"}`, CodeBadField},
		{`{"type":"hello","since":-1}`, CodeBadJSON},
		{`{"type":"hello","token":"` + strings.Repeat("t", 2000) + `"}`, CodeTooLarge},
	} {
		m, err := DecodeClient([]byte(c.in), 1024)
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%s: refused: %v", c.in, err)
		case c.code != "" && (err == nil || err.Code != c.code):
			t.Errorf("%s: got %v %+v, want code %s", c.in, err, m, c.code)
		}
	}
}

// FuzzDecodeClient: the decoder never panics, refuses with a known code
// and a message, and what it accepts encodes back to a message it
// accepts the same.
func FuzzDecodeClient(f *testing.F) {
	for _, s := range []string{`{"type":"hello","since":3,"token":"x"}`, `{"type":"change","id":"c-1","base":2,"change":{"op":"add"}}`,
		`{"type":"presence","name":"Ada","colour":"#1f77b4","pointer":{"x":1,"y":2},"selection":["api"]}`, `{}`, `[]`, `{"type":"change","id":"","change":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeClient(data, 4096)
		if err != nil {
			if !knownCodes[err.Code] || err.Message == "" {
				t.Fatalf("refused with %q %q", err.Code, err.Message)
			}
			return
		}
		again, _ := json.Marshal(m)
		m2, err := DecodeClient(again, 1<<20)
		if err != nil {
			t.Fatalf("%s accepted, its encoding %s refused: %v", data, again, err)
		}
		if string(m.Change) != "" {
			// RawMessage keeps the original spacing; compare the values.
			var a, b any
			json.Unmarshal(m.Change, &a)
			json.Unmarshal(m2.Change, &b)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("change %s became %s", m.Change, m2.Change)
			}
			m.Change, m2.Change = nil, nil
		}
		// An empty selection is not written (omitempty): it reads back as
		// none, which means the same.
		if len(m.Selection) == 0 {
			m.Selection = nil
		}
		if !reflect.DeepEqual(m, m2) {
			t.Fatalf("%+v became %+v", m, m2)
		}
	})
}

// ChangeIDOf reads a change's id even from a message DecodeClient
// refuses, and never an id a client could not have sent.
func TestChangeIDOf(t *testing.T) {
	for _, c := range []struct{ in, id string }{
		{`{"type":"change","id":"c-1","base":2,"change":{"op":"add"}}`, "c-1"},
		{`{"type":"change","id":"c-1","base":-1,"change":{}}`, "c-1"},        // base of the wrong form
		{`{"type":"change","id":"c-1","extra":true,"change":{}}`, "c-1"},     // a field too many
		{`{"type":"change","id":"c-1"}`, "c-1"},                              // no change
		{`{"type":"change","id":"c-1","since":"x"} {"type":"hello"}`, "c-1"}, // two values
		{`{"id":"c-1","type":"change","base":"two"}`, "c-1"},
		{`{"type":"change","id":"c 1","change":{}}`, ""}, // not of the protocol's form
		{`{"type":"change","id":7,"change":{}}`, ""},
		{`{"type":"change","change":{}}`, ""},
		{`{"type":"presence","id":"c-1","colour":"red"}`, ""},
		{`{"type":"hello","id":"c-1"}`, ""},
		{`not json`, ""},
		{`{"type":"change","id":"` + strings.Repeat("a", 200) + `"}`, ""},
	} {
		if got := ChangeIDOf([]byte(c.in)); got != c.id {
			t.Errorf("ChangeIDOf(%s) = %q, want %q", c.in, got, c.id)
		}
	}
}

// An error answering a change names it; one answering anything else names
// nothing, so that a client never takes it for its change's answer.
func TestErrorNamesTheChange(t *testing.T) {
	ts := open(t, t.TempDir(), jwtAuth(), Limits{})
	alice := token(t, "alice", time.Hour)
	id := create(t, ts, alice)
	a, _ := dial(t, ts, id, alice, 0, []byte(firstDesign))
	for _, c := range []struct{ msg, id, code string }{
		{`{"type":"change","id":"c-9","base":-1,"change":{}}`, "c-9", CodeBadJSON},
		{`{"type":"change","id":"c-10","base":1}`, "c-10", CodeMissingField},
		{`{"type":"presence","colour":"red"}`, "", CodeBadField},
		{`{"type":"hello"}`, "", CodeBadField},
		{`{"type":"change","id":"c 11","change":{}}`, "", CodeBadField},
	} {
		if err := a.conn.Write(context.Background(), websocket.MessageText, []byte(c.msg)); err != nil {
			t.Fatal(err)
		}
		var m ServerMessage
		select {
		case m = <-a.msgs:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: no answer in 5 s", c.msg)
		}
		if m.Type != "error" || m.ID != c.id || m.Error == nil || m.Error.Code != c.code {
			t.Errorf("%s: answered %+v (error %+v), want an error %s with id %q", c.msg, m, m.Error, c.code, c.id)
		}
	}
}
