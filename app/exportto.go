package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/export"
	"github.com/archdesigner/designer/catalogue/library"
)

// renderExportTo is the toolbar's Export to… disclosure: a button that
// shows a button per diagram tool the core module writes for (Mermaid, D2,
// Structurizr DSL, draw.io), each downloading the design in that format.
func (t *Toolbar) renderExportTo() app.UI {
	var items []app.UI
	if t.exportTo {
		for _, f := range export.Formats() {
			items = append(items, app.Button().DataSet("format", f.ID).Text(f.Name).
				Title("Download the design as "+f.Name+" ("+f.Ext+")").OnClick(t.onExportTo))
		}
	}
	return app.Span().ID("export-to-wrap").Class("export-to").On("focusout", t.onExportToFocusOut).Body(
		app.Button().ID("export-to").Text("Export to…").
			Aria("expanded", strconv.FormatBool(t.exportTo)).Aria("controls", "export-formats").
			Title("The design for another diagram tool").
			OnClick(func(ctx app.Context, _ app.Event) {
				t.exportTo = !t.exportTo
				if t.exportTo {
					ctx.Defer(func(app.Context) { focusFirst("#export-formats button") })
				}
			}),
		app.If(t.exportTo,
			app.Div().ID("export-formats").Class("export-formats").Role("group").Aria("label", "Export to").
				OnKeyDown(t.onExportToKey).Body(items...),
		),
	)
}

// onExportTo downloads the design in the format of the button pressed,
// named and titled as the user named the design (see state.Document.Title).
func (t *Toolbar) onExportTo(ctx app.Context, _ app.Event) {
	id := ctx.JSSrc().Get("dataset").Get("format").String()
	t.closeExportTo(true)
	f, ok := export.Lookup(id)
	if !ok || t.Session.platform == nil {
		return
	}
	data, err := export.Write(f.ID, t.Session.store.Catalogue(), t.Session.store.Titled(), drawing.LayoutGeometry())
	if err != nil {
		t.Session.store.Report(err)
		return
	}
	name := strings.TrimSuffix(t.Session.store.ExportName(), ".yaml") + f.Ext
	if err := t.Session.platform.Download(name, f.MediaType, data); err != nil {
		t.Session.store.Report(err)
		return
	}
	t.Session.store.Say("Exported " + name + " (" + f.Name + ").")
	t.Session.versions.record(library.WhyExport, string(t.Session.store.Export()), nil)
}

// onExportToKey closes the formats with Escape, the focus back on the
// button that opened them.
func (t *Toolbar) onExportToKey(ctx app.Context, ev app.Event) {
	if ev.Get("key").String() == "Escape" {
		ev.PreventDefault()
		t.closeExportTo(true)
	}
}

// onExportToFocusOut hides the formats when the keyboard's focus leaves
// them and their button (Tab past the last); a press elsewhere closes them
// too (see the toolbar's pointerdown listener).
func (t *Toolbar) onExportToFocusOut(ctx app.Context, ev app.Event) {
	next := ev.Get("relatedTarget")
	if !t.exportTo || !next.Truthy() {
		return
	}
	if wrap := app.Window().GetElementByID("export-to-wrap"); wrap.Truthy() && !wrap.Call("contains", next).Bool() {
		t.closeExportTo(false)
	}
}

// closeExportTo hides the formats, and puts the focus back on Export to…
// when refocus is set.
func (t *Toolbar) closeExportTo(refocus bool) {
	t.exportTo = false
	if refocus && t.ctx != nil {
		t.ctx.Defer(func(app.Context) { focusFirst("#export-to") })
	}
}

// focusFirst focuses the first element matching selector, if any.
func focusFirst(selector string) {
	if el := app.Window().Get("document").Call("querySelector", selector); el.Truthy() {
		el.Call("focus")
	}
}
