package catalogue

import (
	"strings"
	"testing"
	"testing/fstest"
)

// A kind that distributes says so with its documentation; the loader reads
// it, and refuses one without a link, with a link that is not https, or
// with a key it does not know, at its position.
func TestKindDistributes(t *testing.T) {
	withDistributes := func(body string) fstest.MapFS {
		files := baseFiles()
		src := string(files["kinds/queue.yaml"].Data)
		src = strings.Replace(src, "properties:\n", body+"properties:\n", 1)
		files["kinds/queue.yaml"] = &fstest.MapFile{Data: []byte(src)}
		return files
	}
	c, err := Load(Layer{Name: "cat", FS: withDistributes("distributes:\n  docs: \"https://example.org/lb\"\n  note: \"spreads requests over healthy targets\"\n")})
	if err != nil {
		t.Fatal(err)
	}
	got := c.Kinds["queue"].Distributes
	if got == nil || got.Docs != "https://example.org/lb" || got.Note != "spreads requests over healthy targets" {
		t.Fatalf("Distributes = %+v", got)
	}
	if base, _ := Load(Layer{Name: "cat", FS: baseFiles()}); base.Kinds["queue"].Distributes != nil {
		t.Error("a kind that does not say it distributes does")
	}
	cases := []struct {
		name, body, want string
	}{
		{"no docs", "distributes:\n  note: \"x\"\n", "cat/kinds/queue.yaml:7:3: distributes: `docs` is required: the official page that says the kind spreads a flow over healthy targets"},
		{"docs not https", "distributes:\n  docs: \"example.org\"\n", "cat/kinds/queue.yaml:7:9: distributes.docs: \"example.org\" is not an absolute https URL to the official documentation"},
		{"unknown key", "distributes:\n  docs: \"https://example.org/lb\"\n  when: \"always\"\n", "cat/kinds/queue.yaml:8:3: distributes: unknown key `when` (allowed: docs, note)"},
		{"not a mapping", "distributes: true\n", "cat/kinds/queue.yaml:6:14: distributes: expected a mapping, found the boolean true"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(Layer{Name: "cat", FS: withDistributes(tc.body)})
			if err == nil {
				t.Fatal("loaded without error")
			}
			if got := strings.Join(err.(ErrorList).Lines(), "\n"); got != tc.want {
				t.Errorf("errors:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// The embedded catalogue says the load balancer distributes, with its docs.
func TestEmbeddedKindsThatDistribute(t *testing.T) {
	c, err := LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, id := range c.KindIDs() {
		if k := c.Kinds[id]; k.Distributes != nil {
			if !strings.HasPrefix(k.Distributes.Docs, "https://") {
				t.Errorf("%s: distributes.docs %q", id, k.Distributes.Docs)
			}
			got = append(got, id)
		}
	}
	if strings.Join(got, " ") != "load-balancer" {
		t.Errorf("kinds that distribute: %v, want [load-balancer]", got)
	}
}
