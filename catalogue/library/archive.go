package library

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
)

// The archive is a zip file: ManifestName lists the designs (names, times,
// versions) and names the file of each, a design file any tool reads
// (designs/<name>.yaml, versions/<name>/<stamp>.yaml). Its manifest's
// format is schema/library.schema.json.
const (
	ManifestName = "library.json"
	// ArchiveType is the manifest's type.
	ArchiveType = "designs-archive"
	// ArchiveVersion is the manifest's schemaVersion.
	ArchiveVersion = "1"
	// MaxArchiveBytes bounds an archive file; MaxArchiveFiles the files
	// in it, and MaxArchiveText the text they inflate to.
	MaxArchiveBytes = 200 << 20
	MaxArchiveFiles = 20000
	MaxArchiveText  = 256 << 20
)

// Saved is a design with its text and its versions', as the archive
// carries it.
type Saved struct {
	Entry    Entry
	Text     string
	Versions []SavedVersion
}

// SavedVersion is a version with its text.
type SavedVersion struct {
	Version
	Text string
}

type manifest struct {
	SchemaVersion string           `json:"schemaVersion"`
	Type          string           `json:"type"`
	Exported      time.Time        `json:"exported"`
	Designs       []manifestDesign `json:"designs"`
}

type manifestDesign struct {
	ID       string            `json:"id"`
	Name     string            `json:"name"`
	Created  time.Time         `json:"created"`
	Changed  time.Time         `json:"changed"`
	DesignID string            `json:"designId,omitempty"`
	File     string            `json:"file"`
	Versions []manifestVersion `json:"versions,omitempty"`
}

type manifestVersion struct {
	Version
	File string `json:"file"`
}

// WriteArchive writes designs as an archive, dated now. An archive that
// ReadArchive would refuse (more files, more text, a larger design or a
// larger file than it reads) is not written: the error says how much there
// is, the limit and what to do, and w may hold part of an archive.
func WriteArchive(w io.Writer, designs []Saved, now time.Time) error {
	return writeArchive(w, designs, now, defaultArchiveLimits())
}

// maxManifestBytes bounds the manifest's text, which the archive's text
// counts too.
const maxManifestBytes = 16 << 20

func writeArchive(w io.Writer, designs []Saved, now time.Time, limits archiveLimits) error {
	// The files first, named, and the manifest: the limits are checked
	// before anything is written.
	type file struct{ name, text string }
	var files []file
	m := manifest{SchemaVersion: ArchiveVersion, Type: ArchiveType, Exported: now.UTC().Truncate(time.Second)}
	taken := map[string]bool{ManifestName: true}
	for _, d := range designs {
		base := fileName(d.Entry.Name)
		for i := 2; taken["designs/"+base+".yaml"]; i++ {
			base = fmt.Sprintf("%s-%d", fileName(d.Entry.Name), i)
		}
		md := manifestDesign{ID: d.Entry.ID, Name: d.Entry.Name, Created: d.Entry.Created, Changed: d.Entry.Changed,
			DesignID: d.Entry.DesignID, File: "designs/" + base + ".yaml"}
		taken[md.File] = true
		files = append(files, file{md.File, d.Text})
		for _, v := range d.Versions {
			// Two versions of one millisecond (from two tabs) get two files.
			name := "versions/" + base + "/" + v.Stamp()
			for i := 2; taken[name+".yaml"]; i++ {
				name = fmt.Sprintf("versions/%s/%s-%d", base, v.Stamp(), i)
			}
			mv := manifestVersion{Version: v.Version, File: name + ".yaml"}
			taken[mv.File] = true
			files = append(files, file{mv.File, v.Text})
			md.Versions = append(md.Versions, mv)
		}
		m.Designs = append(m.Designs, md)
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	files = append(files, file{ManifestName, string(b) + "\n"})
	if err := withinLimits(designs, len(files), len(b)+1, limits); err != nil {
		return err
	}
	z := zip.NewWriter(&limitedWriter{w: w, left: limits.bytes})
	for _, f := range files {
		fw, err := z.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: now})
		if err == nil {
			_, err = io.WriteString(fw, f.text)
		}
		if err != nil {
			return archiveBytesError(err, designs, limits)
		}
	}
	return archiveBytesError(z.Close(), designs, limits)
}

// withinLimits says why designs, as files files with a manifest of
// manifest bytes, would be an archive the reader refuses, or nil.
func withinLimits(designs []Saved, files, manifest int, limits archiveLimits) error {
	const refused = "Import designs archive reads no more"
	if files > limits.files {
		versions := 0
		for _, d := range designs {
			versions += len(d.Versions)
		}
		return fmt.Errorf("the archive would hold %s (%s, %s and the list of them); an archive holds at most %d (%s): export some designs as files, or remove old versions, and export the rest",
			Count(files, "file"), Count(len(designs), "design"), Count(versions, "version"), limits.files, refused)
	}
	for _, d := range designs {
		if len(d.Text) > limits.design {
			return fmt.Errorf("%q is %s; a design in an archive is at most %s (%s): export it as a file instead, or make it smaller",
				d.Entry.Name, sizeOf(len(d.Text)), sizeOf(limits.design), refused)
		}
		for _, v := range d.Versions {
			if len(v.Text) > limits.design {
				return fmt.Errorf("the version of %s of %q is %s; a design in an archive is at most %s (%s): remove that version, or export the design as a file",
					v.At.UTC().Format("2006-01-02 15:04:05 MST"), d.Entry.Name, sizeOf(len(v.Text)), sizeOf(limits.design), refused)
			}
		}
	}
	if manifest > maxManifestBytes {
		return fmt.Errorf("the archive's list of designs and versions would be %s; it is at most %s (%s): export fewer designs, or remove old versions",
			sizeOf(manifest), sizeOf(maxManifestBytes), refused)
	}
	text := manifest
	for _, d := range designs {
		text += savedSize(d)
	}
	if text > limits.text {
		return fmt.Errorf("the designs and their versions are %s of text; an archive holds at most %s, the list of them included (%s): export the largest designs as files, or remove old versions (%s)",
			sizeOf(text), sizeOf(limits.text), refused, largest(designs))
	}
	return nil
}

// archiveBytesError is err, said as the archive's size when it is
// limitedWriter's.
func archiveBytesError(err error, designs []Saved, limits archiveLimits) error {
	if errors.Is(err, errArchiveBytes) {
		return fmt.Errorf("the archive would be more than %s, more than what Import designs archive reads: export the largest designs as files, or remove old versions (%s)",
			sizeOf(limits.bytes), largest(designs))
	}
	return err
}

// errArchiveBytes is limitedWriter's refusal.
var errArchiveBytes = errors.New("the archive is over its size")

// limitedWriter writes to w until left bytes are written, then refuses.
type limitedWriter struct {
	w    io.Writer
	left int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if len(p) > l.left {
		return 0, errArchiveBytes
	}
	l.left -= len(p)
	return l.w.Write(p)
}

// savedSize is a design's text and its versions'.
func savedSize(d Saved) int {
	n := len(d.Text)
	for _, v := range d.Versions {
		n += len(v.Text)
	}
	return n
}

// largest names the design of designs with the most text, its versions'
// included.
func largest(designs []Saved) string {
	if len(designs) == 0 {
		return "no designs"
	}
	top := designs[0]
	for _, d := range designs[1:] {
		if savedSize(d) > savedSize(top) {
			top = d
		}
	}
	return fmt.Sprintf("the largest is %q, %s with its %s", top.Entry.Name, sizeOf(savedSize(top)), Count(len(top.Versions), "version"))
}

// sizeOf is n bytes, in MiB too from one.
func sizeOf(n int) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%d bytes (%.1f MiB)", n, float64(n)/(1<<20))
}

// Slug lower-cases s and turns every run of characters other than ASCII
// letters and digits into one hyphen, trimmed at both ends: a name made fit
// for a file's.
func Slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// fileName is name as a file name: its Slug, at most 60 characters, or
// "design".
func fileName(name string) string {
	s := Slug(name)
	if len(s) > 60 {
		s = strings.Trim(s[:60], "-")
	}
	if s == "" {
		return "design"
	}
	return s
}

// ReadArchive reads an archive WriteArchive wrote (name is the file's, for
// errors): every design and version with its text, in the manifest's
// order. Anything amiss (not a zip, no or a damaged manifest, a file it
// names missing, named more or fewer times than the zip holds it, too
// large or not text) refuses the whole archive, with
// every problem found; the designs' text is not checked against the
// catalogue here.
func ReadArchive(name string, data []byte) ([]Saved, error) {
	return readArchive(name, data, defaultArchiveLimits())
}

// archiveLimits are what an archive may hold (tests make them small):
// readArchive refuses, and writeArchive does not write, more.
type archiveLimits struct {
	bytes, files, text, design int
}

func defaultArchiveLimits() archiveLimits {
	return archiveLimits{bytes: MaxArchiveBytes, files: MaxArchiveFiles, text: MaxArchiveText, design: catalogue.MaxDesignBytes}
}

func readArchive(name string, data []byte, limits archiveLimits) ([]Saved, error) {
	fail := func(file string, line, col int, code diag.Code, format string, args ...any) error {
		return catalogue.ErrorList{{Pos: catalogue.Pos{File: joinName(name, file), Line: line, Column: col}, Code: code, Msg: fmt.Sprintf(format, args...)}}
	}
	if len(data) > limits.bytes {
		return nil, fail("", 0, 0, diag.CodeTooLarge, "the archive is %d bytes; archives are limited to %d bytes", len(data), limits.bytes)
	}
	// Counted before zip.NewReader, which makes a File of every entry.
	if stated, walked, ok := zipEntries(data, limits.files); ok {
		switch {
		case stated > uint64(limits.files):
			return nil, fail("", 0, 0, diag.CodeTooLarge, "the archive holds %d files; archives are limited to %d", stated, limits.files)
		case walked > limits.files:
			return nil, fail("", 0, 0, diag.CodeTooLarge, "the archive holds more than %d files (its end record says %d); archives are limited to %d", limits.files, stated, limits.files)
		}
	}
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fail("", 0, 0, diag.CodeArchive, "not a designs archive (a zip file that Export all designs wrote): %v", err)
	}
	if len(z.File) > limits.files {
		return nil, fail("", 0, 0, diag.CodeTooLarge, "the archive holds %d files; archives are limited to %d", len(z.File), limits.files)
	}
	files, err := byName(name, z.File)
	if err != nil {
		return nil, err
	}
	// What the text of the files read adds up to. A file is charged the
	// size its header states before it is inflated: archive/zip refuses
	// one that inflates to more or less, so what is charged is what is
	// read, and memory for it is taken once.
	budget := uint64(limits.text)
	buf := make([]byte, 32<<10)
	read := func(file string, f *zip.File, limit int64) (string, error) {
		if f == nil {
			return "", fail(file, 0, 0, diag.CodeArchive, "the manifest names %s, which the archive does not hold", file)
		}
		size := f.UncompressedSize64
		switch {
		case size > uint64(limit):
			return "", fail(file, 0, 0, diag.CodeTooLarge, "inflates to %d bytes, more than the %d it may hold (an archive holds %d bytes a design, %d in all)", size, limit, limits.design, limits.text)
		case size > budget:
			return "", fail(file, 0, 0, diag.CodeTooLarge, "inflates to %d bytes, more than the %d left of the %d bytes of text the archive may hold in all", size, budget, limits.text)
		}
		budget -= size
		r, err := f.Open()
		if err != nil {
			return "", fail(file, 0, 0, diag.CodeArchive, "cannot be read: %v", err)
		}
		defer r.Close()
		var text strings.Builder
		text.Grow(int(size))
		if _, err := io.CopyBuffer(&text, r, buf); err != nil {
			return "", fail(file, 0, 0, diag.CodeArchive, "cannot be read: %v", err)
		}
		if !utf8.ValidString(text.String()) {
			return "", fail(file, 0, 0, diag.CodeNotUTF8, "is not UTF-8 text")
		}
		return text.String(), nil
	}
	var manifestFile *zip.File
	if list := files[ManifestName]; len(list) > 0 {
		manifestFile = list[0]
	}
	text, err := read(ManifestName, manifestFile, maxManifestBytes)
	if err != nil {
		if manifestFile == nil {
			return nil, fail("", 0, 0, diag.CodeArchive, "not a designs archive: it has no %s (Export all designs writes one)", ManifestName)
		}
		return nil, err
	}
	var m manifest
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		line, col := 1, 1
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line, col = lineCol(text, se.Offset-1) // the offset is past the character
		case errors.As(err, &te):
			line, col = lineCol(text, valueStart(text, te.Offset))
		}
		return nil, fail(ManifestName, line, col, diag.CodeArchive, "the manifest is damaged: %v", err)
	}
	if m.Type != ArchiveType {
		return nil, fail(ManifestName, 1, 1, diag.CodeWrongFileType, "type is %q; a designs archive's is %q", m.Type, ArchiveType)
	}
	if m.SchemaVersion != ArchiveVersion {
		return nil, fail(ManifestName, 1, 1, diag.CodeUnsupportedVer, "schemaVersion %q is not one this editor reads; it reads %q", m.SchemaVersion, ArchiveVersion)
	}
	entries, problems := entriesOf(name, m.Designs, files)
	if len(problems) > 0 {
		return nil, problems
	}
	var out []Saved
	seen := map[string]bool{}
	note := func(err error) {
		if list, ok := err.(catalogue.ErrorList); ok {
			problems = append(problems, list...)
		}
	}
	for i, md := range m.Designs {
		if !ValidID(md.ID) || CleanName(md.Name) == "" {
			problems = append(problems, &catalogue.Error{Pos: catalogue.Pos{File: joinName(name, ManifestName)}, Code: diag.CodeArchive,
				Path: fmt.Sprintf("designs[%d]", i), Msg: fmt.Sprintf("designs[%d]: needs an id of lower-case letters and digits and a name", i)})
			continue
		}
		if seen[md.ID] {
			problems = append(problems, &catalogue.Error{Pos: catalogue.Pos{File: joinName(name, ManifestName)}, Code: diag.CodeArchive,
				Path: fmt.Sprintf("designs[%d].id", i), Msg: fmt.Sprintf("designs[%d].id: %q is the id of an earlier design; each design's id is its own", i, md.ID)})
			continue
		}
		seen[md.ID] = true
		t, err := read(path.Clean(md.File), entries[i][0], int64(limits.design))
		if err != nil {
			note(err)
			continue
		}
		s := Saved{Entry: Entry{ID: md.ID, Name: CleanName(md.Name), Created: md.Created, Changed: md.Changed, DesignID: md.DesignID}, Text: t}
		for j, mv := range md.Versions {
			vt, err := read(path.Clean(mv.File), entries[i][1+j], int64(limits.design))
			if err != nil {
				note(err)
				continue
			}
			v := mv.Version
			v.Size = len(vt) // what the history's quota counts, whatever the manifest says
			s.Versions = append(s.Versions, SavedVersion{Version: v, Text: vt})
		}
		out = append(out, s)
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return out, nil
}

// byName is the archive's entries by name, in the zip's order, or a
// refusal of two manifests: which one is meant cannot be told. Other names
// may be held more than once (the previous release wrote two versions of
// one millisecond under one name): see entriesOf.
func byName(archive string, list []*zip.File) (map[string][]*zip.File, error) {
	files := make(map[string][]*zip.File, len(list))
	for _, f := range list {
		files[f.Name] = append(files[f.Name], f)
	}
	if n := len(files[ManifestName]); n > 1 {
		return nil, catalogue.ErrorList{{Pos: catalogue.Pos{File: joinName(archive, ManifestName)}, Code: diag.CodeArchive,
			Msg: fmt.Sprintf("the archive holds %d files named %s; Export all designs writes one, and which one is meant cannot be told", n, ManifestName)}}
	}
	return files, nil
}

// entriesOf matches the files the manifest names to the archive's entries:
// entriesOf[i][0] is design i's, entriesOf[i][1+j] its version j's, nil
// where the archive holds no entry of that name (read says so). The
// manifest's mentions of a name take that name's entries in order, as the
// previous release wrote them, each entry once: a name mentioned more
// times than it is held, or the manifest's own, is refused (a file read
// again for each mention would let a 142 KB archive naming one 10 MiB
// design 50 times be 500 MiB of text), and so is an entry held more times
// than it is mentioned, which no writer makes.
func entriesOf(archive string, designs []manifestDesign, files map[string][]*zip.File) ([][]*zip.File, catalogue.ErrorList) {
	taken := map[string][]string{} // who took each name's entries, in order
	var problems catalogue.ErrorList
	refuse := func(by, msg string) {
		problems = append(problems, &catalogue.Error{Pos: catalogue.Pos{File: joinName(archive, ManifestName)}, Code: diag.CodeArchive,
			Path: by + ".file", Msg: by + ".file: " + msg})
	}
	take := func(file, by string) *zip.File {
		clean := path.Clean(file)
		held := files[clean]
		switch {
		case clean == ManifestName:
			refuse(by, fmt.Sprintf("%s is the file of the manifest; each design and each version has a file of its own", file))
			return nil
		case len(held) == 0:
			return nil
		case len(taken[clean]) == len(held):
			refuse(by, fmt.Sprintf("the manifest names %s more times than the archive holds it: the archive holds %s of that name, taken by %s; each design and each version has a file of its own",
				file, Count(len(held), "file"), strings.Join(taken[clean], ", ")))
			return nil
		}
		taken[clean] = append(taken[clean], by)
		return held[len(taken[clean])-1]
	}
	entries := make([][]*zip.File, len(designs))
	for i, md := range designs {
		entries[i] = make([]*zip.File, 1+len(md.Versions))
		entries[i][0] = take(md.File, fmt.Sprintf("designs[%d]", i))
		for j, mv := range md.Versions {
			entries[i][1+j] = take(mv.File, fmt.Sprintf("designs[%d].versions[%d]", i, j))
		}
	}
	var extra []string
	for file, held := range files {
		if len(held) > 1 && len(taken[file]) < len(held) {
			extra = append(extra, file)
		}
	}
	slices.Sort(extra)
	for _, file := range extra {
		problems = append(problems, &catalogue.Error{Pos: catalogue.Pos{File: joinName(archive, file)}, Code: diag.CodeArchive,
			Msg: fmt.Sprintf("the archive holds %d files named %s, and the manifest names it %s; Export all designs writes a file for each time it names one, and which one is meant cannot be told",
				len(files[file]), file, times(len(taken[file])))})
	}
	return entries, problems
}

// times is n as a count of mentions: "once", "2 times", "no times".
func times(n int) string {
	switch n {
	case 0:
		return "no times"
	case 1:
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

func joinName(archive, file string) string {
	if file == "" {
		return archive
	}
	return archive + ":" + file
}

// valueStart is where the JSON value that ends at offset starts: a type
// error's offset is past its value.
func valueStart(text string, offset int64) int64 {
	i := min(max(offset, 0), int64(len(text)))
	if i > 0 && text[i-1] == '"' {
		// A string: back to its opening quote, past escaped ones.
		for j := i - 2; j >= 0; j-- {
			if text[j] == '"' {
				k := j - 1
				for k >= 0 && text[k] == '\\' {
					k--
				}
				if (j-1-k)%2 == 0 {
					return j
				}
			}
		}
		return 0
	}
	for i > 0 && !strings.ContainsRune(" \t\r\n:,[{", rune(text[i-1])) {
		i--
	}
	return i
}

// lineCol is the line and column (from 1, in characters) of a byte offset
// of text.
func lineCol(text string, offset int64) (int, int) {
	offset = min(max(offset, 0), int64(len(text)))
	before := text[:offset]
	line := strings.Count(before, "\n") + 1
	col := utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:]) + 1
	return line, col
}
