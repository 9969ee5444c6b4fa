package catalogue

import (
	"github.com/archdesigner/designer/catalogue/diag"
	"github.com/archdesigner/designer/catalogue/internal/yamlstrict"
	"gopkg.in/yaml.v3"
)

// decoder is the strict YAML decoder with the catalogue's own parsers (kinds,
// components, rules, designs) as methods.
type decoder struct{ yamlstrict.Decoder }

func newDecoder(file string, errs *ErrorList) *decoder {
	return &decoder{yamlstrict.Decoder{File: file, Errs: errs}}
}

// scalarValue decodes a property value as written: a string, an integer or a
// boolean, keeping the YAML type so that it can be checked against a schema.
func (d *decoder) scalarValue(n *yaml.Node, what string) (Value, bool) {
	if !d.IsKind(n, yaml.ScalarNode, what, "a string, an integer or a boolean") {
		return Value{}, false
	}
	switch n.Tag {
	case "!!str":
		return StringValue(n.Value), true
	case "!!int":
		i, ok := d.Int(n, what)
		return IntValue(i), ok
	case "!!bool":
		b, ok := d.Bool(n, what)
		return BoolValue(b), ok
	}
	d.Errorf(n, diag.CodeWrongType, "%s: expected a string, an integer or a boolean, found %s", what, yamlstrict.Describe(n))
	return Value{}, false
}
