package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
)

// ContextMenu is the canvas's menu of actions on a node, an edge, a group or
// a note, in place of the browser's: the canvas opens it on a right click or
// from the keyboard (the ContextMenu key, or Shift+F10), and it keeps what it
// is open on until an item is chosen, the focus leaves it, or the design
// changes under it. Closed, it draws nothing.
type ContextMenu struct {
	app.Compo
	store *state.Store
	on    *menuTarget // what it is open on, while open
}

// newContextMenu is the canvas's context menu, closed.
func newContextMenu(s *state.Store) *ContextMenu { return &ContextMenu{store: s} }

// Render draws the open menu, or nothing.
func (m *ContextMenu) Render() app.UI {
	if m.on == nil {
		return app.Text("")
	}
	title, items := m.items(m.on)
	if len(items) == 0 || m.on.version != m.store.Version() {
		// What it was open on changed (an undo, a deletion): its items
		// would act on something else.
		m.on = nil
		return app.Text("")
	}
	// Placed by place: the page's policy refuses style attributes.
	return app.Div().ID("context-menu").Class("context-menu").Role("menu").Aria("label", title).
		On("keydown", m.onKey).On("focusout", m.onFocusOut).Body(
		app.Range(items).Slice(func(i int) app.UI {
			item := app.Button().Role("menuitem").Attr("tabindex", "-1").DataSet("item", i).Text(items[i].label)
			if items[i].deletes { // what Delete does to it, once it is selected (see open)
				item = item.Attr("aria-keyshortcuts", actionFor(actDelete).ariaKeys())
			}
			return item.OnClick(m.onItem, i)
		}),
	)
}

// menuTarget is what a context menu is open on and where it is drawn, in
// pixels from the canvas section's corner.
type menuTarget struct {
	node, group string
	edge        int // -1 unless on an edge
	note        int // the note's index + 1, or 0
	x, y        float64
	version     int // the design's version when it opened: any change closes it
}

// element is what the menu is open on, as drawn now.
func (t *menuTarget) element() app.Value {
	w := app.Window()
	switch {
	case t.node != "":
		return w.GetElementByID("node-" + t.node)
	case t.group != "":
		return w.GetElementByID("group-" + t.group)
	case t.note > 0:
		return w.GetElementByID("note-" + strconv.Itoa(t.note-1))
	}
	return w.Get("document").Call("querySelector", `g[data-edge="`+strconv.Itoa(t.edge)+`"]`)
}

// menuItem is one action of a context menu; one that deletes what the menu
// is on leaves the focus on the canvas.
type menuItem struct {
	label   string
	act     func() error
	deletes bool
}

// items are the menu's actions on t; editing ones only when the design may
// be edited.
func (m *ContextMenu) items(t *menuTarget) (title string, items []menuItem) {
	s := m.store
	edit := !s.ReadOnly()
	switch {
	case t.node != "":
		n := s.Node(t.node)
		if n == nil {
			return "", nil
		}
		title = "Actions for " + n.ID
		if edit {
			// Unmarking an entry point only takes its mark away (a node
			// nothing flows into stays one); Never an entry point states
			// `entry: false`.
			if n.Entry {
				items = append(items, menuItem{"Unmark entry point", func() error { return s.SetEntry(n.ID, false) }, false})
			} else {
				items = append(items, menuItem{"Mark as entry point", func() error { return s.SetEntry(n.ID, true) }, false})
			}
			if n.NotEntry {
				items = append(items, menuItem{"Unmark never an entry point", func() error { return s.SetNotEntry(n.ID, false) }, false})
			} else {
				items = append(items, menuItem{"Never an entry point", func() error { return s.SetNotEntry(n.ID, true) }, false})
			}
			items = append(items, menuItem{"Add note on " + n.ID, func() error { addNote(s, n.ID); return nil }, false})
			items = append(items, menuItem{"Delete node", func() error { return s.DeleteNode(n.ID) }, true})
		}
	case t.edge >= 0:
		if t.edge >= len(s.Design().Edges) {
			return "", nil
		}
		e := s.Design().Edges[t.edge]
		title = "Actions for the connection from " + e.From + " to " + e.To
		if edit {
			i := t.edge
			items = append(items, menuItem{"Delete connection", func() error { return s.DeleteEdge(i) }, true})
		}
	case t.group != "":
		if s.Group(t.group) == nil {
			return "", nil
		}
		id := t.group
		title = "Actions for group " + id
		if s.Collapsed(id) {
			items = append(items, menuItem{"Expand group", func() error { s.SetCollapsed(id, false); return nil }, false})
		} else {
			items = append(items, menuItem{"Collapse group", func() error { s.SetCollapsed(id, true); return nil }, false})
		}
		if edit {
			items = append(items, menuItem{"Add note on " + id, func() error { addNote(s, id); return nil }, false})
			items = append(items, menuItem{"Delete group", func() error { return s.DeleteGroup(id) }, true})
		}
	case t.note > 0:
		i := t.note - 1
		if s.Note(i) == nil {
			return "", nil
		}
		title = "Actions for the note"
		if edit {
			items = append(items, menuItem{"Delete note", func() error { return s.DeleteNote(i) }, true})
		}
	}
	return title, items
}

// open opens the menu on what target is in (a node, an edge, a group or a
// note), selecting it, at client point (cx, cy); false when target is in
// none of them or nothing may be done there. ctx is the handler's that
// asked, whose render the menu's placing and focus wait for.
func (m *ContextMenu) open(ctx app.Context, target app.Value, cx, cy float64) bool {
	s := m.store
	t := &menuTarget{edge: -1}
	switch {
	case closest(target, "g[data-node]").Truthy():
		t.node = closest(target, "g[data-node]").Get("dataset").Get("node").String()
		s.Select(t.node)
	case closest(target, "[data-edge]").Truthy():
		t.edge, _ = strconv.Atoi(closest(target, "[data-edge]").Get("dataset").Get("edge").String())
		s.SelectEdge(t.edge)
	case closest(target, "[data-group]").Truthy():
		t.group = closest(target, "[data-group]").Get("dataset").Get("group").String()
		s.SelectGroup(t.group)
	case closest(target, "g[data-note]").Truthy():
		i, _ := strconv.Atoi(closest(target, "g[data-note]").Get("dataset").Get("note").String())
		t.note = i + 1
		s.SelectNote(i)
	default:
		return false
	}
	if _, items := m.items(t); len(items) == 0 {
		return false
	}
	rect := app.Window().GetElementByID("canvas").Call("getBoundingClientRect")
	t.x, t.y = cx-rect.Get("left").Float(), cy-rect.Get("top").Float()
	t.version = s.Version()
	m.on = t
	m.Update()
	ctx.Defer(func(app.Context) {
		m.place()
		focusMenuItem(0)
	})
	return true
}

// place moves the drawn menu to where it was opened, through the element's
// style object (which the page's content security policy allows, where it
// refuses a style attribute).
func (m *ContextMenu) place() {
	el := app.Window().GetElementByID("context-menu")
	if m.on == nil || !el.Truthy() {
		return
	}
	style := el.Get("style")
	style.Set("left", strconv.FormatFloat(m.on.x, 'f', 0, 64)+"px")
	style.Set("top", strconv.FormatFloat(m.on.y, 'f', 0, 64)+"px")
}

// onContextMenu opens the menu where the pointer is, in place of the
// browser's (a handler of the canvas's drawing).
func (m *ContextMenu) onContextMenu(ctx app.Context, e app.Event) {
	if m.open(ctx, e.Get("target"), e.Get("clientX").Float(), e.Get("clientY").Float()) {
		e.PreventDefault()
	}
}

// openFromKey opens the menu on the focused element, below it, for the
// ContextMenu key or Shift+F10; false for any other key.
func (m *ContextMenu) openFromKey(ctx app.Context, e app.Event) bool {
	key := e.Get("key").String()
	if key != "ContextMenu" && !(key == "F10" && e.Get("shiftKey").Bool()) {
		return false
	}
	target := e.Get("target")
	r := target.Call("getBoundingClientRect")
	if m.open(ctx, target, r.Get("left").Float()+8, r.Get("bottom").Float()) {
		e.PreventDefault()
	}
	return true
}

// close closes the menu, putting the focus back where it was opened when
// refocus says so.
func (m *ContextMenu) close(refocus bool) {
	t := m.on
	if t == nil {
		return
	}
	m.on = nil
	m.Update()
	if refocus {
		if el := t.element(); el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	}
}

// onItem carries out item i and closes the menu; the focus goes back to
// what it was open on, or to the canvas when that was deleted.
func (m *ContextMenu) onItem(ctx app.Context, e app.Event) {
	i, _ := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("item").String())
	t := m.on
	if t == nil {
		return
	}
	_, items := m.items(t)
	m.close(false)
	if i < 0 || i >= len(items) {
		return
	}
	m.store.Report(items[i].act())
	deleted := items[i].deletes
	ctx.Defer(func(app.Context) {
		el := app.Window().GetElementByID("canvas")
		if !deleted {
			if at := t.element(); at.Truthy() {
				el = at
			}
		}
		if el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

// onKey moves between the items with the arrow keys, Home and End, and
// closes the menu with Escape or Tab.
func (m *ContextMenu) onKey(ctx app.Context, e app.Event) {
	items := app.Window().Get("document").Call("querySelectorAll", "#context-menu [role=menuitem]")
	n := items.Length()
	at := 0
	for i := 0; i < n; i++ {
		if items.Index(i).Equal(app.Window().Get("document").Get("activeElement")) {
			at = i
		}
	}
	switch e.Get("key").String() {
	case "ArrowDown":
		focusMenuItem((at + 1) % n)
	case "ArrowUp":
		focusMenuItem((at + n - 1) % n)
	case "Home":
		focusMenuItem(0)
	case "End":
		focusMenuItem(n - 1)
	case "Escape", "Tab":
		m.close(true)
	default:
		return
	}
	e.PreventDefault()
	e.StopImmediatePropagation()
}

// onFocusOut closes the menu when the focus leaves it (a click elsewhere,
// or the focus moved away).
func (m *ContextMenu) onFocusOut(ctx app.Context, e app.Event) {
	next := e.Get("relatedTarget")
	if menu := app.Window().GetElementByID("context-menu"); menu.Truthy() && next.Truthy() && menu.Call("contains", next).Bool() {
		return
	}
	m.close(false)
}

// focusMenuItem focuses the open menu's item i.
func focusMenuItem(i int) {
	items := app.Window().Get("document").Call("querySelectorAll", "#context-menu [role=menuitem]")
	if i >= 0 && i < items.Length() {
		items.Index(i).Call("focus")
	}
}
