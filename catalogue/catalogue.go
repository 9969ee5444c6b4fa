package catalogue

import (
	"embed"
	"errors"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/archdesigner/designer/catalogue/diag"
)

// data is the catalogue that ships with the product.
//
//go:embed kinds components rules boundaries products providers.yaml categories.yaml protocols.yaml
var data embed.FS

// Embedded returns the catalogue files that ship with the product.
func Embedded() fs.FS { return data }

// imports are the mappings that ship with the product (see package
// importer), apart from data: the editor reads them without the rest,
// which its snapshot holds.
//
//go:embed imports
var imports embed.FS

// EmbeddedImports returns the layer of the import mappings that ship with
// the product: imports/<format>.yaml.
func EmbeddedImports() Layer { return Layer{Name: "catalogue", FS: imports} }

// Layer is a tree of catalogue files: kinds/, components/, rules/,
// boundaries/, products/ (display names of components, a file per kind or as
// the catalogue likes) and providers.yaml, categories.yaml and
// protocols.yaml. Name is prefixed to file paths in errors ("catalogue" for
// the embedded one, a directory for an overlay).
type Layer struct {
	Name string
	FS   fs.FS
}

// Catalogue is a loaded, linked and type-checked catalogue.
type Catalogue struct {
	Kinds      map[string]*Kind
	Components map[string]*Component
	Rules      map[string]*Rule
	Boundaries map[string]*Boundary
	Providers  map[string]*Provider
	Categories map[string]*Category
	Protocols  map[string]*Protocol

	// Sorted ids and the components of each kind (by provider, then id),
	// computed once when linking.
	componentIDs, kindIDs []string
	// components and their kinds, in the order of componentIDs.
	components     []*Component
	componentKinds []*Kind
	byKind         map[string][]*Component

	rulesFor        map[string][]*Rule           // by component id, in rule id order
	connections     []*connectionRule            // in rule id order
	connectionsFrom map[string][]*connectionRule // by the from end's component id
	// A catalogue from a snapshot registers its rules (the three indexes
	// above, and each rule's message template) when they are first needed,
	// not at start-up, where the editor's empty design needs none of them.
	rulesLater bool
	rulesOnce  sync.Once

	// readText reads a file's text when it was not kept in Source (a
	// catalogue from a snapshot reads it when a page shows it).
	readText func(file string) ([]byte, error)

	// broken records what failed to load ("kind:queue", "file:providers.yaml"),
	// so that linking does not repeat the problem as a missing reference.
	broken map[string]bool
}

// LoadEmbedded loads the catalogue that ships with the product, with the
// overlays laid over it in order (an organisation's folder, an embedding
// host's files). Each call loads afresh: the entry points load the catalogue
// once and pass it down.
func LoadEmbedded(overlays ...Layer) (*Catalogue, error) {
	return Load(append([]Layer{{Name: "catalogue", FS: data}}, overlays...)...)
}

// maxCatalogueFile bounds the size of one catalogue file.
const maxCatalogueFile = 1 << 20

// Load reads the layers in order, a later layer adding to the earlier ones and
// replacing files with the same id, then links and type-checks the whole. The
// error, if any, is an ErrorList holding every problem, sorted.
func Load(layers ...Layer) (*Catalogue, error) {
	c := &Catalogue{
		Kinds:      map[string]*Kind{},
		Components: map[string]*Component{},
		Rules:      map[string]*Rule{},
		Boundaries: map[string]*Boundary{},
		Providers:  map[string]*Provider{},
		Categories: map[string]*Category{},
		Protocols:  map[string]*Protocol{},
		broken:     map[string]bool{},
	}
	var errs ErrorList
	products := map[string]entry{}
	for li, l := range layers {
		read := func(dir string, each func(file, id string, data []byte)) {
			if info, err := fs.Lstat(l.FS, dir); err == nil && !info.IsDir() {
				errs.Add(Pos{File: path.Join(l.Name, dir)}, diag.CodeUnreadable, "%s, not a folder; kinds/, components/, rules/ and products/ are plain folders inside the catalogue folder", FileKind(info.Mode()))
				return
			}
			entries, err := fs.ReadDir(l.FS, dir)
			if errors.Is(err, fs.ErrNotExist) {
				return
			}
			if err != nil {
				errs.Add(Pos{File: path.Join(l.Name, dir)}, diag.CodeUnreadable, "cannot read the folder: %v", err)
				return
			}
			for _, e := range entries {
				name := e.Name()
				file := path.Join(l.Name, dir, name)
				if e.IsDir() || strings.HasPrefix(name, ".") {
					continue
				}
				if !strings.HasSuffix(name, ".yaml") {
					errs.Add(Pos{File: file}, diag.CodeNotYAMLFile, "only .yaml files belong in %s/", dir)
					continue
				}
				if b := readFile(l.FS, path.Join(dir, name), file, &errs); b != nil {
					each(file, strings.TrimSuffix(name, ".yaml"), b)
				}
			}
		}
		read("kinds", func(file, id string, b []byte) {
			if k := parseKind(file, id, b, &errs); k != nil {
				c.Kinds[k.ID] = k
			} else {
				c.broken["kind:"+id] = true
			}
		})
		read("components", func(file, id string, b []byte) {
			if comp := parseComponent(file, id, b, &errs); comp != nil {
				comp.layer = li
				c.Components[comp.ID] = comp
			} else {
				c.broken["component:"+id] = true
			}
		})
		read("boundaries", func(file, id string, b []byte) {
			if bd := parseBoundary(file, id, b, &errs); bd != nil {
				c.Boundaries[bd.ID] = bd
			} else {
				c.broken["boundary:"+id] = true
			}
		})
		read("rules", func(file, id string, b []byte) {
			if r := parseRule(file, id, b, &errs); r != nil {
				r.layer = li
				c.Rules[r.ID] = r
			} else {
				c.broken["rule:"+id] = true
			}
		})
		for _, nf := range []namesFile{providersFile, categoriesFile, protocolsFile} {
			file := path.Join(l.Name, nf.path)
			b := readFile(l.FS, nf.path, file, &errs)
			if b == nil {
				continue
			}
			before := len(errs)
			names := parseNames(nf, file, b, &errs)
			if len(errs) > before {
				c.broken["file:"+nf.path] = true
			}
			for id, e := range names {
				switch nf {
				case providersFile:
					c.Providers[id] = &Provider{ID: id, Name: e.Name}
				case categoriesFile:
					c.Categories[id] = &Category{ID: id, Name: e.Name}
				default:
					c.Protocols[id] = &Protocol{ID: id, Name: e.Name}
				}
			}
		}
		named := map[string]entry{} // this layer's, to catch an id named twice
		read("products", func(file, _ string, b []byte) {
			before := len(errs)
			names := parseNames(productsFile, file, b, &errs)
			if len(errs) > before {
				c.broken["file:"+productsFile.path] = true
			}
			for _, id := range slices.Sorted(maps.Keys(names)) {
				e := names[id]
				if prev, dup := named[id]; dup {
					errs.Add(e.Pos, diag.CodeDuplicateName, "products: `%s` is already named at %s", id, prev.Pos).Related = []Pos{prev.Pos}
					continue
				}
				named[id], products[id] = e, e
			}
		})
	}
	c.link(products, &errs)
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return c, nil
}

// readFile reads one file, reporting files that are too large, and what is
// not a regular file: a symbolic link (which could lead out of the folder, to
// a secret or to /dev/zero), a device or a named pipe (which never ends). A
// missing file returns nil quietly (overlays need not have every file).
func readFile(fsys fs.FS, name, display string, errs *ErrorList) []byte {
	info, err := fs.Lstat(fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		errs.Add(Pos{File: display}, diag.CodeUnreadable, "cannot read the file: %v", err)
		return nil
	}
	if !info.Mode().IsRegular() {
		errs.Add(Pos{File: display}, diag.CodeUnreadable, "%s, not a regular file; catalogue files must be plain files inside the catalogue folder", FileKind(info.Mode()))
		return nil
	}
	f, err := fsys.Open(name)
	if err != nil {
		errs.Add(Pos{File: display}, diag.CodeUnreadable, "cannot read the file: %v", err)
		return nil
	}
	defer f.Close()
	// Read through the limit: the size a file states is not always what it holds.
	b, err := io.ReadAll(io.LimitReader(f, maxCatalogueFile+1))
	switch {
	case err != nil:
		errs.Add(Pos{File: display}, diag.CodeUnreadable, "cannot read the file: %v", err)
		return nil
	case len(b) > maxCatalogueFile:
		errs.Add(Pos{File: display}, diag.CodeTooLarge, "the file is over %d bytes; catalogue files are limited to %d", maxCatalogueFile, maxCatalogueFile)
		return nil
	}
	return b
}

// FileKind names what a file that is not a regular one is, for messages:
// "a symbolic link", "a named pipe", "a device"….
func FileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// link resolves the references between files: kinds to categories, components
// to kinds, providers and names, rules to what they select.
func (c *Catalogue) link(products map[string]entry, errs *ErrorList) {
	for _, id := range slices.Sorted(maps.Keys(c.Kinds)) {
		k := c.Kinds[id]
		if _, ok := c.Categories[k.Category]; !ok && !c.broken["file:"+categoriesFile.path] {
			errs.Add(k.categoryPos, diag.CodeUnknownCategory, "category: unknown category `%s`%s (categories are defined in categories.yaml)", k.Category, diag.DidYouMean(k.Category, slices.Sorted(maps.Keys(c.Categories))))
		}
		if _, ok := c.Components[id]; !ok && !c.broken["component:"+id] {
			errs.Add(Pos{File: k.File, Line: 1, Column: 1}, diag.CodeNoGenericComponent, "kind `%s` has no generic component; add components/%s.yaml with `kind: \"%s\"`", id, id, id)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(c.Components)) {
		comp := c.Components[id]
		k, ok := c.Kinds[comp.Kind]
		if !ok {
			c.broken["component:"+id] = true
			delete(c.Components, id)
			if c.broken["kind:"+comp.Kind] {
				continue
			}
			errs.Add(comp.pos["kind"], diag.CodeUnknownKind, "kind: unknown kind `%s`%s", comp.Kind, diag.DidYouMean(comp.Kind, slices.Sorted(maps.Keys(c.Kinds))))
			continue
		}
		if _, ok := c.Providers[comp.Provider]; !ok && !c.broken["file:"+providersFile.path] {
			errs.Add(comp.pos["provider"], diag.CodeUnknownProvider, "provider: unknown provider `%s`%s (providers are defined in providers.yaml)", comp.Provider, diag.DidYouMean(comp.Provider, slices.Sorted(maps.Keys(c.Providers))))
		}
		if e, ok := products[id]; ok {
			comp.Name, comp.Summary, comp.Aliases = e.Name, e.Summary, e.Aliases
		} else if !c.broken["file:"+productsFile.path] {
			errs.Add(Pos{File: comp.File, Line: 1, Column: 1}, diag.CodeNoDisplayName, "component `%s` has no display name; add it to a file in products/", id)
		}
		comp.link(k, errs)
	}
	for _, id := range slices.Sorted(maps.Keys(products)) {
		if _, ok := c.Components[id]; !ok && !c.broken["component:"+id] {
			errs.Add(products[id].Pos, diag.CodeUnknownComponent, "products: no component `%s`%s", id, diag.DidYouMean(id, slices.Sorted(maps.Keys(c.Components))))
		}
	}
	c.linkBoundaries(errs)
	c.index()
	c.rulesFor = map[string][]*Rule{}
	for _, id := range slices.Sorted(maps.Keys(c.Rules)) {
		r := c.Rules[id]
		c.linkRule(r, errs)
	}
}

// index sorts the ids and groups the components by kind.
func (c *Catalogue) index() {
	c.componentIDs, c.kindIDs = slices.Sorted(maps.Keys(c.Components)), slices.Sorted(maps.Keys(c.Kinds))
	c.byKind = map[string][]*Component{}
	c.components = make([]*Component, len(c.componentIDs))
	c.componentKinds = make([]*Kind, len(c.componentIDs))
	for i, id := range c.componentIDs {
		comp := c.Components[id]
		c.components[i], c.componentKinds[i] = comp, c.Kinds[comp.Kind]
		c.byKind[comp.Kind] = append(c.byKind[comp.Kind], comp)
	}
	for _, comps := range c.byKind {
		sort.Slice(comps, func(i, j int) bool {
			if comps[i].Provider != comps[j].Provider {
				return comps[i].Provider < comps[j].Provider
			}
			return comps[i].ID < comps[j].ID
		})
	}
}

// FileText returns a file's text: stored, as loaded from YAML, or read now.
func (c *Catalogue) FileText(file string, stored []byte) string {
	if stored != nil || c.readText == nil {
		return string(stored)
	}
	b, err := c.readText(file)
	if err != nil {
		return "# " + err.Error() + "\n"
	}
	return string(b)
}

// ComponentIDs returns the ids of all components, sorted.
func (c *Catalogue) ComponentIDs() []string { return append([]string(nil), c.componentIDs...) }

// KindIDs returns the ids of all kinds, sorted.
func (c *Catalogue) KindIDs() []string { return append([]string(nil), c.kindIDs...) }

// RuleIDs returns the ids of all rules, sorted.
func (c *Catalogue) RuleIDs() []string { return slices.Sorted(maps.Keys(c.Rules)) }

// RulesFor returns the node rules that select a component, sorted by id.
func (c *Catalogue) RulesFor(componentID string) []*Rule {
	c.linkRules()
	return c.rulesFor[componentID]
}

// linkRules registers a snapshot's rules, once, before their first use.
func (c *Catalogue) linkRules() {
	if !c.rulesLater {
		return
	}
	c.rulesOnce.Do(func() {
		for _, id := range slices.Sorted(maps.Keys(c.Rules)) {
			r := c.Rules[id]
			r.message, _ = splitTemplate(r.Message)
			r.property = r.Assert.firstProp()
			c.register(r)
		}
	})
}

// ConnectionRulesFor returns the connection rules that concern the
// component, sorted by id: those where an end that names kinds, categories,
// providers or components selects it. An end open to any component ({})
// concerns none in particular (a rule from any caller to a Cloud Run
// function is about the function, not every caller); a rule open at both
// ends concerns every component.
func (c *Catalogue) ConnectionRulesFor(componentID string) []*Rule {
	c.linkRules()
	var out []*Rule
	for _, cr := range c.connections {
		fromAny, toAny := cr.rule.Connection.From.any(), cr.rule.Connection.To.any()
		if cr.from[componentID] && !fromAny || cr.to[componentID] && !toAny || fromAny && toAny {
			out = append(out, cr.rule)
		}
	}
	return out
}

// ConnectionRulesBetween returns the connection rules that check an edge
// from a component to another.
func (c *Catalogue) ConnectionRulesBetween(from, to string) []*Rule {
	c.linkRules()
	var out []*Rule
	for _, cr := range c.connections {
		if cr.from[from] && cr.to[to] {
			out = append(out, cr.rule)
		}
	}
	return out
}

// AllRulesFor returns the node rules and then the connection rules that
// concern a component.
func (c *Catalogue) AllRulesFor(componentID string) []*Rule {
	return append(append([]*Rule(nil), c.RulesFor(componentID)...), c.ConnectionRulesFor(componentID)...)
}

// ProviderIDs returns the providers that have components, sorted.
func (c *Catalogue) ProviderIDs() []string {
	var out []string
	for _, comp := range c.Components {
		out = append(out, comp.Provider)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// CategoryIDs returns the categories that have kinds, sorted.
func (c *Catalogue) CategoryIDs() []string {
	var out []string
	for _, k := range c.Kinds {
		out = append(out, k.Category)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ComponentsOfKind returns the components of a kind sorted by provider, then
// id, the order the catalogue pages list them in.
func (c *Catalogue) ComponentsOfKind(kind string) []*Component {
	return append([]*Component(nil), c.byKind[kind]...)
}
