package app

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// Toolbar is the editor's top bar: the design-wide actions (Designs and
// History, New design, Import, the exports, the share link, Undo and Redo;
// embedded, Save and Exit), the theme and the status line. The editor
// renders it (see newToolbar); it keeps its own Export to… formats and
// theme choice.
type Toolbar struct {
	app.Compo

	Session *tabSession
	// What the toolbar shows besides its own: the store's version (the
	// status, Undo and Redo, read-only), the drawer open, and whether the
	// design is a share link's and the page embedded.
	Version  int
	Sheet    sheet
	Sharing  bool
	Embedded bool
	// Live is what the toolbar says of a workspace design open live ("" for
	// none; see liveLink.Status).
	Live string

	// here is who else is on the live design (see PresenceBadges).
	here *PresenceBadges
	// exportTo is set while the Export to… formats show.
	exportTo bool
	theme    string // the user's choice of theme, or themeSystem
	ctx      app.Context
	// listeners are removed as the toolbar leaves the page.
	listeners []func()
}

// newToolbar is the toolbar of the page that shows session s.
func newToolbar(s *tabSession) *Toolbar {
	return &Toolbar{Session: s, Version: s.store.Version(), Sheet: s.sheet, Sharing: s.sharing, Embedded: s.embed != nil, Live: s.team.liveStatus()}
}

// OnInit makes the toolbar's list of who is here.
func (t *Toolbar) OnInit() {
	t.here = &PresenceBadges{p: t.Session.teamOf().presence()}
}

// Render renders the design-wide actions and the status line.
func (t *Toolbar) Render() app.UI {
	s := t.Session.store
	status := app.Span().ID("status").Role("status").Aria("live", "polite")
	if s.Notice().Error {
		status = status.DataSet("kind", "error")
	}
	return app.Header().ID("toolbar").Body(
		app.Img().Src("/web/icon.svg").Alt("").Width(28).Height(28),
		app.H1().Class("app-name").Text("Designer"),
		app.Nav().Aria("label", "Design").Body(
			t.renderLibraryButtons(),
			t.renderNewDesign(),
			app.Label().Class("button").DataSet("readonly", strconv.FormatBool(s.ReadOnly())).For("import-file").Text("Import design"),
			input(s.ReadOnly()).ID("import-file").Type("file").Accept(".yaml,.yml,application/yaml,text/yaml,.json,application/json,.svg,image/svg+xml,.png,image/png").
				Class("visually-hidden").OnChange(t.onImportFile),
			app.Button().Text("Export YAML").OnClick(func(app.Context, app.Event) { t.Session.exportYAML() }),
			t.renderExportTo(),
			app.Button().Text("Copy YAML").OnClick(t.onCopy),
			app.If(!t.Embedded,
				app.Button().Text("Copy share link").Title("A link that carries the design (in the part of the address browsers never send), for anyone to open read-only").OnClick(t.onCopyShareLink),
			),
			actionFor(actUndo).button(actUndo, s),
			actionFor(actRedo).button(actRedo, s),
			app.If(t.Embedded,
				app.Button().Text("Save").Title("Hand the design to the page this editor is embedded in").OnClick(func(app.Context, app.Event) { t.Session.embed.save() }),
				app.Button().Text("Exit").OnClick(func(app.Context, app.Event) {
					t.Session.autosave.flush() // the host's last autosave is the design it closes on
					t.Session.embed.exit()
				}),
			),
		),
		// (Else a placeholder: go-app matches children by position, and
		// would mount the badges, already mounted, in the status's place.)
		app.If(t.Live != "", app.Span().ID("live-status").Role("status").Aria("label", "Workspace: "+t.Live).DataSet("live", liveState(t.Live)).Text(t.Live)).
			Else(app.Text("")),
		t.here,
		app.If(s.ReadOnly() && t.Live == "", app.Span().Class("read-only").Text("Read-only")),
		status.Text(s.Notice().Text),
		t.renderTheme(),
	)
}

// OnMount applies the theme the user chose (embedded, the system's: the
// host owns what is stored), and listens for presses outside Export to….
func (t *Toolbar) OnMount(ctx app.Context) {
	t.ctx = ctx
	if !embedMode(app.Window().URL()) {
		t.theme = savedTheme(t.Session.platform)
		applyTheme(t.theme)
	}
	// A press outside Export to… closes its formats (Safari and Firefox on
	// macOS do not focus a pressed button, so focusout cannot tell).
	t.listeners = append(t.listeners, listen(app.Window().Get("document"), "pointerdown", func(ev app.Value) {
		if !t.exportTo {
			return
		}
		if wrap := app.Window().GetElementByID("export-to-wrap"); wrap.Truthy() && wrap.Call("contains", ev.Get("target")).Bool() {
			return
		}
		t.ctx.Dispatch(func(app.Context) { t.closeExportTo(false) })
	}, nil))
}

// OnDismount ends the toolbar's listeners.
func (t *Toolbar) OnDismount() {
	for _, remove := range t.listeners {
		remove()
	}
	t.listeners = nil
}

// renderLibraryButtons are Designs and History: not embedded (the host
// keeps the designs), nor, for History, on a share link's page. Each opens
// its drawer (and closes the other); the page redraws for it.
func (t *Toolbar) renderLibraryButtons() app.UI {
	if t.Embedded {
		return nil
	}
	return app.Div().Class("library-buttons").Body(
		app.Button().ID("designs-button").Text("Designs").Title("Your designs in this browser: open, rename, duplicate, delete, back up").
			Aria("expanded", strconv.FormatBool(t.Sheet == designsSheet)).Aria("controls", "designs").
			OnClick(func(ctx app.Context, _ app.Event) { ctx.Emit(func() { t.Session.toggleDesigns(ctx) }) }),
		app.If(!t.Sharing,
			app.Button().ID("history-button").Text("History").Title("The design's recorded versions: preview, restore, export").
				Aria("expanded", strconv.FormatBool(t.Sheet == historySheet)).Aria("controls", "history").
				OnClick(func(ctx app.Context, _ app.Event) { ctx.Emit(func() { t.Session.toggleHistory(ctx) }) }),
		),
	)
}

// renderNewDesign is New design: embedded it empties the design, undoable;
// otherwise it adds an empty design to the library and opens it, the open
// one staying in Designs.
func (t *Toolbar) renderNewDesign() app.UI {
	s := t.Session.store
	if t.Embedded {
		return button(s.ReadOnly()).Text("New design").OnClick(func(app.Context, app.Event) { s.Report(s.NewDesign()) })
	}
	return app.Button().Text("New design").Title("Start a new design; this one stays in Designs").
		OnClick(func(app.Context, app.Event) { t.Session.library.newDesign() })
}

func (t *Toolbar) onImportFile(ctx app.Context, ev app.Event) {
	input := ctx.JSSrc()
	files := input.Get("files")
	if files.Truthy() && files.Length() > 0 {
		t.Session.readFile(ctx, files.Index(0))
	}
	// Clear the input so that importing the same file again fires change.
	input.Set("value", "")
}

func (t *Toolbar) onCopy(ctx app.Context, ev app.Event) {
	s := t.Session
	if s.platform == nil {
		return
	}
	s.platform.CopyText(string(s.exported()), func(err error) {
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				s.store.Report(fmt.Errorf("copying failed (%v); use Export YAML instead", err))
				return
			}
			s.store.Say("Copied the design as YAML.")
		})
	})
}

// exportYAML offers the design as a YAML file (Export YAML, in the toolbar
// and the alerts), and records it as a version.
func (s *tabSession) exportYAML() {
	if s.platform == nil {
		return
	}
	name := s.store.ExportName()
	if err := s.platform.Download(name, "application/yaml", s.exported()); err != nil {
		s.store.Report(err)
		return
	}
	s.store.Say("Exported " + name + ".")
	s.versions.record(library.WhyExport, string(s.store.Export()), nil)
}

// exported is the design as the user takes it away: the export, headed by a
// modeline that points editors with yaml-language-server at the design
// schema this server publishes.
func (s *tabSession) exported() []byte {
	u := app.Window().URL()
	head := "# yaml-language-server: $schema=" + u.Scheme + "://" + u.Host + "/schema/design.schema.json\n"
	return append([]byte(head), s.store.Export()...)
}
