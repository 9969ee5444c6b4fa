package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// contextMenu is the menu open on a node, an edge, a group or a note: what it acts
// on and where it is drawn, in pixels from the canvas section's corner.
type contextMenu struct {
	node, group string
	edge        int // -1 unless on an edge
	note        int // the note's index + 1, or 0
	x, y        float64
	version     int // the design's version when it opened: any change closes it
}

// element is what the menu is open on, as drawn now.
func (m *contextMenu) element() app.Value {
	w := app.Window()
	switch {
	case m.node != "":
		return w.GetElementByID("node-" + m.node)
	case m.group != "":
		return w.GetElementByID("group-" + m.group)
	case m.note > 0:
		return w.GetElementByID("note-" + strconv.Itoa(m.note-1))
	}
	return w.Get("document").Call("querySelector", `g[data-edge="`+strconv.Itoa(m.edge)+`"]`)
}

// menuItem is one action of a context menu; one that deletes what the menu
// is on leaves the focus on the canvas.
type menuItem struct {
	label   string
	act     func() error
	deletes bool
}

// items are the menu's actions on what it is open on; editing ones only
// when the design may be edited.
func (c *Canvas) menuItems(m *contextMenu) (title string, items []menuItem) {
	s := c.Store
	edit := !s.ReadOnly()
	switch {
	case m.node != "":
		n := s.Node(m.node)
		if n == nil {
			return "", nil
		}
		title = "Actions for " + n.ID
		if edit {
			if n.Entry {
				items = append(items, menuItem{"Not an entry point", func() error { return s.SetEntry(n.ID, false) }, false})
			} else {
				items = append(items, menuItem{"Mark as entry point", func() error { return s.SetEntry(n.ID, true) }, false})
			}
			items = append(items, menuItem{"Add note on " + n.ID, func() error { c.addNote(n.ID); return nil }, false})
			items = append(items, menuItem{"Delete node", func() error { return s.DeleteNode(n.ID) }, true})
		}
	case m.edge >= 0:
		if m.edge >= len(s.Design().Edges) {
			return "", nil
		}
		e := s.Design().Edges[m.edge]
		title = "Actions for the connection from " + e.From + " to " + e.To
		if edit {
			i := m.edge
			items = append(items, menuItem{"Delete connection", func() error { return s.DeleteEdge(i) }, true})
		}
	case m.group != "":
		if s.Group(m.group) == nil {
			return "", nil
		}
		id := m.group
		title = "Actions for group " + id
		if s.Collapsed(id) {
			items = append(items, menuItem{"Expand group", func() error { s.SetCollapsed(id, false); return nil }, false})
		} else {
			items = append(items, menuItem{"Collapse group", func() error { s.SetCollapsed(id, true); return nil }, false})
		}
		if edit {
			items = append(items, menuItem{"Add note on " + id, func() error { c.addNote(id); return nil }, false})
			items = append(items, menuItem{"Delete group", func() error { return s.DeleteGroup(id) }, true})
		}
	case m.note > 0:
		i := m.note - 1
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

// renderMenu draws the open context menu, if any.
func (c *Canvas) renderMenu() app.UI {
	if c.menu == nil {
		return nil
	}
	title, items := c.menuItems(c.menu)
	if len(items) == 0 || c.menu.version != c.Store.Version() {
		// What it was open on changed (an undo, a deletion): its items
		// would act on something else.
		c.menu = nil
		return nil
	}
	// Placed by placeMenu: the page's policy refuses style attributes.
	return app.Div().ID("context-menu").Class("context-menu").Role("menu").Aria("label", title).
		On("keydown", c.onMenuKey).On("focusout", c.onMenuFocusOut).Body(
		app.Range(items).Slice(func(i int) app.UI {
			return app.Button().Role("menuitem").Attr("tabindex", "-1").DataSet("item", i).Text(items[i].label).
				OnClick(c.onMenuItem, i)
		}),
	)
}

// openMenu opens the context menu on what target is in (a node, an edge or
// a group), selecting it, at client point (cx, cy); false when target is in
// none of them or nothing may be done there.
func (c *Canvas) openMenu(ctx app.Context, target app.Value, cx, cy float64) bool {
	s := c.Store
	m := &contextMenu{edge: -1}
	switch {
	case closest(target, "g[data-node]").Truthy():
		m.node = closest(target, "g[data-node]").Get("dataset").Get("node").String()
		s.Select(m.node)
	case closest(target, "[data-edge]").Truthy():
		m.edge, _ = strconv.Atoi(closest(target, "[data-edge]").Get("dataset").Get("edge").String())
		s.SelectEdge(m.edge)
	case closest(target, "[data-group]").Truthy():
		m.group = closest(target, "[data-group]").Get("dataset").Get("group").String()
		s.SelectGroup(m.group)
	case closest(target, "g[data-note]").Truthy():
		i, _ := strconv.Atoi(closest(target, "g[data-note]").Get("dataset").Get("note").String())
		m.note = i + 1
		s.SelectNote(i)
	default:
		return false
	}
	if _, items := c.menuItems(m); len(items) == 0 {
		return false
	}
	rect := app.Window().GetElementByID("canvas").Call("getBoundingClientRect")
	m.x, m.y = cx-rect.Get("left").Float(), cy-rect.Get("top").Float()
	m.version = s.Version()
	c.menu = m
	ctx.Defer(func(app.Context) {
		c.placeMenu()
		c.focusMenuItem(0)
	})
	return true
}

// placeMenu moves the drawn menu to where it was opened, through the
// element's style object (which the page's content security policy
// allows, where it refuses a style attribute).
func (c *Canvas) placeMenu() {
	el := app.Window().GetElementByID("context-menu")
	if c.menu == nil || !el.Truthy() {
		return
	}
	style := el.Get("style")
	style.Set("left", strconv.FormatFloat(c.menu.x, 'f', 0, 64)+"px")
	style.Set("top", strconv.FormatFloat(c.menu.y, 'f', 0, 64)+"px")
}

// onContextMenu opens the menu where the pointer is, in place of the
// browser's.
func (c *Canvas) onContextMenu(ctx app.Context, e app.Event) {
	if c.openMenu(ctx, e.Get("target"), e.Get("clientX").Float(), e.Get("clientY").Float()) {
		e.PreventDefault()
	}
}

// openMenuFromKey opens the menu on the focused element, below it (the
// ContextMenu key, or Shift+F10).
func (c *Canvas) openMenuFromKey(ctx app.Context, e app.Event) bool {
	key := e.Get("key").String()
	if key != "ContextMenu" && !(key == "F10" && e.Get("shiftKey").Bool()) {
		return false
	}
	target := e.Get("target")
	r := target.Call("getBoundingClientRect")
	if c.openMenu(ctx, target, r.Get("left").Float()+8, r.Get("bottom").Float()) {
		e.PreventDefault()
	}
	return true
}

// closeMenu closes the menu, putting the focus back where it was opened
// when refocus says so.
func (c *Canvas) closeMenu(refocus bool) {
	m := c.menu
	c.menu = nil
	if refocus && m != nil {
		if el := m.element(); el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	}
}

// onMenuItem carries out item i and closes the menu; the focus goes back to
// what it was open on, or to the canvas when that was deleted.
func (c *Canvas) onMenuItem(ctx app.Context, e app.Event) {
	i, _ := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("item").String())
	m := c.menu
	if m == nil {
		return
	}
	_, items := c.menuItems(m)
	c.closeMenu(false)
	if i < 0 || i >= len(items) {
		return
	}
	c.Store.Report(items[i].act())
	deleted := items[i].deletes
	ctx.Defer(func(app.Context) {
		el := app.Window().GetElementByID("canvas")
		if !deleted {
			if at := m.element(); at.Truthy() {
				el = at
			}
		}
		if el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

// onMenuKey moves between the items with the arrow keys, Home and End, and
// closes the menu with Escape or Tab.
func (c *Canvas) onMenuKey(ctx app.Context, e app.Event) {
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
		c.focusMenuItem((at + 1) % n)
	case "ArrowUp":
		c.focusMenuItem((at + n - 1) % n)
	case "Home":
		c.focusMenuItem(0)
	case "End":
		c.focusMenuItem(n - 1)
	case "Escape", "Tab":
		c.closeMenu(true)
	default:
		return
	}
	e.PreventDefault()
	e.StopImmediatePropagation()
}

// onMenuFocusOut closes the menu when the focus leaves it (a click
// elsewhere, or the focus moved away).
func (c *Canvas) onMenuFocusOut(ctx app.Context, e app.Event) {
	next := e.Get("relatedTarget")
	if menu := app.Window().GetElementByID("context-menu"); menu.Truthy() && next.Truthy() && menu.Call("contains", next).Bool() {
		return
	}
	c.closeMenu(false)
}

// focusMenuItem focuses the menu's item i.
func (c *Canvas) focusMenuItem(i int) {
	items := app.Window().Get("document").Call("querySelectorAll", "#context-menu [role=menuitem]")
	if i >= 0 && i < items.Length() {
		items.Index(i).Call("focus")
	}
}
