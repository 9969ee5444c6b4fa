// Package app is the editor's user interface, rendered with go-app: the
// editor page and the catalogue pages. The document and the session they
// render from (the store: the design, its history, the selection, the
// views, one commit path for every change) live in package app/state,
// which imports no go-app. It does not touch the browser beyond go-app:
// what it needs from the browser (storage, downloads, the embedding host)
// comes through Platform, which the wasm package implements and tests fake.
//
// # Files
//
// The tab's session (what a tab keeps of the design open in it, across
// editors):
//   - tabsession.go: tabSession, which the editor holds and resumes, and
//     tabState, how the platform's answers reach the editor shown.
//   - opendesign.go: opening a design in place, by its address.
//   - autosave.go: autosave, storing the design and reading it back, and
//     another tab's changes.
//   - library.go: designLibrary, the designs this browser keeps;
//     archive.go: all of them as one file, and back.
//   - history.go: versions, the open design's recorded versions.
//   - sharelink.go: a design carried by a link, read-only.
//
// The page and its panels (each renders from the store and the tab's
// session, and sends them actions):
//   - editor.go: Editor, the editor page; shortcuts.go, clipboard.go,
//     importfile.go: its keys, paste and copy, and dropped or imported
//     files; resize.go: the side panels' widths; theme.go: the theme.
//   - toolbar.go: Toolbar, with exportto.go, its Export to… formats.
//   - alerts.go: Alerts, what the user must not miss.
//   - palette.go; canvas.go, with canvasview.go (pan, zoom, snap),
//     canvasnotes.go, gesture.go (the pointer's gestures), contextmenu.go,
//     nodepicker.go, minimap.go, comparepanel.go, tidydialog.go and
//     picturedialog.go (pictureOf draws the store's design with
//     catalogue/drawing); inspector.go, with inspectnode.go,
//     inspectedge.go, inspectgroup.go, inspectnote.go, inspectmany.go,
//     inspectproblems.go and bigselect.go; problems.go; analysis.go;
//     icons.go: the icons' sprite.
//   - cataloguepage.go: a catalogue page as HTML.
//   - routes.go: the routes, registered once per process with the catalogue
//     each page shows.
//
// The drawers (over the workspace, one at a time):
//   - designsdrawer.go: DesignsDrawer, the library's designs and the trash.
//   - historydrawer.go: HistoryDrawer, the open design's versions.
//
// The pure geometry (node sizes, frames, routes, notes' boxes, the viewport
// and the SVG picture) lives in catalogue/drawing, which the CLI draws with
// too.
//
// The browser seam:
//   - platform.go: Platform; embed.go: the embed protocol as a function from
//     host messages to store actions and events; listen.go, attrs.go: DOM
//     listeners without re-renders, and boolean attributes that prerender
//     correctly.
package app
