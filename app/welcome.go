package app

import (
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/examples"
)

// Welcome is what an empty canvas offers: the templates a design may start
// from and the featured examples, as cards with a picture of each, every
// example in a list, and a line on what to do first. It shows only while
// the design is empty and may be edited.
//
// The pictures are drawn after the editor is shown, one design a step, so
// that start-up does no more work before its first paint; each is drawn
// once, in both themes (the stylesheet shows the theme's), and kept as a
// blob: URL (the page's content security policy allows no data: image)
// until the canvas goes.
type Welcome struct {
	app.Compo
	store *state.Store
	fit   func() // shows an opened design whole (Canvas.fit)

	ctx                 app.Context
	featured, templates []examples.Example
	all                 []examples.Example // every example, read when first listed
	pictures            map[string][2]string
	drawing             bool // the pictures are being drawn
}

// welcomeDelay is how long after the welcome is first shown its pictures
// start to be drawn: after the editor's first paint, off start-up's path
// (at 300 ms, drawing them delayed a start from the service worker, about
// 400 ms, by up to 100 ms).
const welcomeDelay = time.Second

// newWelcome returns the welcome of the canvas showing store s; fit shows
// an opened example or template whole.
func newWelcome(s *state.Store, fit func()) *Welcome {
	return &Welcome{store: s, fit: fit, pictures: map[string][2]string{}}
}

// shown says the welcome shows: the design is empty (no node, group or
// note it would cover) and editable.
func (w *Welcome) shown() bool {
	d := w.store.Design()
	return len(d.Nodes)+len(d.Groups)+len(d.Notes) == 0 && !w.store.ReadOnly()
}

// OnMount starts drawing the pictures, if the welcome shows.
func (w *Welcome) OnMount(ctx app.Context) {
	w.ctx = ctx
	w.drawPictures()
}

// OnDismount releases the pictures' URLs, a second later: the images are
// still in the page while it dismounts, and one still loading would find
// its URL gone (net::ERR_FILE_NOT_FOUND in the console).
func (w *Welcome) OnDismount() {
	var gone []string
	for key, urls := range w.pictures {
		for _, u := range urls {
			if u != "" {
				gone = append(gone, u)
			}
		}
		delete(w.pictures, key)
	}
	w.drawing = false
	if len(gone) == 0 {
		return
	}
	var revoke app.Func
	revoke = app.FuncOf(func(app.Value, []app.Value) any {
		for _, u := range gone {
			app.Window().Get("URL").Call("revokeObjectURL", u)
		}
		revoke.Release()
		return nil
	})
	app.Window().Call("setTimeout", revoke, 1000)
}

// drawPictures draws the pictures not drawn yet, one design a step, the
// first after welcomeDelay.
func (w *Welcome) drawPictures() {
	if w.drawing || w.ctx == nil || !w.shown() {
		return
	}
	w.load()
	if len(w.pictures) == len(w.templates)+len(w.featured) {
		return // all drawn
	}
	w.drawing = true
	var step func(app.Context)
	step = func(ctx app.Context) {
		if !w.drawing {
			return // dismounted
		}
		if !w.shown() {
			// A design came in meanwhile (a restore, an example): stop,
			// and go on when the welcome shows again (Render).
			w.drawing = false
			return
		}
		for _, ex := range append(append([]examples.Example(nil), w.templates...), w.featured...) {
			if _, done := w.pictures[ex.File]; !done {
				w.pictures[ex.File] = w.picture(ex)
				w.Update()
				ctx.After(16*time.Millisecond, step)
				return
			}
		}
		w.drawing = false
	}
	w.ctx.After(welcomeDelay, step)
}

// load reads the featured examples and the templates, once.
func (w *Welcome) load() {
	if w.featured == nil {
		w.featured, w.templates = examples.Featured(), examples.Templates()
	}
}

// picture draws example ex in the light and the dark theme, as blob: URLs
// of SVG documents ("" each when it does not read).
func (w *Welcome) picture(ex examples.Example) [2]string {
	cat := w.store.Catalogue()
	d, errs := cat.ReadDesign(ex.File, ex.Data)
	if len(errs) > 0 {
		return [2]string{}
	}
	d.Positions = nil
	drawing.PlaceUnplaced(d)
	var urls [2]string
	for i, dark := range []bool{false, true} {
		svg := drawing.Picture(cat, d, drawing.PictureOptions{Dark: dark})
		blob := app.Window().Get("Blob").New([]any{svg}, map[string]any{"type": "image/svg+xml"})
		if u := app.Window().Get("URL").Call("createObjectURL", blob); u.Truthy() {
			urls[i] = u.String()
		}
	}
	return urls
}

// Render draws the welcome, or an empty placeholder when the design has a
// node.
func (w *Welcome) Render() app.UI {
	if !w.shown() {
		return app.Div().Hidden(true)
	}
	// The canvas mounts the welcome once and updates it (go-app calls no
	// OnUpdate for a component passed again as the same value): shown again,
	// after New design or the last node deleted, it draws what it has not.
	w.drawPictures()
	w.load()
	if w.all == nil {
		w.all = examples.All()
	}
	all := w.all
	return app.Section().Class("welcome").Aria("label", "Start a design").Body(
		app.Div().Class("welcome-panel").Body(
			app.P().Class("hint").Text("Drag a product from the palette, paste YAML, drop a design file, or start from one of these."),
			app.Div().Class("welcome-heading").Body(app.H2().Text("Start from a template")),
			app.Div().Class("welcome-cards").Body(
				app.Range(w.templates).Slice(func(i int) app.UI { return w.renderCard(w.templates[i], "Start from template ", "template") }),
			),
			app.Div().Class("welcome-heading").Body(
				app.H2().Text("Open an example"),
				app.Span().Class("welcome-more").Body(
					app.Label().For("open-example").Text("Open example"),
					app.Select().ID("open-example").OnChange(w.onExample).Body(
						option("", "More examples…", true),
						app.Range(all).Slice(func(i int) app.UI { return option(all[i].File, all[i].Name, false) }),
					),
				),
			),
			app.Div().Class("welcome-cards").Body(
				app.Range(w.featured).Slice(func(i int) app.UI { return w.renderCard(w.featured[i], "Open example ", "example") }),
			),
		),
	)
}

// renderCard is the card of example ex: its picture, its name and what it
// shows; a button whose accessible name is verb and the name opens it.
func (w *Welcome) renderCard(ex examples.Example, verb, what string) app.UI {
	desc := "welcome-" + what + "-" + ex.File
	urls, drawn := w.pictures[ex.File]
	var picture app.UI = app.Span().Class("welcome-picture").DataSet("drawn", "false")
	if drawn && urls[0] != "" {
		picture = app.Span().Class("welcome-picture").DataSet("drawn", "true").Body(
			app.Img().Src(urls[0]).Alt("").DataSet("theme", "light"),
			app.Img().Src(urls[1]).Alt("").DataSet("theme", "dark"),
		)
	}
	return app.Div().Class("welcome-card").DataSet("kind", what).Body(
		app.Button().Class("welcome-open").Aria("describedby", desc).
			// The file as the handler's scope: go-app keeps a handler
			// whose scope is unchanged, with what it captured.
			OnClick(func(app.Context, app.Event) { w.open(ex) }, what, ex.File).
			Body(
				picture,
				app.Span().Class("welcome-name").Body(app.Span().Class("visually-hidden").Text(verb), app.Text(ex.Name)),
			),
		app.P().ID(desc).Class("welcome-desc").Title(ex.Description).Text(ex.Description),
	)
}

// onExample opens the example chosen in "Open example".
func (w *Welcome) onExample(ctx app.Context, e app.Event) {
	file := ctx.JSSrc().Get("value").String()
	for _, ex := range w.all {
		if ex.File == file {
			w.open(ex)
			return
		}
	}
}

// open makes ex the design, as an import into the empty design (undoable;
// the design takes ex's name), and shows it whole.
func (w *Welcome) open(ex examples.Example) {
	if err := w.store.Import(ex.File, ex.Data); err != nil {
		w.store.Report(err)
		return
	}
	w.fit()
}
