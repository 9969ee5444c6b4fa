package importer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// idChars are the characters kebab keeps.
const idChars = "abcdefghijklmnopqrstuvwxyz0123456789"

// composeSharedPrefix is a Compose file of n services whose ids are 64
// characters, `a`×62 and two more, 40 services to each pair of two
// ("x", "x_", "x__", … all make the id "x"): every id past the first of
// its pair is clipped to the same 62 characters and numbered (the
// review's 4.2 MB at n = 49,000).
func composeSharedPrefix(n int) []byte {
	var b strings.Builder
	b.WriteString("services:\n")
	prefix := strings.Repeat("a", 62)
	for i := range n {
		pair := i / 40
		x, y := idChars[pair/len(idChars)%len(idChars)], idChars[pair%len(idChars)]
		fmt.Fprintf(&b, "  %s%c%c%s: {image: acme/a}\n", prefix, x, y, strings.Repeat("_", i%40))
	}
	return []byte(b.String())
}

// Ids of long names that share their first characters are numbered in
// one pass, not by a scan of every number taken before: 49,000 Compose
// services of 64-character ids sharing 62 took 10.5 s, 76 % of it in
// idSet.unique. Here the 1,296 ids `a`×62 and two more, each asked for
// three times: every number is clipped to the same stem.
func TestUniqueIDsOfASharedPrefixAreLinear(t *testing.T) {
	prefix := strings.Repeat("a", 62)
	ids := newIDSet()
	got := map[string]bool{}
	bytes := allocated(func() {
		for _, x := range idChars {
			for _, y := range idChars {
				for range 3 {
					id := ids.unique(prefix + string(x) + string(y))
					if got[id] || len(id) > catalogue.MaxIDLength || !catalogue.ValidID(id) {
						t.Fatalf("id %q twice or not an id", id)
					}
					got[id] = true
				}
			}
		}
	})
	if bytes > 16<<20 {
		t.Errorf("3,888 ids allocated %d MB", bytes>>20)
	}
}

// The review's Compose file, smaller: every service gets an id of its own.
func TestImportSharedPrefix(t *testing.T) {
	cat, m := loaded(t)
	res, err := Import(cat, m, Compose, []File{{Name: "f", Data: composeSharedPrefix(4000)}})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, n := range res.Design.Nodes {
		if ids[n.ID] || !catalogue.ValidID(n.ID) || len(n.ID) > catalogue.MaxIDLength {
			t.Fatalf("id %q twice or not an id", n.ID)
		}
		ids[n.ID] = true
	}
	if len(ids) != 4000 {
		t.Errorf("%d ids", len(ids))
	}
}

// idSet.unique hands out each id once, and the first number free after a
// clipped stem, whatever base it is asked for.
func TestUniqueIDs(t *testing.T) {
	long := strings.Repeat("a", 62)
	ids := newIDSet()
	for _, c := range []struct{ base, want string }{
		{"db", "db"},
		{"db", "db-2"},
		{"db", "db-3"},
		{long + "xy", long + "xy"},
		{long + "xy", long + "-2"},
		{long + "xz", long + "xz"},
		{long + "xz", long + "-3"},
		{long + "xy", long + "-4"},
	} {
		if got := ids.unique(c.base); got != c.want {
			t.Errorf("unique(%q) = %q, want %q", c.base, got, c.want)
		}
	}
}

// The review's file: 1,225 pairs of 40 services whose ids share 62
// characters (49,000 services, 4.2 MB).
func BenchmarkImportSharedPrefix(b *testing.B) {
	cat, m := loaded(b)
	for _, n := range []int{4000, 49000} {
		data := composeSharedPrefix(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Import(cat, m, Compose, []File{{Name: "f", Data: data}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
