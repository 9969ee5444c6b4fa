package catalogue

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"sort"
)

// A snapshot is a loaded and checked catalogue in a binary form (gob) that
// loads about ten times faster than parsing the YAML again: the editor embeds
// one, made at build time, so that it starts without parsing its catalogue
// in WebAssembly. It records a checksum of the files it was made from and is
// refused when they have changed since, so a stale snapshot cannot pass for
// the catalogue.
type snapshot struct {
	Format     int
	Sum        uint64
	Kinds      map[string]*Kind
	Components map[string]*Component
	Rules      map[string]*Rule
	Providers  map[string]*Provider
	Categories map[string]*Category
}

const snapshotFormat = 1

// Snapshot encodes the catalogue, which was loaded from the files of src.
func (c *Catalogue) Snapshot(src fs.FS) ([]byte, error) {
	sum, err := sourceSum(src)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = gob.NewEncoder(&buf).Encode(snapshot{
		Format: snapshotFormat, Sum: sum,
		Kinds: c.Kinds, Components: c.Components, Rules: c.Rules, Providers: c.Providers, Categories: c.Categories,
	})
	return buf.Bytes(), err
}

// LoadSnapshot decodes a snapshot made from the files of src, refusing it
// when they have changed since.
func LoadSnapshot(data []byte, src fs.FS) (*Catalogue, error) {
	var s snapshot
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&s); err != nil {
		return nil, fmt.Errorf("catalogue snapshot: %w", err)
	}
	if s.Format != snapshotFormat {
		return nil, fmt.Errorf("catalogue snapshot: format %d, this version reads %d", s.Format, snapshotFormat)
	}
	sum, err := sourceSum(src)
	if err != nil {
		return nil, err
	}
	if sum != s.Sum {
		return nil, errors.New("catalogue snapshot: the catalogue files changed since it was made; make it again")
	}
	c := &Catalogue{Kinds: s.Kinds, Components: s.Components, Rules: s.Rules, Providers: s.Providers, Categories: s.Categories}
	for _, comp := range c.Components {
		comp.pin()
	}
	for _, r := range c.Rules {
		r.message, _ = splitTemplate(r.Message)
		r.property = r.Assert.firstProp()
	}
	c.index()
	for _, id := range sortedKeys(c.Rules) {
		c.register(c.Rules[id])
	}
	return c, nil
}

// UseSnapshot makes a snapshot of the embedded catalogue the one Default
// returns. It must be called before the first call of Default; it reports
// why it could not (and Default then parses the files).
func UseSnapshot(snap []byte) error {
	var err error
	used := false
	defaultOnce.Do(func() {
		defaultCat, err = LoadSnapshot(snap, data)
		if err == nil {
			used = true
			return
		}
		defaultCat, defaultErr = Load(Layer{Name: "catalogue", FS: data})
	})
	if err == nil && !used {
		err = errors.New("catalogue snapshot: the catalogue was loaded already")
	}
	return err
}

// sourceSum is a checksum of every file under src, names and contents.
func sourceSum(src fs.FS) (uint64, error) {
	var files []string
	err := fs.WalkDir(src, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return 0, err
	}
	sort.Strings(files)
	h := fnv.New64a()
	for _, f := range files {
		b, err := fs.ReadFile(src, f)
		if err != nil {
			return 0, err
		}
		fmt.Fprintf(h, "%s %d\n", f, len(b))
		h.Write(b)
	}
	return h.Sum64(), nil
}

// GobEncode writes a value for snapshots.
func (v Value) GobEncode() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte(byte(v.kind))
	switch v.kind {
	case stringValue:
		buf.WriteString(v.s)
	case intValue:
		fmt.Fprint(&buf, v.i)
	case boolValue:
		if v.b {
			buf.WriteByte(1)
		} else {
			buf.WriteByte(0)
		}
	}
	return buf.Bytes(), nil
}

// GobDecode reads a value written by GobEncode.
func (v *Value) GobDecode(b []byte) error {
	if len(b) == 0 {
		return errors.New("catalogue snapshot: empty value")
	}
	*v = Value{kind: valueKind(b[0])}
	rest := b[1:]
	switch v.kind {
	case noValue:
	case stringValue:
		v.s = string(rest)
	case intValue:
		if _, err := fmt.Sscan(string(rest), &v.i); err != nil {
			return err
		}
	case boolValue:
		v.b = len(rest) == 1 && rest[0] == 1
	default:
		return fmt.Errorf("catalogue snapshot: value kind %d", b[0])
	}
	return nil
}
