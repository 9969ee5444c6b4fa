package library

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// EditInterval is how often a version is recorded while a design is being
// edited: at most once in this long.
const EditInterval = 5 * time.Minute

// MaxHistoryBytes bounds the text of a design's versions, 20 MB: past it,
// the oldest versions go (the history panel says so, with the total).
const MaxHistoryBytes = 20_000_000

// Why a version was recorded.
const (
	WhyImport  = "imported"
	WhyExport  = "exported"
	WhyEdit    = "edited"
	WhyRestore = "before restoring an older version"
	WhyReplace = "before an import replaced it"
)

// Version is a recorded state of a design; its text is stored under
// VersionKey.
type Version struct {
	At  time.Time `json:"at"`
	Why string    `json:"why"`
	// Nodes is the design's node count, Size its text's length in bytes.
	Nodes int `json:"nodes"`
	Size  int `json:"size"`
	// Summary says in a line what changed since the version before.
	Summary string `json:"summary"`
}

// Stamp is the version's name in keys and addresses: its time in
// milliseconds since 1970.
func (v Version) Stamp() string { return strconv.FormatInt(v.At.UnixMilli(), 10) }

// History is a design's versions, oldest first, kept as JSON under
// HistoryKey.
type History struct {
	Versions []Version `json:"versions"`
}

// HistoryKey is where a design's list of versions is stored.
func HistoryKey(id string) string { return "designer.history/" + id }

// VersionKey is where the text of a design's version stamped stamp is
// stored.
func VersionKey(id, stamp string) string { return "designer.version/" + id + "/" + stamp }

// ParseHistory reads a history the editor kept ("" is an empty one).
func ParseHistory(text string) (*History, error) {
	var h History
	if text == "" {
		return &h, nil
	}
	if err := json.Unmarshal([]byte(text), &h); err != nil {
		return nil, fmt.Errorf("the design's history is damaged: %w", err)
	}
	return &h, nil
}

// Encode is the history as the editor keeps it.
func (h *History) Encode() string {
	b, _ := json.Marshal(h)
	return string(b)
}

// Last is the newest version, or nil.
func (h *History) Last() *Version {
	if len(h.Versions) == 0 {
		return nil
	}
	return &h.Versions[len(h.Versions)-1]
}

// Find is the version stamped stamp, or nil.
func (h *History) Find(stamp string) *Version {
	for i := range h.Versions {
		if h.Versions[i].Stamp() == stamp {
			return &h.Versions[i]
		}
	}
	return nil
}

// Add records v, after the newest version even when the clock says
// otherwise (two versions in one millisecond, a clock set back), and
// returns it as recorded.
func (h *History) Add(v Version) Version {
	v.At = v.At.Truncate(time.Millisecond)
	if last := h.Last(); last != nil && !v.At.After(last.At) {
		v.At = last.At.Add(time.Millisecond)
	}
	h.Versions = append(h.Versions, v)
	return v
}

// Bytes is the text the versions hold.
func (h *History) Bytes() int {
	n := 0
	for _, v := range h.Versions {
		n += v.Size
	}
	return n
}

// Thin drops the versions the history no longer keeps at now, and returns
// them (their text is to be removed): every version of the last day stays;
// of the 30 days before, the newest of each day; before that, the newest of
// each week; and then, oldest first, what passes MaxHistoryBytes (the
// newest version always stays).
func (h *History) Thin(now time.Time) []Version {
	var kept, dropped []Version
	seen := map[string]bool{}
	// Newest first, so that the first of a day or a week seen is kept.
	for i := len(h.Versions) - 1; i >= 0; i-- {
		v := h.Versions[i]
		age := now.Sub(v.At)
		var bucket string
		switch {
		case age < 24*time.Hour:
		case age < 31*24*time.Hour:
			bucket = "day " + v.At.UTC().Format(time.DateOnly)
		default:
			y, w := v.At.UTC().ISOWeek()
			bucket = fmt.Sprintf("week %d-%d", y, w)
		}
		if bucket != "" && seen[bucket] {
			dropped = append(dropped, v)
			continue
		}
		seen[bucket] = bucket != ""
		kept = append(kept, v)
	}
	total := 0
	for i, v := range kept {
		total += v.Size
		if i > 0 && total > MaxHistoryBytes {
			dropped = append(dropped, kept[i:]...)
			kept = kept[:i]
			break
		}
	}
	h.Versions = h.Versions[:0]
	for i := len(kept) - 1; i >= 0; i-- {
		h.Versions = append(h.Versions, kept[i])
	}
	return dropped
}
