package app

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue/library"
)

// libraryEditor is an editor on platform p whose page loads and clock the
// test sees and sets.
type libraryEditor struct {
	*Editor
	d   app.ClientDispatcher
	p   *fakePlatform
	now time.Time
	// went is every address the editor loaded.
	went []string
}

func newLibraryEditor(t *testing.T, p *fakePlatform) *libraryEditor {
	t.Helper()
	le := &libraryEditor{p: p, now: time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)}
	le.Editor = NewEditor(p, mustEmbedded(t))
	le.session.navigate = func(u string) { le.went = append(le.went, u) }
	le.session.clock = func() time.Time { return le.now }
	le.d, _ = mount(t, le.Editor)
	le.d.Consume()
	return le
}

// save stores the design, with what follows (the list, a version), now.
func (le *libraryEditor) save() {
	le.session.autosave.flush()
	le.d.Consume()
}

func (le *libraryEditor) index(t *testing.T) *library.Index {
	t.Helper()
	ix, err := library.Parse(le.p.stored[keyLibrary])
	if err != nil {
		t.Fatalf("stored list: %v", err)
	}
	return ix
}

func (le *libraryEditor) versions(t *testing.T, id string) *library.History {
	t.Helper()
	h, err := library.ParseHistory(le.p.db[library.HistoryKey(id)])
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// An editor from before the library opens its design as the first of the
// list, where it was stored; saves keep its entry up to date, named after
// the design until the user names it.
func TestLibraryStartsWithTheSavedDesign(t *testing.T) {
	kafka := "name: Orders\nnodes:\n  - { id: \"k\", component: \"kafka\" }\n"
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{keyDesign: kafka}})
	if le.session.designID != library.FirstID || le.store.Node("k") == nil {
		t.Fatalf("opened %q: %s", le.session.designID, le.store.Export())
	}
	le.store.AddNode("pulsar")
	le.save()
	entry := le.index(t).Find(library.FirstID)
	if entry == nil || entry.Name != "Orders" || entry.Nodes != 2 || !entry.Changed.Equal(le.now) {
		t.Fatalf("entry %+v", entry)
	}
	le.session.library.rename(library.FirstID, "Checkout")
	le.store.AddNode("redpanda")
	le.save()
	if got := le.index(t).Find(library.FirstID).Name; got != "Checkout" {
		t.Errorf("the user's name was replaced by %q", got)
	}
	// The first save recorded the first version.
	if h := le.versions(t, library.FirstID); len(h.Versions) != 1 || h.Versions[0].Why != library.WhyEdit {
		t.Errorf("history %+v", h)
	}
}

// New design and Import add a design to the list and open it, each with
// its first version; the open design stays as it was.
func TestLibraryNewAndImport(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.session.library.newDesign()
	le.d.Consume()
	ix := le.index(t)
	if len(ix.Designs) != 2 || len(le.went) != 1 {
		t.Fatalf("%d designs, went to %v", len(ix.Designs), le.went)
	}
	added := ix.Designs[1]
	if le.went[0] != "/?design="+added.ID || le.p.db[library.DesignKey(added.ID)] != "nodes: []\n" {
		t.Errorf("went to %v; stored %q", le.went, le.p.db[library.DesignKey(added.ID)])
	}
	if !strings.Contains(le.p.db[keyDesign], "kafka") {
		t.Error("the open design was not saved before leaving it")
	}

	le.session.library.importFile("dir/payments.yaml", []byte("id: payments\nnodes:\n  - { id: \"q\", component: \"aws-sqs\" }\n"))
	le.d.Consume()
	ix = le.index(t)
	var imported *library.Entry
	for i := range ix.Designs {
		if ix.Designs[i].Name == "payments" {
			imported = &ix.Designs[i]
		}
	}
	if imported == nil || le.went[len(le.went)-1] != "/?design="+imported.ID {
		t.Fatalf("import: %+v, went %v", ix.Designs, le.went)
	}
	if h := le.versions(t, imported.ID); len(h.Versions) != 1 || h.Versions[0].Why != library.WhyImport || h.Versions[0].Summary != "imported from payments.yaml" {
		t.Errorf("import's version: %+v", h.Versions)
	}

	// A bad file changes nothing.
	before := le.p.stored[keyLibrary]
	le.session.library.importFile("bad.yaml", []byte("nodes:\n  - { id: \"a\", component: \"kafak\" }\n"))
	if len(le.session.importErrors) == 0 || le.p.stored[keyLibrary] != before {
		t.Errorf("bad import: errors %v", le.session.importErrors)
	}

	// A failed store adds nothing.
	le.p.failDB = errors.New("QuotaExceededError")
	le.session.library.newDesign()
	le.p.failDB = nil
	if le.p.stored[keyLibrary] != before || !le.store.Notice().Error {
		t.Error("a design that could not be stored was listed")
	}
}

// An import of a design the list has (by its own id) asks: Replace records
// a version first and is undoable on the open design; Add as a new design
// adds it beside.
func TestLibraryImportClash(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{keyDesign: "id: orders\nnodes: []\n"}})
	le.save()
	le.store.AddNode("kafka")
	le.save()
	file := []byte("id: orders\nnodes:\n  - { id: \"p\", component: \"pulsar\" }\n")
	le.session.library.importFile("orders.yaml", file)
	if le.session.library.clash == nil || le.session.library.clash.clash.ID != library.FirstID {
		t.Fatalf("no question asked: %+v", le.session.library.clash)
	}
	le.session.library.replaceImported(le.session.library.clash)
	le.d.Consume()
	if le.store.Node("p") == nil || le.store.Node("kafka") != nil {
		t.Fatalf("not replaced: %s", le.store.Export())
	}
	h := le.versions(t, library.FirstID)
	if last := h.Last(); last == nil || last.Why != library.WhyReplace {
		t.Errorf("no version before the replace: %+v", h.Versions)
	}
	le.store.Undo()
	if le.store.Node("kafka") == nil {
		t.Error("the replace is not undoable")
	}
	le.session.library.importFile("orders.yaml", file)
	le.session.library.addImported(le.session.library.clash)
	le.d.Consume()
	if n := len(le.index(t).Listed("", false)); n != 2 || le.session.library.clash != nil {
		t.Errorf("%d designs after Add as a new design", n)
	}
}

// Deleting moves a design to the trash (the open one: the tab goes to the
// latest other, or a new one); Recover brings it back; past 30 days it is gone with what
// was stored of it.
func TestLibraryTrash(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.save()
	entry := *le.index(t).Find(library.FirstID)
	le.session.library.delete(entry)
	le.d.Consume()
	// With no other design, a new one is added and opened.
	ix := le.index(t)
	if latest := ix.Latest(); !ix.Find(library.FirstID).InTrash() || latest == nil || le.went[len(le.went)-1] != designAddress(latest.ID) {
		t.Fatalf("delete: %+v, went %v", ix.Find(library.FirstID), le.went)
	}
	le.session.library.recover(entry)
	le.d.Consume()
	if le.index(t).Find(library.FirstID).InTrash() {
		t.Fatal("not recovered")
	}
	le.session.library.delete(entry)
	le.d.Consume()
	le.now = le.now.Add(31 * 24 * time.Hour)
	le.session.library.purgeTrash()
	le.d.Consume()
	if le.index(t).Find(library.FirstID) != nil {
		t.Fatal("not purged after 30 days")
	}
	for key := range le.p.db {
		if strings.Contains(key, "designer.design") && !strings.Contains(key, "/") || strings.Contains(key, "/"+library.FirstID) {
			t.Errorf("%s left after the purge", key)
		}
	}
}

// While editing, a version is recorded at most every EditInterval, with
// what changed; Restore records the design first and is undoable; a
// version that cannot be stored is said, and the history stays as it was.
func TestLibraryVersions(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.save()
	le.store.AddNode("pulsar")
	le.save()
	if n := len(le.versions(t, library.FirstID).Versions); n != 1 {
		t.Fatalf("%d versions within 5 minutes", n)
	}
	le.now = le.now.Add(library.EditInterval)
	le.store.AddNode("redpanda")
	le.save()
	h := le.versions(t, library.FirstID)
	if len(h.Versions) != 2 || !strings.HasPrefix(h.Versions[1].Summary, "2 nodes added") || h.Versions[1].Nodes != 3 {
		t.Fatalf("versions %+v", h.Versions)
	}
	first := h.Versions[0]
	le.session.versions.restore(first)
	le.d.Consume()
	le.d.Consume()
	if le.store.Node("pulsar") != nil || le.store.Node("kafka") == nil {
		t.Fatalf("not restored: %s", le.store.Export())
	}
	if h := le.versions(t, library.FirstID); len(h.Versions) != 3 || h.Last().Why != library.WhyRestore || h.Last().Nodes != 3 {
		t.Errorf("no version before the restore: %+v", h.Versions)
	}
	le.store.Undo()
	if le.store.Node("redpanda") == nil {
		t.Error("the restore is not undoable")
	}
	le.session.versions.export(first)
	le.d.Consume()
	if len(le.p.downloads) != 1 || !strings.HasPrefix(le.p.downloads[0], "design-") || !strings.Contains(le.p.downloads[0], "kafka") {
		t.Errorf("exported %v", le.p.downloads)
	}

	before := le.p.db[library.HistoryKey(library.FirstID)]
	le.p.failDB = errors.New("QuotaExceededError")
	le.now = le.now.Add(library.EditInterval)
	le.session.versions.saveVersion()
	le.d.Consume()
	le.p.failDB = nil
	if !strings.Contains(le.session.versions.warning, "QuotaExceededError") || le.p.db[library.HistoryKey(library.FirstID)] != before || len(le.session.versions.h.Versions) != 3 {
		t.Errorf("a failed version: warning %q, history changed %v", le.session.versions.warning, le.p.db[library.HistoryKey(library.FirstID)] != before)
	}
}

// twoDesignsExported is an editor with two designs (kafka; payments, an
// import with its version) and the archive Export all designs gave.
func twoDesignsExported(t *testing.T) (*libraryEditor, []byte) {
	t.Helper()
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.save()
	le.session.library.importFile("payments.yaml", []byte("nodes:\n  - { id: \"q\", component: \"aws-sqs\" }\n"))
	le.d.Consume()
	le.session.library.exportAll()
	le.d.Consume()
	if len(le.p.downloads) != 1 || !strings.HasPrefix(le.p.downloads[0], "designs-2026-12-04.zip: ") {
		t.Fatalf("downloads %d", len(le.p.downloads))
	}
	return le, []byte(strings.TrimPrefix(le.p.downloads[0], "designs-2026-12-04.zip: "))
}

// Export all designs writes one archive, with the versions, which Import
// designs archive reads back: into another browser whole, into this one
// skipping what it has.
func TestLibraryArchive(t *testing.T) {
	le, zip := twoDesignsExported(t)
	le.session.library.importArchive("designs.zip", zip)
	le.d.Consume()
	if n := len(le.index(t).Designs); n != 2 || !strings.Contains(le.store.Notice().Text, "Skipped 2 designs") {
		t.Errorf("%d designs after importing their own archive: %s", n, le.store.Notice().Text)
	}

	other := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	other.session.library.importArchive("designs.zip", zip)
	other.d.Consume()
	ix := other.index(t)
	if len(ix.Designs) != 3 {
		t.Fatalf("%d designs after the import", len(ix.Designs))
	}
	for _, entry := range ix.Designs[1:] {
		text := other.p.db[library.DesignKey(entry.ID)]
		h := other.versions(t, entry.ID)
		if text == "" || len(h.Versions) != 1 || other.p.db[library.VersionKey(entry.ID, h.Versions[0].Stamp())] == "" {
			t.Errorf("%s: text %q, versions %+v", entry.Name, text, h.Versions)
		}
	}
	if !bytes.Contains([]byte(other.p.db[library.DesignKey(ix.Designs[2].ID)]+other.p.db[library.DesignKey(ix.Designs[1].ID)]), []byte("aws-sqs")) {
		t.Error("the imported designs' text is not the archive's")
	}

	before := other.p.stored[keyLibrary]
	other.session.library.importArchive("broken.zip", append(zip[:len(zip)/2:len(zip)/2], "cut"...))
	if other.p.stored[keyLibrary] != before || len(other.session.importErrors) == 0 || !strings.Contains(other.session.importErrors[0], "broken.zip") {
		t.Errorf("a damaged archive: %v", other.session.importErrors)
	}
}

// An import into a blank design fills it, undoable, names it after the
// design and records the import as its first version: no empty design is
// left behind.
func TestLibraryImportIntoABlankDesign(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.session.library.importFile("dir/checkout.yml", []byte("nodes:\n  - { id: \"q\", component: \"aws-sqs\" }\n"))
	le.d.Consume()
	if len(le.went) != 0 || le.store.Node("q") == nil {
		t.Fatalf("went to %v; design %s", le.went, le.store.Export())
	}
	ix := le.index(t)
	if len(ix.Designs) != 1 || ix.Designs[0].Name != "checkout" {
		t.Errorf("designs %+v", ix.Designs)
	}
	if h := le.versions(t, library.FirstID); len(h.Versions) != 1 || h.Versions[0].Summary != "imported from checkout.yml" {
		t.Errorf("versions %+v", h.Versions)
	}
	le.store.Undo()
	if le.store.Node("q") != nil {
		t.Error("the import is not undoable")
	}
}

// Replace over a design that is not open records a version of it first,
// from what its next start would read (the copy kept as its page went),
// and refuses when the version cannot be recorded; a copy kept in
// localStorage is not taken for newer than the import afterwards.
func TestLibraryReplaceAnotherDesign(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.save()
	le.session.library.addDesign("Orders", "id: orders\nnodes: []\n", le.session.versions.readOrNil("id: orders\nnodes: []\n"), library.WhyImport, "", nil)
	le.d.Consume()
	orders := le.went[len(le.went)-1][len("/?design="):]
	newest := "id: orders\nnodes:\n  - { id: \"n\", component: \"nats-jetstream\" }\n"
	le.p.stored[library.ExitKey(orders)] = newest // its page went before the database's write ended

	file := []byte("id: orders\nnodes:\n  - { id: \"p\", component: \"pulsar\" }\n")
	le.p.db[library.HistoryKey(orders)] = "{" // damaged: no version can be added
	le.session.library.importFile("orders.yaml", file)
	le.session.library.replaceImported(le.session.library.clash)
	le.d.Consume()
	if le.p.db[library.DesignKey(orders)] != "id: orders\nnodes: []\n" || !strings.Contains(le.store.Notice().Text, "was not replaced") {
		t.Fatalf("replaced without a version: %q; %s", le.p.db[library.DesignKey(orders)], le.store.Notice().Text)
	}

	delete(le.p.db, library.HistoryKey(orders))
	le.session.library.importFile("orders.yaml", file)
	le.session.library.replaceImported(le.session.library.clash)
	le.d.Consume()
	if !strings.Contains(le.p.db[library.DesignKey(orders)], "pulsar") || le.p.stored[library.ExitKey(orders)] != "" {
		t.Fatalf("after the replace: %q, exit copy %q", le.p.db[library.DesignKey(orders)], le.p.stored[library.ExitKey(orders)])
	}
	h := le.versions(t, orders)
	var kept string
	for _, v := range h.Versions {
		if v.Why == library.WhyReplace {
			kept = le.p.db[library.VersionKey(orders, v.Stamp())]
		}
	}
	if kept != newest {
		t.Errorf("the version before the replace holds %q, want the copy kept as the page went", kept)
	}
}

// Two tabs on one design both record versions: neither drops the other's.
func TestLibraryVersionsFromTwoTabs(t *testing.T) {
	p := &fakePlatform{stored: map[string]string{}}
	a := newLibraryEditor(t, p)
	b := newLibraryEditor(t, p)
	a.store.AddNode("kafka")
	a.session.versions.saveVersion()
	a.d.Consume()
	b.store.AddNode("pulsar")
	b.session.versions.saveVersion()
	b.d.Consume()
	if h := a.versions(t, library.FirstID); len(h.Versions) != 2 {
		t.Errorf("%d versions, want both tabs'", len(h.Versions))
	}
}

// An archive whose designs cannot all be stored adds none of them, and
// leaves nothing of them stored.
func TestLibraryArchiveAllOrNothing(t *testing.T) {
	_, zip := twoDesignsExported(t)

	p := &fakePlatform{stored: map[string]string{}}
	other := newLibraryEditor(t, p)
	before, keys := p.stored[keyLibrary], len(p.db)
	fails := 0
	p.failEvery = func(key string) bool {
		if strings.HasPrefix(key, "designer.version/") {
			fails++
			return fails == 2 // the second design's version
		}
		return false
	}
	other.session.library.importArchive("designs.zip", zip)
	other.d.Consume()
	if p.stored[keyLibrary] != before || len(p.db) != keys || !strings.Contains(other.store.Notice().Text, "Nothing was imported") {
		t.Errorf("a half-stored archive: list changed %v, %d keys (was %d): %s", p.stored[keyLibrary] != before, len(p.db), keys, other.store.Notice().Text)
	}
}

// A failed save keeps the page: opening another design waits for no later
// save, and a design the address names that the list lost is listed again.
func TestLibraryNavigationWaitsForTheSave(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.p.failDB = errors.New("QuotaExceededError")
	le.session.goTo("/?design=x")
	le.d.Consume()
	le.p.failDB = nil
	le.save()
	if len(le.went) != 0 {
		t.Errorf("went to %v after a failed save", le.went)
	}
	le.session.designID, le.session.library.unlisted = "lost1", true
	le.session.library.relist(true)
	if entry := le.index(t).Find("lost1"); entry == nil {
		t.Error("the design the address named was not listed again")
	}
}

// Import takes another tool's file (here a docker-compose file): its
// design fills the blank design, and what it left out is shown.
func TestLibraryImportsACompose(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	compose := "services:\n  api:\n    build: .\n    environment: { DB: \"postgres://db:5432/x\" }\n  db:\n    image: postgres:16\nconfigs:\n  x: {file: ./x}\n"
	le.session.library.importFile("compose.yaml", []byte(compose))
	le.d.Consume()
	if le.store.Node("api") == nil || le.store.Node("db") == nil || len(le.store.Design().Edges) != 1 {
		t.Fatalf("imported %s", le.store.Export())
	}
	if le.store.Node("db").Origin != "compose:db" {
		t.Errorf("origin %q", le.store.Node("db").Origin)
	}
	bad := "services:\n  a: [\n"
	le.session.library.importFile("bad.yaml", []byte(bad))
	if len(le.session.importErrors) == 0 || !strings.Contains(le.session.importErrors[0], "bad.yaml:") {
		t.Errorf("a broken compose file: %v", le.session.importErrors)
	}
}

// Export picture, like the toolbar's exports, records a version.
func TestLibraryPictureExportRecordsAVersion(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.save()
	le.now = le.now.Add(time.Minute)
	le.store.AddNode("pulsar")
	le.store.Exported() // as the picture dialog says once it has written the file
	le.d.Consume()
	h := le.versions(t, library.FirstID)
	if last := h.Last(); last == nil || last.Why != library.WhyExport || last.Nodes != 2 {
		t.Errorf("versions %+v", h.Versions)
	}
}

// The toolbar, the alerts and the drawers are components of their own:
// each redraws with what it shows, whether the store changed, the platform
// answered or the session's state changed.
func TestPageComponentsRefresh(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}})
	html := func() string { le.d.Consume(); return app.HTMLString(le.Editor) }
	le.store.Say("Hello from the store.")
	if !strings.Contains(html(), "Hello from the store.") {
		t.Error("the toolbar's status did not follow the store")
	}
	le.session.sheet = designsSheet
	le.Update()
	// go-app writes aria-expanded="true" as a bare aria-expanded.
	h := html()
	button := regexp.MustCompile(`<button[^>]*id="designs-button"[^>]*>`).FindString(h)
	if !strings.Contains(h, `aria-label="Designs"`) || !strings.Contains(button, "aria-expanded") || strings.Contains(button, `aria-expanded="false"`) {
		t.Fatal("the Designs drawer did not open, or the toolbar does not say so")
	}
	le.store.AddNode("kafka")
	le.save()
	le.session.library.rename(library.FirstID, "Checkout")
	if h = html(); !strings.Contains(h, "<strong>Checkout</strong>") || !strings.Contains(h, "1 node") {
		t.Error("the Designs drawer did not follow the library")
	}
	le.session.sheet = historySheet
	le.Update()
	if h = html(); strings.Contains(h, `aria-label="Designs"`) || !strings.Contains(h, "History of Checkout") || !strings.Contains(h, "1 version,") {
		t.Fatal("the History drawer did not replace the Designs drawer with the versions")
	}
	le.now = le.now.Add(time.Minute)
	le.session.versions.saveVersion()
	if !strings.Contains(html(), "2 versions,") {
		t.Error("the History drawer did not follow the versions")
	}
	le.session.autosave.otherTabSaved("nodes: []\n") // as the watch dispatches it
	le.Update()
	if !strings.Contains(html(), `aria-label="Changed in another tab"`) {
		t.Error("the alerts did not follow the session")
	}
	le.session.autosave.useTheirs()
	if strings.Contains(html(), `aria-label="Changed in another tab"`) {
		t.Error("the alert stayed after the choice")
	}
}
