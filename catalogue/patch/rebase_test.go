package patch

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// converge plays the server's order: the remote change first, then the
// pending one rebased on it. Each client ends with the same design: the one
// that sent first applies the rebased ops it receives, the other applies
// the remote ops, then its rebased own. It returns that design and what was
// overridden.
func converge(t *testing.T, base *catalogue.Design, remote, pending []Op) (*catalogue.Design, []Overridden) {
	t.Helper()
	first, err := Apply(base, remote)
	if err != nil {
		t.Fatalf("the remote change does not apply: %v", err)
	}
	kept, over := Rebase(pending, remote)
	onFirst, err := Apply(first, kept)
	if err != nil {
		t.Fatalf("the rebased pending change does not apply after the remote one: %v\nremote: %spending: %skept: %s", err, opsText(remote), opsText(pending), opsText(kept))
	}
	// The other client reaches the same design through its own steps.
	again, err := Apply(first, kept)
	if err != nil || !bytes.Equal(catalogue.EncodeDesignYAML(again), catalogue.EncodeDesignYAML(onFirst)) {
		t.Fatalf("the two clients differ: %v", err)
	}
	return onFirst, over
}

func node(d *catalogue.Design, id string) *catalogue.Node {
	for i := range d.Nodes {
		if d.Nodes[i].ID == id {
			return &d.Nodes[i]
		}
	}
	return nil
}

func base() *catalogue.Design {
	return &catalogue.Design{
		SchemaVersion: catalogue.SchemaVersion,
		Groups:        []catalogue.Group{{ID: "eu", Boundary: "region"}},
		Nodes: []catalogue.Node{
			{ID: "api", Component: "aws-lambda"},
			{ID: "queue", Component: "kafka", Props: map[string]catalogue.Value{"acks": catalogue.StringValue("all")}},
			{ID: "db", Component: "postgresql"},
		},
		Edges: []catalogue.Edge{{From: "api", To: "queue"}, {From: "queue", To: "db"}},
		Notes: []catalogue.Note{{Text: "first"}},
	}
}

// edit returns a copy of base changed by f, and the ops that make it.
func edit(f func(d *catalogue.Design)) []Op {
	b := clone(base())
	f(b)
	return Diff(base(), b)
}

func TestRebase(t *testing.T) {
	for _, c := range []struct {
		name            string
		remote, pending func(d *catalogue.Design)
		check           func(d *catalogue.Design) string
		overridden      string // a word every Overridden message holds, "" for none
	}{{
		name: "same field both sides: the later in the stream (pending) wins",
		remote: func(d *catalogue.Design) {
			d.Nodes[1].Props = map[string]catalogue.Value{"acks": catalogue.StringValue("leader")}
		},
		pending: func(d *catalogue.Design) {
			d.Nodes[1].Props = map[string]catalogue.Value{"acks": catalogue.StringValue("none")}
		},
		check: func(d *catalogue.Design) string {
			return node(d, "queue").Props["acks"].Str()
		},
	}, {
		name:       "delete wins over an edit of what it deleted",
		remote:     func(d *catalogue.Design) { removeNode(d, 1) },
		pending:    func(d *catalogue.Design) { d.Nodes[1].Name = "Orders" },
		check:      func(d *catalogue.Design) string { return fmt.Sprint(node(d, "queue") == nil) },
		overridden: "deleted node queue",
	}, {
		name: "a pending delete wins over the remote's edge to the node",
		remote: func(d *catalogue.Design) {
			d.Edges = append(d.Edges, catalogue.Edge{From: "db", To: "queue", Label: "new"})
		},
		pending: func(d *catalogue.Design) { removeNode(d, 1) },
		check:   func(d *catalogue.Design) string { return fmt.Sprint(node(d, "queue") == nil, len(d.Edges)) },
	}, {
		name:       "an edge to a node the remote deleted is dropped",
		remote:     func(d *catalogue.Design) { removeNode(d, 2) },
		pending:    func(d *catalogue.Design) { d.Edges = append(d.Edges, catalogue.Edge{From: "api", To: "db"}) },
		check:      func(d *catalogue.Design) string { return fmt.Sprint(len(d.Edges)) },
		overridden: "deleted node db",
	}, {
		name:   "add vs add of one id: the remote's came first",
		remote: func(d *catalogue.Design) { d.Nodes = append(d.Nodes, catalogue.Node{ID: "cache", Component: "redis"}) },
		pending: func(d *catalogue.Design) {
			d.Nodes = append(d.Nodes, catalogue.Node{ID: "cache", Component: "memcached", Name: "Mine"})
		},
		check:      func(d *catalogue.Design) string { return node(d, "cache").Component + " " + node(d, "cache").Name },
		overridden: "added node cache first",
	}, {
		name:    "an edit follows the remote's rename",
		remote:  func(d *catalogue.Design) { renameNode(d, "queue", "orders") },
		pending: func(d *catalogue.Design) { d.Nodes[1].Name = "Orders" },
		check:   func(d *catalogue.Design) string { return node(d, "orders").Name },
	}, {
		name:    "both delete: nothing to report",
		remote:  func(d *catalogue.Design) { removeNode(d, 0) },
		pending: func(d *catalogue.Design) { removeNode(d, 0) },
		check:   func(d *catalogue.Design) string { return fmt.Sprint(len(d.Nodes)) },
	}, {
		name:    "both add a canvas note at the end: both kept, the pending one after",
		remote:  func(d *catalogue.Design) { d.Notes = append(d.Notes, catalogue.Note{Text: "theirs"}) },
		pending: func(d *catalogue.Design) { d.Notes = append(d.Notes, catalogue.Note{Text: "mine"}) },
		check: func(d *catalogue.Design) string {
			var s []string
			for _, n := range d.Notes {
				s = append(s, n.Text)
			}
			return strings.Join(s, ",")
		},
	}, {
		name:   "a node added into a group the remote deleted is kept, outside it",
		remote: func(d *catalogue.Design) { d.Groups = nil },
		pending: func(d *catalogue.Design) {
			d.Nodes = append(d.Nodes, catalogue.Node{ID: "cache", Component: "redis", In: "eu"})
		},
		check:      func(d *catalogue.Design) string { return node(d, "cache").In },
		overridden: "deleted group eu",
	}} {
		t.Run(c.name, func(t *testing.T) {
			got, over := converge(t, base(), edit(c.remote), edit(c.pending))
			t.Logf("result: %s; overridden: %v", c.check(got), over)
			want := map[string]string{
				"same field both sides: the later in the stream (pending) wins":       "none",
				"delete wins over an edit of what it deleted":                         "true",
				"a pending delete wins over the remote's edge to the node":            "true 0",
				"an edge to a node the remote deleted is dropped":                     "1",
				"add vs add of one id: the remote's came first":                       "redis ",
				"an edit follows the remote's rename":                                 "Orders",
				"both delete: nothing to report":                                      "2",
				"both add a canvas note at the end: both kept, the pending one after": "first,theirs,mine",
				"a node added into a group the remote deleted is kept, outside it":    "",
			}[c.name]
			if g := c.check(got); g != want {
				t.Errorf("result %q, want %q", g, want)
			}
			if c.overridden == "" && len(over) > 0 {
				t.Errorf("overridden %v, want none", over)
			}
			if c.overridden != "" && (len(over) == 0 || !strings.Contains(over[0].Message(), c.overridden)) {
				t.Errorf("overridden %v, want a message saying %q", over, c.overridden)
			}
		})
	}
}

// Two clients edit one design at random at once; in the server's order the
// rebased change always applies, so both converge.
func TestRebaseConvergesOnRandomEdits(t *testing.T) {
	designs := exampleDesigns(t)
	names := slices.Sorted(maps.Keys(designs))
	rng := rand.New(rand.NewPCG(41, 2))
	const rounds = 1000
	failed := 0
	for round := range rounds {
		s0 := designs[names[round%len(names)]]
		a, b := mutate(rng, s0, 1+rng.IntN(4)), mutate(rng, s0, 1+rng.IntN(4))
		remote, pending := Diff(s0, a), Diff(s0, b)
		first, err := Apply(s0, remote)
		if err != nil {
			t.Fatal(err)
		}
		kept, _ := Rebase(pending, remote)
		if _, err := Apply(first, kept); err != nil {
			failed++
			if failed <= 3 {
				t.Errorf("round %d: the rebased change does not apply: %v\nremote: %spending: %skept: %s", round, err, opsText(remote), opsText(pending), opsText(kept))
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d rounds did not converge", failed, rounds)
	}
}

// The one who sent first is told what the later change undid of theirs.
func TestOverwritten(t *testing.T) {
	mine := edit(func(d *catalogue.Design) {
		d.Nodes[1].Props = map[string]catalogue.Value{"acks": catalogue.StringValue("none")}
		d.Nodes[2].Name = "Orders DB"
		d.Edges[0].Label = "publish"
		d.Nodes[0].Name = "API"
	})
	later := edit(func(d *catalogue.Design) {
		d.Nodes[1].Props = map[string]catalogue.Value{"acks": catalogue.StringValue("leader")}
		removeNode(d, 2)
		d.Nodes[0].Name = "API"
	})
	var got []string
	for _, o := range Overwritten(mine, later) {
		got = append(got, o.Message())
	}
	want := []string{
		`Your change to node queue: props.acks was not kept: someone else set it to "leader" afterwards.`,
		`Your change to node db: name was not kept: someone else deleted node db afterwards.`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("Overwritten:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
