// Package library is the designs a browser keeps: the index of them (each
// design's name, when it last changed, its size and worst problem, the
// trash), their recorded versions and how those thin out, and the archive
// that backs them all up and reads back. It stores nothing itself: the
// editor keeps the index and the designs' text where the browser lets it,
// under the keys this package names.
package library

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// FirstID is the id of the design an editor kept before it had a library:
// it stays under the storage key it always had (see DesignKey).
const FirstID = "first"

// TrashDays is how long a deleted design is kept before it is gone.
const TrashDays = 30

// MaxNameLength bounds a design's name in the library.
const MaxNameLength = 200

// Index lists a browser's designs. Its JSON is what the editor keeps.
type Index struct {
	Designs []Entry `json:"designs"`
}

// Entry is one design of the library.
type Entry struct {
	// ID names the design in storage keys and in the editor's address
	// (/?design=ID): FirstID, or what NewID made.
	ID string `json:"id"`
	// Name is the library's name for it, which the user chooses; the
	// design's own name: field is its default.
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Changed time.Time `json:"changed"`
	// DesignID is the design's own id: field, by which an import that
	// would add the same design again is noticed.
	DesignID string `json:"designId,omitempty"`
	// Nodes, Errors and Warnings describe the design as last saved.
	Nodes    int `json:"nodes"`
	Errors   int `json:"errors,omitempty"`
	Warnings int `json:"warnings,omitempty"`
	// Deleted is when the design went to the trash; zero while it is in
	// the library.
	Deleted time.Time `json:"deleted,omitzero"`
}

// InTrash reports whether the design was deleted (and can be recovered).
func (e *Entry) InTrash() bool { return !e.Deleted.IsZero() }

// Problems words the design's worst problems: "2 errors", "1 warning" or
// "no problems".
func (e *Entry) Problems() string {
	switch {
	case e.Errors > 0:
		return Count(e.Errors, "error")
	case e.Warnings > 0:
		return Count(e.Warnings, "warning")
	}
	return "no problems"
}

// Count is n and a noun, in the plural when n is not 1.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// DesignKey is where a design's text is stored: the first design's key is
// the one the editor used before the library, so that it opens as it was.
func DesignKey(id string) string {
	if id == FirstID {
		return "designer.design"
	}
	return "designer.design/" + id
}

// ExitKey is where a design is kept at once as the page goes, in case the
// database's write does not finish (see the editor's flushOnExit).
func ExitKey(id string) string { return DesignKey(id) + ".exit" }

// UnreadableKey is where a saved design that no longer loads is kept aside.
func UnreadableKey(id string) string { return DesignKey(id) + ".unreadable" }

// NewID is a fresh design id: ten random lower-case letters and digits.
func NewID() string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 10)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// ValidID reports whether id could name a design: FirstID, or lower-case
// letters and digits (what NewID makes), 1 to 32 of them.
func ValidID(id string) bool {
	if len(id) == 0 || len(id) > 32 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// Parse reads an index the editor kept. Text that is not one (another
// program's, or damaged) is an error: the caller keeps it aside rather
// than write over it.
func Parse(text string) (*Index, error) {
	var ix Index
	if err := json.Unmarshal([]byte(text), &ix); err != nil {
		return nil, fmt.Errorf("the list of designs is damaged: %w", err)
	}
	seen := map[string]bool{}
	for _, e := range ix.Designs {
		if !ValidID(e.ID) || seen[e.ID] {
			return nil, fmt.Errorf("the list of designs is damaged: design id %q is not valid or not unique", e.ID)
		}
		seen[e.ID] = true
	}
	return &ix, nil
}

// Encode is the index as the editor keeps it.
func (ix *Index) Encode() string {
	b, _ := json.Marshal(ix)
	return string(b)
}

// Find is the design id names, or nil.
func (ix *Index) Find(id string) *Entry {
	for i := range ix.Designs {
		if ix.Designs[i].ID == id {
			return &ix.Designs[i]
		}
	}
	return nil
}

// Add puts a design in the library, under a name no other design in it
// has (name, else "name (2)", …), and returns it.
func (ix *Index) Add(id, name string, now time.Time) *Entry {
	ix.Designs = append(ix.Designs, Entry{ID: id, Name: ix.UniqueName(name, ""), Created: now, Changed: now})
	return &ix.Designs[len(ix.Designs)-1]
}

// UniqueName is name, trimmed (or "Untitled design" when empty), made
// unique among the library's designs other than except (the trash's do
// not count) by a " (2)", " (3)"…
func (ix *Index) UniqueName(name, except string) string {
	name = CleanName(name)
	if name == "" {
		name = "Untitled design"
	}
	taken := func(n string) bool {
		for _, e := range ix.Designs {
			if e.ID != except && !e.InTrash() && strings.EqualFold(e.Name, n) {
				return true
			}
		}
		return false
	}
	if !taken(name) {
		return name
	}
	for i := 2; ; i++ {
		suffix := fmt.Sprintf(" (%d)", i)
		base := name
		if r := []rune(base); len(r)+len(suffix) > MaxNameLength {
			base = strings.TrimSpace(string(r[:MaxNameLength-len(suffix)]))
		}
		if n := base + suffix; !taken(n) {
			return n
		}
	}
}

// CleanName is name on one line, without control characters, trimmed and
// at most MaxNameLength characters.
func CleanName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, name)
	name = strings.Join(strings.Fields(name), " ")
	if r := []rune(name); len(r) > MaxNameLength {
		name = strings.TrimSpace(string(r[:MaxNameLength]))
	}
	return name
}

// Rename gives a design a new name, made unique; an empty name is refused.
func (ix *Index) Rename(id, name string) error {
	e := ix.Find(id)
	if e == nil {
		return fmt.Errorf("no design %q in the library", id)
	}
	if CleanName(name) == "" {
		return fmt.Errorf("a design's name cannot be empty")
	}
	e.Name = ix.UniqueName(name, id)
	return nil
}

// Listed is the library's designs (in the trash or not, as trash says)
// whose name holds query (ignoring case; all of them for ""), the most
// recently changed first.
func (ix *Index) Listed(query string, trash bool) []Entry {
	query = strings.ToLower(strings.TrimSpace(query))
	var out []Entry
	for _, e := range ix.Designs {
		if e.InTrash() == trash && strings.Contains(strings.ToLower(e.Name), query) {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b Entry) int {
		if trash {
			return b.Deleted.Compare(a.Deleted)
		}
		return b.Changed.Compare(a.Changed)
	})
	return out
}

// Latest is the design most recently changed that is not in the trash,
// or nil when there is none.
func (ix *Index) Latest() *Entry {
	live := ix.Listed("", false)
	if len(live) == 0 {
		return nil
	}
	return ix.Find(live[0].ID)
}

// Delete moves a design to the trash.
func (ix *Index) Delete(id string, now time.Time) error {
	e := ix.Find(id)
	if e == nil {
		return fmt.Errorf("no design %q in the library", id)
	}
	if !e.InTrash() {
		e.Deleted = now
	}
	return nil
}

// Recover takes a design out of the trash, under a name no other design
// has taken meanwhile.
func (ix *Index) Recover(id string) error {
	e := ix.Find(id)
	if e == nil {
		return fmt.Errorf("no design %q in the library: it may have been in the trash for more than %d days", id, TrashDays)
	}
	e.Deleted = time.Time{}
	e.Name = ix.UniqueName(e.Name, id)
	return nil
}

// Purge takes out of the index the designs that have been in the trash,
// unchanged, for TrashDays, and returns them: their stored text and versions
// go too. (A design opened from the trash and changed stays its 30 days from
// that change: a tab may have it open.)
func (ix *Index) Purge(now time.Time) []Entry {
	var gone []Entry
	kept := ix.Designs[:0]
	for _, e := range ix.Designs {
		since := e.Deleted
		if e.Changed.After(since) {
			since = e.Changed
		}
		if e.InTrash() && now.Sub(since) >= TrashDays*24*time.Hour {
			gone = append(gone, e)
			continue
		}
		kept = append(kept, e)
	}
	ix.Designs = kept
	return gone
}

// WithDesignID is the design of the library (not in the trash) whose own
// id is designID, or nil; "" matches none.
func (ix *Index) WithDesignID(designID string) *Entry {
	if designID == "" {
		return nil
	}
	for i := range ix.Designs {
		if e := &ix.Designs[i]; !e.InTrash() && e.DesignID == designID {
			return e
		}
	}
	return nil
}
