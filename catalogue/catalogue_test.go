package catalogue

import (
	"bufio"
	"os"
	"strings"
	"sync"
	"testing"
)

// embedded is the embedded catalogue, loaded once for all the tests that
// only read it.
var embedded = sync.OnceValues(func() (*Catalogue, error) { return LoadEmbedded() })

func mustDefault(t testing.TB) *Catalogue {
	t.Helper()
	cat, err := embedded()
	if err != nil {
		t.Fatalf("embedded catalogue: %v", err)
	}
	return cat
}

// The seed page lists the 19 products of kind stream; the catalogue has
// exactly those, with the same providers and names.
func TestStreamComponentsMatchSeed(t *testing.T) {
	cat := mustDefault(t)
	seed := readSeed(t)
	want := map[string][2]string{"nats-jetstream": {"default", "NATS JetStream"}}
	for _, line := range seed {
		// - [DataHub](https://…/alibaba-datahub.md) `alibaba-datahub` — alibabacloud
		if !strings.HasPrefix(line, "- [") {
			continue
		}
		name := line[3:strings.Index(line, "](")]
		rest := line[strings.Index(line, ") `")+3:]
		id := rest[:strings.IndexByte(rest, '`')]
		provider := rest[strings.LastIndex(rest, " ")+1:]
		want[id] = [2]string{provider, name}
	}
	if len(want) != 19 {
		t.Fatalf("seed lists %d products, want 19", len(want))
	}
	got := cat.ComponentsOfKind("stream")
	if len(got) != len(want) {
		t.Errorf("catalogue has %d stream components, seed %d", len(got), len(want))
	}
	for _, c := range got {
		w, ok := want[c.ID]
		if !ok {
			t.Errorf("component %s is not in the seed", c.ID)
			continue
		}
		if c.Provider != w[0] || c.Name != w[1] {
			t.Errorf("%s: provider %q name %q, seed says %q %q", c.ID, c.Provider, c.Name, w[0], w[1])
		}
	}
}

// The seed's Properties table fixes the stream kind's schema (types, values,
// defaults, advanced) and what nats-jetstream pins.
func TestStreamKindMatchesSeedTable(t *testing.T) {
	cat := mustDefault(t)
	kind := cat.Kinds["stream"]
	comp := cat.Components["nats-jetstream"]
	rows := 0
	for _, line := range readSeed(t) {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		rows++
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		name := strings.Trim(strings.Fields(cells[0])[0], "`")
		p := kind.Properties[name]
		if p == nil {
			t.Errorf("kind stream lacks %s", name)
			continue
		}
		if advanced := strings.Contains(cells[0], "(advanced)"); advanced != p.Advanced {
			t.Errorf("%s: advanced %v, seed %v", name, p.Advanced, advanced)
		}
		if string(p.Type) != cells[1] {
			t.Errorf("%s: type %s, seed %s", name, p.Type, cells[1])
		}
		values := "—"
		if len(p.Values) > 0 {
			values = "`" + strings.Join(p.Values, "`, `") + "`"
		}
		if values != cells[2] {
			t.Errorf("%s: values %s, seed %s", name, values, cells[2])
		}
		if req := map[bool]string{true: "yes", false: "no"}[p.Required]; req != cells[3] {
			t.Errorf("%s: required %s, seed %s", name, req, cells[3])
		}
		if p.Default.Literal() != cells[4] {
			t.Errorf("%s: kind default %s, seed %s", name, p.Default.Literal(), cells[4])
		}
		pinned := "inherited"
		if v, ok := comp.Defaults[name]; ok {
			pinned = "**" + v.Literal() + "**"
		}
		if pinned != cells[5] {
			t.Errorf("%s: nats-jetstream %s, seed %s", name, pinned, cells[5])
		}
	}
	if rows != 14 || len(kind.Properties) != 14 {
		t.Errorf("seed table has %d rows, kind %d properties; want 14", rows, len(kind.Properties))
	}
}

// The seed's Source block is the nats-jetstream file, byte for byte.
func TestSeedSourceIsVerbatim(t *testing.T) {
	seed := strings.Join(readSeed(t), "\n")
	start := strings.Index(seed, "## Source")
	block := seed[start:]
	block = block[strings.Index(block, "```yaml\n")+len("```yaml\n"):]
	block = block[:strings.Index(block, "```")]
	if got := string(mustDefault(t).Components["nats-jetstream"].Text); got != block {
		t.Errorf("catalogue/components/nats-jetstream.yaml differs from the seed's Source block:\n%s", got)
	}
}

func readSeed(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("testdata/seed-nats-jetstream.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		lines = append(lines, s.Text())
	}
	return lines
}

// Every component links its official docs and pins only properties its kind
// has (the loader refuses anything else; this guards the embedded data).
func TestComponentsHaveDocsAndKnownPins(t *testing.T) {
	cat := mustDefault(t)
	for _, id := range cat.ComponentIDs() {
		c := cat.Components[id]
		if !strings.HasPrefix(c.Docs, "https://") {
			t.Errorf("%s: docs %q is not an https link", id, c.Docs)
		}
		if c.Name == "" || c.Summary == "" {
			t.Errorf("%s: missing name or summary", id)
		}
		for name := range c.Defaults {
			if c.Property(name) == nil {
				t.Errorf("%s pins %s, which kind %s lacks", id, name, c.Kind)
			}
		}
		if !strings.HasPrefix(string(c.Text), "# yaml-language-server: $schema=../../schema/component.schema.json\n") {
			t.Errorf("%s: the file does not start with the schema modeline", id)
		}
	}
}

// The catalogue is broad enough to sketch a whole system, users to storage:
// at least 24 kinds and 240 products; every kind has at least 8 products
// (its generic one included) from at least 3 providers, and most from at
// least 5. Clients are people, devices and partners rather than cloud
// products, so they come from the default provider alone. There are
// connection rules beside the node rules. Range checks are the products'
// limits, not rules, so both count.
func TestCatalogueBreadth(t *testing.T) {
	cat := mustDefault(t)
	limits := 0
	for _, c := range cat.Components {
		limits += len(c.Limits)
	}
	if len(cat.Kinds) < 24 || len(cat.Components) < 240 || len(cat.Rules) < 55 || limits < 80 {
		t.Errorf("%d kinds, %d components, %d rules, %d limits; want at least 24, 240, 55, 80", len(cat.Kinds), len(cat.Components), len(cat.Rules), limits)
	}
	five := 0
	for _, id := range cat.KindIDs() {
		comps := cat.ComponentsOfKind(id)
		providers := map[string]bool{}
		for _, c := range comps {
			providers[c.Provider] = true
		}
		if len(providers) >= 5 {
			five++
		}
		if id == "client" {
			if len(comps) < 6 || len(providers) != 1 {
				t.Errorf("kind client: %d products from %d providers; want 6 from the default provider", len(comps), len(providers))
			}
		} else if len(comps) < 8 || len(providers) < 3 {
			t.Errorf("kind %s: %d products from %d providers; want 8 and 3", id, len(comps), len(providers))
		}
		if _, ok := cat.Components[id]; !ok {
			t.Errorf("kind %s has no generic component", id)
		}
	}
	if five*4 < len(cat.Kinds)*3 {
		t.Errorf("%d of %d kinds have products from 5 providers or more; want three in four", five, len(cat.Kinds))
	}
	if n := len(cat.ComponentsOfKind("stream")); n != 19 {
		t.Errorf("the stream kind has %d products; the seed names 19", n)
	}
	connections := 0
	for _, r := range cat.Rules {
		if r.IsConnection() {
			connections++
		}
	}
	if connections < 8 {
		t.Errorf("%d connection rules; want at least 8", connections)
	}
}

// Every component's schema is its kind's properties with its own
// declarations in their place or added, sorted by name.
func TestComponentSchema(t *testing.T) {
	cat := mustDefault(t)
	for id, comp := range cat.Components {
		want := map[string]*Property{}
		for name, p := range cat.Kinds[comp.Kind].Properties {
			want[name] = p
		}
		for name, p := range comp.Declared {
			want[name] = p
		}
		if len(comp.Schema) != len(want) {
			t.Errorf("%s: %d properties in the schema, want %d", id, len(comp.Schema), len(want))
		}
		for i, p := range comp.Schema {
			if want[p.Name] != p {
				t.Errorf("%s: schema property %s is not the component's or the kind's", id, p.Name)
			}
			if i > 0 && comp.Schema[i-1].Name >= p.Name {
				t.Errorf("%s: schema not sorted at %s", id, p.Name)
			}
		}
	}
}
