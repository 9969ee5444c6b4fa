package pages

import (
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

// sections splits a page at its "## " headings.
func sections(page string) map[string]string {
	out := map[string]string{}
	parts := strings.Split(page, "\n## ")
	out["(head)"] = parts[0]
	for _, part := range parts[1:] {
		title, _, _ := strings.Cut(part, "\n")
		if i := strings.Index(title, " · "); i >= 0 {
			title = title[:i]
		}
		out[title] = part
	}
	return out
}

// The nats-jetstream page equals the seed in every section, the rules
// aside (the seed's catalogue had no rules yet).
func TestComponentPageReproducesSeed(t *testing.T) {
	seed, err := os.ReadFile("../testdata/seed-nats-jetstream.md")
	if err != nil {
		t.Fatal(err)
	}
	page, ok := Component(embedded(t), "nats-jetstream", "https://localhost:3000")
	if !ok {
		t.Fatal("no page")
	}
	got, want := sections(page.Markdown()), sections(string(seed))
	if len(got) != len(want) {
		t.Errorf("%d sections, the seed has %d", len(got), len(want))
	}
	for title, w := range want {
		if title == "Rules that apply" {
			continue
		}
		if g := got[title]; g != w {
			t.Errorf("section %q differs:\n--- got\n%s\n--- want\n%s", title, g, w)
		}
	}
	if !strings.HasPrefix(got["Rules that apply"], "Rules that apply · ") {
		t.Errorf("rules section: %q", got["Rules that apply"])
	}
}

var mdLink = regexp.MustCompile(`\]\((https://example\.test[^)]*)\)`)

// Every page renders, and every link to the catalogue resolves to a page.
func TestEveryPageRendersAndLinksResolve(t *testing.T) {
	cat := embedded(t)
	const base = "https://example.test"
	for _, path := range Paths(cat) {
		p, ok := At(cat, path, base, nil)
		if !ok {
			t.Errorf("%s: no page", path)
			continue
		}
		md := p.Markdown()
		if !strings.HasPrefix(md, "---\n") || !strings.Contains(md, "\n# ") {
			t.Errorf("%s: malformed page", path)
		}
		for _, m := range mdLink.FindAllStringSubmatch(md, -1) {
			u, err := url.Parse(strings.TrimPrefix(m[1], base))
			if err != nil {
				t.Errorf("%s: bad link %s", path, m[1])
				continue
			}
			if _, ok := At(cat, u.Path, base, u.Query()); !ok {
				t.Errorf("%s links to %s, which is no page", path, m[1])
			}
		}
	}
	if _, ok := At(cat, "/catalogue/components/nope", base, nil); ok {
		t.Error("a page for an unknown component")
	}
}

// A product's page states each limit with the value it has when left alone
// and the page that says so; a product with none has no Limits section.
func TestComponentPageShowsLimits(t *testing.T) {
	page, _ := Component(embedded(t), "aws-lambda", "https://x.test")
	limits := sections(page.Markdown())["Limits"]
	for _, want := range []string{
		"| `timeoutSeconds` | 1–900 s | 3 s | split the work or move it to a longer-running service | [https://docs.aws.amazon.com/lambda/latest/dg/configuration-timeout.html]",
		"| `concurrencyPerInstance` | only 1 | 1 |",
	} {
		if !strings.Contains(limits, want) {
			t.Errorf("Limits lacks %q:\n%s", want, limits)
		}
	}
	page, _ = Component(embedded(t), "stream", "https://x.test")
	if _, ok := sections(page.Markdown())["Limits"]; ok {
		t.Error("the generic stream has a Limits section")
	}
}

// A product's page states its SLAs and durability for the configuration
// each needs, the zones a region-level SLA needs included; one with none
// (the seed's NATS JetStream) has no section.
func TestComponentPageShowsGuarantees(t *testing.T) {
	page, _ := Component(embedded(t), "aws-rds-postgresql", "https://x.test")
	g := sections(page.Markdown())["Guarantees"]
	for _, want := range []string{
		"| SLA 99.95 % monthly uptime | highAvailability true | a Multi-AZ DB instance or cluster | [https://aws.amazon.com/rds/sla/]",
		"| SLA 99.5 % monthly uptime | any configuration | a Single-DB instance |",
		"| survives 1 zone failure without losing acknowledged writes | highAvailability true |",
	} {
		if !strings.Contains(g, want) {
			t.Errorf("Guarantees lacks %q:\n%s", want, g)
		}
	}
	page, _ = Component(embedded(t), "aws-ec2", "https://x.test")
	g = sections(page.Markdown())["Guarantees"]
	for _, want := range []string{
		"| SLA 99.99 % monthly uptime | in two or more zones | Region-Level SLA",
		"| SLA 99.5 % monthly uptime | any configuration | Instance-Level SLA, for each instance |",
	} {
		if !strings.Contains(g, want) {
			t.Errorf("EC2's Guarantees lack %q:\n%s", want, g)
		}
	}
	page, _ = Component(embedded(t), "nats-jetstream", "https://x.test")
	if _, ok := sections(page.Markdown())["Guarantees"]; ok {
		t.Error("nats-jetstream has a Guarantees section")
	}
}

func TestKindPageComparesProducts(t *testing.T) {
	page, _ := Kind(embedded(t), "stream", "https://x.test")
	md := page.Markdown()
	for _, want := range []string{
		"| [NATS JetStream](https://x.test/catalogue/components/nats-jetstream) | default | **\"quorum\"** | false |",
		"## Products compared · 19",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("kind page lacks %q", want)
		}
	}
}

func TestRulePageSaysTheCondition(t *testing.T) {
	page, _ := Rule(embedded(t), "stream-durable-acks-need-replicas", "https://x.test")
	md := page.Markdown()
	for _, want := range []string{
		"| Condition | when acks is one of all, quorum: replicationFactor is more than 1 |",
		"| Severity | warning |",
		"| Fixes | set replicationFactor to 3 and minInsyncReplicas to 2 |",
		"[NATS JetStream](https://x.test/catalogue/components/nats-jetstream) `nats-jetstream` — stream, default",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("rule page lacks %q:\n%s", want, md)
		}
	}
}

func TestIndexFilters(t *testing.T) {
	cat := embedded(t)
	md := Index(cat, "https://x.test", url.Values{"provider": {"aws"}, "kind": {"stream"}}).Markdown()
	if !strings.Contains(md, "`kinesis`") || strings.Contains(md, "`kafka`") || !strings.Contains(md, "Filtered by provider aws, kind stream.") {
		t.Errorf("filtered index:\n%s", md)
	}
	md = Index(cat, "https://x.test", url.Values{"q": {"jetstream"}}).Markdown()
	if !strings.Contains(md, "`nats-jetstream`") || strings.Contains(md, "`kafka`") {
		t.Errorf("searched index:\n%s", md)
	}
}

func embedded(t testing.TB) *catalogue.Catalogue {
	t.Helper()
	cat, err := catalogue.LoadEmbedded()
	if err != nil {
		t.Fatalf("embedded catalogue: %v", err)
	}
	return cat
}

// A catalogue loaded from its snapshot renders every page as the one loaded
// from YAML does.
func TestPagesSurviveASnapshot(t *testing.T) {
	cat := embedded(t)
	snap, err := cat.Snapshot(catalogue.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	back, err := catalogue.LoadSnapshot(string(snap), catalogue.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range Paths(cat) {
		a, _ := At(cat, path, "https://x.test", nil)
		b, ok := At(back, path, "https://x.test", nil)
		if !ok || a.Markdown() != b.Markdown() {
			t.Errorf("%s differs after a snapshot", path)
		}
	}
}

// Every boundary's page says where it sits and what it holds inherits, and
// its design snippet is a design that reads.
func TestBoundaryPages(t *testing.T) {
	cat := embedded(t)
	for _, id := range cat.BoundaryIDs() {
		pg, ok := At(cat, BoundaryPath(id), "https://x.test", nil)
		if !ok {
			t.Fatalf("no page for boundary %s", id)
		}
		md := pg.Markdown()
		start := strings.Index(md, "## Use it in a design\n\n```yaml\n")
		if start < 0 {
			t.Fatalf("%s: no snippet", id)
		}
		snippet := md[start+len("## Use it in a design\n\n```yaml\n"):]
		snippet = snippet[:strings.Index(snippet, "```")]
		if _, errs := cat.ReadDesign(id+".yaml", []byte(snippet)); len(errs) > 0 {
			t.Errorf("%s: the snippet does not read: %v\n%s", id, errs, snippet)
		}
	}
	pg, _ := At(cat, BoundaryPath("zone"), "https://x.test", nil)
	if md := pg.Markdown(); !strings.Contains(md, "| Sits | [Region](https://x.test/catalogue/boundaries/region), [Network](https://x.test/catalogue/boundaries/network) |") {
		t.Errorf("zone page:\n%s", md)
	}
}
