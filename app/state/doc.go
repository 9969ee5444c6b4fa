// Package state is the editor's state: the document (the design, its undo
// history and what is derived from it) and the session (how this tab shows
// it), held by one Store that the editor's components render from. It
// imports no go-app and nothing of the browser, so that what the editor
// does to a design is tested, and read, apart from how it is drawn.
//
// Every change, whatever its kind, ends in one commit: it keeps the undo
// history as the change's HistoryMode says (an edit is Recorded, Undo and
// Redo move steps, a design opened is NotRecorded), reconciles the session
// with the design, and tells every subscriber (see Store.Subscribe) once
// what Changed. The edits are grouped by what they change, each group a
// type of its own file whose methods the Store's embedding promotes.
//
// # Files
//
// The store and its one path of change:
//   - store.go: Store, NewStore, the edits of the design through update
//     (refused whole when the catalogue finds a problem), Report and Say.
//   - changes.go: HistoryMode, Changed, Subscribe, and commit, the only
//     place anything the store holds changes.
//   - document.go: Document, the design, its history and what is derived
//     (resolution, violations, analysis), with the indexes by id.
//   - session.go: Session, Selection, Notice: the selection, the view, the
//     panels, collapsed and failing groups, the comparison, the share flag,
//     read-only.
//
// The edits, by what they change:
//   - nodeedits.go: one node; groupedits.go: groups; edgeedits.go: edges;
//     noteedits.go: notes, and where the canvas draws them.
//   - manyedits.go: several nodes at once (move, delete, align,
//     distribute, a property).
//   - pasteedits.go: fragments copied out and pasted in.
//   - checkedits.go: fixes, suppressions and the design's objective.
//   - tidy.go: Tidy up, planned apart so that its layout may run while the
//     editor handles input (TidyPlan).
//   - imports.go: whole designs coming in (Open, Import, Read, a host's)
//     and the catalogue they are read against.
//   - undo.go: Undo and Redo.
//   - selectionedits.go: the selection; viewedits.go: the session's views.
//   - compare.go: Compare with…, a file's design set beside the open one.
//   - live.go: a design opened live from a team workspace: local commits
//     sent as patch changes, the server's changes rebased under them.
//
// What the inspector and exports read:
//   - input.go: ParseInput, text typed for a property to a value.
//   - exportname.go: the file name an export is given.
package state
