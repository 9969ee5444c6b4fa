package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/examples"
)

// Every example goes through a link and back unchanged, well under the
// limit, in the characters a URL fragment takes as they are.
func TestRoundTrip(t *testing.T) {
	for _, ex := range examples.All() {
		frag, err := Encode(ex.Data)
		if err != nil {
			t.Fatalf("%s: %v", ex.File, err)
		}
		if strings.Trim(frag[len(Prefix):], "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			t.Errorf("%s: a character a fragment would escape", ex.File)
		}
		back, err := Decode(frag)
		if err != nil || !bytes.Equal(back, ex.Data) {
			t.Errorf("%s: %v", ex.File, err)
		}
		if len(frag) > 8<<10 {
			t.Errorf("%s: %d characters", ex.File, len(frag))
		}
	}
}

// deflated is data deflated, as a fragment, with extra bytes after it.
func deflated(data []byte, extra string) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestSpeed)
	w.Write(data)
	w.Close()
	return Prefix + base64.RawURLEncoding.EncodeToString(append(b.Bytes(), extra...))
}

func TestRefused(t *testing.T) {
	// 1 MB of random-looking text does not deflate under the limit.
	var noisy strings.Builder
	x := uint32(1)
	for noisy.Len() < 1<<20 {
		x = x*1664525 + 1013904223
		noisy.WriteByte(byte('a' + x>>24%26))
	}
	good := deflated([]byte("nodes: []\n"), "")
	cases := []struct {
		name, fragment string
		code           diag.Code
		msg            string
	}{
		{"not a share link", "section-2", diag.CodeShareLink, `does not start with "d="`},
		{"not base64url", "d=ab$cd", diag.CodeShareLink, "the link is damaged: character 3 after \"d=\" is not one a share link is made of"},
		{"cut at a length no text has", "d=abcde", diag.CodeShareLink, "the link is cut short"},
		{"padded base64", "d=" + base64.URLEncoding.EncodeToString([]byte("x")), diag.CodeShareLink, "the link is damaged"},
		{"not deflate", "d=" + base64.RawURLEncoding.EncodeToString([]byte("plain text, not deflated")), diag.CodeShareLink, "the link is"},
		{"cut short", good[:len(good)-4], diag.CodeShareLink, "cut short"},
		{"bytes after the design", deflated([]byte("nodes: []\n"), "more"), diag.CodeShareLink, "4 bytes after its design"},
		{"too long a fragment", "d=" + strings.Repeat("A", MaxFragment), diag.CodeTooLarge, "over the 32 KB"},
		{"a bomb", deflated(bytes.Repeat([]byte("a"), catalogue.MaxDesignBytes+10), ""), diag.CodeTooLarge, "more than a shared design may"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.fragment)
			ce, ok := err.(*catalogue.Error)
			if !ok || ce.Code != tc.code || !strings.Contains(ce.Msg, tc.msg) || ce.Pos.File != Name {
				t.Errorf("Decode: %v, want %s %q", err, tc.code, tc.msg)
			}
		})
	}
	if _, err := Encode([]byte(noisy.String())); err == nil || !strings.Contains(err.Error(), "export the design as a file") {
		t.Errorf("Encode of a design too large for a link: %v", err)
	}
}

// Nothing a link can hold makes Decode panic or return more than a design
// may be.
func FuzzDecode(f *testing.F) {
	f.Add(deflated([]byte("nodes: []\n"), ""))
	f.Add("d=")
	f.Add("d=____")
	f.Fuzz(func(t *testing.T, fragment string) {
		data, err := Decode(fragment)
		if err == nil && len(data) > MaxDesign {
			t.Fatalf("%d bytes", len(data))
		}
	})
}
