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
	c, err = Load(Layer{Name: "cat", FS: withDistributes("distributes:\n  docs: \"https://example.org/lb\"\n  when: {fifo: true, delivery: [at-most-once, at-least-once]}\n")})
	if err != nil {
		t.Fatal(err)
	}
	dist := c.Kinds["queue"].Distributes
	settings := map[string]Value{"fifo": BoolValue(true), "delivery": StringValue("at-most-once")}
	get := func(name string) Value { return settings[name] }
	if len(dist.When) != 2 || dist.When[0].Property != "delivery" || len(dist.When[0].Values) != 2 || !dist.Holds(get) {
		t.Errorf("When = %+v, holds %v", dist.When, dist.Holds(get))
	}
	if settings["fifo"] = BoolValue(false); dist.Holds(get) {
		t.Error("holds with fifo false")
	}
	cases := []struct {
		name, body, want string
	}{
		{"when names no property", "distributes:\n  docs: \"https://example.org/lb\"\n  when: {fifoo: true}\n", "cat/kinds/queue.yaml:8:10: distributes.when: kind queue has no property `fifoo`; did you mean `fifo`?"},
		{"when's value is not the property's", "distributes:\n  docs: \"https://example.org/lb\"\n  when: {delivery: [exactly-once]}\n", "cat/kinds/queue.yaml:8:21: distributes.when.delivery: `exactly-once` is not one of at-most-once, at-least-once"},
		{"no docs", "distributes:\n  note: \"x\"\n", "cat/kinds/queue.yaml:7:3: distributes: `docs` is required: the official page that says the kind spreads a flow over healthy targets"},
		{"docs not https", "distributes:\n  docs: \"example.org\"\n", "cat/kinds/queue.yaml:7:9: distributes.docs: \"example.org\" is not an absolute https URL to the official documentation"},
		{"when's list is empty", "distributes:\n  docs: \"https://example.org/lb\"\n  when: {delivery: []}\n", "cat/kinds/queue.yaml:8:20: distributes.when.delivery: an empty list holds for no node; list the values with which the kind distributes"},
		{"unknown key", "distributes:\n  docs: \"https://example.org/lb\"\n  weight: 1\n", "cat/kinds/queue.yaml:8:3: distributes: unknown key `weight` (allowed: docs, note, when)"},
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

// The embedded catalogue says the load balancer and DNS (with a failover,
// weighted or latency policy and health checks) distribute, with docs.
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
	if strings.Join(got, " ") != "dns load-balancer" {
		t.Errorf("kinds that distribute: %v, want [dns load-balancer]", got)
	}
}

// A property may list aliases, the words people use for it: the loader
// reads them, a design that uses one is pointed to the property, and an
// alias that is no property name, names another property of the kind or is
// listed twice is refused at its position.
func TestPropertyAliases(t *testing.T) {
	withAliases := func(list string) fstest.MapFS {
		files := baseFiles()
		src := strings.Replace(string(files["kinds/queue.yaml"].Data), "  retentionDays:\n    type: \"integer\"\n", "  retentionDays:\n    type: \"integer\"\n    aliases: "+list+"\n", 1)
		files["kinds/queue.yaml"] = &fstest.MapFile{Data: []byte(src)}
		return files
	}
	c, err := Load(Layer{Name: "cat", FS: withAliases("[retention, keepDays]")})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Kinds["queue"].Properties["retentionDays"].Aliases; strings.Join(got, ",") != "retention,keepDays" {
		t.Errorf("Aliases = %v", got)
	}
	d, errs := ParseDesign("d.yaml", []byte("nodes: [{ id: \"q\", component: \"queue\", props: { keepDays: 3 } }]\n"))
	if len(errs) == 0 {
		errs = c.Check(d)
	}
	if want := "did you mean `retentionDays`?"; len(errs) != 1 || !strings.Contains(errs[0].Error(), want) {
		t.Errorf("check: %v, want one error with %q", errs, want)
	}
	for _, tc := range []struct{ name, list, want string }{
		{"not a name", `["keep days"]`, "cat/kinds/queue.yaml:"},
		{"another property", "[fifo]", "`fifo` is a property of kind queue"},
		{"twice", "[keep, keep]", "`keep` is listed twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(Layer{Name: "cat", FS: withAliases(tc.list)})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v, want %q", err, tc.want)
			}
		})
	}
}
