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
// default (kind), or nothing (unset). A property is a setting; a component's
// limits bound it, each from the product's docs. Rules then run over the
// resolved values; a violation may carry fixes (property changes that clear
// it), and a design may suppress one with a reason.
//
// Nothing here touches a browser or the network: input is an fs.FS or bytes, so
// the same code serves the editor (compiled to WebAssembly), the CLI and the
// catalogue pages.
//
// # Files
//
// The catalogue and its model:
//   - catalogue.go: Load and LoadEmbedded, layers and overlays, linking, lookups.
//   - kind.go, property.go, value.go: kinds, their typed properties, values.
//   - component.go: products, their pins and refinements, Matches (search);
//     limit.go: their limits and the violations of rule "limit";
//     guarantee.go: their published SLAs and durability, by configuration,
//     which package analysis composes into what a design guarantees.
//   - providers.go: providers.yaml, categories.yaml and protocols.yaml.
//   - boundary.go: boundary types (region, zone…), where each may sit.
//   - flow.go: what edges carry, by design or by the kinds they join.
//   - rule.go: rules, selectors and conditions; ruleparse.go reads them,
//     ruletype.go type-checks them against the kinds they select, ruleeval.go
//     evaluates them in three-valued logic.
//   - snapshot.go, snapcodec.go: the loaded catalogue in a compact binary form
//     the editor starts from.
//   - files.go: Files, a catalogue layer held in memory.
//
// Designs:
//   - design.go: the model and ParseDesign; check.go: Check, ReadDesign, PosOf.
//   - group.go: a design's groups, where they and its nodes sit;
//     placement.go: what groups give what they hold, with provenance, and
//     the built-in placement rules.
//   - resolve.go: Resolve, properties with their source, violations, each
//     finding told once, suppressions applied.
//   - fix.go: fixes, as rules declare them and as violations offer them.
//   - designyaml.go, designjson.go: EncodeDesignYAML and EncodeDesignJSON,
//     with package yamlout writing their scalars.
//   - builtin.go: the rules the core checks itself, with their names and
//     descriptions; incremental.go: Resolver, which resolves again only what
//     an edit touched; note.go: a design's notes.
//
// Shared with the sub-packages:
//   - decode.go: the catalogue's parsers on top of internal/yamlstrict, the
//     strict YAML decoder (one document, no aliases, no unknown or duplicate
//     keys, each problem with its position and code).
//   - problems.go: Pos, Error, ErrorList and Code, from package diag, where the
//     problem codes and the near-miss suggestions live.
//
// # Sub-packages
//
//   - analysis: what a design guarantees (availability per entry point,
//     single points of failure, zone and region losses, delivery, durability).
//   - drawing: node sizes, frames, routes, the viewport and the SVG picture,
//     shared by the editor's canvas and the CLI; layout: the graph layout
//     Tidy up and `designer layout` run.
//   - importer: compose files, Kubernetes manifests, Terraform plans and
//     CloudFormation templates into designs, and Read, the one read step of
//     the editor's Import and the CLI.
//   - export: other diagram tools' formats; picture: a design carried inside
//     an SVG or PNG; share: share links; diff: the semantic diff; library:
//     the designs index, versions and archives.
//   - page and pages: a catalogue page's document model and its markdown, and
//     the pages built from a catalogue.
//   - diag: problem codes and near-miss suggestions; yamlout: the YAML
//     scalars the writers emit; internal/yamlstrict: the strict YAML decoder.
package catalogue
