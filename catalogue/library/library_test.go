package library

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)

func names(entries []Entry) string {
	var out []string
	for _, e := range entries {
		out = append(out, e.Name)
	}
	return strings.Join(out, ", ")
}

// The library lists designs by last change, searches by name, keeps names
// unique, and keeps deleted designs in the trash for TrashDays.
func TestIndex(t *testing.T) {
	ix := &Index{}
	ix.Add(FirstID, "", t0)
	ix.Add("b", "Orders", t0.Add(time.Minute))
	ix.Add("c", "orders", t0.Add(2*time.Minute))
	ix.Add("d", "  Payments\n\tplatform ", t0.Add(3*time.Minute))
	if got := names(ix.Listed("", false)); got != "Payments platform, orders (2), Orders, Untitled design" {
		t.Errorf("listed: %s", got)
	}
	if got := names(ix.Listed("ORD", false)); got != "orders (2), Orders" {
		t.Errorf("searched: %s", got)
	}
	ix.Find("b").Changed = t0.Add(time.Hour)
	if ix.Latest().ID != "b" {
		t.Errorf("latest %s", ix.Latest().ID)
	}
	if err := ix.Rename("c", "Payments platform"); err != nil || ix.Find("c").Name != "Payments platform (2)" {
		t.Errorf("rename: %v %q", err, ix.Find("c").Name)
	}
	if err := ix.Rename("c", " \n "); err == nil {
		t.Error("an empty name was taken")
	}
	if err := ix.Rename("zz", "x"); err == nil {
		t.Error("renamed a design the library does not have")
	}
	ix.Delete("b", t0)
	ix.Delete("d", t0.Add(-31*24*time.Hour))
	ix.Find("d").Changed = t0.Add(-40 * 24 * time.Hour)
	if got := names(ix.Listed("", true)); got != "Orders, Payments platform" {
		t.Errorf("trash: %s", got)
	}
	ix.Add("e", "Orders", t0)
	if err := ix.Recover("b"); err != nil || ix.Find("b").Name != "Orders (2)" || ix.Find("b").InTrash() {
		t.Errorf("recover: %v %+v", err, ix.Find("b"))
	}
	gone := ix.Purge(t0)
	if len(gone) != 1 || gone[0].ID != "d" || ix.Find("d") != nil {
		t.Errorf("purged %+v", gone)
	}
	// Exactly 30 days in the trash: gone; changed in the trash since: kept
	// 30 days from the change.
	ix.Add("f", "F", t0)
	ix.Add("g", "G", t0)
	ix.Delete("f", t0)
	ix.Delete("g", t0)
	ix.Find("g").Changed = t0.Add(time.Hour)
	if gone := ix.Purge(t0.Add(TrashDays * 24 * time.Hour)); len(gone) != 1 || gone[0].ID != "f" {
		t.Errorf("at 30 days purged %+v", gone)
	}
	back, err := Parse(ix.Encode())
	if err != nil || back.Encode() != ix.Encode() {
		t.Errorf("round trip: %v\n%s\n%s", err, back.Encode(), ix.Encode())
	}
	for _, bad := range []string{"", "[1]", `{"designs":[{"id":"A B"}]}`, `{"designs":[{"id":"a"},{"id":"a"}]}`} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q was read", bad)
		}
	}
}

func TestNames(t *testing.T) {
	long := strings.Repeat("x", MaxNameLength)
	ix := &Index{}
	ix.Add("a", long, t0)
	if n := ix.UniqueName(long, ""); len([]rune(n)) > MaxNameLength || !strings.HasSuffix(n, " (2)") {
		t.Errorf("a long name made unique: %d characters, %q", len([]rune(n)), n[len(n)-8:])
	}
	for _, c := range []struct{ in, want string }{
		{"plain", "plain"},
		{"a\x00b\x1b[31m", "a b [31m"},
		{strings.Repeat("é", 300), strings.Repeat("é", MaxNameLength)},
	} {
		if got := CleanName(c.in); got != c.want {
			t.Errorf("CleanName(%q) = %q", c.in, got)
		}
	}
	if !ValidID(NewID()) || ValidID("") || ValidID("../x") || NewID() == NewID() {
		t.Error("ids")
	}
	if DesignKey(FirstID) != "designer.design" || DesignKey("abc") != "designer.design/abc" || ExitKey(FirstID) != "designer.design.exit" {
		t.Error("keys")
	}
	e := Entry{Errors: 2, Warnings: 1}
	if e.Problems() != "2 errors" || (&Entry{Warnings: 1}).Problems() != "1 warning" || (&Entry{}).Problems() != "no problems" {
		t.Error("problems")
	}
}

// Versions stay in order when the clock says otherwise, and thin out:
// every one of the last day, one a day for a month, one a week before,
// and the oldest past MaxHistoryBytes.
func TestHistoryThins(t *testing.T) {
	h := &History{}
	if a, b := h.Add(Version{At: t0}), h.Add(Version{At: t0.Add(-time.Hour)}); !b.At.After(a.At) {
		t.Errorf("out of order: %v %v", a.At, b.At)
	}
	h = &History{}
	start := t0.Add(-60 * 24 * time.Hour)
	for at := start; at.Before(t0); at = at.Add(6 * time.Hour) {
		h.Add(Version{At: at, Size: 100})
	}
	before := len(h.Versions)
	dropped := h.Thin(t0)
	if len(h.Versions)+len(dropped) != before {
		t.Fatalf("%d kept + %d dropped != %d", len(h.Versions), len(dropped), before)
	}
	days, weeks := map[string]int{}, map[string]int{}
	recent := 0
	for i, v := range h.Versions {
		if i > 0 && !v.At.After(h.Versions[i-1].At) {
			t.Fatal("not oldest first")
		}
		switch age := t0.Sub(v.At); {
		case age < 24*time.Hour:
			recent++
		case age < 31*24*time.Hour:
			days[v.At.Format(time.DateOnly)]++
		default:
			y, w := v.At.ISOWeek()
			weeks[fmt.Sprint(y, "-", w)]++
		}
	}
	if recent != 3 {
		t.Errorf("%d of the last day's 3 kept", recent)
	}
	for d, n := range days {
		if n != 1 {
			t.Errorf("%d versions kept of %s", n, d)
		}
	}
	// Of each day, the newest: the 18:00 one of the 6-hourly versions.
	for _, v := range h.Versions {
		// (Not the day whose later versions are within the last day.)
		if age := t0.Sub(v.At); age >= 30*time.Hour && age < 31*24*time.Hour && v.At.Hour() != 18 {
			t.Errorf("kept %v, not the day's newest", v.At)
		}
	}
	for w, n := range weeks {
		if n != 1 {
			t.Errorf("%d versions kept of week %q", n, w)
		}
	}
	if len(days) < 29 || len(weeks) < 3 {
		t.Errorf("%d days and %d weeks kept", len(days), len(weeks))
	}

	big := &History{}
	for i := range 5 {
		big.Add(Version{At: t0.Add(time.Duration(i) * time.Minute), Size: MaxHistoryBytes / 3})
	}
	if dropped := big.Thin(t0.Add(time.Hour)); len(dropped) != 2 || len(big.Versions) != 3 || big.Versions[2].At != t0.Add(4*time.Minute) {
		t.Errorf("over the quota: dropped %d, kept %d", len(dropped), len(big.Versions))
	}
	huge := &History{}
	huge.Add(Version{At: t0, Size: 2 * MaxHistoryBytes})
	if huge.Thin(t0); len(huge.Versions) != 1 {
		t.Error("the newest version was dropped")
	}
	if back, err := ParseHistory(big.Encode()); err != nil || back.Encode() != big.Encode() || back.Find(big.Versions[1].Stamp()) == nil {
		t.Errorf("round trip: %v", err)
	}
	if _, err := ParseHistory("{"); err == nil {
		t.Error("a damaged history was read")
	}
}
