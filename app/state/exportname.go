package state

import (
	"strings"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// SetTitle sets the name the user gave the design, the library's name for
// it ("Photo sharing"), which exports are named after; "" where it has
// none of its own (the library's "Untitled design", or an editor with no
// library).
func (doc *Document) SetTitle(title string) { doc.title = title }

// Title is the design's name as exports give it: the name the user gave it
// (see SetTitle), else the design's own name, else its id, else "Design".
func (doc *Document) Title() string {
	for _, t := range []string{doc.title, doc.design.Name, doc.design.ID} {
		if t = strings.TrimSpace(t); t != "" {
			return t
		}
	}
	return "Design"
}

// Titled is the design with the title exports give it as its name (see
// Title), for the exporters that write a design's name (the Mermaid title,
// the D2 and Structurizr names): the design itself when that is its name.
func (doc *Document) Titled() *catalogue.Design {
	t := doc.Title()
	if doc.title == "" || t == doc.design.Name {
		return doc.design
	}
	d := *doc.design
	d.Name = t
	return &d
}

// ExportName is the file name for an export: the name the user gave the
// design (see SetTitle), else the design's id, else its name, made safe for
// a file system, else "design".
func (doc *Document) ExportName() string {
	base := library.Slug(doc.title)
	if base == "" {
		base = doc.design.ID
	}
	if base == "" {
		base = library.Slug(doc.design.Name)
	}
	if len(base) > 64 {
		base = strings.Trim(base[:64], "-")
	}
	if base == "" {
		base = "design"
	}
	return base + ".yaml"
}
