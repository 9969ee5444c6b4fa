package state

import (
	"strings"

	"github.com/archdesigner/designer/catalogue/library"
)

// ExportName is the file name for an export: the design's id, else its name
// made safe for a file system, else "design".
func (doc *Document) ExportName() string {
	base := doc.design.ID
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
