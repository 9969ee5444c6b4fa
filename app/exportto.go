package app

import (
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/library"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue/export"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// renderExportTo is the toolbar's Export to… disclosure: a button that
// shows a button per diagram tool the core module writes for (Mermaid, D2,
// Structurizr DSL, draw.io), each downloading the design in that format.
func (e *Editor) renderExportTo() app.UI {
	var items []app.UI
	if e.exportTo {
		for _, f := range export.Formats() {
			items = append(items, app.Button().DataSet("format", f.ID).Text(f.Name).
				Title("Download the design as "+f.Name+" ("+f.Ext+")").OnClick(e.onExportTo))
		}
	}
	return app.Span().ID("export-to-wrap").Class("export-to").On("focusout", e.onExportToFocusOut).Body(
		app.Button().ID("export-to").Text("Export to…").
			Aria("expanded", strconv.FormatBool(e.exportTo)).Aria("controls", "export-formats").
			Title("The design for another diagram tool").
			OnClick(func(ctx app.Context, _ app.Event) {
				e.exportTo = !e.exportTo
				if e.exportTo {
					ctx.Defer(func(app.Context) { focusFirst("#export-formats button") })
				}
			}),
		app.If(e.exportTo,
			app.Div().ID("export-formats").Class("export-formats").Role("group").Aria("label", "Export to").
				OnKeyDown(e.onExportToKey).Body(items...),
		),
	)
}

// onExportTo downloads the design in the format of the button pressed.
func (e *Editor) onExportTo(ctx app.Context, _ app.Event) {
	id := ctx.JSSrc().Get("dataset").Get("format").String()
	e.closeExportTo(true)
	f, ok := export.Lookup(id)
	if !ok || e.platform == nil {
		return
	}
	data, err := export.Write(f.ID, e.store.Catalogue(), e.store.Design(), drawing.LayoutGeometry())
	if err != nil {
		e.store.Report(err)
		return
	}
	name := strings.TrimSuffix(e.store.ExportName(), ".yaml") + f.Ext
	if err := e.platform.Download(name, f.MediaType, data); err != nil {
		e.store.Report(err)
		return
	}
	e.store.Say("Exported " + name + " (" + f.Name + ").")
	e.recordVersion(library.WhyExport, string(e.store.Export()), nil)
}

// onExportToKey closes the formats with Escape, the focus back on the
// button that opened them.
func (e *Editor) onExportToKey(ctx app.Context, ev app.Event) {
	if ev.Get("key").String() == "Escape" {
		ev.PreventDefault()
		e.closeExportTo(true)
	}
}

// onExportToFocusOut hides the formats when the keyboard's focus leaves
// them and their button (Tab past the last); a press elsewhere closes them
// too (see the editor's pointerdown listener).
func (e *Editor) onExportToFocusOut(ctx app.Context, ev app.Event) {
	next := ev.Get("relatedTarget")
	if !e.exportTo || !next.Truthy() {
		return
	}
	if wrap := app.Window().GetElementByID("export-to-wrap"); wrap.Truthy() && !wrap.Call("contains", next).Bool() {
		e.closeExportTo(false)
	}
}

// closeExportTo hides the formats, and puts the focus back on Export to…
// when refocus is set.
func (e *Editor) closeExportTo(refocus bool) {
	e.exportTo = false
	if refocus && e.ctx != nil {
		e.ctx.Defer(func(app.Context) { focusFirst("#export-to") })
	}
}

// focusFirst focuses the first element matching selector, if any.
func focusFirst(selector string) {
	if el := app.Window().Get("document").Call("querySelector", selector); el.Truthy() {
		el.Call("focus")
	}
}
