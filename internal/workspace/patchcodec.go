package workspace

import (
	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/patch"
)

// PatchCodec is the Codec `designer serve` gives the workspace: a live
// change is catalogue/patch's Change, applied to the design's YAML all or nothing. Its message size is
// bounded before it gets here (the workspace's MessageBytes).
type PatchCodec struct{}

// Check decodes the change strictly and gives its id.
func (PatchCodec) Check(change []byte) (string, error) {
	c, err := patch.DecodeChange(change, patch.DefaultLimits())
	return c.ID, err
}

// Apply applies the change to the design's YAML, all or nothing.
func (PatchCodec) Apply(design, change []byte) ([]byte, error) {
	c, err := patch.DecodeChange(change, patch.DefaultLimits())
	if err != nil {
		return nil, err
	}
	d, errs := catalogue.ParseDesign("design.yaml", design)
	if len(errs) > 0 {
		return nil, errs
	}
	next, err := patch.Apply(d, c.Ops)
	if err != nil {
		return nil, err
	}
	return catalogue.EncodeDesignYAML(next), nil
}
