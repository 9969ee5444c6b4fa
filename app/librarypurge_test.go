package app

import (
	"testing"
	"time"

	"github.com/archdesigner/designer/catalogue/library"
)

// A design gone from the trash takes its view (pan and zoom) with it; in
// the trash, it keeps it, to be shown again if it is recovered.
func TestPurgeRemovesTheView(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.save()
	key := viewKey(library.FirstID)
	le.p.stored[key] = `{"x":10,"y":20,"zoom":1.5}`
	le.session.library.delete(*le.index(t).Find(library.FirstID))
	le.d.Consume()
	if _, ok := le.p.stored[key]; !ok {
		t.Fatal("a design in the trash lost its view")
	}
	le.now = le.now.Add(31 * 24 * time.Hour)
	le.session.library.purgeTrash()
	le.d.Consume()
	if _, ok := le.p.stored[key]; ok {
		t.Errorf("%s left after the purge", key)
	}
}
