package catalogue

// Provider is where a component comes from: a cloud (aws, azure…) or
// "default" for open-source and vendor-neutral products.
type Provider struct {
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
	productsFile   = namesFile{path: "products", typ: "products", summary: true}
)

// parseNames reads a names file: a map from id to display name (and summary).
func parseNames(nf namesFile, file string, data []byte, errs *ErrorList) map[string]entry {
	d := &decoder{file: file, errs: errs}
	root := d.parseDocument(data)
	if root == nil {
		return nil
	}
	f := d.fields(root, nf.typ, "schemaVersion", "type", nf.typ)
	if f == nil {
		return nil
	}
	d.header(f, root, nf.typ, "")
	list, ok := f[nf.typ]
	if !ok {
		d.errorf(root, CodeRequired, "`%s` is required", nf.typ)
		return nil
	}
	keys := []string{"name"}
	if nf.summary {
		keys = append(keys, "summary")
	}
	out := map[string]entry{}
	for _, p := range d.pairs(list.val, nf.typ) {
		if !d.checkID(p.key, nf.typ, p.key.Value) {
			continue
		}
		ef := d.fields(p.val, p.key.Value, keys...)
		if ef == nil {
			continue
		}
		e := entry{Pos: d.pos(p.key), Name: d.requiredString(ef, p.val, "name")}
		if nf.summary {
			e.Summary = d.requiredString(ef, p.val, "summary")
		}
		out[p.key.Value] = e
	}
	return out
}
