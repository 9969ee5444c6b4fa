package importer

import (
	"bytes"
	"testing"

	"github.com/archdesigner/designer/catalogue"
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/picture"
)

// A picture's design past a design file's limit is too-large, not a picture
// without a design; one that carries none says so.
func TestDesignTextCodes(t *testing.T) {
	big, err := picture.EmbedSVG(`<svg xmlns="http://www.w3.org/2000/svg"/>`, bytes.Repeat([]byte("#"), catalogue.MaxDesignBytes+1))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		code diag.Code
	}{
		{"big.svg", []byte(big), diag.CodeTooLarge},
		{"plain.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), diag.CodePicture},
	} {
		_, err := DesignText(c.name, c.data)
		e, ok := err.(*catalogue.Error)
		if !ok || e.Code != c.code || e.Pos.File != c.name {
			t.Errorf("%s: %v, want a %s error at the file", c.name, err, c.code)
		}
	}
}
