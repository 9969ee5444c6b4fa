package catalogue

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"strconv"
	"strings"
)

// A snapshot is a loaded and checked catalogue in a compact binary encoding
// (see snapcodec.go), which loads many times faster than parsing the YAML
// again: the editor embeds one, made at build time, so that it starts without
// parsing its catalogue in WebAssembly. The files' text is left out and read
// back from the files; a checksum of them refuses a snapshot made from other
// files, so a stale snapshot cannot pass for the catalogue.
type snapshot struct {
	Sum uint64
	// Sources holds the files' text in a self-contained snapshot (one a
	// server makes of its catalogue with an overlay); empty otherwise.
	Sources    map[string]string
	Kinds      map[string]*Kind
	Components map[string]*Component
	Rules      map[string]*Rule
	Boundaries map[string]*Boundary
	Providers  map[string]*Provider
	Categories map[string]*Category
	Protocols  map[string]*Protocol
}

// Snapshot encodes the catalogue, which was loaded from the files of src.
func (c *Catalogue) Snapshot(src fs.FS) ([]byte, error) {
	sum, err := sourceSum(src)
	if err != nil {
		return nil, err
	}
	return encodeSnapshot(&snapshot{
		Sum:   sum,
		Kinds: c.Kinds, Components: c.Components, Rules: c.Rules, Boundaries: c.Boundaries, Providers: c.Providers, Categories: c.Categories, Protocols: c.Protocols,
	}), nil
}

// LoadSnapshot decodes a snapshot made from the files of src, refusing it
// when they have changed since. The catalogue's strings share data's memory.
func LoadSnapshot(data string, src fs.FS) (*Catalogue, error) {
	s, err := decodeSnapshot(data)
	if err != nil {
		return nil, err
	}
	sum, err := sourceSum(src)
	if err != nil {
		return nil, err
	}
	if sum != s.Sum {
		return nil, errors.New("catalogue snapshot: the catalogue files changed since it was made; make it again")
	}
	return s.catalogue(func(file string) ([]byte, error) {
		// Files are named after their layer, "catalogue/kinds/stream.yaml".
		_, name, _ := strings.Cut(file, "/")
		return fs.ReadFile(src, name)
	})
}

// catalogue rebuilds a catalogue from a decoded snapshot, which reads a
// file's text with source when a page shows it.
func (s *snapshot) catalogue(source func(file string) ([]byte, error)) (*Catalogue, error) {
	c := &Catalogue{Kinds: s.Kinds, Components: s.Components, Rules: s.Rules, Boundaries: s.Boundaries, Providers: s.Providers, Categories: s.Categories, Protocols: s.Protocols, readText: source, rulesLater: true}
	for _, comp := range c.Components {
		kind, ok := c.Kinds[comp.Kind]
		if !ok {
			return nil, fmt.Errorf("catalogue snapshot: component %s has no kind %s", comp.ID, comp.Kind)
		}
		comp.buildSchema(kind)
		comp.pin()
	}
	c.index()
	return c, nil
}

// SelfContained encodes the catalogue with the text of its files, for a
// client that has not got them (the editor, when the server lays an
// organisation's catalogue over the embedded one).
func (c *Catalogue) SelfContained() ([]byte, error) {
	sources := map[string]string{}
	for _, k := range c.Kinds {
		sources[k.File] = c.FileText(k.File, k.Text)
	}
	for _, comp := range c.Components {
		sources[comp.File] = c.FileText(comp.File, comp.Text)
	}
	for _, r := range c.Rules {
		sources[r.File] = c.FileText(r.File, r.Text)
	}
	for _, b := range c.Boundaries {
		sources[b.File] = c.FileText(b.File, b.Text)
	}
	return encodeSnapshot(&snapshot{
		Sources: sources,
		Kinds:   c.Kinds, Components: c.Components, Rules: c.Rules, Boundaries: c.Boundaries, Providers: c.Providers, Categories: c.Categories, Protocols: c.Protocols,
	}), nil
}

// LoadSelfContained decodes a snapshot made by SelfContained.
func LoadSelfContained(data []byte) (*Catalogue, error) {
	s, err := decodeSnapshot(string(data))
	if err != nil {
		return nil, err
	}
	if len(s.Sources) == 0 {
		return nil, errors.New("catalogue snapshot: not a self-contained snapshot")
	}
	return s.catalogue(func(file string) ([]byte, error) {
		text, ok := s.Sources[file]
		if !ok {
			return nil, fmt.Errorf("catalogue snapshot: no text for %s", file)
		}
		return []byte(text), nil
	})
}

// sourceSum is a checksum of every file under src, in the order fs.WalkDir
// visits them (lexical, so always the same): names, sizes and contents.
// CRC-32 detects edited files, which is all a snapshot's check needs, and is
// several times faster than FNV in WebAssembly.
func sourceSum(src fs.FS) (uint64, error) {
	h := crc32.NewIEEE()
	var line []byte
	err := fs.WalkDir(src, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(src, path)
		line = append(append(line[:0], path...), ' ')
		h.Write(append(strconv.AppendInt(line, int64(len(data)), 10), '\n'))
		h.Write(data)
		return err
	})
	return uint64(h.Sum32()), err
}
