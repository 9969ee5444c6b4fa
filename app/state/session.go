package state

import (
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/analysis"
	"github.com/archdesigner/designer/catalogue/drawing"
)

// Selection is what the user has selected: a node, an edge, a group, a
// note, or nothing.
type Selection struct {
	Node  string // a node id, or ""
	Edge  int    // an edge index, or -1
	Group string // a group id, or ""
	Note  int    // a note's index + 1, or 0 (so that the zero value is none)
}

// none is the empty selection.
func none() Selection { return Selection{Edge: -1} }

// Notice is what the last action wants the user to know (the overrides a
// component swap dropped, why an edit was refused), or nothing.
type Notice struct {
	Text  string
	Error bool // a refusal
}

// The side panels that fold away.
const (
	// PanelPalette is the palette, beside the canvas on the left.
	PanelPalette = "palette"
	// PanelInspector is the inspector, beside the canvas on the right.
	PanelInspector = "inspector"
)

// Session is how this tab shows the design: what is selected (one node,
// edge, group or note, and the nodes selected with a node), the notice,
// the view, the folded panels and their widths, the collapsed groups, the
// failing group and what it takes, the comparison, the share flag and
// read-only. None of it is saved with the design or undone, and it changes
// only through the Store's commit; opening another design drops what was
// of the last one (the selection, collapsed and failing groups, the
// comparison, the nodes placed for Tidy up) and keeps the rest.
type Session struct {
	selection Selection
	// extra are the nodes selected with the selection's node (Shift-click,
	// a rubber band, Ctrl+A), counted by extraVersion's changes.
	extra        map[string]bool
	extraVersion int
	// opens counts the designs opened (see Store.Open).
	opens    int
	notice   Notice
	readOnly bool
	// focus says the canvas has the window: the panels are put away.
	focus bool
	// compare is the design Compare with… set beside this one, or nil;
	// compareErrors why the last file given to it could not be.
	compare       *comparison
	compareErrors []string
	// shared says the design is one a share link carried: nothing of it,
	// nor of its view, is stored.
	shared bool
	// collapsed are the groups drawn as one box: a view of the design,
	// neither saved nor undone.
	collapsed map[string]bool
	// hidden are the side panels (PanelPalette, PanelInspector) the user
	// folded away, for the canvas to have their width.
	hidden map[string]bool
	// widths are the side panels' widths the user chose, in pixels.
	widths map[string]int
	// autoAt is where the editor placed each node it added (from the
	// palette): such a node still there is new to Tidy up (see NewNodes).
	autoAt map[string]catalogue.Point
	// view is the part of the canvas on screen, in canvas coordinates, as
	// the canvas last reported it (zero before it has), so that new nodes
	// land in view.
	view drawing.Rect
	// failing is the group whose failure the canvas shows (a view, like
	// collapsed), with the nodes it takes and the entries it cuts (see
	// fail).
	failing   string
	lost, cut map[string]bool
}

// Selection returns what is selected.
func (ses *Session) Selection() Selection { return ses.selection }

// Notice returns what the last action wants the user to know.
func (ses *Session) Notice() Notice { return ses.notice }

// Shared reports whether the design is one a share link carried, which
// the editor and the canvas store nothing of (the design, its view, the
// canvas's settings).
func (ses *Session) Shared() bool { return ses.shared }

// ReadOnly reports whether changes of the design are refused (an embedding
// host's choice); selecting still works.
func (ses *Session) ReadOnly() bool { return ses.readOnly }

// Focused reports whether the editor is in focus mode, where the canvas
// has the window and the panels are put away (see SetFocused).
func (ses *Session) Focused() bool { return ses.focus }

// Failing returns the group whose failure the canvas shows, or "".
func (ses *Session) Failing() string { return ses.failing }

// Lost reports whether the failing group takes node id.
func (ses *Session) Lost(id string) bool { return ses.lost[id] }

// Cut reports whether the failing group cuts entry point id off from what
// it waits on.
func (ses *Session) Cut(id string) bool { return ses.cut[id] }

// Collapsed reports whether group id is drawn as one box.
func (ses *Session) Collapsed(id string) bool { return ses.collapsed[id] }

// PanelHidden reports whether side panel name is folded away.
func (ses *Session) PanelHidden(name string) bool { return ses.hidden[name] }

// PanelWidth is the width the user gave side panel name, or 0 when it has
// the stylesheet's.
func (ses *Session) PanelWidth(name string) int { return ses.widths[name] }

// CompareErrors are why the last file given to Compare with… could not be
// compared, for the editor to list; nil once one is compared or dismissed.
func (ses *Session) CompareErrors() []string { return ses.compareErrors }

// IsSelected reports whether node id is selected, alone or with others.
func (ses *Session) IsSelected(id string) bool {
	return id != "" && (ses.selection.Node == id || ses.extra[id])
}

// fail works out what the failing group takes in the analysis a, for the
// design as it is now: after the failing group or the design changed.
func (ses *Session) fail(a *analysis.Report) {
	ses.lost, ses.cut = nil, nil
	if ses.failing != "" {
		ses.lost, ses.cut = a.Lost(ses.failing)
	}
}

// reconcile drops what of the session doc no longer has: a selection, the
// nodes selected with it, collapsed groups, the failing group.
func (ses *Session) reconcile(doc *Document) {
	if ses.selection.Node != "" {
		if _, ok := doc.nodeIndex[ses.selection.Node]; !ok {
			ses.selection = none()
		}
	}
	if ses.selection.Edge >= len(doc.design.Edges) {
		ses.selection = none()
	}
	if ses.selection.Group != "" && doc.groupIndex(ses.selection.Group) < 0 {
		ses.selection = none()
	}
	if ses.selection.Note > len(doc.design.Notes) {
		ses.selection = none()
	}
	ses.reconcileExtra(doc)
	for id := range ses.collapsed {
		if doc.groupIndex(id) < 0 {
			delete(ses.collapsed, id)
		}
	}
	if ses.failing != "" && doc.groupIndex(ses.failing) < 0 {
		ses.failing, ses.lost, ses.cut = "", nil, nil
	}
}

// reconcileExtra drops selected nodes doc no longer has; when the
// selection's own node went, the first of the others takes its place.
func (ses *Session) reconcileExtra(doc *Document) {
	if len(ses.extra) == 0 {
		return
	}
	for id := range ses.extra {
		if _, ok := doc.nodeIndex[id]; !ok || id == ses.selection.Node {
			delete(ses.extra, id)
			ses.extraVersion++
		}
	}
	if ses.selection.Node == "" && len(ses.extra) > 0 {
		for _, n := range doc.design.Nodes {
			if ses.extra[n.ID] {
				ses.selection = Selection{Node: n.ID, Edge: -1}
				delete(ses.extra, n.ID)
				break
			}
		}
	}
	if ses.selection.Node == "" {
		ses.extra = nil
	}
}

// Opens counts the designs opened in the store (see Store.Open): a panel
// that keeps a view of one (an open form, how much of a list it shows)
// starts afresh when it changes.
func (ses *Session) Opens() int { return ses.opens }
