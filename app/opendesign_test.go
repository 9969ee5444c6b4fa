package app

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/library"
)

// followingEditor is a library editor whose goTo opens the address in
// place, as go-app's navigation and OnNav do in the browser.
func followingEditor(t *testing.T, p *fakePlatform) *libraryEditor {
	t.Helper()
	le := newLibraryEditor(t, p)
	le.session.navigate = func(u string) {
		le.went = append(le.went, u)
		parsed, err := url.Parse(u)
		if err != nil {
			t.Fatal(err)
		}
		le.session.follow(parsed)
	}
	return le
}

// Opening another design swaps it in place: what the one before changed is
// stored first, the next starts with no history, selection or views of the
// one before, its own history and autosave, and back again the first is as
// it was left.
func TestOpenAnotherDesignInPlace(t *testing.T) {
	other := "name: Other\nnodes:\n  - { id: \"q\", component: \"aws-sqs\" }\n"
	p := &fakePlatform{stored: map[string]string{}, db: map[string]string{library.DesignKey("other0001"): other}}
	le := followingEditor(t, p)
	if err := le.session.library.update(func(ix *library.Index) error { ix.Add("other0001", "Other", le.now); return nil }); err != nil {
		t.Fatal(err)
	}
	le.store.AddNode("kafka")
	le.store.SetCollapsed("none", true)
	le.store.SetProp("kafka", "replicationFactor", catalogue.IntValue(3))
	if !le.session.autosave.unsaved && !le.session.autosave.saving {
		le.save()
	}
	le.session.goTo(designAddress("other0001"))
	le.d.Consume()
	switch {
	case le.session.designID != "other0001" || le.store.Node("q") == nil || le.store.Node("kafka") != nil:
		t.Fatalf("opened %q:\n%s", le.session.designID, le.store.Export())
	case le.store.CanUndo() || le.store.Selection().Node != "" || le.store.ReadOnly():
		t.Error("the design opened is not as a page load starts it (undo, selection, read-only)")
	case !strings.Contains(p.db[library.DesignKey(library.FirstID)], "replicationFactor: 3"):
		t.Errorf("the first design's last edit was not stored before the other opened:\n%s", p.db[library.DesignKey(library.FirstID)])
	case !strings.Contains(le.store.Notice().Text, "Opened Other"):
		t.Errorf("status %q", le.store.Notice().Text)
	}
	// Edits of the design opened are its own.
	le.store.AddNode("redis")
	le.save()
	if !strings.Contains(p.db[library.DesignKey("other0001")], `id: "redis"`) || strings.Contains(p.db[library.DesignKey(library.FirstID)], "redis") {
		t.Fatal("the edit was stored under the wrong design")
	}
	// Back to the first, as Back would.
	first, _ := url.Parse(designAddress(library.FirstID))
	le.session.follow(first)
	le.d.Consume()
	if le.session.designID != library.FirstID || le.store.Node("kafka") == nil || le.store.Node("redis") != nil {
		t.Fatalf("back on %q:\n%s", le.session.designID, le.store.Export())
	}
}

// An address opened while the design waits for the user's choice (another
// tab's design) is refused with what to do, and the design stays.
func TestOpenWaitsForTheChoice(t *testing.T) {
	le := followingEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.save()
	le.session.autosave.otherTabSaved("nodes: []\n")
	le.session.goTo(designAddress("elsewhere1"))
	le.d.Consume()
	if le.session.designID != library.FirstID || len(le.went) != 0 || !strings.Contains(le.store.Notice().Text, "Choose which design to keep") {
		t.Errorf("opened %q (went %v), status %q", le.session.designID, le.went, le.store.Notice().Text)
	}
}

// A design whose stored text does not come back (none stored yet) opens
// empty, not showing the design before under its name.
func TestOpenANewDesignShowsItEmpty(t *testing.T) {
	le := followingEditor(t, &fakePlatform{stored: map[string]string{}})
	le.store.AddNode("kafka")
	le.save()
	le.session.library.newDesign()
	le.d.Consume()
	if le.session.designID == library.FirstID || len(le.store.Design().Nodes) != 0 || le.store.ReadOnly() || le.store.CanUndo() {
		t.Errorf("new design %q:\n%s", le.session.designID, le.store.Export())
	}
}

// While the next design is read, the store still shows the one before:
// an export then records no version of the next design with the other's
// content, and the import errors of the design before go with it.
func TestNothingOfTheDesignBeforeWhileTheNextIsRead(t *testing.T) {
	other := "name: Other\nnodes:\n  - { id: \"q\", component: \"aws-sqs\" }\n"
	p := &fakePlatform{stored: map[string]string{}, db: map[string]string{library.DesignKey("other0001"): other}}
	le := followingEditor(t, p)
	le.store.AddNode("kafka")
	le.save()
	le.session.importErrors = []string{"broken.yaml:1:1: not a design"}
	p.async = true
	le.session.goTo(designAddress("other0001"))
	le.d.Consume()
	if !le.session.opening || le.store.Node("kafka") == nil {
		t.Fatalf("the next design is not being read (opening %v):\n%s", le.session.opening, le.store.Export())
	}
	le.session.exportYAML() // the toolbar's Export YAML
	if len(le.session.importErrors) != 0 {
		t.Error("the design before's import errors stayed")
	}
	for len(p.pending) > 0 {
		p.finish()
		le.d.Consume()
	}
	if le.store.Node("q") == nil {
		t.Fatalf("the next design did not open:\n%s", le.store.Export())
	}
	if h, err := library.ParseHistory(p.db[library.HistoryKey("other0001")]); err == nil {
		for _, v := range h.Versions {
			if v.Why == library.WhyExport {
				t.Errorf("a version of the next design was recorded from the one before: %+v", v)
			}
		}
	}
}

// Back or Forward while the open design's save fails leaves the design
// open, with its changes, rather than open the other and lose them.
func TestFollowWaitsForAFailedSave(t *testing.T) {
	other := "nodes:\n  - { id: \"q\", component: \"aws-sqs\" }\n"
	p := &fakePlatform{stored: map[string]string{}, db: map[string]string{library.DesignKey("other0001"): other}}
	le := followingEditor(t, p)
	le.store.AddNode("kafka")
	p.failSave = errors.New("QuotaExceededError")
	le.session.follow(mustURL(t, designAddress("other0001")))
	le.d.Consume()
	if le.session.designID != library.FirstID || le.store.Node("kafka") == nil || le.session.autosave.saveWarning == "" {
		t.Errorf("opened %q after a failed save:\n%s", le.session.designID, le.store.Export())
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
