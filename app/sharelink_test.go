package app

import (
	"net/url"
	"testing"
)

// A stray `%` in the address (a share link damaged on its way) is escaped,
// so that Go reads the address and the link reads back as it was; escapes
// stay as they are.
func TestEscapeStrayPercents(t *testing.T) {
	for _, c := range []struct{ in, want, fragment string }{
		{"http://h/#d=%%%", "http://h/#d=%25%25%25", "d=%%%"},
		{"http://h/#d=ab%2", "http://h/#d=ab%252", "d=ab%2"},
		{"http://h/?q=%zz#d=%41", "http://h/?q=%25zz#d=%41", "d=A"},
		{"http://h/#d=abc", "http://h/#d=abc", "d=abc"},
	} {
		got := escapeStrayPercents(c.in)
		if got != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
		u, err := url.Parse(got)
		if err != nil || u.Fragment != c.fragment {
			t.Errorf("%q reads as %v, %v; want the fragment %q", got, u, err, c.fragment)
		}
	}
}
