package page

import (
	"strconv"
	"strings"
)

// Markdown renders a page as markdown, links absolute against base (for
// example "https://designer.example.com").
func (p *Page) Markdown() string {
	var b strings.Builder
	b.WriteString("---\n")
	for _, f := range p.Front {
		b.WriteString(f.Key + ": " + strconv.Quote(f.Value) + "\n")
	}
	b.WriteString("---\n\n# " + escapeText(p.Title) + "\n")
	for _, block := range p.Blocks {
		b.WriteString("\n")
		switch bl := block.(type) {
		case Heading:
			b.WriteString("## " + bl.Content.markdown(false) + "\n")
		case Paragraph:
			b.WriteString(bl.Content.markdown(false) + "\n")
		case List:
			for _, item := range bl.Items {
				b.WriteString("- " + item.markdown(false) + "\n")
			}
		case Table:
			row := func(cells []Inline) {
				b.WriteString("|")
				for _, c := range cells {
					b.WriteString(" " + c.markdown(true) + " |")
				}
				b.WriteString("\n")
			}
			header := make([]Inline, len(bl.Header))
			copy(header, bl.Header)
			b.WriteString("|")
			for _, c := range header {
				if len(c) == 0 {
					b.WriteString(" |")
				} else {
					b.WriteString(" " + c.markdown(true) + " |")
				}
			}
			b.WriteString("\n|" + strings.Repeat("---|", len(header)) + "\n")
			for _, r := range bl.Rows {
				row(r)
			}
		case CodeBlock:
			fence := "```"
			for strings.Contains(bl.Text, fence) {
				fence += "`"
			}
			text := bl.Text
			if !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			b.WriteString(fence + bl.Lang + "\n" + text + fence + "\n")
		}
	}
	if len(p.Footer) > 0 {
		b.WriteString("\n" + p.Footer.markdown(false))
	}
	return b.String()
}

func (in Inline) markdown(inTable bool) string {
	var b strings.Builder
	for _, s := range in {
		var text string
		if s.Code {
			text = codeSpan(s.Text)
		} else {
			text = escapeText(s.Text)
		}
		if inTable {
			text = strings.ReplaceAll(text, "|", `\|`)
		}
		if s.Bold {
			text = "**" + text + "**"
		}
		if s.Href != "" {
			text = "[" + text + "](" + escapeURL(s.Href) + ")"
		}
		b.WriteString(text)
	}
	return b.String()
}

// markdownSpecial are the characters that would start markdown or HTML
// markup in text taken from catalogue files.
var markdownSpecial = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`,
	"\n", " ", "\r", " ",
)

func escapeText(s string) string { return markdownSpecial.Replace(s) }

// codeSpan wraps s in enough backticks that none inside ends it.
func codeSpan(s string) string {
	s = strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// escapeURL keeps a link target inside its parentheses.
func escapeURL(u string) string { return urlEscaper.Replace(u) }

var urlEscaper = strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E", "\n", "", "\r", "")
