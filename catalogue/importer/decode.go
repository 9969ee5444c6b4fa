package importer

import (
	"gopkg.in/yaml.v3"
)

// Limits on what a file holds, so that every file within them imports in
// about a second and a few hundred megabytes, and one past them is refused
// where it crossed them, before its tree is built whole.
const (
	// maxValues bounds a file's values: its keys, items and scalars, each
	// a node of the tree the readers walk.
	maxValues = 1_000_000
	// maxDepth bounds how deep collections nest.
	maxDepth = 1000
	// maxYAMLMarks bounds what YAML's parser is given: a file's line ends
	// and the marks of its structure (`- `, `? `, `: `, and a flow
	// collection's `[`, `{`, `:` and, twice, `,`), outside its quoted and
	// block scalars and its comments (see scanYAML): at least as many as
	// its values in every shape of YAML we tried (a flow mapping's `a,` is
	// a key and a null, hence twice) and not many more in a real file;
	// checkTree counts the values themselves behind it.
	maxYAMLMarks = 1_000_000
	// maxYAMLBytes bounds a YAML file (JSON ones are bounded by
	// MaxFileBytes): yaml.v3 took 310 MB for one string of 63 MiB.
	maxYAMLBytes = 32 << 20
)

const (
	tooManyValues = "more than 1,000,000 values (keys, items and scalars); imports are limited to 1,000,000: import the system in parts"
	tooDeep       = "nested deeper than 1,000 levels; imports are limited to 1,000"
)

// unreadKeys are the keys of a JSON file's root that the reader of format
// f never reads, whose values need not be built: a Terraform plan's changes,
// prior state and drift, which are most of it (readTerraformPlan reads
// format_version, configuration and planned_values).
func unreadKeys(f Format) []string {
	if f == TerraformPlan {
		return []string{"resource_changes", "resource_drift", "prior_state", "relevant_attributes", "output_changes", "checks"}
	}
	return nil
}

// byteOrderMark is the mark editors on Windows start UTF-8 files with.
const byteOrderMark = "\uFEFF"

// withoutByteOrderMark is data without its leading byte order mark.
func withoutByteOrderMark(data []byte) []byte {
	if len(data) >= len(byteOrderMark) && string(data[:len(byteOrderMark)]) == byteOrderMark {
		return data[len(byteOrderMark):]
	}
	return data
}

// checkTree refuses a document past the values left (of maxValues) or
// nested deeper than maxDepth, at the node that crossed the limit; it
// returns the values left. Aliases count once: what they add is bounded
// apart.
func checkTree(root *yaml.Node, left int) (int, *limitError) {
	var limit *limitError
	var walk func(x *yaml.Node, depth int)
	walk = func(x *yaml.Node, depth int) {
		if limit != nil || x == nil {
			return
		}
		if left--; left < 0 {
			limit = &limitError{line: x.Line, column: x.Column, msg: tooManyValues}
			return
		}
		if (x.Kind == yaml.MappingNode || x.Kind == yaml.SequenceNode) && depth > maxDepth {
			limit = &limitError{line: x.Line, column: x.Column, msg: tooDeep}
			return
		}
		for _, c := range x.Content {
			walk(c, depth+1)
		}
	}
	walk(root, 1)
	return left, limit
}

// crossDocumentAlias is an alias of doc to an anchor outside it, or nil:
// yaml.v3 keeps a stream's anchors from one document to the next, YAML
// does not.
func crossDocumentAlias(doc *yaml.Node) *yaml.Node {
	anchors := map[*yaml.Node]bool{}
	var aliases []*yaml.Node
	var walk func(x *yaml.Node)
	walk = func(x *yaml.Node) {
		if x.Anchor != "" {
			anchors[x] = true
		}
		if x.Kind == yaml.AliasNode {
			aliases = append(aliases, x)
			return
		}
		for _, c := range x.Content {
			walk(c)
		}
	}
	walk(doc)
	for _, a := range aliases {
		if !anchors[a.Alias] {
			return a
		}
	}
	return nil
}
