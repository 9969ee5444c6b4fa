package importer

import (
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// mergeKeys writes out a file's merge keys (https://yaml.org/type/merge.html)
// in place, once, so that the readers see what a merge means: `<<: *base`
// puts base's keys into the mapping it is in, its own keys winning, and
// `<<: [*a, *b]` merges a's and then b's, earlier ones winning. Each `<<`
// goes; the merged keys take its place. It copies no more than budget keys
// and values (aliases' expansion is bounded apart, once the merges are
// written out), and refuses a merge of what is not a mapping, or of the
// mapping it is in.
type mergeKeys struct {
	file   string
	budget int
	state  map[*yaml.Node]int // of a mapping with merges: 1 while they are written out, 2 once they are
	err    *catalogue.Error
}

func (m *mergeKeys) fail(n *yaml.Node, code diag.Code, msg string) {
	if m.err == nil {
		m.err = &catalogue.Error{Pos: pos(m.file, n), Code: code, Msg: msg}
	}
}

// writeOut writes out the merges of every mapping of docs. The mappings
// with merges are found first, in the trees as the file wrote them, so that
// what a merge puts in a mapping is never walked again.
func (m *mergeKeys) writeOut(docs []*yaml.Node) {
	var found []*yaml.Node
	var walk func(x *yaml.Node)
	walk = func(x *yaml.Node) {
		if x.Kind == yaml.AliasNode {
			return // walked where it is written
		}
		if x.Kind == yaml.MappingNode && slices.ContainsFunc(x.Content, isMerge) {
			found = append(found, x)
		}
		for _, c := range x.Content {
			walk(c)
		}
	}
	for _, d := range docs {
		walk(d)
	}
	for _, x := range found {
		if m.mapping(x); m.err != nil {
			return
		}
	}
}

// isMerge says whether k is the merge key: `<<` plain or tagged !!merge,
// as yaml.v3 reads it (a value `<<` is quoted, or tagged !!str).
func isMerge(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Tag == "!!merge"
}

// mapping writes out x's own merges, after those of what it merges; a
// mapping already written out (or being written) is left as it is.
func (m *mergeKeys) mapping(x *yaml.Node) {
	if m.state[x] != 0 {
		return
	}
	if !slices.ContainsFunc(x.Content, isMerge) {
		return // nothing to write out, nor to check it against
	}
	m.state[x] = 1
	own := map[string]bool{}
	for i := 0; i+1 < len(x.Content); i += 2 {
		if k := x.Content[i]; !isMerge(k) {
			own[k.Value] = true
		}
	}
	var out []*yaml.Node
	for i := 0; i+1 < len(x.Content); i += 2 {
		k, v := x.Content[i], x.Content[i+1]
		if !isMerge(k) {
			out = append(out, k, v)
			continue
		}
		var sources []*yaml.Node
		switch resolve(v).Kind {
		case yaml.MappingNode:
			sources = []*yaml.Node{v}
		case yaml.SequenceNode:
			sources = resolve(v).Content
		}
		if len(sources) == 0 {
			m.fail(v, diag.CodeWrongType, "`<<` merges a mapping or a list of mappings (https://yaml.org/type/merge.html); write the keys out, or merge an anchored mapping (`<<: *base`)")
			return
		}
		for _, src := range sources {
			if r := resolve(src); r == nil || r.Kind != yaml.MappingNode {
				m.fail(src, diag.CodeWrongType, "`<<` merges a mapping or a list of mappings (https://yaml.org/type/merge.html); this item is not a mapping")
				return
			}
			if m.state[resolve(src)] == 1 {
				m.fail(src, diag.CodeAlias, "`<<` merges the mapping it is in (or one that merges it); merge another mapping's keys")
				return
			}
			src = resolve(src)
			if m.mapping(src); m.err != nil {
				return
			}
			for j := 0; j+1 < len(src.Content); j += 2 {
				if key := src.Content[j].Value; !own[key] {
					own[key] = true
					if m.budget -= 2; m.budget < 0 {
						m.fail(k, diag.CodeTooLarge, "the file's aliases expand it past its values and 100,000 more (merge keys count as aliases); write the values out instead")
						return
					}
					out = append(out, src.Content[j], src.Content[j+1])
				}
			}
		}
	}
	x.Content = out
	m.state[x] = 2
}
