package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// renderToolbar renders the design-wide actions and the status line.
func (e *Editor) renderToolbar() app.UI {
	s := e.store
	status := app.Span().ID("status").Role("status").Aria("live", "polite")
	if s.Notice().Error {
		status = status.DataSet("kind", "error")
	}
	return app.Header().ID("toolbar").Body(
		app.Img().Src("/web/icon.svg").Alt("").Width(28).Height(28),
		app.H1().Class("app-name").Text("Designer"),
		app.Nav().Aria("label", "Design").Body(
			e.renderLibraryButtons(),
			e.renderNewDesign(),
			app.Label().Class("button").DataSet("readonly", strconv.FormatBool(s.ReadOnly())).For("import-file").Text("Import design"),
			input(s.ReadOnly()).ID("import-file").Type("file").Accept(".yaml,.yml,application/yaml,text/yaml,.json,application/json,.svg,image/svg+xml,.png,image/png").
				Class("visually-hidden").OnChange(e.onImportFile),
			app.Button().Text("Export YAML").OnClick(e.onExport),
			e.renderExportTo(),
			app.Button().Text("Copy YAML").OnClick(e.onCopy),
			app.If(e.embed == nil,
				app.Button().Text("Copy share link").Title("A link that carries the design (in the part of the address browsers never send), for anyone to open read-only").OnClick(e.onCopyShareLink),
			),
			button(!s.CanUndo()).Text("Undo").Title("Undo (Ctrl+Z)").OnClick(func(app.Context, app.Event) { s.Undo() }),
			button(!s.CanRedo()).Text("Redo").Title("Redo (Ctrl+Shift+Z or Ctrl+Y)").OnClick(func(app.Context, app.Event) { s.Redo() }),
			app.If(e.embed != nil,
				app.Button().Text("Save").Title("Hand the design to the page this editor is embedded in").OnClick(func(app.Context, app.Event) { e.embed.save() }),
				app.Button().Text("Exit").OnClick(func(app.Context, app.Event) {
					e.flushSave() // the host's last autosave is the design it closes on
					e.embed.exit()
				}),
			),
		),
		app.If(s.ReadOnly(), app.Span().Class("read-only").Text("Read-only")),
		status.Text(s.Notice().Text),
		e.renderTheme(),
	)
}

func (e *Editor) onImportFile(ctx app.Context, ev app.Event) {
	input := ctx.JSSrc()
	files := input.Get("files")
	if files.Truthy() && files.Length() > 0 {
		e.readFile(files.Index(0))
	}
	// Clear the input so that importing the same file again fires change.
	input.Set("value", "")
}

func (e *Editor) onExport(app.Context, app.Event) {
	if e.platform == nil {
		return
	}
	name := e.store.ExportName()
	if err := e.platform.Download(name, "application/yaml", e.exported()); err != nil {
		e.store.Report(err)
		return
	}
	e.store.Say("Exported " + name + ".")
	e.recordVersion(library.WhyExport, string(e.store.Export()), nil)
}

// renderNewDesign is New design: embedded (or on a shared design's page) it
// empties the design, undoable; otherwise it adds an empty design to the
// library and opens it, the open one staying in Designs.
func (e *Editor) renderNewDesign() app.UI {
	s := e.store
	if e.embed != nil {
		return button(s.ReadOnly()).Text("New design").OnClick(func(app.Context, app.Event) { s.Report(s.NewDesign()) })
	}
	return app.Button().Text("New design").Title("Start a new design; this one stays in Designs").OnClick(func(app.Context, app.Event) { e.newDesign() })
}

func (e *Editor) onCopy(ctx app.Context, ev app.Event) {
	if e.platform == nil {
		return
	}
	e.platform.CopyText(string(e.exported()), func(err error) {
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				e.store.Report(fmt.Errorf("copying failed (%v); use Export YAML instead", err))
				return
			}
			e.store.Say("Copied the design as YAML.")
		})
	})
}

// exported is the design as the user takes it away: the export, headed by a
// modeline that points editors with yaml-language-server at the design
// schema this server publishes.
func (e *Editor) exported() []byte {
	u := app.Window().URL()
	head := "# yaml-language-server: $schema=" + u.Scheme + "://" + u.Host + "/schema/design.schema.json\n"
	return append([]byte(head), e.store.Export()...)
}
