// Package drawing is where a design is drawn: node sizes and the grid, free
// spots for new nodes, group frames, edge ports and routes that bend round
// what is in the way, notes and their tethers, pan and zoom, and the picture
// of a design as a standalone SVG document. It takes a design (and, for the
// picture, the catalogue and a lookup of each node's worst problem) and
// returns numbers and text: no browser, no go-app, no editor state, so the
// editor's canvas, its Export picture, the embed protocol's SVG export and
// the CLI's render, export and layout all draw with the same code.
//
// # Files
//
//   - layout.go: node sizes and the grid, positions, free spots, group frames,
//     collapsed groups, where a drop lands, the boxes edges join; Arrange,
//     PlaceAt and PlaceUnplaced, which lay a design out with package layout.
//   - route.go: edge routing: ports spread over a side, routes round boxes,
//     label spots, SVG path data.
//   - geometry.go: Geometry, what the canvas draws, worked out again only
//     when the nodes' places, the groups or the edges' ends change.
//   - notes.go: notes' lines, boxes and tethers.
//   - viewport.go: pan and zoom, what is in view, fitting.
//   - labels.go: a frame's label, the provider chip, the severity badges.
//   - picture.go: Picture, the design as a standalone SVG document.
package drawing
