package app

import (
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// Export all designs does not offer an archive that Import designs
// archive would refuse: a version over a design's limit (stored before
// the limit, or by another tab) stops the export, and the editor says
// which, and what to do.
func TestExportAllWithinLimits(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.session.library.importFile("payments.yaml", []byte("nodes:\n  - { id: \"q\", component: \"aws-sqs\" }\n"))
	le.d.Consume()
	var payments library.Entry
	for _, e := range le.index(t).Designs {
		if e.Name == "payments" {
			payments = e
		}
	}
	h := le.versions(t, payments.ID)
	if len(h.Versions) != 1 {
		t.Fatalf("payments has %d versions", len(h.Versions))
	}
	le.p.db[library.VersionKey(payments.ID, h.Versions[0].Stamp())] = "nodes: []\n" + strings.Repeat("#", catalogue.MaxDesignBytes)
	le.session.library.exportAll()
	le.d.Consume()
	notice := le.store.Notice()
	if len(le.p.downloads) != 0 || !notice.Error || !strings.Contains(notice.Text, "Nothing was exported") ||
		!strings.Contains(notice.Text, `of "payments" is 10485770 bytes (10.0 MiB)`) || !strings.Contains(notice.Text, "remove that version") {
		t.Errorf("%d downloads; notice %+v", len(le.p.downloads), notice)
	}
}
