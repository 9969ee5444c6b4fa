package catalogue

import (
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
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
	seed, err := os.ReadFile("testdata/seed-nats-jetstream.md")
	if err != nil {
		t.Fatal(err)
	}
	page, ok := mustDefault(t).ComponentPage("nats-jetstream", "https://localhost:3000")
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
	cat := mustDefault(t)
	const base = "https://example.test"
	for _, path := range cat.PagePaths() {
		page, ok := cat.PageFor(path, base, nil)
		if !ok {
			t.Errorf("%s: no page", path)
			continue
		}
		md := page.Markdown()
		if !strings.HasPrefix(md, "---\n") || !strings.Contains(md, "\n# ") {
			t.Errorf("%s: malformed page", path)
		}
		for _, m := range mdLink.FindAllStringSubmatch(md, -1) {
			u, err := url.Parse(strings.TrimPrefix(m[1], base))
			if err != nil {
				t.Errorf("%s: bad link %s", path, m[1])
				continue
			}
			if _, ok := cat.PageFor(u.Path, base, u.Query()); !ok {
				t.Errorf("%s links to %s, which is no page", path, m[1])
			}
		}
	}
	if _, ok := cat.PageFor("/catalogue/components/nope", base, nil); ok {
		t.Error("a page for an unknown component")
	}
}

func TestKindPageComparesProducts(t *testing.T) {
	page, _ := mustDefault(t).KindPage("stream", "https://x.test")
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
	page, _ := mustDefault(t).RulePage("stream-durable-acks-need-replicas", "https://x.test")
	md := page.Markdown()
	for _, want := range []string{
		"| Condition | when acks is one of all, quorum: replicationFactor is more than 1 |",
		"| Severity | warning |",
		"[NATS JetStream](https://x.test/catalogue/components/nats-jetstream) `nats-jetstream` — stream, default",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("rule page lacks %q:\n%s", want, md)
		}
	}
}

func TestIndexFilters(t *testing.T) {
	cat := mustDefault(t)
	md := cat.IndexPage("https://x.test", url.Values{"provider": {"aws"}, "kind": {"stream"}}).Markdown()
	if !strings.Contains(md, "`kinesis`") || strings.Contains(md, "`kafka`") || !strings.Contains(md, "Filtered by provider aws, kind stream.") {
		t.Errorf("filtered index:\n%s", md)
	}
	md = cat.IndexPage("https://x.test", url.Values{"q": {"jetstream"}}).Markdown()
	if !strings.Contains(md, "`nats-jetstream`") || strings.Contains(md, "`kafka`") {
		t.Errorf("searched index:\n%s", md)
	}
}

// Text from catalogue files cannot inject markdown or HTML.
func TestMarkdownEscapes(t *testing.T) {
	p := &Page{Title: "A <b>|[x](y)", Front: []Field{{"id", `a"b`}}, Blocks: []Block{
		Table{Header: []Inline{{Text("h")}}, Rows: [][]Inline{{{Text("a|b*c")}}}},
		Paragraph{Inline{CodeSpan("a`b"), Span{Text: "t", Href: "https://e.test/a b)"}}},
	}}
	want := "---\nid: \"a\\\"b\"\n---\n\n# A \\<b\\>|\\[x\\](y)\n\n| h |\n|---|\n| a\\|b\\*c |\n\n``a`b``[t](https://e.test/a%20b%29)\n"
	if got := p.Markdown(); got != want {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
}
