// Package catalogue is the pure core of the designer: it loads the catalogue of
// kinds, components and rules, parses and type-checks designs, resolves each
// node's properties with their source, runs the rules, and writes designs back
// as YAML.
//
// A kind (stream, database…) declares a typed property schema. A component is a
// product of one kind: it pins values ("defaults") and may declare or refine
// properties. A design places components as nodes and may override their
// properties. Resolution gives every property of a node a value and a Source:
// the node's override (design), the component's pin (component), a declared
// default (kind), or nothing (unset). Rules then run over the resolved values.
//
// Nothing here touches a browser or the network: input is an fs.FS or bytes, so
// the same code serves the editor (compiled to WebAssembly), the CLI and the
// catalogue pages.
package catalogue
