package state

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/archdesigner/designer/catalogue"
)

// ParseInput turns what a user typed for a property of type t into a value.
func ParseInput(t catalogue.Type, text string) (catalogue.Value, error) {
	switch t {
	case catalogue.TypeInteger:
		i, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
		if err != nil {
			return catalogue.Value{}, fmt.Errorf("%q is not a whole number", text)
		}
		return catalogue.IntValue(i), nil
	case catalogue.TypeBoolean:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return catalogue.Value{}, fmt.Errorf("%q is not true or false", text)
		}
		return catalogue.BoolValue(b), nil
	}
	return catalogue.StringValue(text), nil
}
