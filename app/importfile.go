package app

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/picture"
)

// Importing a design file: dropped on the page, or chosen with the
// toolbar's Import design.

// onDrop imports a dropped file, or, on a design that is not stored here
// (a share link's, a version's preview), says where to import it; either
// way the browser does not open the file in the editor's place.
func (e *Editor) onDrop(ev app.Value) {
	ev.Call("preventDefault")
	if e.session.readOnlyView() {
		e.ctx.Dispatch(func(app.Context) {
			e.store.Report(fmt.Errorf("Nothing was imported: this design is read-only here (import into one of your designs)"))
		})
		return
	}
	files := ev.Get("dataTransfer").Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	e.session.readFile(e.ctx, files.Index(0))
}

// readFile reads a File and imports it into the library on the UI
// goroutine, updating the component of ctx and those holding it.
func (s *tabSession) readFile(ctx app.Context, file app.Value) {
	readDesignFile(s.platform, s.store.Say, ctx, file, s.library.importFile, func(lines []string) { s.importErrors = lines })
}

// readDesignFile reads a File, refusing one over the size limit before it
// is read into memory, and hands it to use (or what went wrong to fail) on
// the UI goroutine, having said (say) that a large one is being read; then
// the component of ctx and every component holding it update (go-app's
// Emit: a Dispatch would update ctx's component only, and the editor's
// status and alerts would wait for something else to redraw them).
func readDesignFile(p Platform, say func(string), ctx app.Context, file app.Value, use func(name string, data []byte), fail func(lines []string)) {
	if p == nil {
		return
	}
	name, size := file.Get("name").String(), int64(file.Get("size").Float())
	sizeError := catalogue.SizeError
	if picture.Named(name) { // a picture that carries a design: see picture.MaxBytes
		sizeError = picture.SizeError
	}
	if err := sizeError(name, size); err != nil {
		ctx.Emit(func() { fail([]string{err.Error()}) })
		return
	}
	p.ReadFile(file, func(name string, data []byte, err error) {
		if err != nil {
			ctx.Emit(func() { fail([]string{name + ": " + err.Error()}) })
			return
		}
		if len(data) < slowFileBytes {
			ctx.Emit(func() { use(name, data) })
			return
		}
		// A large file takes a moment (up to seconds) to read: say so,
		// and let the page paint that before the reading starts.
		ctx.Emit(func() { say(fmt.Sprintf("Reading %s…", fileBase(name))) })
		ctx.Async(func() {
			time.Sleep(50 * time.Millisecond)
			ctx.Emit(func() { use(name, data) })
		})
	})
}

// slowFileBytes is the size from which reading a file is said before it
// is done.
const slowFileBytes = 1 << 20

// importData replaces the design with an imported one (undoable), or lists
// why not: embedded, where the host keeps the design, and for an import
// that replaces the open design of the library.
func (s *tabSession) importData(name string, data []byte) {
	err := s.store.Import(name, data)
	s.importErrors = nil
	if list, ok := err.(catalogue.ErrorList); ok {
		s.importErrors = list.Lines()
		s.store.Report(fmt.Errorf("Import refused: %s in %s; the design is unchanged", library.Count(len(list), "problem"), name))
		return
	}
	s.store.Report(err)
}
