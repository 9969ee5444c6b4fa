// Package app is the editor's user interface, rendered with go-app: the
// editor page, the catalogue pages, and the store they render from. It does
// not touch the browser beyond go-app: what it needs from the browser
// (storage, downloads, the embedding host) comes through Platform, which the
// wasm package implements and tests fake.
//
// # Files
//
// State:
//   - store.go: Store, the one place the design, its history, the selection
//     and the notice change; changes.go: commit, the one path every change
//     takes, and its subscribers.
//   - document.go: Document, the design, its history and what is derived
//     from it; session.go: Session, the selection and the views of it.
//   - the edit actions, grouped by what they change and embedded in Store:
//     nodeedits.go, groupedits.go, edgeedits.go, noteedits.go,
//     manyedits.go, pasteedits.go, checkedits.go, tidy.go, imports.go,
//     undo.go, selectionedits.go, viewedits.go, compare.go.
//   - input.go: ParseInput, text typed in the inspector to a value.
//   - exportname.go: file names for exports.
//
// Screens and widgets (each renders from the store and sends it actions):
//   - editor.go: the editor page; toolbar.go, palette.go, canvas.go,
//     inspector.go, problems.go and analysis.go: its regions.
//   - the canvas: canvas.go (the component and its render), canvastools.go
//     (its buttons), canvasdraw.go (nodes, edges, groups), canvasnotes.go,
//     canvasview.go (pan, zoom, snap), canvasgestures.go (pointer drags),
//     canvaskeys.go; and its parts, each a component of its own:
//     contextmenu.go, tidydialog.go, picturedialog.go, comparepanel.go and
//     minimap.go.
//   - cataloguepage.go: a catalogue page as HTML.
//   - routes.go: the routes, registered once per process with the catalogue
//     each page shows.
//
// The pure geometry (node sizes, frames, routes, notes' boxes, the viewport
// and the SVG picture) lives in catalogue/drawing, which the CLI draws with
// too; picturedialog.go's pictureOf draws the store's design with it.
//
// The browser seam:
//   - platform.go: Platform; embed.go: the embed protocol as a function from
//     host messages to store actions and events; listen.go, attrs.go: DOM
//     listeners without re-renders, and boolean attributes that prerender
//     correctly.
package app
