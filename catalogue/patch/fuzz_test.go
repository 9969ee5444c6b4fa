package patch

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// FuzzDecodeChange: reading any message never panics; a change it accepts,
// applied to a design, never panics either, applies all or nothing (a
// refused change leaves the design as it was) and, applied, makes a design
// that reads back without a problem; rebased over another's edit or under
// it, it never panics.
func FuzzDecodeChange(f *testing.F) {
	designs := exampleDesigns(f)
	a, b := designs["examples/order-events.yaml"], designs["examples/resilient-orders.yaml"]
	for _, ops := range [][]Op{Diff(base(), a), Diff(a, b), Diff(b, base()), Diff(base(), mutateSeed(base()))} {
		data, _ := json.Marshal(Change{ID: "c-1", Base: 1, Ops: ops})
		f.Add(data)
	}
	f.Add([]byte(`{"id":"c1","base":0,"ops":[{"op":"setNode","key":{"id":"queue"},"field":"props.acks","value":"none"}]}`))
	f.Add([]byte(`{"id":"c1","base":0,"ops":[{"op":"addEdge","key":{"from":"db","to":"api","n":0},"value":{"flow":"event"},"after":{"from":"api","to":"queue"}}]}`))
	f.Add([]byte(`{"id":"c1","base":0,"ops":[{"op":"renameGroup","key":{"id":"eu"},"value":"europe"},{"op":"addNote","key":{"on":"europe"},"value":{"text":"hi"}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := DecodeChange(data, DefaultLimits())
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("DecodeChange's error is not an *Error: %v", err)
			}
			return
		}
		d := base()
		before := catalogue.EncodeDesignYAML(d)
		got, err := Apply(d, c.Ops)
		if !bytes.Equal(before, catalogue.EncodeDesignYAML(d)) {
			t.Fatal("Apply changed the design it was given")
		}
		if err != nil {
			if got != nil {
				t.Fatal("Apply returned a design with its error")
			}
			return
		}
		if _, errs := catalogue.ParseDesign("applied.yaml", catalogue.EncodeDesignYAML(got)); len(errs) > 0 {
			t.Fatalf("an applied change makes a design that does not read back: %v\n%s", errs, catalogue.EncodeDesignYAML(got))
		}
		// Rebased over another's edit, and that edit over it, the change
		// never panics and still applies all or nothing.
		other := Diff(d, mutateSeed(d))
		first, err := Apply(d, other)
		if err != nil {
			t.Fatal(err)
		}
		kept, _ := Rebase(c.Ops, other)
		if res, err := Apply(first, kept); (err == nil) == (res == nil) {
			t.Fatal("Apply of a rebased change returned both or neither of a design and an error")
		}
		kept, _ = Rebase(other, c.Ops)
		if res, err := Apply(got, kept); (err == nil) == (res == nil) {
			t.Fatal("Apply of a change rebased over it returned both or neither of a design and an error")
		}
	})
}

func mutateSeed(d *catalogue.Design) *catalogue.Design {
	d = clone(d)
	renameNode(d, "queue", "orders")
	d.Nodes[0].Name = "API"
	return d
}
