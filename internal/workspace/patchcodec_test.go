package workspace

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/patch"
)

// The workspace's codec takes catalogue/patch's changes: it gives their id,
// applies them to a design's YAML, and refuses what does not decode or
// apply, leaving the design as it was.
func TestPatchCodec(t *testing.T) {
	before := []byte("nodes:\n  - id: api\n    component: kafka\n")
	after := []byte("nodes:\n  - id: api\n    component: kafka\n  - id: db\n    component: kafka\n")
	a, errs := catalogue.ParseDesign("a.yaml", before)
	b, errs2 := catalogue.ParseDesign("b.yaml", after)
	if len(errs)+len(errs2) > 0 {
		t.Fatal(errs, errs2)
	}
	change, _ := json.Marshal(patch.Change{ID: "c-1", Base: 3, Ops: patch.Diff(a, b)})
	id, err := PatchCodec{}.Check(change)
	if err != nil || id != "c-1" {
		t.Fatalf("Check: %q %v", id, err)
	}
	got, err := PatchCodec{}.Apply(before, change)
	if err != nil || !bytes.Equal(got, catalogue.EncodeDesignYAML(b)) {
		t.Fatalf("Apply: %v\n%s", err, got)
	}
	if _, err := (PatchCodec{}).Apply(got, change); err == nil {
		t.Error("adding db twice was taken")
	}
	if _, err := (PatchCodec{}).Check([]byte(`{"id":"c 1","base":0,"ops":[]}`)); err == nil {
		t.Error("a bad change id was taken")
	}
}
