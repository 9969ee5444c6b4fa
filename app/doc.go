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
// Every file of the package, by room. The document and the session are
// package app/state; the pure geometry (node sizes, frames, edge routing,
// notes' boxes, the viewport and the SVG picture) is catalogue/drawing,
// which the CLI draws with too.
//
// The page:
//   - editor.go: Editor, the editor page: the toolbar, the alerts, a drawer,
//     the panels around the canvas; it redraws on the store's commits.
//   - routes.go: the routes, registered once per process with the catalogue
//     each page shows; cataloguepage.go: a catalogue page as HTML.
//   - actions.go: the actions table (name, shortcuts, when it applies, what
//     it does) that the keyboard, the toolbar, the inspector and the
//     context menu read; shortcuts.go: the page's keys; clipboard.go: copy,
//     cut and paste; importfile.go: a file dropped or imported.
//   - toolbar.go: Toolbar, with exportto.go, its Export to… formats, and
//     theme.go, the theme.
//   - alerts.go: Alerts, what the user must not miss.
//   - resize.go: the side panels' widths and folding.
//
// The tab's session (what a tab keeps of the design open in it, across
// editors and designs):
//   - tabsession.go: tabSession, which each editor of the page resumes, and
//     tabState, how the platform's answers reach the editor shown.
//   - opendesign.go: opening a design in place, by its address (Back and
//     Forward too).
//   - autosave.go: storing the design and reading it back, and another
//     tab's changes.
//   - library.go: designLibrary, the designs this browser keeps;
//     archive.go: all of them as one file, and back.
//   - history.go: versions, the open design's recorded versions.
//   - sharelink.go: a design carried by a link, read-only.
//
// The drawers (over the workspace, one at a time):
//   - designsdrawer.go: DesignsDrawer, the library's designs and the trash.
//   - historydrawer.go: HistoryDrawer, the open design's versions.
//
// The panels (each renders from the store, and changes it through it):
//   - palette.go: Palette, the products and boundaries to add.
//   - canvas.go: Canvas, the drawing; canvasdraw.go: nodes, edges and
//     groups as SVG; canvasview.go: pan, zoom, fit and snap; canvastools.go:
//     its buttons; canvaskeys.go: its keys; canvasnotes.go: notes;
//     canvasgestures.go: drags, patched into the DOM as they move, from
//     gesture.go's pure state machine; nodepicker.go: Go to node.
//   - the canvas's own components: contextmenu.go (ContextMenu),
//     tidydialog.go (TidyDialog), picturedialog.go (PictureDialog, and
//     pictureOf), minimap.go (Minimap), comparepanel.go (ComparisonPanel).
//   - inspector.go: Inspector, which shows what is selected:
//     inspectnode.go, inspectedge.go, inspectgroup.go, inspectnote.go,
//     inspectmany.go (several nodes), inspectproblems.go (problems and
//     their fixes, rules); bigselect.go: a long list's select.
//   - problems.go: Problems; analysis.go: Analysis.
//   - icons.go: the icons of kinds and boundaries.
//
// The browser seam:
//   - platform.go: Platform, what the editor needs of the browser (the
//     wasm package's, or a test's), and Workspace, the team server's API
//     and WebSocket; live.go: the workspace as the session knows it and a
//     design open live (the protocol, fed to state.Live), liveworkspace.go:
//     its section in Designs, sharedialog.go and workspacehistory.go its
//     Share and History; livekeep.go: a live design's unsent changes kept
//     in this browser; reconnect.go: when a live socket connects again;
//     livelost.go: a live design the server closed for good; presence.go:
//     who else is on a live design and what this tab says of itself,
//     presencelive.go: that fed by the live link, presenceview.go: shown in
//     the toolbar and on the canvas; embed.go: the embed protocol as a
//     function from host messages to store actions and events;
//     embedlive.go: a workspace design embedded live, with the portal's
//     token; listen.go,
//     attrs.go: DOM listeners without re-renders, and boolean attributes
//     that prerender correctly.
package app
