package app

import (
	"regexp"
	"strings"
	"testing"
)

// An inspector row is named apart from its value editor, so that the control
// named after a property is the editor alone.
func TestInspectorRowNames(t *testing.T) {
	e := NewEditor(nil, mustEmbedded(t))
	if _, err := e.store.AddNode("kafka"); err != nil {
		t.Fatal(err)
	}
	_, html := mount(t, e)
	if !strings.Contains(html, `aria-label="Property acks"`) || !strings.Contains(html, `<label for="prop-acks">acks</label>`) {
		t.Errorf("no row named \"Property acks\" beside the editor labelled acks")
	}
	// The editor alone is named acks (explicitly: its label breaks the
	// name between words).
	if n := strings.Count(html, `aria-label="acks"`); n != 1 || !regexp.MustCompile(`<(select|input)[^>]*aria-label="acks"`).MatchString(html) {
		t.Errorf("%d elements named acks; want the editor alone", n)
	}
}
