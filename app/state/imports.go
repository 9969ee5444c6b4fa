package state

import (
	"fmt"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/importer"
)

// imports bring whole designs in: opened in place (Open, Clear), replaced
// by one imported or read from another tool's file (Import, Replace,
// LoadFromHost, NewDesign), read without a change (Read), and the
// catalogue they are read against (SetCatalogue). They change the design
// only through the Store's update or commit.
type imports struct{ s *Store }

// Open makes the design read from file name the one edited: the saved
// design at start-up, or another design in place of this one, as a page
// load would start on it: no history to undo; the selection, collapsed
// groups, failing group, comparison and where new nodes were placed gone;
// the panels as they were. Nothing changes when the file does not read.
func (ed imports) Open(name string, data []byte) error {
	r := ed.Reading(name, data, false)
	for r.Next() {
	}
	return ed.OpenRead(r)
}

// OpenRead is Open of the design r read (see Reading), once its last step
// is done: one commit, or nothing changed when the file did not read. A
// reading against another catalogue than the store's (an embedding host
// replaced it meanwhile) is read again.
func (ed imports) OpenRead(r *Reading) error {
	d, err := ed.finish(r)
	if err != nil {
		return err
	}
	ed.s.commit(change{design: d, history: NotRecorded, opened: true, selection: &Selection{Edge: -1}})
	return nil
}

// finish returns the design r read, reading it again to the end against
// the store's catalogue when r's is another.
func (ed imports) finish(r *Reading) (*catalogue.Design, error) {
	if r.cat != ed.s.cat {
		r = ed.Reading(r.name, r.data, r.text)
	}
	for r.Next() {
	}
	return r.design, r.err
}

// Clear opens an empty design, as Open does a design read: for a new
// design with nothing stored yet, or in place of one that could not be
// read.
func (ed imports) Clear() {
	ed.s.commit(change{design: &catalogue.Design{SchemaVersion: catalogue.SchemaVersion}, history: NotRecorded, opened: true, selection: &Selection{Edge: -1}})
}

// NewDesign replaces the design with an empty one (undoable).
func (ed imports) NewDesign() error {
	return ed.s.update(func(d *catalogue.Design) (string, error) {
		*d = catalogue.Design{SchemaVersion: catalogue.SchemaVersion}
		return "", nil
	}, nil)
}

// Import replaces the design with one read from YAML, or from a picture
// Export picture drew (undoable), or returns every problem and leaves the
// design untouched.
func (ed imports) Import(name string, data []byte) error {
	next, _, err := ed.s.parse(name, data)
	if err != nil {
		return err
	}
	return ed.s.Replace(name, next)
}

// ImportReported is Import that also returns what an import of another
// tool's file left out, a line each, for the user to see (a share link may
// carry such a file).
func (ed imports) ImportReported(name string, data []byte) ([]string, error) {
	next, report, err := ed.s.parse(name, data)
	if err != nil {
		return nil, err
	}
	return report, ed.s.Replace(name, next)
}

// Replace makes next, read from the file name, the design (undoable),
// laying out what has no position.
func (ed imports) Replace(name string, next *catalogue.Design) error {
	return ed.s.replace(name, next, false)
}

// replace is Replace; host says the embedding host asks, which a read-only
// editor takes.
func (ed imports) replace(name string, next *catalogue.Design, host bool) error {
	// Another design: its nodes are where its file put them, none placed
	// by the editor.
	return ed.s.updateWith(func(d *catalogue.Design) (string, error) {
		*d = *next
		notice := fmt.Sprintf("Imported %s: %d %s, %d %s.", name, len(next.Nodes), plural(len(next.Nodes), "node"), len(next.Edges), plural(len(next.Edges), "edge"))
		// A design written without positions is laid out.
		if placed := drawing.PlaceUnplaced(d); placed > 0 {
			notice += fmt.Sprintf(" Laid out %d %s that had no position.", placed, plural(placed, "node"))
		}
		return notice, nil
	}, change{selection: &Selection{Edge: -1}, autoAt: map[string]catalogue.Point{}}, host)
}

// LoadFromHost is Import for an embedding host, which may load a design
// into an editor it made read-only.
func (ed imports) LoadFromHost(name string, data []byte) error {
	next, _, err := ed.s.parse(name, data)
	if err != nil {
		return err
	}
	return ed.s.replace(name, next, true)
}

// Read reads a design file as Import does, without changing the design: a
// design (YAML, or a picture Export picture drew), or a file another tool
// wrote (a docker-compose file, Kubernetes manifests, a Terraform plan, a
// CloudFormation template), imported as designer import does. It returns
// the design laid out where it has no positions, its text as the editor
// writes it, and what an import left out, a line each.
func (ed imports) Read(name string, data []byte) (*catalogue.Design, string, []string, error) {
	if importer.Detect(data) != "" {
		d, report, err := ed.s.parse(name, data)
		if err != nil {
			return nil, "", nil, err
		}
		d.Positions = nil
		drawing.PlaceUnplaced(d)
		return d, string(catalogue.EncodeDesignYAML(d)), report, nil
	}
	r := ed.Reading(name, data, true)
	for r.Next() {
	}
	return ed.ReadResult(r)
}

// ReadResult is what Read returns, of the design r read (see Reading)
// once its last step is done.
func (ed imports) ReadResult(r *Reading) (*catalogue.Design, string, []string, error) {
	d, err := ed.finish(r)
	if err != nil {
		return nil, "", nil, err
	}
	return d, r.encoded, nil, nil
}

// parse reads a file Import takes into a design, once: what an import of
// another tool's file left out is its report. The mappings are loaded on
// the first import of another tool's file.
func (ed imports) parse(name string, data []byte) (*catalogue.Design, []string, error) {
	if ed.s.mappings == nil && importer.Detect(data) != "" {
		m, err := importer.LoadMappings(ed.s.cat, catalogue.EmbeddedImports())
		if err != nil {
			return nil, nil, err
		}
		ed.s.mappings = m
	}
	return importer.Read(ed.s.cat, ed.s.mappings, name, data)
}

// SetCatalogue replaces the catalogue (an embedding host's extra products),
// refusing one under which the current design no longer checks.
func (ed imports) SetCatalogue(cat *catalogue.Catalogue) error {
	// Checked as the design's YAML, so that each problem has the line and
	// column of the export the host has (the design in memory has none).
	if _, errs := cat.ReadDesign("the design", ed.s.Export()); len(errs) > 0 {
		return errs
	}
	ed.s.mappings = nil // checked against the catalogue they map to
	ed.s.commit(change{cat: cat})
	return nil
}
