package yamlout

import (
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

func TestStringReadsBack(t *testing.T) {
	for _, s := range []string{
		"", "plain", `quote " and \ backslash`, "tab\tnew\nline\r", "\x00\x01\x1b\x7f",
		"é ü 日本語 🎉", "\u0085 \u2028 \u2029", "\ufeffbom", "nbsp\u00a0", "yes", "null", "1e3", "- x", "#", ": x",
		"\ue000 private \ufffd", "\U0010ffff",
	} {
		checkReadsBack(t, s)
	}
}

func FuzzString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\x00", "🎉", "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if utf8.ValidString(s) {
			checkReadsBack(t, s)
		}
	})
}

func checkReadsBack(t *testing.T, s string) {
	t.Helper()
	out := String(nil, s)
	var got struct{ V string }
	if err := yaml.Unmarshal(append([]byte("v: "), out...), &got); err != nil {
		t.Fatalf("%q written as %s: %v", s, out, err)
	}
	if got.V != s {
		t.Errorf("%q written as %s reads back as %q", s, out, got.V)
	}
}

func TestNumber(t *testing.T) {
	tenth := 0.1
	for _, tc := range []struct {
		f    float64
		want string
	}{{120, "120"}, {40.5, "40.5"}, {-10, "-10"}, {tenth + 0.2, "0.30000000000000004"}, {1e15, "1000000000000000"}} {
		if got := string(Number(nil, tc.f)); got != tc.want {
			t.Errorf("Number(%v) = %s, want %s", tc.f, got, tc.want)
		}
	}
}

func TestKey(t *testing.T) {
	for key, want := range map[string]string{
		"acks": "acks", "replicationFactor": "replicationFactor", "on": `"on"`, "Yes": `"Yes"`,
		"a b": `"a b"`, "": `""`, "1x": `"1x"`, "x-y": `"x-y"`,
	} {
		if got := string(Key(nil, key)); got != want {
			t.Errorf("Key(%q) = %s, want %s", key, got, want)
		}
	}
}
