package state

import (
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// HistoryMode says how a change of the design is kept for undo.
type HistoryMode uint8

// The history modes. A change of the design is Recorded (an undo step),
// Undone or Redone (a step moved between the two stacks), or NotRecorded:
// a design restored at start-up, or (later) another person's change, which
// is never an undo step of this tab.
const (
	// NotRecorded is a design that is no undo step: restored, opened, or
	// another person's.
	NotRecorded HistoryMode = iota
	// Recorded is an edit: an undo step, which clears what Redo had.
	Recorded
	// Undone is a step Undo took back, now Redo's.
	Undone
	// Redone is a step Redo brought back, Undo's again.
	Redone
)

// Changed is what one commit changed, as the store's subscribers hear it.
type Changed struct {
	// Design is set when the design changed (and with it the resolution and
	// the analysis), kept as History says.
	Design  bool
	History HistoryMode
	// Catalogue is set when the design is resolved against another
	// catalogue (an embedding host's).
	Catalogue bool
	// Selection is set when what is selected changed, whatever caused it (a
	// click, deleting the selected node, undo, an import).
	Selection bool
	// Session is set when a view of the design changed: panels, widths,
	// collapsed groups, the failing group, the view, read-only, the share
	// flag. None is an undo step, and none is saved with the design.
	Session bool
	// Reveal asks the canvas to bring the selection into view: an event,
	// heard once, not state.
	Reveal bool
	// Opened says another design replaced this one in place (see Clear):
	// its history, selection and views start afresh, and the canvas shows
	// it whole.
	Opened bool
	// Analysed says the analysis an edit left pending is done (see
	// DeferAnalysis): the analysis, its findings among the violations and
	// the single points of failure are the design's now.
	Analysed bool
}

// Subscribe calls f after every commit with what changed, until the
// returned function is called. Any number may subscribe (autosave, the
// embed protocol, the editor's redraw, the canvas's reveals); they hear each
// commit once, in the order they subscribed.
func (s *Store) Subscribe(f func(*Store, Changed)) (cancel func()) {
	if s.subscribers == nil {
		s.subscribers = map[int]func(*Store, Changed){}
	}
	id := s.nextSub
	s.nextSub++
	s.subscribers[id] = f
	return func() { delete(s.subscribers, id) }
}

// change is one commit: what changes, and what the user is told. A nil
// field keeps what the store has.
type change struct {
	design    *catalogue.Design    // the new design
	history   HistoryMode          // how the new design is kept for undo
	cat       *catalogue.Catalogue // the new catalogue
	selection *Selection           // the new selection
	extra     map[string]bool      // the nodes selected with the selection's node, when setExtra
	setExtra  bool                 // extra replaces them (else a new selection drops them)
	notice    *Notice              // the new notice
	reveal    bool                 // bring the selected node into view
	readOnly  *bool                // the new read-only setting
	focus     *bool                // the new focus mode
	opened    bool                 // another design is opened: the history and the design's views go
	analysed  bool                 // the pending analysis is done (see Settle)
	comparing bool                 // compare replaces the comparison (nil: none)
	compare   *comparison          // the comparison with a file (Compare with…)
	// compareErrors replaces the problems of a file that could not be
	// compared.
	compareErrors *[]string

	// The session: what the change makes of it.
	session   bool                       // something of the session changed that the fields below do not name
	shared    *bool                      // the share flag
	failing   *string                    // the group whose failure is shown ("" for none)
	collapsed map[string]bool            // the collapsed groups
	hidden    map[string]bool            // the folded side panels
	widths    map[string]int             // the side panels' widths
	autoAt    map[string]catalogue.Point // where the editor placed the nodes it added
	view      *drawing.Rect              // the part of the canvas on screen
}

// commit applies c: the one path by which anything the store shows
// changes.
func (s *Store) commit(c change) {
	before, beforeExtra := s.selection, s.extraVersion
	if c.design != nil && (c.history == Undone || c.history == Redone) && s.carry != nil {
		// A step of the history comes back: what co-editors changed since
		// it was taken comes with it (see Live).
		var note string
		if c.design, note = s.carry(c.design); note != "" && c.notice != nil {
			c.notice = &Notice{Text: c.notice.Text + " " + note}
		}
	}
	if c.opened {
		s.opens++
		s.past, s.future = nil, nil
		s.extra, s.collapsed, s.autoAt, s.compare, s.compareErrors = nil, nil, nil, nil, nil
		s.failing, s.lost, s.cut = "", nil, nil
	}
	if c.design != nil && c.history == Recorded {
		s.past = append(s.past, s.design)
		if len(s.past) > maxHistory {
			s.past = s.past[len(s.past)-maxHistory:]
		}
		s.future = nil
	}
	if c.cat != nil {
		s.cat = c.cat
	}
	drawn, failed := c.session, false
	if c.failing != nil && *c.failing != s.failing {
		s.failing, drawn, failed = *c.failing, true, true
	}
	if c.collapsed != nil {
		s.collapsed, drawn = c.collapsed, true
	}
	if c.hidden != nil {
		s.hidden, drawn = c.hidden, true
	}
	// Neither the widths (the resizer sets them on the page as it drags),
	// the view (the canvas reports it as it draws) nor the share flag
	// change anything drawn: the version stays.
	if c.widths != nil {
		s.widths = c.widths
	}
	if c.view != nil {
		s.view = *c.view
	}
	if c.shared != nil {
		s.shared = *c.shared
	}
	if c.autoAt != nil {
		s.autoAt = c.autoAt
	}
	if c.comparing {
		s.compare, drawn = c.compare, true
	}
	if c.compareErrors != nil {
		s.compareErrors, drawn = *c.compareErrors, true
	}
	if c.design != nil || c.cat != nil {
		d := c.design
		if d == nil {
			d = s.design
		}
		s.index(d, c.opened)
		if d := s.pending; d != nil {
			s.later(func() {
				if s.pending == d { // else a later edit has its own
					s.Settle()
				}
			})
		}
	}
	if failed || c.design != nil || c.cat != nil || c.analysed {
		s.fail(s.analysis)
	}
	switch {
	case c.setExtra && (len(c.extra) > 0 || len(s.extra) > 0):
		s.extra = c.extra
		s.extraVersion++
	case !c.setExtra && c.selection != nil && *c.selection != s.selection && len(s.extra) > 0:
		// Something else selected: the others go. (The same selection,
		// restated by an edit, keeps them.)
		s.extra = nil
		s.extraVersion++
	}
	if c.selection != nil {
		s.selection = *c.selection
	}
	s.reconcile(s.Document)
	if c.notice != nil {
		s.notice = *c.notice
	}
	if c.readOnly != nil && *c.readOnly != s.readOnly {
		s.readOnly, drawn = *c.readOnly, true
	}
	if c.focus != nil && *c.focus != s.focus {
		s.focus, drawn = *c.focus, true
	}
	selected := s.selection != before || s.extraVersion != beforeExtra
	ev := Changed{Design: c.design != nil, History: c.history, Catalogue: c.cat != nil, Selection: selected, Reveal: c.reveal, Opened: c.opened,
		Session: drawn || c.widths != nil || c.view != nil || c.shared != nil || c.autoAt != nil, Analysed: c.analysed}
	if ev.Design || ev.Catalogue || ev.Selection || c.notice != nil || drawn || c.reveal || c.opened || c.analysed {
		s.version++
	}
	for id, n := 0, s.nextSub; id < n; id++ {
		if f := s.subscribers[id]; f != nil {
			f(s, ev)
		}
	}
}

// DeferAnalysis makes an edit of a design of 5,000 nodes or more
// commit, and so be drawn, before the design's system analysis has run,
// when the last analysis does not hold for it: later is handed the rest to
// run in a later task, after the frame. Until then AnalysisPending says so,
// Analysis is the last report and the resolution lacks its findings; the
// analysis done, a commit of its own (Changed.Analysed) shows it. A design
// opened in place is analysed in its own commit: the last report is
// another design's, not one before an edit. Without
// it (tests, the CLI's uses) every commit is analysed at once.
func (s *Store) DeferAnalysis(later func(run func())) { s.later = later }

// Settle runs the analysis an edit left pending now, and commits it: for
// what must answer for the design as it is (the embedding host's validate
// and analyze, a save). It does nothing when none is pending.
func (s *Store) Settle() {
	if s.pending == nil {
		return
	}
	res, rep := s.resolver.Resolve(s.pending)
	s.pending = nil
	s.derive(res, rep, false)
	s.commit(change{analysed: true})
}
