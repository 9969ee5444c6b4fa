package catalogue

import (
	"strings"

	"github.com/archdesigner/designer/catalogue/diag"
)

// Provider is where a component comes from: a cloud (aws, azure…) or
// "default" for open-source and vendor-neutral products.
type Provider struct {
	ID   string
	Name string
}

// Protocol is what an edge may say it speaks (https, kafka, sql…).
type Protocol struct {
	ID   string
	Name string
}

// Category groups kinds (messaging, data, compute…).
type Category struct {
	ID   string
	Name string
}

// entry is one item of a names file (providers, categories, products).
type entry struct {
	Name    string
	Summary string
	Aliases []string
	Pos     Pos
}

// namesFile describes one of the catalogue's names files.
type namesFile struct {
	path    string // relative to the catalogue root (for products, the folder)
	typ     string // its `type:` and the key of its map
	summary bool   // whether entries carry a summary
}

var (
	providersFile  = namesFile{path: "providers.yaml", typ: "providers"}
	categoriesFile = namesFile{path: "categories.yaml", typ: "categories"}
	protocolsFile  = namesFile{path: "protocols.yaml", typ: "protocols"}
	productsFile   = namesFile{path: "products", typ: "products", summary: true}
)

// parseNames reads a names file: a map from id to display name (and summary).
func parseNames(nf namesFile, file string, data []byte, errs *ErrorList) map[string]entry {
	d := newDecoder(file, errs)
	root, f := d.Open(data, nf.typ, "schemaVersion", "type", nf.typ)
	if root == nil {
		return nil
	}
	d.header(f, root, nf.typ, "")
	list, ok := f[nf.typ]
	if !ok {
		d.Errorf(root, diag.CodeRequired, "`%s` is required", nf.typ)
		return nil
	}
	keys := []string{"name"}
	if nf.summary {
		keys = append(keys, "summary", "aliases")
	}
	out := map[string]entry{}
	for _, p := range d.Pairs(list.Val, nf.typ) {
		if !d.checkID(p.Key, nf.typ, p.Key.Value) {
			continue
		}
		ef := d.Fields(p.Val, p.Key.Value, keys...)
		if ef == nil {
			continue
		}
		e := entry{Pos: d.Pos(p.Key), Name: d.requiredString(ef, p.Val, "name")}
		if nf.summary {
			e.Summary = d.requiredString(ef, p.Val, "summary")
			if v, ok := ef["aliases"]; ok {
				if list, good := d.Strings(v.Val, p.Key.Value+".aliases"); good {
					for i, a := range list {
						if strings.TrimSpace(a) == "" || a != strings.ToLower(a) {
							d.Errorf(v.Val.Content[i], diag.CodeInvalidName, "%s.aliases: %q: an alias is a lower-case word or phrase people search for (\"redis\")", p.Key.Value, a)
							continue
						}
						e.Aliases = append(e.Aliases, a)
					}
				}
			}
		}
		out[p.Key.Value] = e
	}
	return out
}
