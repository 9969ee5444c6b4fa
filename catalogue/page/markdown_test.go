package page

import "testing"

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
