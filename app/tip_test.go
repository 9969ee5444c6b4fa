package app

import (
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/archdesigner/designer/examples"
)

// The first node's tip shows when the user adds the first node to an empty
// design, not when an example or template fills it, and never again once
// dismissed.
func TestFirstNodeTip(t *testing.T) {
	p := &fakePlatform{stored: map[string]string{}}
	s := newStore(t)
	tip := newFirstNodeTip(s, p)
	d := app.NewClientTester(tip)
	defer d.Close()
	d.Consume()

	ex := examples.Templates()[0]
	if err := s.Import(ex.File, ex.Data); err != nil {
		t.Fatal(err)
	}
	if tip.shown {
		t.Error("a template opened shows the tip")
	}
	s.Undo()
	if _, err := s.AddNode("aws-lambda"); err != nil {
		t.Fatal(err)
	}
	if !tip.shown {
		t.Fatal("the first node added shows no tip")
	}
	if _, err := s.AddNode("aws-sqs"); err != nil || !tip.shown {
		t.Errorf("a second node hid the tip (%v)", err)
	}
	s.Undo()
	s.Undo()
	if tip.shown {
		t.Error("the tip stays on an emptied design")
	}
	s.Redo()
	if !tip.shown {
		t.Error("the first node again shows no tip")
	}
	tip.dismiss()
	if tip.shown || p.stored[keyTipFirstNode] == "" {
		t.Fatalf("dismissed: shown %v, stored %q", tip.shown, p.stored[keyTipFirstNode])
	}
	s.Undo()
	if _, err := s.AddNode("aws-lambda"); err != nil || tip.shown {
		t.Errorf("the tip came back once dismissed (%v)", err)
	}

	// Without storage to keep its dismissal, it never shows.
	s = newStore(t)
	tip = newFirstNodeTip(s, nil)
	d2 := app.NewClientTester(tip)
	defer d2.Close()
	d2.Consume()
	if _, err := s.AddNode("aws-lambda"); err != nil || tip.shown {
		t.Errorf("shown with no storage (%v)", err)
	}
}
