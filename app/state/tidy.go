package state

import (
	"errors"
	"fmt"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/layout"
)

// What Tidy up lays out.
const (
	// TidyNew places the new nodes (see NewNodes) beside what they
	// connect to, moving no other node.
	TidyNew = "new"
	// TidySelection lays out the selected nodes among themselves, where
	// they were.
	TidySelection = "selection"
	// TidyAll lays out the whole design.
	TidyAll = "all"
)

// tidyEdits lay out the new nodes, the selection or the whole design
// (Tidy up), as one undoable step made only through the Store's update.
type tidyEdits struct{ s *Store }

// NewNodes are the nodes Tidy up's "New nodes" places: those without a
// position, and those the editor placed (a palette's new node) that are
// still where it put them. A node the user moved, aligned or laid out is
// placed, and undoing the move makes it new again.
func (ed tidyEdits) NewNodes() []string {
	var ids []string
	for _, n := range ed.s.design.Nodes {
		if n.Position == nil {
			ids = append(ids, n.ID)
		} else if at, ok := ed.s.autoAt[n.ID]; ok && at == *n.Position {
			ids = append(ids, n.ID)
		}
	}
	return ids
}

// TidyPlan is a Tidy up worked out apart from the store, so that the
// layout (the long part) can run while the editor handles input: PlanTidy
// takes what to lay out from the design as it is, Run lays it out, and
// ApplyTidy makes that one undoable step, if the design has not changed in
// the meantime.
type TidyPlan struct {
	design *catalogue.Design // as it was planned; designs are copied on write
	opts   layout.Options
	at     []catalogue.Point
}

// TidyUp lays out the new nodes, the selection or the whole design (scope
// TidyNew, TidySelection or TidyAll), edges pointing dir: one undoable
// step.
func (ed tidyEdits) TidyUp(scope string, dir layout.Direction) error {
	p, err := ed.s.PlanTidy(scope, dir)
	if err != nil {
		return err
	}
	p.Run(nil)
	return ed.s.ApplyTidy(p)
}

// PlanTidy plans a Tidy up of scope (TidyNew, TidySelection or TidyAll),
// edges pointing dir; an error says why there is nothing to do.
func (ed tidyEdits) PlanTidy(scope string, dir layout.Direction) (*TidyPlan, error) {
	if ed.s.readOnly {
		return nil, errReadOnly
	}
	o := layout.Options{Direction: dir, Geometry: drawing.LayoutGeometry()}
	var ids []string
	switch scope {
	case TidyNew:
		if ids = ed.s.NewNodes(); len(ids) == 0 {
			return nil, errors.New("no new nodes to place: every node is where you put it (choose the whole design to lay it all out)")
		}
	case TidySelection:
		if ids = ed.s.SelectedNodes(); len(ids) < 2 {
			return nil, errors.New("select two nodes or more to tidy them up")
		}
		o.Mode = layout.Together
	case TidyAll:
		o.Mode = layout.All
	default:
		return nil, fmt.Errorf("no tidy up %q", scope)
	}
	d := ed.s.design
	if ids != nil {
		set := make(map[string]bool, len(ids))
		for _, id := range ids {
			set[id] = true
		}
		o.Move = func(i int) bool { return set[d.Nodes[i].ID] }
	}
	return &TidyPlan{design: d, opts: o}, nil
}

// Run lays the plan out, calling yield (when not nil) every few
// milliseconds of the work; when yield returns false it stops, and the
// plan stays unlaid. It touches no store: it may run in a goroutine of its
// own.
func (p *TidyPlan) Run(yield func() bool) {
	o := p.opts
	o.Yield = yield
	p.at = layout.Arrange(p.design, o)
}

// ErrTidyStale refuses a plan laid out for a design since changed; the
// editor says it too of a plan it stopped because the design changed.
var ErrTidyStale = errors.New("the design changed while Tidy up was laying it out, so nothing moved: choose Tidy up again")

// Design is the design the plan was made for: once the store's is another,
// the plan is stale (see ErrTidyStale).
func (p *TidyPlan) Design() *catalogue.Design { return p.design }

// Direction is the way the plan's edges point.
func (p *TidyPlan) Direction() layout.Direction { return p.opts.Direction }

// LaidOut reports whether Run laid the plan out, not stopped by its yield.
func (p *TidyPlan) LaidOut() bool { return p.at != nil }

// ApplyTidy moves the nodes where the plan, run, put them: one undoable
// step, refused when the design changed since the plan was made.
func (ed tidyEdits) ApplyTidy(p *TidyPlan) error {
	if p.at == nil {
		return errors.New("this Tidy up has not been laid out")
	}
	if ed.s.design != p.design {
		return ErrTidyStale
	}
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		moved := drawing.PlaceAt(d, p.at)
		return fmt.Sprintf("Tidied up: moved %d %s.", moved, plural(moved, "node")), nil
	}, nil)
}
