package app

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/app/state"
	"github.com/archdesigner/designer/app/state/statetest"
	"github.com/archdesigner/designer/catalogue/drawing"
	"github.com/archdesigner/designer/catalogue/library"
	"github.com/archdesigner/designer/catalogue/picture"
)

// untilRead consumes the editor's dispatches until no design is being read
// in steps.
func untilRead(t *testing.T, le *libraryEditor) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); le.session.loading != nil; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the reading never ended")
		}
		le.d.Consume()
	}
	le.d.Consume()
}

// A big import while the saved design is being restored in steps is
// refused: dropping the restore left autosave waiting for it for good (the
// saved design neither shown nor ever written again, with no word of it).
func TestImportWaitsForTheRestoreUnderWay(t *testing.T) {
	saved := string(statetest.Chain(7000, []string{"kafka", "service"}))
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{}})
	// As restore does once the storage answers; the steps' results reach
	// the editor only through its dispatches (Consume), so the import
	// below comes while the restore is under way.
	le.p.db[keyDesign] = saved
	le.session.autosave.restoring = true
	le.session.autosave.restored(saved, nil, false)
	if le.session.loading == nil {
		t.Fatal("the big saved design is not restored in steps")
	}
	le.session.library.importFile("other.yaml", statetest.Chain(7000, []string{"postgresql", "service"}))
	untilRead(t, le)
	if le.session.autosave.restoring {
		t.Fatal("autosave still waits for a restore that was dropped")
	}
	if d := le.store.Design(); len(d.Nodes) != 7000 || d.Nodes[0].Component != "kafka" {
		t.Fatalf("the saved design was not restored: %d nodes", len(d.Nodes))
	}
	if n := le.store.Notice(); !strings.Contains(n.Text, "other.yaml was not imported") {
		t.Errorf("the import was refused without a word: %q", n.Text)
	}
}

// A picture with badges drawn while an edit's analysis is pending marks
// the nodes with the analysis's findings too: it is a file that leaves the
// editor, of the design as it is.
func TestPictureSettlesThePendingAnalysis(t *testing.T) {
	s := state.NewStore(statetest.Catalogue(t))
	s.DeferAnalysis(func(func()) {}) // only a settle analyses
	if err := s.Import("big.yaml", statetest.Chain(5000, []string{"service"})); err != nil {
		t.Fatal(err)
	}
	s.Settle()
	opt := drawing.PictureOptions{Badges: true}
	before := pictureOf(s, nil, opt)
	if err := s.SetDesignObjective("99.9999"); err != nil {
		t.Fatal(err)
	}
	if !s.AnalysisPending() {
		t.Fatal("the objective's analysis is not pending")
	}
	got := pictureOf(s, nil, opt)
	s.Settle()
	if want := pictureOf(s, nil, opt); got != want || want == before {
		t.Fatalf("the picture drawn while the analysis was pending has other badges than the design's (changed by the objective: %v)", want != before)
	}
}

// startStoppedRestore restores saved in steps as restore does once the
// storage answers, and presses Stop before the first step.
func startStoppedRestore(t *testing.T, le *libraryEditor, saved string) {
	t.Helper()
	le.p.db[keyDesign] = saved
	le.session.autosave.restoring = true
	le.session.autosave.restored(saved, nil, false)
	if le.session.loading == nil {
		t.Fatal("the big saved design is not restored in steps")
	}
	le.session.stopLoading()
	untilRead(t, le)
	if le.session.autosave.stopped != saved {
		t.Fatal("the restore did not stop")
	}
}

// While its restore is stopped, the store shows what was there before the
// saved design is read: nothing of it is stored as the design, nor
// recorded as a version of it.
func TestStoppedRestoreStoresNothingOfAnother(t *testing.T) {
	saved := string(statetest.Chain(7000, []string{"kafka", "service"}))
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{}})
	history := le.p.db[library.HistoryKey(library.FirstID)]
	startStoppedRestore(t, le, saved)
	if _, err := le.store.AddNode("kafka"); err != nil {
		t.Fatal(err)
	}
	le.save()
	le.session.versions.saveVersion()
	le.session.versions.record(library.WhyExport, string(le.store.Export()), nil)
	le.d.Consume()
	if le.p.db[keyDesign] != saved {
		t.Fatal("autosave wrote over the saved design whose restore was stopped")
	}
	if got := le.p.db[library.HistoryKey(library.FirstID)]; got != history {
		t.Fatalf("a version of another design was recorded in the saved design's history:\n%s", got)
	}
}

// A restore stopped while another design opens in place (from Designs)
// does not leave the design before shown, read-only, under the new one's
// name: the editor shows an empty design, editable, as when the saved one
// does not load.
func TestStoppedRestoreInPlaceEndsTheOpening(t *testing.T) {
	saved := string(statetest.Chain(7000, []string{"kafka", "service"}))
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{}})
	if _, err := le.store.AddNode("kafka"); err != nil {
		t.Fatal(err)
	}
	// As reopen leaves it while the next design is read.
	le.store.SetReadOnly(true)
	le.session.opening = true
	startStoppedRestore(t, le, saved)
	if le.session.opening || le.store.ReadOnly() || len(le.store.Design().Nodes) != 0 {
		t.Fatalf("after Stop: opening %v, read-only %v, %d nodes of the design before shown", le.session.opening, le.store.ReadOnly(), len(le.store.Design().Nodes))
	}
}

// Restore it, pressed while a big import is under way, waits for it: it
// dropped the import without a word.
func TestRestoreItWaitsForTheImportUnderWay(t *testing.T) {
	saved := string(statetest.Chain(7000, []string{"kafka", "service"}))
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{}})
	startStoppedRestore(t, le, saved)
	le.session.library.importFile("other.yaml", statetest.Chain(7000, []string{"postgresql", "service"}))
	importing := le.session.loading
	if importing == nil {
		t.Fatal("the big import is not read in steps")
	}
	le.session.autosave.restoreStopped()
	if le.session.loading != importing {
		t.Fatal("Restore it dropped the import under way")
	}
	if le.session.autosave.stopped != saved {
		t.Fatal("Restore it, refused, forgot the saved design")
	}
	untilRead(t, le)
}

// The progress is heard as well as seen: the step is in a live region (a
// status), and the bar and Stop sit in a group named for what is read, so
// that Stop says what it stops; Stop pressed keeps the focus (a disabled
// button drops it to the page) and the bar says Stopping. (go-app writes
// aria-disabled="true" as a bare aria-disabled.)
func TestProgressIsAccessible(t *testing.T) {
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{}})
	l := &loading{what: "Importing orders.yaml", label: "Checking 40,000 nodes", step: 1, steps: 4}
	le.session.loading = l
	html := app.HTMLString(&Alerts{Session: le.session})
	// go-app writes attributes in no set order: the group's are looked for
	// in its tag.
	group := html[strings.LastIndex(html[:strings.Index(html, `id="loading"`)], "<"):]
	group = group[:strings.Index(group, ">")]
	for _, want := range []string{`role="group"`, `aria-label="Importing orders.yaml"`} {
		if !strings.Contains(group, want) {
			t.Errorf("the progress's group lacks %s: %s", want, group)
		}
	}
	for _, want := range []string{`role="status"`, `Checking 40,000 nodes… 2 of 4`} {
		if !strings.Contains(html, want) {
			t.Errorf("the progress lacks %s:\n%s", want, html)
		}
	}
	l.stop.Store(true)
	l.label = "Laying out 40,000 nodes" // the step under way when Stop was pressed ends
	html = app.HTMLString(&Alerts{Session: le.session})
	if strings.Contains(html, "<button disabled") || !strings.Contains(html, "<button aria-disabled>") || !strings.Contains(html, "Stopping… ") {
		t.Errorf("after Stop:\n%s", html)
	}
	le.session.loading = nil
}

// A picture of a small design is imported at once, however big the
// picture: the steps, and their progress, are for a big design (a 2x PNG
// of a few nodes is often past the size, and its bar only flashed).
func TestBigPictureOfASmallDesignIsImportedAtOnce(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 600, 600))
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(rnd.IntN(256)) // noise: it does not compress
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	data, err := picture.EmbedPNG(b.Bytes(), []byte("nodes:\n  - { id: \"q\", component: \"aws-sqs\" }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < stepBytes {
		t.Fatalf("the picture is %d bytes, under the size read in steps", len(data))
	}
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{}})
	le.session.library.importFile("small.png", data)
	if le.session.loading != nil {
		le.session.stopLoading()
		untilRead(t, le)
		t.Fatal("a picture of one node was read in steps, with a progress bar")
	}
	le.d.Consume()
	if d := le.store.Design(); len(d.Nodes) != 1 {
		t.Fatalf("the picture's design was not imported: %d nodes", len(d.Nodes))
	}
}

// Another tab's save of the design whose restore was stopped is the saved
// design now, which Restore it restores: not a conflict whose "Keep this
// tab's design" would store what this tab shows (not the design, whose
// restore was stopped) over it.
func TestStoppedRestoreTakesAnotherTabsSave(t *testing.T) {
	saved := string(statetest.Chain(7000, []string{"kafka", "service"}))
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{}})
	startStoppedRestore(t, le, saved)
	theirs := saved + "notes:\n  - {text: \"theirs\"}\n"
	le.p.db[keyDesign] = theirs
	le.session.autosave.otherTabSaved(theirs)
	if a := le.session.autosave; a.theirs != "" || a.stopped != theirs {
		t.Fatalf("another tab's save while the restore is stopped: a conflict %v, Restore it restores theirs %v", a.theirs != "", a.stopped == theirs)
	}
}

// An import while a restore is stopped is added as a design of its own:
// the empty design shown stands in for the saved one, and filled with the
// import it was stored nowhere (autosave holds) and lost on leaving.
func TestImportWhileARestoreIsStoppedIsADesignOfItsOwn(t *testing.T) {
	saved := string(statetest.Chain(7000, []string{"kafka", "service"}))
	le := newLibraryEditor(t, &fakePlatform{stored: map[string]string{}, db: map[string]string{}})
	startStoppedRestore(t, le, saved)
	le.session.library.importFile("payments.yaml", []byte("nodes:\n  - { id: \"q\", component: \"aws-sqs\" }\n"))
	le.d.Consume()
	if len(le.store.Design().Nodes) != 0 {
		t.Fatal("the import filled the design shown in place of the one whose restore was stopped")
	}
	if ix := le.index(t); len(ix.Designs) != 2 || len(le.went) != 1 {
		t.Fatalf("the import is not a design of its own: %d designs, went to %v", len(ix.Designs), le.went)
	}
}
