package app

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/library"
)

// The first design's keys, which the tests' editors use.
var (
	keyDesign     = library.DesignKey(library.FirstID)
	keyExitCopy   = library.ExitKey(library.FirstID)
	keyUnreadable = library.UnreadableKey(library.FirstID)
)

// fakePlatform keeps storage in maps (stored: Store's, db: StoreDesign's)
// and can fail saves; its asynchronous calls answer at once.
type fakePlatform struct {
	stored   map[string]string
	db       map[string]string
	failSave error
	failKey  string // fail saves of this key only
	failDB   error  // fail StoreDesign only
	// failEvery, if set, fails StoreDesign of the keys it says.
	failEvery    func(key string) bool
	downloads    []string
	usage, quota float64
	// async holds the answers of LoadDesign and StoreDesign for a design's
	// keys (not its history's) in pending until the test runs them.
	async   bool
	pending []func()
}

func (f *fakePlatform) Remove(key string) { delete(f.stored, key) }

func (f *fakePlatform) LoadDesign(key string, done func(string, bool, error)) {
	if f.async && strings.HasPrefix(key, keyDesign) {
		f.pending = append(f.pending, func() { v, ok := f.db[key]; done(v, ok, nil) })
		return
	}
	v, ok := f.db[key]
	done(v, ok, nil)
}

func (f *fakePlatform) StoreDesign(key, value string, done func(error)) {
	if f.failDB != nil {
		done(f.failDB)
		return
	}
	if f.failEvery != nil && f.failEvery(key) {
		done(errors.New("QuotaExceededError"))
		return
	}
	if f.failSave != nil && (f.failKey == "" || f.failKey == key) {
		done(f.failSave)
		return
	}
	if f.db == nil {
		f.db = map[string]string{}
	}
	if f.async && strings.HasPrefix(key, keyDesign) {
		f.pending = append(f.pending, func() { f.db[key] = value; done(nil) })
		return
	}
	f.db[key] = value
	done(nil)
}

func (f *fakePlatform) RemoveDesign(key string, done func(error)) {
	delete(f.db, key)
	done(nil)
}

// finish answers the oldest StoreDesign held.
func (f *fakePlatform) finish() {
	next := f.pending[0]
	f.pending = f.pending[1:]
	next()
}

func (f *fakePlatform) StorageEstimate(done func(usage, quota float64)) { done(f.usage, f.quota) }

func (f *fakePlatform) Load(key string) (string, bool, error) {
	v, ok := f.stored[key]
	return v, ok, nil
}

func (f *fakePlatform) Store(key, value string) error {
	if f.failSave != nil && (f.failKey == "" || f.failKey == key) {
		return f.failSave
	}
	f.stored[key] = value
	return nil
}

func (f *fakePlatform) Download(name, _ string, data []byte) error {
	f.downloads = append(f.downloads, name+": "+string(data))
	return nil
}
func (f *fakePlatform) Watch(string, func(string)) func()            { return func() {} }
func (f *fakePlatform) Persist()                                     {}
func (f *fakePlatform) DrawPNG(string, float64, func([]byte, error)) {}
func (f *fakePlatform) Started()                                     {}
func (f *fakePlatform) CopyText(_ string, done func(error))          { done(nil) }
func (f *fakePlatform) ReadFile(app.Value, func(string, []byte, error)) {
}
func (f *fakePlatform) ListenToHost(func(origin, data string)) func() { return func() {} }
func (f *fakePlatform) PostToHost(origin, data string)                {}

var attrValue = regexp.MustCompile(`="(?:[^"\\]|\\.)*"`)

func mount(t *testing.T, e *Editor) (app.ClientDispatcher, string) {
	t.Helper()
	d := app.NewClientTester(e)
	t.Cleanup(d.Close)
	d.Consume()
	return d, app.HTMLString(e)
}

// The page has the four regions and the palette's entries, and writes no
// false boolean attribute (go-app renders selected="false", which browsers
// read as selected).
func TestEditorRenders(t *testing.T) {
	_, html := mount(t, NewEditor(nil, mustEmbedded(t)))
	for _, want := range []string{
		`aria-label="Palette"`, `aria-label="Canvas"`, `aria-label="Inspector"`, `aria-label="Problems"`,
		`aria-label="Search components"`, "Stream (19 products)\n</button>", `href="/web/icons.svg#kind-stream"`, `aria-expanded="false"`,
		`for="import-file"`, `>Import design</label>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	for _, bad := range []string{`selected="false"`, `checked="false"`, `disabled="false"`} {
		if strings.Contains(html, bad) {
			t.Errorf("the page has %s", bad)
		}
	}
}

// Text from designs is rendered as text, never as markup. (The edge label
// is the design's free text that the editor draws; the design's name and
// description it does not draw.)
func TestDesignTextIsInert(t *testing.T) {
	e := NewEditor(nil, mustEmbedded(t))
	err := e.store.Import("x.yaml", []byte(`nodes:
  - { id: "a", component: "kafka" }
  - { id: "b", component: "redpanda" }
edges:
  - { from: "a", to: "b", label: "<img src=x onerror=alert(1)>" }
`))
	if err != nil {
		t.Fatal(err)
	}
	e.store.SelectEdge(0)
	_, html := mount(t, e)
	// Outside attribute values (which the browser sets with setAttribute)
	// the label appears only escaped, as a text node.
	if tags := attrValue.ReplaceAllString(html, `=""`); strings.Contains(tags, "<img src=x") {
		t.Errorf("design text rendered as markup:\n%s", html)
	}
	if !strings.Contains(html, "&lt;img src=x onerror=alert(1)&gt;") {
		t.Errorf("the edge label is missing")
	}
}

// Changes are saved once they pause; a failed save shows a warning until a
// save works.
func TestAutosave(t *testing.T) {
	p := &fakePlatform{stored: map[string]string{}}
	e := NewEditor(p, mustEmbedded(t))
	d, _ := mount(t, e)
	if _, err := e.store.AddNode("kafka"); err != nil {
		t.Fatal(err)
	}
	e.store.AddNode("pulsar")
	if _, saved := p.db[keyDesign]; saved {
		t.Error("saved during the edits, not after them")
	}
	time.Sleep(saveDelay + 100*time.Millisecond)
	d.Consume()
	if !strings.Contains(p.db[keyDesign], `component: "kafka"`) || !strings.Contains(p.db[keyDesign], `component: "pulsar"`) {
		t.Errorf("not saved once the edits paused: %q", p.db[keyDesign])
	}
	p.failSave = errors.New("QuotaExceededError")
	e.store.AddNode("redpanda")
	e.session.autosave.flush() // as when the page is hidden
	d.Consume()
	if !strings.Contains(e.session.autosave.saveWarning, "Autosave failed (QuotaExceededError)") {
		t.Errorf("warning %q", e.session.autosave.saveWarning)
	}
	if !strings.Contains(app.HTMLString(e), "Autosave failed (QuotaExceededError)") {
		t.Error("the alerts do not show the failed save")
	}
	p.failSave = nil
	e.store.Undo()
	e.session.autosave.flush()
	d.Consume()
	if e.session.autosave.saveWarning != "" || strings.Contains(p.db[keyDesign], "redpanda") {
		t.Errorf("after a good save: warning %q, stored %q", e.session.autosave.saveWarning, p.db[keyDesign])
	}
}

// A saved design restores on start, from the database or, newer, from
// localStorage (an older editor's, or the copy kept as a page went), which
// then moves into the database; one that no longer loads is kept aside,
// never overwritten, and the user is told.
func TestRestore(t *testing.T) {
	kafka := "nodes:\n  - { id: \"k\", component: \"kafka\" }\n"
	p := &fakePlatform{stored: map[string]string{}, db: map[string]string{keyDesign: kafka}}
	e := NewEditor(p, mustEmbedded(t))
	d, _ := mount(t, e)
	d.Consume()
	if e.store.Node("k") == nil {
		t.Fatal("the saved design was not restored")
	}
	p = &fakePlatform{stored: map[string]string{keyDesign: kafka}, db: map[string]string{keyDesign: "nodes: []\n"}}
	e = NewEditor(p, mustEmbedded(t))
	d, _ = mount(t, e)
	d.Consume()
	if e.store.Node("k") == nil {
		t.Fatal("the design in localStorage was not restored")
	}
	if _, left := p.stored[keyDesign]; left || !strings.Contains(p.db[keyDesign], `id: "k"`) {
		t.Errorf("not moved into the database: localStorage %q, database %q", p.stored[keyDesign], p.db[keyDesign])
	}
	broken := "nodes:\n  - { id: \"k\", component: \"retired-product\" }\n"
	p = &fakePlatform{stored: map[string]string{}, db: map[string]string{keyDesign: broken}}
	e = NewEditor(p, mustEmbedded(t))
	d, _ = mount(t, e)
	d.Consume()
	if p.db[keyUnreadable] != broken || !strings.Contains(e.session.autosave.restoreWarning, "A copy is kept") {
		t.Errorf("unreadable design: kept %q, warning %q", p.db[keyUnreadable], e.session.autosave.restoreWarning)
	}
	if len(e.store.Design().Nodes) != 0 || e.store.CanUndo() {
		t.Error("the editor did not start empty")
	}
}

// A page going away keeps the design in localStorage too, at once, in case
// the database's write does not finish; a finished save removes it.
func TestExitCopy(t *testing.T) {
	p := &fakePlatform{stored: map[string]string{}}
	e := NewEditor(p, mustEmbedded(t))
	d, _ := mount(t, e)
	e.store.AddNode("kafka")
	p.failDB = errors.New("the page went first")
	e.session.autosave.flushOnExit()
	d.Consume()
	if !strings.Contains(p.stored[keyExitCopy], "kafka") {
		t.Fatalf("no copy kept on exit: %q", p.stored[keyExitCopy])
	}
	p.failDB = nil
	e.store.AddNode("pulsar")
	e.session.autosave.flush()
	d.Consume()
	if _, left := p.stored[keyExitCopy]; left || !strings.Contains(p.db[keyDesign], "pulsar") {
		t.Errorf("after a finished save: localStorage %q, database %q", p.stored[keyExitCopy], p.db[keyDesign])
	}
}

// A save on its way as the page goes writes an older design than the copy
// kept on exit: its end keeps the copy, which the next save removes.
func TestExitCopyOutlivesAnOlderSave(t *testing.T) {
	p := &fakePlatform{stored: map[string]string{}, async: true}
	e := NewEditor(p, mustEmbedded(t))
	d, _ := mount(t, e)
	p.finish() // the read of the saved design (none)
	d.Consume()
	e.store.AddNode("kafka")
	e.session.autosave.flush()
	e.store.AddNode("pulsar")
	e.session.autosave.flushOnExit()
	if !strings.Contains(p.stored[keyExitCopy], "pulsar") {
		t.Fatalf("no copy kept on exit: %q", p.stored[keyExitCopy])
	}
	p.finish() // the save of kafka alone
	d.Consume()
	if !strings.Contains(p.stored[keyExitCopy], "pulsar") {
		t.Fatal("the end of an older save removed the copy kept on exit")
	}
	if len(p.pending) != 1 {
		t.Fatalf("%d saves on their way, want the one of both nodes", len(p.pending))
	}
	p.finish()
	d.Consume()
	if _, left := p.stored[keyExitCopy]; left || !strings.Contains(p.db[keyDesign], "pulsar") {
		t.Errorf("after the newer save: localStorage %q, database %q", p.stored[keyExitCopy], p.db[keyDesign])
	}
}

// The browser's storage may answer after the editor that asked has gone (a
// visit to a catalogue page): the editor shown then takes the answer, and
// autosave waits for it, so the saved design is neither lost nor saved over.
func TestRestoreOutlivesTheEditor(t *testing.T) {
	kafka := "nodes:\n  - { id: \"k\", component: \"kafka\" }\n"
	p := &fakePlatform{stored: map[string]string{}, db: map[string]string{keyDesign: kafka}, async: true}
	a := NewEditor(p, mustEmbedded(t))
	da := app.NewClientTester(a)
	da.Consume()
	da.Close() // to a catalogue page, before the database answered
	b := &Editor{platform: p}
	b.resume(a)
	db, _ := mount(t, b)
	if !b.session.autosave.restoring {
		t.Fatal("the editor resumed forgot the design is still being read")
	}
	b.session.autosave.adding = "pulsar" // the catalogue page's Add to design, as OnNav keeps it
	b.store.Select("")
	b.session.autosave.flush()
	if len(p.pending) != 1 || p.db[keyDesign] != kafka {
		t.Fatalf("saved over the design still being read: %d waiting, %q", len(p.pending), p.db[keyDesign])
	}
	p.finish()
	db.Consume()
	if b.store.Node("k") == nil || b.store.Node("pulsar") == nil || b.session.autosave.restoring || b.session.autosave.theirs != "" {
		t.Fatalf("the design read after its editor went was not restored: restoring %v, theirs %q, %s", b.session.autosave.restoring, b.session.autosave.theirs, b.store.Export())
	}
}

// The storage estimate is shown when the browser's storage runs low.
func TestStorageWarning(t *testing.T) {
	p := &fakePlatform{stored: map[string]string{}, usage: 95e6, quota: 100e6}
	e := NewEditor(p, mustEmbedded(t))
	d, _ := mount(t, e)
	e.store.AddNode("kafka")
	e.session.autosave.flush()
	d.Consume()
	if !strings.Contains(e.session.autosave.storageWarning, "95.0 MB of 100.0 MB used") {
		t.Errorf("warning %q", e.session.autosave.storageWarning)
	}
	p.usage = 10e6
	e.store.AddNode("pulsar")
	e.session.autosave.flush()
	d.Consume()
	if e.session.autosave.storageWarning != "" {
		t.Errorf("warning %q with room to spare", e.session.autosave.storageWarning)
	}
}

// Autosave waits until no change has come for saveDelay: a change during
// the wait makes it wait again.
func TestAutosaveWaitsForAPause(t *testing.T) {
	t0 := time.Now()
	for _, tc := range []struct {
		last, now time.Duration // since t0
		want      time.Duration
	}{
		{0, saveDelay, 0},
		{0, 2 * saveDelay, 0},
		{200 * time.Millisecond, saveDelay, 200 * time.Millisecond},
		{saveDelay, saveDelay, saveDelay},
	} {
		if got := waitMore(t0.Add(tc.last), t0.Add(tc.now)); got != tc.want {
			t.Errorf("last change at %v, now %v: wait %v more, want %v", tc.last, tc.now, got, tc.want)
		}
	}
}

// A saved design that no longer loads and cannot be kept aside (storage is
// full) is never overwritten: autosave waits until the user exports it, and
// the warning says so. Before, the warning said it was kept and the next
// edit overwrote the only copy.
func TestUnreadableDesignIsNeverOverwritten(t *testing.T) {
	broken := "nodes:\n  - { id: \"k\", component: \"retired-product\" }\n"
	p := &fakePlatform{stored: map[string]string{}, db: map[string]string{keyDesign: broken}, failSave: errors.New("QuotaExceededError"), failKey: keyUnreadable}
	e := NewEditor(p, mustEmbedded(t))
	d, _ := mount(t, e)
	d.Consume()
	if !e.session.autosave.holding || !strings.Contains(e.session.autosave.restoreWarning, "autosave is off until you export or discard it") || strings.Contains(e.session.autosave.restoreWarning, "is kept") {
		t.Fatalf("holding %v, warning %q", e.session.autosave.holding, e.session.autosave.restoreWarning)
	}
	if _, err := e.store.AddNode("kafka"); err != nil {
		t.Fatal(err)
	}
	e.session.autosave.flushOnExit() // as when the page is hidden
	d.Consume()
	if p.db[keyDesign] != broken || p.stored[keyExitCopy] != "" {
		t.Fatalf("the only copy was overwritten: %q, %q", p.db[keyDesign], p.stored[keyExitCopy])
	}
	e.session.autosave.exportSaved()
	d.Consume()
	if len(p.downloads) != 1 || p.downloads[0] != "saved-design.yaml: "+broken {
		t.Errorf("downloads %q", p.downloads)
	}
	if e.session.autosave.holding || !strings.Contains(p.db[keyDesign], `component: "kafka"`) {
		t.Errorf("after the export autosave is still off: holding %v, stored %q", e.session.autosave.holding, p.db[keyDesign])
	}
}

// A kind's products show when its group opens, or when a search is on.
func TestPaletteGroups(t *testing.T) {
	p := &Palette{Store: newStore(t)}
	d := app.NewClientTester(p)
	defer d.Close()
	d.Consume()
	if html := app.HTMLString(p); strings.Contains(html, `aria-label="Apache Kafka"`) {
		t.Error("products drawn while every group is closed")
	}
	p.open = map[string]bool{"stream": true}
	p.Update()
	d.Consume()
	if html := app.HTMLString(p); !strings.Contains(html, `aria-label="Apache Kafka"`) || strings.Contains(html, `aria-label="AWS Lambda"`) {
		t.Error("the open group's products are not the ones drawn")
	}
	p.open, p.query = nil, "lambda"
	p.Update()
	d.Consume()
	if html := app.HTMLString(p); !strings.Contains(html, `aria-label="AWS Lambda"`) || strings.Contains(html, `aria-label="Apache Kafka"`) || !regexp.MustCompile(`>1 of \d+ components<`).MatchString(html) {
		t.Errorf("search results:\n%s", html)
	}
}

// When a new version is installed, the editor offers to reload.
func TestReloadToUpdate(t *testing.T) {
	e := NewEditor(nil, mustEmbedded(t))
	d, html := mount(t, e)
	if strings.Contains(html, "Reload to update") {
		t.Fatal("offered before an update")
	}
	d.AppUpdate()
	d.Consume()
	if !strings.Contains(app.HTMLString(e), ">Reload to update</button>") {
		t.Error("no reload offered after an update")
	}
}

// A design stored by another tab pauses autosave until the user chooses;
// neither tab's design is overwritten silently.
func TestOtherTab(t *testing.T) {
	p := &fakePlatform{stored: map[string]string{}}
	e := NewEditor(p, mustEmbedded(t))
	d, _ := mount(t, e)
	e.store.AddNode("kafka")
	e.session.autosave.flush()
	d.Consume()
	mine := p.db[keyDesign]
	if !strings.Contains(mine, "kafka") {
		t.Fatalf("not saved: %q", mine)
	}
	theirs := "nodes:\n  - { id: \"pulsar\", component: \"pulsar\" }\n"
	e.session.autosave.otherTabSaved(mine) // this tab's own save coming back: no conflict
	if e.session.autosave.theirs != "" {
		t.Fatal("own save taken for another tab's")
	}
	p.db[keyDesign] = theirs
	e.session.autosave.otherTabSaved(theirs)
	e.store.AddNode("redpanda")
	e.session.autosave.flush()
	d.Consume()
	if p.db[keyDesign] != theirs {
		t.Fatal("autosave overwrote the other tab's design")
	}
	e.session.autosave.useTheirs()
	if e.store.Node("pulsar") == nil || e.store.Node("kafka") != nil || e.session.autosave.theirs != "" {
		t.Errorf("after loading theirs: %s", e.store.Export())
	}
	e.store.Undo()
	if e.store.Node("redpanda") == nil {
		t.Error("loading the other tab's design is not undoable")
	}
	e.session.autosave.otherTabSaved(theirs + "# changed\n")
	e.session.autosave.keepMine()
	d.Consume()
	if p.db[keyDesign] != string(e.store.Export()) || e.session.autosave.theirs != "" {
		t.Error("keeping mine did not store it")
	}
}

func TestViewportTransform(t *testing.T) {
	for _, tc := range []struct {
		v    drawing.Viewport
		want string
	}{
		{drawing.Viewport{Scale: 1}, "translate(0.00 0.00) scale(1.0000)"},
		{drawing.Viewport{X: 12.345, Y: -7.5, Scale: 0.45}, "translate(12.35 -7.50) scale(0.4500)"},
		{drawing.Viewport{X: -1e6, Y: 3, Scale: 2.5}, "translate(-1000000.00 3.00) scale(2.5000)"},
	} {
		if got := tc.v.Transform(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.v, got, tc.want)
		}
	}
}

func TestTranslate(t *testing.T) {
	for _, tc := range []struct {
		x, y float64
		want string
	}{
		{260, 40, "translate(260 40)"},
		{-12.5, 0.125, "translate(-12.5 0.125)"},
		{1e21, 3, "translate(1e+21 3)"},
	} {
		if got, want := translate(tc.x, tc.y), fmt.Sprintf("translate(%g %g)", tc.x, tc.y); got != tc.want || got != want {
			t.Errorf("translate(%v, %v) = %q, want %q", tc.x, tc.y, got, tc.want)
		}
	}
}

// A new catalogue (an embedding host's configure) shows in the palette.
func TestPaletteFollowsTheCatalogue(t *testing.T) {
	e := NewEditor(nil, mustEmbedded(t))
	d, html := mount(t, e)
	n := len(mustEmbedded(t).Components)
	if !strings.Contains(html, fmt.Sprintf("%d of %d components", n, n)) {
		t.Fatalf("no count of %d components in the palette", n)
	}
	overlay := catalogue.Files{
		"components/acme-bus.yaml": "schemaVersion: \"1\"\ntype: component\nid: acme-bus\nkind: stream\nprovider: default\ndocs: https://acme.example/bus\n",
		"products/acme.yaml":       "schemaVersion: \"1\"\ntype: products\nproducts:\n  acme-bus: { name: Acme Bus, summary: The house bus. }\n",
	}
	cat, err := catalogue.LoadEmbedded(catalogue.Layer{Name: "host", FS: overlay})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.store.SetCatalogue(cat); err != nil {
		t.Fatal(err)
	}
	e.Update()
	d.Consume()
	if html := app.HTMLString(e); !strings.Contains(html, fmt.Sprintf("%d of %d components", n+1, n+1)) {
		t.Errorf("the palette does not count the new catalogue's %d components", n+1)
	}
}

// A panel shows a change whichever component raised it and however (go-app's
// Emit re-renders the raiser's ancestors only; a Dispatch, a listener or a
// timer, none): the editor redraws on the store's commits. A selection is
// the test, since a design change also schedules autosave's timer, which
// redraws the editor 300 ms later.
func TestPanelsRefreshWhateverRaisedTheChange(t *testing.T) {
	e := NewEditor(nil, mustEmbedded(t))
	if err := e.store.Import("d.yaml", []byte(threeNodes)); err != nil {
		t.Fatal(err)
	}
	e.store.Select("")
	d, html := mount(t, e)
	if strings.Contains(html, `id="node-name"`) {
		t.Fatal("the inspector shows a node before one was selected")
	}
	e.store.Select("c") // as a component's ctx.Dispatch, or a listener, would: no Emit
	d.Consume()
	if html = app.HTMLString(e); !strings.Contains(html, `id="node-name"`) || !strings.Contains(html, `data-node="c"`) {
		t.Error("the inspector did not show the node selected outside an event")
	}
	e.store.SetFailing("eu")
	d.Consume()
	if html = app.HTMLString(e); !strings.Contains(html, "cut off while") {
		t.Error("the Analysis panel did not say what the failing group cuts")
	}
}
