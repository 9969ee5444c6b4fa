package app

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/picture"
)

// PictureDialog is the Export picture dialog: the format, what the picture
// shows, its colours, whether it has a title and a legend of the flows, and
// whether it marks problems. The canvas's Export picture button opens and
// closes it; it closes itself on Export or Cancel. Closed, it draws nothing.
type PictureDialog struct {
	app.Compo
	store    *state.Store
	platform Platform // draws and downloads the picture (nil when prerendering)
	form     *pictureForm
	ctx      app.Context
}

// newPictureDialog is the canvas's Export picture dialog, closed.
func newPictureDialog(s *state.Store, p Platform) *PictureDialog {
	return &PictureDialog{store: s, platform: p}
}

// Render draws the dialog, when open.
func (p *PictureDialog) Render() app.UI {
	f := p.form
	if f == nil {
		return app.Text("")
	}
	selected := len(p.store.SelectedNodes())
	choose := func(id, label string, options [][2]string, current string, set func(string)) app.UI {
		return app.Div().Class("field").Body(
			app.Label().For(id).Text(label),
			app.Select().ID(id).OnChange(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }).Body(
				app.Range(options).Slice(func(i int) app.UI { return option(options[i][0], options[i][1], options[i][0] == current) }),
			),
		)
	}
	check := func(id, label string, on bool, set func(bool)) app.UI {
		return app.Div().Class("field check").Body(
			checkbox(on).ID(id).OnChange(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("checked").Bool()) }),
			app.Label().For(id).Text(label),
		)
	}
	what := [][2]string{{"all", "The whole design"}}
	if selected > 0 {
		what = append(what, [2]string{"selection", "The selected " + strconv.Itoa(selected) + " " + plural(selected, "node")})
	}
	current := map[bool]string{false: "all", true: "selection"}[f.selection && selected > 0]
	// What closes the dialog emits, for the canvas's button to say so.
	return app.Div().ID("picture-form").Class("picture-form").Role("dialog").Aria("label", "Export picture").
		On("keydown", func(ctx app.Context, e app.Event) {
			if e.Get("key").String() == "Escape" {
				e.StopImmediatePropagation()
				ctx.Emit(p.close)
			}
		}).Body(
		choose("picture-format", "Format", [][2]string{{"svg", "SVG"}, {"png", "PNG"}, {"png2", "PNG, twice the size"}}, f.format, func(v string) { f.format = v }),
		choose("picture-what", "Show", what, current, func(v string) { f.selection = v == "selection" }),
		choose("picture-theme", "Colours", [][2]string{{"light", "Light"}, {"dark", "Dark"}}, map[bool]string{false: "light", true: "dark"}[f.dark], func(v string) { f.dark = v == "dark" }),
		check("picture-title", "Title (the design's name)", f.title, func(v bool) { f.title = v }),
		check("picture-legend", "Legend of the flows", f.legend, func(v bool) { f.legend = v }),
		check("picture-badges", "Problem badges", f.badges, func(v bool) { f.badges = v }),
		app.P().Class("hint").Text("The picture carries the design: Import design reads it back."),
		app.Div().Class("actions").Body(
			app.Button().Text("Export").OnClick(func(ctx app.Context, e app.Event) { ctx.Emit(p.export) }),
			app.Button().Text("Cancel").OnClick(func(ctx app.Context, e app.Event) { ctx.Emit(p.close) }),
		),
	)
}

// pictureForm is the Export picture dialog's choices while it is open.
type pictureForm struct {
	format    string // "svg", "png" or "png2" (twice the size)
	selection bool   // the selected nodes only
	dark      bool
	title     bool // the design's name above the picture
	legend    bool // the flows' legend under it
	badges    bool
}

// OnMount keeps the context that reports a PNG drawn after the dialog
// closed.
func (p *PictureDialog) OnMount(ctx app.Context) { p.ctx = ctx }

// isOpen reports whether the dialog is open.
func (p *PictureDialog) isOpen() bool { return p.form != nil }

// open opens the dialog, its first field focused.
func (p *PictureDialog) open() {
	p.form = &pictureForm{format: "svg", selection: len(p.store.SelectedNodes()) > 1, title: true, legend: true}
	p.Update()
	afterRender("picture-format", func(el app.Value) { el.Call("focus") })
}

// drop closes the dialog, leaving the focus where it is.
func (p *PictureDialog) drop() {
	p.form = nil
	p.Update()
}

// close closes the dialog and gives the focus back to its button.
func (p *PictureDialog) close() {
	p.drop()
	afterRender("export-picture", func(el app.Value) { el.Call("focus") })
}

// export draws the picture chosen, with the design (or the
// selection's fragment) inside it, and offers it as a file.
func (p *PictureDialog) export() {
	s, f := p.store, p.form
	if f == nil || p.platform == nil {
		return
	}
	var nodes []string
	design := s.Export()
	if ids := s.SelectedNodes(); f.selection && len(ids) > 0 {
		nodes, design = ids, s.Fragment(ids)
	}
	svg, err := picture.EmbedSVG(pictureOf(s, nodes, drawing.PictureOptions{Dark: f.dark, Badges: f.badges, Title: f.title, Legend: f.legend}), design)
	if err != nil {
		s.Report(err)
		return
	}
	base := strings.TrimSuffix(s.ExportName(), ".yaml")
	p.close()
	if f.format == "svg" {
		if err := p.platform.Download(base+".svg", "image/svg+xml", []byte(svg)); err != nil {
			s.Report(err)
			return
		}
		s.Say("Exported " + base + ".svg.")
		s.Exported()
		return
	}
	scale := 1.0
	if f.format == "png2" {
		scale = 2
	}
	ctx := p.ctx
	p.platform.DrawPNG(svg, scale, func(png []byte, err error) {
		if err == nil {
			png, err = picture.EmbedPNG(png, design)
		}
		if err == nil {
			err = p.platform.Download(base+".png", "image/png", png)
		}
		ctx.Emit(func() {
			if err != nil {
				s.Report(err)
				return
			}
			s.Say("Exported " + base + ".png.")
			s.Exported()
		})
	})
}

// pictureOf draws the design, or when nodes is not nil only those nodes with
// the edges among them, the groups they sit in and the notes on them (a
// picture of the selection, titled with the design's name), each node marked
// with its worst problem when opt asks for badges. The name is the one the
// design has in Designs, as the other exports' titles (Store.Titled). A
// pending analysis is settled first: the badges of a file that leaves the
// editor are the design's findings, not those before its last edit.
func pictureOf(s *state.Store, nodes []string, opt drawing.PictureOptions) string {
	s.Settle()
	d := s.Titled()
	if nodes != nil {
		if frag := s.FragmentDesign(nodes); frag != nil {
			frag.ID, frag.Name = d.ID, d.Name // titled as the design
			d = frag
		}
	}
	opt.Worst = s.Worst
	return drawing.Picture(s.Catalogue(), d, opt)
}
