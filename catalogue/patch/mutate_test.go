package patch

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// clone copies a design deeply, so that a test's edits never reach the
// design it came from.
func clone(d *catalogue.Design) *catalogue.Design {
	c := *d
	c.Positions = nil
	c.Nodes = slices.Clone(d.Nodes)
	for i := range c.Nodes {
		n := &c.Nodes[i]
		n.Props = maps.Clone(n.Props)
		n.Zones = slices.Clone(n.Zones)
		if n.Position != nil {
			p := *n.Position
			n.Position = &p
		}
	}
	c.Groups = slices.Clone(d.Groups)
	for i := range c.Groups {
		c.Groups[i].Props = maps.Clone(c.Groups[i].Props)
	}
	c.Edges = slices.Clone(d.Edges)
	c.Notes = slices.Clone(d.Notes)
	c.Suppress = slices.Clone(d.Suppress)
	c.Constraints.Regions = slices.Clone(d.Constraints.Regions)
	return &c
}

// mutate makes k random edits of the kinds the editor makes, keeping the
// design valid: what it returns always parses.
func mutate(rng *rand.Rand, d *catalogue.Design, k int) *catalogue.Design {
	d = clone(d)
	fresh := func(prefix string) string {
		for {
			id := fmt.Sprintf("%s-%d", prefix, rng.IntN(100000))
			if !slices.ContainsFunc(d.Nodes, func(n catalogue.Node) bool { return n.ID == id }) && !slices.ContainsFunc(d.Groups, func(g catalogue.Group) bool { return g.ID == id }) {
				return id
			}
		}
	}
	for range k {
		nn := len(d.Nodes)
		switch rng.IntN(16) {
		case 0: // add a node somewhere
			n := catalogue.Node{ID: fresh("n"), Component: "kafka"}
			if len(d.Groups) > 0 && rng.IntN(2) == 0 {
				n.In = d.Groups[rng.IntN(len(d.Groups))].ID
			}
			d.Nodes = slices.Insert(d.Nodes, rng.IntN(nn+1), n)
		case 1: // remove a node and what names it
			if nn == 0 {
				continue
			}
			removeNode(d, rng.IntN(nn))
		case 2: // connect, sometimes a second time
			if nn < 2 {
				continue
			}
			i, j := rng.IntN(nn), rng.IntN(nn)
			if i != j {
				e := catalogue.Edge{From: d.Nodes[i].ID, To: d.Nodes[j].ID}
				if rng.IntN(3) == 0 {
					e.Label = "again"
				}
				d.Edges = slices.Insert(d.Edges, rng.IntN(len(d.Edges)+1), e)
			}
		case 3: // disconnect
			if len(d.Edges) > 0 {
				i := rng.IntN(len(d.Edges))
				d.Edges = slices.Delete(d.Edges, i, i+1)
			}
		case 4: // set or remove a property
			if nn == 0 {
				continue
			}
			n := &d.Nodes[rng.IntN(nn)]
			if n.Props == nil {
				n.Props = map[string]catalogue.Value{}
			}
			switch rng.IntN(4) {
			case 0:
				n.Props["acks"] = catalogue.StringValue([]string{"all", "leader", "none"}[rng.IntN(3)])
			case 1:
				n.Props["partitions"] = catalogue.IntValue(int64(rng.IntN(100)))
			case 2:
				n.Props["tls"] = catalogue.BoolValue(rng.IntN(2) == 0)
			default:
				for name := range n.Props {
					delete(n.Props, name)
					break
				}
			}
			if len(n.Props) == 0 {
				n.Props = nil
			}
		case 5: // move
			if nn > 0 {
				d.Nodes[rng.IntN(nn)].Position = &catalogue.Point{X: float64(rng.IntN(2000)), Y: float64(rng.IntN(2000)) + 0.5}
			}
		case 6: // rename a node
			if nn > 0 {
				renameNode(d, d.Nodes[rng.IntN(nn)].ID, fresh("r"))
			}
		case 7: // add a group, maybe inside another
			g := catalogue.Group{ID: fresh("g"), Boundary: "zone", Name: "Zone"}
			if len(d.Groups) > 0 && rng.IntN(2) == 0 {
				g.In = d.Groups[rng.IntN(len(d.Groups))].ID
			}
			d.Groups = slices.Insert(d.Groups, rng.IntN(len(d.Groups)+1), g)
		case 8: // remove a group: what it held moves out
			if len(d.Groups) == 0 {
				continue
			}
			i := rng.IntN(len(d.Groups))
			id, parent := d.Groups[i].ID, d.Groups[i].In
			d.Groups = slices.Delete(d.Groups, i, i+1)
			renameGroupRefs(d, id, parent)
		case 9: // rename a group
			if len(d.Groups) > 0 {
				i := rng.IntN(len(d.Groups))
				to := fresh("h")
				renameGroupRefs(d, d.Groups[i].ID, to)
				d.Groups[i].ID = to
			}
		case 10: // add a note, on something or not
			n := catalogue.Note{Text: fmt.Sprintf("note %d", rng.IntN(100))}
			if nn > 0 && rng.IntN(2) == 0 {
				n.On = d.Nodes[rng.IntN(nn)].ID
			}
			d.Notes = slices.Insert(d.Notes, rng.IntN(len(d.Notes)+1), n)
		case 11: // edit or remove a note
			if len(d.Notes) > 0 {
				i := rng.IntN(len(d.Notes))
				if rng.IntN(2) == 0 {
					d.Notes[i].Text += " more"
				} else {
					d.Notes = slices.Delete(d.Notes, i, i+1)
				}
			}
		case 12: // reorder two nodes
			if nn > 1 {
				i, j := rng.IntN(nn), rng.IntN(nn)
				d.Nodes[i], d.Nodes[j] = d.Nodes[j], d.Nodes[i]
			}
		case 13: // label an edge, change what it carries
			if len(d.Edges) > 0 {
				e := &d.Edges[rng.IntN(len(d.Edges))]
				e.Label = fmt.Sprintf("label %d", rng.IntN(10))
				e.Flow = catalogue.Flow([]string{"", "request", "event"}[rng.IntN(3)])
			}
		case 14: // entry, zones, objectives, name
			if nn == 0 {
				continue
			}
			n := &d.Nodes[rng.IntN(nn)]
			n.Entry, n.NotEntry = false, false
			switch rng.IntN(3) {
			case 0:
				n.Entry = true
			case 1:
				n.NotEntry = true
			}
			n.ZoneCount = rng.IntN(3)
			n.Zones = nil
			n.Objectives.Availability = []float64{0, 99.9, 99.95}[rng.IntN(3)]
			n.Name = fmt.Sprintf("Node %d", rng.IntN(10))
		default: // the design's own fields
			d.Name = fmt.Sprintf("Design %d", rng.IntN(10))
			d.Objectives.Availability = []float64{0, 99.9}[rng.IntN(2)]
			if nn > 0 && rng.IntN(2) == 0 {
				d.Suppress = append(d.Suppress, catalogue.Suppression{Rule: fmt.Sprintf("rule-%d", rng.IntN(1000)), Node: d.Nodes[rng.IntN(nn)].ID, Reason: "accepted"})
			}
		}
	}
	return d
}

// removeNode removes node i with its edges, notes, suppressions and the
// copies' replicaOf naming it, as the editor's delete does.
func removeNode(d *catalogue.Design, i int) {
	id := d.Nodes[i].ID
	d.Nodes = slices.Delete(d.Nodes, i, i+1)
	d.Edges = slices.DeleteFunc(d.Edges, func(e catalogue.Edge) bool { return e.From == id || e.To == id })
	d.Notes = slices.DeleteFunc(d.Notes, func(n catalogue.Note) bool { return n.On == id })
	d.Suppress = slices.DeleteFunc(d.Suppress, func(s catalogue.Suppression) bool { return s.Node == id })
	for k := range d.Nodes {
		if d.Nodes[k].ReplicaOf == id {
			d.Nodes[k].ReplicaOf = ""
		}
	}
}

func renameNode(d *catalogue.Design, from, to string) {
	for k := range d.Nodes {
		if d.Nodes[k].ID == from {
			d.Nodes[k].ID = to
		}
		if d.Nodes[k].ReplicaOf == from {
			d.Nodes[k].ReplicaOf = to
		}
	}
	for k := range d.Edges {
		if d.Edges[k].From == from {
			d.Edges[k].From = to
		}
		if d.Edges[k].To == from {
			d.Edges[k].To = to
		}
	}
	for k := range d.Notes {
		if d.Notes[k].On == from {
			d.Notes[k].On = to
		}
	}
	for k := range d.Suppress {
		if d.Suppress[k].Node == from {
			d.Suppress[k].Node = to
		}
	}
}

// renameGroupRefs points what names group from at to ("" takes it out).
func renameGroupRefs(d *catalogue.Design, from, to string) {
	for k := range d.Groups {
		if d.Groups[k].In == from {
			d.Groups[k].In = to
		}
	}
	for k := range d.Nodes {
		n := &d.Nodes[k]
		if n.In == from {
			n.In = to
		}
		if z := slices.Index(n.Zones, from); z >= 0 {
			if to == "" {
				n.Zones = slices.Delete(n.Zones, z, z+1)
				if len(n.Zones) == 0 {
					n.Zones = nil
				}
			} else {
				n.Zones[z] = to
			}
		}
	}
	if to == "" {
		d.Notes = slices.DeleteFunc(d.Notes, func(n catalogue.Note) bool { return n.On == from })
		return
	}
	for k := range d.Notes {
		if d.Notes[k].On == from {
			d.Notes[k].On = to
		}
	}
}

// Random edits of every example, a few at a time and many at once, keep
// the law Apply(a, Diff(a, b)) = b, both ways.
func TestDiffApplyRandomEdits(t *testing.T) {
	designs := exampleDesigns(t)
	names := slices.Sorted(maps.Keys(designs))
	rng := rand.New(rand.NewPCG(41, 1))
	for round := range 400 {
		name := names[round%len(names)]
		a := designs[name]
		b := mutate(rng, a, 1+rng.IntN(12))
		if _, errs := catalogue.ParseDesign("b.yaml", catalogue.EncodeDesignYAML(b)); len(errs) > 0 {
			t.Fatalf("round %d: the generator made a design that does not parse: %v", round, errs)
		}
		roundTrip(t, fmt.Sprintf("round %d %s → edited", round, name), a, b)
		roundTrip(t, fmt.Sprintf("round %d edited → %s", round, name), b, a)
		c := mutate(rng, b, 1+rng.IntN(5))
		roundTrip(t, fmt.Sprintf("round %d edited → edited again", round), b, c)
	}
}

// A rename is one op, not a removal and an add, so a co-editor's edits
// follow the node.
func TestDiffFindsRenames(t *testing.T) {
	a := exampleDesigns(t)["examples/order-events.yaml"]
	b := clone(a)
	from := b.Nodes[0].ID
	renameNode(b, from, "renamed")
	ops := roundTrip(t, "rename", a, b)
	if len(ops) != 1 || ops[0].Op != RenameNode || ops[0].Key.ID != from || string(ops[0].Value) != `"renamed"` {
		t.Fatalf("Diff of a rename = %s, want one renameNode of %s", opsText(ops), from)
	}
}

// A change that shifts the lists at every op (removals from the front, as a
// hostile client may send) costs no index of the whole list per op.
func TestApplyShiftingOpsCostNoIndexEach(t *testing.T) {
	d := chain(3000)
	var ops []Op
	for i := 0; i < 1500; i++ {
		ops = append(ops, Op{Op: RemoveEdge, Key: Key{From: fmt.Sprintf("n-%d", i), To: fmt.Sprintf("n-%d", i+1)}})
	}
	for i := 0; i < 1500; i++ {
		ops = append(ops, Op{Op: RemoveNode, Key: Key{ID: fmt.Sprintf("n-%d", i)}})
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := Apply(d, ops); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 20 {
		t.Fatalf("Apply allocated %d MB for %d removals from a design of %d nodes", mb, len(ops), len(d.Nodes))
	}
}
