package schema

import (
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The component schema takes an SLA's `zones` as the loader does: an
// integer from 2 to 10, optional.
func TestComponentSchemaSLAZones(t *testing.T) {
	schema := compile(t, jsonschema.NewCompiler(), "component.schema.json")
	head := "schemaVersion: \"1\"\ntype: component\nid: vm\nkind: compute-instance\nprovider: aws\ndocs: \"https://example.org/vm\"\nsla:\n  - uptime: 99.99\n    docs: \"https://example.org/sla\"\n"
	cases := []struct {
		name, body string
		ok         bool
	}{
		{"no zones", "", true},
		{"two zones", "    zones: 2\n", true},
		{"ten zones", "    zones: 10\n", true},
		{"one zone", "    zones: 1\n", false},
		{"eleven zones", "    zones: 11\n", false},
		{"a fraction", "    zones: 2.5\n", false},
		{"a word", "    zones: two\n", false},
		{"a boolean", "    zones: true\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := schema.Validate(instance(t, []byte(head+tc.body)))
			if (err == nil) != tc.ok {
				t.Errorf("valid %v, want %v (%v)", err == nil, tc.ok, err)
			}
		})
	}
}
