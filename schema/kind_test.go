package schema

import (
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The kind schema takes `distributes` as the loader does: a docs link that
// is https, an optional note and settings (`when`), nothing else.
func TestKindSchemaDistributes(t *testing.T) {
	schema := compile(t, jsonschema.NewCompiler(), "kind.schema.json")
	head := "schemaVersion: \"1\"\ntype: kind\nid: lb\nname: LB\ncategory: networking\nproperties: {}\n"
	cases := []struct {
		name, body string
		ok         bool
	}{
		{"docs and note", "distributes: { docs: \"https://example.org/lb\", note: \"spreads requests\" }\n", true},
		{"docs only", "distributes: { docs: \"https://example.org/lb\" }\n", true},
		{"no docs", "distributes: { note: \"spreads requests\" }\n", false},
		{"docs not https", "distributes: { docs: \"example.org\" }\n", false},
		{"when", "distributes: { docs: \"https://example.org/lb\", when: { policy: [failover, weighted], healthChecks: true } }\n", true},
		{"when not a mapping", "distributes: { docs: \"https://example.org/lb\", when: always }\n", false},
		{"when with an empty list", "distributes: { docs: \"https://example.org/lb\", when: { policy: [] } }\n", false},
		{"unknown key", "distributes: { docs: \"https://example.org/lb\", weight: 1 }\n", false},
		{"not a mapping", "distributes: true\n", false},
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

// A property's aliases are what the loader takes: property names, listed
// once (issue 38: the words people use for a property lead to it).
func TestKindSchemaPropertyAliases(t *testing.T) {
	schema := compile(t, jsonschema.NewCompiler(), "kind.schema.json")
	head := "schemaVersion: \"1\"\ntype: kind\nid: st\nname: ST\ncategory: messaging\nproperties:\n  replicationFactor:\n    type: integer\n"
	for _, tc := range []struct {
		name, body string
		ok         bool
	}{
		{"aliases", "    aliases: [replicas, rf]\n", true},
		{"not a name", "    aliases: [\"replica count\"]\n", false},
		{"twice", "    aliases: [rf, rf]\n", false},
		{"not a list", "    aliases: rf\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := schema.Validate(instance(t, []byte(head+tc.body)))
			if (err == nil) != tc.ok {
				t.Errorf("valid %v, want %v (%v)", err == nil, tc.ok, err)
			}
		})
	}
}
