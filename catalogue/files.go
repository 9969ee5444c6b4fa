package catalogue

import (
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// Files is a catalogue layer held in memory: file paths ("components/x.yaml")
// to their text, as an embedding host sends them. It is a read-only fs.FS
// with the folders its paths imply.
type Files map[string]string

// Open opens a file or an implied folder.
func (f Files) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if text, ok := f[name]; ok {
		return &memFile{info: memInfo{name: path.Base(name), size: int64(len(text))}, r: strings.NewReader(text)}, nil
	}
	entries := f.entries(name)
	if entries == nil && name != "." {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &memDir{info: memInfo{name: path.Base(name), dir: true}, entries: entries}, nil
}

// entries lists what sits directly in folder dir, sorted by name, or nil
// when nothing does.
func (f Files) entries(dir string) []fs.DirEntry {
	prefix := dir + "/"
	if dir == "." {
		prefix = ""
	}
	seen := map[string]bool{}
	var out []fs.DirEntry
	for p, text := range f {
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok || !fs.ValidPath(p) {
			continue
		}
		name, _, isDir := strings.Cut(rest, "/")
		if seen[name] {
			continue
		}
		seen[name] = true
		info := memInfo{name: name, dir: isDir}
		if !isDir {
			info.size = int64(len(text))
		}
		out = append(out, fs.FileInfoToDirEntry(info))
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out
}

type memInfo struct {
	name string
	size int64
	dir  bool
}

func (i memInfo) Name() string { return i.name }
func (i memInfo) Size() int64  { return i.size }
func (i memInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return i.dir }
func (i memInfo) Sys() any           { return nil }

type memFile struct {
	info memInfo
	r    *strings.Reader
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Read(b []byte) (int, error) { return f.r.Read(b) }
func (f *memFile) Close() error               { return nil }

type memDir struct {
	info    memInfo
	entries []fs.DirEntry
	read    int
}

func (d *memDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *memDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: fs.ErrInvalid}
}
func (d *memDir) Close() error { return nil }

// ReadDir lists the folder, n entries at a time as fs.ReadDirFile says.
func (d *memDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.read:]
	if n <= 0 {
		d.read = len(d.entries)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	rest = rest[:min(n, len(rest))]
	d.read += len(rest)
	return rest, nil
}
