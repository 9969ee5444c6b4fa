package workspace

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
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
		if !reflect.DeepEqual(m, m2) {
			t.Fatalf("%+v became %+v", m, m2)
		}
	})
}
