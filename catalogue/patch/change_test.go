package patch

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// A change Diff made goes through JSON and comes back the same.
func TestChangeJSONRoundTrip(t *testing.T) {
	designs := exampleDesigns(t)
	a, b := designs["examples/order-events.yaml"], designs["examples/resilient-orders.yaml"]
	c := Change{ID: "123e4567-e89b-12d3-a456-426614174000", Base: 42, Ops: Diff(a, b)}
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeChange(data, DefaultLimits())
	if err != nil {
		t.Fatalf("DecodeChange of what Marshal wrote: %v", err)
	}
	again, _ := json.Marshal(got)
	if !bytes.Equal(data, again) {
		t.Fatalf("the change changed on its way:\n%s\n%s", data, again)
	}
	d, err := Apply(a, got.Ops)
	if err != nil || !bytes.Equal(catalogue.EncodeDesignYAML(d), catalogue.EncodeDesignYAML(b)) {
		t.Fatalf("the decoded change does not make b: %v", err)
	}
}

func TestDecodeChangeRefuses(t *testing.T) {
	small := Limits{Bytes: 2000, Ops: 3, Value: 200}
	for _, c := range []struct {
		name, msg string
		code      diag.Code
		op        int
		want      string // in the message
	}{
		{"not JSON", `{`, CodeInvalidChange, -1, "not a change"},
		{"unknown field", `{"id":"c1","base":0,"ops":[],"extra":1}`, diag.CodeUnknownKey, -1, "extra"},
		{"wrong type", `{"id":"c1","base":"0","ops":[]}`, diag.CodeWrongType, -1, "base is string"},
		{"no id", `{"base":0,"ops":[]}`, diag.CodeRequired, -1, "`id` is required"},
		{"bad change id", `{"id":"C 1","base":0,"ops":[]}`, diag.CodeInvalidID, -1, "not an id"},
		{"no base", `{"id":"c1","ops":[]}`, diag.CodeRequired, -1, "`base` is required"},
		{"no ops", `{"id":"c1","base":0}`, diag.CodeRequired, -1, "`ops` is required"},
		{"trailing", `{"id":"c1","base":0,"ops":[]} {}`, CodeInvalidChange, -1, "more after"},
		{"too many ops", `{"id":"c1","base":0,"ops":[{},{},{},{}]}`, diag.CodeTooLarge, -1, "more than 3 ops"},
		{"too large", `{"id":"c1","base":0,"ops":[],"x":"` + strings.Repeat("a", 2000) + `"}`, diag.CodeTooLarge, -1, "bytes"},
		{"unknown op", `{"id":"c1","base":0,"ops":[{"op":"explode","key":{}}]}`, diag.CodeUnknownOp, 0, "use one of addNode"},
		{"unknown op field", `{"id":"c1","base":0,"ops":[{"op":"removeNode","key":{"id":"a"},"why":1}]}`, diag.CodeUnknownKey, 0, "why"},
		{"bad node id", `{"id":"c1","base":0,"ops":[{"op":"removeNode","key":{"id":"A_b"}}]}`, diag.CodeInvalidID, 0, "key.id"},
		{"edge key on a node op", `{"id":"c1","base":0,"ops":[{"op":"removeNode","key":{"id":"a","from":"b"}}]}`, diag.CodeInvalidID, 0, "alone"},
		{"bad edge end", `{"id":"c1","base":0,"ops":[{"op":"removeEdge","key":{"from":"a","to":""}}]}`, diag.CodeInvalidID, 0, "not both ids"},
		{"negative n", `{"id":"c1","base":0,"ops":[{"op":"removeEdge","key":{"from":"a","to":"b","n":-1}}]}`, diag.CodeInvalidID, 0, "counts from 0"},
		{"set without field", `{"id":"c1","base":0,"ops":[{"op":"setNode","key":{"id":"a"},"value":1}]}`, diag.CodeRequired, 0, "`field`"},
		{"unknown field name", `{"id":"c1","base":0,"ops":[{"op":"removeNode","key":{"id":"a"}},{"op":"setNode","key":{"id":"a"},"field":"colour","value":"red"}]}`, CodeUnknownField, 1, "props.<name>"},
		{"wrong value type", `{"id":"c1","base":0,"ops":[{"op":"setNode","key":{"id":"a"},"field":"entry","value":"yes"}]}`, diag.CodeWrongType, 0, "true or false"},
		{"object as a property", `{"id":"c1","base":0,"ops":[{"op":"setNode","key":{"id":"a"},"field":"props.acks","value":{"a":1}}]}`, diag.CodeWrongType, 0, "a string, an integer or a boolean"},
		{"bad property name", `{"id":"c1","base":0,"ops":[{"op":"setNode","key":{"id":"a"},"field":"props.a-b","value":1}]}`, diag.CodeWrongType, 0, "not a property name"},
		{"control character", `{"id":"c1","base":0,"ops":[{"op":"setNode","key":{"id":"a"},"field":"name","value":"a\u0007b"}]}`, diag.CodeWrongType, 0, "U+0007"},
		{"value too large", `{"id":"c1","base":0,"ops":[{"op":"setNode","key":{"id":"a"},"field":"name","value":"` + strings.Repeat("a", 300) + `"}]}`, diag.CodeTooLarge, 0, "302 bytes"},
		{"add without component", `{"id":"c1","base":0,"ops":[{"op":"addNode","key":{"id":"a"},"value":{"name":"A"}}]}`, diag.CodeWrongType, 0, `"component" is required`},
		{"self edge", `{"id":"c1","base":0,"ops":[{"op":"addEdge","key":{"from":"a","to":"a"},"value":{}}]}`, diag.CodeSelfEdge, 0, "itself"},
		{"rename to a bad id", `{"id":"c1","base":0,"ops":[{"op":"renameNode","key":{"id":"a"},"value":"B"}]}`, diag.CodeInvalidID, 0, "new id"},
		{"value on a removal", `{"id":"c1","base":0,"ops":[{"op":"removeNode","key":{"id":"a"},"value":1}]}`, diag.CodeNotApplicable, 0, "no `value`"},
		{"after on a set", `{"id":"c1","base":0,"ops":[{"op":"setNode","key":{"id":"a"},"field":"name","value":"x","after":{"id":"b"}}]}`, diag.CodeNotApplicable, 0, "only for add and move"},
		{"a key twice", `{"id":"c1","base":0,"ops":[],"id":"c2"}`, CodeInvalidChange, -1, `"id" twice`},
		{"a key in other case", `{"ID":"c1","base":0,"ops":[]}`, diag.CodeUnknownKey, -1, `"ID"`},
		{"an op's key twice", `{"id":"c1","base":0,"ops":[{"op":"removeNode","key":{"id":"a"}},{"op":"setNode","key":{"id":"a"},"field":"name","value":"x","value":"y"}]}`, CodeInvalidChange, 1, `"value" twice`},
		{"an op's key in other case", `{"id":"c1","base":0,"ops":[{"op":"removeNode","Key":{"id":"a"}}]}`, diag.CodeUnknownKey, 0, `"Key"`},
		{"a property twice", `{"id":"c1","base":0,"ops":[{"op":"addNode","key":{"id":"a"},"value":{"component":"c","props":{"a":1,"a":2}}}]}`, CodeInvalidChange, 0, `"a" twice`},
		{"a position's x in other case", `{"id":"c1","base":0,"ops":[{"op":"setNode","key":{"id":"a"},"field":"position","value":{"X":1,"y":2}}]}`, diag.CodeUnknownKey, 0, `"X"`},
		{"not UTF-8", "{\"id\":\"c1\",\"base\":0,\"ops\":[{\"op\":\"setNode\",\"key\":{\"id\":\"a\"},\"field\":\"name\",\"value\":\"a\xffb\"}]}", CodeInvalidChange, -1, "UTF-8"},
		{"a flow that is none", `{"id":"c1","base":0,"ops":[{"op":"setEdge","key":{"from":"a","to":"b"},"field":"flow","value":"carrier-pigeon"}]}`, diag.CodeWrongType, 0, "not a flow"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeChange([]byte(c.msg), small)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("DecodeChange = %v, want an *Error", err)
			}
			if e.Code != c.code || e.Op != c.op || !strings.Contains(e.Error(), c.want) {
				t.Fatalf("DecodeChange = %v (code %s, op %d); want code %s, op %d, saying %q", err, e.Code, e.Op, c.code, c.op, c.want)
			}
		})
	}
}

// Apply refuses an op that does not fit the design, says which and why,
// and changes nothing.
func TestApplyRefusesAllOrNothing(t *testing.T) {
	for _, c := range []struct {
		name string
		ops  []Op
		code diag.Code
		op   int
	}{
		{"unknown node", []Op{{Op: SetNode, Key: Key{ID: "nope"}, Field: "name", Value: encode("x")}}, diag.CodeUnknownNode, 0},
		{"edge to a node that is gone", []Op{{Op: SetNode, Key: Key{ID: "api"}, Field: "name", Value: encode("API")}, {Op: RemoveNode, Key: Key{ID: "db"}}}, CodeDanglingReference, 1},
		{"an id taken", []Op{{Op: AddNode, Key: Key{ID: "eu"}, Value: encode(map[string]string{"component": "kafka"})}}, diag.CodeDuplicateID, 0},
		{"unknown edge", []Op{{Op: SetEdge, Key: Key{From: "db", To: "api"}, Field: "label", Value: encode("x")}}, CodeUnknownEdge, 0},
		{"a second edge's rank", []Op{{Op: SetEdge, Key: Key{From: "api", To: "queue", N: 1}, Field: "label", Value: encode("x")}}, CodeUnknownEdge, 0},
		{"unknown note", []Op{{Op: RemoveNote, Key: Key{On: "api"}}}, CodeUnknownNote, 0},
		{"in an unknown group", []Op{{Op: SetNode, Key: Key{ID: "api"}, Field: "in", Value: encode("us")}}, diag.CodeUnknownGroup, 0},
		{"a group in itself", []Op{{Op: AddGroup, Key: Key{ID: "az"}, Value: encode(map[string]string{"boundary": "zone", "in": "eu"})}, {Op: SetGroup, Key: Key{ID: "eu"}, Field: "in", Value: encode("az")}}, diag.CodeCycle, 1},
		{"after an unknown node", []Op{{Op: MoveNode, Key: Key{ID: "api"}, After: &Key{ID: "nope"}}}, diag.CodeUnknownNode, 0},
		// Ops not read by DecodeChange (the editor's, a server's own) must
		// not panic either.
		{"an edge added at a negative rank", []Op{{Op: AddEdge, Key: Key{From: "api", To: "db", N: -1}, Value: encode(map[string]string{})}}, diag.CodeInvalidID, 0},
		{"a note added at a negative rank", []Op{{Op: AddNote, Key: Key{N: -1}, Value: encode(map[string]string{"text": "x"})}}, diag.CodeInvalidID, 0},
		{"a note on a node at a negative rank", []Op{{Op: AddNote, Key: Key{On: "api", N: -2}, Value: encode(map[string]string{"text": "x"})}}, diag.CodeInvalidID, 0},
		{"moved after a negative rank", []Op{{Op: MoveEdge, Key: Key{From: "api", To: "queue"}, After: &Key{From: "queue", To: "db", N: -1}}}, diag.CodeInvalidID, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := base()
			before := catalogue.EncodeDesignYAML(d)
			got, err := Apply(d, c.ops)
			var e *Error
			if !errors.As(err, &e) || got != nil {
				t.Fatalf("Apply = %v, %v; want no design and an *Error", got, err)
			}
			if e.Code != c.code || e.Op != c.op {
				t.Fatalf("Apply: %v; want code %s at op %d", err, c.code, c.op)
			}
			if !bytes.Equal(before, catalogue.EncodeDesignYAML(d)) {
				t.Fatal("a refused change changed the design")
			}
		})
	}
}

// A message of many tiny ops is refused for their number before they are
// all read: the limits bound the work.
func TestDecodeChangeCountsOpsFirst(t *testing.T) {
	lim := DefaultLimits()
	msg := `{"id":"c1","base":0,"ops":[` + strings.Repeat("{},", lim.Bytes/3-20) + `{}]}`
	allocs := testing.AllocsPerRun(1, func() {
		if _, err := DecodeChange([]byte(msg), lim); err == nil {
			t.Fatal("no error")
		}
	})
	if allocs > float64(4*lim.Ops) {
		t.Fatalf("%.0f allocations to refuse %d bytes of ops; the limit is %d ops", allocs, len(msg), lim.Ops)
	}
}

// Apply keeps a design within what a design file may hold, so that what it
// makes reads back: a change cannot grow one past the limits.
func TestApplyRefusesPastTheLimits(t *testing.T) {
	for _, c := range []struct {
		name string
		fill func(d *catalogue.Design)
		op   Op
	}{
		{"notes", func(d *catalogue.Design) {
			d.Notes = make([]catalogue.Note, catalogue.MaxNotes)
			for i := range d.Notes {
				d.Notes[i].Text = "n"
			}
		}, Op{Op: AddNote, Key: Key{N: catalogue.MaxNotes}, Value: encode(map[string]string{"text": "one more"}), After: &Key{N: catalogue.MaxNotes - 1}}},
		{"edges", func(d *catalogue.Design) {
			d.Edges = make([]catalogue.Edge, catalogue.MaxEdges)
			for i := range d.Edges {
				d.Edges[i] = catalogue.Edge{From: "api", To: "db"}
			}
		}, Op{Op: AddEdge, Key: Key{From: "db", To: "api"}, Value: encode(map[string]string{})}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := base()
			c.fill(d)
			got, err := Apply(d, []Op{{Op: SetDesign, Field: "name", Value: encode("x")}, c.op})
			var e *Error
			if !errors.As(err, &e) || got != nil || e.Code != diag.CodeTooLarge || e.Op != 1 {
				t.Fatalf("Apply = %v; want too-large at op 1", err)
			}
		})
	}
}

// A property may be named like a field of an op in another case: only the
// fields read into structs are held to their case.
func TestDecodeChangeTakesAnyPropertyName(t *testing.T) {
	msg := `{"id":"c1","base":0,"ops":[{"op":"addNode","key":{"id":"a"},"value":{"component":"c","props":{"iD":1}}}]}`
	if _, err := DecodeChange([]byte(msg), DefaultLimits()); err != nil {
		t.Fatalf("a property named iD: %v", err)
	}
}
