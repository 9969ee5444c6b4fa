package state

import (
	"maps"

	"github.com/archdesigner/designer/catalogue/drawing"
)

// viewEdits change the session's views of the design: the view on
// screen, the folded panels and their widths, the collapsed groups, the
// failing group, the share flag and read-only. None is an undo step or
// saved; each changes the session only through the Store's commit.
type viewEdits struct{ s *Store }

// SetShared marks the design as a share link's, or not (see Shared).
func (ed viewEdits) SetShared(shared bool) { ed.s.commit(change{shared: &shared}) }

// SetReadOnly refuses (or allows again) every change of the design.
func (ed viewEdits) SetReadOnly(readOnly bool) { ed.s.commit(change{readOnly: &readOnly}) }

// SetFocused enters focus mode, where the canvas has the window and the
// panels are put away, or with false leaves it (a view, like HidePanel).
func (ed viewEdits) SetFocused(on bool) { ed.s.commit(change{focus: &on}) }

// SetView records the part of the canvas on screen (canvas coordinates),
// for placing new nodes; it is a view, and changes nothing drawn.
func (ed viewEdits) SetView(x0, y0, x1, y1 float64) {
	if v := (drawing.Rect{X0: x0, Y0: y0, X1: x1, Y1: y1}); v != ed.s.view {
		ed.s.commit(change{view: &v})
	}
}

// HidePanel folds side panel name away, or with false shows it again (a
// view, like Collapsed: not part of the design, not undoable).
func (ed viewEdits) HidePanel(name string, hidden bool) {
	if ed.s.hidden[name] == hidden {
		return
	}
	panels := maps.Clone(ed.s.hidden)
	if panels == nil {
		panels = map[string]bool{}
	}
	panels[name] = hidden
	ed.s.commit(change{hidden: panels})
}

// SetPanelWidth records the width the user gave side panel name (a view,
// like HidePanel).
func (ed viewEdits) SetPanelWidth(name string, w int) {
	if ed.s.widths[name] == w {
		return
	}
	widths := maps.Clone(ed.s.widths)
	if widths == nil {
		widths = map[string]int{}
	}
	widths[name] = w
	ed.s.commit(change{widths: widths})
}

// SetCollapsed draws group id as one box (its member count and worst
// problem, with the edges to what it holds attached to it), or opens it.
func (ed viewEdits) SetCollapsed(id string, collapsed bool) {
	if ed.s.groupIndex(id) < 0 || ed.s.collapsed[id] == collapsed {
		return
	}
	groups := maps.Clone(ed.s.collapsed)
	if groups == nil {
		groups = map[string]bool{}
	}
	if collapsed {
		groups[id] = true
	} else {
		delete(groups, id)
	}
	ed.s.commit(change{collapsed: groups})
}

// SetFailing shows what the failure of group id takes (the canvas dims it,
// the Analysis region lists it), or, with "", stops. It is a view: neither
// saved nor undone.
func (ed viewEdits) SetFailing(id string) {
	if id != "" && ed.s.groupIndex(id) < 0 || id == ed.s.failing {
		return
	}
	ed.s.commit(change{failing: &id})
}
