// Package patch turns the difference between two designs into values that
// can be sent, applied and rebased: the core of live co-editing (issue 41).
//
// An Op changes one thing of a design, named by a stable Key, never by its
// place in a list:
//
//   - nodes and groups by their id;
//   - edges by (from, to, n): the n-th edge (from 0) joining from to to, in
//     the design's order. The editor refuses a second edge between the same
//     two nodes but a design file may hold one, so n tells them apart; adding
//     or removing edges between other nodes never changes a key;
//   - notes, which have no id, by (on, n): the n-th note on the node or
//     group `on` ("" for the canvas's own notes). Editing a note's text
//     keeps its key; a note moved onto something else is removed and added.
//
// Order is carried by the add and move ops: each names the element it
// follows (After, an empty Key for "first"), so Apply(a, Diff(a, b)) writes
// the nodes, groups, edges and notes in b's order, byte for byte as
// catalogue.EncodeDesignYAML writes them. Diff moves the fewest elements:
// those off a longest run already in b's order.
//
// A rename of a node or a group is one op, as the editor's RenameNode and
// RenameGroup are one edit: it renames every reference (edges, `in`,
// `replicaOf`, zones, notes' `on`, suppressions). Diff finds one where an
// element left and another arrived at the same place in a list of the same
// length, the same but for the id (what an edit's rename looks like), so a
// co-editor's edits of the node follow it under its new name instead of
// being lost to a delete. Other renames come out as a removal and an add.
// An edge's ends and a note's target are its key, not fields: changing
// them is a removal and an add.
//
// Design-level fields (id, name, description, objectives, constraints and
// the suppressions, as one list) are set whole.
//
// Apply never changes the design it is given (the store's undo history
// shares designs): it copies the lists it changes, and within them only
// the maps and slices of what it changes. An op that cannot apply is an
// *Error with a stable code, the op's index and what would be right, and
// Apply then returns no design: all or nothing. Apply checks what a design
// file's reader checks of its structure (ids, references between its
// parts, values' types and limits); what the catalogue says (components,
// properties, boundaries) is Catalogue.Check's, as for a file.
//
// A Change carries ops with the client's id for it and the stream's
// sequence it was made on; DecodeChange reads one strictly, within Limits
// (schema/change.schema.json describes it). Its id is what lets the server
// apply a change sent again after a reconnect once.
//
// Rebase is what a client does when the server's stream holds changes it had
// not seen before its own pending ones: the stream's order decides, and the
// later change in the stream is the last writer. The remote ops are earlier
// in the stream than the pending ones (the server appends the pending after
// them), so a pending op that sets a field the remote also set still wins;
// a delete wins over edits of what it deleted, in either direction; an add
// of an id the remote added too loses, since the remote's is earlier. What
// the user loses is reported as Overridden, in words the editor can show;
// Overwritten tells the one who sent first what a later change undid.
//
// Rebase works from the ops alone, without the design: the ranks of
// duplicate edges and of notes on one thing are renumbered round the
// remote's adds and removals as well as ops tell, and where a rebased add
// or move no longer fits its place, Apply settles it by its rank, the same
// way on every client.
package patch
