package state

import (
	"testing"

	"github.com/archdesigner/designer/catalogue"
)

func TestParseInput(t *testing.T) {
	if v, err := ParseInput(catalogue.TypeInteger, " 12 "); err != nil || v.Int() != 12 {
		t.Errorf("integer: %v %v", v, err)
	}
	if _, err := ParseInput(catalogue.TypeInteger, "1.5"); err == nil {
		t.Error("1.5 accepted as an integer")
	}
	if v, _ := ParseInput(catalogue.TypeBoolean, "true"); !v.Bool() {
		t.Error("boolean")
	}
}
