// Package page is the document model of a catalogue page and its markdown
// rendering. It knows nothing of catalogues: package pages builds the pages
// from one, the CLI and the server render them as markdown, and the editor
// renders the same model as HTML.
package page

// A Page is a catalogue page as a small document model: front matter, a
// title, and blocks of text, tables, lists and code. The core renders it as
// markdown (Markdown); the editor renders the same model as HTML, so both
// show the same content.
type Page struct {
	// Front is the front matter, in order.
	Front []Field
	Title string
	// Blocks follow the title.
	Blocks []Block
	// Path is the page's path ("/catalogue/components/kafka").
	Path string
	// Footer is the last line, after the blocks.
	Footer Inline
}

// Field is one front-matter entry.
type Field struct {
	Key, Value string
}

// Block is one of Heading, Paragraph, Table, List or CodeBlock.
type Block interface{ block() }

// Heading is a section title (level 2).
type Heading struct {
	Content Inline
	// About, when set, is the path of the page the section is about (a
	// kind's, in the index): the HTML shows that page's icon before it.
	About string
}

// Paragraph is a line of inline content.
type Paragraph struct{ Content Inline }

// Table has a header row and rows of cells. A header of empty cells makes a
// key-value table.
type Table struct {
	Header []Inline
	Rows   [][]Inline
	// Caption names the table for assistive technology (not in markdown).
	Caption string
}

// List is a bulleted list.
type List struct{ Items []Inline }

// CodeBlock is a fenced code block.
type CodeBlock struct {
	Lang string
	Text string
}

func (Heading) block()   {}
func (Paragraph) block() {}
func (Table) block()     {}
func (List) block()      {}
func (CodeBlock) block() {}

// Inline is a run of spans.
type Inline []Span

// Span is a piece of inline content: plain text, code, bold, or a link
// (Href set). Href is absolute in markdown; Internal marks links to the
// catalogue's own pages, which the editor follows without leaving the app.
type Span struct {
	Text     string
	Code     bool
	Bold     bool
	Href     string
	Internal string // the link's path within the app, for internal links
}

// Text returns plain text.
func Text(s string) Span { return Span{Text: s} }

// CodeSpan returns inline code.
func CodeSpan(s string) Span { return Span{Text: s, Code: true} }

// BoldSpan returns bold text.
func BoldSpan(s string) Span { return Span{Text: s, Bold: true} }
